namespace CryptoHarness.Implementations.Adapters.Os;

/// <summary>What every os adapter says when .NET's own IsSupported is false.</summary>
internal static class OsSupport
{
    public static Support Of(bool isSupported, Algorithm algorithm) =>
        Support.When(isSupported, $".NET reports {algorithm.Name} unsupported on this platform");
}
