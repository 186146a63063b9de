using CryptoHarness.Implementations.Adapters.Common;
using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>
/// Our ChaCha20-Poly1305 and XChaCha20-Poly1305 on one ChaCha20 path each: one entry per path, like the hashes. The
/// ciphers are keyed objects, as the OS and BouncyCastle ones are, so the adapter keeps one per thread and path,
/// rebuilt only when the key changes (<see cref="PerThreadKeyedCiphers{TCipher}"/>).
/// </summary>
public abstract class ManagedKeyedAead<TCipher> : AeadImplementation
    where TCipher : class, IDisposable
{
    private readonly PerThreadKeyedCiphers<TCipher> _ciphers;

    protected ManagedKeyedAead(Algorithm algorithm, InstructionSet path)
        : base(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
    {
        Path = path;
        _ciphers = new(key => Create(key));
    }

    protected InstructionSet Path { get; }

    public override Support Support =>
        ChaCha20.IsSupported(Path) ? Support.Yes
        : !InstructionSets.IsSupported(Path) ? Support.No($"this CPU lacks {Variant}")
        : Support.No($"ChaCha20 has no {Variant} path on this CPU");

    protected abstract TCipher Create(ReadOnlySpan<byte> key);

    protected abstract void Encrypt(TCipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag);

    protected abstract bool Decrypt(TCipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext);

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        Encrypt(CipherFor(key), nonce, associatedData, plaintext, ciphertext, tag);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        Decrypt(CipherFor(key), nonce, associatedData, ciphertext, tag, plaintext);

    private TCipher CipherFor(ReadOnlySpan<byte> key) => _ciphers.For(key);
}

public sealed class ManagedChaCha20Poly1305(InstructionSet path)
    : ManagedKeyedAead<ChaCha20Poly1305Cipher>(Algorithms.ChaCha20Poly1305, path)
{
    /// <summary>Every ChaCha20 path, each an entry; the CPU decides at run time which are supported.</summary>
    public static IEnumerable<IImplementation> All() =>
        Enum.GetValues<InstructionSet>().SelectMany(path => new IImplementation[] { new ManagedChaCha20Poly1305(path), new ManagedXChaCha20Poly1305(path) });

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(ChaCha20Poly1305Cipher)];

    protected override ChaCha20Poly1305Cipher Create(ReadOnlySpan<byte> key) => new(key, Path);

    protected override void Encrypt(ChaCha20Poly1305Cipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        cipher.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool Decrypt(ChaCha20Poly1305Cipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        cipher.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
}

public sealed class ManagedXChaCha20Poly1305(InstructionSet path)
    : ManagedKeyedAead<XChaCha20Poly1305Cipher>(Algorithms.XChaCha20Poly1305, path)
{
    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(XChaCha20Poly1305Cipher)];

    protected override XChaCha20Poly1305Cipher Create(ReadOnlySpan<byte> key) => new(key, Path);

    protected override void Encrypt(XChaCha20Poly1305Cipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        cipher.Encrypt(nonce, plaintext, ciphertext, tag, associatedData);

    protected override bool Decrypt(XChaCha20Poly1305Cipher cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        cipher.Decrypt(nonce, ciphertext, tag, plaintext, associatedData);
}
