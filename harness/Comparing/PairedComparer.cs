using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>
/// The decision for one paired case. <see cref="Ratio"/> is the median of the per-round ratios head ÷ base, with its
/// distribution-free interval; the medians are of each side's per-round times, for the table.
/// </summary>
public sealed record PairedDecision(Verdict Verdict, PairedRatioEstimate Ratio, double BaseMedianNs, double HeadMedianNs, double PSlower, double PFaster, double QSlower, double QFaster)
{
    /// <summary>With copies: each side's copies relative to their rounds (see <see cref="PairedCopies.RelativeTimes"/>), base then head.</summary>
    public (IReadOnlyList<double> Base, IReadOnlyList<double> Head)? CopyTimes { get; init; }

    /// <summary>Copies of each build timed; 1 when the case was measured (or saved) with one copy a side.</summary>
    public int Copies => CopyTimes?.Base.Count ?? 1;
}

/// <summary>
/// One paired case's measurement: per round, the base's and the head's time per call (the geometric mean over copies
/// when there are several), and, with copies, every copy's rounds.
/// </summary>
public sealed record PairedSamples(IReadOnlyList<double> BaseNs, IReadOnlyList<double> HeadNs, IReadOnlyList<IReadOnlyList<double>>? BaseCopiesNs = null, IReadOnlyList<IReadOnlyList<double>>? HeadCopiesNs = null);

/// <summary>
/// Decides slower / faster / same for cases whose base and head were timed in the same rounds. Per case, the per-round
/// ratios head ÷ base are tested with the one-sided sign test each way, against 1 + a quarter of the threshold
/// (<see cref="CaseComparer.SignificanceShare"/>, as <c>compare</c> tests against it) and its reciprocal: under "the
/// median ratio is at that limit", every round is a fair coin above or below it, whatever the machine did, because both
/// sides of a round ran in it. Across cases, the p-values of both directions are corrected together with
/// Benjamini–Hochberg (<see cref="CaseComparer.BenjaminiHochberg"/>) at the comparison's false-discovery rate. A case
/// is slower when its corrected p-value is within that rate and the median ratio is above 1 + the threshold (and the
/// medians differ by more than the noise floor); faster likewise below 1 ÷ (1 + the threshold). The same threshold,
/// rate and verdicts as <c>compare</c>, on paired ratios instead of two independent samples; no launch spread, since
/// both sides share one process.
/// <para>
/// With several copies of each build (each in its own load context, so with its own code placement), a direction's
/// p-value is instead Mann–Whitney's across copies (<see cref="PairedCopies.RankTestAbove"/>, against the same limit),
/// each copy's observation being its time relative to every round's geometric mean of all copies, median over rounds:
/// so drift still cancels round by round, and a change must stand out from the spread between copies of one build,
/// which the sign test cannot see because every round runs the same copies. When nothing changed, every copy of either
/// build is a draw from the same placements and the same rounds' noise, so the test is exact whatever their shape.
/// </para>
/// </para>
/// </summary>
public static class PairedComparer
{
    public static IReadOnlyList<PairedDecision> Decide(IReadOnlyList<PairedSamples> cases, ComparisonSettings settings)
    {
        var limit = 1 + (settings.Threshold * CaseComparer.SignificanceShare);
        var ratios = cases.Select(c => PairedRatio.Ratios(c.HeadNs, c.BaseNs)).ToArray();
        var copyTimes = cases.Select(c => c.BaseCopiesNs is { Count: >= 2 } baseCopies && c.HeadCopiesNs is { Count: >= 2 } headCopies
            ? PairedCopies.RelativeTimes(baseCopies, headCopies)
            : ((double[] Base, double[] Head)?)null).ToArray();
        var pSlower = ratios.Select((r, i) => copyTimes[i] is { } t ? PairedCopies.RankTestAbove(t.Head, t.Base, limit) : PairedRatio.SignTestAbove(r, limit)).ToArray();
        var pFaster = ratios.Select((r, i) => copyTimes[i] is { } t ? PairedCopies.RankTestAbove(t.Base, t.Head, limit) : PairedRatio.SignTestBelow(r, 1 / limit)).ToArray();
        var adjusted = CaseComparer.BenjaminiHochberg([.. pSlower, .. pFaster]);
        var decisions = new PairedDecision[cases.Count];
        for (var i = 0; i < cases.Count; i++)
        {
            var estimate = PairedRatio.Of(cases[i].HeadNs, cases[i].BaseNs);
            var baseMedian = SampleStatistics.Median(cases[i].BaseNs);
            var headMedian = SampleStatistics.Median(cases[i].HeadNs);
            var qSlower = adjusted[i];
            var qFaster = adjusted[cases.Count + i];
            var aboveNoise = Math.Abs(headMedian - baseMedian) > settings.NoiseNs;
            var verdict = aboveNoise && qSlower <= settings.FalseDiscoveryRate && estimate.Ratio > 1 + settings.Threshold ? Verdict.Slower
                : aboveNoise && qFaster <= settings.FalseDiscoveryRate && estimate.Ratio < 1 / (1 + settings.Threshold) ? Verdict.Faster
                : Verdict.Same;
            decisions[i] = new PairedDecision(verdict, estimate, baseMedian, headMedian, pSlower[i], pFaster[i], qSlower, qFaster)
            {
                CopyTimes = copyTimes[i] is { } t ? (t.Base, t.Head) : null,
            };
        }

        return decisions;
    }
}
