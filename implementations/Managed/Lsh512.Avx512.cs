namespace CryptoHarness.Managed;

public static partial class Lsh512
{
    /// <summary>
    /// The compression function with each half of the chaining variable and of each sub-message in one 512-bit
    /// vector: a step's eight columns are eight lanes, the rotations are <c>vprolq</c> and <c>vprolvq</c>, and the
    /// word permutation σ is two <c>vpermt2q</c>, whose 16-entry index is σ itself.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    internal static void CompressAvx512(Span<ulong> cv, ReadOnlySpan<byte> blocks)
    {
        ref ulong state = ref MemoryMarshal.GetReference(cv);
        var left = Vector512.LoadUnsafe(ref state);
        var right = Vector512.LoadUnsafe(ref state, 8);
        ref ulong sc = ref AlignedStepConstantsStart;

        var tau = Vector512.Create(3ul, 2, 0, 1, 7, 4, 5, 6);
        var sigmaLeft = Vector512.Create(6ul, 4, 5, 7, 12, 15, 14, 13);
        var sigmaRight = Vector512.Create(2ul, 0, 1, 3, 8, 11, 10, 9);
        var gamma = Vector512.Create(0ul, 16, 32, 48, 8, 24, 40, 56);

        for (; blocks.Length >= BlockSizeInBytes; blocks = blocks[BlockSizeInBytes..])
        {
            // The words are little-endian, as x86 is.
            ref byte block = ref MemoryMarshal.GetReference(blocks);
            var evenLeft = Vector512.LoadUnsafe(ref block).AsUInt64();
            var evenRight = Vector512.LoadUnsafe(ref block, 64).AsUInt64();
            var oddLeft = Vector512.LoadUnsafe(ref block, 128).AsUInt64();
            var oddRight = Vector512.LoadUnsafe(ref block, 192).AsUInt64();

            for (var j = 0; j < Steps; j += 2)
            {
                if (j != 0)
                {
                    evenLeft = oddLeft + Avx512F.PermuteVar8x64(evenLeft, tau);
                    evenRight = oddRight + Avx512F.PermuteVar8x64(evenRight, tau);
                }

                Step(ref left, ref right, evenLeft, evenRight, Vector512.LoadUnsafe(ref sc, (nuint)(8 * j)), AlphaEven, BetaEven, gamma, sigmaLeft, sigmaRight);

                if (j != 0)
                {
                    oddLeft = evenLeft + Avx512F.PermuteVar8x64(oddLeft, tau);
                    oddRight = evenRight + Avx512F.PermuteVar8x64(oddRight, tau);
                }

                Step(ref left, ref right, oddLeft, oddRight, Vector512.LoadUnsafe(ref sc, (nuint)(8 * (j + 1))), AlphaOdd, BetaOdd, gamma, sigmaLeft, sigmaRight);
            }

            left ^= oddLeft + Avx512F.PermuteVar8x64(evenLeft, tau);
            right ^= oddRight + Avx512F.PermuteVar8x64(evenRight, tau);
        }

        left.StoreUnsafe(ref state);
        right.StoreUnsafe(ref state, 8);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Step(
        ref Vector512<ulong> left, ref Vector512<ulong> right, Vector512<ulong> messageLeft, Vector512<ulong> messageRight, Vector512<ulong> constant,
        [ConstantExpected] byte alpha, [ConstantExpected] byte beta, Vector512<ulong> gamma, Vector512<ulong> sigmaLeft, Vector512<ulong> sigmaRight)
    {
        var l = left ^ messageLeft;
        var r = right ^ messageRight;
        l = Avx512F.RotateLeft(l + r, alpha) ^ constant;
        r = Avx512F.RotateLeft(r + l, beta);
        l += r;
        r = Avx512F.RotateLeftVariable(r, gamma);
        left = Avx512F.PermuteVar8x64x2(l, sigmaLeft, r);
        right = Avx512F.PermuteVar8x64x2(l, sigmaRight, r);
    }
}
