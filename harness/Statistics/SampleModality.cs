using Perfolizer.Mathematics.Multimodality;

namespace CryptoHarness.Statistics;

/// <summary>How many modes a sample seems to have, by BenchmarkDotNet's reading of Perfolizer's mValue.</summary>
public enum Modes
{
    One,
    MaybeSeveral,
    Bimodal,
    Multimodal,
}

/// <summary>
/// Perfolizer's mValue of a sample with BenchmarkDotNet's thresholds: above 2.8 "can have several modes", above 3.2
/// bimodal, above 4.2 multimodal. One place for the comparison's warnings and the reports' row notes.
/// </summary>
public static class SampleModality
{
    private const double SeveralModes = 2.8;
    private const double Bimodal = 3.2;
    private const double Multimodal = 4.2;

    /// <summary>The reading and the mValue; null for fewer than three samples, where no mValue means anything.</summary>
    public static (Modes Modes, double MValue)? Of(IReadOnlyList<double> samples)
    {
        if (samples.Count < 3)
        {
            return null;
        }

        var m = MValueCalculator.Calculate(samples.ToArray());
        var modes = m switch
        {
            > Multimodal => Modes.Multimodal,
            > Bimodal => Modes.Bimodal,
            > SeveralModes => Modes.MaybeSeveral,
            _ => Modes.One,
        };
        return (modes, m);
    }

    /// <summary>"bimodal (mValue 3.41)", "may have several modes (mValue 2.9)"; null when the sample looks unimodal.</summary>
    public static string? Describe(IReadOnlyList<double> samples) => Of(samples) switch
    {
        ({ } modes, var m) when modes != Modes.One => FormattableString.Invariant($"{Words(modes)} (mValue {m:0.##})"),
        _ => null,
    };

    private static string Words(Modes modes) => modes switch
    {
        Modes.Multimodal => "multimodal",
        Modes.Bimodal => "bimodal",
        _ => "may have several modes",
    };
}
