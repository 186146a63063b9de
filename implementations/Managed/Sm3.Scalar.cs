namespace CryptoHarness.Managed;

// The scalar path (the fallback where SSSE3 is missing): the SM3 compression function CF of GB/T 32905-2016 §5.3, unrolled.
public static partial class Sm3
{
    /// <summary>
    /// The compression function CF of GB/T 32905-2016 §5.3 over <paramref name="blockCount"/> (at least one) 64-byte
    /// blocks. The round constants are T(j) &lt;&lt;&lt; (j mod 32) of §4.2 and §5.3.3, precomputed.
    /// </summary>
    [SkipLocalsInit]
    private static void CompressBlocks(ref ChainingWords state, ref byte blocks, int blockCount)
    {
        uint a = state[0];
        uint b = state[1];
        uint c = state[2];
        uint d = state[3];
        uint e = state[4];
        uint f = state[5];
        uint g = state[6];
        uint h = state[7];

        Unsafe.SkipInit(out Window window);
        ref uint w = ref window[0];
        do
        {
            for (int i = 0; i < 16; i++)
            {
                Unsafe.Add(ref w, i) = BinaryPrimitives.ReverseEndianness(
                    Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref blocks, i * sizeof(uint))));
            }

            RoundLow(a, ref b, c, ref d, e, ref f, g, ref h, 0x79cc4519, ref w, 0, 4);
            RoundLow(d, ref a, b, ref c, h, ref e, f, ref g, 0xf3988a32, ref w, 1, 5);
            RoundLow(c, ref d, a, ref b, g, ref h, e, ref f, 0xe7311465, ref w, 2, 6);
            RoundLow(b, ref c, d, ref a, f, ref g, h, ref e, 0xce6228cb, ref w, 3, 7);
            RoundLow(a, ref b, c, ref d, e, ref f, g, ref h, 0x9cc45197, ref w, 4, 8);
            RoundLow(d, ref a, b, ref c, h, ref e, f, ref g, 0x3988a32f, ref w, 5, 9);
            RoundLow(c, ref d, a, ref b, g, ref h, e, ref f, 0x7311465e, ref w, 6, 10);
            RoundLow(b, ref c, d, ref a, f, ref g, h, ref e, 0xe6228cbc, ref w, 7, 11);
            RoundLow(a, ref b, c, ref d, e, ref f, g, ref h, 0xcc451979, ref w, 8, 12);
            RoundLow(d, ref a, b, ref c, h, ref e, f, ref g, 0x988a32f3, ref w, 9, 13);
            RoundLow(c, ref d, a, ref b, g, ref h, e, ref f, 0x311465e7, ref w, 10, 14);
            RoundLow(b, ref c, d, ref a, f, ref g, h, ref e, 0x6228cbce, ref w, 11, 15);
            Expand(ref w, 0, 7, 13, 3, 10);
            RoundLow(a, ref b, c, ref d, e, ref f, g, ref h, 0xc451979c, ref w, 12, 0);
            Expand(ref w, 1, 8, 14, 4, 11);
            RoundLow(d, ref a, b, ref c, h, ref e, f, ref g, 0x88a32f39, ref w, 13, 1);
            Expand(ref w, 2, 9, 15, 5, 12);
            RoundLow(c, ref d, a, ref b, g, ref h, e, ref f, 0x11465e73, ref w, 14, 2);
            Expand(ref w, 3, 10, 0, 6, 13);
            RoundLow(b, ref c, d, ref a, f, ref g, h, ref e, 0x228cbce6, ref w, 15, 3);
            Expand(ref w, 4, 11, 1, 7, 14);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x9d8a7a87, ref w, 0, 4);
            Expand(ref w, 5, 12, 2, 8, 15);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x3b14f50f, ref w, 1, 5);
            Expand(ref w, 6, 13, 3, 9, 0);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x7629ea1e, ref w, 2, 6);
            Expand(ref w, 7, 14, 4, 10, 1);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0xec53d43c, ref w, 3, 7);
            Expand(ref w, 8, 15, 5, 11, 2);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0xd8a7a879, ref w, 4, 8);
            Expand(ref w, 9, 0, 6, 12, 3);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0xb14f50f3, ref w, 5, 9);
            Expand(ref w, 10, 1, 7, 13, 4);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x629ea1e7, ref w, 6, 10);
            Expand(ref w, 11, 2, 8, 14, 5);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0xc53d43ce, ref w, 7, 11);
            Expand(ref w, 12, 3, 9, 15, 6);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x8a7a879d, ref w, 8, 12);
            Expand(ref w, 13, 4, 10, 0, 7);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x14f50f3b, ref w, 9, 13);
            Expand(ref w, 14, 5, 11, 1, 8);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x29ea1e76, ref w, 10, 14);
            Expand(ref w, 15, 6, 12, 2, 9);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0x53d43cec, ref w, 11, 15);
            Expand(ref w, 0, 7, 13, 3, 10);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0xa7a879d8, ref w, 12, 0);
            Expand(ref w, 1, 8, 14, 4, 11);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x4f50f3b1, ref w, 13, 1);
            Expand(ref w, 2, 9, 15, 5, 12);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x9ea1e762, ref w, 14, 2);
            Expand(ref w, 3, 10, 0, 6, 13);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0x3d43cec5, ref w, 15, 3);
            Expand(ref w, 4, 11, 1, 7, 14);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x7a879d8a, ref w, 0, 4);
            Expand(ref w, 5, 12, 2, 8, 15);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0xf50f3b14, ref w, 1, 5);
            Expand(ref w, 6, 13, 3, 9, 0);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0xea1e7629, ref w, 2, 6);
            Expand(ref w, 7, 14, 4, 10, 1);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0xd43cec53, ref w, 3, 7);
            Expand(ref w, 8, 15, 5, 11, 2);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0xa879d8a7, ref w, 4, 8);
            Expand(ref w, 9, 0, 6, 12, 3);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x50f3b14f, ref w, 5, 9);
            Expand(ref w, 10, 1, 7, 13, 4);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0xa1e7629e, ref w, 6, 10);
            Expand(ref w, 11, 2, 8, 14, 5);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0x43cec53d, ref w, 7, 11);
            Expand(ref w, 12, 3, 9, 15, 6);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x879d8a7a, ref w, 8, 12);
            Expand(ref w, 13, 4, 10, 0, 7);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x0f3b14f5, ref w, 9, 13);
            Expand(ref w, 14, 5, 11, 1, 8);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x1e7629ea, ref w, 10, 14);
            Expand(ref w, 15, 6, 12, 2, 9);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0x3cec53d4, ref w, 11, 15);
            Expand(ref w, 0, 7, 13, 3, 10);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x79d8a7a8, ref w, 12, 0);
            Expand(ref w, 1, 8, 14, 4, 11);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0xf3b14f50, ref w, 13, 1);
            Expand(ref w, 2, 9, 15, 5, 12);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0xe7629ea1, ref w, 14, 2);
            Expand(ref w, 3, 10, 0, 6, 13);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0xcec53d43, ref w, 15, 3);
            Expand(ref w, 4, 11, 1, 7, 14);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x9d8a7a87, ref w, 0, 4);
            Expand(ref w, 5, 12, 2, 8, 15);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x3b14f50f, ref w, 1, 5);
            Expand(ref w, 6, 13, 3, 9, 0);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x7629ea1e, ref w, 2, 6);
            Expand(ref w, 7, 14, 4, 10, 1);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0xec53d43c, ref w, 3, 7);
            Expand(ref w, 8, 15, 5, 11, 2);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0xd8a7a879, ref w, 4, 8);
            Expand(ref w, 9, 0, 6, 12, 3);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0xb14f50f3, ref w, 5, 9);
            Expand(ref w, 10, 1, 7, 13, 4);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x629ea1e7, ref w, 6, 10);
            Expand(ref w, 11, 2, 8, 14, 5);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0xc53d43ce, ref w, 7, 11);
            Expand(ref w, 12, 3, 9, 15, 6);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0x8a7a879d, ref w, 8, 12);
            Expand(ref w, 13, 4, 10, 0, 7);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x14f50f3b, ref w, 9, 13);
            Expand(ref w, 14, 5, 11, 1, 8);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x29ea1e76, ref w, 10, 14);
            Expand(ref w, 15, 6, 12, 2, 9);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0x53d43cec, ref w, 11, 15);
            Expand(ref w, 0, 7, 13, 3, 10);
            RoundHigh(a, ref b, c, ref d, e, ref f, g, ref h, 0xa7a879d8, ref w, 12, 0);
            Expand(ref w, 1, 8, 14, 4, 11);
            RoundHigh(d, ref a, b, ref c, h, ref e, f, ref g, 0x4f50f3b1, ref w, 13, 1);
            Expand(ref w, 2, 9, 15, 5, 12);
            RoundHigh(c, ref d, a, ref b, g, ref h, e, ref f, 0x9ea1e762, ref w, 14, 2);
            Expand(ref w, 3, 10, 0, 6, 13);
            RoundHigh(b, ref c, d, ref a, f, ref g, h, ref e, 0x3d43cec5, ref w, 15, 3);

            a = state[0] ^= a;
            b = state[1] ^= b;
            c = state[2] ^= c;
            d = state[3] ^= d;
            e = state[4] ^= e;
            f = state[5] ^= f;
            g = state[6] ^= g;
            h = state[7] ^= h;
            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);

        // The window holds message-derived words; the working variables live in registers and spill slots no API reaches.
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)window));
    }

    /// <summary>
    /// §5.3.2: W(t) = P1(W(t-16) ⊕ W(t-9) ⊕ (W(t-3) &lt;&lt;&lt; 15)) ⊕ (W(t-13) &lt;&lt;&lt; 7) ⊕ W(t-6), written in place of
    /// W(t-16); the arguments are the window slots of t, t-9, t-3, t-13 and t-6.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Expand(ref uint w, int t, int tMinus9, int tMinus3, int tMinus13, int tMinus6)
    {
        uint x = Unsafe.Add(ref w, t) ^ Unsafe.Add(ref w, tMinus9) ^ BitOperations.RotateLeft(Unsafe.Add(ref w, tMinus3), 15);
        Unsafe.Add(ref w, t) = (x ^ BitOperations.RotateLeft(x, 15) ^ BitOperations.RotateLeft(x, 23)) // P1
            ^ BitOperations.RotateLeft(Unsafe.Add(ref w, tMinus13), 7)
            ^ Unsafe.Add(ref w, tMinus6);
    }

    // One round of §5.3.3 with W(j) in slot j and W(j + 4) in slot j4 (W'(j) = W(j) ⊕ W(j + 4)). Of the eight words
    // four change: D becomes TT1 (the next A), B becomes B <<< 9 (the next C), H becomes P0(TT2) (the next E), F
    // becomes F <<< 19 (the next G); the caller renames the rest. Rounds 0..15 use FF and GG as XOR, 16..63 as
    // majority and choice, here in forms one operation shorter than §4.3's. TT2 is computed before D's update: with
    // fourteen registers for eight words, the window, the block pointer and the temporaries, one temporary goes to a
    // stack slot, and in the other order it was SS1, on the chain from E to the next E through TT2; in this order it
    // is A <<< 12, which only D's update reads again (seen with DOTNET_JitDisasm). 23% faster: minimum of 201
    // interleaved runs at 128 KiB on the AMD EPYC, 463.7 against 357.5 µs (2026-11-26).
    // The ssse3 path's order, with the last-arriving word added last (TT2 = H + W + GG + SS1), took 1.15 times this
    // order's time here (harness paired, 1 KiB and 128 KiB, AMD EPYC Zen 3, 2026-11-27): it needs one more value live,
    // and without that path's stored W' and its per-block method the JIT has no register for it.

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundLow(uint a, ref uint b, uint c, ref uint d, uint e, ref uint f, uint g, ref uint h, uint tj, ref uint w, int j, int j4)
    {
        uint a12 = BitOperations.RotateLeft(a, 12);
        uint ss1 = BitOperations.RotateLeft(a12 + e + tj, 7);
        uint wj = Unsafe.Add(ref w, j);
        uint tt2 = (e ^ f ^ g) + h + ss1 + wj;
        d += (a ^ b ^ c) + (ss1 ^ a12) + (wj ^ Unsafe.Add(ref w, j4));
        h = tt2 ^ BitOperations.RotateLeft(tt2, 9) ^ BitOperations.RotateLeft(tt2, 17); // P0
        b = BitOperations.RotateLeft(b, 9);
        f = BitOperations.RotateLeft(f, 19);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundHigh(uint a, ref uint b, uint c, ref uint d, uint e, ref uint f, uint g, ref uint h, uint tj, ref uint w, int j, int j4)
    {
        uint a12 = BitOperations.RotateLeft(a, 12);
        uint ss1 = BitOperations.RotateLeft(a12 + e + tj, 7);
        uint wj = Unsafe.Add(ref w, j);
        uint tt2 = (g ^ (e & (f ^ g))) + h + ss1 + wj;
        d += ((a & b) | (c & (a | b))) + (ss1 ^ a12) + (wj ^ Unsafe.Add(ref w, j4));
        h = tt2 ^ BitOperations.RotateLeft(tt2, 9) ^ BitOperations.RotateLeft(tt2, 17); // P0
        b = BitOperations.RotateLeft(b, 9);
        f = BitOperations.RotateLeft(f, 19);
    }

    [InlineArray(16)]
    private struct Window
    {
        private uint _element0;
    }
}
