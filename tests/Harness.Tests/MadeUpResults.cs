namespace CryptoHarness.Tests;

/// <summary>Hand-made result records whose answer a report test knows: one sample each.</summary>
internal static class MadeUpResults
{
    /// <summary>A record of one algorithm in one scenario with no spread and nothing allocated, to time with <see cref="Timed"/>.</summary>
    public static ResultRecord Pattern(string family, string algorithm, string slug, string scenario) => new()
    {
        Id = slug,
        Family = family,
        Algorithm = algorithm,
        Slug = slug,
        Provider = "",
        Variant = "",
        Scenario = scenario,
        Operation = "",
        SizeBytes = 0,
        MedianNs = 0,
        MeanNs = 0,
        StdDevNs = 0,
        CiLowerNs = null,
        CiUpperNs = null,
        N = 1,
        AllocatedBytes = 0,
        MbPerS = 0,
        SamplesNs = [],
    };

    /// <summary>
    /// <paramref name="pattern"/> as one sample of <paramref name="medianNs"/> for <paramref name="sizeBytes"/> bytes (0: a
    /// password hash, no throughput) by another implementation, whose id is derived as the registry derives it.
    /// </summary>
    public static ResultRecord Timed(
        this ResultRecord pattern, string provider, string variant, string operation, int sizeBytes, double medianNs) => pattern with
    {
        Id = variant.Length == 0 ? $"{pattern.Slug}/{provider}" : $"{pattern.Slug}/{provider}/{variant}",
        Provider = provider,
        Variant = variant,
        Operation = operation,
        SizeBytes = sizeBytes,
        MedianNs = medianNs,
        MeanNs = medianNs,
        MbPerS = sizeBytes / medianNs * 1e3,
        SamplesNs = [medianNs],
    };
}
