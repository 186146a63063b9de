using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>
/// The decision for one paired case. <see cref="Ratio"/> is the median of the per-round ratios head ÷ base, with its
/// distribution-free interval; the medians are of each side's per-round times, for the table.
/// </summary>
public sealed record PairedDecision(Verdict Verdict, PairedRatioEstimate Ratio, double BaseMedianNs, double HeadMedianNs, double PSlower, double PFaster, double QSlower, double QFaster);

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
/// </summary>
public static class PairedComparer
{
    public static IReadOnlyList<PairedDecision> Decide(IReadOnlyList<(IReadOnlyList<double> BaseNs, IReadOnlyList<double> HeadNs)> cases, ComparisonSettings settings)
    {
        var limit = 1 + (settings.Threshold * CaseComparer.SignificanceShare);
        var ratios = cases.Select(c => PairedRatio.Ratios(c.HeadNs, c.BaseNs)).ToArray();
        var pSlower = ratios.Select(r => PairedRatio.SignTestAbove(r, limit)).ToArray();
        var pFaster = ratios.Select(r => PairedRatio.SignTestBelow(r, 1 / limit)).ToArray();
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
            decisions[i] = new PairedDecision(verdict, estimate, baseMedian, headMedian, pSlower[i], pFaster[i], qSlower, qFaster);
        }

        return decisions;
    }
}
