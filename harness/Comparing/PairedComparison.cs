using CryptoHarness.Formatting;
using CryptoHarness.Selecting.Scenarios;
using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>One paired case with its decision.</summary>
public sealed record PairedCase(PairedCaseRecord Record, PairedDecision Decision)
{
    /// <summary>Any allocation where the base had none, or more than the base: allocation is counted exactly, so any increase is one.</summary>
    public bool AllocationRegressed => Record.HeadAllocatedBytes > Record.BaseAllocatedBytes;

    /// <summary>As <c>compare</c> keys a case (a password hash's by its parameter set), with "paired" where it names the job.</summary>
    public string Key => Record.ParameterSet is { } set
        ? $"{Record.Id} · {Record.Operation} · {PasswordSelection.ScenarioName} · {set} · paired"
        : $"{Record.Id} · {Record.Operation} · {OneShotSelection.ScenarioName} · {Format.Size(Record.SizeBytes)} · paired";
}

/// <summary>
/// A paired comparison made from <c>paired.json</c> alone (<see cref="PairedResults"/>): the decisions of
/// <see cref="PairedComparer"/>, and the comment in the same template and vocabulary as <c>compare</c>'s.
/// </summary>
public sealed class PairedComparison
{
    private PairedComparison(PairedResults results, ComparisonSettings settings, IReadOnlyList<PairedCase> cases)
    {
        Results = results;
        Settings = settings;
        Cases = cases;
    }

    public PairedResults Results { get; }

    public ComparisonSettings Settings { get; }

    public IReadOnlyList<PairedCase> Cases { get; }

    public int Slower => Cases.Count(c => c.Decision.Verdict == Verdict.Slower);

    public int Faster => Cases.Count(c => c.Decision.Verdict == Verdict.Faster);

    public int Same => Cases.Count(c => c.Decision.Verdict == Verdict.Same);

    public int AllocationRegressions => Cases.Count(c => c.AllocationRegressed);

    /// <summary>The families that have a case or entry that was not paired: what the launch-based comparison still has to measure.</summary>
    public IReadOnlyList<string> UnpairedFamilies => Results.NotPaired.Select(n => n.Family).Distinct(StringComparer.Ordinal).ToArray();

    public static PairedComparison Create(PairedResults results, ComparisonSettings settings)
    {
        var decisions = PairedComparer.Decide(results.Cases.Select(c => new PairedSamples(c.BaseNs, c.HeadNs, c.BaseCopiesNs, c.HeadCopiesNs)).ToArray(), settings);
        return new PairedComparison(results, settings, results.Cases.Select((c, i) => new PairedCase(c, decisions[i])).ToArray());
    }

    public string SummaryLine =>
        $"{Slower} slower, {Faster} faster, {Same} same — geomean {Format.Number(SampleStatistics.GeometricMean(Cases.Select(c => c.Decision.Ratio.Ratio)) ?? 1, "0.00")}×"
        + $" — {Cases.Count} case(s) paired"
        + (Results.NotPaired.Count > 0 ? $", {Results.NotPaired.Count} not paired" : "")
        + (AllocationRegressions > 0 ? $" — {AllocationRegressions} allocation regression(s)" : "");

    public ComparisonComment Comment()
    {
        var settings = Settings;
        var rows = Cases.Select(Row).ToArray();
        return new ComparisonComment(
            SummaryLine,
            [.. Results.Notes],
            FormattableString.Invariant(
                $"Per case: base and head timed in the same {RoundsClause} interleaved rounds ({Format.Number(Results.BatchMs, "0.##")} ms a side a round{PasswordBatchClause}, in a fresh random order each round) in one process{CopiesClause}; the ratio is the median of the per-round ratios head ÷ base, with its 95% interval. One-sided sign tests each way against 1 + {settings.Threshold * CaseComparer.SignificanceShare * 100:0.##}%{CopiesTestClause}; across the {Cases.Count} cases ({2 * Cases.Count} tests): Benjamini–Hochberg at a false-discovery rate of {settings.FalseDiscoveryRate * 100:0.##}%. Slower: significant and the median ratio above 1 + {settings.Threshold * 100:0.##}% (and {settings.NoiseNs:0.##} ns); faster: below its reciprocal. Allocation: any increase."),
            $"{Results.BaseCommit} ({Results.MachineKey})",
            $"{Results.HeadCommit} ({Results.Utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm 'UTC'", System.Globalization.CultureInfo.InvariantCulture)}, {Results.MachineKey})",
            Cases.Where(c => c.Decision.Verdict == Verdict.Slower).OrderByDescending(c => c.Decision.Ratio.Ratio).Select(Row).ToArray(),
            Cases.Where(c => c.Decision.Verdict == Verdict.Faster).OrderBy(c => c.Decision.Ratio.Ratio).Select(Row).ToArray(),
            Cases.Where(c => c.AllocationRegressed)
                .Select(c => new AllocationRow(c.Key, Format.Allocated(c.Record.BaseAllocatedBytes), Format.Allocated(c.Record.HeadAllocatedBytes))).ToArray(),
            Cases.GroupBy(c => c.Record.Family).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new FamilyTally(
                g.Key,
                g.Count(c => c.Decision.Verdict == Verdict.Slower),
                g.Count(c => c.Decision.Verdict == Verdict.Faster),
                g.Count(c => c.Decision.Verdict == Verdict.Same),
                Format.Number(SampleStatistics.GeometricMean(g.Select(c => c.Decision.Ratio.Ratio))!.Value, "0.000") + "×")).ToArray(),
            [],
            [],
            rows,
            Cases.Count,
            0,
            ComparisonModel.LeakRule,
            [],
            $"Paired: {Cases.Count} case(s) timed base and head in the same rounds of one process, so drift, frequency changes and neighbours fall on both sides of every ratio."
                + SetsSentence
                + (Results.NotPaired.Count > 0 ? $" {Results.NotPaired.Count} entr(ies) or case(s) were not paired (below); the launch-based comparison covers their families." : ""),
            Results.NotPaired.Select(n => n.Operation is null
                ? $"{n.Id}: not paired ({n.Reason})"
                : $"{n.Id} · {n.Operation} · {n.ParameterSet ?? Format.Size(n.SizeBytes ?? 0)}: not paired ({n.Reason})").ToArray(),
            RatioDrift: null)
        {
            Footnote = "Base and diff medians are of the per-round times per call (each round's batch time ÷ its calls, the loop's own cost taken out). Ratio is the median of the per-round ratios head ÷ base, not the ratio of the medians; improvement is 1 − ratio.",
        };
    }

    private bool HasPasswordCases => Cases.Any(c => c.Record.ParameterSet is not null);

    private bool HasOneShotCases => Cases.Any(c => c.Record.ParameterSet is null);

    /// <summary>
    /// The rounds of the kinds of case the comment holds: a password-hash case takes as many rounds as fit in a one-shot
    /// case's time, so its count is read from its times.
    /// </summary>
    private string RoundsClause
    {
        get
        {
            var oneShot = Results.Rounds.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (!HasPasswordCases)
            {
                return oneShot;
            }

            var counts = Cases.Where(c => c.Record.ParameterSet is not null).Select(c => c.Record.BaseNs.Count).ToArray();
            var password = counts.Min() == counts.Max()
                ? counts.Min().ToString(System.Globalization.CultureInfo.InvariantCulture)
                : FormattableString.Invariant($"{counts.Min()}–{counts.Max()}");
            return HasOneShotCases ? $"{oneShot} (password-hash cases: {password})" : password;
        }
    }

    private string PasswordBatchClause => HasPasswordCases
        ? ", at least one call, so a password hash that takes longer is one call a copy a round"
        : "";

    /// <summary>Every parameter set of the password-hash cases in full, as every table of them prints it.</summary>
    private string SetsSentence => HasPasswordCases && Results.ParameterSets is { Count: > 0 } sets
        ? $" Password-hash parameter sets: {string.Join("; ", sets.Select(s => $"{s.Name} ({s.Description})"))}."
        : "";

    /// <summary>The most copies any case had: a saved file's cases all come from one measurement, so they agree.</summary>
    private int Copies => Cases.Count == 0 ? 1 : Cases.Max(c => c.Decision.Copies);

    private string CopiesClause => Copies > 1
        ? $", each build loaded {Copies} times (one load context a copy, so each copy's code lands elsewhere) and every copy timed in every round, a side's time in a round being the geometric mean of its copies'"
        : "";

    private string CopiesTestClause => Copies > 1
        ? " (one copy a side); with copies, Mann–Whitney's test across copies instead (each copy's observation its time relative to every round's geometric mean of all copies, median over rounds) against the same limit, so a change must stand out from the spread between copies of one build, which the rounds cannot see"
        : "";

    private static CaseRow Row(PairedCase c)
    {
        var d = c.Decision;
        var unit = Format.UnitFor(Math.Min(d.BaseMedianNs, d.HeadMedianNs));
        var interval = $"paired over {d.Ratio.Rounds} rounds, ratio {Format.Number(d.Ratio.Lower, "0.000")}–{Format.Number(d.Ratio.Upper, "0.000")} ({Format.Number(d.Ratio.Confidence * 100, "0.#")}%)"
            + (d.CopyTimes is { } copies
                ? $"; {d.Copies} copies a side, relative times base {Format.Number(copies.Base.Min(), "0.000")}–{Format.Number(copies.Base.Max(), "0.000")}, head {Format.Number(copies.Head.Min(), "0.000")}–{Format.Number(copies.Head.Max(), "0.000")}"
                : "");
        return new CaseRow(
            c.Key,
            d.Verdict.ToString().ToLowerInvariant(),
            Format.TimeWithUnit(d.BaseMedianNs, unit),
            Format.TimeWithUnit(d.HeadMedianNs, unit),
            Format.Number(d.Ratio.Ratio, "0.000"),
            RunComparison.Percent((1 - d.Ratio.Ratio) * 100),
            Format.Number(1 / d.Ratio.Ratio, "0.00") + "×",
            Format.Number(Math.Min(d.QSlower, d.QFaster), "0.###E+0"),
            interval);
    }
}
