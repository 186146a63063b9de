using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Modes;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoHarness.Implementations.Adapters.BouncyCastle;

/// <summary>
/// The AEADs through <see cref="IAeadCipher"/>. Like the OS adapters, a cipher is kept per thread with its key schedule:
/// when the key is unchanged the parameters carry no key, which BouncyCastle documents as reusing the previous one. Its
/// nonce-reuse guard then applies, so callers (and the harness) must vary the nonce between encryptions. Plaintext and
/// ciphertext go through the span overloads; only the last partial block and the tag, which <c>DoFinal</c> writes in one
/// piece, pass through a small stack buffer to be split. BouncyCastle decrypts before it checks the tag, so on a
/// forgery the plaintext buffer is cleared, as the contract (and the OS's AesGcm) promise. A bad tag surfaces as
/// <see cref="InvalidCipherTextException"/>, mapped to false.
/// </summary>
public abstract class BouncyCastleAead<TSelf>(Algorithm algorithm) : AeadImplementation(algorithm, BouncyCastleProvider.Provider)
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

/// <summary>BouncyCastle's AEADs.</summary>
public static class BouncyCastleAeads
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BouncyCastleAes128Gcm(),
        new BouncyCastleAes256Gcm(),
        new BouncyCastleChaCha20Poly1305(),
        new BouncyCastleXChaCha20Poly1305(),
        new BouncyCastleAsconAead128(),
    ];
}
