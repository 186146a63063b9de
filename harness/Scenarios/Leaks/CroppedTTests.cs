namespace CryptoHarness.Leaks;

/// <summary>One Welch test of the two classes: uncropped (<see cref="KeptFraction"/> null), or over the measurements below a percentile.</summary>
public sealed record TTestResult(double? KeptFraction, OnlineStatistics A, OnlineStatistics B)
{
    public double T => WelchTest.T(A, B);
}

/// <summary>
/// The first-order tests dudect runs on one stream of measurements (Reparaz, Balasch and Verbauwhede, "Dude, is my code
/// constant time?", DATE 2017; the reference code's <c>prepare_percentiles</c> and <c>update_statistics</c>): Welch's t
/// over every measurement, and over the measurements below each of <see cref="Crops"/> thresholds, the percentiles
/// 1 − 0.5^(10·(i+1)/100) of a first sample. Cropping drops the long upper tail (interrupts, page faults, a collection)
/// that swamps a small difference in the mean. Each value lands in one of 101 buckets between consecutive thresholds
/// (O(log 100) per value, not 101 updates); a crop is the merge of the buckets below its threshold.
/// </summary>
public sealed class CroppedTTests
{
    public const int Crops = 100;

    /// <summary>The fraction of a sample each crop keeps: 6.7% for the first, rising to 99.9% for the last.</summary>
    public static IReadOnlyList<double> CropFractions { get; } =
        Enumerable.Range(0, Crops).Select(i => 1 - Math.Pow(0.5, 10.0 * (i + 1) / Crops)).ToArray();

    private readonly double[] _thresholds;

    /// <summary>[class][bucket]: bucket j holds the values with j thresholds at or below them.</summary>
    private readonly OnlineStatistics[][] _buckets;

    /// <summary>Thresholds from <paramref name="sample"/> (which is not itself counted); with no sample, only the uncropped test.</summary>
    public CroppedTTests(IReadOnlyCollection<double> sample)
    {
        ArgumentNullException.ThrowIfNull(sample);
        var sorted = sample.Order().ToArray();
        _thresholds = sorted.Length == 0 ? [] : CropFractions.Select(f => sorted[(int)(f * sorted.Length)]).ToArray();
        _buckets = [new OnlineStatistics[_thresholds.Length + 1], new OnlineStatistics[_thresholds.Length + 1]];
    }

    public IReadOnlyList<double> Thresholds => _thresholds;

    /// <summary>Adds one measurement of class 0 (A) or 1 (B).</summary>
    public void Add(int inputClass, double value) => _buckets[inputClass][BucketOf(value)].Add(value);

    /// <summary>The uncropped test first, then one per crop, each over the measurements below its threshold (dudect keeps x &lt; threshold).</summary>
    public IReadOnlyList<TTestResult> Results()
    {
        var results = new List<TTestResult>(_thresholds.Length + 1);
        var a = default(OnlineStatistics);
        var b = default(OnlineStatistics);
        for (var crop = 0; crop < _thresholds.Length; crop++)
        {
            a = OnlineStatistics.Merge(a, _buckets[0][crop]);
            b = OnlineStatistics.Merge(b, _buckets[1][crop]);
            results.Add(new TTestResult(CropFractions[crop], a, b));
        }

        a = OnlineStatistics.Merge(a, _buckets[0][^1]);
        b = OnlineStatistics.Merge(b, _buckets[1][^1]);
        results.Insert(0, new TTestResult(null, a, b));
        return results;
    }

    /// <summary>The number of thresholds at or below <paramref name="value"/>: the first crop that includes it.</summary>
    private int BucketOf(double value)
    {
        var (low, high) = (0, _thresholds.Length);
        while (low < high)
        {
            var middle = (low + high) >>> 1;
            if (_thresholds[middle] <= value)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }

        return low;
    }
}
