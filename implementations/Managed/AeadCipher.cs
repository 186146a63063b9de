namespace CryptoHarness.Managed;

/// <summary>
/// An AEAD as a keyed object, as <see cref="System.Security.Cryptography.AesGcm"/> is one: the key is expanded once, by
/// the constructor (round keys and hash-key powers, or ChaCha20's key words), and any number of messages then go
/// through it. <see cref="AesGcmCipher"/>, <see cref="ChaCha20Poly1305Cipher"/> and <see cref="XChaCha20Poly1305Cipher"/>
/// derive from it, so one adapter keeps and calls each of them. <see cref="Dispose"/> wipes the key material.
/// </summary>
/// <remarks>
/// A base class, not an interface, for the cost of the call: the adapter calls all three through one site, and a
/// virtual call there is one load and an indirect jump whatever the number of types, where an interface call at a
/// site that sees several types goes through the runtime's resolve stub (a cache lookup). The former adapter per
/// cipher made one virtual call too, and on an Intel Xeon (Emerald Rapids) ChaCha20-Poly1305 at 128 B was 4–7% faster
/// through it than through an interface (<c>harness paired</c>). On an AMD EPYC (Zen 4) the interface and this class
/// time the same; that this class wins the 4–7% back on the Intel is expected, not yet measured.
/// </remarks>
public abstract class AeadCipher : IDisposable
{
    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> (as long) and writes the tag.</summary>
    public abstract void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData = default);

    /// <summary>
    /// Decrypts and authenticates. Returns false when the tag does not match, and then <paramref name="plaintext"/> holds
    /// no unauthenticated plaintext (zeroed or untouched, as the implementation says).
    /// </summary>
    public abstract bool Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default);

    /// <summary>Wipes the key material; the object is unusable afterwards.</summary>
    public abstract void Dispose();
}
