using CryptoHarness.Statistics;

namespace CryptoHarness.Tests.Unit;

public sealed class PairedRatioTests
{
    [Fact]
    public void The_ratio_is_the_median_of_per_round_ratios_not_the_ratio_of_medians()
    {
        // Rounds 3 and 5 are slow for both sides (a neighbour's burst); per round, a stays about twice b.
        double[] a = [10, 12, 40, 11, 30];
        double[] b = [5, 6.5, 20, 5, 14];
        var estimate = PairedRatio.Of(a, b);
        Assert.Equal(2.0, estimate.Ratio);
        Assert.Equal(5, estimate.Rounds);
        Assert.NotEqual(SampleStatistics.Median(a) / SampleStatistics.Median(b), estimate.Ratio);
    }

    [Theory]
    // n, confidence → zero-based lower index; coverage 1 − 2·P(Bin(n, ½) ≤ k) from the binomial table.
    [InlineData(21, 0.95, 5, 0.97338)]
    [InlineData(10, 0.95, 1, 0.97852)]
    [InlineData(5, 0.95, 0, 0.9375)]
    [InlineData(100, 0.95, 39, 0.96480)]
    public void The_median_interval_takes_the_order_statistics_the_binomial_gives(int n, double confidence, int lower, double coverage)
    {
        var (low, high, covered) = PairedRatio.MedianInterval(n, confidence);
        Assert.Equal(lower, low);
        Assert.Equal(n - 1 - lower, high);
        Assert.Equal(coverage, covered, 4);
    }

    [Fact]
    public void The_binomial_tail_matches_exact_sums()
    {
        Assert.Equal(1.0 / 32, PairedRatio.BinomialHalfCdf(5, 0), 12);
        Assert.Equal(6.0 / 32, PairedRatio.BinomialHalfCdf(5, 1), 12);
        Assert.Equal(0.5, PairedRatio.BinomialHalfCdf(9, 4), 12);
        Assert.Equal(1.0, PairedRatio.BinomialHalfCdf(9, 9));
        Assert.Equal(0.0, PairedRatio.BinomialHalfCdf(9, -1));
        // Large n stays finite and symmetric.
        Assert.Equal(0.5, PairedRatio.BinomialHalfCdf(2001, 1000), 9);
    }

    [Fact]
    public void The_sign_test_rejects_only_when_most_rounds_are_past_the_limit()
    {
        double[] allAbove = Enumerable.Repeat(1.1, 20).ToArray();
        double[] half = [.. Enumerable.Repeat(1.1, 10), .. Enumerable.Repeat(0.95, 10)];
        Assert.Equal(Math.Pow(0.5, 20), PairedRatio.SignTestAbove(allAbove, 1.05), 12);
        Assert.True(PairedRatio.SignTestAbove(half, 1.05) > 0.5);
        Assert.True(PairedRatio.SignTestBelow(half, 1.05) > 0.5);
        Assert.Equal(Math.Pow(0.5, 20), PairedRatio.SignTestBelow(Enumerable.Repeat(0.9, 20).ToArray(), 1.0), 12);
        Assert.Equal(1.0, PairedRatio.SignTestAbove(half, 2));
    }

    [Fact]
    public void Unpaired_or_non_positive_rounds_are_refused()
    {
        Assert.Throws<ArgumentException>(() => PairedRatio.Of([1, 2], [1]));
        Assert.Throws<ArgumentException>(() => PairedRatio.Of([1, 0], [1, 1]));
        Assert.Throws<ArgumentException>(() => PairedRatio.Of([1, double.NaN], [1, 1]));
        Assert.Throws<ArgumentException>(() => PairedRatio.Of([], []));
    }
}
