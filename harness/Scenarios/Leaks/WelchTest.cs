namespace CryptoHarness.Leaks;

/// <summary>
/// Count, mean and sum of squared deviations of a stream of values, updated one value at a time (Welford, 1962) and
/// merged pairwise (Chan, Golub and LeVeque, 1979), so millions of timings need no storage and no second pass.
/// </summary>
public struct OnlineStatistics
{
    private double _sumOfSquares;

    public long Count { get; private set; }

    public double Mean { get; private set; }

    /// <summary>The sample variance (n − 1 in the denominator); 0 below two values.</summary>
    public readonly double Variance => Count > 1 ? _sumOfSquares / (Count - 1) : 0;

    public void Add(double value)
    {
        Count++;
        var delta = value - Mean;
        Mean += delta / Count;
        _sumOfSquares += delta * (value - Mean);
    }

    /// <summary>The statistics of the same values each multiplied by <paramref name="factor"/> (a change of unit).</summary>
    public readonly OnlineStatistics Scale(double factor) => this with
    {
        Mean = Mean * factor,
        _sumOfSquares = _sumOfSquares * factor * factor,
    };

    /// <summary>The statistics of both streams together, as if every value had been added to one.</summary>
    public static OnlineStatistics Merge(in OnlineStatistics a, in OnlineStatistics b)
    {
        if (a.Count == 0)
        {
            return b;
        }

        if (b.Count == 0)
        {
            return a;
        }

        var count = a.Count + b.Count;
        var delta = b.Mean - a.Mean;
        return new OnlineStatistics
        {
            Count = count,
            Mean = a.Mean + (delta * b.Count / count),
            _sumOfSquares = a._sumOfSquares + b._sumOfSquares + (delta * delta * a.Count * b.Count / count),
        };
    }
}

/// <summary>Welch's t-test for a difference of means with unequal variances, as dudect applies it.</summary>
public static class WelchTest
{
    /// <summary>
    /// t = (mean_A − mean_B) / √(s_A²/n_A + s_B²/n_B). 0 when a side has fewer than two values, or when both variances
    /// are 0 and the means are equal; ±∞ when the variances are 0 and the means differ (the classes never overlap).
    /// </summary>
    public static double T(in OnlineStatistics a, in OnlineStatistics b)
    {
        if (a.Count < 2 || b.Count < 2)
        {
            return 0;
        }

        var error = StandardError(a, b);
        var difference = a.Mean - b.Mean;
        return error > 0 ? difference / error
            : difference == 0 ? 0
            : difference > 0 ? double.PositiveInfinity : double.NegativeInfinity;
    }

    /// <summary>√(s_A²/n_A + s_B²/n_B): the standard error of the difference of the two means.</summary>
    public static double StandardError(in OnlineStatistics a, in OnlineStatistics b) =>
        a.Count == 0 || b.Count == 0 ? double.PositiveInfinity : Math.Sqrt((a.Variance / a.Count) + (b.Variance / b.Count));
}
