using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;

namespace CryptoHarness.Managed;

/// <summary>
/// The Ascon permutation Ascon-p[rnd] of NIST SP 800-232 §3 on a 320-bit state of five 64-bit words: the engine
/// under <see cref="AsconHash256"/>, <see cref="AsconXof128"/> and <see cref="AsconAead128"/>.
/// </summary>
/// <remarks>
/// <para>
/// One path, <see cref="InstructionSet.Scalar"/>: a round is a serial chain over five words, 22 logic operations
/// and 10 rotations, which 64-bit integer registers hold whole. The bit-interleaved form of the reference code is
/// for 32-bit CPUs and not needed on x64 or Arm64. Vector registers would only help several independent states at
/// once, which none of the three functions has (each block depends on the previous permutation).
/// </para>
/// <para>
/// SP 800-232 reads bytes into words little endian (§2.1, the change from the big-endian v1.2 submission), so on
/// little-endian hosts a block is one unaligned load. The rounds are written out, the state held in locals passed
/// by reference into aggressively inlined methods, so that the JIT keeps the five words in registers across a
/// whole absorb loop instead of storing them after each permutation.
/// </para>
/// </remarks>
internal static class AsconPermutation
{
    /// <summary>
    /// Ascon-p[12]. SP 800-232 Table 5 numbers the round constants for up to 16 rounds, c_0 = 0x3C … c_15 = 0x4B, and
    /// p[rnd] uses the last rnd of them (§3.2): here c_4 = 0xF0 … c_15.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P12(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
    {
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xF0);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xE1);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xD2);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xC3);
        P8(ref x0, ref x1, ref x2, ref x3, ref x4);
    }

    /// <summary>Ascon-p[8]: the last eight rounds of p[12], constants c_8 = 0xB4 … c_15 = 0x4B.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P8(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
    {
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xB4);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xA5);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x96);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x87);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x78);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x69);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x5A);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x4B);
    }

    /// <summary>
    /// One round (SP 800-232 §3.2–3.4): the constant into word 2 (p_C), the 5-bit S-box across the five words
    /// (p_S, in its bitsliced form: the χ-like core between two linear steps), and each word XORed with two
    /// rotations of itself (p_L, Σ_0 … Σ_4).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4, ulong constant)
    {
        x2 ^= constant;

        // p_S: the affine input layer, the nonlinear core t_i = x_i ^ (~x_(i+1) & x_(i+2)), the affine output layer.
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1;
        ulong t0 = x0 ^ (~x1 & x2);
        ulong t1 = x1 ^ (~x2 & x3);
        ulong t2 = x2 ^ (~x3 & x4);
        ulong t3 = x3 ^ (~x4 & x0);
        ulong t4 = x4 ^ (~x0 & x1);
        t1 ^= t0;
        t0 ^= t4;
        t3 ^= t2;

        // p_L, with the output layer's complement of word 2 moved past it: Σ_2(~t) = ~Σ_2(t).
        x0 = t0 ^ BitOperations.RotateRight(t0, 19) ^ BitOperations.RotateRight(t0, 28);
        x1 = t1 ^ BitOperations.RotateRight(t1, 61) ^ BitOperations.RotateRight(t1, 39);
        x2 = ~(t2 ^ BitOperations.RotateRight(t2, 1) ^ BitOperations.RotateRight(t2, 6));
        x3 = t3 ^ BitOperations.RotateRight(t3, 10) ^ BitOperations.RotateRight(t3, 17);
        x4 = t4 ^ BitOperations.RotateRight(t4, 7) ^ BitOperations.RotateRight(t4, 41);
    }

    /// <summary>A whole 8-byte block as a word, little endian (SP 800-232 §2.1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadUInt64LittleEndian(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(Span<byte> block, ulong word) => BinaryPrimitives.WriteUInt64LittleEndian(block, word);

    /// <summary>
    /// The first <c>bytes.Length</c> (0 to 7) bytes of a word, little endian, followed by the padding bit: the
    /// 0x01 byte right after the data that SP 800-232's pad(X, r) appends (§2.1, Algorithm 2 step 1 read in
    /// little-endian byte order).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadPartialPadded(ReadOnlySpan<byte> bytes) => LoadPartial(bytes) | PaddingAfter(bytes.Length);

    /// <summary>The first <c>bytes.Length</c> (0 to 7) bytes of a word, little endian, the rest zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadPartial(ReadOnlySpan<byte> bytes)
    {
        ulong word = 0;
        for (int i = 0; i < bytes.Length; i++)
        {
            word |= (ulong)bytes[i] << (8 * i);
        }

        return word;
    }

    /// <summary>The padding byte 0x01 placed right after <paramref name="length"/> (0 to 7) data bytes of a word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong PaddingAfter(int length) => 1UL << (8 * length);

    /// <summary>The first <c>destination.Length</c> (0 to 7) bytes of <paramref name="word"/>, little endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StorePartial(Span<byte> destination, ulong word)
    {
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = (byte)(word >> (8 * i));
        }
    }
}
