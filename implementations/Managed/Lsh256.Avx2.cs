namespace CryptoHarness.Managed;

public static partial class Lsh256
{
    /// <summary>
    /// The compression function with each half of the chaining variable and of each sub-message in one 256-bit
    /// vector: a step's eight columns are eight lanes, γ is a byte shuffle (<c>vpshufb</c>),
    /// and the word permutation is two <c>vpermd</c>, a <c>vpblendd</c> and a <c>vperm2i128</c>.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    internal static void CompressAvx2(Span<uint> cv, ReadOnlySpan<byte> blocks)
    {
        ref uint state = ref MemoryMarshal.GetReference(cv);
        var left = Vector256.LoadUnsafe(ref state);
        var right = Vector256.LoadUnsafe(ref state, 8);
        ref uint sc = ref AlignedStepConstantsStart;

        // τ of the message expansion, per half; the word permutation σ split into what each half takes from each.
        var tau = Vector256.Create(3u, 2, 0, 1, 7, 4, 5, 6);
        var fromLeft = Vector256.Create(6u, 4, 5, 7, 2, 0, 1, 3);
        var fromRight = Vector256.Create(0u, 3, 2, 1, 4, 7, 6, 5);
        // γ = 0, 8, 16, 24, 24, 16, 8, 0 rotates by whole bytes: a rotation left by k bytes takes byte i of the word
        // from byte i - k (mod 4), one vpshufb.
        var gamma = Vector256.Create((byte)0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12, 1, 2, 3, 0, 6, 7, 4, 5, 11, 8, 9, 10, 12, 13, 14, 15);

        for (; blocks.Length >= BlockSizeInBytes; blocks = blocks[BlockSizeInBytes..])
        {
            // The words are little-endian, as x86 is.
            ref byte block = ref MemoryMarshal.GetReference(blocks);
            var evenLeft = Vector256.LoadUnsafe(ref block).AsUInt32();
            var evenRight = Vector256.LoadUnsafe(ref block, 32).AsUInt32();
            var oddLeft = Vector256.LoadUnsafe(ref block, 64).AsUInt32();
            var oddRight = Vector256.LoadUnsafe(ref block, 96).AsUInt32();

            for (var j = 0; j < Steps; j += 2)
            {
                if (j != 0)
                {
                    evenLeft = oddLeft + Avx2.PermuteVar8x32(evenLeft, tau);
                    evenRight = oddRight + Avx2.PermuteVar8x32(evenRight, tau);
                }

                Step(ref left, ref right, evenLeft, evenRight, Vector256.LoadUnsafe(ref sc, (nuint)(8 * j)), AlphaEven, BetaEven, gamma, fromLeft, fromRight);

                if (j != 0)
                {
                    oddLeft = evenLeft + Avx2.PermuteVar8x32(oddLeft, tau);
                    oddRight = evenRight + Avx2.PermuteVar8x32(oddRight, tau);
                }

                Step(ref left, ref right, oddLeft, oddRight, Vector256.LoadUnsafe(ref sc, (nuint)(8 * (j + 1))), AlphaOdd, BetaOdd, gamma, fromLeft, fromRight);
            }

            left ^= oddLeft + Avx2.PermuteVar8x32(evenLeft, tau);
            right ^= oddRight + Avx2.PermuteVar8x32(evenRight, tau);
        }

        left.StoreUnsafe(ref state);
        right.StoreUnsafe(ref state, 8);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Step(
        ref Vector256<uint> left, ref Vector256<uint> right, Vector256<uint> messageLeft, Vector256<uint> messageRight, Vector256<uint> constant,
        [ConstantExpected] int alpha, [ConstantExpected] int beta, Vector256<byte> gamma, Vector256<uint> fromLeft, Vector256<uint> fromRight)
    {
        var l = left ^ messageLeft;
        var r = right ^ messageRight;
        l = RotateLeft(l + r, alpha) ^ constant;
        r = RotateLeft(r + l, beta);
        l += r;
        r = Avx2.Shuffle(r.AsByte(), gamma).AsUInt32();

        var permutedLeft = Avx2.PermuteVar8x32(l, fromLeft);
        var permutedRight = Avx2.PermuteVar8x32(r, fromRight);
        left = Avx2.Blend(permutedLeft, permutedRight, 0b1111_0000);
        right = Avx2.Permute2x128(permutedLeft, permutedRight, 0x21);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> RotateLeft(Vector256<uint> x, [ConstantExpected] int count) =>
        Vector256.ShiftLeft(x, count) | Vector256.ShiftRightLogical(x, 32 - count);
}
