namespace CryptoHarness.Managed;

// The Avx2 path: eight messages in the 32-bit lanes of a Vector256.
public static partial class Sha256MultiBuffer
{
    private readonly struct Lanes256 : ILanes<Vector256<uint>>
    {
        public static int Count => Vector256<uint>.Count;

        // An eight-lane step costs about 2.0 scalar blocks (see VectorCrossoverBatchSize for how this was measured).
        public static double StepCostInScalarBlocks => 2.0;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void LoadMessage(ref byte rows, ref Vector256<uint> w)
        {
            Transpose8(ref rows, 0, ref w);
            Transpose8(ref rows, 32, ref Unsafe.Add(ref w, 8));
        }

        /// <summary>
        /// Words 8h..8h+7 (bytes <paramref name="offset"/>.. of each row) of the eight lanes, as eight vectors
        /// each holding one word of every lane: an 8x8 transpose by 32-bit and 64-bit unpacks within 128-bit
        /// halves, then a swap of halves between vectors.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Transpose8(ref byte rows, int offset, ref Vector256<uint> w)
        {
            Vector256<uint> r0 = LoadBigEndianWords(ref rows, offset);
            Vector256<uint> r1 = LoadBigEndianWords(ref rows, offset + BlockSize);
            Vector256<uint> r2 = LoadBigEndianWords(ref rows, offset + (2 * BlockSize));
            Vector256<uint> r3 = LoadBigEndianWords(ref rows, offset + (3 * BlockSize));
            Vector256<uint> r4 = LoadBigEndianWords(ref rows, offset + (4 * BlockSize));
            Vector256<uint> r5 = LoadBigEndianWords(ref rows, offset + (5 * BlockSize));
            Vector256<uint> r6 = LoadBigEndianWords(ref rows, offset + (6 * BlockSize));
            Vector256<uint> r7 = LoadBigEndianWords(ref rows, offset + (7 * BlockSize));

            // Per 128-bit half: words (0, 1) and (2, 3) of lane pairs.
            Vector256<ulong> a0 = Avx2.UnpackLow(r0, r1).AsUInt64();
            Vector256<ulong> a1 = Avx2.UnpackHigh(r0, r1).AsUInt64();
            Vector256<ulong> a2 = Avx2.UnpackLow(r2, r3).AsUInt64();
            Vector256<ulong> a3 = Avx2.UnpackHigh(r2, r3).AsUInt64();
            Vector256<ulong> a4 = Avx2.UnpackLow(r4, r5).AsUInt64();
            Vector256<ulong> a5 = Avx2.UnpackHigh(r4, r5).AsUInt64();
            Vector256<ulong> a6 = Avx2.UnpackLow(r6, r7).AsUInt64();
            Vector256<ulong> a7 = Avx2.UnpackHigh(r6, r7).AsUInt64();

            // Per 128-bit half: one word of four lanes (lanes 0-3 in b0..b3, lanes 4-7 in b4..b7); the low half
            // holds word m, the high half word m + 4.
            Vector256<uint> b0 = Avx2.UnpackLow(a0, a2).AsUInt32();
            Vector256<uint> b1 = Avx2.UnpackHigh(a0, a2).AsUInt32();
            Vector256<uint> b2 = Avx2.UnpackLow(a1, a3).AsUInt32();
            Vector256<uint> b3 = Avx2.UnpackHigh(a1, a3).AsUInt32();
            Vector256<uint> b4 = Avx2.UnpackLow(a4, a6).AsUInt32();
            Vector256<uint> b5 = Avx2.UnpackHigh(a4, a6).AsUInt32();
            Vector256<uint> b6 = Avx2.UnpackLow(a5, a7).AsUInt32();
            Vector256<uint> b7 = Avx2.UnpackHigh(a5, a7).AsUInt32();

            w = Avx2.Permute2x128(b0, b4, 0x20);
            Unsafe.Add(ref w, 1) = Avx2.Permute2x128(b1, b5, 0x20);
            Unsafe.Add(ref w, 2) = Avx2.Permute2x128(b2, b6, 0x20);
            Unsafe.Add(ref w, 3) = Avx2.Permute2x128(b3, b7, 0x20);
            Unsafe.Add(ref w, 4) = Avx2.Permute2x128(b0, b4, 0x31);
            Unsafe.Add(ref w, 5) = Avx2.Permute2x128(b1, b5, 0x31);
            Unsafe.Add(ref w, 6) = Avx2.Permute2x128(b2, b6, 0x31);
            Unsafe.Add(ref w, 7) = Avx2.Permute2x128(b3, b7, 0x31);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector256<uint> LoadBigEndianWords(ref byte source, int offset) =>
            Avx2.Shuffle(
                Vector256.LoadUnsafe(ref source, (nuint)offset),
                Vector256.Create((byte)3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Round(
            Vector256<uint> a, Vector256<uint> b, Vector256<uint> c, ref Vector256<uint> d,
            Vector256<uint> e, Vector256<uint> f, Vector256<uint> g, ref Vector256<uint> h,
            uint k, ref Vector256<uint> w, int t)
        {
            h += (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) // Σ1
                + Vector256.ConditionalSelect(e, f, g) // Ch
                + Vector256.Create(k) + Unsafe.Add(ref w, t);
            d += h;
            h += (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) // Σ0
                + ((a & b) | (c & (a | b))); // Maj
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Schedule(ref Vector256<uint> w, int t, int tMinus15, int tMinus7, int tMinus2)
        {
            Vector256<uint> x = Unsafe.Add(ref w, tMinus15);
            Vector256<uint> y = Unsafe.Add(ref w, tMinus2);
            Unsafe.Add(ref w, t) +=
                (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)) // σ1
                + Unsafe.Add(ref w, tMinus7)
                + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)); // σ0
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> Add(Vector256<uint> x, Vector256<uint> y) => x + y;
    }
}
