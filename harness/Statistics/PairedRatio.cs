namespace CryptoHarness.Statistics;

/// <summary>
/// The ratio of two sides timed in the same rounds: the median of their per-round ratios, with the distribution-free
/// interval for a median (order statistics of the ratios, the binomial argument of the sign test). Pairing by round
/// removes what the rounds share (drift, frequency, a neighbour's load) before anything is summarised.
/// </summary>
public sealed record PairedRatioEstimate(double Ratio, double Lower, double Upper, int Rounds, double Confidence);

public static class PairedRatio
{
    /// <summary>Median of <c>numerator[i] / denominator[i]</c>, with an interval covering the true median at least at <paramref name="confidence"/>.</summary>
    public static PairedRatioEstimate Of(IReadOnlyList<double> numerator, IReadOnlyList<double> denominator, double confidence = 0.95)
    {
        var ratios = Ratios(numerator, denominator);
        Array.Sort(ratios);
        var (lower, upper, covered) = MedianInterval(ratios.Length, confidence);
        return new PairedRatioEstimate(SampleStatistics.Median(ratios), ratios[lower], ratios[upper], ratios.Length, covered);
    }

    /// <summary>The per-round ratios, checked for equal length and positive finite times.</summary>
    public static double[] Ratios(IReadOnlyList<double> numerator, IReadOnlyList<double> denominator)
    {
        if (numerator.Count != denominator.Count || numerator.Count == 0)
        {
            throw new ArgumentException($"paired rounds must have the same, non-zero count, not {numerator.Count} and {denominator.Count}");
        }

        var ratios = new double[numerator.Count];
        for (var i = 0; i < ratios.Length; i++)
        {
            if (!(numerator[i] > 0 && denominator[i] > 0 && double.IsFinite(numerator[i]) && double.IsFinite(denominator[i])))
            {
                throw new ArgumentException($"round {i} has a time that is not a positive finite number");
            }

            ratios[i] = numerator[i] / denominator[i];
        }

        return ratios;
    }

    /// <summary>
    /// One-sided sign test: the probability, if the median per-round ratio were exactly <paramref name="limit"/>, of
    /// seeing at least as many rounds above it as here. Rounds equal to the limit count half each way.
    /// </summary>
    public static double SignTestAbove(IReadOnlyList<double> ratios, double limit)
    {
        double above = ratios.Count(r => r > limit) + (0.5 * ratios.Count(r => r == limit));
        var n = ratios.Count;
        var atLeast = (int)Math.Ceiling(above);
        return atLeast <= 0 ? 1.0 : 1.0 - BinomialHalfCdf(n, atLeast - 1);
    }

    /// <summary>As <see cref="SignTestAbove"/>, for rounds below the limit.</summary>
    public static double SignTestBelow(IReadOnlyList<double> ratios, double limit) =>
        SignTestAbove(ratios.Select(r => 1 / r).ToArray(), 1 / limit);

    /// <summary>
    /// Zero-based indices (k, n−1−k) of the sorted values whose range covers the median at least at <paramref name="confidence"/>:
    /// the range misses the median only when k + 1 or fewer values fall on one side of it, so its coverage is
    /// 1 − 2·P(Binomial(n, ½) ≤ k), and k is the largest keeping that at or above the confidence. Below six values no
    /// range reaches 95%; then the whole range is returned with the coverage it has.
    /// </summary>
    public static (int Lower, int Upper, double Coverage) MedianInterval(int n, double confidence)
    {
        var tail = (1 - confidence) / 2;
        // The CDF grows by one term per step, the same terms in the same order as BinomialHalfCdf sums them, rather than
        // being summed again from zero for every k: linear in the rounds, not quadratic (10,000 rounds took seconds a
        // pair, and a comparison pairs every two rows of a table).
        var logHalfPowN = n * Math.Log(0.5);
        var logChoose = 0.0;
        var cdf = n > 0 ? Math.Exp(logHalfPowN) : 1;
        var k = 0;
        while (k + 1 <= n - 2 - k)
        {
            logChoose += Math.Log(n - k) - Math.Log(k + 1);
            var next = cdf + Math.Exp(logChoose + logHalfPowN);
            if (Math.Min(next, 1) > tail)
            {
                break;
            }

            cdf = next;
            k++;
        }

        return (k, n - 1 - k, 1 - (2 * Math.Min(cdf, 1)));
    }

    /// <summary>P(X ≤ k) for X ~ Binomial(n, ½), summed in log space so large n neither overflows nor underflows.</summary>
    public static double BinomialHalfCdf(int n, int k)
    {
        if (k < 0)
        {
            return 0;
        }

        if (k >= n)
        {
            return 1;
        }

        var logHalfPowN = n * Math.Log(0.5);
        double sum = 0;
        var logChoose = 0.0;
        for (var i = 0; i <= k; i++)
        {
            if (i > 0)
            {
                logChoose += Math.Log(n - i + 1) - Math.Log(i);
            }

            sum += Math.Exp(logChoose + logHalfPowN);
        }

        return Math.Min(sum, 1);
    }
}
