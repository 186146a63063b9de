using System.Security.Cryptography;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Geralt;

/// <summary>
/// A Geralt AEAD: <c>Encrypt(ciphertext, plaintext, nonce, key, associatedData)</c> and <c>Decrypt</c>, static calls
/// taking the key as bytes (Geralt keeps no key object), reached through function pointers so that each algorithm is one
/// line. Geralt writes and reads ciphertext ‖ tag as one buffer, so the adapter goes through
/// <see cref="JoinedCiphertext"/>. A bad tag surfaces as <see cref="CryptographicException"/>, mapped to false; Geralt
/// (libsodium) writes no plaintext then.
/// </summary>
public abstract unsafe class GeraltAead(
    Algorithm algorithm,
    delegate*<Span<byte>, ReadOnlySpan<byte>, ReadOnlySpan<byte>, ReadOnlySpan<byte>, ReadOnlySpan<byte>, void> encrypt,
    delegate*<Span<byte>, ReadOnlySpan<byte>, ReadOnlySpan<byte>, ReadOnlySpan<byte>, ReadOnlySpan<byte>, void> decrypt)
    : AeadImplementation(algorithm, GeraltProvider.Provider)
{
    public override Support Support => GeraltLibrary.Support;

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        var joined = JoinedCiphertext.ForEncryption(ciphertext, tag, out var inPlace);
        encrypt(joined, plaintext, nonce, key, associatedData);
        if (!inPlace)
        {
            JoinedCiphertext.Split(joined, ciphertext, tag);
        }
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        try
        {
            decrypt(plaintext, JoinedCiphertext.Join(ciphertext, tag), nonce, key, associatedData);
            return true;
        }
        catch (CryptographicException)
        {
            return false;
        }
    }
}

public sealed unsafe class GeraltChaCha20Poly1305()
    : GeraltAead(Algorithms.ChaCha20Poly1305, &global::Geralt.ChaCha20Poly1305.Encrypt, &global::Geralt.ChaCha20Poly1305.Decrypt);

public sealed unsafe class GeraltXChaCha20Poly1305()
    : GeraltAead(Algorithms.XChaCha20Poly1305, &global::Geralt.XChaCha20Poly1305.Encrypt, &global::Geralt.XChaCha20Poly1305.Decrypt);

/// <summary>AEGIS-128L with Geralt's only tag length, 32 bytes.</summary>
public sealed unsafe class GeraltAegis128L() : GeraltAead(Algorithms.Aegis128L, &global::Geralt.AEGIS128L.Encrypt, &global::Geralt.AEGIS128L.Decrypt);

/// <summary>AEGIS-256 with Geralt's only tag length, 32 bytes.</summary>
public sealed unsafe class GeraltAegis256() : GeraltAead(Algorithms.Aegis256, &global::Geralt.AEGIS256.Encrypt, &global::Geralt.AEGIS256.Decrypt);

/// <summary>Geralt's AEADs. It has no AES-GCM (libsodium's needs AES-NI; Geralt leaves it out).</summary>
public static class GeraltAeads
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new GeraltChaCha20Poly1305(),
        new GeraltXChaCha20Poly1305(),
        new GeraltAegis128L(),
        new GeraltAegis256(),
    ];
}
