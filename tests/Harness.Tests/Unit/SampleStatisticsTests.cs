using CryptoHarness.Statistics;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The shared statistics give the same bits as the expressions they replaced (the committed reports re-render
/// byte-identically only if they do), on random samples of both parities and on the edge cases.
/// </summary>
public sealed class SampleStatisticsTests
{
    [Fact]
    public void The_median_is_the_middle_value_or_the_mean_of_the_two_middle_values_to_the_bit()
    {
        var random = new Random(7);
        for (var n = 1; n <= 41; n++)
        {
            var values = Enumerable.Range(0, n).Select(_ => Math.Exp(random.NextDouble() * 20)).ToArray();
            var sorted = values.Order().ToArray();
            var expected = n % 2 == 1 ? sorted[n / 2] : (sorted[(n / 2) - 1] + sorted[n / 2]) / 2;
            Assert.Equal(BitConverter.DoubleToInt64Bits(expected), BitConverter.DoubleToInt64Bits(SampleStatistics.Median(values)));
        }

        Assert.Equal(2.5, SampleStatistics.Median([4, 1, 3, 2]));
        Assert.Throws<ArgumentException>(() => SampleStatistics.Median([]));
    }

    [Fact]
    public void The_geometric_mean_is_exp_of_the_mean_log_to_the_bit_and_null_for_no_values()
    {
        var random = new Random(8);
        var ratios = Enumerable.Range(0, 200).Select(_ => 0.5 + random.NextDouble()).ToArray();
        Assert.Equal(BitConverter.DoubleToInt64Bits(Math.Exp(ratios.Average(Math.Log))),
            BitConverter.DoubleToInt64Bits(SampleStatistics.GeometricMean(ratios)!.Value));
        Assert.Equal(1.0, SampleStatistics.GeometricMean([2.0, 0.5])!.Value, 15);
        Assert.Null(SampleStatistics.GeometricMean([]));
    }

    [Fact]
    public void The_coefficient_of_variation_needs_a_deviation_and_a_positive_mean()
    {
        Assert.Equal(0.06, SampleStatistics.CoefficientOfVariation(60, 1000));
        Assert.Null(SampleStatistics.CoefficientOfVariation(null, 1000));
        Assert.Null(SampleStatistics.CoefficientOfVariation(60, 0));
    }

    [Fact]
    public void The_nearest_rank_quantile_takes_the_smallest_value_covering_the_share()
    {
        double[] ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        Assert.Equal(9, SampleStatistics.NearestRank(ten, 0.9));
        Assert.Equal(1, SampleStatistics.NearestRank(ten, 0.1));
        Assert.Equal(1, SampleStatistics.NearestRank(ten, 0));
        Assert.Equal(10, SampleStatistics.NearestRank(ten, 1));
        Assert.Throws<ArgumentException>(() => SampleStatistics.NearestRank([], 0.5));
    }
}
