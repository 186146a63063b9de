using System.Security.Cryptography;

namespace CryptoHarness.Implementations.Adapters.Os;

// System.Security.Cryptography: each adapter is the static one-shot call a caller would make. .NET has no SHA-224,
// SHA-512/t, Keccak, cSHAKE, BLAKE2 or XChaCha20-Poly1305, so the os provider has no entry for them. Algorithms that
// depend on the platform's library (SHA-3, SHAKE, KMAC, ChaCha20-Poly1305) report .NET's own IsSupported.

public sealed class OsSha256() : OsHash(Algorithms.Sha256, HashAlgorithmName.SHA256)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA256.HashData(source, destination);
}

public sealed class OsSha384() : OsHash(Algorithms.Sha384, HashAlgorithmName.SHA384)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA384.HashData(source, destination);
}

public sealed class OsSha512() : OsHash(Algorithms.Sha512, HashAlgorithmName.SHA512)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA512.HashData(source, destination);
}

public sealed class OsSha3_256() : OsHash(Algorithms.Sha3_256, HashAlgorithmName.SHA3_256, SHA3_256.IsSupported)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA3_256.HashData(source, destination);
}

public sealed class OsSha3_384() : OsHash(Algorithms.Sha3_384, HashAlgorithmName.SHA3_384, SHA3_384.IsSupported)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA3_384.HashData(source, destination);
}

public sealed class OsSha3_512() : OsHash(Algorithms.Sha3_512, HashAlgorithmName.SHA3_512, SHA3_512.IsSupported)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA3_512.HashData(source, destination);
}

#pragma warning disable CA5351 // MD5 is measured for checksum compatibility only; its page says so.
public sealed class OsMd5() : OsHash(Algorithms.Md5, HashAlgorithmName.MD5)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => MD5.HashData(source, destination);
}
#pragma warning restore CA5351

#pragma warning disable CA5350 // SHA-1 likewise.
public sealed class OsSha1() : OsHash(Algorithms.Sha1, HashAlgorithmName.SHA1)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA1.HashData(source, destination);
}
#pragma warning restore CA5350

/// <summary>An OS hash that can also stream, through <see cref="IncrementalHash"/>.</summary>
public abstract class OsHash(Algorithm algorithm, HashAlgorithmName name, bool isSupported = true)
    : HashImplementation(algorithm, OsProvider.Provider), IStreamingHashImplementation
{
    public override Support Support => OsSupport.Of(isSupported, Algorithm);

    public IIncrementalHash CreateIncremental() => new Incremental(IncrementalHash.CreateHash(name));

    private sealed class Incremental(IncrementalHash hash) : IIncrementalHash
    {
        public void Append(ReadOnlySpan<byte> source) => hash.AppendData(source);

        public void Finish(Span<byte> destination) => hash.GetHashAndReset(destination);

        public void Dispose() => hash.Dispose();
    }
}

public sealed class OsShake128() : XofImplementation(Algorithms.Shake128, OsProvider.Provider)
{
    public override Support Support => OsSupport.Of(Shake128.IsSupported, Algorithm);

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Shake128.HashData(source, destination);
}

public sealed class OsShake256() : XofImplementation(Algorithms.Shake256, OsProvider.Provider)
{
    public override Support Support => OsSupport.Of(Shake256.IsSupported, Algorithm);

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Shake256.HashData(source, destination);
}

/// <summary>The os provider's hashes and XOFs, as the registry lists them.</summary>
public static class OsHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new OsSha256(),
        new OsSha384(),
        new OsSha512(),
        new OsSha3_256(),
        new OsSha3_384(),
        new OsSha3_512(),
        new OsShake128(),
        new OsShake256(),
        new OsMd5(),
        new OsSha1(),
    ];
}
