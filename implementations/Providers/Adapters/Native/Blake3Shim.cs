using System.Runtime.InteropServices;
using System.Text;

namespace CryptoHarness.Implementations.Native;

/// <summary>
/// The Rust blake3 crate through implementations/Native/blake3-shim, which the build compiles with cargo
/// and copies beside the assemblies (see Blake3Shim.targets).
/// </summary>
internal static unsafe partial class Blake3Shim
{
    internal const string Library = "blake3_shim";

    // Registered before the first call into the library, wherever that call comes from.
    static Blake3Shim() => NativeResolver.EnsureRegistered();

    internal static readonly NativeLibraryLoader Loader = new(
        Library, "the build makes it when cargo and Debian's librust-blake3-dev are installed (apt-get install cargo librust-blake3-dev), then rebuild",
        "libblake3_shim.so", "libblake3_shim.dylib", "blake3_shim.dll");

    private static readonly Lazy<Support> Loaded = new(() =>
    {
        return Loader.Support;
    });

    public static Support Support => Loaded.Value;

    public static string Version
    {
        get
        {
            if (!Support.IsSupported)
            {
                return "not loaded";
            }

            Span<byte> buffer = stackalloc byte[64];
            fixed (byte* pointer = buffer)
            {
                var length = (int)harness_blake3_version(pointer, (nuint)buffer.Length);
                return length <= buffer.Length ? Encoding.UTF8.GetString(buffer[..length]) : "unknown";
            }
        }
    }

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hash(byte* input, nuint inputLength, byte* output, nuint outputLength);

    /// <summary>
    /// The same call without the GC transition, as Blake3.NET makes its short calls: used only up to
    /// <see cref="NativeCalls.SuppressTransitionMaxBytes"/> (see <see cref="NativeCalls"/> for why).
    /// </summary>
    [LibraryImport(Library, EntryPoint = "harness_blake3_hash")]
    [SuppressGCTransition]
    internal static partial void harness_blake3_hash_short(byte* input, nuint inputLength, byte* output, nuint outputLength);

    [LibraryImport(Library)]
    private static partial nuint harness_blake3_version(byte* buffer, nuint capacity);

    [LibraryImport(Library)]
    internal static partial IntPtr harness_blake3_hasher_new();

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_update(IntPtr hasher, byte* input, nuint inputLength);

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_finalize_reset(IntPtr hasher, byte* output, nuint outputLength);

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_free(IntPtr hasher);
}
