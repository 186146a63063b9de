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

    // Both calls take the Scalar path unless told otherwise, even where Avx512 exists: see the dispatch note in Ascon.cs.

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the 16-byte tag.</summary>
    /// <param name="key">The 16-byte key.</param>
    /// <param name="nonce">The 16-byte nonce; never reuse one with the same key.</param>
    /// <param name="associatedData">Data authenticated but not encrypted; may be empty.</param>
    /// <param name="plaintext">The message.</param>
    /// <param name="ciphertext">Receives the ciphertext, as long as the plaintext; may be the plaintext buffer itself.</param>
    /// <param name="tag">Receives the 16-byte tag.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentException">A key, nonce or tag is not 16 bytes, or the ciphertext's length is not the plaintext's.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void Encrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag,
        InstructionSet path = InstructionSet.Scalar)
    {
        Check(path, key, nonce, tag, plaintext.Length, ciphertext.Length, nameof(ciphertext));
        if (path == InstructionSet.Avx512)
        {
            EncryptCore<AsconAvx512, Vector128<ulong>>(key, nonce, associatedData, plaintext, ciphertext, tag);
        }
        else
        {
            EncryptCore<AsconScalar, ulong>(key, nonce, associatedData, plaintext, ciphertext, tag);
        }
    }

    /// <summary>
    /// Decrypts <paramref name="ciphertext"/> into <paramref name="plaintext"/> if <paramref name="tag"/> is
    /// authentic; otherwise zeroes <paramref name="plaintext"/> and returns false.
    /// </summary>
    /// <param name="key">The 16-byte key.</param>
    /// <param name="nonce">The 16-byte nonce the message was encrypted under.</param>
    /// <param name="associatedData">The associated data the message was encrypted with.</param>
    /// <param name="ciphertext">The ciphertext.</param>
    /// <param name="tag">The 16-byte tag to check.</param>
    /// <param name="plaintext">Receives the plaintext, as long as the ciphertext, or zeros; may be the ciphertext buffer itself.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentException">A key, nonce or tag is not 16 bytes, or the plaintext's length is not the ciphertext's.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static bool Decrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext,
        InstructionSet path = InstructionSet.Scalar)
    {
        Check(path, key, nonce, tag, ciphertext.Length, plaintext.Length, nameof(plaintext));
        return path == InstructionSet.Avx512
            ? DecryptCore<AsconAvx512, Vector128<ulong>>(key, nonce, associatedData, ciphertext, tag, plaintext)
            : DecryptCore<AsconScalar, ulong>(key, nonce, associatedData, ciphertext, tag, plaintext);
    }

    /// <remarks>Never inlined, so that the rounds inline here and the state stays in registers: see <c>Ascon.cs</c>.</remarks>
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void EncryptCore<TPermutation, TWord>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
        where TPermutation : struct, IAsconPermutation<TWord>
        where TWord : struct
    {
        Start<TPermutation, TWord>(key, nonce, associatedData, out TWord k0, out TWord k1, out TWord x0, out TWord x1, out TWord x2, out TWord x3, out TWord x4);

        // SP 800-232 Algorithm 3 step 4: C_i = S[0:127] after XORing P_i in, then p[8] for every whole block. The
        // lengths are equal (Check), so one offset walks both without the per-block bounds checks that span
        // slicing cost here (about 8 operations a block, seen with DOTNET_JitDisasm).
        int whole = plaintext.Length & ~(2 * sizeof(ulong) - 1);
        ref byte input = ref MemoryMarshal.GetReference(plaintext);
        ref byte output = ref MemoryMarshal.GetReference(ciphertext);
        for (nuint offset = 0; offset < (nuint)whole; offset += 2 * sizeof(ulong))
        {
            x0 = TPermutation.Xor(x0, TPermutation.Load(ref Unsafe.Add(ref input, offset)));
            x1 = TPermutation.Xor(x1, TPermutation.Load(ref Unsafe.Add(ref input, offset + sizeof(ulong))));
            TPermutation.Store(ref Unsafe.Add(ref output, offset), x0);
            TPermutation.Store(ref Unsafe.Add(ref output, offset + sizeof(ulong)), x1);
            TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
        }

        plaintext = plaintext[whole..];
        ciphertext = ciphertext[whole..];

        // The last, padded block (empty when the plaintext is whole blocks): its ciphertext is as long as its plaintext.
        if (plaintext.Length >= sizeof(ulong))
        {
            x0 = TPermutation.Xor(x0, TPermutation.Load(plaintext));
            ulong last = TPermutation.ToScalar(x1) ^ LoadPartialPadded(plaintext[8..]);
            x1 = TPermutation.FromScalar(last);
            TPermutation.Store(ciphertext, x0);
            StorePartial(ciphertext[8..], last);
        }
        else
        {
            ulong last = TPermutation.ToScalar(x0) ^ LoadPartialPadded(plaintext);
            x0 = TPermutation.FromScalar(last);
            StorePartial(ciphertext, last);
        }

        Finish<TPermutation, TWord>(k0, k1, ref x0, ref x1, ref x2, ref x3, ref x4);
        TPermutation.Store(tag, x3);
        TPermutation.Store(tag[8..], x4);
    }

    /// <remarks>Never inlined, so that the rounds inline here and the state stays in registers: see <c>Ascon.cs</c>.</remarks>
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static bool DecryptCore<TPermutation, TWord>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
        where TPermutation : struct, IAsconPermutation<TWord>
        where TWord : struct
    {
        Span<byte> written = plaintext;

        Start<TPermutation, TWord>(key, nonce, associatedData, out TWord k0, out TWord k1, out TWord x0, out TWord x1, out TWord x2, out TWord x3, out TWord x4);

        // SP 800-232 Algorithm 4 step 4: P_i = S[0:127] ⊕ C_i, and the rate takes C_i's value. One offset walks both
        // spans, as in EncryptCore.
        int whole = ciphertext.Length & ~(2 * sizeof(ulong) - 1);
        ref byte input = ref MemoryMarshal.GetReference(ciphertext);
        ref byte output = ref MemoryMarshal.GetReference(plaintext);
        for (nuint offset = 0; offset < (nuint)whole; offset += 2 * sizeof(ulong))
        {
            TWord c0 = TPermutation.Load(ref Unsafe.Add(ref input, offset));
            TWord c1 = TPermutation.Load(ref Unsafe.Add(ref input, offset + sizeof(ulong)));
            TPermutation.Store(ref Unsafe.Add(ref output, offset), TPermutation.Xor(x0, c0));
            TPermutation.Store(ref Unsafe.Add(ref output, offset + sizeof(ulong)), TPermutation.Xor(x1, c1));
            x0 = c0;
            x1 = c1;
            TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
        }

        ciphertext = ciphertext[whole..];
        plaintext = plaintext[whole..];

        if (ciphertext.Length >= sizeof(ulong))
        {
            TWord c0 = TPermutation.Load(ciphertext);
            TPermutation.Store(plaintext, TPermutation.Xor(x0, c0));
            x0 = c0;
            x1 = TPermutation.FromScalar(DecryptPartial(ciphertext[8..], plaintext[8..], TPermutation.ToScalar(x1)));
        }
        else
        {
            x0 = TPermutation.FromScalar(DecryptPartial(ciphertext, plaintext, TPermutation.ToScalar(x0)));
        }

        Finish<TPermutation, TWord>(k0, k1, ref x0, ref x1, ref x2, ref x3, ref x4);

        // Constant time in the tags' contents: one OR of both halves' differences, tested once.
        ulong difference = (TPermutation.ToScalar(x3) ^ Load(tag)) | (TPermutation.ToScalar(x4) ^ Load(tag[8..]));
        if (difference != 0)
        {
            CryptographicOperations.ZeroMemory(written);
            return false;
        }

        return true;
    }

    /// <summary>
    /// SP 800-232 Algorithms 3 and 4, steps 1–3: the key and nonce into the state, p[12], the key again; the
    /// associated data in 16-byte blocks with p[8] after each, the last padded (none at all when it is empty); then
    /// the domain separation bit. The key's words come back too (<paramref name="k0"/>, <paramref name="k1"/>), for
    /// <see cref="Finish"/>; Encrypt and Decrypt begin alike up to here.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Start<TPermutation, TWord>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData,
        out TWord k0, out TWord k1, out TWord x0, out TWord x1, out TWord x2, out TWord x3, out TWord x4)
        where TPermutation : struct, IAsconPermutation<TWord>
        where TWord : struct
    {
        k0 = TPermutation.Load(key);
        k1 = TPermutation.Load(key[8..]);
        x0 = TPermutation.FromScalar(InitialValue);
        x1 = k0;
        x2 = k1;
        x3 = TPermutation.Load(nonce);
        x4 = TPermutation.Load(nonce[8..]);
        TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
        x3 = TPermutation.Xor(x3, k0);
        x4 = TPermutation.Xor(x4, k1);

        if (!associatedData.IsEmpty)
        {
            while (associatedData.Length >= 2 * sizeof(ulong))
            {
                x0 = TPermutation.Xor(x0, TPermutation.Load(associatedData));
                x1 = TPermutation.Xor(x1, TPermutation.Load(associatedData[8..]));
                TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
                associatedData = associatedData[16..];
            }

            if (associatedData.Length >= sizeof(ulong))
            {
                x0 = TPermutation.Xor(x0, TPermutation.Load(associatedData));
                x1 = TPermutation.Xor(x1, TPermutation.FromScalar(LoadPartialPadded(associatedData[8..])));
            }
            else
            {
                x0 = TPermutation.Xor(x0, TPermutation.FromScalar(LoadPartialPadded(associatedData)));
            }

            TPermutation.P8(ref x0, ref x1, ref x2, ref x3, ref x4);
        }

        x4 = TPermutation.Xor(x4, TPermutation.FromScalar(DomainSeparationBit));
    }

    /// <summary>SP 800-232 Algorithm 3 step 5: the key into words 2 and 3, p[12], the tag from words 3 and 4 XOR the key.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Finish<TPermutation, TWord>(TWord k0, TWord k1, ref TWord x0, ref TWord x1, ref TWord x2, ref TWord x3, ref TWord x4)
        where TPermutation : struct, IAsconPermutation<TWord>
        where TWord : struct
    {
        x2 = TPermutation.Xor(x2, k0);
        x3 = TPermutation.Xor(x3, k1);
        TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
        x3 = TPermutation.Xor(x3, k0);
        x4 = TPermutation.Xor(x4, k1);
    }

    /// <summary>
    /// The last, partial word of ciphertext (0 to 7 bytes): its plaintext is the state word <paramref name="x"/> XOR
    /// the ciphertext over those bytes; returns the new state word, whose bytes there become the ciphertext's, followed
    /// by the padding byte.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong DecryptPartial(ReadOnlySpan<byte> ciphertext, Span<byte> plaintext, ulong x)
    {
        int length = ciphertext.Length;
        ulong mask = PaddingAfter(length) - 1;
        ulong p = (x ^ LoadPartial(ciphertext)) & mask;
        StorePartial(plaintext[..length], p);
        return x ^ p ^ PaddingAfter(length);
    }

    /// <summary>
    /// The checks of a call, inlined into it (one test of all of them); the exceptions and their messages are made in
    /// <see cref="Throw"/>, only when one fails.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Check(
        InstructionSet path, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag, int inputLength, int outputLength, string outputName)
    {
        if (!AsconPermutation.IsSupported(path) || key.Length != KeySizeInBytes || nonce.Length != NonceSizeInBytes || tag.Length != TagSizeInBytes
            || outputLength != inputLength)
        {
            Throw(path, key, nonce, tag, inputLength, outputName);
        }
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Throw(InstructionSet path, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag, int inputLength, string outputName)
    {
        AsconPermutation.ThrowIfNotSupported(path, "Ascon-AEAD128");
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

        throw new ArgumentException($"The output must be as long as the input ({inputLength} bytes).", outputName);
    }
}
