namespace CryptoHarness.Implementations.Adapters.Blake3Net;

/// <summary>Blake3.NET, a managed SIMD BLAKE3.</summary>
public static class Blake3NetProvider
{
    public const string Package = "Blake3";

    public static Provider Provider { get; } = Provider.FromPackage(
        "blake3-net", Package, typeof(global::Blake3.Hasher), $"Blake3.NET (package {Package}), a fully managed SIMD BLAKE3 for .NET", ProviderRole.ManagedAlternative);

    /// <summary>The provider's entries: one line per family or kind file of this folder, each file listing its own.</summary>
    public static ProviderRoom Room { get; } = new(Provider, () => [.. Blake3NetHashes.Entries]);
}
