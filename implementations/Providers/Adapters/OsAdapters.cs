using System.Security.Cryptography;

namespace CryptoHarness.Implementations;

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

/// <summary>What every os adapter says when .NET's own IsSupported is false.</summary>
internal static class OsSupport
{
    public static Support Of(bool isSupported, Algorithm algorithm) =>
        Support.When(isSupported, $".NET reports {algorithm.Name} unsupported on this platform");
}

/// <summary>An OS hash that can also stream, through <see cref="IncrementalHash"/>.</summary>
public abstract class OsHash(Algorithm algorithm, HashAlgorithmName name, bool isSupported = true)
    : HashImplementation(algorithm, Providers.Os), IStreamingHashImplementation
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

public sealed class OsShake128() : XofImplementation(Algorithms.Shake128, Providers.Os)
{
    public override Support Support => OsSupport.Of(Shake128.IsSupported, Algorithm);

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Shake128.HashData(source, destination);
}

public sealed class OsShake256() : XofImplementation(Algorithms.Shake256, Providers.Os)
{
    public override Support Support => OsSupport.Of(Shake256.IsSupported, Algorithm);

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Shake256.HashData(source, destination);
}

public sealed class OsHmacSha256() : MacImplementation(Algorithms.HmacSha256, Providers.Os)
{
    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        HMACSHA256.HashData(key, source, destination);
}

public sealed class OsHmacSha512() : MacImplementation(Algorithms.HmacSha512, Providers.Os)
{
    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        HMACSHA512.HashData(key, source, destination);
}

public sealed class OsKmac128() : MacImplementation(Algorithms.Kmac128, Providers.Os)
{
    public override Support Support => OsSupport.Of(Kmac128.IsSupported, Algorithm);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Kmac128.HashData(key, source, destination, customization);
}

public sealed class OsKmac256() : MacImplementation(Algorithms.Kmac256, Providers.Os)
{
    public override Support Support => OsSupport.Of(Kmac256.IsSupported, Algorithm);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Kmac256.HashData(key, source, destination, customization);
}

/// <summary>
/// AesGcm and ChaCha20Poly1305 are keyed objects: a caller encrypting many messages keeps one per key, so the adapter
/// does too (the key schedule is not part of a per-message cost). Each thread keeps its own, rebuilt only when the
/// key changes; <typeparamref name="TSelf"/> gives every adapter its own thread-static slot.
/// </summary>
public abstract class OsKeyedAead<TSelf, TCipher>(Algorithm algorithm) : AeadImplementation(algorithm, Providers.Os)
    where TSelf : OsKeyedAead<TSelf, TCipher>
    where TCipher : class, IDisposable
{
    [ThreadStatic]
    private static (byte[] Key, TCipher Cipher)? t_cached;

    protected abstract TCipher Create(ReadOnlySpan<byte> key);

    protected abstract void Encrypt(TCipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag);

    protected abstract void Decrypt(TCipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext);

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        Encrypt(CipherFor(key), nonce, associatedData, plaintext, ciphertext, tag);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        try
        {
            Decrypt(CipherFor(key), nonce, associatedData, ciphertext, tag, plaintext);
            return true;
        }
        catch (AuthenticationTagMismatchException)
        {
            return false;
        }
    }

    private TCipher CipherFor(ReadOnlySpan<byte> key)
    {
        if (t_cached is { } cached && key.SequenceEqual(cached.Key))
        {
            return cached.Cipher;
        }

        if (t_cached is { } stale)
        {
            stale.Cipher.Dispose();
            CryptographicOperations.ZeroMemory(stale.Key);
        }

        var cipher = Create(key);
        t_cached = (key.ToArray(), cipher);
        return cipher;
    }
}

public abstract class OsAesGcm<TSelf>(Algorithm algorithm) : OsKeyedAead<TSelf, AesGcm>(algorithm)
    where TSelf : OsAesGcm<TSelf>
{
    public override Support Support => OsSupport.Of(AesGcm.IsSupported, Algorithm);

    protected override AesGcm Create(ReadOnlySpan<byte> key) => new(key, Algorithm.TagBytes);

    protected override void Encrypt(AesGcm cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        cipher.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

    protected override void Decrypt(AesGcm cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        cipher.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
}

public sealed class OsAes128Gcm() : OsAesGcm<OsAes128Gcm>(Algorithms.Aes128Gcm);

public sealed class OsAes256Gcm() : OsAesGcm<OsAes256Gcm>(Algorithms.Aes256Gcm);

public sealed class OsChaCha20Poly1305() : OsKeyedAead<OsChaCha20Poly1305, ChaCha20Poly1305>(Algorithms.ChaCha20Poly1305)
{
    public override Support Support => OsSupport.Of(ChaCha20Poly1305.IsSupported, Algorithm);

    protected override ChaCha20Poly1305 Create(ReadOnlySpan<byte> key) => new(key);

    protected override void Encrypt(ChaCha20Poly1305 cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        cipher.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

    protected override void Decrypt(ChaCha20Poly1305 cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        cipher.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
}
