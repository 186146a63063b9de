namespace CryptoHarness.Managed;

// The Ssse3 path: four messages in the 32-bit lanes of a Vector128 (SSE2 unpacks, SSSE3 pshufb for the byte swap).
public static partial class Sha256MultiBuffer
{
    private readonly struct Lanes128 : ILanes<Vector128<uint>>
    {
        public static int Count => Vector128<uint>.Count;

        // A four-lane step costs about 1.7 scalar blocks (see VectorCrossoverBatchSize for how this was measured).
        public static double StepCostInScalarBlocks => 1.7;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void LoadMessage(ref byte rows, ref Vector128<uint> w)
        {
            Transpose4(ref rows, 0, ref w);
            Transpose4(ref rows, 16, ref Unsafe.Add(ref w, 4));
            Transpose4(ref rows, 32, ref Unsafe.Add(ref w, 8));
            Transpose4(ref rows, 48, ref Unsafe.Add(ref w, 12));
        }

        /// <summary>
        /// Words 4g..4g+3 (bytes <paramref name="offset"/>.. of each row) of the four lanes, as four vectors
        /// each holding one word of every lane: a 4x4 transpose by 32-bit then 64-bit unpacks.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Transpose4(ref byte rows, int offset, ref Vector128<uint> w)
        {
            Vector128<uint> r0 = LoadBigEndianWords(ref rows, offset);
            Vector128<uint> r1 = LoadBigEndianWords(ref rows, offset + BlockSize);
            Vector128<uint> r2 = LoadBigEndianWords(ref rows, offset + (2 * BlockSize));
            Vector128<uint> r3 = LoadBigEndianWords(ref rows, offset + (3 * BlockSize));

            Vector128<ulong> t0 = Sse2.UnpackLow(r0, r1).AsUInt64();
            Vector128<ulong> t1 = Sse2.UnpackLow(r2, r3).AsUInt64();
            Vector128<ulong> t2 = Sse2.UnpackHigh(r0, r1).AsUInt64();
            Vector128<ulong> t3 = Sse2.UnpackHigh(r2, r3).AsUInt64();

            w = Sse2.UnpackLow(t0, t1).AsUInt32();
            Unsafe.Add(ref w, 1) = Sse2.UnpackHigh(t0, t1).AsUInt32();
            Unsafe.Add(ref w, 2) = Sse2.UnpackLow(t2, t3).AsUInt32();
            Unsafe.Add(ref w, 3) = Sse2.UnpackHigh(t2, t3).AsUInt32();
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector128<uint> LoadBigEndianWords(ref byte source, int offset) =>
            Ssse3.Shuffle(
                Vector128.LoadUnsafe(ref source, (nuint)offset),
                Vector128.Create((byte)3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Round(
            Vector128<uint> a, Vector128<uint> b, Vector128<uint> c, ref Vector128<uint> d,
            Vector128<uint> e, Vector128<uint> f, Vector128<uint> g, ref Vector128<uint> h,
            uint k, ref Vector128<uint> w, int t)
        {
            h += (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) // Σ1
                + Vector128.ConditionalSelect(e, f, g) // Ch
                + Vector128.Create(k) + Unsafe.Add(ref w, t);
            d += h;
            h += (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) // Σ0
                + ((a & b) | (c & (a | b))); // Maj
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Schedule(ref Vector128<uint> w, int t, int tMinus15, int tMinus7, int tMinus2)
        {
            Vector128<uint> x = Unsafe.Add(ref w, tMinus15);
            Vector128<uint> y = Unsafe.Add(ref w, tMinus2);
            Unsafe.Add(ref w, t) +=
                (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)) // σ1
                + Unsafe.Add(ref w, tMinus7)
                + (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)); // σ0
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> Add(Vector128<uint> x, Vector128<uint> y) => x + y;
    }
}
