namespace CryptoHarness.Implementations.Adapters.BouncyCastle;

/// <summary>BouncyCastle C#, the managed alternative with the widest choice of algorithms.</summary>
public static class BouncyCastleProvider
{
    public const string Package = "BouncyCastle.Cryptography";

    /// <remarks>
    /// The version line also names the AES engine BouncyCastle's own factory picked on this machine (its AES-NI engine, or
    /// the table-based one), since the AES-GCM rows depend on it.
    /// </remarks>
    public static Provider Provider { get; } = Provider.FromPackage(
        "bouncycastle", Package, typeof(Org.BouncyCastle.Crypto.Digests.Sha256Digest), $"BouncyCastle C# (package {Package})", ProviderRole.ManagedAlternative,
        () => $"AES engine {Org.BouncyCastle.Crypto.AesUtilities.CreateEngine().GetType().Name}");

    /// <summary>The provider's entries: one line per family or kind file of this folder, each file listing its own.</summary>
    public static ProviderRoom Room { get; } = new(Provider, () =>
    [
        .. BouncyCastleHashes.Entries,
        .. BouncyCastleMacs.Entries,
        .. BouncyCastleAeads.Entries,
        .. BouncyCastlePasswordHashes.Entries,
    ]);
}
