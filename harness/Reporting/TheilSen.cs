using CryptoHarness.Statistics;

namespace CryptoHarness.Reporting;

/// <summary>A fitted line y = a + b·x and how closely it passes the points it was fitted to.</summary>
/// <param name="Intercept">a: for time against payload bytes, the fixed cost of a call in ns.</param>
/// <param name="Slope">b: for time against payload bytes, the cost of one more byte in ns.</param>
/// <param name="LargestRelativeResidual">The largest |y − (a + b·x)| ÷ y over the points.</param>
/// <param name="Points">How many distinct x the line was fitted to.</param>
public sealed record LineFit(double Intercept, double Slope, double LargestRelativeResidual, int Points);

/// <summary>
/// The Theil–Sen line (Theil 1950, Sen 1968): the slope is the median of the slopes between every pair of points, the
/// intercept the median of y − slope·x. A point far off the line moves neither median much where least squares would
/// bend towards it; a sweep has few sizes and one disturbed size is the usual fault. How much is "much" depends on the
/// count: with five or more points one wild point leaves both medians on the line; with four, the median of the six
/// slopes averages the third and fourth, so a wild point at either end (whose three slopes all lean one way) pulls the
/// slope by half of its least-leaning slope's error, while a wild point inside is still ignored. For many points up to
/// 29% may be wild.
/// </summary>
public static class TheilSen
{
    /// <summary>Two points always lie on a line; a third is the first that can disagree with it.</summary>
    public const int MinimumPoints = 3;

    /// <summary>
    /// The line through <paramref name="points"/>; null with fewer than <see cref="MinimumPoints"/> distinct x, or when a
    /// y is not a positive finite number (a time, which the relative residual divides by).
    /// </summary>
    public static LineFit? Fit(IReadOnlyList<(double X, double Y)> points)
    {
        var distinct = points.Select(p => p.X).Distinct().Count();
        if (distinct < MinimumPoints || points.Any(p => !double.IsFinite(p.X) || !double.IsFinite(p.Y) || p.Y <= 0))
        {
            return null;
        }

        var slopes = new List<double>();
        for (var i = 0; i < points.Count; i++)
        {
            for (var j = i + 1; j < points.Count; j++)
            {
                if (points[i].X != points[j].X)
                {
                    slopes.Add((points[j].Y - points[i].Y) / (points[j].X - points[i].X));
                }
            }
        }

        var slope = SampleStatistics.Median(slopes);
        var intercept = SampleStatistics.Median(points.Select(p => p.Y - (slope * p.X)).ToArray());
        var residual = points.Max(p => Math.Abs(p.Y - (intercept + (slope * p.X))) / p.Y);
        return new LineFit(intercept, slope, residual, distinct);
    }

    /// <summary>
    /// The x at which two lines meet, when it lies strictly between <paramref name="low"/> and <paramref name="high"/>;
    /// null for parallel lines or a meeting outside that range, where a line fitted to the range says nothing.
    /// </summary>
    public static double? Crossover(LineFit first, LineFit second, double low, double high)
    {
        var slopeGap = first.Slope - second.Slope;
        if (slopeGap == 0)
        {
            return null;
        }

        var x = (second.Intercept - first.Intercept) / slopeGap;
        return x > low && x < high ? x : null;
    }
}
