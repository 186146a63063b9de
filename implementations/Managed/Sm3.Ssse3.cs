namespace CryptoHarness.Managed;

// The ssse3 path: the message expansion of GB/T 32905-2016 §5.3.2 four words at a time in 128-bit vectors,
// interleaved with rounds whose additions are ordered for the shortest dependency chain.
public static partial class Sm3
{
    /// <summary>
    /// The compression function CF over <paramref name="blockCount"/> (at least one) 64-byte blocks, one
    /// <see cref="CompressBlockSsse3"/> call a block over one stack array that holds the round constants and, for the
    /// block at hand, W(0..67) and W'(0..63).
    /// </summary>
    [SkipLocalsInit]
    private static void CompressBlocksSsse3(ref ChainingWords state, ref byte blocks, int blockCount)
    {
        Unsafe.SkipInit(out ExpandedBlock expanded);
        ref uint w = ref expanded[0];
        RoundConstants.AsSpan().CopyTo(((Span<uint>)expanded)[RoundConstantOffset..]);
        do
        {
            CompressBlockSsse3(ref state, ref blocks, ref w);
            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);

        // W and W' are message-derived; the working variables live in registers no API reaches.
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(((Span<uint>)expanded)[..RoundConstantOffset]));
    }

    /// <summary>
    /// CF on one block. Why it looks as it does (each measured against the scalar path on the AMD EPYC Zen 3,
    /// 2026-11-27, medians of 31 interleaved rounds in one process):
    /// <list type="bullet">
    /// <item>The expansion runs one step of four words ahead of the rounds that read them, interleaved with them.
    /// Done whole before the rounds it took 1.35x the scalar path's time: its chain of thirteen dependent steps, about
    /// 18 cycles each, filled the reorder buffer ahead of the rounds, which could not start until it had nearly
    /// retired.</item>
    /// <item>The rounds read W(j), W'(j) and T(j) &lt;&lt;&lt; j as memory operands. With the constant an immediate the
    /// JIT folds A &lt;&lt;&lt; 12 + E + T into one three-operand lea, two cycles on the chain from E; from memory it adds
    /// the constant to A &lt;&lt;&lt; 12 first, off the chain.</item>
    /// <item>Each sum adds the word that arrives last last: TT2 = H + W + GG + SS1, D = D + W' + FF + (SS1 ^ A &lt;&lt;&lt; 12).
    /// The scalar path's order (GG + H + SS1 + W) put three additions after GG on the chain from E to the next E.
    /// This order took 0.69 of the scalar path's time at 128 KiB where the scalar order took 0.78 (two readings minutes
    /// apart, on a machine whose neighbour moved such ratios by up to 0.1).</item>
    /// <item>A method of its own, called per block: with the block pointer, the count and the state held across the
    /// rounds as well, the JIT spilled a temporary every round.</item>
    /// <item>Compiled at full optimization from its first call (<c>AggressiveOptimization</c>): it has no loop, so
    /// left to tiering it ran its unoptimized first tier, with every round a call, until called thirty times, and in
    /// a BenchmarkDotNet process of the quick job that was the whole run at 1 KiB (46 µs a call against 3.4).</item>
    /// </list>
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void CompressBlockSsse3(ref ChainingWords state, ref byte block, ref uint w)
    {
        uint a = state[0];
        uint b = state[1];
        uint c = state[2];
        uint d = state[3];
        uint e = state[4];
        uint f = state[5];
        uint g = state[6];
        uint h = state[7];

        Vector128<uint> w0 = LoadBigEndian(ref block, 0);
        Vector128<uint> w4 = LoadBigEndian(ref block, 16);
        Vector128<uint> w8 = LoadBigEndian(ref block, 32);
        Vector128<uint> w12 = LoadBigEndian(ref block, 48);
        w0.StoreUnsafe(ref w);
        Store(w4, w0, ref w, 4);
        Store(w8, w4, ref w, 8);
        Store(w12, w8, ref w, 12);
        RoundLowExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 0);
        RoundLowExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 1);
        RoundLowExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 2);
        RoundLowExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 3);
        RoundLowExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 4);
        RoundLowExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 5);
        RoundLowExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 6);
        RoundLowExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 7);
        Vector128<uint> w16 = Expand(w0, w4, w8, w12);
        Store(w16, w12, ref w, 16);
        RoundLowExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 8);
        RoundLowExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 9);
        RoundLowExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 10);
        RoundLowExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 11);
        Vector128<uint> w20 = Expand(w4, w8, w12, w16);
        Store(w20, w16, ref w, 20);
        RoundLowExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 12);
        RoundLowExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 13);
        RoundLowExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 14);
        RoundLowExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 15);
        Vector128<uint> w24 = Expand(w8, w12, w16, w20);
        Store(w24, w20, ref w, 24);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 16);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 17);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 18);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 19);
        Vector128<uint> w28 = Expand(w12, w16, w20, w24);
        Store(w28, w24, ref w, 28);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 20);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 21);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 22);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 23);
        Vector128<uint> w32 = Expand(w16, w20, w24, w28);
        Store(w32, w28, ref w, 32);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 24);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 25);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 26);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 27);
        Vector128<uint> w36 = Expand(w20, w24, w28, w32);
        Store(w36, w32, ref w, 36);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 28);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 29);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 30);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 31);
        Vector128<uint> w40 = Expand(w24, w28, w32, w36);
        Store(w40, w36, ref w, 40);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 32);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 33);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 34);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 35);
        Vector128<uint> w44 = Expand(w28, w32, w36, w40);
        Store(w44, w40, ref w, 44);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 36);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 37);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 38);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 39);
        Vector128<uint> w48 = Expand(w32, w36, w40, w44);
        Store(w48, w44, ref w, 48);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 40);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 41);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 42);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 43);
        Vector128<uint> w52 = Expand(w36, w40, w44, w48);
        Store(w52, w48, ref w, 52);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 44);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 45);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 46);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 47);
        Vector128<uint> w56 = Expand(w40, w44, w48, w52);
        Store(w56, w52, ref w, 56);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 48);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 49);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 50);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 51);
        Vector128<uint> w60 = Expand(w44, w48, w52, w56);
        Store(w60, w56, ref w, 60);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 52);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 53);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 54);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 55);
        Vector128<uint> w64 = Expand(w48, w52, w56, w60);
        Store(w64, w60, ref w, 64);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 56);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 57);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 58);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 59);
        RoundHighExpanded(a, ref b, c, ref d, e, ref f, g, ref h, ref w, 60);
        RoundHighExpanded(d, ref a, b, ref c, h, ref e, f, ref g, ref w, 61);
        RoundHighExpanded(c, ref d, a, ref b, g, ref h, e, ref f, ref w, 62);
        RoundHighExpanded(b, ref c, d, ref a, f, ref g, h, ref e, ref w, 63);

        state[0] ^= a;
        state[1] ^= b;
        state[2] ^= c;
        state[3] ^= d;
        state[4] ^= e;
        state[5] ^= f;
        state[6] ^= g;
        state[7] ^= h;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> LoadBigEndian(ref byte block, nuint offset) =>
        Ssse3.Shuffle(Vector128.LoadUnsafe(ref block, offset), Vector128.Create((byte)3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)).AsUInt32();

    /// <summary>
    /// §5.3.2: W(t..t+3) from the sixteen words before them, given as four vectors. The windows at t - 13, t - 9,
    /// t - 6 and t - 3 are cut from them with palignr and psrldq. W(t + 3) needs W(t), computed in this same vector:
    /// its window lane is zero here, and since P1 is linear, P1(X ^ (W(t) &lt;&lt;&lt; 15)) = P1(X) ^ P1(W(t) &lt;&lt;&lt; 15)
    /// adds it afterwards.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Expand(Vector128<uint> minus16, Vector128<uint> minus12, Vector128<uint> minus8, Vector128<uint> minus4)
    {
        Vector128<uint> minus3 = Sse2.ShiftRightLogical128BitLane(minus4, 4);
        Vector128<uint> minus9 = Ssse3.AlignRight(minus8, minus12, 12);
        Vector128<uint> minus13 = Ssse3.AlignRight(minus12, minus16, 12);
        Vector128<uint> minus6 = Ssse3.AlignRight(minus4, minus8, 8);
        Vector128<uint> next = P1(minus16 ^ minus9 ^ RotateLeft(minus3, 15)) ^ RotateLeft(minus13, 7) ^ minus6;
        return next ^ P1(RotateLeft(Sse2.ShiftLeftLogical128BitLane(next, 12), 15));
    }

    /// <summary>Stores W(t..t+3) and W'(t-4..t-1) = W(t-4..t-1) ^ W(t..t+3).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(Vector128<uint> words, Vector128<uint> previous, ref uint w, nuint t)
    {
        words.StoreUnsafe(ref w, t);
        (previous ^ words).StoreUnsafe(ref w, WPrimeOffset + t - 4);
    }

    // The scalar path's rounds (see there) with W(j) in slot j, W'(j) = W(j) ^ W(j + 4) in slot WPrimeOffset + j and
    // T(j) <<< j in slot RoundConstantOffset + j, and the additions reordered (see CompressBlockSsse3).

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundLowExpanded(uint a, ref uint b, uint c, ref uint d, uint e, ref uint f, uint g, ref uint h, ref uint w, int j)
    {
        uint a12 = BitOperations.RotateLeft(a, 12);
        uint ss1 = BitOperations.RotateLeft(a12 + Unsafe.Add(ref w, RoundConstantOffset + j) + e, 7);
        uint tt2 = h + Unsafe.Add(ref w, j) + ((f ^ g) ^ e) + ss1;
        d = d + Unsafe.Add(ref w, WPrimeOffset + j) + (a ^ b ^ c) + (ss1 ^ a12);
        h = tt2 ^ BitOperations.RotateLeft(tt2, 9) ^ BitOperations.RotateLeft(tt2, 17); // P0
        b = BitOperations.RotateLeft(b, 9);
        f = BitOperations.RotateLeft(f, 19);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundHighExpanded(uint a, ref uint b, uint c, ref uint d, uint e, ref uint f, uint g, ref uint h, ref uint w, int j)
    {
        uint a12 = BitOperations.RotateLeft(a, 12);
        uint ss1 = BitOperations.RotateLeft(a12 + Unsafe.Add(ref w, RoundConstantOffset + j) + e, 7);
        uint tt2 = h + Unsafe.Add(ref w, j) + (g ^ (e & (f ^ g))) + ss1;
        d = d + Unsafe.Add(ref w, WPrimeOffset + j) + ((a & b) | (c & (a | b))) + (ss1 ^ a12);
        h = tt2 ^ BitOperations.RotateLeft(tt2, 9) ^ BitOperations.RotateLeft(tt2, 17); // P0
        b = BitOperations.RotateLeft(b, 9);
        f = BitOperations.RotateLeft(f, 19);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> P1(Vector128<uint> x) => x ^ RotateLeft(x, 15) ^ RotateLeft(x, 23);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> RotateLeft(Vector128<uint> x, [ConstantExpected] byte count) =>
        (x << count) | (x >>> (32 - count));

    /// <summary>Where W'(0..63) starts in <see cref="ExpandedBlock"/>, after W(0..67).</summary>
    private const int WPrimeOffset = 68;

    /// <summary>Where the round constants start in <see cref="ExpandedBlock"/>, after W'(0..63).</summary>
    private const int RoundConstantOffset = WPrimeOffset + 64;

    /// <summary>T(j) &lt;&lt;&lt; (j mod 32) of §4.2 and §5.3.3, j = 0..63: the scalar path's immediates.</summary>
    private static readonly uint[] RoundConstants =
    [
        0x79cc4519, 0xf3988a32, 0xe7311465, 0xce6228cb, 0x9cc45197, 0x3988a32f, 0x7311465e, 0xe6228cbc,
        0xcc451979, 0x988a32f3, 0x311465e7, 0x6228cbce, 0xc451979c, 0x88a32f39, 0x11465e73, 0x228cbce6,
        0x9d8a7a87, 0x3b14f50f, 0x7629ea1e, 0xec53d43c, 0xd8a7a879, 0xb14f50f3, 0x629ea1e7, 0xc53d43ce,
        0x8a7a879d, 0x14f50f3b, 0x29ea1e76, 0x53d43cec, 0xa7a879d8, 0x4f50f3b1, 0x9ea1e762, 0x3d43cec5,
        0x7a879d8a, 0xf50f3b14, 0xea1e7629, 0xd43cec53, 0xa879d8a7, 0x50f3b14f, 0xa1e7629e, 0x43cec53d,
        0x879d8a7a, 0x0f3b14f5, 0x1e7629ea, 0x3cec53d4, 0x79d8a7a8, 0xf3b14f50, 0xe7629ea1, 0xcec53d43,
        0x9d8a7a87, 0x3b14f50f, 0x7629ea1e, 0xec53d43c, 0xd8a7a879, 0xb14f50f3, 0x629ea1e7, 0xc53d43ce,
        0x8a7a879d, 0x14f50f3b, 0x29ea1e76, 0x53d43cec, 0xa7a879d8, 0x4f50f3b1, 0x9ea1e762, 0x3d43cec5,
    ];

    /// <summary>W(0..67) and W'(0..63) of one block, and the round constants.</summary>
    [InlineArray(RoundConstantOffset + 64)]
    private struct ExpandedBlock
    {
        private uint _element0;
    }
}
