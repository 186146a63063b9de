namespace CryptoHarness.Managed;

/// <summary>
/// What makes LSH-256 or LSH-512 of the one construction: its parameters for the scalar compression function, and its
/// name, paths and vector compression function for the driver in <c>Lsh.cs</c>.
/// </summary>
internal interface ILshParameters<TWord>
    where TWord : unmanaged, IBinaryInteger<TWord>
{
    /// <summary>The family's name, for messages: <c>LSH-256</c>, <c>LSH-512</c>.</summary>
    static abstract string Name { get; }

    /// <summary>The variant's public <c>IsSupported</c>.</summary>
    static abstract bool IsSupported(InstructionSet path);

    /// <summary>The compression function over whole blocks on one of the variant's vector paths, which is supported.</summary>
    static abstract void CompressVector(Span<TWord> cv, ReadOnlySpan<byte> blocks, InstructionSet path);

    static abstract int BlockSizeInBytes { get; }

    static abstract int Steps { get; }

    static abstract int AlphaEven { get; }

    static abstract int BetaEven { get; }

    static abstract int AlphaOdd { get; }

    static abstract int BetaOdd { get; }

    static abstract ReadOnlySpan<TWord> StepConstants { get; }

    static abstract ReadOnlySpan<int> Gamma { get; }
}

// The scalar path of LSH-256 and LSH-512: one compression function, specialised by the JIT for 32- and 64-bit words.
internal static partial class Lsh
{
    internal readonly struct Lsh256Parameters : ILshParameters<uint>
    {
        public static string Name => "LSH-256";

        public static bool IsSupported(InstructionSet path) => Lsh256.IsSupported(path);

        public static void CompressVector(Span<uint> cv, ReadOnlySpan<byte> blocks, InstructionSet path) => Lsh256.CompressAvx2(cv, blocks);

        public static int BlockSizeInBytes => Lsh256.BlockSizeInBytes;

        public static int Steps => Lsh256.Steps;

        public static int AlphaEven => Lsh256.AlphaEven;

        public static int BetaEven => Lsh256.BetaEven;

        public static int AlphaOdd => Lsh256.AlphaOdd;

        public static int BetaOdd => Lsh256.BetaOdd;

        public static ReadOnlySpan<uint> StepConstants => Lsh256.StepConstants;

        public static ReadOnlySpan<int> Gamma => Lsh256.Gamma;
    }

    internal readonly struct Lsh512Parameters : ILshParameters<ulong>
    {
        public static string Name => "LSH-512";

        public static bool IsSupported(InstructionSet path) => Lsh512.IsSupported(path);

        public static void CompressVector(Span<ulong> cv, ReadOnlySpan<byte> blocks, InstructionSet path)
        {
            if (path == InstructionSet.Avx512)
            {
                Lsh512.CompressAvx512(cv, blocks);
            }
            else
            {
                Lsh512.CompressAvx2(cv, blocks);
            }
        }

        public static int BlockSizeInBytes => Lsh512.BlockSizeInBytes;

        public static int Steps => Lsh512.Steps;

        public static int AlphaEven => Lsh512.AlphaEven;

        public static int BetaEven => Lsh512.BetaEven;

        public static int AlphaOdd => Lsh512.AlphaOdd;

        public static int BetaOdd => Lsh512.BetaOdd;

        public static ReadOnlySpan<ulong> StepConstants => Lsh512.StepConstants;

        public static ReadOnlySpan<int> Gamma => Lsh512.Gamma;
    }

    /// <summary>The compression function over whole blocks, on general-purpose registers of the word size.</summary>
    /// <remarks>
    /// The chaining variable and both sub-messages live in locals (x0–x7 the left half, x8–x15 the right; e the even
    /// sub-message, o the odd one), so the word permutation after each step is sixteen register moves, which the CPU
    /// renames away, and the 8 columns of a step are independent chains it can overlap.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    internal static void CompressScalar<TWord, TParameters>(Span<TWord> cv, ReadOnlySpan<byte> blocks)
        where TWord : unmanaged, IBinaryInteger<TWord>
        where TParameters : struct, ILshParameters<TWord>
    {
        TWord x0 = cv[0], x1 = cv[1], x2 = cv[2], x3 = cv[3], x4 = cv[4], x5 = cv[5], x6 = cv[6], x7 = cv[7];
        TWord x8 = cv[8], x9 = cv[9], x10 = cv[10], x11 = cv[11], x12 = cv[12], x13 = cv[13], x14 = cv[14], x15 = cv[15];
        ReadOnlySpan<TWord> sc = TParameters.StepConstants;
        ReadOnlySpan<int> gamma = TParameters.Gamma;

        // Read once: the JIT carries them as constants into every rotation below, which then takes an immediate.
        int steps = TParameters.Steps, blockSize = TParameters.BlockSizeInBytes;
        int alphaEven = TParameters.AlphaEven, betaEven = TParameters.BetaEven, alphaOdd = TParameters.AlphaOdd, betaOdd = TParameters.BetaOdd;

        for (; blocks.Length >= blockSize; blocks = blocks[blockSize..])
        {
            TWord e0 = W<TWord>(blocks, 0), e1 = W<TWord>(blocks, 1), e2 = W<TWord>(blocks, 2), e3 = W<TWord>(blocks, 3);
            TWord e4 = W<TWord>(blocks, 4), e5 = W<TWord>(blocks, 5), e6 = W<TWord>(blocks, 6), e7 = W<TWord>(blocks, 7);
            TWord e8 = W<TWord>(blocks, 8), e9 = W<TWord>(blocks, 9), e10 = W<TWord>(blocks, 10), e11 = W<TWord>(blocks, 11);
            TWord e12 = W<TWord>(blocks, 12), e13 = W<TWord>(blocks, 13), e14 = W<TWord>(blocks, 14), e15 = W<TWord>(blocks, 15);
            TWord o0 = W<TWord>(blocks, 16), o1 = W<TWord>(blocks, 17), o2 = W<TWord>(blocks, 18), o3 = W<TWord>(blocks, 19);
            TWord o4 = W<TWord>(blocks, 20), o5 = W<TWord>(blocks, 21), o6 = W<TWord>(blocks, 22), o7 = W<TWord>(blocks, 23);
            TWord o8 = W<TWord>(blocks, 24), o9 = W<TWord>(blocks, 25), o10 = W<TWord>(blocks, 26), o11 = W<TWord>(blocks, 27);
            TWord o12 = W<TWord>(blocks, 28), o13 = W<TWord>(blocks, 29), o14 = W<TWord>(blocks, 30), o15 = W<TWord>(blocks, 31);

            for (var j = 0; j < steps; j += 2)
            {
                if (j != 0)
                {
                    // M_j = M_{j-1} + τ(M_{j-2}): the new even sub-message from the odd one and the old even one.
                    Expand(ref e0, ref e1, ref e2, ref e3, ref e4, ref e5, ref e6, ref e7, o0, o1, o2, o3, o4, o5, o6, o7);
                    Expand(ref e8, ref e9, ref e10, ref e11, ref e12, ref e13, ref e14, ref e15, o8, o9, o10, o11, o12, o13, o14, o15);
                }

                var even = sc.Slice(8 * j, 8);
                Column(ref x0, ref x8, e0, e8, even[0], alphaEven, betaEven, gamma[0]);
                Column(ref x1, ref x9, e1, e9, even[1], alphaEven, betaEven, gamma[1]);
                Column(ref x2, ref x10, e2, e10, even[2], alphaEven, betaEven, gamma[2]);
                Column(ref x3, ref x11, e3, e11, even[3], alphaEven, betaEven, gamma[3]);
                Column(ref x4, ref x12, e4, e12, even[4], alphaEven, betaEven, gamma[4]);
                Column(ref x5, ref x13, e5, e13, even[5], alphaEven, betaEven, gamma[5]);
                Column(ref x6, ref x14, e6, e14, even[6], alphaEven, betaEven, gamma[6]);
                Column(ref x7, ref x15, e7, e15, even[7], alphaEven, betaEven, gamma[7]);
                Permute(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, ref x8, ref x9, ref x10, ref x11, ref x12, ref x13, ref x14, ref x15);

                if (j != 0)
                {
                    Expand(ref o0, ref o1, ref o2, ref o3, ref o4, ref o5, ref o6, ref o7, e0, e1, e2, e3, e4, e5, e6, e7);
                    Expand(ref o8, ref o9, ref o10, ref o11, ref o12, ref o13, ref o14, ref o15, e8, e9, e10, e11, e12, e13, e14, e15);
                }

                var odd = sc.Slice(8 * (j + 1), 8);
                Column(ref x0, ref x8, o0, o8, odd[0], alphaOdd, betaOdd, gamma[0]);
                Column(ref x1, ref x9, o1, o9, odd[1], alphaOdd, betaOdd, gamma[1]);
                Column(ref x2, ref x10, o2, o10, odd[2], alphaOdd, betaOdd, gamma[2]);
                Column(ref x3, ref x11, o3, o11, odd[3], alphaOdd, betaOdd, gamma[3]);
                Column(ref x4, ref x12, o4, o12, odd[4], alphaOdd, betaOdd, gamma[4]);
                Column(ref x5, ref x13, o5, o13, odd[5], alphaOdd, betaOdd, gamma[5]);
                Column(ref x6, ref x14, o6, o14, odd[6], alphaOdd, betaOdd, gamma[6]);
                Column(ref x7, ref x15, o7, o15, odd[7], alphaOdd, betaOdd, gamma[7]);
                Permute(ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7, ref x8, ref x9, ref x10, ref x11, ref x12, ref x13, ref x14, ref x15);
            }

            // The last sub-message (the 27th, or LSH-512's 29th), xored in after the last step.
            Expand(ref e0, ref e1, ref e2, ref e3, ref e4, ref e5, ref e6, ref e7, o0, o1, o2, o3, o4, o5, o6, o7);
            Expand(ref e8, ref e9, ref e10, ref e11, ref e12, ref e13, ref e14, ref e15, o8, o9, o10, o11, o12, o13, o14, o15);
            x0 ^= e0; x1 ^= e1; x2 ^= e2; x3 ^= e3; x4 ^= e4; x5 ^= e5; x6 ^= e6; x7 ^= e7;
            x8 ^= e8; x9 ^= e9; x10 ^= e10; x11 ^= e11; x12 ^= e12; x13 ^= e13; x14 ^= e14; x15 ^= e15;
        }

        cv[0] = x0; cv[1] = x1; cv[2] = x2; cv[3] = x3; cv[4] = x4; cv[5] = x5; cv[6] = x6; cv[7] = x7;
        cv[8] = x8; cv[9] = x9; cv[10] = x10; cv[11] = x11; cv[12] = x12; cv[13] = x13; cv[14] = x14; cv[15] = x15;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TWord W<TWord>(ReadOnlySpan<byte> block, int index)
        where TWord : unmanaged, IBinaryInteger<TWord>
    {
        // The caller's loop guarantees a whole block; the swap on a big-endian machine is chosen by type test, which
        // the JIT folds per word type.
        TWord word = Unsafe.ReadUnaligned<TWord>(ref Unsafe.Add(ref MemoryMarshal.GetReference(block), index * Unsafe.SizeOf<TWord>()));
        if (!BitConverter.IsLittleEndian)
        {
            word = typeof(TWord) == typeof(uint)
                ? (TWord)(object)BinaryPrimitives.ReverseEndianness((uint)(object)word)
                : (TWord)(object)BinaryPrimitives.ReverseEndianness((ulong)(object)word);
        }

        return word;
    }

    /// <summary>One column of a step: message addition, then the mix of left word l and right word r.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Column<TWord>(ref TWord l, ref TWord r, TWord messageLeft, TWord messageRight, TWord constant, int alpha, int beta, int gamma)
        where TWord : unmanaged, IBinaryInteger<TWord>
    {
        l ^= messageLeft;
        r ^= messageRight;
        l = TWord.RotateLeft(l + r, alpha) ^ constant;
        r = TWord.RotateLeft(r + l, beta);
        l += r;
        r = TWord.RotateLeft(r, gamma);
    }

    /// <summary>
    /// Half a sub-message's expansion, a0–a7 (the sub-message two steps back) becoming b + τ(a) with
    /// τ = (3, 2, 0, 1, 7, 4, 5, 6) on each half.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Expand<TWord>(
        ref TWord a0, ref TWord a1, ref TWord a2, ref TWord a3, ref TWord a4, ref TWord a5, ref TWord a6, ref TWord a7,
        TWord b0, TWord b1, TWord b2, TWord b3, TWord b4, TWord b5, TWord b6, TWord b7)
        where TWord : unmanaged, IBinaryInteger<TWord>
    {
        TWord t0 = a0, t1 = a1, t2 = a2, t3 = a3, t4 = a4, t5 = a5, t6 = a6, t7 = a7;
        a0 = b0 + t3; a1 = b1 + t2; a2 = b2 + t0; a3 = b3 + t1;
        a4 = b4 + t7; a5 = b5 + t4; a6 = b6 + t5; a7 = b7 + t6;
    }

    /// <summary>The word permutation after each step: word i takes word σ(i), σ = (6, 4, 5, 7, 12, 15, 14, 13, 2, 0, 1, 3, 8, 11, 10, 9).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Permute<TWord>(
        ref TWord x0, ref TWord x1, ref TWord x2, ref TWord x3, ref TWord x4, ref TWord x5, ref TWord x6, ref TWord x7,
        ref TWord x8, ref TWord x9, ref TWord x10, ref TWord x11, ref TWord x12, ref TWord x13, ref TWord x14, ref TWord x15)
        where TWord : unmanaged, IBinaryInteger<TWord>
    {
        TWord t0 = x0, t1 = x1, t2 = x2, t3 = x3, t4 = x4, t5 = x5, t6 = x6, t7 = x7;
        TWord t8 = x8, t9 = x9, t10 = x10, t11 = x11, t12 = x12, t13 = x13, t14 = x14, t15 = x15;
        x0 = t6; x1 = t4; x2 = t5; x3 = t7; x4 = t12; x5 = t15; x6 = t14; x7 = t13;
        x8 = t2; x9 = t0; x10 = t1; x11 = t3; x12 = t8; x13 = t11; x14 = t10; x15 = t9;
    }
}
