namespace CryptoHarness.Managed;

// The Ssse3 path: the scalar rounds of Sha512.Scalar.cs, with the message schedule expanded two words at a time in
// 128-bit vectors (SSSE3: pshufb for the byte swap, palignr to pair words across vectors).
public static partial class Sha512
{
    /// <summary>
    /// Runs the compression function over <paramref name="blockCount"/> consecutive 128-byte blocks starting at
    /// <paramref name="blocks"/> (at least one), updating <paramref name="state"/> in place.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The rounds are the scalar path's, except that each adds a precomputed K(t) + W(t) from a stack buffer.
    /// The sixteen-word schedule window lives in eight vector registers, a pair of words each; each new pair
    /// W(t), W(t+1) is computed in one vector (its inputs W(t-2), W(t-1), W(t-7), ... all precede it), sixteen
    /// rounds ahead of its use and written between the rounds, so the out-of-order core runs the vector
    /// schedule alongside the scalar round chain on otherwise idle units.
    /// </para>
    /// <para>
    /// Two designs lost to the scalar path and were dropped: the schedule computed before the rounds (one
    /// serial chain), and the window kept in memory (misaligned pair loads, and pointers that took the
    /// registers the rounds need). The constants are K(0)..K(79) of FIPS 180-4 §4.2.3, in order, paired.
    /// Callers guarantee 128 * <paramref name="blockCount"/> readable bytes.
    /// </para>
    /// </remarks>
    [SkipLocalsInit]
    internal static void CompressSsse3(ref State state, ref byte blocks, int blockCount)
    {
        ulong a = state[0];
        ulong b = state[1];
        ulong c = state[2];
        ulong d = state[3];
        ulong e = state[4];
        ulong f = state[5];
        ulong g = state[6];
        ulong h = state[7];

        Unsafe.SkipInit(out ScheduleSums sums);
        ref ulong kw = ref sums[0];

        do
        {
            Vector128<ulong> x0 = LoadPair(ref blocks, 0, Vector128.Create(0x428a2f98d728ae22UL, 0x7137449123ef65cdUL), ref kw);
            Vector128<ulong> x1 = LoadPair(ref blocks, 1, Vector128.Create(0xb5c0fbcfec4d3b2fUL, 0xe9b5dba58189dbbcUL), ref kw);
            Vector128<ulong> x2 = LoadPair(ref blocks, 2, Vector128.Create(0x3956c25bf348b538UL, 0x59f111f1b605d019UL), ref kw);
            Vector128<ulong> x3 = LoadPair(ref blocks, 3, Vector128.Create(0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL), ref kw);
            Vector128<ulong> x4 = LoadPair(ref blocks, 4, Vector128.Create(0xd807aa98a3030242UL, 0x12835b0145706fbeUL), ref kw);
            Vector128<ulong> x5 = LoadPair(ref blocks, 5, Vector128.Create(0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL), ref kw);
            Vector128<ulong> x6 = LoadPair(ref blocks, 6, Vector128.Create(0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL), ref kw);
            Vector128<ulong> x7 = LoadPair(ref blocks, 7, Vector128.Create(0x9bdc06a725c71235UL, 0xc19bf174cf692694UL), ref kw);

            SchedulePair(ref x0, x1, x4, x5, x7, Vector128.Create(0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL), ref kw, 16);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 0));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 1));
            SchedulePair(ref x1, x2, x5, x6, x0, Vector128.Create(0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL), ref kw, 18);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 2));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 3));
            SchedulePair(ref x2, x3, x6, x7, x1, Vector128.Create(0x2de92c6f592b0275UL, 0x4a7484aa6ea6e483UL), ref kw, 20);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 4));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 5));
            SchedulePair(ref x3, x4, x7, x0, x2, Vector128.Create(0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL), ref kw, 22);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 6));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 7));
            SchedulePair(ref x4, x5, x0, x1, x3, Vector128.Create(0x983e5152ee66dfabUL, 0xa831c66d2db43210UL), ref kw, 24);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 8));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 9));
            SchedulePair(ref x5, x6, x1, x2, x4, Vector128.Create(0xb00327c898fb213fUL, 0xbf597fc7beef0ee4UL), ref kw, 26);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 10));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 11));
            SchedulePair(ref x6, x7, x2, x3, x5, Vector128.Create(0xc6e00bf33da88fc2UL, 0xd5a79147930aa725UL), ref kw, 28);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 12));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 13));
            SchedulePair(ref x7, x0, x3, x4, x6, Vector128.Create(0x06ca6351e003826fUL, 0x142929670a0e6e70UL), ref kw, 30);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 14));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 15));
            SchedulePair(ref x0, x1, x4, x5, x7, Vector128.Create(0x27b70a8546d22ffcUL, 0x2e1b21385c26c926UL), ref kw, 32);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 16));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 17));
            SchedulePair(ref x1, x2, x5, x6, x0, Vector128.Create(0x4d2c6dfc5ac42aedUL, 0x53380d139d95b3dfUL), ref kw, 34);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 18));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 19));
            SchedulePair(ref x2, x3, x6, x7, x1, Vector128.Create(0x650a73548baf63deUL, 0x766a0abb3c77b2a8UL), ref kw, 36);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 20));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 21));
            SchedulePair(ref x3, x4, x7, x0, x2, Vector128.Create(0x81c2c92e47edaee6UL, 0x92722c851482353bUL), ref kw, 38);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 22));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 23));
            SchedulePair(ref x4, x5, x0, x1, x3, Vector128.Create(0xa2bfe8a14cf10364UL, 0xa81a664bbc423001UL), ref kw, 40);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 24));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 25));
            SchedulePair(ref x5, x6, x1, x2, x4, Vector128.Create(0xc24b8b70d0f89791UL, 0xc76c51a30654be30UL), ref kw, 42);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 26));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 27));
            SchedulePair(ref x6, x7, x2, x3, x5, Vector128.Create(0xd192e819d6ef5218UL, 0xd69906245565a910UL), ref kw, 44);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 28));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 29));
            SchedulePair(ref x7, x0, x3, x4, x6, Vector128.Create(0xf40e35855771202aUL, 0x106aa07032bbd1b8UL), ref kw, 46);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 30));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 31));
            SchedulePair(ref x0, x1, x4, x5, x7, Vector128.Create(0x19a4c116b8d2d0c8UL, 0x1e376c085141ab53UL), ref kw, 48);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 32));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 33));
            SchedulePair(ref x1, x2, x5, x6, x0, Vector128.Create(0x2748774cdf8eeb99UL, 0x34b0bcb5e19b48a8UL), ref kw, 50);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 34));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 35));
            SchedulePair(ref x2, x3, x6, x7, x1, Vector128.Create(0x391c0cb3c5c95a63UL, 0x4ed8aa4ae3418acbUL), ref kw, 52);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 36));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 37));
            SchedulePair(ref x3, x4, x7, x0, x2, Vector128.Create(0x5b9cca4f7763e373UL, 0x682e6ff3d6b2b8a3UL), ref kw, 54);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 38));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 39));
            SchedulePair(ref x4, x5, x0, x1, x3, Vector128.Create(0x748f82ee5defb2fcUL, 0x78a5636f43172f60UL), ref kw, 56);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 40));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 41));
            SchedulePair(ref x5, x6, x1, x2, x4, Vector128.Create(0x84c87814a1f0ab72UL, 0x8cc702081a6439ecUL), ref kw, 58);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 42));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 43));
            SchedulePair(ref x6, x7, x2, x3, x5, Vector128.Create(0x90befffa23631e28UL, 0xa4506cebde82bde9UL), ref kw, 60);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 44));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 45));
            SchedulePair(ref x7, x0, x3, x4, x6, Vector128.Create(0xbef9a3f7b2c67915UL, 0xc67178f2e372532bUL), ref kw, 62);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 46));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 47));
            SchedulePair(ref x0, x1, x4, x5, x7, Vector128.Create(0xca273eceea26619cUL, 0xd186b8c721c0c207UL), ref kw, 64);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 48));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 49));
            SchedulePair(ref x1, x2, x5, x6, x0, Vector128.Create(0xeada7dd6cde0eb1eUL, 0xf57d4f7fee6ed178UL), ref kw, 66);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 50));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 51));
            SchedulePair(ref x2, x3, x6, x7, x1, Vector128.Create(0x06f067aa72176fbaUL, 0x0a637dc5a2c898a6UL), ref kw, 68);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 52));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 53));
            SchedulePair(ref x3, x4, x7, x0, x2, Vector128.Create(0x113f9804bef90daeUL, 0x1b710b35131c471bUL), ref kw, 70);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 54));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 55));
            SchedulePair(ref x4, x5, x0, x1, x3, Vector128.Create(0x28db77f523047d84UL, 0x32caab7b40c72493UL), ref kw, 72);
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 56));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 57));
            SchedulePair(ref x5, x6, x1, x2, x4, Vector128.Create(0x3c9ebe0a15c9bebcUL, 0x431d67c49c100d4cUL), ref kw, 74);
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 58));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 59));
            SchedulePair(ref x6, x7, x2, x3, x5, Vector128.Create(0x4cc5d4becb3e42b6UL, 0x597f299cfc657e2aUL), ref kw, 76);
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 60));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 61));
            SchedulePair(ref x7, x0, x3, x4, x6, Vector128.Create(0x5fcb6fab3ad6faecUL, 0x6c44198c4a475817UL), ref kw, 78);
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 62));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 63));
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 64));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 65));
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 66));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 67));
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 68));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 69));
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 70));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 71));
            RoundWithSum(a, b, c, ref d, e, f, g, ref h, Unsafe.Add(ref kw, 72));
            RoundWithSum(h, a, b, ref c, d, e, f, ref g, Unsafe.Add(ref kw, 73));
            RoundWithSum(g, h, a, ref b, c, d, e, ref f, Unsafe.Add(ref kw, 74));
            RoundWithSum(f, g, h, ref a, b, c, d, ref e, Unsafe.Add(ref kw, 75));
            RoundWithSum(e, f, g, ref h, a, b, c, ref d, Unsafe.Add(ref kw, 76));
            RoundWithSum(d, e, f, ref g, h, a, b, ref c, Unsafe.Add(ref kw, 77));
            RoundWithSum(c, d, e, ref f, g, h, a, ref b, Unsafe.Add(ref kw, 78));
            RoundWithSum(b, c, d, ref e, f, g, h, ref a, Unsafe.Add(ref kw, 79));

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

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)sums));
    }

    /// <summary>
    /// W(2p) and W(2p+1) from the block, byte-swapped from big-endian; stores K + W of both in
    /// <paramref name="kw"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> LoadPair(ref byte block, int p, Vector128<ulong> k, ref ulong kw)
    {
        Vector128<ulong> w = Ssse3.Shuffle(
            Vector128.LoadUnsafe(ref block, (nuint)(p * 2 * sizeof(ulong))),
            Vector128.Create((byte)7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8)).AsUInt64();
        (w + k).StoreUnsafe(ref kw, (nuint)(p * 2));
        return w;
    }

    /// <summary>
    /// W(t), W(t+1) = σ1(W(t-2)) + W(t-7) + σ0(W(t-15)) + W(t-16) (FIPS 180-4 §6.4.2 step 1), in place of the
    /// pair W(t-16), W(t-15); stores K + W of both in <paramref name="kw"/>. The other arguments are the pairs
    /// starting at t-14, t-8, t-6 and t-2; the odd-aligned pairs t-15 and t-7 are spliced from their
    /// neighbours with palignr.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SchedulePair(
        ref Vector128<ulong> w16, Vector128<ulong> w14, Vector128<ulong> w8, Vector128<ulong> w6, Vector128<ulong> w2,
        Vector128<ulong> k, ref ulong kw, int t)
    {
        Vector128<ulong> w15 = Ssse3.AlignRight(w14.AsByte(), w16.AsByte(), 8).AsUInt64();
        Vector128<ulong> w7 = Ssse3.AlignRight(w6.AsByte(), w8.AsByte(), 8).AsUInt64();
        w16 += (((w2 >>> 19) | (w2 << 45)) ^ ((w2 >>> 61) | (w2 << 3)) ^ (w2 >>> 6)) // σ1
            + w7
            + (((w15 >>> 1) | (w15 << 63)) ^ ((w15 >>> 8) | (w15 << 56)) ^ (w15 >>> 7)); // σ0
        (w16 + k).StoreUnsafe(ref kw, (nuint)t);
    }

    /// <summary>The scalar path's round (Sha512.Scalar.cs) with <paramref name="kw"/> = K(t) + W(t) precomputed.</summary>
    /// <remarks>
    /// The sums run in the order their inputs are ready, which the JIT keeps (it does not reassociate): h + K(t) + W(t)
    /// needs nothing from this round, Ch is two operations after e and Σ1 three, so e reaches the new e (d + T1) in five
    /// operations. Summed as FIPS 180-4 writes T1 (Σ1 first), it took seven, and the e chain is what bounds a round.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundWithSum(ulong a, ulong b, ulong c, ref ulong d, ulong e, ulong f, ulong g, ref ulong h, ulong kw)
    {
        ulong t1 = h + kw
            + ((e & f) ^ (~e & g)) // Ch
            + (BitOperations.RotateRight(e, 14) ^ BitOperations.RotateRight(e, 18) ^ BitOperations.RotateRight(e, 41)); // Σ1
        d += t1;
        h = t1 + ((BitOperations.RotateRight(a, 28) ^ BitOperations.RotateRight(a, 34) ^ BitOperations.RotateRight(a, 39)) // Σ0
            + ((a & b) | (c & (a | b)))); // Maj
    }

    /// <summary>K(t) + W(t) for t = 0..79.</summary>
    [InlineArray(80)]
    private struct ScheduleSums
    {
        private ulong _element0;
    }
}
