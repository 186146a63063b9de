using System.Security.Cryptography;

namespace CryptoHarness.Implementations.Adapters.Os;

/// <summary>
/// AesGcm and ChaCha20Poly1305 are keyed objects: a caller encrypting many messages keeps one per key, so the adapter
/// does too (the key schedule is not part of a per-message cost). Each thread keeps its own, rebuilt only when the
/// key changes; <typeparamref name="TSelf"/> gives every adapter its own thread-static slot.
/// </summary>
public abstract class OsKeyedAead<TSelf, TCipher>(Algorithm algorithm) : AeadImplementation(algorithm, OsProvider.Provider)
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

/// <summary>The os provider's AEADs.</summary>
public static class OsAeads
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new OsAes128Gcm(),
        new OsAes256Gcm(),
        new OsChaCha20Poly1305(),
    ];
}
