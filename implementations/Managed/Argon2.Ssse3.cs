namespace CryptoHarness.Managed;

public static unsafe partial class Argon2
{
    /// <summary>
    /// G(X, Y) (RFC 9106 §3.5) on <c>Vector128&lt;ulong&gt;</c>: each register is one of the register pairs S0 ... S7
    /// of RFC 9106 §3.6, so a row is the eight registers at words 16k + 2j and a column the eight at 16k + 2i, and
    /// both are permuted by the same code; diagonalizing is <c>palignr</c>.
    /// </summary>
    /// <remarks>
    /// The rows' result goes to the stack scratch block; next is written once, at the end, as P's result xor X xor Y
    /// (and the old block after the first pass).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void CompressSsse3(ulong* x, ulong* y, ulong* next, ulong* scratch, bool xorInto, ReferenceRequest* request)
    {
        for (int row = 0; row < 128; row += 16)
        {
            ulong* x0 = x + row;
            ulong* y0 = y + row;
            Vector128<ulong> w0 = Vector128.Load(x0) ^ Vector128.Load(y0);
            Vector128<ulong> w1 = Vector128.Load(x0 + 2) ^ Vector128.Load(y0 + 2);
            Vector128<ulong> w2 = Vector128.Load(x0 + 4) ^ Vector128.Load(y0 + 4);
            Vector128<ulong> w3 = Vector128.Load(x0 + 6) ^ Vector128.Load(y0 + 6);
            Vector128<ulong> w4 = Vector128.Load(x0 + 8) ^ Vector128.Load(y0 + 8);
            Vector128<ulong> w5 = Vector128.Load(x0 + 10) ^ Vector128.Load(y0 + 10);
            Vector128<ulong> w6 = Vector128.Load(x0 + 12) ^ Vector128.Load(y0 + 12);
            Vector128<ulong> w7 = Vector128.Load(x0 + 14) ^ Vector128.Load(y0 + 14);

            PermuteSsse3(ref w0, ref w1, ref w2, ref w3, ref w4, ref w5, ref w6, ref w7);

            ulong* s = scratch + row;
            w0.Store(s);
            w1.Store(s + 2);
            w2.Store(s + 4);
            w3.Store(s + 6);
            w4.Store(s + 8);
            w5.Store(s + 10);
            w6.Store(s + 12);
            w7.Store(s + 14);
        }

        for (int column = 0; column < 16; column += 2)
        {
            ulong* s = scratch + column;
            Vector128<ulong> w0 = Vector128.Load(s);
            Vector128<ulong> w1 = Vector128.Load(s + 16);
            Vector128<ulong> w2 = Vector128.Load(s + 32);
            Vector128<ulong> w3 = Vector128.Load(s + 48);
            Vector128<ulong> w4 = Vector128.Load(s + 64);
            Vector128<ulong> w5 = Vector128.Load(s + 80);
            Vector128<ulong> w6 = Vector128.Load(s + 96);
            Vector128<ulong> w7 = Vector128.Load(s + 112);

            PermuteSsse3(ref w0, ref w1, ref w2, ref w3, ref w4, ref w5, ref w6, ref w7);

            StoreSsse3(w0, x, y, next, column, xorInto);
            StoreSsse3(w1, x, y, next, column + 16, xorInto);
            StoreSsse3(w2, x, y, next, column + 32, xorInto);
            StoreSsse3(w3, x, y, next, column + 48, xorInto);
            StoreSsse3(w4, x, y, next, column + 64, xorInto);
            StoreSsse3(w5, x, y, next, column + 80, xorInto);
            StoreSsse3(w6, x, y, next, column + 96, xorInto);
            StoreSsse3(w7, x, y, next, column + 112, xorInto);

            // Word 0 of next is final after the first columns: the successor's data-dependent reference can be
            // fetched while the others are computed.
            if (column == 0 && request != null)
            {
                request->Issue(next[0]);
            }
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreSsse3(Vector128<ulong> z, ulong* x, ulong* y, ulong* next, nint offset, bool xorInto)
    {
        Vector128<ulong> result = z ^ Vector128.Load(x + offset) ^ Vector128.Load(y + offset);
        if (xorInto)
        {
            result ^= Vector128.Load(next + offset);
        }

        result.Store(next + offset);
    }

    /// <summary>P (RFC 9106 §3.6) on the register pairs S0 ... S7 = <paramref name="w0"/> ... <paramref name="w7"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void PermuteSsse3(
        ref Vector128<ulong> w0, ref Vector128<ulong> w1, ref Vector128<ulong> w2, ref Vector128<ulong> w3,
        ref Vector128<ulong> w4, ref Vector128<ulong> w5, ref Vector128<ulong> w6, ref Vector128<ulong> w7)
    {
        // Column step: (v0, v4, v8, v12) and (v1, v5, v9, v13) in w0, w2, w4, w6; the other two G in w1, w3, w5, w7.
        GSsse3(ref w0, ref w2, ref w4, ref w6, ref w1, ref w3, ref w5, ref w7);

        // Diagonal step, as in ColumnsAvx512: b = (v5, v6) and (v7, v4), c = w5 and w4, d = (v15, v12) and (v13, v14).
        Vector128<ulong> b0 = AlignRightSsse3(w3, w2);
        Vector128<ulong> b1 = AlignRightSsse3(w2, w3);
        Vector128<ulong> d0 = AlignRightSsse3(w6, w7);
        Vector128<ulong> d1 = AlignRightSsse3(w7, w6);

        GSsse3(ref w0, ref b0, ref w5, ref d0, ref w1, ref b1, ref w4, ref d1);

        w2 = AlignRightSsse3(b0, b1);
        w3 = AlignRightSsse3(b1, b0);
        w6 = AlignRightSsse3(d1, d0);
        w7 = AlignRightSsse3(d0, d1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> AlignRightSsse3(Vector128<ulong> high, Vector128<ulong> low) =>
        Ssse3.AlignRight(high.AsByte(), low.AsByte(), 8).AsUInt64();

    /// <summary>Two independent GB (RFC 9106 §3.6) on whole registers, interleaved.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GSsse3(
        ref Vector128<ulong> a0, ref Vector128<ulong> b0, ref Vector128<ulong> c0, ref Vector128<ulong> d0,
        ref Vector128<ulong> a1, ref Vector128<ulong> b1, ref Vector128<ulong> c1, ref Vector128<ulong> d1)
    {
        // Rotations as in GAvx2: pshufb for 24 and 16, pshufd for 32, shift, add and xor for 63.
        Vector128<byte> rotate24 = Vector128.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
        Vector128<byte> rotate16 = Vector128.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);

        a0 = BlaMkaSsse3(a0, b0);
        a1 = BlaMkaSsse3(a1, b1);
        d0 = Sse2.Shuffle((d0 ^ a0).AsUInt32(), 0b10_11_00_01).AsUInt64();
        d1 = Sse2.Shuffle((d1 ^ a1).AsUInt32(), 0b10_11_00_01).AsUInt64();
        c0 = BlaMkaSsse3(c0, d0);
        c1 = BlaMkaSsse3(c1, d1);
        b0 = Ssse3.Shuffle((b0 ^ c0).AsByte(), rotate24).AsUInt64();
        b1 = Ssse3.Shuffle((b1 ^ c1).AsByte(), rotate24).AsUInt64();
        a0 = BlaMkaSsse3(a0, b0);
        a1 = BlaMkaSsse3(a1, b1);
        d0 = Ssse3.Shuffle((d0 ^ a0).AsByte(), rotate16).AsUInt64();
        d1 = Ssse3.Shuffle((d1 ^ a1).AsByte(), rotate16).AsUInt64();
        c0 = BlaMkaSsse3(c0, d0);
        c1 = BlaMkaSsse3(c1, d1);
        b0 ^= c0;
        b1 ^= c1;
        b0 = Sse2.ShiftRightLogical(b0, 63) ^ (b0 + b0);
        b1 = Sse2.ShiftRightLogical(b1, 63) ^ (b1 + b1);
    }

    /// <summary>x + y + 2 * trunc(x) * trunc(y) per 64-bit lane (RFC 9106 §3.6), <c>pmuludq</c> for the product.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> BlaMkaSsse3(Vector128<ulong> x, Vector128<ulong> y)
    {
        Vector128<ulong> product = Sse2.Multiply(x.AsUInt32(), y.AsUInt32());
        return x + y + product + product;
    }
}
