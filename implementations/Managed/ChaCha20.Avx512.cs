namespace CryptoHarness.Managed;

public static partial class ChaCha20
{
    /// <summary>
    /// The AVX-512 kernel: sixteen blocks per group, vector i holding word i of each (lane j is block counter + j).
    /// Every rotation is one vprold. The transpose works within 128-bit lanes (unpack), which leaves lane l of result
    /// k of word group g holding words 4g to 4g + 3 of block 4l + k, and then gathers each block's four lanes with two
    /// rounds of vshufi32x4.
    /// </summary>
    // Optimized at first call: a long loop left to tiering runs its on-stack-replacement code for whole calls, which
    // is what the Poly1305 loops measured (see Poly1305.cs).
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void XorAvx512(ref State state, uint counter, ref byte source, ref byte destination, int groups)
    {
        Vector512<uint> s0 = Vector512.Create(state[0]), s1 = Vector512.Create(state[1]), s2 = Vector512.Create(state[2]), s3 = Vector512.Create(state[3]);
        Vector512<uint> s4 = Vector512.Create(state[4]), s5 = Vector512.Create(state[5]), s6 = Vector512.Create(state[6]), s7 = Vector512.Create(state[7]);
        Vector512<uint> s8 = Vector512.Create(state[8]), s9 = Vector512.Create(state[9]), s10 = Vector512.Create(state[10]), s11 = Vector512.Create(state[11]);
        Vector512<uint> s12 = Vector512.Create(counter) + Vector512.Create(0u, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        Vector512<uint> s13 = Vector512.Create(state[13]), s14 = Vector512.Create(state[14]), s15 = Vector512.Create(state[15]);
        for (int group = 0; group < groups; group++)
        {
            Vector512<uint> x0 = s0, x1 = s1, x2 = s2, x3 = s3, x4 = s4, x5 = s5, x6 = s6, x7 = s7;
            Vector512<uint> x8 = s8, x9 = s9, x10 = s10, x11 = s11, x12 = s12, x13 = s13, x14 = s14, x15 = s15;
            for (int i = 0; i < 10; i++)
            {
                QuarterRoundAvx512(ref x0, ref x4, ref x8, ref x12);
                QuarterRoundAvx512(ref x1, ref x5, ref x9, ref x13);
                QuarterRoundAvx512(ref x2, ref x6, ref x10, ref x14);
                QuarterRoundAvx512(ref x3, ref x7, ref x11, ref x15);
                QuarterRoundAvx512(ref x0, ref x5, ref x10, ref x15);
                QuarterRoundAvx512(ref x1, ref x6, ref x11, ref x12);
                QuarterRoundAvx512(ref x2, ref x7, ref x8, ref x13);
                QuarterRoundAvx512(ref x3, ref x4, ref x9, ref x14);
            }

            // g[k] of word group g: lane l holds words 4g to 4g + 3 of block 4l + k.
            Transpose4Avx512(x0 + s0, x1 + s1, x2 + s2, x3 + s3, out var a0, out var a1, out var a2, out var a3);
            Transpose4Avx512(x4 + s4, x5 + s5, x6 + s6, x7 + s7, out var b0, out var b1, out var b2, out var b3);
            Transpose4Avx512(x8 + s8, x9 + s9, x10 + s10, x11 + s11, out var c0, out var c1, out var c2, out var c3);
            Transpose4Avx512(x12 + s12, x13 + s13, x14 + s14, x15 + s15, out var d0, out var d1, out var d2, out var d3);

            ref byte s = ref Unsafe.Add(ref source, group * 16 * BlockSizeInBytes);
            ref byte d = ref Unsafe.Add(ref destination, group * 16 * BlockSizeInBytes);
            StoreLanesAvx512(a0, b0, c0, d0, ref s, ref d, 0);
            StoreLanesAvx512(a1, b1, c1, d1, ref s, ref d, 1);
            StoreLanesAvx512(a2, b2, c2, d2, ref s, ref d, 2);
            StoreLanesAvx512(a3, b3, c3, d3, ref s, ref d, 3);
            s12 += Vector512.Create(16u);
        }
    }

    /// <summary>
    /// For blocks k, 4 + k, 8 + k and 12 + k: a, b, c and d hold (in lane l, block 4l + k) words 0-3, 4-7, 8-11 and
    /// 12-15. A 4×4 transpose of 128-bit lanes makes each block whole; each is xored into its output.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreLanesAvx512(Vector512<uint> a, Vector512<uint> b, Vector512<uint> c, Vector512<uint> d, ref byte source, ref byte destination, int k)
    {
        // ab02 = [a.0, a.2, b.0, b.2], ab13 = [a.1, a.3, b.1, b.3], and the same for c and d.
        var ab02 = Avx512F.Shuffle4x128(a, b, 0b_10_00_10_00);
        var ab13 = Avx512F.Shuffle4x128(a, b, 0b_11_01_11_01);
        var cd02 = Avx512F.Shuffle4x128(c, d, 0b_10_00_10_00);
        var cd13 = Avx512F.Shuffle4x128(c, d, 0b_11_01_11_01);
        XorStore(Avx512F.Shuffle4x128(ab02, cd02, 0b_10_00_10_00).AsByte(), ref source, ref destination, k * BlockSizeInBytes);
        XorStore(Avx512F.Shuffle4x128(ab13, cd13, 0b_10_00_10_00).AsByte(), ref source, ref destination, (4 + k) * BlockSizeInBytes);
        XorStore(Avx512F.Shuffle4x128(ab02, cd02, 0b_11_01_11_01).AsByte(), ref source, ref destination, (8 + k) * BlockSizeInBytes);
        XorStore(Avx512F.Shuffle4x128(ab13, cd13, 0b_11_01_11_01).AsByte(), ref source, ref destination, (12 + k) * BlockSizeInBytes);
    }

    /// <summary>A 4×4 transpose of 32-bit words within each 128-bit lane: result k holds word k of a, b, c and d.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose4Avx512(
        Vector512<uint> a, Vector512<uint> b, Vector512<uint> c, Vector512<uint> d,
        out Vector512<uint> r0, out Vector512<uint> r1, out Vector512<uint> r2, out Vector512<uint> r3)
    {
        var ab0 = Avx512F.UnpackLow(a, b).AsUInt64();
        var ab1 = Avx512F.UnpackHigh(a, b).AsUInt64();
        var cd0 = Avx512F.UnpackLow(c, d).AsUInt64();
        var cd1 = Avx512F.UnpackHigh(c, d).AsUInt64();
        r0 = Avx512F.UnpackLow(ab0, cd0).AsUInt32();
        r1 = Avx512F.UnpackHigh(ab0, cd0).AsUInt32();
        r2 = Avx512F.UnpackLow(ab1, cd1).AsUInt32();
        r3 = Avx512F.UnpackHigh(ab1, cd1).AsUInt32();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void XorStore(Vector512<byte> keystream, ref byte source, ref byte destination, int offset) =>
        (Vector512.LoadUnsafe(ref source, (nuint)offset) ^ keystream).StoreUnsafe(ref destination, (nuint)offset);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void QuarterRoundAvx512(ref Vector512<uint> a, ref Vector512<uint> b, ref Vector512<uint> c, ref Vector512<uint> d)
    {
        a += b;
        d = Avx512F.RotateLeft(d ^ a, 16);
        c += d;
        b = Avx512F.RotateLeft(b ^ c, 12);
        a += b;
        d = Avx512F.RotateLeft(d ^ a, 8);
        c += d;
        b = Avx512F.RotateLeft(b ^ c, 7);
    }
}
