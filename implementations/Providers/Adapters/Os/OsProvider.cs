using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace CryptoHarness.Implementations.Adapters.Os;

/// <summary>System.Security.Cryptography: the runtime's own, over the platform's library.</summary>
public static class OsProvider
{
    public static Provider Provider { get; } = new(
        "os", "System.Security.Cryptography (OpenSSL on Linux, CNG on Windows, CommonCrypto/CryptoKit on macOS)", Version)
    {
        Role = ProviderRole.Platform,
    };

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 10, () =>
    [
        .. OsHashes.Entries,
        .. OsMacs.Entries,
        .. OsAeads.Entries,
    ])
    {
        Readme = "`System.Security.Cryptography` (OpenSSL on Linux)",
        Origin = "the runtime",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);

    private static string Version()
    {
        var runtime = $".NET {Environment.Version}";
        if (!OperatingSystem.IsLinux())
        {
            return runtime;
        }

        // OPENSSL_VERSION_NUMBER layout: 0xMNN00PP0 for OpenSSL 3 (major, minor, patch).
        var number = SafeEvpPKeyHandle.OpenSslVersion;
        return $"{runtime}, OpenSSL {(number >> 28) & 0xF}.{(number >> 20) & 0xFF}.{(number >> 4) & 0xFF}";
    }
}
