namespace CryptoHarness.Managed;

public static partial class Lsh256
{
    /// <summary>The compression function over whole blocks, on 32-bit general-purpose registers.</summary>
    /// <remarks>
    /// The chaining variable and both sub-messages live in locals (x0–x7 the left half, x8–x15 the right; e the even
    /// sub-message, o the odd one), so the word permutation after each step is sixteen register moves, which the CPU
    /// renames away, and the 8 columns of a step are independent chains it can overlap.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void CompressScalar(Span<uint> cv, ReadOnlySpan<byte> blocks)
    {
        uint x0 = cv[0], x1 = cv[1], x2 = cv[2], x3 = cv[3], x4 = cv[4], x5 = cv[5], x6 = cv[6], x7 = cv[7];
        uint x8 = cv[8], x9 = cv[9], x10 = cv[10], x11 = cv[11], x12 = cv[12], x13 = cv[13], x14 = cv[14], x15 = cv[15];
        ReadOnlySpan<uint> sc = StepConstants;
        ReadOnlySpan<int> gamma = Gamma;

        for (; blocks.Length >= BlockSizeInBytes; blocks = blocks[BlockSizeInBytes..])
        {
            uint e0 = W(blocks, 0), e1 = W(blocks, 1), e2 = W(blocks, 2), e3 = W(blocks, 3);
            uint e4 = W(blocks, 4), e5 = W(blocks, 5), e6 = W(blocks, 6), e7 = W(blocks, 7);
            uint e8 = W(blocks, 8), e9 = W(blocks, 9), e10 = W(blocks, 10), e11 = W(blocks, 11);
            uint e12 = W(blocks, 12), e13 = W(blocks, 13), e14 = W(blocks, 14), e15 = W(blocks, 15);
            uint o0 = W(blocks, 16), o1 = W(blocks, 17), o2 = W(blocks, 18), o3 = W(blocks, 19);
            uint o4 = W(blocks, 20), o5 = W(blocks, 21), o6 = W(blocks, 22), o7 = W(blocks, 23);
            uint o8 = W(blocks, 24), o9 = W(blocks, 25), o10 = W(blocks, 26), o11 = W(blocks, 27);
            uint o12 = W(blocks, 28), o13 = W(blocks, 29), o14 = W(blocks, 30), o15 = W(blocks, 31);

            for (var j = 0; j < Steps; j += 2)
            {
                if (j != 0)
                {
                    // M_j = M_{j-1} + τ(M_{j-2}): the new even sub-message from the odd one and the old even one.
                    Expand(ref e0, ref e1, ref e2, ref e3, ref e4, ref e5, ref e6, ref e7, o0, o1, o2, o3, o4, o5, o6, o7);
                    Expand(ref e8, ref e9, ref e10, ref e11, ref e12, ref e13, ref e14, ref e15, o8, o9, o10, o11, o12, o13, o14, o15);
                }

                var even = sc.Slice(8 * j, 8);
                Column(ref x0, ref x8, e0, e8, even[0], AlphaEven, BetaEven, gamma[0]);
                Column(ref x1, ref x9, e1, e9, even[1], AlphaEven, BetaEven, gamma[1]);
                Column(ref x2, ref x10, e2, e10, even[2], AlphaEven, BetaEven, gamma[2]);
                Column(ref x3, ref x11, e3, e11, even[3], AlphaEven, BetaEven, gamma[3]);
                Column(ref x4, ref x12, e4, e12, even[4], AlphaEven, BetaEven, gamma[4]);
                Column(ref x5, ref x13, e5, e13, even[5], AlphaEven, BetaEven, gamma[5]);
                Column(ref x6, ref x14, e6, e14, even[6], AlphaEven, BetaEven, gamma[6]);
                Column(ref x7, ref x15, e7, e15, even[7], AlphaEven, BetaEven, gamma[7]);
                Permute(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, ref x8, ref x9, ref x10, ref x11, ref x12, ref x13, ref x14, ref x15);

                if (j != 0)
                {
                    Expand(ref o0, ref o1, ref o2, ref o3, ref o4, ref o5, ref o6, ref o7, e0, e1, e2, e3, e4, e5, e6, e7);
                    Expand(ref o8, ref o9, ref o10, ref o11, ref o12, ref o13, ref o14, ref o15, e8, e9, e10, e11, e12, e13, e14, e15);
                }

                var odd = sc.Slice(8 * (j + 1), 8);
                Column(ref x0, ref x8, o0, o8, odd[0], AlphaOdd, BetaOdd, gamma[0]);
                Column(ref x1, ref x9, o1, o9, odd[1], AlphaOdd, BetaOdd, gamma[1]);
                Column(ref x2, ref x10, o2, o10, odd[2], AlphaOdd, BetaOdd, gamma[2]);
                Column(ref x3, ref x11, o3, o11, odd[3], AlphaOdd, BetaOdd, gamma[3]);
                Column(ref x4, ref x12, o4, o12, odd[4], AlphaOdd, BetaOdd, gamma[4]);
                Column(ref x5, ref x13, o5, o13, odd[5], AlphaOdd, BetaOdd, gamma[5]);
                Column(ref x6, ref x14, o6, o14, odd[6], AlphaOdd, BetaOdd, gamma[6]);
                Column(ref x7, ref x15, o7, o15, odd[7], AlphaOdd, BetaOdd, gamma[7]);
                Permute(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, ref x8, ref x9, ref x10, ref x11, ref x12, ref x13, ref x14, ref x15);
            }

            // The 27th sub-message, xored in after the last step.
            Expand(ref e0, ref e1, ref e2, ref e3, ref e4, ref e5, ref e6, ref e7, o0, o1, o2, o3, o4, o5, o6, o7);
            Expand(ref e8, ref e9, ref e10, ref e11, ref e12, ref e13, ref e14, ref e15, o8, o9, o10, o11, o12, o13, o14, o15);
            x0 ^= e0; x1 ^= e1; x2 ^= e2; x3 ^= e3; x4 ^= e4; x5 ^= e5; x6 ^= e6; x7 ^= e7;
            x8 ^= e8; x9 ^= e9; x10 ^= e10; x11 ^= e11; x12 ^= e12; x13 ^= e13; x14 ^= e14; x15 ^= e15;
        }

        cv[0] = x0; cv[1] = x1; cv[2] = x2; cv[3] = x3; cv[4] = x4; cv[5] = x5; cv[6] = x6; cv[7] = x7;
        cv[8] = x8; cv[9] = x9; cv[10] = x10; cv[11] = x11; cv[12] = x12; cv[13] = x13; cv[14] = x14; cv[15] = x15;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint W(ReadOnlySpan<byte> block, int index) => BinaryPrimitives.ReadUInt32LittleEndian(block[(4 * index)..]);

    /// <summary>One column of a step: message addition, then the mix of left word l and right word r.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Column(ref uint l, ref uint r, uint messageLeft, uint messageRight, uint constant, int alpha, int beta, int gamma)
    {
        l ^= messageLeft;
        r ^= messageRight;
        l = BitOperations.RotateLeft(l + r, alpha) ^ constant;
        r = BitOperations.RotateLeft(r + l, beta);
        l += r;
        r = BitOperations.RotateLeft(r, gamma);
    }

    /// <summary>
    /// Half a sub-message's expansion, a0–a7 (the sub-message two steps back) becoming b + τ(a) with
    /// τ = (3, 2, 0, 1, 7, 4, 5, 6) on each half.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Expand(
        ref uint a0, ref uint a1, ref uint a2, ref uint a3, ref uint a4, ref uint a5, ref uint a6, ref uint a7,
        uint b0, uint b1, uint b2, uint b3, uint b4, uint b5, uint b6, uint b7)
    {
        uint t0 = a0, t1 = a1, t2 = a2, t3 = a3, t4 = a4, t5 = a5, t6 = a6, t7 = a7;
        a0 = b0 + t3; a1 = b1 + t2; a2 = b2 + t0; a3 = b3 + t1;
        a4 = b4 + t7; a5 = b5 + t4; a6 = b6 + t5; a7 = b7 + t6;
    }

    /// <summary>The word permutation after each step: word i takes word σ(i), σ = (6, 4, 5, 7, 12, 15, 14, 13, 2, 0, 1, 3, 8, 11, 10, 9).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Permute(
        ref uint x0, ref uint x1, ref uint x2, ref uint x3, ref uint x4, ref uint x5, ref uint x6, ref uint x7,
        ref uint x8, ref uint x9, ref uint x10, ref uint x11, ref uint x12, ref uint x13, ref uint x14, ref uint x15)
    {
        uint t0 = x0, t1 = x1, t2 = x2, t3 = x3, t4 = x4, t5 = x5, t6 = x6, t7 = x7;
        uint t8 = x8, t9 = x9, t10 = x10, t11 = x11, t12 = x12, t13 = x13, t14 = x14, t15 = x15;
        x0 = t6; x1 = t4; x2 = t5; x3 = t7; x4 = t12; x5 = t15; x6 = t14; x7 = t13;
        x8 = t2; x9 = t0; x10 = t1; x11 = t3; x12 = t8; x13 = t11; x14 = t10; x15 = t9;
    }
}
