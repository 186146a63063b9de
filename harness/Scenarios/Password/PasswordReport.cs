using CryptoHarness.Formatting;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting;

/// <summary>A password-hash algorithm's page (<c>password.md.sbn</c>): a table per parameter set.</summary>
/// <param name="Note">What the registry says about the algorithm; null where it says nothing.</param>
/// <param name="Unsupported">Implementations that cannot run the algorithm at all (those that cannot run one set are listed under it).</param>
/// <param name="LaneScaling">Each implementation's raw hash at a set with several lanes against the same work on one lane; empty when the run has no such pair.</param>
public sealed record PasswordPage(
    string Algorithm, string Family, string? Note, bool IsArgon2, RunView Run, IReadOnlyList<ParameterSetTable> Tables,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures, IReadOnlyList<NotMeasuredRow> Unsupported,
    IReadOnlyList<LaneScalingRow> LaneScaling);

/// <summary>
/// One implementation's raw hash at a set of p lanes ÷ at the set with the same memory, passes and tag on one lane, and
/// what that ratio would be if spreading the lanes over the run's cores were all that changed, 1 ÷ min(p, cores).
/// </summary>
public sealed record LaneScalingRow(string Label, string OneLaneSet, string ManyLaneSet, int Lanes, string OneLaneMedian, string ManyLaneMedian, string Ratio, string Ideal);

/// <summary>
/// One parameter set, headed by its exact parameters; fastest first within each operation, by the interleaved rounds
/// when the operation's rows were timed in the same rounds (<see cref="TableRatio"/>), else by median.
/// </summary>
/// <param name="Source">Where the set comes from; null for a set the run did not describe.</param>
/// <param name="HasThroughput">Whether the rows have GiB/s (Argon2 does, bcrypt does not).</param>
/// <param name="Chart">The set's bar chart (its file relative to the page); null where no raw hash was measured (and on the overview).</param>
/// <param name="RatioMethod">How the ratios were taken, for the line under the table; null when they are ratios of medians.</param>
public sealed record ParameterSetTable(
    string Name, string Description, string? Source, string Unit, bool HasThroughput, ReportModel.Chart? Chart,
    IReadOnlyList<PasswordRow> Rows, IReadOnlyList<CannotRunRow> CannotRun, string? RatioMethod);

/// <param name="GibPerS">Memory processed per second; empty for bcrypt.</param>
public sealed record PasswordRow(
    string Label, string Operation, string Mean, string Median, string Ci, string Allocated, string GibPerS, string Ratio, int N, string Cv);

/// <summary>An implementation that cannot run a set, the operations concerned and why.</summary>
public sealed record CannotRunRow(string Label, string Operations, string Reason);

/// <summary>The overview across password hashes (<c>password-hashing.md.sbn</c>).</summary>
public sealed record PasswordOverviewPage(
    RunView Run, IReadOnlyList<RunStamp> Runs, IReadOnlyList<ParameterSetTable> Tables, string Unit,
    IReadOnlyList<SimilarCostRow> SimilarCost, IReadOnlyList<ProviderVersion> Providers);

/// <summary>One of the runs an overview draws on.</summary>
public sealed record RunStamp(string Utc, string GitCommit, string Job);

/// <summary>The fastest provider of an algorithm at a set, with the memory each guess holds.</summary>
public sealed record SimilarCostRow(string Algorithm, string Set, string Parameters, string Label, string Median, string Memory);

/// <summary>
/// The password-hash pages: per algorithm, one table per parameter set (the set printed in full) with every operation of
/// every provider; and an overview with one table per set across Argon2's variants and bcrypt, plus Argon2 and bcrypt
/// side by side at similar time. Built from summaries alone, like every report model.
/// </summary>
public static class PasswordReport
{
    public static IReadOnlyList<(string Slug, PasswordPage Model)> Algorithms(RunSummary summary) =>
        ReportModel.PageAlgorithms(summary, summary.Results.Where(r => r.Scenario == PasswordSelection.ScenarioName))
            .Select(s => (s.Slug, Algorithm(summary, s.Slug, s.Algorithm, s.Family)))
            .ToArray();

    private static PasswordPage Algorithm(RunSummary summary, string slug, string algorithm, string family)
    {
        var results = summary.Results.Where(r => r.Slug == slug && r.Scenario == PasswordSelection.ScenarioName).ToArray();
        var cannotRun = summary.Unsupported.Where(f => f.Slug == slug && f.ParameterSet is not null).ToArray();
        var charts = Charts(summary, slug).ToDictionary(c => c.File, StringComparer.Ordinal);
        var tables = SetsOf(summary, results.Select(r => r.ParameterSet!).Concat(cannotRun.Select(f => f.ParameterSet!)))
            .Select(set => SetTable(set, results.Where(r => r.ParameterSet == set.Name), cannotRun.Where(f => f.ParameterSet == set.Name), byOperation: true,
                chart: charts.GetValueOrDefault(ChartFile(slug, set.Name))))
            .ToArray();
        var info = summary.Algorithms.FirstOrDefault(a => a.Slug == slug);
        return new PasswordPage(
            algorithm,
            family,
            ReportModel.Optional(info?.Note),
            results.Any(r => r.MemoryKib is not null) || family == AlgorithmFamily.Argon2.Name,
            ReportModel.MachineSpec(summary.Run),
            tables,
            ReportModel.Providers(summary, results.Select(r => r.Provider).Concat(summary.Failures.Concat(summary.Unsupported).Where(f => f.Slug == slug).Select(f => f.Provider))),
            ReportModel.Rows(summary.Failures.Where(f => f.Slug == slug)),
            ReportModel.Rows(summary.Unsupported.Where(f => f.Slug == slug && f.ParameterSet is null)),
            LaneScaling(summary.ParameterSets ?? [], results, summary.Run.LogicalCores));
    }

    /// <summary>
    /// For every pair of Argon2 sets the run measured that differ only in lanes, one of them a single lane, each
    /// implementation's raw-hash median at the several-lane set ÷ its median at the single-lane set. The memory and the
    /// passes are the same, so the work is the same; what the ratio shows is how much of it the implementation spreads
    /// over the cores (1 when it computes the lanes one after another, 1 ÷ min(p, cores) when that is all that changed;
    /// measured below it on the development machine, since two cores also bring two caches to a memory-bound hash).
    /// </summary>
    public static IReadOnlyList<LaneScalingRow> LaneScaling(IReadOnlyList<ParameterSetInfo> sets, IReadOnlyList<ResultRecord> results, int logicalCores)
    {
        var hashes = results.Where(r => r.Operation == PasswordOperationNames.HashTag && r.ParameterSet is not null).ToArray();
        var rows = new List<LaneScalingRow>();
        foreach (var many in sets.Where(s => s.Kind == "argon2" && s.Lanes > 1))
        {
            var one = sets.FirstOrDefault(s => s.Kind == "argon2" && s.Lanes == 1
                && s.MemoryKib == many.MemoryKib && s.Passes == many.Passes && s.TagBytes == many.TagBytes);
            if (one is null)
            {
                continue;
            }

            var pairs = hashes.Where(r => r.ParameterSet == many.Name)
                .Select(m => (Many: m, One: hashes.FirstOrDefault(o => o.ParameterSet == one.Name && o.Id == m.Id)))
                .Where(p => p.One is not null)
                .OrderBy(p => p.Many.MedianNs / p.One!.MedianNs)
                .ThenBy(p => p.Many.Id, StringComparer.Ordinal);
            foreach (var (m, o) in pairs)
            {
                var unit = Format.UnitFor(Math.Min(m.MedianNs, o!.MedianNs));
                rows.Add(new LaneScalingRow(
                    Format.ProviderLabel(m.Provider, m.Variant),
                    one.Name,
                    many.Name,
                    many.Lanes,
                    Format.TimeWithUnit(o.MedianNs, unit),
                    Format.TimeWithUnit(m.MedianNs, unit),
                    Format.Number(m.MedianNs / o.MedianNs, "N3"),
                    Format.Number(1.0 / Math.Min(many.Lanes, Math.Max(1, logicalCores)), "N3")));
            }
        }

        return rows;
    }

    /// <summary>
    /// The overview over every password-hash algorithm's latest results (one summary each): the raw hash at each set
    /// across algorithms and providers, and the fastest provider of each (algorithm, set), ordered by time, with the
    /// memory each guess costs an attacker.
    /// </summary>
    public static PasswordOverviewPage Overview(IReadOnlyList<RunSummary> summaries)
    {
        var results = summaries.SelectMany(s => s.Results).Where(r => r.Scenario == PasswordSelection.ScenarioName && r.Operation == PasswordOperationNames.HashTag).ToArray();
        var cannotRun = summaries.SelectMany(s => s.Unsupported).Where(f => f.ParameterSet is not null && f.Operations!.Contains(PasswordOperationNames.HashTag)).ToArray();
        var sets = summaries.SelectMany(s => s.ParameterSets ?? []).DistinctBy(s => s.Name).ToArray();
        var newest = summaries.MaxBy(s => s.Run.Utc)!;
        var bestPerCase = results.GroupBy(r => (r.Algorithm, r.ParameterSet))
            .Select(g => g.MinBy(r => r.MedianNs)!)
            .OrderBy(r => r.MedianNs)
            .ToArray();
        var unit = results.Length == 0 ? Format.UnitFor(1e6) : Format.UnitFor(results.Min(r => r.MedianNs));
        return new PasswordOverviewPage(
            ReportModel.MachineSpec(newest.Run),
            summaries.Select(s => s.Run).DistinctBy(r => (r.GitCommit, r.Utc)).OrderBy(r => r.Utc)
                .Select(r => new RunStamp(ReportModel.MachineSpec(r).Utc, r.GitCommit, r.Job)).ToArray(),
            sets.Where(s => results.Any(r => r.ParameterSet == s.Name))
                .Select(set => SetTable(set, results.Where(r => r.ParameterSet == set.Name), cannotRun.Where(f => f.ParameterSet == set.Name), byOperation: false, chart: null))
                .ToArray(),
            unit.Name,
            bestPerCase.Select(r => new SimilarCostRow(
                r.Algorithm,
                r.ParameterSet!,
                sets.FirstOrDefault(s => s.Name == r.ParameterSet)?.Description ?? r.ParameterSet!,
                Format.ProviderLabel(r.Provider, r.Variant),
                Format.Time(r.MedianNs, unit),
                r.MemoryKib is { } kib ? Format.Size(kib * 1024L) : "4 KiB (Blowfish state)")).ToArray(),
            ReportModel.Providers(summaries, results.Select(r => r.Provider)));
    }

    /// <summary>
    /// Per algorithm and parameter set measured on any machine, each machine's fastest raw hash (the operation every
    /// provider offers), as <see cref="TableRatio.Leader"/> ranks a table: by the interleaved rounds where its rows were
    /// timed together, quoting the leader's median over them and the providers they do not tell apart from it. A set
    /// is its name and its values as the summary that measured it describes them, so two machines' sets of one name but
    /// other values (an older harness, a hand-edited file) get a row each.
    /// </summary>
    public static IReadOnlyList<CrossMachineSectionRow> CrossMachineRows(IReadOnlyList<string> machineKeys, IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines)
    {
        var hashes = machineKeys.ToDictionary(k => k, k => machines[k]
            .SelectMany(summary => summary.Results
                .Where(r => r.Scenario == PasswordSelection.ScenarioName && r.Operation == PasswordOperationNames.HashTag && r.ParameterSet is not null)
                .Select(r => (Record: r, Description: (summary.ParameterSets ?? []).FirstOrDefault(s => s.Name == r.ParameterSet)?.Description ?? r.ParameterSet!)))
            .ToArray(), StringComparer.Ordinal);
        var order = machineKeys.SelectMany(k => machines[k]).SelectMany(s => s.ParameterSets ?? []).Select(s => s.Name).Distinct().ToList();
        return machineKeys.SelectMany(k => hashes[k])
            .Select(h => (h.Record.Algorithm, Set: h.Record.ParameterSet!, h.Description))
            .Distinct()
            .OrderBy(p => p.Algorithm, StringComparer.Ordinal)
            .ThenBy(p => order.IndexOf(p.Set) is var i && i >= 0 ? i : int.MaxValue)
            .ThenBy(p => p.Set, StringComparer.Ordinal)
            .ThenBy(p => p.Description, StringComparer.Ordinal)
            .Select(p => new CrossMachineSectionRow(
                [p.Algorithm, $"`{p.Set}`: {p.Description}"],
                machineKeys.Select(k => TableRatio.Leader(hashes[k].Where(h => h.Record.Algorithm == p.Algorithm && h.Record.ParameterSet == p.Set && h.Description == p.Description)
                        .Select(h => h.Record)) is { } leader
                    ? $"{Format.Duration(leader.ByRounds ? leader.Record.Rounds!.MedianNs : leader.Record.MedianNs)} (`{Format.ProviderLabel(leader.Record.Provider, leader.Record.Variant)}`{Format.TiedWith(leader, code: true)})"
                    : "n/a").ToArray()))
            .ToArray();
    }

    /// <summary>The sets named, in the order the run listed them; a name the run did not describe (an old file) is kept with its name only.</summary>
    private static IEnumerable<ParameterSetInfo> SetsOf(RunSummary summary, IEnumerable<string> names)
    {
        var wanted = names.ToHashSet(StringComparer.Ordinal);
        var described = (summary.ParameterSets ?? []).Where(s => wanted.Contains(s.Name)).ToArray();
        return described.Concat(wanted.Where(n => described.All(d => d.Name != n))
            .Select(n => new ParameterSetInfo { Name = n, Description = n, Source = "", Kind = "" }));
    }

    /// <summary>
    /// One chart per parameter set of an algorithm: the raw hash's median per implementation, fastest first, one colour
    /// per provider as on the one-shot charts. The raw hash is the operation every provider offers, so every bar of a
    /// chart did the same work.
    /// </summary>
    public static IReadOnlyList<ReportModel.Chart> Charts(RunSummary summary, string slug)
    {
        var results = summary.Results.Where(r => r.Slug == slug && r.Scenario == PasswordSelection.ScenarioName && r.Operation == PasswordOperationNames.HashTag).ToArray();
        var providerOrder = summary.Run.Packages.Keys.Concat(results.Select(r => r.Provider)).Distinct().Order(StringComparer.Ordinal).ToList();
        var charts = new List<ReportModel.Chart>();
        foreach (var set in SetsOf(summary, results.Select(r => r.ParameterSet!)))
        {
            var rows = results.Where(r => r.ParameterSet == set.Name).OrderBy(r => r.MedianNs).ThenBy(r => r.Id, StringComparer.Ordinal).ToArray();
            var unit = Format.UnitFor(rows.Min(r => r.MedianNs));
            var title = $"{rows[0].Algorithm}, {set.Description}: time per hash";
            var svg = SvgChart.HorizontalBars(title, $"Median time per raw hash ({unit.Name}); shorter is faster",
                rows.Select(r => new ChartBar(Format.ProviderLabel(r.Provider, r.Variant), r.MedianNs / unit.Nanoseconds, providerOrder.IndexOf(r.Provider))).ToArray(),
                value => $"{value.ToString("#,0.##", System.Globalization.CultureInfo.InvariantCulture)} {unit.Name}");
            charts.Add(new ReportModel.Chart(ChartFile(slug, set.Name), title, svg));
        }

        return charts;
    }

    /// <summary><c>charts/&lt;slug&gt;-&lt;set&gt;.svg</c>, the set's name reduced to letters, digits and dashes (custom sets are named <c>m=…,t=…,p=…</c>).</summary>
    private static string ChartFile(string slug, string set) =>
        $"charts/{slug}-{string.Concat(set.ToLowerInvariant().Select(c => char.IsAsciiLetterOrDigit(c) ? c : '-'))}.svg";

    /// <remarks>
    /// On an algorithm's page the rows of one operation are one table of the run's interleaved rounds, ranked and
    /// compared by them. The overview's rows span algorithms and runs, never timed together, so they compare by median.
    /// </remarks>
    private static ParameterSetTable SetTable(ParameterSetInfo set, IEnumerable<ResultRecord> records, IEnumerable<Failure> cannotRun, bool byOperation, ReportModel.Chart? chart)
    {
        var rows = records.ToArray();
        var unit = rows.Length == 0 ? Format.UnitFor(1e6) : Format.UnitFor(Math.Min(rows.Min(r => r.MedianNs), rows.Min(r => r.MeanNs)));
        var operationOrder = PasswordOperationNames.All.ToList();
        var operations = rows.GroupBy(r => r.Operation, StringComparer.Ordinal)
            .OrderBy(g => operationOrder.IndexOf(g.Key)).ThenBy(g => g.Key, StringComparer.Ordinal)
            .Select(g => byOperation ? TableRatio.FastestFirst(g) : g.OrderBy(r => r.MedianNs).ThenBy(r => r.Id, StringComparer.Ordinal).ToArray())
            .ToArray();
        var ordered = operations.SelectMany(o => o.Select(r => (Row: r, Ratio: byOperation ? TableRatio.Of(r, o[0]) : r.MedianNs / o[0].MedianNs)));
        return new ParameterSetTable(
            set.Name,
            set.Description,
            ReportModel.Optional(set.Source),
            unit.Name,
            rows.Any(r => r.GibPerS is not null),
            chart,
            ordered.Select(o => new PasswordRow(
                byOperation ? Format.ProviderLabel(o.Row.Provider, o.Row.Variant) : $"{o.Row.Algorithm} · {Format.ProviderLabel(o.Row.Provider, o.Row.Variant)}",
                o.Row.Operation,
                Format.Time(o.Row.MeanNs, unit),
                Format.Time(o.Row.MedianNs, unit),
                ReportModel.ConfidenceInterval(o.Row, unit),
                Format.Allocated(o.Row),
                o.Row.GibPerS is { } gib ? Format.Number(gib, "N2") : "",
                Format.Number(o.Ratio, "N2"),
                o.Row.N,
                ReportModel.Cv(o.Row) is { } cv ? Format.Number(cv * 100, "N1") + "%" + (cv > ReportModel.CvWarning ? " ⚠" : "") : "n/a")).ToArray(),
            cannotRun.OrderBy(f => f.Id, StringComparer.Ordinal).Select(f => new CannotRunRow(
                byOperation ? Format.ProviderLabel(f.Provider, f.Variant) : $"{f.Algorithm} · {Format.ProviderLabel(f.Provider, f.Variant)}",
                string.Join(", ", f.Operations ?? []),
                f.Reason)).ToArray(),
            byOperation ? RatioMethod(operations) : null);
    }

    /// <summary>
    /// The line under a set's table when some operation's rows were timed in the same rounds: over how many rounds, and
    /// that the other operations' ratios are of medians where there are any; null when every ratio is of medians.
    /// </summary>
    internal static string? RatioMethod(IReadOnlyList<IReadOnlyList<ResultRecord>> operations)
    {
        var compared = operations.Where(o => o.Count >= 2).ToArray();
        var rounds = compared.Where(o => TableRatio.Method(o) is not null).Select(o => o[0].Rounds!.NsPerCall.Count).ToArray();
        if (rounds.Length == 0)
        {
            return null;
        }

        var count = rounds.Min() == rounds.Max() ? $"{rounds.Min()}" : $"{rounds.Min()}–{rounds.Max()}";
        return rounds.Length == compared.Length
            ? $"Ratios are medians of per-round ratios over {count} interleaved rounds of each operation's rows."
            : $"Ratios are medians of per-round ratios over {count} interleaved rounds where an operation's rows were timed together, else ratios of medians.";
    }
}
