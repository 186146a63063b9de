using CryptoHarness.Statistics;
using Perfolizer.Horology;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Metrology;
using Pragmastat;

namespace CryptoHarness.Comparing;

public enum Verdict
{
    Same,
    Slower,
    Faster,
}

/// <summary>The statistical settings of one comparison.</summary>
/// <param name="Threshold">Relative change that matters, e.g. 0.05 for 5%.</param>
/// <param name="NoiseNs">Absolute change below which nothing matters, in nanoseconds (the noise floor).</param>
/// <param name="FalseDiscoveryRate">The Benjamini–Hochberg level over all cases of one comparison.</param>
public sealed record ComparisonSettings(double Threshold = 0.05, double NoiseNs = 1, double FalseDiscoveryRate = 0.01)
{
    /// <summary>Perfolizer's threshold: the larger of the relative change and the noise floor.</summary>
    public Threshold PerfolizerThreshold => Perfolizer.Metrology.Threshold.Parse(
        FormattableString.Invariant($"{Threshold * 100:0.####}%|{NoiseNs:0.####}ns"));
}

/// <summary>
/// The per-operation times of one case, base and diff, one sample per launch (process) on each side. Samples of one
/// launch share its process's JIT, memory layout and machine state; a second launch shows how far those move.
/// </summary>
public sealed record SamplePair(IReadOnlyList<IReadOnlyList<double>> BaseLaunches, IReadOnlyList<IReadOnlyList<double>> DiffLaunches)
{
    /// <summary>One launch a side.</summary>
    public SamplePair(IReadOnlyList<double> baseNs, IReadOnlyList<double> diffNs)
        : this([baseNs], [diffNs])
    {
    }

    /// <summary>Every base sample, all launches pooled.</summary>
    public IReadOnlyList<double> BaseNs { get; } = [.. BaseLaunches.SelectMany(l => l)];

    /// <summary>Every diff sample, all launches pooled.</summary>
    public IReadOnlyList<double> DiffNs { get; } = [.. DiffLaunches.SelectMany(l => l)];

    /// <summary>The case's change as the interleaved rounds of both runs measured it; null when either side has none.</summary>
    public RoundsReading? Rounds { get; init; }
}

/// <summary>
/// The decision for one case; the medians are of the raw samples the decision was made on, all launches of a side
/// pooled. <see cref="LaunchSpread"/> is the largest ratio between the medians of two launches of the same side,
/// minus one (0 with one launch a side).
/// </summary>
public sealed record CaseDecision(Verdict Verdict, double BaseMedianNs, double DiffMedianNs, double PSlower, double PFaster, double QSlower, double QFaster, string? ModalityWarning)
{
    public double RatioOfMedians => DiffMedianNs / BaseMedianNs;

    public double LaunchSpread { get; init; }

    /// <summary>Significant and beyond the threshold, but not beyond <see cref="LaunchSpread"/>: reported as same.</summary>
    public bool WithinLaunchSpread { get; init; }

    /// <summary>The case's change in the interleaved rounds of both runs; null when either side has none.</summary>
    public RoundsReading? Rounds { get; init; }

    /// <summary>
    /// Significant and beyond the threshold in the medians (and beyond any launch spread), but the rounds did not move
    /// beyond the threshold the same way: drift between the runs, reported as same.
    /// </summary>
    public bool WithinRounds { get; init; }
}

/// <summary>
/// Decides slower / faster / same for many cases at once. Per case, Perfolizer's Mann–Whitney test is run one-sided
/// in both directions against the threshold (diff slower than base by more than the threshold; diff faster by more
/// than it): the two one-sided tests of an equivalence test. Across cases the p-values are corrected with
/// Benjamini–Hochberg, so that among the cases reported changed, the expected share of false alarms is at most the
/// false-discovery rate. A case is same unless its corrected p-value in one direction is within that rate.
/// With several launches a side, the shift must also exceed the spread between launches of the same side: a case is
/// slower only if diff ÷ base (ratio of pooled medians) is above 1 + spread, faster only if below 1 ÷ (1 + spread),
/// where the spread is the largest ratio between two launch medians of the same side, minus one. A process-to-process
/// offset (JIT, code alignment, machine state) moves every sample of a launch alike, so the samples of one launch
/// cannot show it and the significance test alone takes it for a change; the spread can. With one launch a side the
/// spread is 0 and the rule is the single-launch one.
/// When both runs timed the case in interleaved rounds, its change there (<see cref="RoundsChange"/>: relative to the
/// unchanged rows of its table, or its own rounds when it was alone) must also be beyond the threshold in the same
/// direction. Drift between runs made separately moves every row of a table alike and cancels from that change; a change
/// in the case's own code does not.
/// </summary>
public static class CaseComparer
{
    /// <summary>
    /// Share of the threshold the significance test must clear. Confirming that a 10% loss exceeds a 5% threshold
    /// with 15 samples of 5% CV is beyond any test's power (63% of such cases in the simulation tests), confirming
    /// that it exceeds half of it still misses 7%, a quarter detects over 95%. The point estimate (ratio of medians)
    /// then decides whether the change is beyond the threshold itself, so a 2% change is never reported.
    /// </summary>
    internal const double SignificanceShare = 0.25;

    public static IReadOnlyList<CaseDecision> Decide(IReadOnlyList<SamplePair> pairs, ComparisonSettings settings)
    {
        var significance = (settings with { Threshold = settings.Threshold * SignificanceShare }).PerfolizerThreshold;
        var pSlower = new double[pairs.Count];
        var pFaster = new double[pairs.Count];
        for (var i = 0; i < pairs.Count; i++)
        {
            var baseSample = new Sample(pairs[i].BaseNs.ToArray(), TimeUnit.Nanosecond);
            var diffSample = new Sample(pairs[i].DiffNs.ToArray(), TimeUnit.Nanosecond);
            // Perfolizer shifts the second sample by the threshold: "x greater than y beyond the threshold", both ways round.
            pSlower[i] = MannWhitneyTest.Instance.Perform(diffSample, baseSample, AlternativeHypothesis.Greater, significance).PValue;
            pFaster[i] = MannWhitneyTest.Instance.Perform(baseSample, diffSample, AlternativeHypothesis.Greater, significance).PValue;
        }

        // Both directions of every case are hypotheses of the same family.
        var adjusted = BenjaminiHochberg([.. pSlower, .. pFaster]);
        var decisions = new CaseDecision[pairs.Count];
        for (var i = 0; i < pairs.Count; i++)
        {
            var qSlower = adjusted[i];
            var qFaster = adjusted[pairs.Count + i];
            var baseMedian = SampleStatistics.Median(pairs[i].BaseNs);
            var diffMedian = SampleStatistics.Median(pairs[i].DiffNs);
            var beyond = Math.Abs(diffMedian - baseMedian) > Math.Max(settings.Threshold * baseMedian, settings.NoiseNs);
            var slower = beyond && qSlower <= settings.FalseDiscoveryRate && diffMedian > baseMedian;
            var faster = beyond && qFaster <= settings.FalseDiscoveryRate && diffMedian < baseMedian;
            var spread = LaunchSpread(pairs[i]);
            var ratio = diffMedian / baseMedian;
            var beyondSpread = ratio > 1 + spread || ratio < 1 / (1 + spread);
            var rounds = pairs[i].Rounds;
            var roundsAgree = rounds is null
                || (slower && rounds.Change > 1 + settings.Threshold)
                || (faster && rounds.Change < 1 / (1 + settings.Threshold));
            var verdict = slower && beyondSpread && roundsAgree ? Verdict.Slower
                : faster && beyondSpread && roundsAgree ? Verdict.Faster
                : Verdict.Same;
            decisions[i] = new CaseDecision(verdict, baseMedian, diffMedian, pSlower[i], pFaster[i], qSlower, qFaster, Modality(pairs[i]))
            {
                LaunchSpread = spread,
                WithinLaunchSpread = (slower || faster) && !beyondSpread,
                Rounds = rounds,
                WithinRounds = (slower || faster) && beyondSpread && !roundsAgree,
            };
        }

        return decisions;
    }

    /// <summary>The largest ratio between the medians of two launches of the same side, minus one; 0 with one launch a side.</summary>
    public static double LaunchSpread(SamplePair pair)
    {
        static double Of(IReadOnlyList<IReadOnlyList<double>> launches)
        {
            if (launches.Count < 2)
            {
                return 0;
            }

            var medians = launches.Select(SampleStatistics.Median).ToArray();
            return (medians.Max() / medians.Min()) - 1;
        }

        return Math.Max(Of(pair.BaseLaunches), Of(pair.DiffLaunches));
    }

    /// <summary>Benjamini–Hochberg adjusted p-values (step-up, monotone), in the input order.</summary>
    public static double[] BenjaminiHochberg(IReadOnlyList<double> pValues)
    {
        var m = pValues.Count;
        var order = Enumerable.Range(0, m).OrderBy(i => pValues[i]).ToArray();
        var adjusted = new double[m];
        var running = 1.0;
        for (var rank = m; rank >= 1; rank--)
        {
            var index = order[rank - 1];
            running = Math.Min(running, pValues[index] * m / rank);
            adjusted[index] = running;
        }

        return adjusted;
    }

    private static string? Modality(SamplePair pair)
    {
        // Per launch: launches pooled are several modes whenever their processes differ, which the spread reports.
        string? Describe(string side, IReadOnlyList<double> values) => SampleModality.Describe(values) is { } reading ? $"{side} {reading}" : null;
        IEnumerable<string?> Side(string side, IReadOnlyList<IReadOnlyList<double>> launches) => launches.Count == 1
            ? [Describe(side, launches[0])]
            : launches.Select((l, n) => Describe($"{side} launch {n + 1}", l));
        var warnings = Side("base", pair.BaseLaunches).Concat(Side("diff", pair.DiffLaunches)).Where(w => w is not null).ToArray();
        return warnings.Length == 0 ? null : string.Join("; ", warnings);
    }
}
