namespace CryptoHarness.Managed;

// The scalar path: the SHA-256 compression function of FIPS 180-4 §6.2.2, fully unrolled.
public static partial class Sha256
{
    /// <summary>
    /// Runs the compression function over <paramref name="blockCount"/> consecutive 64-byte blocks starting at
    /// <paramref name="blocks"/> (at least one), updating <paramref name="state"/> in place.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The 64 rounds are written out, with the working variables renamed instead of shifted (round t's a is
    /// round t+1's b), so each round writes only the two that change. The message schedule is a rolling window
    /// of sixteen words, W(t) overwriting W(t-16), in a stack buffer: held in locals, the sixteen words took the
    /// registers the round temporaries need and the JIT spilled those instead. Every index is a constant, so
    /// there are no bounds checks; callers guarantee 64 * <paramref name="blockCount"/> readable bytes.
    /// </para>
    /// <para>
    /// The helpers spell the functions of FIPS 180-4 §4.1.2 out in place rather than calling one helper per
    /// function: every inlined call adds JIT temporaries, and past about a thousand locals the JIT stops tracking
    /// them and keeps even the working variables in memory (measured: half the speed).
    /// </para>
    /// </remarks>
    [SkipLocalsInit]
    internal static void CompressScalar(ref State state, ref byte blocks, int blockCount)
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
            Unsafe.Add(ref w, 0) = LoadBigEndian(ref blocks, 0);
            Unsafe.Add(ref w, 1) = LoadBigEndian(ref blocks, 1);
            Unsafe.Add(ref w, 2) = LoadBigEndian(ref blocks, 2);
            Unsafe.Add(ref w, 3) = LoadBigEndian(ref blocks, 3);
            Unsafe.Add(ref w, 4) = LoadBigEndian(ref blocks, 4);
            Unsafe.Add(ref w, 5) = LoadBigEndian(ref blocks, 5);
            Unsafe.Add(ref w, 6) = LoadBigEndian(ref blocks, 6);
            Unsafe.Add(ref w, 7) = LoadBigEndian(ref blocks, 7);
            Unsafe.Add(ref w, 8) = LoadBigEndian(ref blocks, 8);
            Unsafe.Add(ref w, 9) = LoadBigEndian(ref blocks, 9);
            Unsafe.Add(ref w, 10) = LoadBigEndian(ref blocks, 10);
            Unsafe.Add(ref w, 11) = LoadBigEndian(ref blocks, 11);
            Unsafe.Add(ref w, 12) = LoadBigEndian(ref blocks, 12);
            Unsafe.Add(ref w, 13) = LoadBigEndian(ref blocks, 13);
            Unsafe.Add(ref w, 14) = LoadBigEndian(ref blocks, 14);
            Unsafe.Add(ref w, 15) = LoadBigEndian(ref blocks, 15);

            // The constants are K(0)..K(63) of FIPS 180-4 §4.2.2, in order.
            Round(a, b, c, ref d, e, f, g, ref h, 0x428a2f98, ref w, 0);
            Round(h, a, b, ref c, d, e, f, ref g, 0x71374491, ref w, 1);
            Round(g, h, a, ref b, c, d, e, ref f, 0xb5c0fbcf, ref w, 2);
            Round(f, g, h, ref a, b, c, d, ref e, 0xe9b5dba5, ref w, 3);
            Round(e, f, g, ref h, a, b, c, ref d, 0x3956c25b, ref w, 4);
            Round(d, e, f, ref g, h, a, b, ref c, 0x59f111f1, ref w, 5);
            Round(c, d, e, ref f, g, h, a, ref b, 0x923f82a4, ref w, 6);
            Round(b, c, d, ref e, f, g, h, ref a, 0xab1c5ed5, ref w, 7);
            Round(a, b, c, ref d, e, f, g, ref h, 0xd807aa98, ref w, 8);
            Round(h, a, b, ref c, d, e, f, ref g, 0x12835b01, ref w, 9);
            Round(g, h, a, ref b, c, d, e, ref f, 0x243185be, ref w, 10);
            Round(f, g, h, ref a, b, c, d, ref e, 0x550c7dc3, ref w, 11);
            Round(e, f, g, ref h, a, b, c, ref d, 0x72be5d74, ref w, 12);
            Round(d, e, f, ref g, h, a, b, ref c, 0x80deb1fe, ref w, 13);
            Round(c, d, e, ref f, g, h, a, ref b, 0x9bdc06a7, ref w, 14);
            Round(b, c, d, ref e, f, g, h, ref a, 0xc19bf174, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0xe49b69c1, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0xefbe4786, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0x0fc19dc6, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0x240ca1cc, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x2de92c6f, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x4a7484aa, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x5cb0a9dc, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x76f988da, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0x983e5152, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0xa831c66d, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0xb00327c8, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0xbf597fc7, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0xc6e00bf3, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0xd5a79147, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0x06ca6351, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0x14292967, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0x27b70a85, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0x2e1b2138, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0x4d2c6dfc, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0x53380d13, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x650a7354, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x766a0abb, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x81c2c92e, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x92722c85, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0xa2bfe8a1, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0xa81a664b, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0xc24b8b70, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0xc76c51a3, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0xd192e819, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0xd6990624, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0xf40e3585, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0x106aa070, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0x19a4c116, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0x1e376c08, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0x2748774c, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0x34b0bcb5, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x391c0cb3, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x4ed8aa4a, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x5b9cca4f, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x682e6ff3, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0x748f82ee, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0x78a5636f, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0x84c87814, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0x8cc70208, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0x90befffa, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0xa4506ceb, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0xbef9a3f7, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0xc67178f2, ref w, 15);

            a = state[0] += a;
            b = state[1] += b;
            c = state[2] += c;
            d = state[3] += d;
            e = state[4] += e;
            f = state[5] += f;
            g = state[6] += g;
            h = state[7] += h;

            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);

        // The window holds message-derived words; the working variables live in registers and spill slots that
        // no API can reach, so the window is the one thing to wipe.
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)window));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint LoadBigEndian(ref byte block, int wordIndex) =>
        BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, wordIndex * sizeof(uint))));

    /// <summary>
    /// W(t) = σ1(W(t-2)) + W(t-7) + σ0(W(t-15)) + W(t-16) (FIPS 180-4 §6.2.2 step 1), in place of W(t-16);
    /// the arguments are the window slots of t, t-15, t-7 and t-2.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Schedule(ref uint w, int t, int tMinus15, int tMinus7, int tMinus2)
    {
        uint x = Unsafe.Add(ref w, tMinus15);
        uint y = Unsafe.Add(ref w, tMinus2);
        Unsafe.Add(ref w, t) +=
            (BitOperations.RotateRight(y, 17) ^ BitOperations.RotateRight(y, 19) ^ (y >> 10)) // σ1
            + Unsafe.Add(ref w, tMinus7)
            + (BitOperations.RotateRight(x, 7) ^ BitOperations.RotateRight(x, 18) ^ (x >> 3)); // σ0
    }

    /// <summary>
    /// One round of FIPS 180-4 §6.2.2 step 3 with the constant <paramref name="k"/> and window slot
    /// <paramref name="t"/>. Of the eight working variables only two change: d becomes d + T1 (the next e) and
    /// h becomes T1 + T2 (the next a); the caller renames the rest.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(uint a, uint b, uint c, ref uint d, uint e, uint f, uint g, ref uint h, uint k, ref uint w, int t)
    {
        h += (BitOperations.RotateRight(e, 6) ^ BitOperations.RotateRight(e, 11) ^ BitOperations.RotateRight(e, 25)) // Σ1
            + ((e & f) ^ (~e & g)) // Ch
            + k + Unsafe.Add(ref w, t);
        d += h;
        h += (BitOperations.RotateRight(a, 2) ^ BitOperations.RotateRight(a, 13) ^ BitOperations.RotateRight(a, 22)) // Σ0
            + ((a & b) | (c & (a | b))); // Maj, one operation shorter than the standard's form
    }

    [InlineArray(16)]
    private struct Window
    {
        private uint _element0;
    }
}
