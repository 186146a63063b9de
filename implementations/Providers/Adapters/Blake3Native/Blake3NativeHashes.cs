using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Blake3Native;

/// <summary>
/// The Rust crate's one-shot <c>blake3::hash</c> (single-threaded, its SIMD dispatch), called as Blake3.NET calls it:
/// without the GC transition up to 1 KiB, with it beyond (see <see cref="NativeCalls"/>).
/// </summary>
public sealed unsafe class Blake3NativeHash() : HashImplementation(Algorithms.Blake3, Blake3NativeProvider.Provider), IStreamingHashImplementation
{
    public IIncrementalHash CreateIncremental() => new Incremental(OutputBytes);

    /// <summary>The crate's Hasher, owned by Rust; freed on dispose.</summary>
    private sealed class Incremental(int outputBytes) : IIncrementalHash
    {
        private IntPtr _hasher = Blake3Shim.harness_blake3_hasher_new();

        public void Append(ReadOnlySpan<byte> source)
        {
            ObjectDisposedException.ThrowIf(_hasher == IntPtr.Zero, this);
            fixed (byte* input = source)
            {
                Blake3Shim.harness_blake3_hasher_update(_hasher, input, (nuint)source.Length);
            }
        }

        public void Finish(Span<byte> destination)
        {
            ObjectDisposedException.ThrowIf(_hasher == IntPtr.Zero, this);
            fixed (byte* output = destination)
            {
                Blake3Shim.harness_blake3_hasher_finalize_reset(_hasher, output, (nuint)outputBytes);
            }
        }

        public void Dispose()
        {
            Blake3Shim.harness_blake3_hasher_free(_hasher);
            _hasher = IntPtr.Zero;
        }
    }

    public override Support Support => Blake3Shim.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            Blake3Shim.harness_blake3_hash.Call(NativeCalls.IsShort(source.Length), input, (nuint)source.Length, output, (nuint)destination.Length);
        }
    }
}

/// <summary>The Rust blake3 crate's hash.</summary>
public static class Blake3NativeHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new Blake3NativeHash(),
    ];
}
