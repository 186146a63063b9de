using Perfolizer.Mathematics.SignificanceTesting.MannWhitney;
using Perfolizer.Mathematics.SignificanceTesting.Base;
using Perfolizer.Metrology;
using Pragmastat;
using Pragmastat.Metrology;

namespace CryptoHarness.Statistics;

/// <summary>
/// Several copies of each side of a paired case, every copy in every round. Each copy of a build is loaded into a load
/// context of its own, so the JIT places its code (and the branch predictor and the micro-op cache see it) at other
/// addresses: in A/A pairs of one build on this machine, two copies of managed SHA-256 at 128 B differed by up to 5%,
/// with tight intervals, either way round from one process to the next. The rounds cannot see that (every round runs
/// the same two copies), so a case is also tested across copies: does the head's set of copies differ from the base's
/// beyond the spread of copies within each side?
/// </summary>
public static class PairedCopies
{
    /// <summary>Per round, the geometric mean of the copies' times: one side's time in that round, whatever its placement.</summary>
    public static double[] PerRoundGeometricMean(IReadOnlyList<IReadOnlyList<double>> copies)
    {
        if (copies.Count == 0)
        {
            throw new ArgumentException("a side needs at least one copy", nameof(copies));
        }

        return Enumerable.Range(0, copies[0].Count).Select(round => SampleStatistics.GeometricMean(copies.Select(copy => copy[round]))!.Value).ToArray();
    }

    /// <summary>
    /// Each copy's time relative to its round: per round, the copy's time ÷ the geometric mean of every copy of both sides
    /// in that round, median over the rounds. What the rounds share (drift, a neighbour) cancels; what stays is the copy's
    /// own speed, placement included.
    /// </summary>
    public static (double[] Base, double[] Head) RelativeTimes(IReadOnlyList<IReadOnlyList<double>> baseCopies, IReadOnlyList<IReadOnlyList<double>> headCopies)
    {
        var all = baseCopies.Concat(headCopies).ToArray();
        var reference = PerRoundGeometricMean(all);
        double[] Of(IReadOnlyList<IReadOnlyList<double>> copies) =>
            copies.Select(copy => SampleStatistics.Median(PairedRatio.Ratios(copy, reference))).ToArray();
        return (Of(baseCopies), Of(headCopies));
    }

    /// <summary>
    /// Mann–Whitney's one-sided test (Perfolizer's) that the copies of <paramref name="greater"/> take more than
    /// <paramref name="limit"/> times as long as those of <paramref name="other"/>: each copy is one observation, so the
    /// spread between copies of one side is the noise the difference has to exceed. A rank test, because placement is
    /// not normal (a copy is often either on a good or a bad footing) and one copy that landed badly must not widen the
    /// test's idea of the noise for all the others, as it does for a t-test; and because, when nothing changed, every
    /// copy of either build is a draw from the same placements, so the ranks are exchangeable and the p-value is exact.
    /// With k copies a side its smallest p-value is 1 ÷ C(2k, k): 1/70 at four copies, too coarse to survive
    /// Benjamini–Hochberg over many cases; 1/12870 at eight. 1 when the test cannot be made (fewer than two copies a side).
    /// </summary>
    public static double RankTestAbove(IReadOnlyList<double> greater, IReadOnlyList<double> other, double limit)
    {
        if (greater.Count < 2 || other.Count < 2 || !(limit >= 1))
        {
            return 1;
        }

        var threshold = Threshold.Parse(FormattableString.Invariant($"{(limit - 1) * 100:0.######}%"));
        double p = MannWhitneyTest.Instance.Perform(new Sample(greater, NumberUnit.Instance), new Sample(other, NumberUnit.Instance), AlternativeHypothesis.Greater, threshold).PValue;
        return double.IsFinite(p) ? p : 1;
    }
}
