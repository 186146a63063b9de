namespace CryptoHarness.Managed;

public static partial class ChaCha20
{
    /// <summary>
    /// The SSSE3 kernel: four blocks per group, vector i holding word i of each (lane j is block counter + j).
    /// With <see cref="ShuffleRotations"/>, rotations by 16 and 8 are one pshufb each, by 12 and 7 two shifts and an
    /// or; the Avx512 path runs it with <see cref="Avx512Rotations"/> (vprold) for its last blocks. Sixteen state
    /// vectors fill the sixteen xmm registers of a CPU without AVX-512, which left none for a rotation's temporary,
    /// so there words 8 to 11 live in memory (see <see cref="RowAvx2"/>); with AVX-512's 32 registers all
    /// sixteen stay in registers.
    /// </summary>
    // Optimized at first call: a long loop left to tiering runs its on-stack-replacement code for whole calls, which
    // is what the Poly1305 loops measured (see Poly1305.cs).
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void XorSsse3<TRotations>(ref State state, uint counter, ref byte source, ref byte destination, int groups)
        where TRotations : struct, IRotations
    {
        Vector128<uint> s0 = Vector128.Create(state[0]), s1 = Vector128.Create(state[1]), s2 = Vector128.Create(state[2]), s3 = Vector128.Create(state[3]);
        Vector128<uint> s4 = Vector128.Create(state[4]), s5 = Vector128.Create(state[5]), s6 = Vector128.Create(state[6]), s7 = Vector128.Create(state[7]);
        Vector128<uint> s8 = Vector128.Create(state[8]), s9 = Vector128.Create(state[9]), s10 = Vector128.Create(state[10]), s11 = Vector128.Create(state[11]);
        Vector128<uint> s12 = Vector128.Create(counter) + Vector128.Create(0u, 1, 2, 3);
        Vector128<uint> s13 = Vector128.Create(state[13]), s14 = Vector128.Create(state[14]), s15 = Vector128.Create(state[15]);
        for (int group = 0; group < groups; group++)
        {
            Vector128<uint> x0 = s0, x1 = s1, x2 = s2, x3 = s3, x4 = s4, x5 = s5, x6 = s6, x7 = s7;
            Vector128<uint> x8 = s8, x9 = s9, x10 = s10, x11 = s11, x12 = s12, x13 = s13, x14 = s14, x15 = s15;
            if (Avx512F.IsSupported)
            {
                for (int i = 0; i < 10; i++)
                {
                    QuarterRoundSsse3<TRotations>(ref x0, ref x4, ref x8, ref x12);
                    QuarterRoundSsse3<TRotations>(ref x1, ref x5, ref x9, ref x13);
                    QuarterRoundSsse3<TRotations>(ref x2, ref x6, ref x10, ref x14);
                    QuarterRoundSsse3<TRotations>(ref x3, ref x7, ref x11, ref x15);
                    QuarterRoundSsse3<TRotations>(ref x0, ref x5, ref x10, ref x15);
                    QuarterRoundSsse3<TRotations>(ref x1, ref x6, ref x11, ref x12);
                    QuarterRoundSsse3<TRotations>(ref x2, ref x7, ref x8, ref x13);
                    QuarterRoundSsse3<TRotations>(ref x3, ref x4, ref x9, ref x14);
                }
            }
            else
            {
                // Sixteen xmm registers: words 8 to 11 live in memory, c holding the one in use, as in the AVX2 kernel (RowAvx2).
                Unsafe.SkipInit(out RowSsse3 row);
                row[0] = x8;
                row[1] = x9;
                row[2] = x10;
                row[3] = x11;
                var c = x8;
                for (int i = 0; i < 10; i++)
                {
                    QuarterRoundSsse3ThenSwapRow<TRotations>(ref x0, ref x4, ref c, ref x12, ref row[0], row[1]);
                    QuarterRoundSsse3ThenSwapRow<TRotations>(ref x1, ref x5, ref c, ref x13, ref row[1], row[2]);
                    QuarterRoundSsse3ThenSwapRow<TRotations>(ref x2, ref x6, ref c, ref x14, ref row[2], row[3]);
                    QuarterRoundSsse3<TRotations>(ref x3, ref x7, ref c, ref x15);
                    QuarterRoundSsse3ThenSwapRow<TRotations>(ref x1, ref x6, ref c, ref x12, ref row[3], row[2]);
                    QuarterRoundSsse3ThenSwapRow<TRotations>(ref x0, ref x5, ref c, ref x15, ref row[2], row[1]);
                    QuarterRoundSsse3ThenSwapRow<TRotations>(ref x3, ref x4, ref c, ref x14, ref row[1], row[0]);
                    QuarterRoundSsse3<TRotations>(ref x2, ref x7, ref c, ref x13);
                }

                x8 = c;
                x9 = row[1];
                x10 = row[2];
                x11 = row[3];
            }

            ref byte s = ref Unsafe.Add(ref source, group * 4 * BlockSizeInBytes);
            ref byte d = ref Unsafe.Add(ref destination, group * 4 * BlockSizeInBytes);
            StoreQuarterSsse3(x0 + s0, x1 + s1, x2 + s2, x3 + s3, ref s, ref d);
            StoreQuarterSsse3(x4 + s4, x5 + s5, x6 + s6, x7 + s7, ref Unsafe.Add(ref s, 16), ref Unsafe.Add(ref d, 16));
            StoreQuarterSsse3(x8 + s8, x9 + s9, x10 + s10, x11 + s11, ref Unsafe.Add(ref s, 32), ref Unsafe.Add(ref d, 32));
            StoreQuarterSsse3(x12 + s12, x13 + s13, x14 + s14, x15 + s15, ref Unsafe.Add(ref s, 48), ref Unsafe.Add(ref d, 48));
            s12 += Vector128.Create(4u);
        }
    }

    /// <summary>
    /// Transposes four consecutive words of the four blocks (a, b, c, d hold words 4k to 4k + 3) into each block's
    /// 16 bytes at offset 16k, and xors them into the output.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreQuarterSsse3(Vector128<uint> a, Vector128<uint> b, Vector128<uint> c, Vector128<uint> d, ref byte source, ref byte destination)
    {
        var ab0 = Sse2.UnpackLow(a, b).AsUInt64();
        var ab1 = Sse2.UnpackHigh(a, b).AsUInt64();
        var cd0 = Sse2.UnpackLow(c, d).AsUInt64();
        var cd1 = Sse2.UnpackHigh(c, d).AsUInt64();
        XorStore(Sse2.UnpackLow(ab0, cd0).AsByte(), ref source, ref destination, 0);
        XorStore(Sse2.UnpackHigh(ab0, cd0).AsByte(), ref source, ref destination, BlockSizeInBytes);
        XorStore(Sse2.UnpackLow(ab1, cd1).AsByte(), ref source, ref destination, 2 * BlockSizeInBytes);
        XorStore(Sse2.UnpackHigh(ab1, cd1).AsByte(), ref source, ref destination, 3 * BlockSizeInBytes);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void XorStore(Vector128<byte> keystream, ref byte source, ref byte destination, int offset) =>
        (Vector128.LoadUnsafe(ref source, (nuint)offset) ^ keystream).StoreUnsafe(ref destination, (nuint)offset);

    /// <summary>Words 8 to 11 of the four blocks, in memory, for a CPU without AVX-512, as <see cref="RowAvx2"/>.</summary>
    [InlineArray(4)]
    private struct RowSsse3
    {
        private Vector128<uint> _element0;
    }

    /// <summary>
    /// A quarter round on the row word in <paramref name="c"/>, which then goes back to <paramref name="store"/>
    /// while <paramref name="next"/>, the row word of the next quarter round, comes in.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void QuarterRoundSsse3ThenSwapRow<TRotations>(
        ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, ref Vector128<uint> store, Vector128<uint> next)
        where TRotations : struct, IRotations
    {
        QuarterRoundSsse3<TRotations>(ref a, ref b, ref c, ref d);
        store = c;
        c = next;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void QuarterRoundSsse3<TRotations>(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d)
        where TRotations : struct, IRotations
    {
        a += b;
        d = TRotations.RotateLeft16(d ^ a);
        c += d;
        b = TRotations.RotateLeft12(b ^ c);
        a += b;
        d = TRotations.RotateLeft8(d ^ a);
        c += d;
        b = TRotations.RotateLeft7(b ^ c);
    }

    /// <summary>The four rotations of the quarter round (RFC 8439 §2.1) at the two widths the 4- and 8-block kernels use.</summary>
    private interface IRotations
    {
        static abstract Vector128<uint> RotateLeft16(Vector128<uint> x);

        static abstract Vector128<uint> RotateLeft12(Vector128<uint> x);

        static abstract Vector128<uint> RotateLeft8(Vector128<uint> x);

        static abstract Vector128<uint> RotateLeft7(Vector128<uint> x);

        static abstract Vector256<uint> RotateLeft16(Vector256<uint> x);

        static abstract Vector256<uint> RotateLeft12(Vector256<uint> x);

        static abstract Vector256<uint> RotateLeft8(Vector256<uint> x);

        static abstract Vector256<uint> RotateLeft7(Vector256<uint> x);
    }

    /// <summary>
    /// Rotations as an SSSE3 or AVX2 CPU runs them: byte shuffles (pshufb) for 16 and 8, shift pairs for 12 and 7.
    /// The masks are written as 64-bit lanes and every method is marked for inlining: the kernels inline these 320
    /// times, and with byte-by-byte masks the JIT's inlining budget ran out part way and left calls in the rounds
    /// (the 4- and 8-block kernels ran at a third of their speed).
    /// </summary>
    private readonly struct ShuffleRotations : IRotations
    {
        // Per 64-bit lane, the source bytes of a left rotation of each 32-bit word by 16 (2 3 0 1) and by 8 (3 0 1 2).
        private const ulong RotateLeft16Mask0 = 0x0504070601000302;
        private const ulong RotateLeft16Mask1 = 0x0D0C0F0E09080B0A;
        private const ulong RotateLeft8Mask0 = 0x0605040702010003;
        private const ulong RotateLeft8Mask1 = 0x0E0D0C0F0A09080B;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft16(Vector128<uint> x) =>
            Ssse3.Shuffle(x.AsByte(), Vector128.Create(RotateLeft16Mask0, RotateLeft16Mask1).AsByte()).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft12(Vector128<uint> x) => (x << 12) | (x >>> 20);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft8(Vector128<uint> x) =>
            Ssse3.Shuffle(x.AsByte(), Vector128.Create(RotateLeft8Mask0, RotateLeft8Mask1).AsByte()).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft7(Vector128<uint> x) => (x << 7) | (x >>> 25);

        // vpshufb shuffles within each 128-bit half, so the 256-bit mask is the 128-bit one twice.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft16(Vector256<uint> x) =>
            Avx2.Shuffle(x.AsByte(), Vector256.Create(RotateLeft16Mask0, RotateLeft16Mask1, RotateLeft16Mask0, RotateLeft16Mask1).AsByte()).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft12(Vector256<uint> x) => (x << 12) | (x >>> 20);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft8(Vector256<uint> x) =>
            Avx2.Shuffle(x.AsByte(), Vector256.Create(RotateLeft8Mask0, RotateLeft8Mask1, RotateLeft8Mask0, RotateLeft8Mask1).AsByte()).AsUInt32();

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft7(Vector256<uint> x) => (x << 7) | (x >>> 25);
    }

    /// <summary>
    /// Rotations with AVX-512VL's vprold, one instruction for every distance: what the Avx512 path's 4- and 8-block
    /// kernels use for the blocks a 16-block group would waste work on.
    /// </summary>
    private readonly struct Avx512Rotations : IRotations
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft16(Vector128<uint> x) => Avx512F.VL.RotateLeft(x, 16);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft12(Vector128<uint> x) => Avx512F.VL.RotateLeft(x, 12);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft8(Vector128<uint> x) => Avx512F.VL.RotateLeft(x, 8);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector128<uint> RotateLeft7(Vector128<uint> x) => Avx512F.VL.RotateLeft(x, 7);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft16(Vector256<uint> x) => Avx512F.VL.RotateLeft(x, 16);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft12(Vector256<uint> x) => Avx512F.VL.RotateLeft(x, 12);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft8(Vector256<uint> x) => Avx512F.VL.RotateLeft(x, 8);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static Vector256<uint> RotateLeft7(Vector256<uint> x) => Avx512F.VL.RotateLeft(x, 7);
    }
}
