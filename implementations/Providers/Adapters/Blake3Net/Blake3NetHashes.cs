namespace CryptoHarness.Implementations.Adapters.Blake3Net;

// The `Blake3` package (Blake3.NET by xoofx, 3.x): a fully managed SIMD BLAKE3. Its root namespace is `Blake3`, which
// is why every other file names our own code `Managed.Blake3` and this one names the package's `global::Blake3`.

/// <summary>
/// BLAKE3 through the package's static span call <c>Hasher.Hash(input, output)</c>, the call its README gives for a
/// one-shot hash; streaming through a <c>Hasher</c> kept per stream, as its users hash a file.
/// </summary>
public sealed class Blake3NetHash() : HashImplementation(Algorithms.Blake3, Blake3NetProvider.Provider), IStreamingHashImplementation
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) =>
        global::Blake3.Hasher.Hash(source, destination[..OutputBytes]);

    public IIncrementalHash CreateIncremental() => new Incremental(OutputBytes);

    /// <summary>The package's hasher; <c>Finalize</c> then <c>Reset</c> makes it ready for the next message.</summary>
    private sealed class Incremental(int outputBytes) : IIncrementalHash
    {
        private global::Blake3.Hasher _hasher = global::Blake3.Hasher.New();

        public void Append(ReadOnlySpan<byte> source) => _hasher.Update(source);

        public void Finish(Span<byte> destination)
        {
            _hasher.Finalize(destination[..outputBytes]);
            _hasher.Reset();
        }

        public void Dispose() => _hasher.Dispose();
    }
}

/// <summary>Blake3.NET's hash.</summary>
public static class Blake3NetHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new Blake3NetHash(),
    ];
}
