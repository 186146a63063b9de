using CryptoHarness.Leaks;

namespace CryptoHarness.Tests.Unit;

/// <summary>The statistics of <c>harness leaks</c> on known and generated inputs; nothing here is a timing.</summary>
public sealed class LeakStatisticsTests
{
    [Fact]
    public void Welford_gives_the_two_pass_mean_and_variance_and_merging_equals_adding()
    {
        double[] values = [4, 7, 13, 16, 1e9 + 4, 1e9 + 7];
        var all = Statistics(values);
        var mean = values.Average();
        var variance = values.Sum(v => (v - mean) * (v - mean)) / (values.Length - 1);

        Assert.Equal(values.Length, all.Count);
        Assert.Equal(mean, all.Mean, 6);
        Assert.Equal(variance, all.Variance, variance * 1e-12);

        var merged = OnlineStatistics.Merge(Statistics(values[..2]), Statistics(values[2..]));
        Assert.Equal(all.Count, merged.Count);
        Assert.Equal(all.Mean, merged.Mean, 6);
        Assert.Equal(all.Variance, merged.Variance, variance * 1e-12);
        Assert.Equal(all.Mean, OnlineStatistics.Merge(default, all).Mean);
    }

    [Fact]
    public void Welch_t_on_known_inputs()
    {
        // A: mean 3, s² 2.5; B: mean 6, s² 10; t = (3 − 6) / √(2.5/5 + 10/5) = −3/√2.5.
        var a = Statistics([1, 2, 3, 4, 5]);
        var b = Statistics([2, 4, 6, 8, 10]);

        Assert.Equal(-3 / Math.Sqrt(2.5), WelchTest.T(a, b), 12);
        Assert.Equal(3 / Math.Sqrt(2.5), WelchTest.T(b, a), 12);
        Assert.Equal(Math.Sqrt(2.5), WelchTest.StandardError(a, b), 12);
    }

    [Fact]
    public void Welch_t_edge_cases_are_defined()
    {
        Assert.Equal(0, WelchTest.T(Statistics([1]), Statistics([1, 2, 3])));
        Assert.Equal(0, WelchTest.T(Statistics([5, 5, 5]), Statistics([5, 5])));
        Assert.Equal(double.NegativeInfinity, WelchTest.T(Statistics([5, 5, 5]), Statistics([6, 6])));
    }

    [Fact]
    public void A_synthetic_leak_is_found()
    {
        // Class B is 1% slower on average (100 vs 101, s = 5, 20,000 each): t ≈ 1 / (5·√(2/20000)) = 20.
        var tests = Generate(seed: 1, count: 40_000, (random, inputClass) => Normal(random, 100 + inputClass, 5));

        var largest = tests.Results().Max(t => Math.Abs(t.T));
        Assert.True(largest > Results.LeakRecord.Threshold, $"max |t| = {largest}");
    }

    [Fact]
    public void Identical_distributions_are_not_flagged_at_a_fixed_seed()
    {
        // Skewed with a long tail, like timings; the same for both classes.
        var tests = Generate(seed: 2, count: 40_000, (random, _) => 1000 + (50 * -Math.Log(1 - random.NextDouble())) + Normal(random, 0, 3));

        var results = tests.Results();
        Assert.Equal(CroppedTTests.Crops + 1, results.Count);
        Assert.All(results, t => Assert.True(Math.Abs(t.T) <= Results.LeakRecord.Threshold, $"|t| = {Math.Abs(t.T)} at {t.KeptFraction}"));
    }

    [Fact]
    public void Cropping_finds_a_small_difference_that_a_long_tail_hides()
    {
        // 0.2 apart with s = 1, but 5% of measurements of both classes are interrupted by up to 100,000: the uncropped
        // means are swamped by the tail, the cropped ones are not.
        var tests = Generate(seed: 3, count: 40_000, (random, inputClass) =>
            Normal(random, 100 + (0.2 * inputClass), 1) + (random.NextDouble() < 0.05 ? 1000 + (random.NextDouble() * 100_000) : 0));

        var results = tests.Results();
        Assert.Null(results[0].KeptFraction);
        Assert.True(Math.Abs(results[0].T) < Results.LeakRecord.Threshold, $"uncropped |t| = {Math.Abs(results[0].T)}");
        var largest = results.MaxBy(t => Math.Abs(t.T))!;
        Assert.True(Math.Abs(largest.T) > Results.LeakRecord.Threshold, $"max |t| = {Math.Abs(largest.T)}");
        Assert.True(largest.KeptFraction < 0.95, $"kept {largest.KeptFraction}");
    }

    [Fact]
    public void Crops_keep_the_values_below_dudect_percentiles_of_the_first_sample()
    {
        // The sample 0..9999: each threshold is the sample's value at its fraction, 1 − 0.5^(10·i/100).
        var tests = new CroppedTTests(Enumerable.Range(0, 10_000).Select(i => (double)i).ToArray());
        Assert.Equal(0.0670, CroppedTTests.CropFractions[0], 4);
        Assert.Equal(1 - Math.Pow(0.5, 10), CroppedTTests.CropFractions[^1], 12);
        Assert.Equal(CroppedTTests.CropFractions.Select(f => Math.Floor(f * 10_000)), tests.Thresholds);

        // A value exactly at a threshold is not below it (dudect keeps x < threshold); just under it is.
        var threshold = tests.Thresholds[10];
        tests.Add(0, threshold);
        tests.Add(1, threshold - 0.5);
        tests.Add(1, 1e9);

        var results = tests.Results();
        Assert.Equal(1, results[0].A.Count);
        Assert.Equal(2, results[0].B.Count);
        for (var crop = 0; crop < CroppedTTests.Crops; crop++)
        {
            var kept = results[crop + 1];
            Assert.Equal(CroppedTTests.CropFractions[crop], kept.KeptFraction);
            Assert.Equal(tests.Thresholds[crop] > threshold ? 1 : 0, kept.A.Count);
            Assert.Equal(tests.Thresholds[crop] > threshold - 0.5 ? 1 : 0, kept.B.Count);
        }
    }

    [Fact]
    public void Without_a_sample_there_is_only_the_uncropped_test()
    {
        var tests = new CroppedTTests([]);
        tests.Add(0, 1);
        tests.Add(1, 2);
        Assert.Single(tests.Results());
    }

    private static OnlineStatistics Statistics(IEnumerable<double> values)
    {
        var statistics = default(OnlineStatistics);
        foreach (var value in values)
        {
            statistics.Add(value);
        }

        return statistics;
    }

    /// <summary>A first sample of 1,000 for the thresholds, then <paramref name="count"/> values of classes drawn at random.</summary>
    private static CroppedTTests Generate(int seed, int count, Func<Random, int, double> draw)
    {
        var random = new Random(seed);
        var tests = new CroppedTTests(Enumerable.Range(0, 1000).Select(i => draw(random, i & 1)).ToArray());
        for (var i = 0; i < count; i++)
        {
            var inputClass = random.Next(2);
            tests.Add(inputClass, draw(random, inputClass));
        }

        return tests;
    }

    /// <summary>Box–Muller.</summary>
    private static double Normal(Random random, double mean, double deviation) =>
        mean + (deviation * Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble()));
}
