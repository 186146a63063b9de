namespace CryptoHarness.Managed;

public static partial class Blake2s
{
    /// <summary>
    /// The compression function F (RFC 7693 §3.2) with the working vector as four <c>Vector128&lt;uint&gt;</c> rows,
    /// so each half-round runs the four G functions of a column or diagonal step at once.
    /// </summary>
    /// <remarks>
    /// The same design as BLAKE2b's AVX2 path (<c>Blake2b.Avx2.cs</c>), at half the width: σ passed to each round
    /// as literal constants, the diagonal step rotating rows a, c and d under b, and fully optimized code from
    /// the first call.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static unsafe void CompressSsse3(ref State state, ref byte blocks, nuint blockCount, uint lastBlockLength, uint finalFlag)
    {
        ulong t = state.T;
        ref uint h = ref state.H[0];
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref h);
        Vector128<uint> h1 = Vector128.LoadUnsafe(ref h, 4);
        Vector128<uint> iv0 = Vector128.Create(IV.AsSpan(0, 4));
        Vector128<uint> iv1 = Vector128.Create(IV.AsSpan(4, 4));

        // Pinned because the message loads take a pointer.
        fixed (byte* first = &blocks)
        {
            uint* m = (uint*)first;
            do
            {
                // Only the last block may be partial or flagged as the last (see Compress).
                bool isLast = blockCount == 1;
                t += isLast ? lastBlockLength : BlockSizeInBytes;
                uint flag = isLast ? finalFlag : 0;

                Vector128<uint> a = h0;
                Vector128<uint> b = h1;
                Vector128<uint> c = iv0;
                Vector128<uint> d = iv1 ^ Vector128.Create((uint)t, (uint)(t >> 32), flag, 0);

                // Rounds 0 to 9 with σ[round] (RFC 7693 §2.7, §3.2) spelled out: see Blake2b.RoundAvx2 for why.
                RoundSsse3(ref a, ref b, ref c, ref d, m, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5);
                RoundSsse3(ref a, ref b, ref c, ref d, m, 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0);

                h0 ^= a ^ c;
                h1 ^= b ^ d;
                m += BlockSizeInBytes / sizeof(uint);
            }
            while (--blockCount != 0);
        }

        h0.StoreUnsafe(ref h);
        h1.StoreUnsafe(ref h, 4);
        state.T = t;
    }

    /// <summary>
    /// One round on rows a = v[0..3], b = v[4..7], c = v[8..11], d = v[12..15], with the round's row of σ as
    /// <paramref name="s0"/> to <paramref name="s15"/>. Lane j of the diagonal step holds G number
    /// 4 + (j + 3) mod 4, hence the message order σ[14], σ[8], σ[10], σ[12].
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe void RoundSsse3(
        ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, uint* m,
        int s0, int s1, int s2, int s3, int s4, int s5, int s6, int s7,
        int s8, int s9, int s10, int s11, int s12, int s13, int s14, int s15)
    {
        HalfRoundSsse3(ref a, ref b, ref c, ref d, GatherSsse3(m, s0, s2, s4, s6), GatherSsse3(m, s1, s3, s5, s7));

        // Diagonalize: lane j of a, c, d takes a[j - 1], c[j + 1], d[j + 2] (indices mod 4).
        a = Sse2.Shuffle(a, 0b_10_01_00_11);
        c = Sse2.Shuffle(c, 0b_00_11_10_01);
        d = Sse2.Shuffle(d, 0b_01_00_11_10);

        HalfRoundSsse3(ref a, ref b, ref c, ref d, GatherSsse3(m, s14, s8, s10, s12), GatherSsse3(m, s15, s9, s11, s13));

        a = Sse2.Shuffle(a, 0b_00_11_10_01);
        c = Sse2.Shuffle(c, 0b_10_01_00_11);
        d = Sse2.Shuffle(d, 0b_01_00_11_10);
    }

    /// <summary>Four G functions side by side (RFC 7693 §3.1); x and y hold each lane's two message words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HalfRoundSsse3(
        ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d,
        Vector128<uint> x, Vector128<uint> y)
    {
        // a + x first: it does not wait for b, which is the last value the previous step produced.
        a = a + x + b;
        d = Rotate16(d ^ a);
        c += d;
        b = Rotate12(b ^ c);
        a = a + y + b;
        d = Rotate8(d ^ a);
        c += d;
        b = Rotate7(b ^ c);
    }

    // Rotations by whole bytes are byte shuffles (pshufb); the others are two shifts and an or.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rotate16(Vector128<uint> x) =>
        Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rotate12(Vector128<uint> x) => (x >>> 12) | (x << 20);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rotate8(Vector128<uint> x) =>
        Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Rotate7(Vector128<uint> x) => (x >>> 7) | (x << 25);

    /// <summary>
    /// Builds (m[i0], m[i1], m[i2], m[i3]) from literal constant indices: two unpacks and one <c>shufps</c> besides
    /// four 64-bit loads.
    /// </summary>
    /// <remarks>
    /// Each 64-bit pair of message words loads with one <c>movq</c>, and an unpack puts the pairs holding words i0
    /// and i1 in one vector, at lanes i0 mod 2 and 2 + i1 mod 2, and those holding i2 and i3 in another.
    /// <c>shufps</c>, which takes two lanes from each of two vectors in any order, then picks the four words. When
    /// two words share a pair one load and unpack could be saved, but choosing costs the JIT a temporary per
    /// choice, and those count against its limit of locals for inlining (see <c>Blake2b.RoundAvx2</c>).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector128<uint> GatherSsse3(uint* m, int i0, int i1, int i2, int i3)
    {
        // The control byte is built from the literal indices, so it is a constant by the time the JIT emits the
        // instruction; the analyzer cannot see that through the parameters.
#pragma warning disable CA1857
        return Sse.Shuffle(
            Sse2.UnpackLow(LoadPair(m, i0), LoadPair(m, i1)).AsSingle(),
            Sse2.UnpackLow(LoadPair(m, i2), LoadPair(m, i3)).AsSingle(),
            (byte)((i0 % 2) | ((2 + (i1 % 2)) << 2) | ((i2 % 2) << 4) | ((2 + (i3 % 2)) << 6)))
            .AsUInt32();
#pragma warning restore CA1857
    }

    /// <summary>Message words 2k and 2k + 1, where k = index / 2, as the low 64-bit lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe Vector128<ulong> LoadPair(uint* m, int index) =>
        Sse2.LoadScalarVector128((ulong*)(m + (index & ~1)));
}
