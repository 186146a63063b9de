using System.Runtime.CompilerServices;

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

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 20, () =>
    [
        .. BouncyCastleHashes.Entries,
        .. BouncyCastleMacs.Entries,
        .. BouncyCastleAeads.Entries,
        .. BouncyCastlePasswordHashes.Entries,
    ])
    {
        Readme = "BouncyCastle C#, through its span APIs; AES from `AesUtilities.CreateEngine()` (its AES-NI engine "
            + "where the CPU has one; the version line names the engine)",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
