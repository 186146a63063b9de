using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;

namespace CryptoHarness.Results;

/// <summary>
/// What reports and comparisons rely on in a results file, checked once when it is loaded. A pull request's runs may
/// come from a fork, so nothing in a results file is trusted: every name that becomes part of a path (machine key,
/// slug, family, operation, parameter set) matches <see cref="PathName"/>; every other name matches
/// <see cref="Name"/>; free text holds no control or invisible formatting characters; nothing is null; times and samples
/// are positive and finite; sizes and allocations are not negative; no case appears twice. A violation is a
/// <see cref="UsageException"/> naming the file, the case and the field.
/// </summary>
public static partial class SummaryValidation
{
    /// <summary>
    /// The one pattern for names that become part of a file or folder name: ASCII letters and digits, then also
    /// <c>. _ , = + -</c>. No separator, no leading dot (so never <c>..</c>), at most 100 characters. Every name the
    /// registry makes fits (<c>sha512-224</c>, <c>SHA-2</c>, <c>xof-32</c>, <c>m=65536,t=4,p=1,len=32</c>,
    /// <c>amd-epyc-x86-64-v4-linux-net10</c>).
    /// </summary>
    /// <remarks>
    /// Names Windows reserves for devices (<c>CON</c>, <c>PRN</c>, <c>AUX</c>, <c>NUL</c>, <c>COM0</c>–<c>COM9</c>,
    /// <c>LPT0</c>–<c>LPT9</c>, in any case, alone or before a dot: <c>aux.md</c>) and names ending in a dot (Windows
    /// drops it) do not match either: a file so named breaks a Windows checkout of the repository.
    /// </remarks>
    [GeneratedRegex(@"^(?!(?i:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|\z))[A-Za-z0-9][A-Za-z0-9._,=+-]{0,99}(?<!\.)\z", RegexOptions.CultureInvariant)]
    public static partial Regex PathName();

    [GeneratedRegex(@"^[A-Za-z0-9][A-Za-z0-9._,=+-]{0,99}\z", RegexOptions.CultureInvariant)]
    private static partial Regex PathNameCharacters();

    /// <summary>Why <paramref name="value"/> is not a <see cref="PathName"/>, in the words every message uses; null if it is one.</summary>
    public static string? PathNameProblem(string? value) =>
        value is not null && PathName().IsMatch(value) ? null
        : value is not null && PathNameCharacters().IsMatch(value)
            ? $"{Quote(value)} is not a valid name: Windows reserves it for a device (CON, PRN, AUX, NUL, COM0–9, LPT0–9, also before a dot) or it ends in a dot; valid: another name"
            : $"{Quote(value)} is not a valid name; valid: 1 to 100 of the ASCII letters, digits and . _ , = + -, starting with a letter or digit";

    /// <summary>
    /// Other names (ids, algorithms, providers, variants, the runtime, the job): the same characters plus space,
    /// <c>/</c> and parentheses; none of them means anything to markdown or HTML.
    /// </summary>
    [GeneratedRegex(@"^[A-Za-z0-9 ._,=+/()-]{0,100}\z", RegexOptions.CultureInvariant)]
    public static partial Regex Name();

    /// <summary>Longest free text kept (a failure's reason, a note, a CPU name); longer is not from the harness.</summary>
    public const int MaxTextLength = 2000;

    /// <summary>The most interleaved rounds a record may hold: the most the harness's own settings allow.</summary>
    public const int MaxRounds = 10_000;

    // Counts a file may hold, each far above a real run (a full sweep: about 700 cases of at most 100 samples, tables of
    // a dozen rows, 4 to 10 sizes) and low enough that every command's work on the largest file allowed takes seconds:
    // a hostile file meets one clear line instead of minutes of work or an out-of-memory abort.

    /// <summary>The most records in each list of a file (results, failures, unsupported, algorithms, leaks).</summary>
    public const int MaxRecords = 20_000;

    /// <summary>The most samples one record may hold (BenchmarkDotNet stops at 100 iterations).</summary>
    public const int MaxSamples = 1_000;

    /// <summary>The most samples a file may hold in all.</summary>
    public const int MaxTotalSamples = 200_000;

    /// <summary>The most round times a file may hold in all.</summary>
    public const int MaxTotalRounds = 250_000;

    /// <summary>The most records that share one interleaved rounds table (one per implementation of an algorithm at a size).</summary>
    public const int MaxRowsPerTable = 32;

    /// <summary>
    /// The range of every time in a file, in nanoseconds: from a femtosecond to about 11.6 days. Within it every ratio,
    /// CV, throughput and chart coordinate computed from the file stays finite; outside it, 1e-300 and 1e300 make
    /// Infinity and NaN of them.
    /// </summary>
    public const double MinNs = 1e-6;

    /// <inheritdoc cref="MinNs"/>
    public const double MaxNs = 1e15;

    /// <summary>Why <paramref name="ns"/> cannot be a time, or null: positive, finite, within <see cref="MinNs"/>–<see cref="MaxNs"/>.</summary>
    public static string? TimeProblem(double ns) =>
        !(double.IsFinite(ns) && ns > 0) ? $"{ns.ToString("R", CultureInfo.InvariantCulture)} is not a positive finite number of nanoseconds"
        : ns is < MinNs or > MaxNs ? $"{ns.ToString("R", CultureInfo.InvariantCulture)} is outside the {MinNs:0e0} to {MaxNs:0e0} nanoseconds a time may be"
        : null;

    /// <summary>The most payload sizes (or parameter sets) one implementation's operation may be measured at.</summary>
    public const int MaxSizes = 64;

    /// <summary>Checks <paramref name="summary"/>, read from <paramref name="file"/>; throws on the first violation.</summary>
    /// <exception cref="UsageException">A field is missing, null, out of range or not a valid name; the message names file, case and field.</exception>
    public static void Check(RunSummary summary, string file)
    {
        var check = new Checker(file);
        check.Run(summary.Run);
        check.NotNull("results", "the list of results", summary.Results);
        check.NotNull("failures", "the list of failures", summary.Failures);
        check.NotNull("unsupported", "the list of unsupported implementations", summary.Unsupported);
        check.NotNull("algorithms", "the list of algorithms", summary.Algorithms);

        foreach (var (field, count) in new[]
        {
            ("results", summary.Results.Count), ("failures", summary.Failures.Count), ("unsupported", summary.Unsupported.Count),
            ("algorithms", summary.Algorithms.Count), ("leaks", summary.Leaks?.Count ?? 0), ("parameter_sets", summary.ParameterSets?.Count ?? 0),
        })
        {
            if (count > MaxRecords)
            {
                throw check.Error("top level", field, FormattableString.Invariant($"holds {count:N0} records; at most {MaxRecords:N0} are read (a full sweep has about 700)"));
            }
        }

        var cases = new Dictionary<string, int>(StringComparer.Ordinal);
        var tableRows = new Dictionary<string, int>(StringComparer.Ordinal);
        var sizes = new Dictionary<string, int>(StringComparer.Ordinal);
        long samples = 0;
        long rounds = 0;
        for (var i = 0; i < summary.Results.Count; i++)
        {
            var label = check.Result(summary.Results[i], i);
            if (!cases.TryAdd(label, i))
            {
                throw check.Error($"results[{i}]", "", $"duplicate case {Quote(label)} (also results[{cases[label]}]); each case is measured once a run");
            }

            var record = summary.Results[i]!;
            samples += record.SamplesNs.Count;
            if (samples > MaxTotalSamples)
            {
                throw check.Error($"case {Quote(label)}", "samples_ns", FormattableString.Invariant($"brings the file's samples above {MaxTotalSamples:N0}; a full sweep holds about 70,000"));
            }

            var implementation = $"{record.Id} · {record.Operation} · {record.Scenario}";
            if ((sizes[implementation] = sizes.GetValueOrDefault(implementation) + 1) > MaxSizes)
            {
                throw check.Error($"case {Quote(label)}", "size_bytes", FormattableString.Invariant($"{Quote(implementation)} is measured at more than {MaxSizes} sizes or parameter sets; a sweep has a handful"));
            }

            if (record.Rounds is { } table)
            {
                rounds += table.NsPerCall.Count;
                if (rounds > MaxTotalRounds)
                {
                    throw check.Error($"case {Quote(label)}", "rounds.ns_per_call", FormattableString.Invariant($"brings the file's round times above {MaxTotalRounds:N0}"));
                }

                if ((tableRows[table.Table] = tableRows.GetValueOrDefault(table.Table) + 1) > MaxRowsPerTable)
                {
                    throw check.Error($"case {Quote(label)}", "rounds.table", FormattableString.Invariant($"more than {MaxRowsPerTable} records share the table {Quote(table.Table)}; a table holds one row per implementation"));
                }
            }
        }

        for (var i = 0; i < summary.Failures.Count; i++)
        {
            check.Failure(summary.Failures[i], $"failures[{i}]");
        }

        for (var i = 0; i < summary.Unsupported.Count; i++)
        {
            check.Failure(summary.Unsupported[i], $"unsupported[{i}]");
        }

        for (var i = 0; i < summary.Algorithms.Count; i++)
        {
            check.Algorithm(summary.Algorithms[i], $"algorithms[{i}]");
        }

        if (summary.ParameterSets is { } sets)
        {
            for (var i = 0; i < sets.Count; i++)
            {
                check.ParameterSet(sets[i], $"parameter_sets[{i}]");
            }
        }

        // A leaks run's records check themselves (their verdict must follow from their statistics).
        if (LeakRecord.ProblemIn(summary.Leaks) is { } problem)
        {
            throw new UsageException($"{file}: {problem}.");
        }
    }

    /// <summary>
    /// A case as messages name it: <c>id · operation · scenario · what one operation processed</c>, the last being the
    /// payload in bytes, the batch, the password parameter set, or what a scenario's own fields say
    /// (<see cref="ScenarioFields.CaseDetail"/>).
    /// </summary>
    public static string CaseLabel(ResultRecord r) =>
        $"{r.Id} · {r.Operation} · {r.Scenario} · "
        + (r.Fields?.CaseDetail() ?? r.ParameterSet ?? (r.BatchSize is { } count && r.MessageBytes is { } length
            ? FormattableString.Invariant($"{count} × {length} B")
            : FormattableString.Invariant($"{r.SizeBytes} B")));

    /// <summary>A value as an error message quotes it: on one line, control and invisible characters as <c>\uXXXX</c>, at most 60 characters.</summary>
    public static string Quote(string? value)
    {
        if (value is null)
        {
            return "null";
        }

        var shown = new StringBuilder();
        foreach (var c in value.Length > 60 ? value[..60] : value)
        {
            var category = char.GetUnicodeCategory(c);
            shown.Append(category is UnicodeCategory.Control or UnicodeCategory.Format or UnicodeCategory.LineSeparator
                or UnicodeCategory.ParagraphSeparator or UnicodeCategory.Surrogate or UnicodeCategory.PrivateUse or UnicodeCategory.OtherNotAssigned
                ? $"\\u{(int)c:X4}"
                : c.ToString());
        }

        return $"'{shown}{(value.Length > 60 ? "…" : "")}'";
    }

    /// <summary>
    /// Why <paramref name="value"/> cannot be free text on a page or in a comment, or null: it must be present, at most
    /// <see cref="MaxTextLength"/> characters, and hold no broken character and nothing that renders as a line break or
    /// not at all (control and format characters, U+2028, U+2029, NEL, private use, unassigned). The one check of every
    /// record type's free text: runs, leaks and paired results.
    /// </summary>
    public static string? TextProblem(string? value)
    {
        if (value is null)
        {
            return "is null; expected text";
        }

        if (value.Length > MaxTextLength)
        {
            return FormattableString.Invariant($"is {value.Length:N0} characters long; at most {MaxTextLength:N0} are kept");
        }

        var rest = value.AsSpan();
        while (!rest.IsEmpty)
        {
            if (Rune.DecodeFromUtf16(rest, out var rune, out var consumed) != OperationStatus.Done)
            {
                return $"{Quote(value)} holds a broken character (an unpaired surrogate)";
            }

            if (Rune.GetUnicodeCategory(rune) is UnicodeCategory.Control or UnicodeCategory.Format
                or UnicodeCategory.LineSeparator or UnicodeCategory.ParagraphSeparator or UnicodeCategory.PrivateUse or UnicodeCategory.OtherNotAssigned)
            {
                return $"{Quote(value)} holds a control or invisible character (U+{rune.Value:X4}); valid: text on one line";
            }

            rest = rest[consumed..];
        }

        return null;
    }

    private sealed class Checker(string file)
    {
        public UsageException Error(string where, string field, string problem) =>
            new($"{file}: {where}{(field.Length == 0 ? "" : $", field '{field}'")}: {problem}.");

        public void NotNull(string field, string what, object? value)
        {
            if (value is null)
            {
                throw Error("top level", field, $"is null; expected {what} (an array, possibly empty)");
            }
        }

        public void Run(RunInfo? run)
        {
            const string Where = "run";
            if (run is null)
            {
                throw Error("top level", "run", "is null; expected the run's description (an object)");
            }

            PathNamed(Where, "machine_key", run.MachineKey);
            Text(Where, "cpu", run.Cpu);
            if (run.CpuIdentity is not null)
            {
                Text(Where, "cpu_identity", run.CpuIdentity);
            }

            AtLeast(Where, "logical_cores", run.LogicalCores, 1);
            Named(Where, "instruction_set_level", run.InstructionSetLevel);
            if (run.InstructionSets is null)
            {
                throw Error(Where, "instruction_sets", "is null; expected an object of instruction set names to true or false");
            }

            foreach (var name in run.InstructionSets.Keys)
            {
                Named(Where, "instruction_sets", name, nonEmpty: true);
            }

            if (run.IsaEmulatedOn is not null)
            {
                Named(Where, "isa_emulated_on", run.IsaEmulatedOn);
            }

            Text(Where, "os", run.Os);
            Named(Where, "runtime", run.Runtime, nonEmpty: true);
            Text(Where, "benchmarkdotnet", run.BenchmarkDotNet);
            if (run.Packages is null)
            {
                throw Error(Where, "packages", "is null; expected an object of provider keys to package versions");
            }

            foreach (var (provider, version) in run.Packages)
            {
                Named(Where, "packages", provider, nonEmpty: true);
                Text(Where, $"packages.{provider}", version);
            }

            foreach (var (provider, note) in run.CallingNotes ?? new Dictionary<string, string>())
            {
                Named(Where, "calling_notes", provider, nonEmpty: true);
                Text(Where, $"calling_notes.{provider}", note);
            }

            Named(Where, "git_commit", run.GitCommit, nonEmpty: true);
            if (run.LaunchId is not null)
            {
                Named(Where, "launch_id", run.LaunchId, nonEmpty: true);
            }

            Named(Where, "job", run.Job, nonEmpty: true);
            Text(Where, "job_description", run.JobDescription);
            PathNamed(Where, "scenario", run.Scenario);
            AtLeast(Where, "chunk_bytes", run.ChunkBytes, 0);
            if (run.CpuFrequencyHz is { } hz && !(double.IsFinite(hz) && hz > 0))
            {
                throw Error(Where, "cpu_frequency_hz", $"{Number(hz)} is not a positive finite number of hertz");
            }

            if (run.CpuFrequencySource is not null)
            {
                Text(Where, "cpu_frequency_source", run.CpuFrequencySource);
            }

            if (run.ProviderRoles is { } roles)
            {
                CheckProviderRoles(roles);
            }

            if (run.HighlightSizes is { } sizes)
            {
                CheckHighlightSizes(sizes);
            }
        }

        private void CheckProviderRoles(IReadOnlyDictionary<string, string> roles)
        {
            const string Where = "run";
            foreach (var (provider, role) in roles)
            {
                Named(Where, "provider_roles", provider, nonEmpty: true);
                if (role is null || !RecordedRoles.Names.ContainsKey(role))
                {
                    throw Error(Where, $"provider_roles.{provider}", $"{Quote(role)} is not a provider role; valid: {string.Join(", ", RecordedRoles.Names.Keys)}");
                }
            }
        }

        private void CheckHighlightSizes(HighlightSizes sizes)
        {
            const string Where = "run";
            foreach (var (field, bytes) in new[] { ("highlight_sizes.large_bytes", sizes.LargeBytes), ("highlight_sizes.small_bytes", sizes.SmallBytes) })
            {
                if (bytes is < 1 or > 1 << 30)
                {
                    throw Error(Where, field, $"{bytes} is out of range; expected a payload size from 1 to 1073741824 bytes (1 GiB)");
                }
            }

            if (sizes.SmallBytes > sizes.LargeBytes)
            {
                throw Error(Where, "highlight_sizes", $"small_bytes {sizes.SmallBytes} is above large_bytes {sizes.LargeBytes}; the latency-bound size is the smaller");
            }
        }

        /// <summary>Checks one record; returns its case label.</summary>
        public string Result(ResultRecord? r, int index)
        {
            var where = $"results[{index}]";
            if (r is null)
            {
                throw Error(where, "", "is null; expected a result record (an object)");
            }

            // The identity first, so the rest can name the case.
            Identity(r, where, combined: r.Members is not null);
            PathNamed(where, "operation", r.Operation);
            PathNamed(where, "scenario", r.Scenario);
            if (r.ParameterSet is not null)
            {
                PathNamed(where, "parameter_set", r.ParameterSet);
            }

            if (r.Fields is { } fields)
            {
                OwnFields(fields, r.Scenario, where);
            }

            var label = CaseLabel(r);
            where = $"case '{label}'";
            if (r.Members is not null)
            {
                foreach (var member in r.Members)
                {
                    Named(where, "members", member, nonEmpty: true);
                }
            }

            AtLeast(where, "size_bytes", r.SizeBytes, 0);
            if (r.BatchSize is { } batch)
            {
                AtLeast(where, "batch_size", batch, 1);
            }

            if (r.MessageBytes is { } message)
            {
                AtLeast(where, "message_bytes", message, 0);
            }

            Positive(where, "median_ns", r.MedianNs);
            Positive(where, "mean_ns", r.MeanNs);
            if (r.PerItemNs is { } perItem)
            {
                Positive(where, "per_item_ns", perItem);
            }

            NotNegative(where, "stddev_ns", r.StdDevNs);
            // A confidence interval's lower bound may fall below zero on noisy samples; it need only be a number.
            Finite(where, "ci_lower_ns", r.CiLowerNs);
            Finite(where, "ci_upper_ns", r.CiUpperNs);
            AtLeast(where, "n", r.N, 0);
            if (r.AllocatedBytes is < 0)
            {
                throw Error(where, "allocated_bytes", $"{r.AllocatedBytes} is negative; expected a byte count of 0 or more, or null when unknown");
            }

            if (r.AllocatedBytesAllThreads is < 0)
            {
                throw Error(where, "allocated_bytes_all_threads", $"{r.AllocatedBytesAllThreads} is negative; expected a byte count of 0 or more");
            }

            NotNegative(where, "mb_per_s", r.MbPerS);
            NotNegative(where, "gib_per_s", r.GibPerS);
            if (r.SamplesNs is null)
            {
                throw Error(where, "samples_ns", "is null; expected the per-iteration times (an array of numbers)");
            }

            if (r.SamplesNs.Count > MaxSamples)
            {
                throw Error(where, "samples_ns", FormattableString.Invariant($"holds {r.SamplesNs.Count:N0} samples; at most {MaxSamples:N0} are read (BenchmarkDotNet stops at 100)"));
            }

            for (var i = 0; i < r.SamplesNs.Count; i++)
            {
                if (TimeProblem(r.SamplesNs[i]) is { } problem)
                {
                    throw Error(where, $"samples_ns[{i}]", problem);
                }
            }

            if (r.Rounds is { } rounds)
            {
                Rounds(rounds, where);
            }

            foreach (var (field, value) in new[] { ("memory_kib", r.MemoryKib), ("passes", r.Passes), ("lanes", r.Lanes), ("tag_bytes", r.TagBytes), ("cost", r.Cost) })
            {
                if (value is { } v)
                {
                    AtLeast(where, field, v, 0);
                }
            }

            return label;
        }

        /// <summary>
        /// A scenario's own fields: its own record's, checked by its own rule, and what they add to the case's label
        /// one line of text, before the label names the case.
        /// </summary>
        private void OwnFields(ScenarioFields fields, string scenario, string where)
        {
            if (fields.Scenario() != scenario)
            {
                throw Error(where, "scenario_fields.scenario", $"{Quote(fields.Scenario())} fields on a record of scenario {Quote(scenario)}; a record carries its own scenario's fields only");
            }

            fields.Check(new ScenarioFieldCheck((field, problem) => Error(where, $"scenario_fields.{field}", problem)));
            if (fields.CaseDetail() is { } detail && (TextProblem(detail) ?? (detail.Length > 100 ? "is longer than 100 characters" : null)) is { } problem)
            {
                throw Error(where, "scenario_fields", $"what they say of the case {problem}");
            }
        }

        /// <summary>
        /// The interleaved rounds: a table token of 1–32 hex digits (it only pairs records, so nothing else is needed or
        /// allowed), at most <see cref="MaxRounds"/> positive finite times, and counts that are not negative.
        /// </summary>
        private void Rounds(InterleavedRecord rounds, string where)
        {
            if (rounds.Table is null || rounds.Table.Length is 0 or > 32 || !rounds.Table.All(char.IsAsciiHexDigitLower))
            {
                throw Error(where, "rounds.table", $"{Quote(rounds.Table)} is not a table token; expected 1–32 lower-case hex digits");
            }

            if (rounds.NsPerCall is null || rounds.NsPerCall.Count is < 1 or > MaxRounds)
            {
                throw Error(where, "rounds.ns_per_call", $"has {rounds.NsPerCall?.Count.ToString(CultureInfo.InvariantCulture) ?? "no"} rounds; expected 1–{MaxRounds}");
            }

            for (var i = 0; i < rounds.NsPerCall.Count; i++)
            {
                if (TimeProblem(rounds.NsPerCall[i]) is { } problem)
                {
                    throw Error(where, $"rounds.ns_per_call[{i}]", problem);
                }
            }

            AtLeast(where, "rounds.calls_per_round", rounds.CallsPerRound, 1);
            AtLeast(where, "rounds.allocated_bytes", rounds.AllocatedBytes, 0);
        }

        public void Failure(Failure? f, string where)
        {
            if (f is null)
            {
                throw Error(where, "", "is null; expected an implementation record (an object)");
            }

            Identity(f, where, combined: false);
            Text(where, "reason", f.Reason);
            if (f.ParameterSet is not null)
            {
                PathNamed(where, "parameter_set", f.ParameterSet);
            }

            if (f.Operations is not null)
            {
                foreach (var operation in f.Operations)
                {
                    PathNamed(where, "operations", operation);
                }
            }
        }

        public void Algorithm(AlgorithmInfo? a, string where)
        {
            if (a is null)
            {
                throw Error(where, "", "is null; expected an algorithm's description (an object)");
            }

            PathNamed(where, "slug", a.Slug);
            Named(where, "name", a.Name, nonEmpty: true);
            PathNamed(where, "family", a.Family);
            PathNamed(where, "kind", a.Kind);
            foreach (var (field, value) in new[]
            {
                ("output_bytes", a.OutputBytes), ("key_bytes", a.KeyBytes), ("nonce_bytes", a.NonceBytes), ("tag_bytes", a.TagBytes), ("associated_data_bytes", a.AssociatedDataBytes),
            })
            {
                AtLeast(where, field, value, 0);
            }

            Text(where, "note", a.Note);
            if (a.HardwareNote is not null)
            {
                Text(where, "hardware_note", a.HardwareNote);
            }
        }

        public void ParameterSet(ParameterSetInfo? set, string where)
        {
            if (set is null)
            {
                throw Error(where, "", "is null; expected a parameter set (an object)");
            }

            PathNamed(where, "name", set.Name);
            Text(where, "description", set.Description);
            Text(where, "source", set.Source);
            PathNamed(where, "kind", set.Kind);
            foreach (var (field, value) in new[] { ("memory_kib", set.MemoryKib), ("passes", set.Passes), ("lanes", set.Lanes), ("tag_bytes", set.TagBytes), ("cost", set.Cost) })
            {
                AtLeast(where, field, value, 0);
            }
        }

        /// <summary>
        /// Which implementation a record is about. A record that measured several implementations at once (the
        /// streaming scenario's single pass) has no family or provider of its own.
        /// </summary>
        private void Identity(ImplementationRecord r, string where, bool combined)
        {
            Named(where, "id", r.Id, nonEmpty: true);
            if (combined)
            {
                Named(where, "family", r.Family);
                Named(where, "provider", r.Provider);
            }
            else
            {
                PathNamed(where, "family", r.Family);
                Named(where, "provider", r.Provider, nonEmpty: true);
            }

            Named(where, "algorithm", r.Algorithm, nonEmpty: true);
            PathNamed(where, "slug", r.Slug);
            Named(where, "variant", r.Variant);
        }

        private void PathNamed(string where, string field, string? value)
        {
            if (PathNameProblem(value) is { } problem)
            {
                throw Error(where, field, problem);
            }
        }

        private void Named(string where, string field, string? value, bool nonEmpty = false)
        {
            if (value is null || (nonEmpty && value.Length == 0) || !Name().IsMatch(value))
            {
                throw Error(where, field, $"{Quote(value)} is not a valid name; valid: {(nonEmpty ? "1" : "0")} to 100 of the ASCII letters, digits, space and . _ , = + / ( ) -");
            }
        }

        private void Text(string where, string field, string? value)
        {
            if (TextProblem(value) is { } problem)
            {
                throw Error(where, field, problem);
            }
        }

        private void AtLeast(string where, string field, long value, long minimum)
        {
            if (value < minimum)
            {
                throw Error(where, field, $"{value} is {(minimum == 0 ? "negative" : "out of range")}; expected a whole number of {minimum} or more");
            }
        }

        private void Positive(string where, string field, double value)
        {
            if (TimeProblem(value) is { } problem)
            {
                throw Error(where, field, problem);
            }
        }

        private void NotNegative(string where, string field, double? value)
        {
            if (value is { } v && !(double.IsFinite(v) && v >= 0))
            {
                throw Error(where, field, $"{Number(v)} is not a finite number of 0 or more");
            }

            if (value is > MaxNs)
            {
                throw Error(where, field, $"{Number(value.Value)} is more than the {MaxNs:0e0} a value may be");
            }
        }

        private void Finite(string where, string field, double? value)
        {
            if (value is { } v && !double.IsFinite(v))
            {
                throw Error(where, field, $"{Number(v)} is not a finite number");
            }

            if (value is < -MaxNs or > MaxNs)
            {
                throw Error(where, field, $"{Number(value.Value)} is outside the ±{MaxNs:0e0} a value may be");
            }
        }

        private static string Number(double value) => value.ToString("R", CultureInfo.InvariantCulture);
    }
}
