namespace CryptoHarness.Managed;

/// <summary>
/// An AEAD as a keyed object, as <see cref="System.Security.Cryptography.AesGcm"/> is one: the key is expanded once, by
/// the constructor (round keys and hash-key powers, or ChaCha20's key words), and any number of messages then go
/// through it. <see cref="AesGcmCipher"/>, <see cref="ChaCha20Poly1305Cipher"/> and <see cref="XChaCha20Poly1305Cipher"/>
/// implement it, so one adapter keeps and calls each of them. <see cref="IDisposable.Dispose"/> wipes the key material.
/// </summary>
public interface IAeadCipher : IDisposable
{
    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> (as long) and writes the tag.</summary>
    void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData = default);

    /// <summary>
    /// Decrypts and authenticates. Returns false when the tag does not match, and then <paramref name="plaintext"/> holds
    /// no unauthenticated plaintext (zeroed or untouched, as the implementation says).
    /// </summary>
    bool Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default);
}
