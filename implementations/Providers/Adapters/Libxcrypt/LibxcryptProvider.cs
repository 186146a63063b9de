using System.Runtime.CompilerServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libxcrypt;

/// <summary>libxcrypt, the system's password hashing library.</summary>
public static class LibxcryptProvider
{
    public static Provider Provider { get; } = Provider.NativeAnchor(
        "libxcrypt", "libxcrypt's crypt_rn, the system's password hashing library in C, loaded from the system",
        () => "libxcrypt " + (Libxcrypt.Loader.PackageVersion ?? "(version not recorded)"),
        NativeCalls.LongCallNote);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 110, () => [.. LibxcryptPasswordHashes.Entries])
    {
        Readme = "libxcrypt's bcrypt (`crypt_rn`)",
        Origin = "Debian `libcrypt1`",
    };

    /// <summary>
    /// Joins the registry, and routes the library's imports to its loader, when the providers assembly loads
    /// (see <see cref="ProviderRooms"/> and <see cref="NativeResolver"/>).
    /// </summary>
    [ModuleInitializer]
    internal static void Join()
    {
        ProviderRooms.Join(() => Room);
        NativeResolver.Register(Libxcrypt.Library, () => Libxcrypt.Loader);
    }
}
