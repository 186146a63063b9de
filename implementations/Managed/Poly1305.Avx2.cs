namespace CryptoHarness.Managed;

public static partial class Poly1305
{
    /// <summary>
    /// The AVX2 path: the Avx512 path's scheme in four lanes (<c>Vector256</c>), r^4 per step, and lane k ending with
    /// r^(4 - π(k)) where unpacking two loads of two blocks gives π = 0, 2, 1, 3.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void BlocksAvx2(ref State state, ref byte blocks, int groups)
    {
        EnsurePowers(ref state);
        ref PowerTable p = ref state.Powers;
        var r0 = Vector256.Create(p[15]);
        var r1 = Vector256.Create(p[16]);
        var r2 = Vector256.Create(p[17]);
        var r3 = Vector256.Create(p[18]);
        var r4 = Vector256.Create(p[19]);
        var s1 = r1 + (r1 << 2);
        var s2 = r2 + (r2 << 2);
        var s3 = r3 + (r3 << 2);
        var s4 = r4 + (r4 << 2);
        ToLimbs(state.H0, state.H1, state.H2, out ulong l0, out ulong l1, out ulong l2, out ulong l3, out ulong l4);
        var h0 = Vector256.CreateScalar(l0);
        var h1 = Vector256.CreateScalar(l1);
        var h2 = Vector256.CreateScalar(l2);
        var h3 = Vector256.CreateScalar(l3);
        var h4 = Vector256.CreateScalar(l4);
        if (Avx512F.IsSupported)
        {
            for (int g = 0; g < groups - 1; g++)
            {
                AddBlocksAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, ref Unsafe.Add(ref blocks, g * 64));
                MultiplyAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, r0, r1, r2, r3, r4, s1, s2, s3, s4);
            }
        }
        else
        {
            // Sixteen ymm registers: r and 5r are read from memory by each multiplication (see MultipliersAvx2).
            Unsafe.SkipInit(out MultipliersAvx2 m);
            m[0] = r0;
            m[1] = r1;
            m[2] = r2;
            m[3] = r3;
            m[4] = r4;
            m[5] = s1;
            m[6] = s2;
            m[7] = s3;
            m[8] = s4;
            for (int g = 0; g < groups - 1; g++)
            {
                AddBlocksAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, ref Unsafe.Add(ref blocks, g * 64));
                MultiplyAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, ref m);
            }

            // The last group as below, with its powers in memory too: with them in registers after the loop, the JIT
            // kept h in memory across the loop's back edge.
            AddBlocksAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, ref Unsafe.Add(ref blocks, (groups - 1) * 64));
            for (int limb = 0; limb < 5; limb++)
            {
                m[limb] = FinalPowerAvx2(ref p, limb);
            }

            for (int limb = 1; limb < 5; limb++)
            {
                m[4 + limb] = m[limb] + (m[limb] << 2);
            }

            MultiplyAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, ref m);
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<MultipliersAvx2>)new(ref m)));
            FromLimbs(Vector256.Sum(h0), Vector256.Sum(h1), Vector256.Sum(h2), Vector256.Sum(h3), Vector256.Sum(h4), out state.H0, out state.H1, out state.H2);
            return;
        }

        // Lane k ends with r^(4 - π(k)): powers 4, 2, 3, 1, at table rows one lower.
        AddBlocksAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, ref Unsafe.Add(ref blocks, (groups - 1) * 64));
        r0 = FinalPowerAvx2(ref p, 0);
        r1 = FinalPowerAvx2(ref p, 1);
        r2 = FinalPowerAvx2(ref p, 2);
        r3 = FinalPowerAvx2(ref p, 3);
        r4 = FinalPowerAvx2(ref p, 4);
        MultiplyAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, r0, r1, r2, r3, r4, r1 + (r1 << 2), r2 + (r2 << 2), r3 + (r3 << 2), r4 + (r4 << 2));
        FromLimbs(Vector256.Sum(h0), Vector256.Sum(h1), Vector256.Sum(h2), Vector256.Sum(h3), Vector256.Sum(h4), out state.H0, out state.H1, out state.H2);
    }

    /// <summary>
    /// r^4 and 5 r^4 in memory, for a CPU without AVX-512. Held in nine of its sixteen ymm registers beside the five
    /// limbs of h and the five sums of a multiplication, they left too few for the products, and the JIT spilled and
    /// reloaded limbs on the chain from one block's h to the next: at emulated x86-64-v3 the lanes ran at 3.67 B/ns
    /// against 7.29 with AVX-512's 32 registers (Stopwatch, 128 KiB). Read from memory, each is an operand of vpmuludq
    /// that costs a load, which is not on that chain.
    /// </summary>
    [InlineArray(9)]
    private struct MultipliersAvx2
    {
        private Vector256<ulong> _element0;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> FinalPowerAvx2(ref PowerTable p, int limb) =>
        Vector256.Create(p[15 + limb], p[5 + limb], p[10 + limb], p[limb]);

    /// <summary>Adds four 16-byte blocks, each with the bit at 2^128, as 26-bit limbs, lane k taking block π(k).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AddBlocksAvx2(
        ref Vector256<ulong> h0, ref Vector256<ulong> h1, ref Vector256<ulong> h2, ref Vector256<ulong> h3, ref Vector256<ulong> h4, ref byte blocks)
    {
        var a = Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref blocks));
        var b = Vector256.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref blocks, 32)));
        var lo = Avx2.UnpackLow(a, b);
        var hi = Avx2.UnpackHigh(a, b);
        var mask = Vector256.Create(LimbMask);
        h0 += lo & mask;
        h1 += (lo >>> 26) & mask;
        h2 += ((lo >>> 52) | (hi << 12)) & mask;
        h3 += (hi >>> 14) & mask;
        h4 += (hi >>> 40) | Vector256.Create(1UL << 24);
    }

    /// <summary>As the other overload, each multiplier an operand read from <paramref name="m"/> (r0 to r4, then s1 to s4).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyAvx2(
        ref Vector256<ulong> h0, ref Vector256<ulong> h1, ref Vector256<ulong> h2, ref Vector256<ulong> h3, ref Vector256<ulong> h4,
        ref MultipliersAvx2 m)
    {
        var d0 = Mul(h0, ref m[0]) + Mul(h1, ref m[8]) + Mul(h2, ref m[7]) + Mul(h3, ref m[6]) + Mul(h4, ref m[5]);
        var d1 = Mul(h0, ref m[1]) + Mul(h1, ref m[0]) + Mul(h2, ref m[8]) + Mul(h3, ref m[7]) + Mul(h4, ref m[6]);
        var d2 = Mul(h0, ref m[2]) + Mul(h1, ref m[1]) + Mul(h2, ref m[0]) + Mul(h3, ref m[8]) + Mul(h4, ref m[7]);
        var d3 = Mul(h0, ref m[3]) + Mul(h1, ref m[2]) + Mul(h2, ref m[1]) + Mul(h3, ref m[0]) + Mul(h4, ref m[8]);
        var d4 = Mul(h0, ref m[4]) + Mul(h1, ref m[3]) + Mul(h2, ref m[2]) + Mul(h3, ref m[1]) + Mul(h4, ref m[0]);
        CarryAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, d0, d1, d2, d3, d4);

        static Vector256<ulong> Mul(Vector256<ulong> x, ref Vector256<ulong> y) =>
            Avx2.Multiply(x.AsUInt32(), Vector256.LoadUnsafe(ref Unsafe.As<Vector256<ulong>, uint>(ref y)));
    }

    /// <summary>h = h·r in every lane (schoolbook in radix 2^26, 2^130 ≡ 5; s = 5 r), then one round of carries.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyAvx2(
        ref Vector256<ulong> h0, ref Vector256<ulong> h1, ref Vector256<ulong> h2, ref Vector256<ulong> h3, ref Vector256<ulong> h4,
        Vector256<ulong> r0, Vector256<ulong> r1, Vector256<ulong> r2, Vector256<ulong> r3, Vector256<ulong> r4,
        Vector256<ulong> s1, Vector256<ulong> s2, Vector256<ulong> s3, Vector256<ulong> s4)
    {
        var d0 = Mul(h0, r0) + Mul(h1, s4) + Mul(h2, s3) + Mul(h3, s2) + Mul(h4, s1);
        var d1 = Mul(h0, r1) + Mul(h1, r0) + Mul(h2, s4) + Mul(h3, s3) + Mul(h4, s2);
        var d2 = Mul(h0, r2) + Mul(h1, r1) + Mul(h2, r0) + Mul(h3, s4) + Mul(h4, s3);
        var d3 = Mul(h0, r3) + Mul(h1, r2) + Mul(h2, r1) + Mul(h3, r0) + Mul(h4, s4);
        var d4 = Mul(h0, r4) + Mul(h1, r3) + Mul(h2, r2) + Mul(h3, r1) + Mul(h4, r0);

        CarryAvx2(ref h0, ref h1, ref h2, ref h3, ref h4, d0, d1, d2, d3, d4);

        static Vector256<ulong> Mul(Vector256<ulong> x, Vector256<ulong> y) => Avx2.Multiply(x.AsUInt32(), y.AsUInt32());
    }

    /// <summary>The five sums of a multiplication back to limbs: one round of carries, the top one folded back times 5.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CarryAvx2(
        ref Vector256<ulong> h0, ref Vector256<ulong> h1, ref Vector256<ulong> h2, ref Vector256<ulong> h3, ref Vector256<ulong> h4,
        Vector256<ulong> d0, Vector256<ulong> d1, Vector256<ulong> d2, Vector256<ulong> d3, Vector256<ulong> d4)
    {
        var mask = Vector256.Create(LimbMask);
        d1 += d0 >>> 26;
        h0 = d0 & mask;
        d2 += d1 >>> 26;
        h1 = d1 & mask;
        d3 += d2 >>> 26;
        h2 = d2 & mask;
        d4 += d3 >>> 26;
        h3 = d3 & mask;
        var c = d4 >>> 26;
        h4 = d4 & mask;
        h0 += c + (c << 2);
        h1 += h0 >>> 26;
        h0 &= mask;
    }
}
