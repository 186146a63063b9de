using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.TinyKeccak;

/// <summary>
/// KT128 through the Rust tiny-keccak crate's <c>KangarooTwelve</c> (one hasher per call, as the crate's users make
/// it), without the GC transition up to 1 KiB, with it beyond (see <see cref="NativeCalls"/>). The XOF contract's
/// customization string is KangarooTwelve's C.
/// </summary>
public sealed unsafe class TinyKeccakKt128() : XofImplementation(Algorithms.Kt128, TinyKeccakProvider.Provider)
{
    public override Support Support => TinyKeccakShim.Support;

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* custom = customization)
        fixed (byte* output = destination)
        {
            TinyKeccakShim.harness_k12_hash.Call(
                NativeCalls.IsShort(source.Length + customization.Length),
                input, (nuint)source.Length, custom, (nuint)customization.Length, output, (nuint)destination.Length);
        }
    }
}

/// <summary>tiny-keccak's KangarooTwelve.</summary>
public static class TinyKeccakHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new TinyKeccakKt128(),
    ];
}
