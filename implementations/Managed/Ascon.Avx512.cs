using V = System.Runtime.Intrinsics.Vector128<ulong>;

namespace CryptoHarness.Managed;

/// <summary>
/// The Avx512 path of Ascon-p: each word in the low lane of its own 128-bit register, the S-box terms and the
/// linear layer's three-way XORs as one <c>vpternlogq</c> each, the rotations as <c>vprolq</c>/<c>vprorq</c>.
/// </summary>
/// <remarks>
/// The upper lanes carry whatever the operations leave there and are never read. The words stay in the vector
/// registers through a function's whole loop: blocks are loaded into and stored from the low lane directly
/// (<c>vmovq</c>), so no word crosses to the integer registers between permutations. Measured: see the dispatch note
/// in <c>Ascon.cs</c>.
/// </remarks>
internal readonly struct AsconAvx512 : IAsconPermutation<V>
{
    // vpternlogq truth tables, indexed by (a << 2) | (b << 1) | c: a ^ (~b & c), a ^ b ^ c, and its complement.
    private const byte XorAndNot = 0xD2;
    private const byte Xor3 = 0x96;
    private const byte Xnor3 = 0x69;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static V FromScalar(ulong value) => Vector128.CreateScalarUnsafe(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong ToScalar(V word) => word.ToScalar();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static V Load(ReadOnlySpan<byte> block) => Vector128.CreateScalarUnsafe(AsconPermutation.Load(block));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(Span<byte> block, V word) => AsconPermutation.Store(block, word.ToScalar());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static V Load(ref byte block) => Vector128.CreateScalarUnsafe(AsconScalar.Load(ref block));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(ref byte block, V word) => AsconScalar.Store(ref block, word.ToScalar());

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static V Xor(V left, V right) => left ^ right;

    /// <summary>Ascon-p[12], with the round constants of <see cref="AsconScalar.P12"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P12(ref V x0, ref V x1, ref V x2, ref V x3, ref V x4)
    {
        Debug.Assert(Avx512F.VL.IsSupported, "Callers check the path.");
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xF0);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xE1);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xD2);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xC3);
        P8(ref x0, ref x1, ref x2, ref x3, ref x4);
    }

    /// <summary>Ascon-p[8], with the round constants of <see cref="AsconScalar.P8"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P8(ref V x0, ref V x1, ref V x2, ref V x3, ref V x4)
    {
        Debug.Assert(Avx512F.VL.IsSupported, "Callers check the path.");
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xB4);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xA5);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x96);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x87);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x78);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x69);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x5A);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x4B);
    }

    /// <summary>One whole round of SP 800-232 §3.2–3.4, as <see cref="AsconScalar"/> computes it, in three-input operations where they fit.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref V x0, ref V x1, ref V x2, ref V x3, ref V x4, ulong constant)
    {
        // p_C and p_S's input layer; the constant and x1 go into x2 in one three-way XOR.
        x2 = Avx512F.VL.TernaryLogic(x2, x1, Vector128.CreateScalarUnsafe(constant), Xor3);
        x0 ^= x4;
        x4 ^= x3;
        V t0 = Avx512F.VL.TernaryLogic(x0, x1, x2, XorAndNot);
        V t1 = Avx512F.VL.TernaryLogic(x1, x2, x3, XorAndNot);
        V t2 = Avx512F.VL.TernaryLogic(x2, x3, x4, XorAndNot);
        V t3 = Avx512F.VL.TernaryLogic(x3, x4, x0, XorAndNot);
        V t4 = Avx512F.VL.TernaryLogic(x4, x0, x1, XorAndNot);
        t1 ^= t0;
        t0 ^= t4;
        t3 ^= t2;

        // p_L, each Σ_i one three-way XOR; Σ_2 complemented for the S-box's output NOT on word 2.
        x0 = Avx512F.VL.TernaryLogic(t0, Ror(t0, 19), Ror(t0, 28), Xor3);
        x1 = Avx512F.VL.TernaryLogic(t1, Ror(t1, 61), Ror(t1, 39), Xor3);
        x2 = Avx512F.VL.TernaryLogic(t2, Ror(t2, 1), Ror(t2, 6), Xnor3);
        x3 = Avx512F.VL.TernaryLogic(t3, Ror(t3, 10), Ror(t3, 17), Xor3);
        x4 = Avx512F.VL.TernaryLogic(t4, Ror(t4, 7), Ror(t4, 41), Xor3);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V Ror(V word, [ConstantExpected(Min = 1, Max = 63)] byte offset) => Avx512F.VL.RotateRight(word, offset);
}
