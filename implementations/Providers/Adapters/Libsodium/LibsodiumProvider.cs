using System.Runtime.CompilerServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

/// <summary>libsodium, native C, the NuGet package's own library for the runtime.</summary>
public static class LibsodiumProvider
{
    public const string Package = "libsodium";

    public static Provider Provider { get; } = new(
        "libsodium", $"libsodium, native C, from the NuGet package {Package}; " + NativeCalls.ShortCallNote,
        () => $"libsodium {Libsodium.Version}")
    {
        Package = Package,
        CallingNote = NativeCalls.ShortCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 30, () =>
    [
        .. LibsodiumHashes.Entries,
        .. LibsodiumMacs.Entries,
        .. LibsodiumAeads.Entries,
        .. LibsodiumPasswordHashes.Entries,
    ])
    {
        Readme = "libsodium, native, the package's library for the runtime (`runtimes/<rid>/native`), no system "
            + "package",
    };

    /// <summary>
    /// Joins the registry, and routes the library's imports to its loader, when the providers assembly loads
    /// (see <see cref="ProviderRooms"/> and <see cref="NativeResolver"/>).
    /// </summary>
    [ModuleInitializer]
    internal static void Join()
    {
        ProviderRooms.Join(() => Room);
        NativeResolver.Register(Libsodium.Library, () => Libsodium.Loader);
    }
}
