using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using static CryptoHarness.Managed.AsconPermutation;

namespace CryptoHarness.Managed;

/// <summary>
/// Ascon-AEAD128 (NIST SP 800-232 §4): authenticated encryption with a 128-bit key, nonce and tag, a 128-bit rate,
/// Ascon-p[12] to initialize and finalize and Ascon-p[8] between blocks.
/// </summary>
/// <remarks>
/// <para>
/// Paths and dispatch are those of Ascon-p (see <c>Ascon.cs</c>): Scalar, and Avx512 where the CPU has it. No call
/// allocates on the heap; the state and key words live in registers and locals only.
/// </para>
/// <para>
/// Decryption compares the tag by OR-ing the XOR of each 64-bit half, so its time does not depend on where the
/// tags differ, and on a mismatch wipes the whole plaintext it wrote before returning false: a caller never gets
/// unauthenticated plaintext. The ciphertext may be the plaintext buffer itself (in-place), but must not otherwise
/// overlap it.
/// </para>
/// </remarks>
public static class AsconAead128
{
    public const int KeySizeInBytes = 16;
    public const int NonceSizeInBytes = 16;
    public const int TagSizeInBytes = 16;

    // SP 800-232 §4.1: IV = 0x00001000808C0001 (v = 1, a = 12, b = 8, rate 128 bits, 128-bit tag).
    private const ulong InitialValue = 0x00001000808C0001;

    // SP 800-232 §4.1.1: after the associated data, the last state bit is flipped (S ← S ⊕ (0^319 ‖ 1)); in
    // little-endian word order that is the top bit of word 4.
    private const ulong DomainSeparationBit = 1UL << 63;

    /// <summary>Whether this library has an Ascon-AEAD128 path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => AsconPermutation.IsSupported(path);

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the 16-byte tag.</summary>
    /// <exception cref="ArgumentException">A key, nonce or tag is not 16 bytes, or the ciphertext's length is not the plaintext's.</exception>
    public static void Encrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        // Scalar even where Avx512 exists: see the dispatch note in Ascon.cs.
        Encrypt(key, nonce, associatedData, plaintext, ciphertext, tag, InstructionSet.Scalar);

    /// <inheritdoc cref="Encrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, Span{byte})"/>
    /// <param name="key">The 16-byte key.</param>
    /// <param name="nonce">The 16-byte nonce; never reuse one with the same key.</param>
    /// <param name="associatedData">Data authenticated but not encrypted; may be empty.</param>
    /// <param name="plaintext">The message.</param>
    /// <param name="ciphertext">Receives the ciphertext, as long as the plaintext; may be the plaintext buffer itself.</param>
    /// <param name="tag">Receives the 16-byte tag.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void Encrypt(
        ReadOnlySpan<byte> key,
        ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> associatedData,
        ReadOnlySpan<byte> plaintext,
        Span<byte> ciphertext,
        Span<byte> tag,
        InstructionSet path)
    {
        AsconPermutation.ThrowIfNotSupported(path, "Ascon-AEAD128");
        CheckLengths(key, nonce, tag, plaintext.Length, ciphertext.Length, nameof(ciphertext));
        if (path == InstructionSet.Avx512)
        {
            EncryptCore<AsconAvx512>(key, nonce, associatedData, plaintext, ciphertext, tag);
        }
        else
        {
            EncryptCore<AsconScalar>(key, nonce, associatedData, plaintext, ciphertext, tag);
        }
    }

    /// <summary>
    /// Decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/> if <paramref name="tag"/> is
    /// authentic; otherwise zeroes <paramref name="plaintext"/> and returns false.
    /// </summary>
    /// <exception cref="ArgumentException">A key, nonce or tag is not 16 bytes, or the plaintext's length is not the ciphertext's.</exception>
    public static bool Decrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        // Scalar even where Avx512 exists: see the dispatch note in Ascon.cs.
        Decrypt(key, nonce, associatedData, ciphertext, tag, plaintext, InstructionSet.Scalar);

    /// <inheritdoc cref="Decrypt(ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="key">The 16-byte key.</param>
    /// <param name="nonce">The 16-byte nonce the message was encrypted under.</param>
    /// <param name="associatedData">The associated data the message was encrypted with.</param>
    /// <param name="ciphertext">The ciphertext.</param>
    /// <param name="tag">The 16-byte tag to check.</param>
    /// <param name="plaintext">Receives the plaintext, as long as the ciphertext, or zeros; may be the ciphertext buffer itself.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static bool Decrypt(
        ReadOnlySpan<byte> key,
        ReadOnlySpan<byte> nonce,
        ReadOnlySpan<byte> associatedData,
        ReadOnlySpan<byte> ciphertext,
        ReadOnlySpan<byte> tag,
        Span<byte> plaintext,
        InstructionSet path)
    {
        AsconPermutation.ThrowIfNotSupported(path, "Ascon-AEAD128");
        CheckLengths(key, nonce, tag, ciphertext.Length, plaintext.Length, nameof(plaintext));
        return path == InstructionSet.Avx512
            ? DecryptCore<AsconAvx512>(key, nonce, associatedData, ciphertext, tag, plaintext)
            : DecryptCore<AsconScalar>(key, nonce, associatedData, ciphertext, tag, plaintext);
    }

    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void EncryptCore<TPermutation>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
        where TPermutation : struct, IAsconPermutation
    {

        ulong k0 = Load(key), k1 = Load(key[8..]);
        ulong x0 = InitialValue, x1 = k0, x2 = k1, x3 = Load(nonce), x4 = Load(nonce[8..]);
        Start<TPermutation>(associatedData, k0, k1, ref x0, ref x1, ref x2, ref x3, ref x4);

        // SP 800-232 Algorithm 3 step 4: C_i = S[0:127] after XORing P_i in, then p[8] for every whole block.
        while (plaintext.Length >= 2 * sizeof(ulong))
        {
            x0 ^= Load(plaintext);
            x1 ^= Load(plaintext[8..]);
            Store(ciphertext, x0);
            Store(ciphertext[8..], x1);
            TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
            plaintext = plaintext[16..];
            ciphertext = ciphertext[16..];
        }

        // The last, padded block (empty when the plaintext is whole blocks): its ciphertext is as long as its plaintext.
        if (plaintext.Length >= sizeof(ulong))
        {
            x0 ^= Load(plaintext);
            x1 ^= LoadPartialPadded(plaintext[8..]);
            Store(ciphertext, x0);
            StorePartial(ciphertext[8..], x1);
        }
        else
        {
            x0 ^= LoadPartialPadded(plaintext);
            StorePartial(ciphertext, x0);
        }

        Finish<TPermutation>(k0, k1, ref x0, ref x1, ref x2, ref x3, ref x4);
        Store(tag, x3);
        Store(tag[8..], x4);
    }

    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static bool DecryptCore<TPermutation>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
        where TPermutation : struct, IAsconPermutation
    {
        Span<byte> output = plaintext;

        ulong k0 = Load(key), k1 = Load(key[8..]);
        ulong x0 = InitialValue, x1 = k0, x2 = k1, x3 = Load(nonce), x4 = Load(nonce[8..]);
        Start<TPermutation>(associatedData, k0, k1, ref x0, ref x1, ref x2, ref x3, ref x4);

        // SP 800-232 Algorithm 4 step 4: P_i = S[0:127] ⊕ C_i, and the rate takes C_i's value.
        while (ciphertext.Length >= 2 * sizeof(ulong))
        {
            ulong c0 = Load(ciphertext);
            ulong c1 = Load(ciphertext[8..]);
            Store(plaintext, x0 ^ c0);
            Store(plaintext[8..], x1 ^ c1);
            x0 = c0;
            x1 = c1;
            TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
            ciphertext = ciphertext[16..];
            plaintext = plaintext[16..];
        }

        if (ciphertext.Length >= sizeof(ulong))
        {
            ulong c0 = Load(ciphertext);
            Store(plaintext, x0 ^ c0);
            x0 = c0;
            DecryptPartial(ciphertext[8..], plaintext[8..], ref x1);
        }
        else
        {
            DecryptPartial(ciphertext, plaintext, ref x0);
        }

        Finish<TPermutation>(k0, k1, ref x0, ref x1, ref x2, ref x3, ref x4);

        // Constant time in the tags' contents: one OR of both halves' differences, tested once.
        ulong difference = (x3 ^ Load(tag)) | (x4 ^ Load(tag[8..]));
        if (difference != 0)
        {
            CryptographicOperations.ZeroMemory(output);
            return false;
        }

        return true;
    }

    /// <summary>
    /// SP 800-232 Algorithms 3 and 4, steps 1–3: the key and nonce into the state, p[12], the key again; the
    /// associated data in 16-byte blocks with p[8] after each, the last padded (none at all when it is empty); then
    /// the domain separation bit.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Start<TPermutation>(
        ReadOnlySpan<byte> associatedData, ulong k0, ulong k1, ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
        where TPermutation : struct, IAsconPermutation
    {
        TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
        x3 ^= k0;
        x4 ^= k1;

        if (!associatedData.IsEmpty)
        {
            while (associatedData.Length >= 2 * sizeof(ulong))
            {
                x0 ^= Load(associatedData);
                x1 ^= Load(associatedData[8..]);
                TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
                associatedData = associatedData[16..];
            }

            if (associatedData.Length >= sizeof(ulong))
            {
                x0 ^= Load(associatedData);
                x1 ^= LoadPartialPadded(associatedData[8..]);
            }
            else
            {
                x0 ^= LoadPartialPadded(associatedData);
            }

            TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
        }

        x4 ^= DomainSeparationBit;
    }

    /// <summary>SP 800-232 Algorithm 3 step 5: the key into words 2 and 3, p[12], the tag from words 3 and 4 XOR the key.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Finish<TPermutation>(ulong k0, ulong k1, ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
        where TPermutation : struct, IAsconPermutation
    {
        x2 ^= k0;
        x3 ^= k1;
        TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
        x3 ^= k0;
        x4 ^= k1;
    }

    /// <summary>
    /// The last, partial word of ciphertext (0 to 7 bytes): its plaintext is the state XOR the ciphertext over those
    /// bytes; the state's bytes become the ciphertext's, and the padding byte follows them.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void DecryptPartial(ReadOnlySpan<byte> ciphertext, Span<byte> plaintext, ref ulong x)
    {
        int length = ciphertext.Length;
        ulong mask = PaddingAfter(length) - 1;
        ulong p = (x ^ LoadPartial(ciphertext)) & mask;
        StorePartial(plaintext[..length], p);
        x ^= p ^ PaddingAfter(length);
    }

    private static void CheckLengths(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag, int inputLength, int outputLength, string outputName)
    {
        if (key.Length != KeySizeInBytes)
        {
            throw new ArgumentException($"The key must be {KeySizeInBytes} bytes.", nameof(key));
        }

        if (nonce.Length != NonceSizeInBytes)
        {
            throw new ArgumentException($"The nonce must be {NonceSizeInBytes} bytes.", nameof(nonce));
        }

        if (tag.Length != TagSizeInBytes)
        {
            throw new ArgumentException($"The tag must be {TagSizeInBytes} bytes.", nameof(tag));
        }

        if (outputLength != inputLength)
        {
            throw new ArgumentException($"The output must be as long as the input ({inputLength} bytes).", outputName);
        }
    }
}
