using System.Text.Json;
using System.Text.Json.Serialization;

namespace CryptoHarness.Results;

/// <summary>
/// What <c>harness paired</c> measured (<c>paired.json</c>): for every case it could pair, the base's and the head's time
/// per call in each interleaved round (round i of both ran in the same round); for every case it could not, why. The
/// decision is made from this file, so the pull-request comment can be made again from it by a harness that did not
/// measure (the comment workflow's, from the default branch).
/// </summary>
public sealed record PairedResults
{
    public required string MachineKey { get; init; }

    public required string Runtime { get; init; }

    public required DateTimeOffset Utc { get; init; }

    public required string BaseCommit { get; init; }

    public required string HeadCommit { get; init; }

    /// <summary>
    /// Measured rounds per one-shot case and one side's share of a round, as the timing loop was set. A password-hash
    /// case takes as many rounds as fit in a one-shot case's time (at least 3): its own count is its number of times.
    /// </summary>
    public required int Rounds { get; init; }

    public required double BatchMs { get; init; }

    /// <summary>The password-hash parameter sets of the cases, in full, as <c>summary.json</c> records them; null when none.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<ParameterSetInfo>? ParameterSets { get; init; }

    /// <summary>Notes on how either build was made that the reader must know (a test-only slowdown build).</summary>
    public required IReadOnlyList<string> Notes { get; init; }

    public required IReadOnlyList<PairedCaseRecord> Cases { get; init; }

    public required IReadOnlyList<NotPairedRecord> NotPaired { get; init; }
}

/// <summary>
/// One case timed in interleaved rounds: nanoseconds per call per round, base and head, and allocation per call. Each
/// build may be loaded several times (copies, each in its own load context, so each has its own JIT'd code placed
/// elsewhere in memory); then <see cref="BaseNs"/> and <see cref="HeadNs"/> are, per round, the geometric mean over that
/// side's copies, and <see cref="BaseCopiesNs"/> and <see cref="HeadCopiesNs"/> hold every copy's rounds. Files written
/// before copies existed have neither list, and are decided on the rounds alone. A password-hash case names its
/// <see cref="ParameterSet"/> and has no payload (size 0), as the password scenario's records do.
/// </summary>
public sealed record PairedCaseRecord
{
    public required string Id { get; init; }

    public required string Family { get; init; }

    public required string Operation { get; init; }

    public required int SizeBytes { get; init; }

    /// <summary>A password-hash case's parameter set (one of <see cref="PairedResults.ParameterSets"/>); null for a one-shot case.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ParameterSet { get; init; }

    public required IReadOnlyList<double> BaseNs { get; init; }

    public required IReadOnlyList<double> HeadNs { get; init; }

    /// <summary>Every base copy's time per call per round (copy, then round), or null for one copy.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<IReadOnlyList<double>>? BaseCopiesNs { get; init; }

    /// <summary>Every head copy's time per call per round, as <see cref="BaseCopiesNs"/>.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<IReadOnlyList<double>>? HeadCopiesNs { get; init; }

    public required long BaseAllocatedBytes { get; init; }

    public required long HeadAllocatedBytes { get; init; }
}

/// <summary>
/// An entry, or one of its cases, that was not paired and why; <see cref="Operation"/> and <see cref="SizeBytes"/> (or
/// <see cref="ParameterSet"/>, for a password-hash case) are null when the whole entry was left out.
/// </summary>
public sealed record NotPairedRecord
{
    public required string Id { get; init; }

    public required string Family { get; init; }

    public string? Operation { get; init; }

    public int? SizeBytes { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ParameterSet { get; init; }

    public required string Reason { get; init; }
}

/// <summary>Reads and writes <c>paired.json</c>; a file read back is untrusted input, checked as <see cref="SummaryValidation"/> checks summaries.</summary>
public static class PairedResultsFile
{
    public const string FileName = "paired.json";

    public static void Write(PairedResults results, string path) =>
        AtomicFile.WriteAllText(path, JsonSerializer.Serialize(results, SummaryFile.Options) + "\n");

    /// <exception cref="UsageException">Missing, too large, not JSON, or a value out of range; the message names the file and the field.</exception>
    public static PairedResults Load(string path)
    {
        if (!File.Exists(path) && new FileInfo(path).LinkTarget is null)
        {
            throw new UsageException($"--from {SummaryValidation.Quote(path)}: no such file; valid: a {FileName} written by 'harness paired --save'.");
        }

        var text = InputFile.ReadAllText(path, root: null, SummaryFile.MaxBytes);
        PairedResults? results;
        try
        {
            results = JsonSerializer.Deserialize<PairedResults>(text, SummaryFile.Options);
        }
        catch (JsonException e)
        {
            throw new UsageException($"{path}: not a {FileName} ({JsonErrors.Describe(e)}).");
        }

        if (results is null)
        {
            throw new UsageException($"{path}: not a {FileName} (null).");
        }

        Check(results, path);
        return results;
    }

    /// <summary>Every name a valid name, every time positive and finite, both sides the same number of rounds, no case twice.</summary>
    public static void Check(PairedResults results, string file)
    {
        void Fail(string where, string what) => throw new UsageException($"{file}: {where}: {what}.");
        void Name(string where, string field, string? value, bool pathName = false)
        {
            if (value is null || !(pathName ? SummaryValidation.PathName() : SummaryValidation.Name()).IsMatch(value))
            {
                Fail(where, $"{field} {SummaryValidation.Quote(value)} is not a valid name");
            }
        }

        void Text(string where, string field, string? value)
        {
            if (SummaryValidation.TextProblem(value) is { } problem)
            {
                Fail(where, $"{field} {problem}");
            }
        }

        Name("run", "machine_key", results.MachineKey, pathName: true);
        Name("run", "runtime", results.Runtime);
        Name("run", "base_commit", results.BaseCommit);
        Name("run", "head_commit", results.HeadCommit);
        if (results.Rounds is < 3 or > 10_000 || !(results.BatchMs > 0 && results.BatchMs <= 10_000))
        {
            Fail("run", "rounds must be 3–10000 and batch_ms above 0");
        }

        if (results.Notes is null || results.Cases is null || results.NotPaired is null)
        {
            Fail("run", "notes, cases and not_paired must be lists");
        }

        if (results.Notes!.Count > MaxEntries || results.Cases!.Count > MaxEntries || results.NotPaired!.Count > MaxEntries)
        {
            Fail("run", $"more than {MaxEntries} notes, cases or unpaired entries; a real run has a few hundred");
        }

        var sets = new HashSet<string>(StringComparer.Ordinal);
        if (results.ParameterSets is { } parameterSets)
        {
            if (parameterSets.Count > SummaryValidation.MaxSizes)
            {
                Fail("run", $"more than {SummaryValidation.MaxSizes} parameter sets; a real run has a few");
            }

            foreach (var set in parameterSets)
            {
                if (set is null)
                {
                    Fail("parameter_sets", "a parameter set is null");
                }

                var where = $"parameter set {SummaryValidation.Quote(set!.Name)}";
                Name(where, "name", set.Name, pathName: true);
                Name(where, "kind", set.Kind, pathName: true);
                Text(where, "description", set.Description);
                Text(where, "source", set.Source);
                if (new[] { set.MemoryKib, set.Passes, set.Lanes, set.TagBytes, set.Cost }.Any(v => v < 0))
                {
                    Fail(where, "memory_kib, passes, lanes, tag_bytes and cost must not be negative");
                }

                if (!sets.Add(set.Name))
                {
                    Fail(where, "the parameter set appears twice");
                }
            }
        }

        long rounds = 0;
        foreach (var note in results.Notes!)
        {
            Text("run", "a note", note);
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var c in results.Cases!)
        {
            if (c is null)
            {
                Fail("cases", "a case is null");
            }

            var where = $"case {SummaryValidation.Quote(c!.Id)} {SummaryValidation.Quote(c.Operation)} "
                + (c.ParameterSet is null ? $"{c.SizeBytes} B" : SummaryValidation.Quote(c.ParameterSet));
            Name(where, "id", c.Id);
            Name(where, "family", c.Family, pathName: true);
            Name(where, "operation", c.Operation, pathName: true);
            if (c.ParameterSet is not null)
            {
                Name(where, "parameter_set", c.ParameterSet, pathName: true);
                if (!sets.Contains(c.ParameterSet))
                {
                    Fail(where, "parameter_set is not one of parameter_sets");
                }
            }
            if (c.SizeBytes < 0 || c.BaseAllocatedBytes < 0 || c.HeadAllocatedBytes < 0)
            {
                Fail(where, "size and allocations must not be negative");
            }

            if (c.BaseNs is null || c.HeadNs is null || c.BaseNs.Count != c.HeadNs.Count || c.BaseNs.Count < 3 || c.BaseNs.Count > 10_000)
            {
                Fail(where, "base_ns and head_ns must hold the same number of rounds, 3 to 10000");
            }

            // Within the range every summary's times keep, so no ratio of them overflows to Infinity (1e600 read "same").
            if (c.BaseNs!.Concat(c.HeadNs!).Select(SummaryValidation.TimeProblem).FirstOrDefault(p => p is not null) is { } time)
            {
                Fail(where, $"a time {time}");
            }

            rounds += c.BaseNs!.Count * (2L + (c.BaseCopiesNs?.Count ?? 0) + (c.HeadCopiesNs?.Count ?? 0));
            if (rounds > MaxTimes)
            {
                Fail(where, FormattableString.Invariant($"the file holds more than {MaxTimes:N0} times in all; a real run holds far fewer"));
            }

            if (CopiesProblem(c) is { } problem)
            {
                Fail(where, problem);
            }

            if (!seen.Add($"{c.Id} {c.Operation} {c.SizeBytes} {c.ParameterSet}"))
            {
                Fail(where, "the case appears twice");
            }
        }

        foreach (var n in results.NotPaired!)
        {
            if (n is null)
            {
                Fail("not_paired", "an entry is null");
            }

            var where = $"not paired {SummaryValidation.Quote(n!.Id)}";
            Name(where, "id", n.Id);
            Name(where, "family", n.Family, pathName: true);
            if (n.Operation is not null)
            {
                Name(where, "operation", n.Operation, pathName: true);
            }

            if (n.SizeBytes is < 0)
            {
                Fail(where, "size must not be negative");
            }

            if (n.ParameterSet is not null)
            {
                Name(where, "parameter_set", n.ParameterSet, pathName: true);
            }

            Text(where, "reason", n.Reason);
        }
    }

    /// <summary>The most cases, unpaired entries or notes a file may hold: a real run holds a few hundred.</summary>
    public const int MaxEntries = 10_000;

    /// <summary>The most round times a file may hold in all (cases, both sides, copies): bounds every command's work on it.</summary>
    public const long MaxTimes = 4_000_000;

    /// <summary>The most copies a side may have; the command refuses more, so a file with more did not come from it.</summary>
    public const int MaxCopies = 16;

    /// <summary>
    /// What is wrong with a case's copies, or null: both lists or neither, 2 to <see cref="MaxCopies"/> copies a side,
    /// the same number each side, every copy as many rounds as the case, every time positive and finite, and the
    /// case's per-round times the geometric mean of its copies' (else a hostile file could decide on one and show the other).
    /// </summary>
    public static string? CopiesProblem(PairedCaseRecord c)
    {
        if (c.BaseCopiesNs is null && c.HeadCopiesNs is null)
        {
            return null;
        }

        if (c.BaseCopiesNs is null || c.HeadCopiesNs is null || c.BaseCopiesNs.Count != c.HeadCopiesNs.Count
            || c.BaseCopiesNs.Count is < 2 or > MaxCopies)
        {
            return $"base_copies_ns and head_copies_ns must both be present with the same number of copies, 2 to {MaxCopies}";
        }

        foreach (var (copies, mean) in new[] { (c.BaseCopiesNs, c.BaseNs), (c.HeadCopiesNs, c.HeadNs) })
        {
            if (copies.Any(copy => copy is null || copy.Count != mean.Count || copy.Any(ns => SummaryValidation.TimeProblem(ns) is not null)))
            {
                return "every copy must hold the case's number of rounds of positive finite times";
            }

            var perRound = Statistics.PairedCopies.PerRoundGeometricMean(copies);
            if (perRound.Where((ns, round) => Math.Abs(ns - mean[round]) > 1e-6 * mean[round]).Any())
            {
                return "base_ns and head_ns must be the per-round geometric means of their copies";
            }
        }

        return null;
    }
}
