using System.Runtime.Intrinsics.X86;
using System.Security.Cryptography;
using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

/// <summary>
/// AEGIS-128L (draft-irtf-cfrg-aegis-aead, "The AEGIS Family of Authenticated Encryption Algorithms", §4): a 128-bit
/// key, a 128-bit nonce, a 128- or 256-bit tag, 32 bytes absorbed per update of an eight-block state.
/// </summary>
/// <remarks>
/// <para>
/// One path, <c>Aegis128L.AesNi.cs</c>: the state update is eight AES rounds (AESENC), independent of one another, so
/// the rounds of one update issue together and an update costs about one AESENC latency. There is no portable path: a
/// table-free AES round in software would be a bitsliced implementation for a state that changes every 32 bytes, so
/// where the CPU (or the runtime) has no AES-NI, <see cref="IsSupported"/> is false and the registry lists the entry as
/// unsupported. The key is used once per message (AEGIS has no key schedule), so the API is static.
/// </para>
/// <para>
/// Nothing is allocated. The state lives in locals (registers, where the JIT keeps them); stack buffers that held a
/// partial block of plaintext or keystream, or a computed tag, are wiped before returning.
/// </para>
/// </remarks>
public static partial class Aegis128L
{
    public const int KeySizeInBytes = 16;
    public const int NonceSizeInBytes = 16;

    private const int BlockSize = 32;

    /// <summary>Whether this CPU, as the runtime shows it, has AES-NI.</summary>
    public static bool IsSupported => Aes.IsSupported && Sse2.IsSupported;

    /// <summary>Encrypts <paramref name="plaintext"/> and writes a tag of <paramref name="tag"/>'s length, 16 or 32 bytes.</summary>
    /// <exception cref="ArgumentException">A length is wrong, or the buffers overlap other than exactly.</exception>
    /// <exception cref="PlatformNotSupportedException">This CPU has no AES-NI.</exception>
    public static void Encrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag,
        ReadOnlySpan<byte> associatedData = default)
    {
        AegisArguments.Check(KeySizeInBytes, NonceSizeInBytes, IsSupported, "AEGIS-128L", key, nonce, plaintext, ciphertext, tag);
        SealAesNi(key, nonce, associatedData, plaintext, ciphertext, encrypting: true, tag);
    }

    /// <summary>
    /// Decrypts and authenticates. Returns false when the tag does not match, with <paramref name="plaintext"/> zeroed.
    /// The tags are compared in constant time.
    /// </summary>
    /// <exception cref="ArgumentException">As for <see cref="Encrypt"/>.</exception>
    /// <exception cref="PlatformNotSupportedException">This CPU has no AES-NI.</exception>
    public static bool Decrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext,
        ReadOnlySpan<byte> associatedData = default)
    {
        AegisArguments.Check(KeySizeInBytes, NonceSizeInBytes, IsSupported, "AEGIS-128L", key, nonce, ciphertext, plaintext, tag);
        Span<byte> computed = stackalloc byte[32];
        computed = computed[..tag.Length];
        SealAesNi(key, nonce, associatedData, ciphertext, plaintext, encrypting: false, computed);
        return AegisArguments.Verify(computed, tag, plaintext);
    }
}

/// <summary>What AEGIS-128L and AEGIS-256 check and do alike.</summary>
internal static class AegisArguments
{
    public static void Check(
        int keySize, int nonceSize, bool supported, string name,
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, ReadOnlySpan<byte> tag)
    {
        if (!supported)
        {
            throw new PlatformNotSupportedException($"{name} needs AES-NI, which this CPU (or runtime) does not offer.");
        }

        if (key.Length != keySize)
        {
            throw new ArgumentException($"The key is {key.Length} bytes; {name} takes {keySize}.", nameof(key));
        }

        if (nonce.Length != nonceSize)
        {
            throw new ArgumentException($"The nonce is {nonce.Length} bytes; {name} takes {nonceSize}.", nameof(nonce));
        }

        if (tag.Length is not (16 or 32))
        {
            throw new ArgumentException($"The tag is {tag.Length} bytes; {name} writes 16 or 32.", nameof(tag));
        }

        if (output.Length != input.Length)
        {
            throw new ArgumentException($"The output is {output.Length} bytes; the input is {input.Length}.", nameof(output));
        }

        // In place is fine (each block is read before its output is written); a shifted overlap is not.
        if (input.Overlaps(output, out int offset) && offset != 0)
        {
            throw new ArgumentException("The input and output overlap other than exactly.", nameof(output));
        }
    }

    /// <summary>Constant-time comparison; on a mismatch the plaintext is zeroed. The computed tag is wiped either way.</summary>
    public static bool Verify(Span<byte> computed, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        bool authentic = CryptographicOperations.FixedTimeEquals(computed, tag);
        CryptographicOperations.ZeroMemory(computed);
        if (!authentic)
        {
            CryptographicOperations.ZeroMemory(plaintext);
        }

        return authentic;
    }
}
