using CryptoHarness.Implementations.Adapters.Common;
using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>Our AES-based AEADs: AES-128-GCM and AES-256-GCM on each of their paths, AEGIS-128L and AEGIS-256.</summary>
internal static class ManagedAesAeads
{
    public static IEnumerable<IImplementation> All() =>
    [
        .. AesGcmCipher.Paths.Select(path => new ManagedAesGcm(Algorithms.Aes128Gcm, path)),
        .. AesGcmCipher.Paths.Select(path => new ManagedAesGcm(Algorithms.Aes256Gcm, path)),
        new ManagedAegis128L(),
        new ManagedAegis256(),
    ];
}

/// <summary>
/// Our AES-GCM on one path. <see cref="AesGcmCipher"/> is a keyed object, like the OS's <c>AesGcm</c>: a caller
/// encrypting many messages keeps one per key, so the adapter does too (see <see cref="OsKeyedAead{TSelf, TCipher}"/>):
/// each thread keeps one per entry, rebuilt only when the key changes (<see cref="PerThreadKeyedCiphers{TCipher}"/>).
/// </summary>
public sealed class ManagedAesGcm(Algorithm algorithm, AesGcmPath path)
    : AeadImplementation(algorithm, ManagedProvider.Provider, AesGcmCipher.VariantName(path))
{
    private readonly PerThreadKeyedCiphers<AesGcmCipher> _ciphers = new(key => new AesGcmCipher(key, path));

    public override Support Support => Support.When(
        AesGcmCipher.IsSupported(path),
        path switch
        {
            AesGcmPath.AesNi => "needs AES-NI and PCLMULQDQ, which this CPU or runtime level does not offer (there is no portable path)",
            AesGcmPath.Vpclmul256 => "needs AES-NI, VPCLMULQDQ and AVX2, which this CPU or runtime level does not offer",
            _ => "needs AES-NI, VPCLMULQDQ and AVX-512BW, which this CPU or runtime level does not offer",
        });

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(AesGcmCipher)];

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        CipherFor(key).Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        CipherFor(key).Decrypt(nonce, ciphertext, tag, plaintext, associatedData);

    private AesGcmCipher CipherFor(ReadOnlySpan<byte> key) => _ciphers.For(key);
}

/// <summary>Our AEGIS-128L (AES-NI); the key goes in on every call, as AEGIS has no key schedule to keep.</summary>
public sealed class ManagedAegis128L() : AeadImplementation(Algorithms.Aegis128L, ManagedProvider.Provider, "aesni")
{
    public override Support Support => Support.When(Aegis128L.IsSupported, "needs AES-NI, which this CPU or runtime level does not offer (there is no portable path)");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Aegis128L)];

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        Aegis128L.Encrypt(key, nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        Aegis128L.Decrypt(key, nonce, ciphertext, tag, plaintext, associatedData);
}

/// <summary>Our AEGIS-256 (AES-NI).</summary>
public sealed class ManagedAegis256() : AeadImplementation(Algorithms.Aegis256, ManagedProvider.Provider, "aesni")
{
    public override Support Support => Support.When(Aegis256.IsSupported, "needs AES-NI, which this CPU or runtime level does not offer (there is no portable path)");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Aegis256)];

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        Aegis256.Encrypt(key, nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        Aegis256.Decrypt(key, nonce, ciphertext, tag, plaintext, associatedData);
}
