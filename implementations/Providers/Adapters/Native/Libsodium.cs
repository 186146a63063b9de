using System.Runtime.InteropServices;

namespace CryptoHarness.Implementations.Native;

/// <summary>
/// libsodium, the native C anchor. No NuGet package that ships it is served here, so the system library is used
/// (Debian: libsodium23). <c>sodium_init</c> must succeed before any other call.
/// </summary>
internal static unsafe partial class Libsodium
{
    internal const string Library = "libsodium";

    // Registered before the first call into the library, wherever that call comes from.
    static Libsodium() => NativeResolver.EnsureRegistered();

    internal static readonly NativeLibraryLoader Loader = new(
        Library, "install the distribution package (Debian/Ubuntu: apt-get install libsodium23)",
        "libsodium.so", "libsodium.so.23", "libsodium.dylib", "libsodium.dll");

    private static readonly Lazy<Support> Initialized = new(Initialize);

    public static Support Support => Initialized.Value;

    public static string Version => Support.IsSupported
        ? Marshal.PtrToStringUTF8(sodium_version_string()) ?? "unknown"
        : "not loaded";

    private static Support Initialize()
    {
        if (!Loader.IsLoaded)
        {
            return Loader.Support;
        }

        // 0: initialised now; 1: already initialised; -1: failure.
        return sodium_init() >= 0 ? Support.Yes : Support.No("sodium_init() failed");
    }

    [LibraryImport(Library)]
    private static partial int sodium_init();

    [LibraryImport(Library)]
    private static partial IntPtr sodium_version_string();

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha256(byte* output, byte* input, ulong inputLength);
}
