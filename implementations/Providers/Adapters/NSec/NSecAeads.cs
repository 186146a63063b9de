using NSecAeadAlgorithm = NSec.Cryptography.AeadAlgorithm;
using NSecAlgorithm = NSec.Cryptography.Algorithm;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.NSec;

/// <summary>
/// An NSec AEAD. NSec writes and reads ciphertext and tag as one buffer (ciphertext ‖ tag), while the contract keeps them
/// apart, so the adapter goes through <see cref="JoinedCiphertext"/>.
/// </summary>
public abstract class NSecAead<TSelf>(Algorithm algorithm) : AeadImplementation(algorithm, NSecProvider.Provider), INSecKeyed
    where TSelf : NSecAead<TSelf>
{
    public override Support Support => NSecLibrary.Support;

    /// <summary>NSec's algorithm object, read on use: touching it starts libsodium, which <see cref="Support"/> decides first.</summary>
    protected abstract NSecAeadAlgorithm Aead { get; }

    public NSecAlgorithm KeyAlgorithm(int keyBytes) => Aead;

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        var joined = JoinedCiphertext.ForEncryption(ciphertext, tag, out var inPlace);
        Aead.Encrypt(NSecKeys<TSelf>.For(key, this), nonce, associatedData, plaintext, joined);
        if (!inPlace)
        {
            JoinedCiphertext.Split(joined, ciphertext, tag);
        }
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        Aead.Decrypt(NSecKeys<TSelf>.For(key, this), nonce, associatedData, JoinedCiphertext.Join(ciphertext, tag), plaintext);
}

/// <summary>NSec's AES-256-GCM is libsodium's, which exists only on CPUs with AES-NI and PCLMULQDQ.</summary>
public sealed class NSecAes256Gcm() : NSecAead<NSecAes256Gcm>(Algorithms.Aes256Gcm)
{
    public override Support Support =>
        NSecLibrary.Support is { IsSupported: false } missing ? missing
        : global::NSec.Cryptography.Aes256Gcm.IsSupported ? Support.Yes
        : Support.NotOnThisCpu("NSec's AES-256-GCM (libsodium's) needs AES-NI and PCLMULQDQ, which this CPU lacks");

    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.Aes256Gcm;
}

public sealed class NSecChaCha20Poly1305() : NSecAead<NSecChaCha20Poly1305>(Algorithms.ChaCha20Poly1305)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.ChaCha20Poly1305;
}

public sealed class NSecXChaCha20Poly1305() : NSecAead<NSecXChaCha20Poly1305>(Algorithms.XChaCha20Poly1305)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.XChaCha20Poly1305;
}

/// <summary>AEGIS-128L with NSec's only tag length, 32 bytes.</summary>
public sealed class NSecAegis128L() : NSecAead<NSecAegis128L>(Algorithms.Aegis128L)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.Aegis128L;
}

/// <summary>AEGIS-256 with NSec's only tag length, 32 bytes.</summary>
public sealed class NSecAegis256() : NSecAead<NSecAegis256>(Algorithms.Aegis256)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.Aegis256;
}

/// <summary>NSec's AEADs.</summary>
public static class NSecAeads
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new NSecAes256Gcm(),
        new NSecChaCha20Poly1305(),
        new NSecXChaCha20Poly1305(),
        new NSecAegis128L(),
        new NSecAegis256(),
    ];
}
