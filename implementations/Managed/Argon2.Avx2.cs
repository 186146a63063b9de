namespace CryptoHarness.Managed;

public static unsafe partial class Argon2
{
    /// <summary>
    /// G(X, Y) (RFC 9106 §3.5) on <c>Vector256&lt;ulong&gt;</c>: a row is four registers a, b, c, d, diagonalized
    /// with <c>vpermq</c>; the columns are done two at a time with one column per 128-bit lane, diagonalized with
    /// <c>vpalignr</c>, because column i's register pairs are the 128-bit pieces at words 16k + 2i.
    /// </summary>
    /// <remarks>
    /// Sixteen registers hold half a block, so the rows' result goes to the stack scratch block, where the columns
    /// read it. next is written once, at the end: P's result xor X xor Y (and the old block after the first pass).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void CompressAvx2(ulong* x, ulong* y, ulong* next, ulong* scratch, bool xorInto, ReferenceRequest* request)
    {
        for (int row = 0; row < 128; row += 32)
        {
            // Rows row / 16 and row / 16 + 1.
            ulong* x0 = x + row;
            ulong* y0 = y + row;
            Vector256<ulong> a0 = Vector256.Load(x0) ^ Vector256.Load(y0);
            Vector256<ulong> b0 = Vector256.Load(x0 + 4) ^ Vector256.Load(y0 + 4);
            Vector256<ulong> c0 = Vector256.Load(x0 + 8) ^ Vector256.Load(y0 + 8);
            Vector256<ulong> d0 = Vector256.Load(x0 + 12) ^ Vector256.Load(y0 + 12);
            Vector256<ulong> a1 = Vector256.Load(x0 + 16) ^ Vector256.Load(y0 + 16);
            Vector256<ulong> b1 = Vector256.Load(x0 + 20) ^ Vector256.Load(y0 + 20);
            Vector256<ulong> c1 = Vector256.Load(x0 + 24) ^ Vector256.Load(y0 + 24);
            Vector256<ulong> d1 = Vector256.Load(x0 + 28) ^ Vector256.Load(y0 + 28);

            GAvx2(ref a0, ref b0, ref c0, ref d0, ref a1, ref b1, ref c1, ref d1);

            // b = (v5, v6, v7, v4), c = (v10, v11, v8, v9), d = (v15, v12, v13, v14).
            b0 = Avx2.Permute4x64(b0, 0b00_11_10_01);
            c0 = Avx2.Permute4x64(c0, 0b01_00_11_10);
            d0 = Avx2.Permute4x64(d0, 0b10_01_00_11);
            b1 = Avx2.Permute4x64(b1, 0b00_11_10_01);
            c1 = Avx2.Permute4x64(c1, 0b01_00_11_10);
            d1 = Avx2.Permute4x64(d1, 0b10_01_00_11);

            GAvx2(ref a0, ref b0, ref c0, ref d0, ref a1, ref b1, ref c1, ref d1);

            b0 = Avx2.Permute4x64(b0, 0b10_01_00_11);
            c0 = Avx2.Permute4x64(c0, 0b01_00_11_10);
            d0 = Avx2.Permute4x64(d0, 0b00_11_10_01);
            b1 = Avx2.Permute4x64(b1, 0b10_01_00_11);
            c1 = Avx2.Permute4x64(c1, 0b01_00_11_10);
            d1 = Avx2.Permute4x64(d1, 0b00_11_10_01);

            ulong* s = scratch + row;
            a0.Store(s);
            b0.Store(s + 4);
            c0.Store(s + 8);
            d0.Store(s + 12);
            a1.Store(s + 16);
            b1.Store(s + 20);
            c1.Store(s + 24);
            d1.Store(s + 28);
        }

        for (int column = 0; column < 16; column += 4)
        {
            // Columns column / 2 and column / 2 + 1: register pair k of both is words 16k + column ... + 3.
            ulong* s = scratch + column;
            Vector256<ulong> w0 = Vector256.Load(s);
            Vector256<ulong> w1 = Vector256.Load(s + 16);
            Vector256<ulong> w2 = Vector256.Load(s + 32);
            Vector256<ulong> w3 = Vector256.Load(s + 48);
            Vector256<ulong> w4 = Vector256.Load(s + 64);
            Vector256<ulong> w5 = Vector256.Load(s + 80);
            Vector256<ulong> w6 = Vector256.Load(s + 96);
            Vector256<ulong> w7 = Vector256.Load(s + 112);

            // As in ColumnsAvx512: the column step, then the diagonal step with b and d realigned by vpalignr.
            GAvx2(ref w0, ref w2, ref w4, ref w6, ref w1, ref w3, ref w5, ref w7);
            Vector256<ulong> b0 = AlignRightAvx2(w3, w2);
            Vector256<ulong> b1 = AlignRightAvx2(w2, w3);
            Vector256<ulong> d0 = AlignRightAvx2(w6, w7);
            Vector256<ulong> d1 = AlignRightAvx2(w7, w6);
            GAvx2(ref w0, ref b0, ref w5, ref d0, ref w1, ref b1, ref w4, ref d1);
            w2 = AlignRightAvx2(b0, b1);
            w3 = AlignRightAvx2(b1, b0);
            w6 = AlignRightAvx2(d1, d0);
            w7 = AlignRightAvx2(d0, d1);

            StoreAvx2(w0, x, y, next, column, xorInto);
            StoreAvx2(w1, x, y, next, column + 16, xorInto);
            StoreAvx2(w2, x, y, next, column + 32, xorInto);
            StoreAvx2(w3, x, y, next, column + 48, xorInto);
            StoreAvx2(w4, x, y, next, column + 64, xorInto);
            StoreAvx2(w5, x, y, next, column + 80, xorInto);
            StoreAvx2(w6, x, y, next, column + 96, xorInto);
            StoreAvx2(w7, x, y, next, column + 112, xorInto);

            // Word 0 of next is final after the first columns: the successor's data-dependent reference can be
            // fetched while the others are computed.
            if (column == 0 && request != null)
            {
                request->Issue(next[0]);
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreAvx2(Vector256<ulong> z, ulong* x, ulong* y, ulong* next, nint offset, bool xorInto)
    {
        Vector256<ulong> result = z ^ Vector256.Load(x + offset) ^ Vector256.Load(y + offset);
        if (xorInto)
        {
            result ^= Vector256.Load(next + offset);
        }

        result.Store(next + offset);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> AlignRightAvx2(Vector256<ulong> high, Vector256<ulong> low) =>
        Avx2.AlignRight(high.AsByte(), low.AsByte(), 8).AsUInt64();

    /// <summary>Two independent GB (RFC 9106 §3.6) on whole registers, interleaved.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GAvx2(
        ref Vector256<ulong> a0, ref Vector256<ulong> b0, ref Vector256<ulong> c0, ref Vector256<ulong> d0,
        ref Vector256<ulong> a1, ref Vector256<ulong> b1, ref Vector256<ulong> c1, ref Vector256<ulong> d1)
    {
        // Rotations by 24 and 16 are byte shuffles (vpshufb), by 32 a dword shuffle (vpshufd), by 63 a shift, an add
        // and an xor: AVX2 has no 64-bit rotate.
        Vector256<byte> rotate24 = Vector256.Create(
            (byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
        Vector256<byte> rotate16 = Vector256.Create(
            (byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);

        a0 = BlaMkaAvx2(a0, b0);
        a1 = BlaMkaAvx2(a1, b1);
        d0 = Avx2.Shuffle((d0 ^ a0).AsUInt32(), 0b10_11_00_01).AsUInt64();
        d1 = Avx2.Shuffle((d1 ^ a1).AsUInt32(), 0b10_11_00_01).AsUInt64();
        c0 = BlaMkaAvx2(c0, d0);
        c1 = BlaMkaAvx2(c1, d1);
        b0 = Avx2.Shuffle((b0 ^ c0).AsByte(), rotate24).AsUInt64();
        b1 = Avx2.Shuffle((b1 ^ c1).AsByte(), rotate24).AsUInt64();
        a0 = BlaMkaAvx2(a0, b0);
        a1 = BlaMkaAvx2(a1, b1);
        d0 = Avx2.Shuffle((d0 ^ a0).AsByte(), rotate16).AsUInt64();
        d1 = Avx2.Shuffle((d1 ^ a1).AsByte(), rotate16).AsUInt64();
        c0 = BlaMkaAvx2(c0, d0);
        c1 = BlaMkaAvx2(c1, d1);
        b0 ^= c0;
        b1 ^= c1;
        b0 = Avx2.ShiftRightLogical(b0, 63) ^ (b0 + b0);
        b1 = Avx2.ShiftRightLogical(b1, 63) ^ (b1 + b1);
    }

    /// <summary>x + y + 2 * trunc(x) * trunc(y) per 64-bit lane (RFC 9106 §3.6), <c>vpmuludq</c> for the product.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> BlaMkaAvx2(Vector256<ulong> x, Vector256<ulong> y)
    {
        Vector256<ulong> product = Avx2.Multiply(x.AsUInt32(), y.AsUInt32());
        return x + y + product + product;
    }
}
