namespace CryptoHarness.Managed;

// The scalar path: the SHA-512 compression function of FIPS 180-4 §6.4.2, fully unrolled.
public static partial class Sha512
{
    /// <summary>
    /// Runs the compression function over <paramref name="blockCount"/> consecutive 128-byte blocks starting at
    /// <paramref name="blocks"/> (at least one), updating <paramref name="state"/> in place.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The 80 rounds are written out, with the working variables renamed instead of shifted (round t's a is
    /// round t+1's b), so each round writes only the two that change. The message schedule is a rolling window
    /// of sixteen words, W(t) overwriting W(t-16), in a stack buffer: held in locals, the sixteen words took the
    /// registers the round temporaries need and the JIT spilled those instead. Every index is a constant, so
    /// there are no bounds checks; callers guarantee 128 * <paramref name="blockCount"/> readable bytes.
    /// </para>
    /// <para>
    /// The helpers spell the functions of FIPS 180-4 §4.1.3 out in place rather than calling one helper per
    /// function: every inlined call adds JIT temporaries, and past about a thousand locals the JIT stops tracking
    /// them and keeps even the working variables in memory (measured: half the speed).
    /// </para>
    /// </remarks>
    [SkipLocalsInit]
    internal static void CompressScalar(ref State state, ref byte blocks, int blockCount)
    {
        ulong a = state[0];
        ulong b = state[1];
        ulong c = state[2];
        ulong d = state[3];
        ulong e = state[4];
        ulong f = state[5];
        ulong g = state[6];
        ulong h = state[7];

        Unsafe.SkipInit(out Window window);
        ref ulong w = ref window[0];

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

            // The constants are K(0)..K(79) of FIPS 180-4 §4.2.3, in order.
            Round(a, b, c, ref d, e, f, g, ref h, 0x428a2f98d728ae22, ref w, 0);
            Round(h, a, b, ref c, d, e, f, ref g, 0x7137449123ef65cd, ref w, 1);
            Round(g, h, a, ref b, c, d, e, ref f, 0xb5c0fbcfec4d3b2f, ref w, 2);
            Round(f, g, h, ref a, b, c, d, ref e, 0xe9b5dba58189dbbc, ref w, 3);
            Round(e, f, g, ref h, a, b, c, ref d, 0x3956c25bf348b538, ref w, 4);
            Round(d, e, f, ref g, h, a, b, ref c, 0x59f111f1b605d019, ref w, 5);
            Round(c, d, e, ref f, g, h, a, ref b, 0x923f82a4af194f9b, ref w, 6);
            Round(b, c, d, ref e, f, g, h, ref a, 0xab1c5ed5da6d8118, ref w, 7);
            Round(a, b, c, ref d, e, f, g, ref h, 0xd807aa98a3030242, ref w, 8);
            Round(h, a, b, ref c, d, e, f, ref g, 0x12835b0145706fbe, ref w, 9);
            Round(g, h, a, ref b, c, d, e, ref f, 0x243185be4ee4b28c, ref w, 10);
            Round(f, g, h, ref a, b, c, d, ref e, 0x550c7dc3d5ffb4e2, ref w, 11);
            Round(e, f, g, ref h, a, b, c, ref d, 0x72be5d74f27b896f, ref w, 12);
            Round(d, e, f, ref g, h, a, b, ref c, 0x80deb1fe3b1696b1, ref w, 13);
            Round(c, d, e, ref f, g, h, a, ref b, 0x9bdc06a725c71235, ref w, 14);
            Round(b, c, d, ref e, f, g, h, ref a, 0xc19bf174cf692694, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0xe49b69c19ef14ad2, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0xefbe4786384f25e3, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0x0fc19dc68b8cd5b5, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0x240ca1cc77ac9c65, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x2de92c6f592b0275, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x4a7484aa6ea6e483, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x5cb0a9dcbd41fbd4, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x76f988da831153b5, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0x983e5152ee66dfab, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0xa831c66d2db43210, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0xb00327c898fb213f, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0xbf597fc7beef0ee4, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0xc6e00bf33da88fc2, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0xd5a79147930aa725, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0x06ca6351e003826f, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0x142929670a0e6e70, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0x27b70a8546d22ffc, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0x2e1b21385c26c926, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0x4d2c6dfc5ac42aed, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0x53380d139d95b3df, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x650a73548baf63de, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x766a0abb3c77b2a8, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x81c2c92e47edaee6, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x92722c851482353b, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0xa2bfe8a14cf10364, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0xa81a664bbc423001, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0xc24b8b70d0f89791, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0xc76c51a30654be30, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0xd192e819d6ef5218, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0xd69906245565a910, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0xf40e35855771202a, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0x106aa07032bbd1b8, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0x19a4c116b8d2d0c8, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0x1e376c085141ab53, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0x2748774cdf8eeb99, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0x34b0bcb5e19b48a8, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x391c0cb3c5c95a63, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x4ed8aa4ae3418acb, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x5b9cca4f7763e373, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x682e6ff3d6b2b8a3, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0x748f82ee5defb2fc, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0x78a5636f43172f60, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0x84c87814a1f0ab72, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0x8cc702081a6439ec, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0x90befffa23631e28, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0xa4506cebde82bde9, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0xbef9a3f7b2c67915, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0xc67178f2e372532b, ref w, 15);
            Schedule(ref w, 0, 1, 9, 14);
            Round(a, b, c, ref d, e, f, g, ref h, 0xca273eceea26619c, ref w, 0);
            Schedule(ref w, 1, 2, 10, 15);
            Round(h, a, b, ref c, d, e, f, ref g, 0xd186b8c721c0c207, ref w, 1);
            Schedule(ref w, 2, 3, 11, 0);
            Round(g, h, a, ref b, c, d, e, ref f, 0xeada7dd6cde0eb1e, ref w, 2);
            Schedule(ref w, 3, 4, 12, 1);
            Round(f, g, h, ref a, b, c, d, ref e, 0xf57d4f7fee6ed178, ref w, 3);
            Schedule(ref w, 4, 5, 13, 2);
            Round(e, f, g, ref h, a, b, c, ref d, 0x06f067aa72176fba, ref w, 4);
            Schedule(ref w, 5, 6, 14, 3);
            Round(d, e, f, ref g, h, a, b, ref c, 0x0a637dc5a2c898a6, ref w, 5);
            Schedule(ref w, 6, 7, 15, 4);
            Round(c, d, e, ref f, g, h, a, ref b, 0x113f9804bef90dae, ref w, 6);
            Schedule(ref w, 7, 8, 0, 5);
            Round(b, c, d, ref e, f, g, h, ref a, 0x1b710b35131c471b, ref w, 7);
            Schedule(ref w, 8, 9, 1, 6);
            Round(a, b, c, ref d, e, f, g, ref h, 0x28db77f523047d84, ref w, 8);
            Schedule(ref w, 9, 10, 2, 7);
            Round(h, a, b, ref c, d, e, f, ref g, 0x32caab7b40c72493, ref w, 9);
            Schedule(ref w, 10, 11, 3, 8);
            Round(g, h, a, ref b, c, d, e, ref f, 0x3c9ebe0a15c9bebc, ref w, 10);
            Schedule(ref w, 11, 12, 4, 9);
            Round(f, g, h, ref a, b, c, d, ref e, 0x431d67c49c100d4c, ref w, 11);
            Schedule(ref w, 12, 13, 5, 10);
            Round(e, f, g, ref h, a, b, c, ref d, 0x4cc5d4becb3e42b6, ref w, 12);
            Schedule(ref w, 13, 14, 6, 11);
            Round(d, e, f, ref g, h, a, b, ref c, 0x597f299cfc657e2a, ref w, 13);
            Schedule(ref w, 14, 15, 7, 12);
            Round(c, d, e, ref f, g, h, a, ref b, 0x5fcb6fab3ad6faec, ref w, 14);
            Schedule(ref w, 15, 0, 8, 13);
            Round(b, c, d, ref e, f, g, h, ref a, 0x6c44198c4a475817, ref w, 15);

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
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)window));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadBigEndian(ref byte block, int wordIndex) =>
        BinaryPrimitives.ReverseEndianness(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, wordIndex * sizeof(ulong))));

    /// <summary>
    /// W(t) = σ1(W(t-2)) + W(t-7) + σ0(W(t-15)) + W(t-16) (FIPS 180-4 §6.4.2 step 1), in place of W(t-16);
    /// the arguments are the window slots of t, t-15, t-7 and t-2.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Schedule(ref ulong w, int t, int tMinus15, int tMinus7, int tMinus2)
    {
        ulong x = Unsafe.Add(ref w, tMinus15);
        ulong y = Unsafe.Add(ref w, tMinus2);
        Unsafe.Add(ref w, t) +=
            (BitOperations.RotateRight(y, 19) ^ BitOperations.RotateRight(y, 61) ^ (y >> 6)) // σ1
            + Unsafe.Add(ref w, tMinus7)
            + (BitOperations.RotateRight(x, 1) ^ BitOperations.RotateRight(x, 8) ^ (x >> 7)); // σ0
    }

    /// <summary>
    /// One round of FIPS 180-4 §6.4.2 step 3 with the constant <paramref name="k"/> and window slot
    /// <paramref name="t"/>. Of the eight working variables only two change: d becomes d + T1 (the next e) and
    /// h becomes T1 + T2 (the next a); the caller renames the rest.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ulong a, ulong b, ulong c, ref ulong d, ulong e, ulong f, ulong g, ref ulong h, ulong k, ref ulong w, int t)
    {
        h += (BitOperations.RotateRight(e, 14) ^ BitOperations.RotateRight(e, 18) ^ BitOperations.RotateRight(e, 41)) // Σ1
            + ((e & f) ^ (~e & g)) // Ch
            + k + Unsafe.Add(ref w, t);
        d += h;
        h += (BitOperations.RotateRight(a, 28) ^ BitOperations.RotateRight(a, 34) ^ BitOperations.RotateRight(a, 39)) // Σ0
            + ((a & b) | (c & (a | b))); // Maj, one operation shorter than the standard's form
    }

    [InlineArray(16)]
    private struct Window
    {
        private ulong _element0;
    }
}
