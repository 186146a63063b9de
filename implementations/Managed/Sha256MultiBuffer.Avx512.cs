namespace CryptoHarness.Managed;

// The Avx512 path: sixteen messages in the 32-bit lanes of a Vector512. AVX-512 F adds what the narrower paths
// spend several instructions on: a rotate (vprord) and any three-input bitwise function in one instruction
// (vpternlogd), which is each of Σ0, Σ1, σ0, σ1's XORs, Ch and Maj.
public static partial class Sha256MultiBuffer
{
    private readonly struct Lanes512 : ILanes<Vector512<uint>>
    {
        // The truth tables of vpternlogd for f(x, y, z), bit (x << 2 | y << 1 | z) of the immediate: x XOR y XOR z,
        // x ? y : z (Ch), and the majority of x, y, z (Maj).
        private const byte Xor3 = 0x96;
        private const byte Choose = 0xca;
        private const byte Majority = 0xe8;

        public static int Count => Vector512<uint>.Count;

        // A sixteen-lane step costs about 2.8 scalar blocks (see VectorCrossoverBatchSize for how this was measured).
        public static double StepCostInScalarBlocks => 2.8;

        /// <summary>
        /// All sixteen words of the sixteen lanes: a 16x16 transpose by 32-bit and 64-bit unpacks within 128-bit
        /// quarters, then two rounds of 128-bit quarter shuffles between vectors.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void LoadMessage(ref byte rows, ref Vector512<uint> w)
        {
            // Four groups of four lanes; b[g][m] holds, in quarter q, word 4q + m of lanes 4g..4g+3.
            Transpose4x4InQuarters(ref rows, 0, out Vector512<uint> b00, out Vector512<uint> b01, out Vector512<uint> b02, out Vector512<uint> b03);
            Transpose4x4InQuarters(ref rows, 4, out Vector512<uint> b10, out Vector512<uint> b11, out Vector512<uint> b12, out Vector512<uint> b13);
            Transpose4x4InQuarters(ref rows, 8, out Vector512<uint> b20, out Vector512<uint> b21, out Vector512<uint> b22, out Vector512<uint> b23);
            Transpose4x4InQuarters(ref rows, 12, out Vector512<uint> b30, out Vector512<uint> b31, out Vector512<uint> b32, out Vector512<uint> b33);

            GatherQuarters(b00, b10, b20, b30, ref w, 0);
            GatherQuarters(b01, b11, b21, b31, ref w, 1);
            GatherQuarters(b02, b12, b22, b32, ref w, 2);
            GatherQuarters(b03, b13, b23, b33, ref w, 3);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Transpose4x4InQuarters(
            ref byte rows, int firstLane, out Vector512<uint> m0, out Vector512<uint> m1, out Vector512<uint> m2, out Vector512<uint> m3)
        {
            Vector512<uint> r0 = LoadBigEndianWords(ref rows, firstLane);
            Vector512<uint> r1 = LoadBigEndianWords(ref rows, firstLane + 1);
            Vector512<uint> r2 = LoadBigEndianWords(ref rows, firstLane + 2);
            Vector512<uint> r3 = LoadBigEndianWords(ref rows, firstLane + 3);

            Vector512<ulong> t0 = Avx512F.UnpackLow(r0, r1).AsUInt64();
            Vector512<ulong> t1 = Avx512F.UnpackLow(r2, r3).AsUInt64();
            Vector512<ulong> t2 = Avx512F.UnpackHigh(r0, r1).AsUInt64();
            Vector512<ulong> t3 = Avx512F.UnpackHigh(r2, r3).AsUInt64();

            m0 = Avx512F.UnpackLow(t0, t1).AsUInt32();
            m1 = Avx512F.UnpackHigh(t0, t1).AsUInt32();
            m2 = Avx512F.UnpackLow(t2, t3).AsUInt32();
            m3 = Avx512F.UnpackHigh(t2, t3).AsUInt32();
        }

        /// <summary>
        /// From four vectors whose quarter q holds word 4q + m of one group of four lanes, the four vectors
        /// W(m), W(4 + m), W(8 + m), W(12 + m): quarter g of W(4q + m) is quarter q of group g's vector.
        /// </summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void GatherQuarters(
            Vector512<uint> g0, Vector512<uint> g1, Vector512<uint> g2, Vector512<uint> g3, ref Vector512<uint> w, int m)
        {
            // vshufi32x4: the low two quarters of the result come from the first operand, the high two from the
            // second, each picked by a two-bit field of the immediate.
            Vector512<uint> c0 = Avx512F.Shuffle4x128(g0, g1, 0x44); // g0.q0 g0.q1 g1.q0 g1.q1
            Vector512<uint> c1 = Avx512F.Shuffle4x128(g0, g1, 0xee); // g0.q2 g0.q3 g1.q2 g1.q3
            Vector512<uint> c2 = Avx512F.Shuffle4x128(g2, g3, 0x44);
            Vector512<uint> c3 = Avx512F.Shuffle4x128(g2, g3, 0xee);

            Unsafe.Add(ref w, m) = Avx512F.Shuffle4x128(c0, c2, 0x88); // g0.q0 g1.q0 g2.q0 g3.q0
            Unsafe.Add(ref w, 4 + m) = Avx512F.Shuffle4x128(c0, c2, 0xdd); // g0.q1 g1.q1 g2.q1 g3.q1
            Unsafe.Add(ref w, 8 + m) = Avx512F.Shuffle4x128(c1, c3, 0x88);
            Unsafe.Add(ref w, 12 + m) = Avx512F.Shuffle4x128(c1, c3, 0xdd);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static Vector512<uint> LoadBigEndianWords(ref byte rows, int lane) =>
            Avx512BW.Shuffle(
                Vector512.LoadUnsafe(ref rows, (nuint)(lane * BlockSize)),
                Vector512.Create(
                    (byte)3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
                    3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12)).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Round(
            Vector512<uint> a, Vector512<uint> b, Vector512<uint> c, ref Vector512<uint> d,
            Vector512<uint> e, Vector512<uint> f, Vector512<uint> g, ref Vector512<uint> h,
            uint k, ref Vector512<uint> w, int t)
        {
            h += Avx512F.TernaryLogic(Avx512F.RotateRight(e, 6), Avx512F.RotateRight(e, 11), Avx512F.RotateRight(e, 25), Xor3) // Σ1
                + Avx512F.TernaryLogic(e, f, g, Choose) // Ch
                + Vector512.Create(k) + Unsafe.Add(ref w, t);
            d += h;
            h += Avx512F.TernaryLogic(Avx512F.RotateRight(a, 2), Avx512F.RotateRight(a, 13), Avx512F.RotateRight(a, 22), Xor3) // Σ0
                + Avx512F.TernaryLogic(a, b, c, Majority); // Maj
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Schedule(ref Vector512<uint> w, int t, int tMinus15, int tMinus7, int tMinus2)
        {
            Vector512<uint> x = Unsafe.Add(ref w, tMinus15);
            Vector512<uint> y = Unsafe.Add(ref w, tMinus2);
            Unsafe.Add(ref w, t) +=
                Avx512F.TernaryLogic(Avx512F.RotateRight(y, 17), Avx512F.RotateRight(y, 19), y >>> 10, Xor3) // σ1
                + Unsafe.Add(ref w, tMinus7)
                + Avx512F.TernaryLogic(Avx512F.RotateRight(x, 7), Avx512F.RotateRight(x, 18), x >>> 3, Xor3); // σ0
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector512<uint> Add(Vector512<uint> x, Vector512<uint> y) => x + y;
    }
}
