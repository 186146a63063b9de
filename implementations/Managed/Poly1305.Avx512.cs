namespace CryptoHarness.Managed;

public static partial class Poly1305
{
    /// <summary>
    /// The AVX-512 path: eight accumulators in the 64-bit lanes of five <c>Vector512</c> limbs (radix 2^26), lane k
    /// taking every eighth block from block π(k) on. Each step multiplies every lane by r^8 with vpmuludq, 25 products
    /// for eight blocks; the last multiplies lane k by r^(8 - π(k)) instead, so the lanes' sum is h of the whole run
    /// (the h carried in joins lane 0, whose first block gets r^(8 × groups) as h itself must).
    /// </summary>
    /// <remarks>
    /// Unpacking two loads of four blocks gives lanes in block order π = 0, 4, 1, 5, 2, 6, 3, 7 (vpunpcklqdq works
    /// within 128-bit lanes), which the final powers follow instead of shuffling the message into order.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void BlocksAvx512(ref State state, ref byte blocks, int groups)
    {
        EnsurePowers(ref state);
        ref PowerTable p = ref state.Powers;
        var r0 = Vector512.Create(p[35]);
        var r1 = Vector512.Create(p[36]);
        var r2 = Vector512.Create(p[37]);
        var r3 = Vector512.Create(p[38]);
        var r4 = Vector512.Create(p[39]);
        var s1 = r1 + (r1 << 2);
        var s2 = r2 + (r2 << 2);
        var s3 = r3 + (r3 << 2);
        var s4 = r4 + (r4 << 2);
        ToLimbs(state.H0, state.H1, state.H2, out ulong l0, out ulong l1, out ulong l2, out ulong l3, out ulong l4);
        var h0 = Vector512.CreateScalar(l0);
        var h1 = Vector512.CreateScalar(l1);
        var h2 = Vector512.CreateScalar(l2);
        var h3 = Vector512.CreateScalar(l3);
        var h4 = Vector512.CreateScalar(l4);
        for (int g = 0; g < groups - 1; g++)
        {
            AddBlocksAvx512(ref h0, ref h1, ref h2, ref h3, ref h4, ref Unsafe.Add(ref blocks, g * 128));
            MultiplyAvx512(ref h0, ref h1, ref h2, ref h3, ref h4, r0, r1, r2, r3, r4, s1, s2, s3, s4);
        }

        // Lane k ends with r^(8 - π(k)): powers 8, 4, 7, 3, 6, 2, 5, 1, at table rows one lower.
        AddBlocksAvx512(ref h0, ref h1, ref h2, ref h3, ref h4, ref Unsafe.Add(ref blocks, (groups - 1) * 128));
        r0 = FinalPowerAvx512(ref p, 0);
        r1 = FinalPowerAvx512(ref p, 1);
        r2 = FinalPowerAvx512(ref p, 2);
        r3 = FinalPowerAvx512(ref p, 3);
        r4 = FinalPowerAvx512(ref p, 4);
        MultiplyAvx512(ref h0, ref h1, ref h2, ref h3, ref h4, r0, r1, r2, r3, r4, r1 + (r1 << 2), r2 + (r2 << 2), r3 + (r3 << 2), r4 + (r4 << 2));
        FromLimbs(Vector512.Sum(h0), Vector512.Sum(h1), Vector512.Sum(h2), Vector512.Sum(h3), Vector512.Sum(h4), out state.H0, out state.H1, out state.H2);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> FinalPowerAvx512(ref PowerTable p, int limb) =>
        Vector512.Create(p[35 + limb], p[15 + limb], p[30 + limb], p[10 + limb], p[25 + limb], p[5 + limb], p[20 + limb], p[limb]);

    /// <summary>Adds eight 16-byte blocks, each with the bit at 2^128, as 26-bit limbs, lane k taking block π(k).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AddBlocksAvx512(
        ref Vector512<ulong> h0, ref Vector512<ulong> h1, ref Vector512<ulong> h2, ref Vector512<ulong> h3, ref Vector512<ulong> h4, ref byte blocks)
    {
        var a = Vector512.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref blocks));
        var b = Vector512.LoadUnsafe(ref Unsafe.As<byte, ulong>(ref Unsafe.Add(ref blocks, 64)));
        var lo = Avx512F.UnpackLow(a, b);
        var hi = Avx512F.UnpackHigh(a, b);
        var mask = Vector512.Create(LimbMask);
        h0 += lo & mask;
        h1 += (lo >>> 26) & mask;
        h2 += ((lo >>> 52) | (hi << 12)) & mask;
        h3 += (hi >>> 14) & mask;
        h4 += (hi >>> 40) | Vector512.Create(1UL << 24);
    }

    /// <summary>h = h·r in every lane (schoolbook in radix 2^26, 2^130 ≡ 5; s = 5 r), then one round of carries.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyAvx512(
        ref Vector512<ulong> h0, ref Vector512<ulong> h1, ref Vector512<ulong> h2, ref Vector512<ulong> h3, ref Vector512<ulong> h4,
        Vector512<ulong> r0, Vector512<ulong> r1, Vector512<ulong> r2, Vector512<ulong> r3, Vector512<ulong> r4,
        Vector512<ulong> s1, Vector512<ulong> s2, Vector512<ulong> s3, Vector512<ulong> s4)
    {
        var d0 = Mul(h0, r0) + Mul(h1, s4) + Mul(h2, s3) + Mul(h3, s2) + Mul(h4, s1);
        var d1 = Mul(h0, r1) + Mul(h1, r0) + Mul(h2, s4) + Mul(h3, s3) + Mul(h4, s2);
        var d2 = Mul(h0, r2) + Mul(h1, r1) + Mul(h2, r0) + Mul(h3, s4) + Mul(h4, s3);
        var d3 = Mul(h0, r3) + Mul(h1, r2) + Mul(h2, r1) + Mul(h3, r0) + Mul(h4, s4);
        var d4 = Mul(h0, r4) + Mul(h1, r3) + Mul(h2, r2) + Mul(h3, r1) + Mul(h4, r0);

        var mask = Vector512.Create(LimbMask);
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

        static Vector512<ulong> Mul(Vector512<ulong> x, Vector512<ulong> y) => Avx512F.Multiply(x.AsUInt32(), y.AsUInt32());
    }
}
