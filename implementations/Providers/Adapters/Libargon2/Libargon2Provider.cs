using System.Runtime.CompilerServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libargon2;

/// <summary>The Argon2 reference C library, from the system.</summary>
public static class Libargon2Provider
{
    public static Provider Provider { get; } = Provider.NativeAnchor(
        "libargon2", "The Argon2 reference C implementation (phc-winner-argon2), the distribution's libargon2, loaded from the system",
        () => "libargon2 " + (Libargon2.Loader.PackageVersion ?? "(version not recorded)"),
        NativeCalls.LongCallNote);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 80, () => [.. Libargon2PasswordHashes.Entries])
    {
        Readme = "the Argon2 reference C library",
        Origin = "Debian `libargon2-1`",
    };

    /// <summary>
    /// Joins the registry, and routes the library's imports to its loader, when the providers assembly loads
    /// (see <see cref="ProviderRooms"/> and <see cref="NativeResolver"/>).
    /// </summary>
    [ModuleInitializer]
    internal static void Join()
    {
        ProviderRooms.Join(() => Room);
        NativeResolver.Register(Libargon2.Library, () => Libargon2.Loader);
    }
}
