namespace CryptoHarness.Managed;

public static partial class Lsh512
{
    /// <summary>
    /// The compression function with each half of the chaining variable and of each sub-message in two 256-bit
    /// vectors (words 0..3 and 4..7 of the half). The step's eight columns are lanes; α and β are shift pairs; γ
    /// rotates by whole bytes (0, 16, …, 56 bits), so it is one <c>vpshufb</c> per vector. The word permutation σ
    /// takes each output vector from one input vector (left's words 0..3 are l6, l4, l5, l7; 4..7 are r4, r7, r6,
    /// r5; right's are l2, l0, l1, l3 and r0, r3, r2, r1), so it is four <c>vpermq</c> and a renaming, and the message
    /// permutation τ keeps each half's two vectors apart in the same way.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    internal static void CompressAvx2(Span<ulong> cv, ReadOnlySpan<byte> blocks)
    {
        ref ulong state = ref MemoryMarshal.GetReference(cv);
        var left0 = Vector256.LoadUnsafe(ref state);
        var left1 = Vector256.LoadUnsafe(ref state, 4);
        var right0 = Vector256.LoadUnsafe(ref state, 8);
        var right1 = Vector256.LoadUnsafe(ref state, 12);
        ref ulong sc = ref AlignedStepConstantsStart;

        // γ = 0, 16, 32, 48 for words 0..3 and 8, 24, 40, 56 for words 4..7: a rotation left by k bytes takes byte
        // i of the word from byte i - k (mod 8).
        var gamma0 = Vector256.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 14, 15, 8, 9, 10, 11, 12, 13, 4, 5, 6, 7, 0, 1, 2, 3, 10, 11, 12, 13, 14, 15, 8, 9);
        var gamma1 = Vector256.Create((byte)7, 0, 1, 2, 3, 4, 5, 6, 13, 14, 15, 8, 9, 10, 11, 12, 3, 4, 5, 6, 7, 0, 1, 2, 9, 10, 11, 12, 13, 14, 15, 8);

        for (; blocks.Length >= BlockSizeInBytes; blocks = blocks[BlockSizeInBytes..])
        {
            // The words are little-endian, as x86 is.
            ref byte block = ref MemoryMarshal.GetReference(blocks);
            var even = new SubMessage(ref block, 0);
            var odd = new SubMessage(ref block, 128);

            for (var j = 0; j < Steps; j += 2)
            {
                if (j != 0)
                {
                    even = odd.Plus(even.Permuted());
                }

                Step(ref left0, ref left1, ref right0, ref right1, in even, ref Unsafe.Add(ref sc, 8 * j), AlphaEven, BetaEven, gamma0, gamma1);

                if (j != 0)
                {
                    odd = even.Plus(odd.Permuted());
                }

                Step(ref left0, ref left1, ref right0, ref right1, in odd, ref Unsafe.Add(ref sc, 8 * (j + 1)), AlphaOdd, BetaOdd, gamma0, gamma1);
            }

            var last = odd.Plus(even.Permuted());
            left0 ^= last.Left0;
            left1 ^= last.Left1;
            right0 ^= last.Right0;
            right1 ^= last.Right1;
        }

        left0.StoreUnsafe(ref state);
        left1.StoreUnsafe(ref state, 4);
        right0.StoreUnsafe(ref state, 8);
        right1.StoreUnsafe(ref state, 12);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Step(
        ref Vector256<ulong> left0, ref Vector256<ulong> left1, ref Vector256<ulong> right0, ref Vector256<ulong> right1, in SubMessage message,
        ref ulong constant, [ConstantExpected] int alpha, [ConstantExpected] int beta, Vector256<byte> gamma0, Vector256<byte> gamma1)
    {
        var l0 = left0 ^ message.Left0;
        var l1 = left1 ^ message.Left1;
        var r0 = right0 ^ message.Right0;
        var r1 = right1 ^ message.Right1;
        l0 = RotateLeft(l0 + r0, alpha) ^ Vector256.LoadUnsafe(ref constant);
        l1 = RotateLeft(l1 + r1, alpha) ^ Vector256.LoadUnsafe(ref constant, 4);
        r0 = RotateLeft(r0 + l0, beta);
        r1 = RotateLeft(r1 + l1, beta);
        l0 += r0;
        l1 += r1;
        r0 = Avx2.Shuffle(r0.AsByte(), gamma0).AsUInt64();
        r1 = Avx2.Shuffle(r1.AsByte(), gamma1).AsUInt64();

        // σ: (2, 0, 1, 3) = 0b11_01_00_10 and (0, 3, 2, 1) = 0b01_10_11_00 as vpermq selectors.
        left0 = Avx2.Permute4x64(l1, 0b11_01_00_10);
        left1 = Avx2.Permute4x64(r1, 0b01_10_11_00);
        right0 = Avx2.Permute4x64(l0, 0b11_01_00_10);
        right1 = Avx2.Permute4x64(r0, 0b01_10_11_00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> RotateLeft(Vector256<ulong> x, [ConstantExpected] int count) =>
        Vector256.ShiftLeft(x, count) | Vector256.ShiftRightLogical(x, 64 - count);

    /// <summary>One sub-message (32 words) as eight 256-bit vectors: its left half's words 0..3 and 4..7, then its right half's.</summary>
    private readonly struct SubMessage
    {
        public readonly Vector256<ulong> Left0, Left1, Right0, Right1;

        public SubMessage(ref byte block, nuint offset)
        {
            Left0 = Vector256.LoadUnsafe(ref block, offset).AsUInt64();
            Left1 = Vector256.LoadUnsafe(ref block, offset + 32).AsUInt64();
            Right0 = Vector256.LoadUnsafe(ref block, offset + 64).AsUInt64();
            Right1 = Vector256.LoadUnsafe(ref block, offset + 96).AsUInt64();
        }

        private SubMessage(Vector256<ulong> left0, Vector256<ulong> left1, Vector256<ulong> right0, Vector256<ulong> right1)
        {
            Left0 = left0;
            Left1 = left1;
            Right0 = right0;
            Right1 = right1;
        }

        /// <summary>τ = (3, 2, 0, 1, 7, 4, 5, 6) on each half: (3, 2, 0, 1) = 0b01_00_10_11 on words 0..3 and (3, 0, 1, 2) = 0b10_01_00_11 on 4..7.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public SubMessage Permuted() => new(
            Avx2.Permute4x64(Left0, 0b01_00_10_11),
            Avx2.Permute4x64(Left1, 0b10_01_00_11),
            Avx2.Permute4x64(Right0, 0b01_00_10_11),
            Avx2.Permute4x64(Right1, 0b10_01_00_11));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public SubMessage Plus(in SubMessage other) => new(Left0 + other.Left0, Left1 + other.Left1, Right0 + other.Right0, Right1 + other.Right1);
    }
}
