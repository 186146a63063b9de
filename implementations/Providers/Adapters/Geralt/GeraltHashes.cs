namespace CryptoHarness.Implementations.Adapters.Geralt;

/// <summary>
/// Geralt's unkeyed BLAKE2b, one-shot (<c>BLAKE2b.ComputeHash(hash, message)</c>, the digest length being the
/// destination's) and incremental (<c>IncrementalBLAKE2b</c>, reinitialized after each digest as its users reuse one).
/// </summary>
public abstract class GeraltBlake2b(Algorithm algorithm) : HashImplementation(algorithm, GeraltProvider.Provider), IStreamingHashImplementation
{
    public override Support Support => GeraltLibrary.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        global::Geralt.BLAKE2b.ComputeHash(destination, source);

    public IIncrementalHash CreateIncremental() => new Incremental(OutputBytes);

    private sealed class Incremental(int outputBytes) : IIncrementalHash
    {
        private readonly global::Geralt.IncrementalBLAKE2b _state = new(outputBytes, ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty);

        public void Append(ReadOnlySpan<byte> source) => _state.Update(source);

        public void Finish(Span<byte> destination)
        {
            _state.Finalize(destination[..outputBytes]);
            _state.Reinitialize(outputBytes, ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty);
        }

        public void Dispose() => _state.Dispose();
    }
}

public sealed class GeraltBlake2b256() : GeraltBlake2b(Algorithms.Blake2b256);

public sealed class GeraltBlake2b512() : GeraltBlake2b(Algorithms.Blake2b512);

/// <summary>Geralt's hashes.</summary>
public static class GeraltHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new GeraltBlake2b256(),
        new GeraltBlake2b512(),
    ];
}
