using CryptoHarness.Implementations.Adapters.Common;
using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>
/// Our AEADs but Ascon-AEAD128 (which sits with the other Ascon functions): ChaCha20-Poly1305 and XChaCha20-Poly1305
/// on every ChaCha20 path, AES-128-GCM and AES-256-GCM on each of their paths, AEGIS-128L and AEGIS-256. Each path is an
/// entry of its own, like the hashes'; the CPU decides at run time which are supported.
/// </summary>
internal static class ManagedAeads
{
    private const string NoAesNi = "needs AES-NI, which this CPU or runtime level does not offer (there is no portable path)";

    public static IEnumerable<IImplementation> All() =>
    [
        .. Enum.GetValues<InstructionSet>().SelectMany(path => new IImplementation[]
        {
            ChaCha(Algorithms.ChaCha20Poly1305, path, key => new ChaCha20Poly1305Cipher(key, path)),
            ChaCha(Algorithms.XChaCha20Poly1305, path, key => new XChaCha20Poly1305Cipher(key, path)),
        }),
        .. AesGcmCipher.Paths.Select(path => AesGcm(Algorithms.Aes128Gcm, path)),
        .. AesGcmCipher.Paths.Select(path => AesGcm(Algorithms.Aes256Gcm, path)),
        new ManagedAegis<Aegis128L>(Algorithms.Aegis128L, Support.WhenCpuHas(Aegis128L.IsSupported, NoAesNi)),
        new ManagedAegis<Aegis256>(Algorithms.Aegis256, Support.WhenCpuHas(Aegis256.IsSupported, NoAesNi)),
    ];

    private static ManagedKeyedAead ChaCha<TCipher>(Algorithm algorithm, InstructionSet path, Func<byte[], TCipher> create)
        where TCipher : AeadCipher
    {
        var variant = InstructionSets.VariantName(path);
        var support = ChaCha20.IsSupported(path) ? Support.Yes
            : !InstructionSets.IsSupported(path) ? Support.NotOnThisCpu($"this CPU lacks {variant}")
            : Support.NotOnThisCpu($"ChaCha20 has no {variant} path on this CPU");
        return new(algorithm, variant, support, typeof(TCipher), create);
    }

    private static ManagedKeyedAead AesGcm(Algorithm algorithm, AesGcmPath path) => new(
        algorithm,
        AesGcmCipher.VariantName(path),
        Support.WhenCpuHas(
            AesGcmCipher.IsSupported(path),
            path switch
            {
                AesGcmPath.AesNi => "needs AES-NI and PCLMULQDQ, which this CPU or runtime level does not offer (there is no portable path)",
                AesGcmPath.Vpclmul256 => "needs AES-NI, VPCLMULQDQ and AVX2, which this CPU or runtime level does not offer",
                _ => "needs AES-NI, VPCLMULQDQ and AVX-512BW, which this CPU or runtime level does not offer",
            }),
        typeof(AesGcmCipher),
        key => new AesGcmCipher(key, path));
}

/// <summary>
/// Our keyed AEAD objects (<see cref="AeadCipher"/>: AES-GCM, ChaCha20-Poly1305, XChaCha20-Poly1305), each on one path.
/// A caller encrypting many messages keeps one per key, as with the OS's <c>AesGcm</c>, so the adapter does too (see
/// <see cref="Os.OsKeyedAead{TSelf, TCipher}"/>): each thread keeps one per entry, rebuilt only when the key changes
/// (<see cref="PerThreadKeyedCiphers{TCipher}"/>).
/// </summary>
/// <remarks>
/// One class calls all three through the base class's virtual methods. Generic over the cipher type it would gain
/// nothing: the ciphers are classes, whose instantiations share one body. Why a base class and not an interface: see
/// <see cref="AeadCipher"/>.
/// </remarks>
public sealed class ManagedKeyedAead(Algorithm algorithm, string variant, Support support, Type codeType, Func<byte[], AeadCipher> create)
    : AeadImplementation(algorithm, ManagedProvider.Provider, variant)
{
    private readonly PerThreadKeyedCiphers<AeadCipher> _ciphers = new(create);

    public override Support Support => support;

    public override IReadOnlyList<Type> CodeTypes { get; } = [codeType];

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        _ciphers.For(key).Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        _ciphers.For(key).Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
}

/// <summary>
/// Our AEGIS-128L or AEGIS-256 (AES-NI): the key goes in on every call, as AEGIS has no key schedule to keep. Generic
/// over the variant, a struct, so each entry's calls are direct ones, compiled for that variant.
/// </summary>
public sealed class ManagedAegis<TVariant>(Algorithm algorithm, Support support)
    : AeadImplementation(algorithm, ManagedProvider.Provider, "aesni")
    where TVariant : struct, IAegisVariant
{
    public override Support Support => support;

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(TVariant)];

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        Aegis.Encrypt<TVariant>(key, nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        Aegis.Decrypt<TVariant>(key, nonce, ciphertext, tag, plaintext, associatedData);
}
