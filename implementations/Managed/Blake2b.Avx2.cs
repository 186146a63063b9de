namespace CryptoHarness.Managed;

public static partial class Blake2b
{
    /// <summary>
    /// The compression function F (RFC 7693 §3.2) with the working vector as four <c>Vector256&lt;ulong&gt;</c> rows,
    /// so each half-round runs the four G functions of a column or diagonal step at once.
    /// </summary>
    /// <remarks>
    /// Fully optimized from the first call: tiered compilation's first, unoptimized code and its on-stack
    /// replacement variant keep the rows in memory, which runs several times slower for as long as they are used.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static unsafe void CompressAvx2(ref State state, ref byte blocks, nuint blockCount, uint blockLength, ulong finalFlag)
    {
        ulong t0 = state.T0;
        ulong t1 = state.T1;
        ref ulong h = ref state.H[0];
        Vector256<ulong> h0 = Vector256.LoadUnsafe(ref h);
        Vector256<ulong> h1 = Vector256.LoadUnsafe(ref h, 4);
        Vector256<ulong> iv0 = Vector256.Create(IV.AsSpan(0, 4));
        Vector256<ulong> iv1 = Vector256.Create(IV.AsSpan(4, 4));

        // Pinned because the broadcast loads take a pointer.
        fixed (byte* first = &blocks)
        {
            ulong* m = (ulong*)first;
            do
            {
                IncrementCounter(ref t0, ref t1, blockLength);

                Vector256<ulong> a = h0;
                Vector256<ulong> b = h1;
                Vector256<ulong> c = iv0;
                Vector256<ulong> d = iv1 ^ Vector256.Create(t0, t1, finalFlag, 0);

                // Rounds 0 to 11 with σ[round mod 10] (RFC 7693 §2.7, §3.2) spelled out: see RoundAvx2 for why.
                RoundAvx2(ref a, ref b, ref c, ref d, m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                RoundAvx2(ref a, ref b, ref c, ref d, m, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);

                h0 ^= a ^ c;
                h1 ^= b ^ d;
                m += BlockSizeInBytes / sizeof(ulong);
            }
            while (--blockCount != 0);
        }

        h0.StoreUnsafe(ref h);
        h1.StoreUnsafe(ref h, 4);
        state.T0 = t0;
        state.T1 = t1;
    }

    /// <summary>
    /// One round on rows a = v[0..3], b = v[4..7], c = v[8..11], d = v[12..15], with the round's row of σ as
    /// <paramref name="s0"/> to <paramref name="s15"/>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// For the diagonal step the rows a, c and d are rotated under b, rather than b, c and d under a as in the
    /// RFC's picture: b is the row the column step computes last, so leaving it in place keeps every lane
    /// permute off the dependency chain from one step to the next. Lane j then holds the diagonal G whose b is
    /// v[4 + j], that is G number 4 + (j + 3) mod 4, hence the message order σ[14], σ[8], σ[10], σ[12].
    /// </para>
    /// <para>
    /// σ is passed as literal constants, not read from <see cref="Sigma"/>: only literals are constants while the
    /// JIT imports the inlined helpers, so <see cref="PairAvx2"/>'s choice of instruction is made then, without
    /// temporaries. Read from the table, the indices fold only later, after every inlined helper has added its
    /// temporaries; twelve rounds of those brought the method to the JIT's limit of 512 locals, past which it
    /// stops inlining, and a round left as a call takes the state by reference and runs five times slower.
    /// </para>
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe void RoundAvx2(
        ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, ulong* m,
        int s0, int s1, int s2, int s3, int s4, int s5, int s6, int s7,
        int s8, int s9, int s10, int s11, int s12, int s13, int s14, int s15)
    {
        HalfRoundAvx2(ref a, ref b, ref c, ref d, GatherAvx2(m, s0, s2, s4, s6), GatherAvx2(m, s1, s3, s5, s7));

        // Diagonalize: lane j of a, c, d takes a[j - 1], c[j + 1], d[j + 2] (indices mod 4).
        a = Avx2.Permute4x64(a, 0b_10_01_00_11);
        c = Avx2.Permute4x64(c, 0b_00_11_10_01);
        d = Avx2.Permute4x64(d, 0b_01_00_11_10);

        HalfRoundAvx2(ref a, ref b, ref c, ref d, GatherAvx2(m, s14, s8, s10, s12), GatherAvx2(m, s15, s9, s11, s13));

        a = Avx2.Permute4x64(a, 0b_00_11_10_01);
        c = Avx2.Permute4x64(c, 0b_10_01_00_11);
        d = Avx2.Permute4x64(d, 0b_01_00_11_10);
    }

    /// <summary>Four G functions side by side (RFC 7693 §3.1); x and y hold each lane's two message words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HalfRoundAvx2(
        ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d,
        Vector256<ulong> x, Vector256<ulong> y)
    {
        // a + x first: it does not wait for b, which is the last value the previous step produced.
        a = a + x + b;
        d = Rotate32(d ^ a);
        c += d;
        b = Rotate24(b ^ c);
        a = a + y + b;
        d = Rotate16(d ^ a);
        c += d;
        b = Rotate63(b ^ c);
    }

    // Rotations by whole bytes are byte shuffles (one pshufd or pshufb); by 63 it is a left shift by one.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Rotate32(Vector256<ulong> x) => Avx2.Shuffle(x.AsUInt32(), 0b_10_11_00_01).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Rotate24(Vector256<ulong> x) =>
        Avx2.Shuffle(
            x.AsByte(),
            Vector256.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10))
        .AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Rotate16(Vector256<ulong> x) =>
        Avx2.Shuffle(
            x.AsByte(),
            Vector256.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9))
        .AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Rotate63(Vector256<ulong> x) => (x + x) ^ Avx2.ShiftRightLogical(x, 63);

    /// <summary>
    /// Builds (m[i0], m[i1], m[i2], m[i3]). The indices are literal constants (see <see cref="RoundAvx2"/>), so
    /// every branch here is decided while the JIT imports it, and each call costs at most three instructions
    /// besides loads.
    /// </summary>
    /// <remarks>
    /// Each 128-bit pair of message words is loaded into both halves of a vector (one broadcast load). Two
    /// broadcast pairs then give any two words in order with one instruction, in both halves at once: unpack low
    /// or high when the words have the same parity, a dword blend when the first is even and the second odd, a
    /// byte align when the first is odd and the second even. A final blend takes lanes 0-1 from one such pair and
    /// lanes 2-3 from another.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector256<ulong> GatherAvx2(ulong* m, int i0, int i1, int i2, int i3)
    {
        return Avx2.Blend(PairAvx2(m, i0, i1).AsUInt32(), PairAvx2(m, i2, i3).AsUInt32(), 0b_1111_0000).AsUInt64();
    }

    /// <summary>(m[i], m[j]) in lanes 0-1 and again in lanes 2-3.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector256<ulong> PairAvx2(ulong* m, int i, int j)
    {
        if (i / 2 == j / 2)
        {
            return i < j ? BroadcastPair(m, i) : Avx2.Shuffle(BroadcastPair(m, i).AsUInt32(), 0b_01_00_11_10).AsUInt64();
        }

        if (i % 2 == 0)
        {
            return j % 2 == 0
                ? Avx2.UnpackLow(BroadcastPair(m, i), BroadcastPair(m, j))
                : Avx2.Blend(BroadcastPair(m, i).AsUInt32(), BroadcastPair(m, j).AsUInt32(), 0b_1100_1100).AsUInt64();
        }

        return j % 2 == 1
            ? Avx2.UnpackHigh(BroadcastPair(m, i), BroadcastPair(m, j))
            : Avx2.AlignRight(BroadcastPair(m, j).AsByte(), BroadcastPair(m, i).AsByte(), 8).AsUInt64();
    }

    /// <summary>Message words 2k and 2k + 1, where k = index / 2, in both 128-bit halves.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector256<ulong> BroadcastPair(ulong* m, int index) =>
        Avx2.BroadcastVector128ToVector256(m + (index & ~1));
}
