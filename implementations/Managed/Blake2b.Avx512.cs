using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace CryptoHarness.Managed;

public static partial class Blake2b
{
    /// <summary>
    /// The Avx2 path's rows, round structure and message gathering (see <see cref="CompressAvx2"/>) with every
    /// rotation as one AVX-512VL <c>vprorq</c>.
    /// </summary>
    /// <remarks>
    /// The rounds are bound by the latency of the chain a → d → c → b in each G: two adds, two xors and two
    /// rotations per half-step. On AVX2 the rotation by 63 is three instructions (two of them in sequence) and
    /// the byte rotations are <c>vpshufb</c>; <c>vprorq</c> takes one cycle for every distance.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static unsafe void CompressAvx512(ref State state, ref byte blocks, nuint blockCount, uint blockLength, ulong finalFlag)
    {
        ulong t0 = state.T0;
        ulong t1 = state.T1;
        ref ulong h = ref state.H[0];
        Vector256<ulong> h0 = Vector256.LoadUnsafe(ref h);
        Vector256<ulong> h1 = Vector256.LoadUnsafe(ref h, 4);
        Vector256<ulong> iv0 = Vector256.Create(IV.AsSpan(0, 4));
        Vector256<ulong> iv1 = Vector256.Create(IV.AsSpan(4, 4));

        // Pinned because the broadcast loads take a pointer.
        fixed (byte* first = &blocks)
        {
            ulong* m = (ulong*)first;
            do
            {
                IncrementCounter(ref t0, ref t1, blockLength);

                Vector256<ulong> a = h0;
                Vector256<ulong> b = h1;
                Vector256<ulong> c = iv0;
                Vector256<ulong> d = iv1 ^ Vector256.Create(t0, t1, finalFlag, 0);

                // Rounds 0 to 11 with σ[round mod 10] (RFC 7693 §2.7, §3.2) spelled out: see RoundAvx2 for why.
                RoundAvx512(ref a, ref b, ref c, ref d, m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                RoundAvx512(ref a, ref b, ref c, ref d, m, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);

                h0 ^= a ^ c;
                h1 ^= b ^ d;
                m += BlockSizeInBytes / sizeof(ulong);
            }
            while (--blockCount != 0);
        }

        h0.StoreUnsafe(ref h);
        h1.StoreUnsafe(ref h, 4);
        state.T0 = t0;
        state.T1 = t1;
    }

    /// <summary>One round, as <see cref="RoundAvx2"/> (the same diagonal layout and message order).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe void RoundAvx512(
        ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, ulong* m,
        int s0, int s1, int s2, int s3, int s4, int s5, int s6, int s7,
        int s8, int s9, int s10, int s11, int s12, int s13, int s14, int s15)
    {
        HalfRoundAvx512(ref a, ref b, ref c, ref d, GatherAvx2(m, s0, s2, s4, s6), GatherAvx2(m, s1, s3, s5, s7));

        a = Avx2.Permute4x64(a, 0b_10_01_00_11);
        c = Avx2.Permute4x64(c, 0b_00_11_10_01);
        d = Avx2.Permute4x64(d, 0b_01_00_11_10);

        HalfRoundAvx512(ref a, ref b, ref c, ref d, GatherAvx2(m, s14, s8, s10, s12), GatherAvx2(m, s15, s9, s11, s13));

        a = Avx2.Permute4x64(a, 0b_00_11_10_01);
        c = Avx2.Permute4x64(c, 0b_10_01_00_11);
        d = Avx2.Permute4x64(d, 0b_01_00_11_10);
    }

    /// <summary>Four G functions side by side (RFC 7693 §3.1) with <c>vprorq</c> rotations.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HalfRoundAvx512(
        ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d,
        Vector256<ulong> x, Vector256<ulong> y)
    {
        a = a + x + b;
        d = Avx512F.VL.RotateRight(d ^ a, 32);
        c += d;
        b = Avx512F.VL.RotateRight(b ^ c, 24);
        a = a + y + b;
        d = Avx512F.VL.RotateRight(d ^ a, 16);
        c += d;
        b = Avx512F.VL.RotateRight(b ^ c, 63);
    }
}
