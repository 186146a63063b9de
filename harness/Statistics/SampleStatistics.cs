using Pragmastat;
using Pragmastat.Estimators;
using Pragmastat.Metrology;

namespace CryptoHarness.Statistics;

/// <summary>
/// The summary statistics every layer quotes (the median, the coefficient of variation, the geometric mean), computed in
/// this one place so that a run's table, its report and a comparison of two runs can never disagree on them.
/// </summary>
public static class SampleStatistics
{
    /// <summary>
    /// The sample median (the mean of the two middle values for an even count), by Pragmastat's estimator, which computes
    /// exactly that expression over the sorted values.
    /// </summary>
    public static double Median(IReadOnlyList<double> values)
    {
        if (values.Count == 0)
        {
            throw new ArgumentException("The median of no values is undefined.", nameof(values));
        }

        return MedianEstimator.Instance.Estimate(new Sample(values, NumberUnit.Instance)).NominalValue;
    }

    /// <summary>
    /// The nearest-rank quantile of values sorted ascending: the smallest value with at least that share of the values
    /// at or below it (the 90th percentile of ten values is the ninth).
    /// </summary>
    public static double NearestRank(IReadOnlyList<double> sorted, double quantile)
    {
        if (sorted.Count == 0)
        {
            throw new ArgumentException("The quantile of no values is undefined.", nameof(sorted));
        }

        return sorted[(int)Math.Clamp(Math.Ceiling(quantile * sorted.Count) - 1, 0, sorted.Count - 1)];
    }

    /// <summary>Standard deviation ÷ mean; null without a standard deviation or a positive mean, where it means nothing.</summary>
    public static double? CoefficientOfVariation(double? standardDeviation, double mean) =>
        standardDeviation is { } deviation && mean > 0 ? deviation / mean : null;

    /// <summary>
    /// exp(mean of the logarithms) of positive values: the average of ratios that treats 2× and 0.5× as opposites.
    /// Null for no values.
    /// </summary>
    public static double? GeometricMean(IEnumerable<double> values)
    {
        var logarithms = values.Select(value => Math.Log(value)).ToArray();
        return logarithms.Length == 0 ? null : Math.Exp(logarithms.Average());
    }
}
