namespace CryptoHarness.Tests;

/// <summary>Hand-made result records whose answer a report test knows: one sample each, no spread, nothing allocated.</summary>
internal static class MadeUpResults
{
    /// <summary>
    /// One timing of <paramref name="medianNs"/> for <paramref name="sizeBytes"/> bytes (0: a password hash, no
    /// throughput); the id is derived from the slug, the provider and the variant as the registry derives it.
    /// </summary>
    public static ResultRecord OneSample(
        string family, string algorithm, string slug, string provider, string variant, string scenario, string operation, int sizeBytes, double medianNs) => new()
    {
        Id = variant.Length == 0 ? $"{slug}/{provider}" : $"{slug}/{provider}/{variant}",
        Family = family,
        Algorithm = algorithm,
        Slug = slug,
        Provider = provider,
        Variant = variant,
        Scenario = scenario,
        Operation = operation,
        SizeBytes = sizeBytes,
        MedianNs = medianNs,
        MeanNs = medianNs,
        StdDevNs = 0,
        CiLowerNs = null,
        CiUpperNs = null,
        N = 1,
        AllocatedBytes = 0,
        MbPerS = sizeBytes == 0 ? 0 : sizeBytes / medianNs * 1e3,
        SamplesNs = [medianNs],
    };
}
