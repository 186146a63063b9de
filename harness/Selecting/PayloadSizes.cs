using System.Globalization;

namespace CryptoHarness.Selecting;

/// <summary>Payload sizes: the defaults a sweep measures, and the one syntax every size option takes.</summary>
public static class PayloadSizes
{
    /// <summary>The default payload sizes: 128 B to 128 KiB, latency-bound to throughput-bound.</summary>
    public static readonly IReadOnlyList<int> Default = [128, 1024, 8192, 131072];

    /// <summary>Comma-separated positive byte counts, plain or with a binary unit: <c>128,1KiB,64MiB</c>; sorted, distinct.</summary>
    public static IReadOnlyList<int> ParseList(string text, string option)
    {
        var sizes = new List<int>();
        foreach (var part in text.Split(',', StringSplitOptions.TrimEntries))
        {
            sizes.Add(Parse(part) ?? throw new UsageException(
                $"Invalid size '{part}' in {option}. Valid: comma-separated byte counts from 1 to 1GiB, plain or with KiB/MiB/GiB, e.g. 128,1KiB,8KiB,128KiB."));
        }

        return sizes.Distinct().Order().ToArray();
    }

    /// <summary>A byte count as the size options take it, in the largest binary unit that divides it: <c>131072</c> → <c>128KiB</c>.</summary>
    public static string Text(int bytes) => bytes switch
    {
        _ when bytes % (1 << 30) == 0 => $"{bytes >> 30}GiB",
        _ when bytes % (1 << 20) == 0 => $"{bytes >> 20}MiB",
        _ when bytes % (1 << 10) == 0 => $"{bytes >> 10}KiB",
        _ => bytes.ToString(CultureInfo.InvariantCulture),
    };

    /// <summary>A whole number of bytes, optionally with KiB, MiB or GiB (powers of 1024, never "KB"); null if invalid.</summary>
    public static int? Parse(string text)
    {
        var (digits, multiplier) = text switch
        {
            _ when text.EndsWith("GiB", StringComparison.Ordinal) => (text[..^3], 1L << 30),
            _ when text.EndsWith("MiB", StringComparison.Ordinal) => (text[..^3], 1L << 20),
            _ when text.EndsWith("KiB", StringComparison.Ordinal) => (text[..^3], 1L << 10),
            _ => (text, 1L),
        };
        // Compared before multiplying: 8589934594GiB must not wrap round to a negative or small size.
        return long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out var count) && count > 0 && count <= (1L << 30) / multiplier
            ? (int)(count * multiplier)
            : null;
    }
}
