using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

/// <summary>
/// AEGIS-256 (draft-irtf-cfrg-aegis-aead, "The AEGIS Family of Authenticated Encryption Algorithms", §5): a 256-bit
/// key, a 256-bit nonce, a 128- or 256-bit tag, 16 bytes absorbed per update of a six-block state.
/// </summary>
/// <remarks>
/// One path, <c>Aegis256.AesNi.cs</c>, as for <see cref="Aegis128L"/> and for the same reasons: six independent AESENC
/// per update, no portable path (<see cref="IsSupported"/> is false without AES-NI), no key schedule, nothing allocated,
/// the state, partial blocks and the computed tag in locals of one method.
/// </remarks>
public static partial class Aegis256
{
    public const int KeySizeInBytes = 32;
    public const int NonceSizeInBytes = 32;

    private const int BlockSize = 16;

    /// <summary>Whether this CPU, as the runtime shows it, has AES-NI.</summary>
    public static bool IsSupported => Aes.IsSupported && Sse2.IsSupported;

    /// <inheritdoc cref="Aegis128L.Encrypt"/>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Encrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag,
        ReadOnlySpan<byte> associatedData = default)
    {
        AegisArguments.Check(KeySizeInBytes, NonceSizeInBytes, IsSupported, "AEGIS-256", key, nonce, plaintext, ciphertext, tag);
        SealAesNi(key, nonce, associatedData, plaintext, ciphertext, encrypting: true, out var tag0, out var tag1, longTag: tag.Length == 32);
        AegisBlocks.StoreTag(tag, tag0, tag1);
    }

    /// <inheritdoc cref="Aegis128L.Decrypt"/>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static bool Decrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext,
        ReadOnlySpan<byte> associatedData = default)
    {
        AegisArguments.Check(KeySizeInBytes, NonceSizeInBytes, IsSupported, "AEGIS-256", key, nonce, ciphertext, plaintext, tag);
        SealAesNi(key, nonce, associatedData, ciphertext, plaintext, encrypting: false, out var tag0, out var tag1, longTag: tag.Length == 32);
        return AegisBlocks.Verify(tag0, tag1, tag, plaintext);
    }
}
