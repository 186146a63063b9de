using CryptoHarness.Formatting;
using System.Globalization;
using CryptoHarness.Reporting;
using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>The pull-request comment (<c>comparison.md.sbn</c>).</summary>
/// <param name="Base">The base side's commit, time(s), job and machine in words.</param>
/// <param name="All">Every matched case, in the comparison's order.</param>
/// <param name="LeakChecks">How many constant-time checks were matched on both sides.</param>
/// <param name="LeakChanges">The checks whose verdict changed.</param>
/// <param name="Pairing">How base and diff were measured: in the same interleaved rounds of one process (paired), or in separate launches.</param>
/// <param name="NotPaired">Entries or cases <c>harness paired</c> could not pair, each with its reason; empty for <c>compare</c>.</param>
public sealed record ComparisonComment(
    string SummaryLine, IReadOnlyList<string> Warnings, string Method, string Base, string Diff,
    IReadOnlyList<CaseRow> Slower, IReadOnlyList<CaseRow> Faster, IReadOnlyList<AllocationRow> AllocationRegressions,
    IReadOnlyList<FamilyTally> Families, IReadOnlyList<string> OnlyBase, IReadOnlyList<string> OnlyDiff, IReadOnlyList<CaseRow> All,
    int CaseCount, int LeakChecks, string LeakRule, IReadOnlyList<LeakChangeRow> LeakChanges, string Pairing, IReadOnlyList<string> NotPaired,
    string? RatioDrift)
{
    /// <summary>What the medians and ratios of the tables are.</summary>
    public string Footnote { get; init; } = "Medians are of all raw per-iteration samples (no outlier removal). Ratio is diff ÷ base median; improvement is (base − diff) ÷ base.";
}

/// <summary>One matched case: the medians of both sides, their ratio and the verdict.</summary>
/// <param name="Q">The smaller of the two one-sided tests' q-values.</param>
public sealed record CaseRow(
    string Case, string Verdict, string BaseMedian, string DiffMedian, string Ratio, string Improvement, string Speedup, string Q, string Notes);

/// <summary>A case whose allocation per operation grew, both sides' allocations formatted.</summary>
public sealed record AllocationRow(string Case, string Base, string Diff);

/// <summary>A family's verdict counts and the geometric mean of its ratios.</summary>
public sealed record FamilyTally(string Family, int Slower, int Faster, int Same, string Geomean);

/// <summary>A constant-time check whose verdict changed, and what each side saw.</summary>
public sealed record LeakChangeRow(string Case, string Change, string Base, string Diff);

/// <summary>What the comparison template sees: formatted, ordered, ready to lay out.</summary>
public static class ComparisonModel
{
    public static ComparisonComment Build(RunComparison comparison)
    {
        var settings = comparison.Settings;
        var slower = comparison.Cases.Where(c => c.Decision.Verdict == Verdict.Slower).OrderByDescending(c => c.Decision.RatioOfMedians);
        var faster = comparison.Cases.Where(c => c.Decision.Verdict == Verdict.Faster).OrderBy(c => c.Decision.RatioOfMedians);
        return new ComparisonComment(
            SummaryLine(comparison),
            comparison.Warnings,
            FormattableString.Invariant(
                $"Per case: Perfolizer's Mann–Whitney test, one-sided each way against a threshold of {settings.Threshold * 100:0.##}% or {settings.NoiseNs:0.##} ns, whichever is larger. Across the {comparison.Cases.Count} cases ({2 * comparison.Cases.Count} tests): Benjamini–Hochberg at a false-discovery rate of {settings.FalseDiscoveryRate * 100:0.##}%.")
                + (comparison.SeveralLaunches ? " " + LaunchRule : "")
                + (comparison.CheckedByRounds > 0 ? " " + RoundsRule(comparison) : "")
                + FormattableString.Invariant($" Allocation: any increase from 0 B, or more than {comparison.AllocationThresholdBytes} B."),
            Describe(comparison.BaseLaunches),
            Describe(comparison.DiffLaunches),
            slower.Select(Row).ToArray(),
            faster.Select(Row).ToArray(),
            comparison.Cases.Where(c => c.AllocationRegressed)
                .Select(c => new AllocationRow(c.Key, Format.Allocated(c.Base.AllocatedBytes), Format.Allocated(c.Diff.AllocatedBytes))).ToArray(),
            comparison.Cases.GroupBy(c => c.Base.Family).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new FamilyTally(
                g.Key,
                g.Count(c => c.Decision.Verdict == Verdict.Slower),
                g.Count(c => c.Decision.Verdict == Verdict.Faster),
                g.Count(c => c.Decision.Verdict == Verdict.Same),
                Format.Number(SampleStatistics.GeometricMean(g.Select(c => c.Decision.RatioOfMedians))!.Value, "0.000") + "×")).ToArray(),
            comparison.OnlyInBase,
            comparison.OnlyInDiff,
            comparison.Cases.Select(Row).ToArray(),
            comparison.Cases.Count,
            comparison.LeakChanges.Count,
            LeakRule,
            comparison.LeakChanges.Where(c => c.NewLeak || c.NoLongerFlagged).Select(c => new LeakChangeRow(
                c.Case,
                c.NewLeak ? (c.Control ? "flagged (the control, as it must be)" : "**new leak**") : (c.Control ? "**control no longer flagged**" : "no longer flagged"),
                LeakSide(c.BaseLeaks, c.BaseLaunches, c.BaseMaxAbsT),
                LeakSide(c.DiffLeaks, c.DiffLaunches, c.DiffMaxAbsT))).ToArray(),
            UnpairedNote,
            [],
            RatioDrift(comparison));
    }

    /// <summary>The line on how far the ratios between providers moved, base → diff (first launch of each); null without such pairs.</summary>
    public static string? RatioDrift(RunComparison comparison)
    {
        if (TableRatioDrift.Of(comparison.BaseRun, comparison.DiffRun) is not { } drift)
        {
            return null;
        }

        string Percent(double change) => Format.Number(change * 100, "0.0") + "%";
        return $"Ratios between the providers of a table, base → diff, over {drift.Pairs} pairs of rows: moved by {Percent(drift.Published.Median)} at the median, "
            + $"{Percent(drift.Published.P90)} at the 90th percentile, as the pages print them ({drift.PairedPairs} of the pairs from interleaved rounds in both runs); "
            + $"as ratios of medians by {Percent(drift.OfMedians.Median)} and {Percent(drift.OfMedians.P90)}.";
    }

    /// <summary>What <c>compare</c>'s verdicts rest on, said in every comment it writes.</summary>
    public const string UnpairedNote =
        "Unpaired: base and diff were measured in separate launches, so whatever the machine did between them enters every ratio (the paired mode, `harness paired`, times both builds in the same rounds).";

    /// <summary>Leak checks are compared by verdict (see <see cref="Leaks.LeakComparison"/>), in words for the comment.</summary>
    public const string LeakRule =
        "Constant-time checks are compared by verdict, not time: a new leak is flagged (|t| > 4.5) in every diff launch and in no base launch. They never fail the comparison.";

    private static string LeakSide(int leaks, int launches, double maxAbsT) =>
        $"{(leaks == 0 ? "no leak found" : leaks == launches ? "leak" : $"leak in {leaks} of {launches} launches")}, max |t| {Format.Number(maxAbsT, "0.00")}";

    /// <summary>The launch-spread rule in words, for the comment's footnote (the README states the same).</summary>
    public const string LaunchRule =
        "Launches: samples are pooled over the launches (processes) of each side, and a case is slower only if it is significant, "
        + "beyond the threshold, and diff ÷ base (ratio of pooled medians) is above 1 + the spread, faster only if below 1 ÷ (1 + the spread), "
        + "where the spread is the largest ratio between the medians of two launches of the same side, minus one.";

    /// <summary>The rounds rule in words, for the comment's footnote (the README states the same).</summary>
    public static string RoundsRule(RunComparison c) =>
        $"Rounds: {c.CheckedByRounds} of the {c.Cases.Count} cases were timed in interleaved rounds in both runs; such a case is slower or faster only if, "
        + "in addition, its change in the rounds is beyond the threshold the same way: its time relative to the rows of its table timed in the same rounds "
        + "whose code cannot have changed (other providers, same package version), or its own round times when it was alone. "
        + "Drift between runs made separately moves every row of a table alike and cancels there.";

    public static string SummaryLine(RunComparison c) =>
        $"{c.Slower} slower, {c.Faster} faster, {c.Same} same — geomean {Format.Number(c.GeometricMeanRatio, "0.00")}×"
        + (c.WithinLaunchSpread > 0 ? $" — {c.WithinLaunchSpread} within the spread between launches" : "")
        + (c.WithinRounds > 0 ? $" — {c.WithinRounds} moved in the medians but not in the rounds (drift between the runs)" : "")
        + (c.AllocationRegressions > 0 ? $" — {c.AllocationRegressions} allocation regression(s)" : "")
        + (c.OnlyInBase.Count + c.OnlyInDiff.Count > 0 ? $" — {c.OnlyInBase.Count} case(s) only in base, {c.OnlyInDiff.Count} only in diff" : "")
        + (c.LeakChanges.Count(l => l.NewLeak && !l.Control) is > 0 and var leaks ? $" — {leaks} new leak(s) in the constant-time check" : "");

    private static string Describe(IReadOnlyList<Launch> launches)
    {
        var run = launches[0].Summary.Run;
        string Time(Results.RunInfo r) => r.Utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm 'UTC'", CultureInfo.InvariantCulture);
        return launches.Count == 1
            ? $"{run.GitCommit} ({Time(run)}, job {run.Job}, {run.MachineKey})"
            : $"{run.GitCommit} ({launches.Count} launches: {string.Join(", ", launches.Select(l => Time(l.Summary.Run)))}; job {run.Job}, {run.MachineKey})";
    }

    private static string RoundsNote(RoundsReading rounds, bool drift) =>
        $"rounds {Format.Number(rounds.Change, "0.000")} "
        + (rounds.References.Count == 0 ? "(its own rounds)" : $"(against {string.Join(", ", rounds.References)})")
        + (drift ? ": drift between the runs" : "");

    private static CaseRow Row(ComparedCase c)
    {
        var baseMedian = c.Decision.BaseMedianNs;
        var diffMedian = c.Decision.DiffMedianNs;
        var unit = Format.UnitFor(Math.Min(baseMedian, diffMedian));
        var notes = new[]
        {
            c.PackageChange is null ? null : $"package changed: {c.PackageChange}",
            c.Decision.WithinLaunchSpread ? $"within the {Format.Number(c.Decision.LaunchSpread * 100, "0.0")}% spread between launches" : null,
            c.Decision.Rounds is { } rounds && (c.Decision.WithinRounds || c.Decision.Verdict != Verdict.Same) ? RoundsNote(rounds, c.Decision.WithinRounds) : null,
            c.BaseLaunches != c.DiffLaunches ? $"launches: {c.BaseLaunches} base, {c.DiffLaunches} diff" : null,
            c.Decision.ModalityWarning,
        }.Where(n => n is not null);
        return new CaseRow(
            c.Key,
            c.Decision.Verdict.ToString().ToLowerInvariant(),
            Format.TimeWithUnit(baseMedian, unit),
            Format.TimeWithUnit(diffMedian, unit),
            Format.Number(c.Decision.RatioOfMedians, "0.000"),
            RunComparison.Percent((baseMedian - diffMedian) / baseMedian * 100),
            Format.Number(baseMedian / diffMedian, "0.00") + "×",
            Format.Number(Math.Min(c.Decision.QSlower, c.Decision.QFaster), "0.###E+0"),
            string.Join("; ", notes));
    }
}
