using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoHarness.Implementations;

// BouncyCastle.Cryptography 2.x takes spans (BlockUpdate(ReadOnlySpan), DoFinal(Span), OutputFinal(Span), the AEAD
// ProcessBytes/DoFinal span overloads), so the adapters pass the caller's buffers straight through and copy no payload.
// Digest, MAC and cipher objects are reused per thread, as a caller hashing many messages would; TSelf gives every
// adapter its own thread-static slot.

public abstract class BouncyCastleDigest<TSelf>(Algorithm algorithm) : HashImplementation(algorithm, Providers.BouncyCastle), IStreamingHashImplementation
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
public abstract class BouncyCastleXof<TSelf>(Algorithm algorithm) : XofImplementation(algorithm, Providers.BouncyCastle)
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

/// <summary>
/// HMAC and KMAC as a one-shot call with the key: the key is set on every call, as with the OS's
/// <c>HMACSHA256.HashData(key, …)</c>, so both do the same work. BouncyCastle's <see cref="KeyParameter"/> copies the key
/// into a new array each time (and HMAC re-derives its pads); that cost is the API's and shows in the report.
/// </summary>
public abstract class BouncyCastleMac<TSelf>(Algorithm algorithm) : MacImplementation(algorithm, Providers.BouncyCastle)
    where TSelf : BouncyCastleMac<TSelf>
{
    [ThreadStatic]
    private static IMac? t_mac;

    protected abstract IMac CreateMac(byte[]? customization);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var mac = customization.IsEmpty ? t_mac ??= CreateMac(null) : CreateMac(customization.ToArray());
        mac.Init(new KeyParameter(key));
        mac.BlockUpdate(source);
        mac.DoFinal(destination);
    }
}

public sealed class BouncyCastleHmacSha256() : BouncyCastleMac<BouncyCastleHmacSha256>(Algorithms.HmacSha256)
{
    protected override IMac CreateMac(byte[]? customization) => new HMac(new Sha256Digest());
}

public sealed class BouncyCastleHmacSha512() : BouncyCastleMac<BouncyCastleHmacSha512>(Algorithms.HmacSha512)
{
    protected override IMac CreateMac(byte[]? customization) => new HMac(new Sha512Digest());
}

public sealed class BouncyCastleKmac128() : BouncyCastleMac<BouncyCastleKmac128>(Algorithms.Kmac128)
{
    protected override IMac CreateMac(byte[]? customization) => new KMac(128, customization);
}

public sealed class BouncyCastleKmac256() : BouncyCastleMac<BouncyCastleKmac256>(Algorithms.Kmac256)
{
    protected override IMac CreateMac(byte[]? customization) => new KMac(256, customization);
}

/// <summary>
/// The AEADs through <see cref="IAeadCipher"/>. Like the OS adapters, a cipher is kept per thread with its key schedule:
/// when the key is unchanged the parameters carry no key, which BouncyCastle documents as reusing the previous one. Its
/// nonce-reuse guard then applies, so callers (and the harness) must vary the nonce between encryptions. Plaintext and
/// ciphertext go through the span overloads; only the last partial block and the tag, which <c>DoFinal</c> writes in one
/// piece, pass through a small stack buffer to be split. BouncyCastle decrypts before it checks the tag, so on a
/// forgery the plaintext buffer is cleared, as the contract (and the OS's AesGcm) promise. A bad tag surfaces as
/// <see cref="InvalidCipherTextException"/>, mapped to false.
/// </summary>
public abstract class BouncyCastleAead<TSelf>(Algorithm algorithm) : AeadImplementation(algorithm, Providers.BouncyCastle)
    where TSelf : BouncyCastleAead<TSelf>
{
    /// <summary>Room for what DoFinal writes when encrypting: at most a few buffered blocks and the tag.</summary>
    private const int FinalBytes = 256;

    [ThreadStatic]
    private static IAeadCipher? t_cipher;

    [ThreadStatic]
    private static byte[]? t_nonce;

    [ThreadStatic]
    private static byte[]? t_key;

    protected abstract IAeadCipher CreateCipher();

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        var cipher = Init(forEncryption: true, key, nonce);
        cipher.ProcessAadBytes(associatedData);
        var written = cipher.ProcessBytes(plaintext, ciphertext);
        var finalLength = cipher.GetOutputSize(0);
        Span<byte> final = finalLength <= FinalBytes ? stackalloc byte[FinalBytes] : new byte[finalLength];
        finalLength = cipher.DoFinal(final);
        var rest = finalLength - tag.Length;
        final[..rest].CopyTo(ciphertext[written..]);
        final.Slice(rest, tag.Length).CopyTo(tag);
        final[..finalLength].Clear();
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        var cipher = Init(forEncryption: false, key, nonce);
        cipher.ProcessAadBytes(associatedData);
        try
        {
            var written = cipher.ProcessBytes(ciphertext, plaintext);
            written += cipher.ProcessBytes(tag, plaintext[written..]);
            cipher.DoFinal(plaintext[written..]);
            return true;
        }
        catch (InvalidCipherTextException)
        {
            plaintext.Clear();
            cipher.Reset();
            return false;
        }
    }

    private IAeadCipher Init(bool forEncryption, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce)
    {
        // BouncyCastle's guard refuses to encrypt under the nonce it used last with this key. Published vectors do
        // that legitimately (GCM test cases 3 and 4 share key and IV), so such a call gets a fresh cipher instead.
        var reusedNonce = forEncryption && t_nonce is not null && nonce.SequenceEqual(t_nonce);
        if (reusedNonce)
        {
            t_cipher = null;
        }

        var cipher = t_cipher ??= CreateCipher();
        KeyParameter? keyParameter = null;
        if (reusedNonce || t_key is null || !key.SequenceEqual(t_key) || !KeepsKeySchedule)
        {
            t_key = key.ToArray();
            keyParameter = new KeyParameter(t_key);
        }

        // The nonce must be an array for AeadParameters; it is the one small allocation per call the API asks for.
        t_nonce = nonce.ToArray();
        cipher.Init(forEncryption, new AeadParameters(keyParameter, 8 * Algorithm.TagBytes, t_nonce));
        return cipher;
    }

    /// <summary>Whether the cipher accepts parameters without a key to mean "the previous key" (GCM and ChaCha20-Poly1305 do).</summary>
    protected virtual bool KeepsKeySchedule => true;
}

/// <summary>
/// AES through <see cref="AesUtilities.CreateEngine"/>, the factory BouncyCastle's own code uses: its AES-NI engine where
/// the CPU has it, else the table-based one. The provider's version line names the engine that ran.
/// </summary>
public sealed class BouncyCastleAes128Gcm() : BouncyCastleAead<BouncyCastleAes128Gcm>(Algorithms.Aes128Gcm)
{
    protected override IAeadCipher CreateCipher() => new GcmBlockCipher(AesUtilities.CreateEngine());
}

public sealed class BouncyCastleAes256Gcm() : BouncyCastleAead<BouncyCastleAes256Gcm>(Algorithms.Aes256Gcm)
{
    protected override IAeadCipher CreateCipher() => new GcmBlockCipher(AesUtilities.CreateEngine());
}

public sealed class BouncyCastleChaCha20Poly1305() : BouncyCastleAead<BouncyCastleChaCha20Poly1305>(Algorithms.ChaCha20Poly1305)
{
    protected override IAeadCipher CreateCipher() => new Org.BouncyCastle.Crypto.Modes.ChaCha20Poly1305();
}

public sealed class BouncyCastleXChaCha20Poly1305() : BouncyCastleAead<BouncyCastleXChaCha20Poly1305>(Algorithms.XChaCha20Poly1305)
{
    protected override IAeadCipher CreateCipher() => new Org.BouncyCastle.Crypto.Modes.XChaCha20Poly1305();

    /// <summary>The subkey depends on the nonce (HChaCha20), so BouncyCastle wants the key on every Init.</summary>
    protected override bool KeepsKeySchedule => false;
}

/// <summary>Ascon-AEAD128 through <see cref="Org.BouncyCastle.Crypto.Modes.AsconAead128"/>, the SP 800-232 class (not the v1.2 <c>AsconEngine</c>).</summary>
public sealed class BouncyCastleAsconAead128() : BouncyCastleAead<BouncyCastleAsconAead128>(Algorithms.AsconAead128)
{
    protected override IAeadCipher CreateCipher() => new Org.BouncyCastle.Crypto.Modes.AsconAead128();

    /// <summary>Ascon has no key schedule to keep, and BouncyCastle's class wants the key on every Init.</summary>
    protected override bool KeepsKeySchedule => false;
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
