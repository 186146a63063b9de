using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;

namespace CryptoHarness.Implementations.Adapters.BouncyCastle;

// BouncyCastle.Cryptography 2.x takes spans (BlockUpdate(ReadOnlySpan), DoFinal(Span), OutputFinal(Span), the AEAD
// ProcessBytes/DoFinal span overloads), so the adapters pass the caller's buffers straight through and copy no payload.
// Digest, MAC and cipher objects are reused per thread, as a caller hashing many messages would; TSelf gives every
// adapter its own thread-static slot.

public abstract class BouncyCastleDigest<TSelf>(Algorithm algorithm) : HashImplementation(algorithm, BouncyCastleProvider.Provider), IStreamingHashImplementation
    where TSelf : BouncyCastleDigest<TSelf>
{
    [ThreadStatic]
    private static IDigest? t_digest;

    protected abstract IDigest CreateDigest();

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var digest = t_digest ??= CreateDigest();
        digest.BlockUpdate(source);
        digest.DoFinal(destination);
    }

    public IIncrementalHash CreateIncremental() => new Incremental(CreateDigest());

    private sealed class Incremental(IDigest digest) : IIncrementalHash
    {
        public void Append(ReadOnlySpan<byte> source) => digest.BlockUpdate(source);

        public void Finish(Span<byte> destination) => digest.DoFinal(destination);

        public void Dispose() => digest.Reset();
    }
}

public sealed class BouncyCastleSha224() : BouncyCastleDigest<BouncyCastleSha224>(Algorithms.Sha224)
{
    protected override IDigest CreateDigest() => new Sha224Digest();
}

public sealed class BouncyCastleSha256() : BouncyCastleDigest<BouncyCastleSha256>(Algorithms.Sha256)
{
    protected override IDigest CreateDigest() => new Sha256Digest();
}

public sealed class BouncyCastleSha384() : BouncyCastleDigest<BouncyCastleSha384>(Algorithms.Sha384)
{
    protected override IDigest CreateDigest() => new Sha384Digest();
}

public sealed class BouncyCastleSha512() : BouncyCastleDigest<BouncyCastleSha512>(Algorithms.Sha512)
{
    protected override IDigest CreateDigest() => new Sha512Digest();
}

public sealed class BouncyCastleSha512_224() : BouncyCastleDigest<BouncyCastleSha512_224>(Algorithms.Sha512_224)
{
    protected override IDigest CreateDigest() => new Sha512tDigest(224);
}

public sealed class BouncyCastleSha512_256() : BouncyCastleDigest<BouncyCastleSha512_256>(Algorithms.Sha512_256)
{
    protected override IDigest CreateDigest() => new Sha512tDigest(256);
}

public sealed class BouncyCastleSha3_224() : BouncyCastleDigest<BouncyCastleSha3_224>(Algorithms.Sha3_224)
{
    protected override IDigest CreateDigest() => new Sha3Digest(224);
}

public sealed class BouncyCastleSha3_256() : BouncyCastleDigest<BouncyCastleSha3_256>(Algorithms.Sha3_256)
{
    protected override IDigest CreateDigest() => new Sha3Digest(256);
}

public sealed class BouncyCastleSha3_384() : BouncyCastleDigest<BouncyCastleSha3_384>(Algorithms.Sha3_384)
{
    protected override IDigest CreateDigest() => new Sha3Digest(384);
}

public sealed class BouncyCastleSha3_512() : BouncyCastleDigest<BouncyCastleSha3_512>(Algorithms.Sha3_512)
{
    protected override IDigest CreateDigest() => new Sha3Digest(512);
}

public sealed class BouncyCastleKeccak256() : BouncyCastleDigest<BouncyCastleKeccak256>(Algorithms.Keccak256)
{
    protected override IDigest CreateDigest() => new KeccakDigest(256);
}

public sealed class BouncyCastleKeccak384() : BouncyCastleDigest<BouncyCastleKeccak384>(Algorithms.Keccak384)
{
    protected override IDigest CreateDigest() => new KeccakDigest(384);
}

public sealed class BouncyCastleKeccak512() : BouncyCastleDigest<BouncyCastleKeccak512>(Algorithms.Keccak512)
{
    protected override IDigest CreateDigest() => new KeccakDigest(512);
}

public sealed class BouncyCastleBlake2b256() : BouncyCastleDigest<BouncyCastleBlake2b256>(Algorithms.Blake2b256)
{
    protected override IDigest CreateDigest() => new Blake2bDigest(256);
}

public sealed class BouncyCastleBlake2b512() : BouncyCastleDigest<BouncyCastleBlake2b512>(Algorithms.Blake2b512)
{
    protected override IDigest CreateDigest() => new Blake2bDigest(512);
}

public sealed class BouncyCastleBlake2s128() : BouncyCastleDigest<BouncyCastleBlake2s128>(Algorithms.Blake2s128)
{
    protected override IDigest CreateDigest() => new Blake2sDigest(128);
}

public sealed class BouncyCastleBlake2s256() : BouncyCastleDigest<BouncyCastleBlake2s256>(Algorithms.Blake2s256)
{
    protected override IDigest CreateDigest() => new Blake2sDigest(256);
}

public sealed class BouncyCastleMd5() : BouncyCastleDigest<BouncyCastleMd5>(Algorithms.Md5)
{
    protected override IDigest CreateDigest() => new MD5Digest();
}

public sealed class BouncyCastleSha1() : BouncyCastleDigest<BouncyCastleSha1>(Algorithms.Sha1)
{
    protected override IDigest CreateDigest() => new Sha1Digest();
}

public sealed class BouncyCastleSm3() : BouncyCastleDigest<BouncyCastleSm3>(Algorithms.Sm3)
{
    protected override IDigest CreateDigest() => new SM3Digest();
}

public sealed class BouncyCastleStreebog256() : BouncyCastleDigest<BouncyCastleStreebog256>(Algorithms.Streebog256)
{
    protected override IDigest CreateDigest() => new Gost3411_2012_256Digest();
}

public sealed class BouncyCastleStreebog512() : BouncyCastleDigest<BouncyCastleStreebog512>(Algorithms.Streebog512)
{
    protected override IDigest CreateDigest() => new Gost3411_2012_512Digest();
}

public sealed class BouncyCastleWhirlpool() : BouncyCastleDigest<BouncyCastleWhirlpool>(Algorithms.Whirlpool)
{
    protected override IDigest CreateDigest() => new WhirlpoolDigest();
}

public sealed class BouncyCastleRipemd160() : BouncyCastleDigest<BouncyCastleRipemd160>(Algorithms.Ripemd160)
{
    protected override IDigest CreateDigest() => new RipeMD160Digest();
}

public sealed class BouncyCastleKupyna256() : BouncyCastleDigest<BouncyCastleKupyna256>(Algorithms.Kupyna256)
{
    protected override IDigest CreateDigest() => new Dstu7564Digest(256);
}

public sealed class BouncyCastleKupyna384() : BouncyCastleDigest<BouncyCastleKupyna384>(Algorithms.Kupyna384)
{
    protected override IDigest CreateDigest() => new Dstu7564Digest(384);
}

public sealed class BouncyCastleKupyna512() : BouncyCastleDigest<BouncyCastleKupyna512>(Algorithms.Kupyna512)
{
    protected override IDigest CreateDigest() => new Dstu7564Digest(512);
}

/// <summary>SHAKE and cSHAKE. A digest with an empty customization is reused; a customized one is made per call.</summary>
public abstract class BouncyCastleXof<TSelf>(Algorithm algorithm) : XofImplementation(algorithm, BouncyCastleProvider.Provider)
    where TSelf : BouncyCastleXof<TSelf>
{
    [ThreadStatic]
    private static IXof? t_xof;

    protected abstract IXof CreateXof(byte[]? customization);

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var xof = customization.IsEmpty ? t_xof ??= CreateXof(null) : CreateXof(customization.ToArray());
        xof.BlockUpdate(source);
        xof.OutputFinal(destination);
    }
}

public sealed class BouncyCastleShake128() : BouncyCastleXof<BouncyCastleShake128>(Algorithms.Shake128)
{
    protected override IXof CreateXof(byte[]? customization) => new ShakeDigest(128);
}

public sealed class BouncyCastleShake256() : BouncyCastleXof<BouncyCastleShake256>(Algorithms.Shake256)
{
    protected override IXof CreateXof(byte[]? customization) => new ShakeDigest(256);
}

public sealed class BouncyCastleCShake128() : BouncyCastleXof<BouncyCastleCShake128>(Algorithms.CShake128)
{
    protected override IXof CreateXof(byte[]? customization) => new CShakeDigest(128, null, customization);
}

public sealed class BouncyCastleCShake256() : BouncyCastleXof<BouncyCastleCShake256>(Algorithms.CShake256)
{
    protected override IXof CreateXof(byte[]? customization) => new CShakeDigest(256, null, customization);
}

/// <summary>BLAKE3 through <see cref="Blake3Digest"/>, BouncyCastle's portable C# port.</summary>
public sealed class BouncyCastleBlake3() : BouncyCastleDigest<BouncyCastleBlake3>(Algorithms.Blake3)
{
    protected override IDigest CreateDigest() => new Blake3Digest();
}

/// <summary>Ascon-Hash256 through the SP 800-232 class <see cref="Org.BouncyCastle.Crypto.Digests.AsconHash256"/>, not the obsolete v1.2 <c>AsconDigest</c>.</summary>
public sealed class BouncyCastleAsconHash256() : BouncyCastleDigest<BouncyCastleAsconHash256>(Algorithms.AsconHash256)
{
    protected override IDigest CreateDigest() => new Org.BouncyCastle.Crypto.Digests.AsconHash256();
}

/// <summary>Ascon-XOF128 through the SP 800-232 class <see cref="Org.BouncyCastle.Crypto.Digests.AsconXof128"/>, not the obsolete v1.2 <c>AsconXof</c>.</summary>
public sealed class BouncyCastleAsconXof128() : BouncyCastleXof<BouncyCastleAsconXof128>(Algorithms.AsconXof128)
{
    protected override IXof CreateXof(byte[]? customization) => new Org.BouncyCastle.Crypto.Digests.AsconXof128();
}

/// <summary>BouncyCastle's hashes and XOFs, as the registry lists them.</summary>
public static class BouncyCastleHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BouncyCastleSha224(),
        new BouncyCastleSha256(),
        new BouncyCastleSha384(),
        new BouncyCastleSha512(),
        new BouncyCastleSha512_224(),
        new BouncyCastleSha512_256(),
        new BouncyCastleSha3_224(),
        new BouncyCastleSha3_256(),
        new BouncyCastleSha3_384(),
        new BouncyCastleSha3_512(),
        new BouncyCastleKeccak256(),
        new BouncyCastleKeccak384(),
        new BouncyCastleKeccak512(),
        new BouncyCastleShake128(),
        new BouncyCastleShake256(),
        new BouncyCastleCShake128(),
        new BouncyCastleCShake256(),
        new BouncyCastleBlake2b256(),
        new BouncyCastleBlake2b512(),
        new BouncyCastleBlake2s128(),
        new BouncyCastleBlake2s256(),
        new BouncyCastleBlake3(),
        new BouncyCastleAsconHash256(),
        new BouncyCastleAsconXof128(),
        new BouncyCastleMd5(),
        new BouncyCastleSha1(),
        new BouncyCastleSm3(),
        new BouncyCastleStreebog256(),
        new BouncyCastleStreebog512(),
        new BouncyCastleWhirlpool(),
        new BouncyCastleRipemd160(),
        new BouncyCastleKupyna256(),
        new BouncyCastleKupyna384(),
        new BouncyCastleKupyna512(),
    ];
}
