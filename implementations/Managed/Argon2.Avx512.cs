namespace CryptoHarness.Managed;

public static unsafe partial class Argon2
{
    /// <summary>
    /// G(X, Y) (RFC 9106 §3.5) with the whole block in sixteen <c>Vector512&lt;ulong&gt;</c> registers: register
    /// r[k, h] holds words 16k + 8h ... 16k + 8h + 7, so row k is r[k, 0] (its a and b quarters) and r[k, 1] (c, d).
    /// </summary>
    /// <remarks>
    /// <para>
    /// Rows are permuted two at a time: <c>vshufi64x2</c> gathers the a quarters of rows k and k + 1 into one register
    /// (and likewise b, c, d), so each 256-bit half is one row's state as in the AVX2 path, and <c>vpermq</c> rotates
    /// within the halves to diagonalize. Columns need no gathering at all: column i is the 128-bit register pairs
    /// (2i, 2i + 1) of every row, so lane i mod 4 of r[k, i / 4] is column i's pair number k, and the four 128-bit
    /// lanes of r[0..7, h] are four independent permutations; diagonalizing is <c>vpalignr</c> within those lanes.
    /// </para>
    /// <para>
    /// Nothing is stored until word 0 is final, after the first half of the columns, and the rest at the end:
    /// next = P's result xor X xor Y (one <c>vpternlogq</c>), xored with the old block for passes after the first.
    /// Reloading X and Y, which are in L1, is cheaper than keeping R in sixteen more registers or storing it and
    /// reading it back. Fully optimized from the first call, as the other paths.
    /// </para>
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void CompressAvx512(ulong* x, ulong* y, ulong* next, ulong* scratch, bool xorInto, ReferenceRequest* request)
    {
        Vector512<ulong> r00 = Vector512.Load(x) ^ Vector512.Load(y);
        Vector512<ulong> r01 = Vector512.Load(x + 8) ^ Vector512.Load(y + 8);
        Vector512<ulong> r10 = Vector512.Load(x + 16) ^ Vector512.Load(y + 16);
        Vector512<ulong> r11 = Vector512.Load(x + 24) ^ Vector512.Load(y + 24);
        Vector512<ulong> r20 = Vector512.Load(x + 32) ^ Vector512.Load(y + 32);
        Vector512<ulong> r21 = Vector512.Load(x + 40) ^ Vector512.Load(y + 40);
        Vector512<ulong> r30 = Vector512.Load(x + 48) ^ Vector512.Load(y + 48);
        Vector512<ulong> r31 = Vector512.Load(x + 56) ^ Vector512.Load(y + 56);
        Vector512<ulong> r40 = Vector512.Load(x + 64) ^ Vector512.Load(y + 64);
        Vector512<ulong> r41 = Vector512.Load(x + 72) ^ Vector512.Load(y + 72);
        Vector512<ulong> r50 = Vector512.Load(x + 80) ^ Vector512.Load(y + 80);
        Vector512<ulong> r51 = Vector512.Load(x + 88) ^ Vector512.Load(y + 88);
        Vector512<ulong> r60 = Vector512.Load(x + 96) ^ Vector512.Load(y + 96);
        Vector512<ulong> r61 = Vector512.Load(x + 104) ^ Vector512.Load(y + 104);
        Vector512<ulong> r70 = Vector512.Load(x + 112) ^ Vector512.Load(y + 112);
        Vector512<ulong> r71 = Vector512.Load(x + 120) ^ Vector512.Load(y + 120);

        RowsAvx512(ref r00, ref r01, ref r10, ref r11, ref r20, ref r21, ref r30, ref r31);
        RowsAvx512(ref r40, ref r41, ref r50, ref r51, ref r60, ref r61, ref r70, ref r71);
        ColumnsAvx512(ref r00, ref r10, ref r20, ref r30, ref r40, ref r50, ref r60, ref r70);

        // Word 0 of next is final once columns 0 to 3 are: stored now, it lets the successor's data-dependent
        // reference be fetched while columns 4 to 7 are computed instead of after them.
        Vector512<ulong> first = Avx512F.TernaryLogic(r00, Vector512.Load(x), Vector512.Load(y), 0x96);
        if (xorInto)
        {
            first ^= Vector512.Load(next);
        }

        first.Store(next);
        if (request != null)
        {
            request->Issue(first.ToScalar());
        }

        ColumnsAvx512(ref r01, ref r11, ref r21, ref r31, ref r41, ref r51, ref r61, ref r71);

        if (xorInto)
        {
            StoreXor3Avx512(r01, x, y, next, 8);
            StoreXor3Avx512(r10, x, y, next, 16);
            StoreXor3Avx512(r11, x, y, next, 24);
            StoreXor3Avx512(r20, x, y, next, 32);
            StoreXor3Avx512(r21, x, y, next, 40);
            StoreXor3Avx512(r30, x, y, next, 48);
            StoreXor3Avx512(r31, x, y, next, 56);
            StoreXor3Avx512(r40, x, y, next, 64);
            StoreXor3Avx512(r41, x, y, next, 72);
            StoreXor3Avx512(r50, x, y, next, 80);
            StoreXor3Avx512(r51, x, y, next, 88);
            StoreXor3Avx512(r60, x, y, next, 96);
            StoreXor3Avx512(r61, x, y, next, 104);
            StoreXor3Avx512(r70, x, y, next, 112);
            StoreXor3Avx512(r71, x, y, next, 120);
        }
        else
        {
            StoreXor2Avx512(r01, x, y, next, 8);
            StoreXor2Avx512(r10, x, y, next, 16);
            StoreXor2Avx512(r11, x, y, next, 24);
            StoreXor2Avx512(r20, x, y, next, 32);
            StoreXor2Avx512(r21, x, y, next, 40);
            StoreXor2Avx512(r30, x, y, next, 48);
            StoreXor2Avx512(r31, x, y, next, 56);
            StoreXor2Avx512(r40, x, y, next, 64);
            StoreXor2Avx512(r41, x, y, next, 72);
            StoreXor2Avx512(r50, x, y, next, 80);
            StoreXor2Avx512(r51, x, y, next, 88);
            StoreXor2Avx512(r60, x, y, next, 96);
            StoreXor2Avx512(r61, x, y, next, 104);
            StoreXor2Avx512(r70, x, y, next, 112);
            StoreXor2Avx512(r71, x, y, next, 120);
        }
    }

    // next = z xor x xor y: vpternlogq truth table 0x96 is a three-way xor.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreXor2Avx512(Vector512<ulong> z, ulong* x, ulong* y, ulong* next, nint offset) =>
        Avx512F.TernaryLogic(z, Vector512.Load(x + offset), Vector512.Load(y + offset), 0x96).Store(next + offset);

    // next = next xor z xor x xor y, for passes after the first.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreXor3Avx512(Vector512<ulong> z, ulong* x, ulong* y, ulong* next, nint offset) =>
        (Avx512F.TernaryLogic(z, Vector512.Load(x + offset), Vector512.Load(y + offset), 0x96) ^ Vector512.Load(next + offset))
            .Store(next + offset);

    /// <summary>P on rows k and k + 1 (registers p0, p1 and q0, q1) and rows k + 2 and k + 3 (s0, s1 and t0, t1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RowsAvx512(
        ref Vector512<ulong> p0, ref Vector512<ulong> p1, ref Vector512<ulong> q0, ref Vector512<ulong> q1,
        ref Vector512<ulong> s0, ref Vector512<ulong> s1, ref Vector512<ulong> t0, ref Vector512<ulong> t1)
    {
        // vshufi64x2 control 0x44 takes 128-bit lanes (0, 1) of each source, 0xEE lanes (2, 3): the a and b quarters of
        // r[k, 0] (or c and d of r[k, 1]) of both rows.
        Vector512<ulong> a0 = Avx512F.Shuffle4x128(p0, q0, 0x44);
        Vector512<ulong> b0 = Avx512F.Shuffle4x128(p0, q0, 0xEE);
        Vector512<ulong> c0 = Avx512F.Shuffle4x128(p1, q1, 0x44);
        Vector512<ulong> d0 = Avx512F.Shuffle4x128(p1, q1, 0xEE);
        Vector512<ulong> a1 = Avx512F.Shuffle4x128(s0, t0, 0x44);
        Vector512<ulong> b1 = Avx512F.Shuffle4x128(s0, t0, 0xEE);
        Vector512<ulong> c1 = Avx512F.Shuffle4x128(s1, t1, 0x44);
        Vector512<ulong> d1 = Avx512F.Shuffle4x128(s1, t1, 0xEE);

        GAvx512(ref a0, ref b0, ref c0, ref d0, ref a1, ref b1, ref c1, ref d1);

        // Diagonalize within each 256-bit half: b = (v5, v6, v7, v4), c = (v10, v11, v8, v9), d = (v15, v12, v13, v14).
        b0 = Avx512F.Permute4x64(b0, 0b00_11_10_01);
        c0 = Avx512F.Permute4x64(c0, 0b01_00_11_10);
        d0 = Avx512F.Permute4x64(d0, 0b10_01_00_11);
        b1 = Avx512F.Permute4x64(b1, 0b00_11_10_01);
        c1 = Avx512F.Permute4x64(c1, 0b01_00_11_10);
        d1 = Avx512F.Permute4x64(d1, 0b10_01_00_11);

        GAvx512(ref a0, ref b0, ref c0, ref d0, ref a1, ref b1, ref c1, ref d1);

        b0 = Avx512F.Permute4x64(b0, 0b10_01_00_11);
        c0 = Avx512F.Permute4x64(c0, 0b01_00_11_10);
        d0 = Avx512F.Permute4x64(d0, 0b00_11_10_01);
        b1 = Avx512F.Permute4x64(b1, 0b10_01_00_11);
        c1 = Avx512F.Permute4x64(c1, 0b01_00_11_10);
        d1 = Avx512F.Permute4x64(d1, 0b00_11_10_01);

        p0 = Avx512F.Shuffle4x128(a0, b0, 0x44);
        q0 = Avx512F.Shuffle4x128(a0, b0, 0xEE);
        p1 = Avx512F.Shuffle4x128(c0, d0, 0x44);
        q1 = Avx512F.Shuffle4x128(c0, d0, 0xEE);
        s0 = Avx512F.Shuffle4x128(a1, b1, 0x44);
        t0 = Avx512F.Shuffle4x128(a1, b1, 0xEE);
        s1 = Avx512F.Shuffle4x128(c1, d1, 0x44);
        t1 = Avx512F.Shuffle4x128(c1, d1, 0xEE);
    }

    /// <summary>
    /// P on four columns at once: <paramref name="w0"/> ... <paramref name="w7"/> are the register pairs S0 ... S7 of
    /// RFC 9106 §3.6, one column per 128-bit lane, so v(2j) and v(2j + 1) are the two words of wj's lanes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ColumnsAvx512(
        ref Vector512<ulong> w0, ref Vector512<ulong> w1, ref Vector512<ulong> w2, ref Vector512<ulong> w3,
        ref Vector512<ulong> w4, ref Vector512<ulong> w5, ref Vector512<ulong> w6, ref Vector512<ulong> w7)
    {
        // Column step: (v0, v4, v8, v12) and (v1, v5, v9, v13) in w0, w2, w4, w6; the other two G in w1, w3, w5, w7.
        GAvx512(ref w0, ref w2, ref w4, ref w6, ref w1, ref w3, ref w5, ref w7);

        // Diagonal step: (v0, v5, v10, v15) and (v1, v6, v11, v12) take a = w0, b = (v5, v6), c = w5, d = (v15, v12);
        // (v2, v7, v8, v13) and (v3, v4, v9, v14) take a = w1, b = (v7, v4), c = w4, d = (v13, v14). vpalignr by 8
        // bytes of (hi, lo) gives (lo.high word, hi.low word) in each 128-bit lane.
        Vector512<ulong> b0 = AlignRightAvx512(w3, w2);
        Vector512<ulong> b1 = AlignRightAvx512(w2, w3);
        Vector512<ulong> d0 = AlignRightAvx512(w6, w7);
        Vector512<ulong> d1 = AlignRightAvx512(w7, w6);

        GAvx512(ref w0, ref b0, ref w5, ref d0, ref w1, ref b1, ref w4, ref d1);

        w2 = AlignRightAvx512(b0, b1);
        w3 = AlignRightAvx512(b1, b0);
        w6 = AlignRightAvx512(d1, d0);
        w7 = AlignRightAvx512(d0, d1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> AlignRightAvx512(Vector512<ulong> high, Vector512<ulong> low) =>
        Avx512BW.AlignRight(high.AsByte(), low.AsByte(), 8).AsUInt64();

    /// <summary>Two independent GB (RFC 9106 §3.6) on whole registers, interleaved.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GAvx512(
        ref Vector512<ulong> a0, ref Vector512<ulong> b0, ref Vector512<ulong> c0, ref Vector512<ulong> d0,
        ref Vector512<ulong> a1, ref Vector512<ulong> b1, ref Vector512<ulong> c1, ref Vector512<ulong> d1)
    {
        a0 = BlaMkaAvx512(a0, b0);
        a1 = BlaMkaAvx512(a1, b1);
        d0 = Avx512F.RotateRight(d0 ^ a0, 32);
        d1 = Avx512F.RotateRight(d1 ^ a1, 32);
        c0 = BlaMkaAvx512(c0, d0);
        c1 = BlaMkaAvx512(c1, d1);
        b0 = Avx512F.RotateRight(b0 ^ c0, 24);
        b1 = Avx512F.RotateRight(b1 ^ c1, 24);
        a0 = BlaMkaAvx512(a0, b0);
        a1 = BlaMkaAvx512(a1, b1);
        d0 = Avx512F.RotateRight(d0 ^ a0, 16);
        d1 = Avx512F.RotateRight(d1 ^ a1, 16);
        c0 = BlaMkaAvx512(c0, d0);
        c1 = BlaMkaAvx512(c1, d1);
        b0 = Avx512F.RotateRight(b0 ^ c0, 63);
        b1 = Avx512F.RotateRight(b1 ^ c1, 63);
    }

    /// <summary>x + y + 2 * trunc(x) * trunc(y) per 64-bit lane (RFC 9106 §3.6), <c>vpmuludq</c> for the product.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> BlaMkaAvx512(Vector512<ulong> x, Vector512<ulong> y)
    {
        Vector512<ulong> product = Avx512F.Multiply(x.AsUInt32(), y.AsUInt32());
        return x + y + product + product;
    }
}
