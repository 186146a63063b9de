using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.NSec;

/// <summary>NSec, a managed API over the same libsodium file the libsodium provider loads.</summary>
public static class NSecProvider
{
    public const string Package = "NSec.Cryptography";

    public static Provider Provider { get; } = Provider.FromPackage(
        "nsec", Package, typeof(global::NSec.Cryptography.Key), $"{Package}, a managed .NET API over libsodium", ProviderRole.Other);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 40, () =>
    [
        .. NSecHashes.Entries,
        .. NSecMacs.Entries,
        .. NSecAeads.Entries,
        .. NSecPasswordHashes.Entries,
    ])
    {
        Readme = "NSec, a managed API over the same libsodium file: hashes, HMAC, keyed BLAKE2b, AEADs, Argon2id (raw "
            + "tags only, p=1)",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
