using CryptoHarness.Formatting;
using CryptoHarness.Selecting.Scenarios;
using CryptoHarness.Statistics;

namespace CryptoHarness.Reporting;

/// <summary>The family index (<c>index.md.sbn</c>).</summary>
/// <param name="MachineSpec">The machine spec's path relative to the index, with forward slashes.</param>
public sealed record IndexPage(string MachineSpec, IReadOnlyList<IndexFamily> Families);

/// <summary>One family: the runs its results come from and a row per algorithm.</summary>
/// <param name="Large">The size the leaders are named at, as a label: the large highlight size the family's run recorded.</param>
public sealed record IndexFamily(string Family, FamilyRun Runs, string Large, IReadOnlyList<IndexAlgorithm> Algorithms);

/// <param name="Note">Why the algorithm is measured, where the registry says; null otherwise.</param>
/// <param name="Leader">The fastest implementation at the family's large highlight size and its MB/s (<see cref="TableRatio.Leader"/>), or "n/a".</param>
public sealed record IndexAlgorithm(string Name, string Slug, string? Note, string Providers, string Leader);

/// <summary>The highlights (<c>highlights.md.sbn</c>): a leader per family, the runs behind them, the leaders' cost models.</summary>
/// <param name="Large">The payload size the leader is chosen at, as a label.</param>
/// <param name="Small">The size a latency-bound leader is named at, as a label.</param>
/// <param name="Rounds">How the ratios were taken when the runs had interleaved rounds, with the check of those rounds against BenchmarkDotNet; null otherwise.</param>
public sealed record HighlightsPage(
    IReadOnlyList<HighlightRow> Rows, IReadOnlyList<FamilyRun> Runs, IReadOnlyList<FamilyOverview.LeaderCost> Costs, string Large, string Small,
    RoundsCheck? Rounds);

/// <summary>
/// The interleaved rounds checked against BenchmarkDotNet: for every case with rounds, the median of its rounds ÷
/// BenchmarkDotNet's median of the same case, summarised over the cases. Both time the same workload object, so they
/// should agree within the noise of either; a systematic gap would mean one loop favours something.
/// </summary>
public sealed record RoundsCheck(int Cases, int Tables, string Median, string P10, string P90, string WithinFivePercent);

public sealed record HighlightRow(string Family, string Leader, string Insight);

/// <summary>
/// The runs a family's results come from. A run of one algorithm replaces that algorithm's data only, so a family's
/// algorithms can come from several runs: every job and commit is listed (oldest run first), and the time is the span
/// from the oldest run to the newest.
/// </summary>
public sealed record FamilyRun(string Family, IReadOnlyList<string> Jobs, IReadOnlyList<string> GitCommits, string Utc);

/// <summary>
/// The family index and the highlights table, computed from the latest one-shot results of each family (one summary per
/// family, as the runs wrote them), never written by hand.
/// </summary>
/// <remarks>
/// Ratios between providers are geometric means, over the family's algorithms that both providers implement, of the
/// ratio of median times at one payload size; each provider is represented by its fastest variant. A geometric mean
/// keeps one very slow algorithm from dominating and treats "2× faster" and "2× slower" symmetrically.
/// </remarks>
public static class FamilyOverview
{
    /// <summary>
    /// Who this repository's own code is measured against in a family's highlights, from the providers' roles as its run
    /// recorded them (<see cref="RecordedRoles"/>): the managed alternatives, the platform, the native anchors (in that
    /// order; within a role, in the order recorded, the registry's).
    /// </summary>
    private static IEnumerable<string> ManagedComparedWith(RunInfo run) => RecordedRoles.Of(run)
        .Where(p => p.Role is ProviderRole.ManagedAlternative or ProviderRole.Platform or ProviderRole.NativeAnchor)
        .OrderBy(p => p.Role)
        .Select(p => p.Provider);

    /// <param name="algorithms">The latest one-shot results: per algorithm as the data folder keeps them, or whole runs.</param>
    /// <param name="machineSpec">The machine spec's path relative to the index.</param>
    public static IndexPage Index(IReadOnlyList<RunSummary> algorithms, string machineSpec, KindPresentations kinds)
    {
        var split = PerAlgorithm(algorithms);
        var runs = RunsByFamily(split);
        return new(
            machineSpec.Replace('\\', '/'),
            ByFamily(FamilyData.Families(split)).Select(f => IndexEntry(f, runs[FamilyData.FamilyOf(f)], kinds)).ToArray());
    }

    /// <param name="algorithms">The latest one-shot results: per algorithm as the data folder keeps them, or whole runs.</param>
    public static HighlightsPage Highlights(IReadOnlyList<RunSummary> algorithms, KindPresentations kinds)
    {
        var split = PerAlgorithm(algorithms);
        var families = ByFamily(FamilyData.Families(split)).ToArray();
        return new(
            families.Select(f => HighlightRow(f, kinds)).OfType<HighlightRow>().ToArray(),
            [.. RunsByFamily(split).Values.OrderBy(r => r.Family, StringComparer.Ordinal)],
            families.SelectMany(f => LeaderCosts(f, kinds)).ToArray(),
            Format.Size(PageSizes(families).LargeBytes),
            Format.Size(PageSizes(families).SmallBytes),
            CheckRounds(families));
    }

    /// <summary>One summary per algorithm, whatever the granularity given (a data folder's files already are).</summary>
    private static RunSummary[] PerAlgorithm(IEnumerable<RunSummary> summaries) => [.. summaries.SelectMany(s => FamilyData.Split(s).Values)];

    /// <summary>Each family's runs (<see cref="FamilyRun"/>), from the runs its algorithms' results come from.</summary>
    private static Dictionary<string, FamilyRun> RunsByFamily(IEnumerable<RunSummary> algorithms) =>
        algorithms.GroupBy(FamilyData.FamilyOf).Where(g => g.Key.Length > 0).ToDictionary(
            g => g.Key,
            g =>
            {
                var runs = g.Select(a => a.Run).OrderBy(r => r.Utc).ToArray();
                static string Stamp(DateTimeOffset utc) => utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm 'UTC'", System.Globalization.CultureInfo.InvariantCulture);
                var (first, last) = (Stamp(runs[0].Utc), Stamp(runs[^1].Utc));
                return new FamilyRun(
                    g.Key,
                    runs.Select(r => r.Job).Distinct(StringComparer.Ordinal).ToArray(),
                    runs.Select(r => r.GitCommit).Distinct(StringComparer.Ordinal).ToArray(),
                    first == last ? first : $"{first} to {last}");
            },
            StringComparer.Ordinal);

    /// <summary>The sizes a page that spans families names: those the newest of its runs recorded (every run records the same unless the defaults change).</summary>
    private static HighlightSizes PageSizes(IReadOnlyList<RunSummary> families) =>
        families.MaxBy(f => f.Run.Utc) is { } newest ? HighlightSizes.Of(newest.Run) : HighlightSizes.Default;

    private static RoundsCheck? CheckRounds(IReadOnlyList<RunSummary> families)
    {
        var withRounds = families.SelectMany(f => f.Results).Where(r => r.Rounds is not null).ToArray();
        if (withRounds.Length == 0)
        {
            return null;
        }

        var agreement = withRounds.Select(r => r.Rounds!.MedianNs / r.MedianNs).Order().ToArray();
        string Ratio(double quantile) => Format.Number(SampleStatistics.NearestRank(agreement, quantile), "0.000");
        return new RoundsCheck(
            withRounds.Length,
            withRounds.Select(r => r.Rounds!.Table).Distinct(StringComparer.Ordinal).Count(),
            Format.Number(SampleStatistics.Median(agreement), "0.000"),
            Ratio(0.1),
            Ratio(0.9),
            Format.Number(100.0 * agreement.Count(a => Math.Abs(Math.Log(a)) <= Math.Log(1.05)) / agreement.Length, "0") + "%");
    }

    private static IOrderedEnumerable<RunSummary> ByFamily(IEnumerable<RunSummary> families) =>
        families.OrderBy(f => FamilyData.FamilyOf(f), StringComparer.Ordinal);

    /// <summary>The cost model of a family's leader (at its run's <see cref="HighlightSizes.LargeBytes"/>) in one algorithm of the family.</summary>
    /// <param name="Line">The leader's fit, labelled with the variant that represents it (as on the algorithm's chart).</param>
    public sealed record LeaderCost(string Family, string Algorithm, CostModel.Row Line);

    /// <summary>
    /// The family leader's fitted a and b in each algorithm of the family it measured at three sizes or more, in the
    /// primary operation, by the variant fastest at the largest size (the one its chart and crossovers use).
    /// </summary>
    private static IEnumerable<LeaderCost> LeaderCosts(RunSummary family, KindPresentations kinds)
    {
        if (Leader(BestByProvider(family, HighlightSizes.Of(family.Run).LargeBytes, kinds)) is not { } leader)
        {
            yield break;
        }

        foreach (var algorithm in PrimaryRecords(family, kinds).GroupBy(r => r.Slug).OrderBy(g => g.First().Algorithm, StringComparer.Ordinal))
        {
            var largest = algorithm.Max(r => r.SizeBytes);
            var led = algorithm.Where(r => r.Provider == leader.Provider).ToArray();
            if (led.Length == 0)
            {
                continue;
            }

            var variant = ReportModel.ChartVariant(led, largest).ToArray();
            if (CostModel.Fit(variant) is { } fit)
            {
                yield return new LeaderCost(FamilyData.FamilyOf(family), variant[0].Algorithm,
                    CostModel.Describe(Format.ProviderLabel(variant[0].Provider, variant[0].Variant), fit, fit.Points, family.Run.CpuFrequencyHz));
            }
        }
    }

    private static IndexFamily IndexEntry(RunSummary family, FamilyRun runs, KindPresentations kinds)
    {
        var large = HighlightSizes.Of(family.Run).LargeBytes;
        var algorithms = family.Algorithms.OrderBy(a => a.Name, StringComparer.Ordinal).Select(a =>
        {
            var leader = Fastest(family, a.Slug, large, kinds);
            return new IndexAlgorithm(
                a.Name,
                a.Slug,
                ReportModel.Optional(a.Note),
                string.Join(", ", family.Results.Where(r => r.Slug == a.Slug).Select(r => r.Provider).Distinct().Order(StringComparer.Ordinal)),
                leader is null ? "n/a" : $"{Format.ProviderLabel(leader.Record.Provider, leader.Record.Variant)}, {Format.Number(leader.MbPerS, "N0")} MB/s{Format.TiedWith(leader, code: false)}");
        }).ToArray();
        return new IndexFamily(FamilyData.FamilyOf(family), runs, Format.Size(large), algorithms);
    }

    /// <summary>
    /// An algorithm's fastest implementation at the large and the small highlight size (<see cref="HighlightSizes"/>, as
    /// the summary recorded them), with its MB/s, in
    /// the newest of <paramref name="summaries"/> that measured it (one phrase when one implementation leads at both);
    /// null where neither size was measured.
    /// </summary>
    public static string? AlgorithmLeader(IEnumerable<RunSummary> summaries, string slug, KindPresentations kinds)
    {
        var summary = summaries.Where(s => PrimaryRecords(s, kinds).Any(r => r.Slug == slug)).MaxBy(s => s.Run.Utc);
        if (summary is null)
        {
            return null;
        }

        var sizes = HighlightSizes.Of(summary.Run);
        var leaders = new[] { sizes.LargeBytes, sizes.SmallBytes }
            .Select(size => (Size: size, Leader: Fastest(summary, slug, size, kinds)))
            .Where(l => l.Leader is not null)
            .Select(l => (l.Size, Label: Format.ProviderLabel(l.Leader!.Record.Provider, l.Leader.Record.Variant), Figure: Format.Number(l.Leader.MbPerS, "N0") + " MB/s" + Format.TiedWith(l.Leader, code: true)))
            .ToArray();
        return leaders.Length switch
        {
            0 => null,
            2 when leaders[0].Label == leaders[1].Label =>
                $"`{leaders[0].Label}` at {Format.Size(leaders[0].Size)} ({leaders[0].Figure}) and at {Format.Size(leaders[1].Size)} ({leaders[1].Figure})",
            _ => string.Join("; ", leaders.Select(l => $"`{l.Label}` at {Format.Size(l.Size)} ({l.Figure})")),
        };
    }

    /// <summary>
    /// The fastest one-shot record of an algorithm at a size, in its primary operation: the first row of its table, in
    /// the table's own order (by the interleaved rounds where it has them), so the index names the row the page puts
    /// first, with the MB/s of the timings that put it there.
    /// </summary>
    private static TableLeader? Fastest(RunSummary family, string slug, int size, KindPresentations kinds) =>
        TableRatio.Leader(PrimaryRecords(family, kinds).Where(r => r.Slug == slug && r.SizeBytes == size));

    /// <summary>
    /// One operation per algorithm speaks for it: the first in its kind's order (hash or MAC; the shortest XOF output;
    /// encryption for an AEAD); of operations no kind has, the first by name.
    /// </summary>
    internal static IEnumerable<ResultRecord> PrimaryRecords(RunSummary family, KindPresentations kinds)
    {
        var oneShot = family.Results.Where(r => r.Scenario == OneShotSelection.ScenarioName).ToArray();
        foreach (var bySlug in oneShot.GroupBy(r => r.Slug))
        {
            var primary = bySlug.Select(r => r.Operation).Distinct().Order(StringComparer.Ordinal).MinBy(kinds.OperationOrder);
            foreach (var record in bySlug.Where(r => r.Operation == primary))
            {
                yield return record;
            }
        }
    }

    /// <summary>
    /// Each (algorithm, provider)'s fastest variant at one size, fastest as its table orders rows (by the interleaved
    /// rounds where it has them). By BenchmarkDotNet's median instead, a provider could be represented by a variant the
    /// rounds put behind another of its own, and lose a lead its table gives it.
    /// </summary>
    private static Dictionary<string, Dictionary<string, ResultRecord>> BestByProvider(RunSummary family, int size, KindPresentations kinds) =>
        PrimaryRecords(family, kinds).Where(r => r.SizeBytes == size)
            .GroupBy(r => r.Slug)
            .ToDictionary(g => g.Key, g => g.GroupBy(r => r.Provider).ToDictionary(p => p.Key, p => TableRatio.FastestFirst(p)[0]));

    /// <summary>Geometric mean of time(a) ÷ time(b) over the algorithms both have, with how many that is.</summary>
    private static (double Ratio, int Count)? Ratio(Dictionary<string, Dictionary<string, ResultRecord>> table, string a, string b)
    {
        var ratios = table.Values.Where(p => p.ContainsKey(a) && p.ContainsKey(b))
            .Select(p => TableRatio.Of(p[a], p[b])).ToArray();
        return SampleStatistics.GeometricMean(ratios) is { } ratio ? (ratio, ratios.Length) : null;
    }

    /// <summary>The provider fastest on the most algorithms; ties go to the better geometric-mean standing.</summary>
    private static (string Provider, int Wins, int Of)? Leader(Dictionary<string, Dictionary<string, ResultRecord>> table)
    {
        if (table.Count == 0)
        {
            return null;
        }

        // Each algorithm's fastest row, found once: the winners and every provider's standing are measured against it.
        var fastest = table.Values.Select(p => (Providers: p, Fastest: TableRatio.FastestFirst(p.Values)[0])).ToArray();
        var winners = fastest.Select(t => t.Fastest.Provider).ToArray();
        var standing = table.Values.SelectMany(p => p.Keys).Distinct()
            .ToDictionary(provider => provider, provider =>
                fastest.Where(t => t.Providers.ContainsKey(provider)).Average(t => Math.Log(TableRatio.Of(t.Providers[provider], t.Fastest))));
        var best = winners.GroupBy(w => w).OrderByDescending(g => g.Count()).ThenBy(g => standing[g.Key]).ThenBy(g => g.Key, StringComparer.Ordinal).First();
        return (best.Key, best.Count(), table.Count);
    }

    private static HighlightRow? HighlightRow(RunSummary family, KindPresentations kinds)
    {
        var sizes = HighlightSizes.Of(family.Run);
        var large = BestByProvider(family, sizes.LargeBytes, kinds);
        var small = BestByProvider(family, sizes.SmallBytes, kinds);
        var largeLeader = Leader(large);
        if (largeLeader is not { } leader)
        {
            return null;
        }

        var smallLeader = Leader(small);
        var leaderText = $"`{leader.Provider}` at {Format.Size(sizes.LargeBytes)} ({leader.Wins} of {leader.Of})";
        if (smallLeader is { } s && s.Provider != leader.Provider)
        {
            leaderText += $"; `{s.Provider}` at {Format.Size(sizes.SmallBytes)} ({s.Wins} of {s.Of})";
        }

        var insights = new List<string>();
        var runnerUp = large.Values.SelectMany(p => p.Keys).Distinct().Where(p => p != leader.Provider)
            .Select(p => (Provider: p, Ratio: Ratio(large, p, leader.Provider)))
            .Where(p => p.Ratio is not null)
            .OrderBy(p => p.Ratio!.Value.Ratio)
            .FirstOrDefault();
        if (runnerUp.Ratio is { } up)
        {
            // The leader leads by count of algorithms; over the algorithms both have, the runner-up's geometric mean
            // can still be the faster one, which "0.98× ahead" used to say in a way no reader takes in.
            insights.Add(Level(up.Ratio)
                ? $"level with runner-up `{runnerUp.Provider}` ({Format.Number(up.Ratio, "N3")}×){Over(up.Count)}"
                : up.Ratio >= 1
                ? $"{Times(up.Ratio)} ahead of runner-up `{runnerUp.Provider}`{Over(up.Count)}"
                : $"`{runnerUp.Provider}`, second by algorithms won, {Times(1 / up.Ratio)} faster by geomean{Over(up.Count)}");
        }

        foreach (var other in ManagedComparedWith(family.Run))
        {
            if (Ratio(large, other, Implementations.Adapters.Managed.ManagedProvider.Provider.Key) is { } versus)
            {
                insights.Add($"`managed` vs `{other}`: {Speed(versus.Ratio)}{Over(versus.Count)}");
            }
        }

        return new HighlightRow(
            FamilyData.FamilyOf(family),
            leaderText,
            insights.Count == 0 ? "one provider only" : $"At {Format.Size(sizes.LargeBytes)}: " + string.Join("; ", insights));
    }

    /// <summary>
    /// 1.8 → "1.80× faster"; 0.5 → "2.00× slower": how much faster the subject is when ratio = other ÷ subject. A ratio
    /// that two decimals would print as 1.00 is "level", with three decimals, not "1.00× slower".
    /// </summary>
    private static string Speed(double otherOverSubject) =>
        Level(otherOverSubject) ? $"level ({Format.Number(otherOverSubject, "N3")}×)"
        : otherOverSubject >= 1 ? $"{Format.Number(otherOverSubject, "N2")}× faster"
        : $"{Format.Number(1 / otherOverSubject, "N2")}× slower";

    /// <summary>Whether a ratio, or its inverse, rounds to 1.00 at two decimals.</summary>
    private static bool Level(double ratio) => Math.Abs(ratio - 1) < 0.005 && Math.Abs(1 / ratio - 1) < 0.005;

    private static string Times(double ratio) => $"{Format.Number(ratio, "N2")}×";

    private static string Over(int count) => count > 1 ? $" (geomean of {count} algorithms)" : "";
}
