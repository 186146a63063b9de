using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using CryptoHarness.Implementations.Adapters.Blake3Native;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.TinyKeccak;

/// <summary>
/// The Rust tiny-keccak crate's KangarooTwelve through the same shim library as <see cref="Blake3Shim"/>
/// (implementations/Native/blake3-shim, built by the build with cargo from Debian's crate sources).
/// </summary>
internal static unsafe partial class TinyKeccakShim
{
    private static readonly Lazy<Support> Loaded = new(() =>
    {
        var library = Blake3Shim.Loader.Support;
        if (!library.IsSupported)
        {
            return library;
        }

        // A shim built before the KangarooTwelve export was added loads but lacks it.
        return Blake3Shim.Loader.Exports("harness_k12_hash")
            ? Support.Yes
            : Support.No("the loaded blake3 shim has no KangarooTwelve export; rebuild with Debian's librust-tiny-keccak-dev installed");
    });

    public static Support Support => Loaded.Value;

    /// <summary>The crate's version, as the shim's build recorded it from its lock file.</summary>
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
                var length = (int)harness_tiny_keccak_version(pointer, (nuint)buffer.Length);
                return length <= buffer.Length ? Encoding.UTF8.GetString(buffer[..length]) : "unknown";
            }
        }
    }

    /// <summary>KangarooTwelve, called without the GC transition for short inputs (see <see cref="NativeCalls"/>).</summary>
    internal static readonly K12Hash harness_k12_hash = new(Blake3Shim.Loader.Export(nameof(harness_k12_hash)));

    [LibraryImport(Blake3Shim.Library)]
    private static partial nuint harness_tiny_keccak_version(byte* buffer, nuint capacity);

    /// <summary>harness_k12_hash: (input, input_len, customization, customization_len, output, output_len).</summary>
    internal readonly struct K12Hash(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Call(bool isShort, byte* input, nuint inputLength, byte* customization, nuint customizationLength, byte* output, nuint outputLength)
        {
            if (isShort)
            {
                ((delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, byte*, nuint, byte*, nuint, void>)address)(
                    input, inputLength, customization, customizationLength, output, outputLength);
            }
            else
            {
                CallLong(input, inputLength, customization, customizationLength, output, outputLength);
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void CallLong(byte* input, nuint inputLength, byte* customization, nuint customizationLength, byte* output, nuint outputLength) =>
            ((delegate* unmanaged[Cdecl]<byte*, nuint, byte*, nuint, byte*, nuint, void>)address)(
                input, inputLength, customization, customizationLength, output, outputLength);
    }
}
