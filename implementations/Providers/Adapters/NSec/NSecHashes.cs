using NSecHashAlgorithm = NSec.Cryptography.HashAlgorithm;

namespace CryptoHarness.Implementations.Adapters.NSec;

/// <summary>An NSec hash, one-shot: <c>HashAlgorithm.Hash(data, hash)</c>.</summary>
public abstract class NSecHash(Algorithm algorithm) : HashImplementation(algorithm, NSecProvider.Provider)
{
    public override Support Support => NSecLibrary.Support;

    /// <summary>NSec's algorithm object, read on use: touching it starts libsodium, which <see cref="Support"/> decides first.</summary>
    protected abstract NSecHashAlgorithm Digest { get; }

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => Digest.Hash(source, destination);
}

public sealed class NSecSha256() : NSecHash(Algorithms.Sha256)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Sha256;
}

public sealed class NSecSha512() : NSecHash(Algorithms.Sha512)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Sha512;
}

/// <summary>Unkeyed BLAKE2b-256 (NSec's <c>Blake2b_256</c>).</summary>
public sealed class NSecBlake2b256() : NSecHash(Algorithms.Blake2b256)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Blake2b_256;
}

/// <summary>Unkeyed BLAKE2b-512 (NSec's <c>Blake2b_512</c>).</summary>
public sealed class NSecBlake2b512() : NSecHash(Algorithms.Blake2b512)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Blake2b_512;
}

/// <summary>NSec's hashes.</summary>
public static class NSecHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new NSecSha256(),
        new NSecSha512(),
        new NSecBlake2b256(),
        new NSecBlake2b512(),
    ];
}
