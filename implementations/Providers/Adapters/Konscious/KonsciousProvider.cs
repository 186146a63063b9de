using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Konscious;

/// <summary>Konscious.Security.Cryptography.Argon2, the most installed managed Argon2.</summary>
public static class KonsciousProvider
{
    public const string Package = "Konscious.Security.Cryptography.Argon2";

    public static Provider Provider { get; } = new(
        "konscious", $"{Package}, the most installed managed Argon2 for .NET",
        () => PackageVersions.Of(typeof(global::Konscious.Security.Cryptography.Argon2id).Assembly, Package))
    {
        Package = Package,
        Role = ProviderRole.ManagedAlternative,
    };

    /// <summary>The provider's entries: one line per family or kind file of this folder, each file listing its own.</summary>
    public static ProviderRoom Room { get; } = new(Provider, () =>
    [
        .. KonsciousPasswordHashes.Entries,
    ]);
}
