namespace CryptoHarness.Managed;

/// <summary>
/// The scalar path of Ascon-p: the five words in 64-bit integer registers, the S-box with ANDN (BMI1) where the CPU
/// has it, the rotations with RORX.
/// </summary>
/// <remarks>
/// A round ends with word 2 complemented (the S-box's output layer, SP 800-232 §3.3); each round here leaves that NOT
/// out and the next round applies it with its constant, x2 ^ ~c = ~x2 ^ c, one XOR with an immediate for both, so
/// a permutation spends one NOT, at its end, instead of one per round: 37 operations a round instead of 38.
/// </remarks>
internal readonly struct AsconScalar : IAsconPermutation<ulong>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong FromScalar(ulong value) => value;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ToScalar(ulong word) => word;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load(ReadOnlySpan<byte> block) => AsconPermutation.Load(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(Span<byte> block, ulong word) => AsconPermutation.Store(block, word);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load(ref byte block) => LittleEndian(Unsafe.ReadUnaligned<ulong>(ref block));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(ref byte block, ulong word) => Unsafe.WriteUnaligned(ref block, LittleEndian(word));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Xor(ulong left, ulong right) => left ^ right;

    /// <summary>A word read in the CPU's byte order, as SP 800-232's little-endian order (§2.1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong LittleEndian(ulong word) => BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);

    /// <summary>
    /// Ascon-p[12]. SP 800-232 Table 5 numbers the round constants for up to 16 rounds, c_0 = 0x3C … c_15 = 0x4B, and
    /// p[rnd] uses the last rnd of them (§3.2): here c_4 = 0xF0 … c_15. From the second round on the constant goes in
    /// complemented, taking the previous round's NOT of word 2 with it.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P12(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
    {
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xF0);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0xE1UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0xD2UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0xC3UL);
        Rounds8(ref x0, ref x1, ref x2, ref x3, ref x4, ~0xB4UL);
    }

    /// <summary>Ascon-p[8]: the last eight rounds of p[12], constants c_8 = 0xB4 … c_15 = 0x4B.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P8(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4) =>
        Rounds8(ref x0, ref x1, ref x2, ref x3, ref x4, 0xB4);

    /// <summary>
    /// Rounds c_8 … c_15 with the first constant as given (0xB4, or ~0xB4 after rounds that left word 2
    /// complemented), then the NOT that the last round left out.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds8(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4, ulong firstConstant)
    {
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, firstConstant);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0xA5UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0x96UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0x87UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0x78UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0x69UL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0x5AUL);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, ~0x4BUL);
        x2 = ~x2;
    }

    /// <summary>
    /// One round (SP 800-232 §3.2–3.4) but for the final NOT of word 2: the constant into word 2 (p_C), the 5-bit S-box
    /// across the five words (p_S, in its bitsliced form: the χ-like core between two linear steps), and each word
    /// XORed with two rotations of itself (p_L, Σ_0 … Σ_4).
    /// </summary>
    /// <remarks>
    /// The order of the statements is measured, not cosmetic: the JIT keeps it, and the CPU dispatches in it. With
    /// the S-box terms of words 3 and 4 first, all three output-layer XORs next, and the linear layer in the order of
    /// words 4, 3, 0, 1, 2, Ascon-p[8] ran 9% faster on the AMD EPYC (Zen 4) than in the order of the specification
    /// (2.92 against 3.19 ns a round, about 10.7 against 11.7 cycles), Ascon-AEAD128 at 128 KiB 7% faster encrypting
    /// and 8% decrypting, at 128 B 11% (paired runs, 2026-11-26). Orders that left an output-layer XOR between linear
    /// steps, or began the linear layer with word 0, 1 or 2, gained less or lost, down to 3% slower than the
    /// specification's; the same reordering on the Avx512 path changed nothing.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4, ulong constant)
    {
        // p_C and p_S's affine input layer.
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1 ^ constant;

        // The nonlinear core t_i = x_i ^ (~x_(i+1) & x_(i+2)), then the affine output layer.
        ulong t3 = x3 ^ (~x4 & x0);
        ulong t4 = x4 ^ (~x0 & x1);
        ulong t2 = x2 ^ (~x3 & x4);
        ulong t0 = x0 ^ (~x1 & x2);
        ulong t1 = x1 ^ (~x2 & x3);
        t3 ^= t2;
        t1 ^= t0;
        t0 ^= t4;

        // p_L. The output layer's complement of word 2 is left to the next round's constant (or to Rounds8's end):
        // Σ_2(~t) = ~Σ_2(t).
        x4 = t4 ^ BitOperations.RotateRight(t4, 7) ^ BitOperations.RotateRight(t4, 41);
        x3 = t3 ^ BitOperations.RotateRight(t3, 10) ^ BitOperations.RotateRight(t3, 17);
        x0 = t0 ^ BitOperations.RotateRight(t0, 19) ^ BitOperations.RotateRight(t0, 28);
        x1 = t1 ^ BitOperations.RotateRight(t1, 61) ^ BitOperations.RotateRight(t1, 39);
        x2 = t2 ^ BitOperations.RotateRight(t2, 1) ^ BitOperations.RotateRight(t2, 6);
    }
}
