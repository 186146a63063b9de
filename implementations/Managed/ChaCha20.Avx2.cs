namespace CryptoHarness.Managed;

public static partial class ChaCha20
{
    /// <summary>
    /// The AVX2 kernel: eight blocks per group, vector i holding word i of each (lane j is block counter + j), the
    /// SSSE3 kernel's rounds at twice the width, with the same choice of rotations. The transpose works within 128-bit halves (unpack) and then joins
    /// halves (vperm2i128): half h of a result holds block 4h + k.
    /// </summary>
    // Optimized at first call: a long loop left to tiering runs its on-stack-replacement code for whole calls, which
    // is what the Poly1305 loops measured (see Poly1305.cs).
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void XorAvx2<TRotations>(ref State state, uint counter, ref byte source, ref byte destination, int groups)
        where TRotations : struct, IRotations
    {
        Vector256<uint> s0 = Vector256.Create(state[0]), s1 = Vector256.Create(state[1]), s2 = Vector256.Create(state[2]), s3 = Vector256.Create(state[3]);
        Vector256<uint> s4 = Vector256.Create(state[4]), s5 = Vector256.Create(state[5]), s6 = Vector256.Create(state[6]), s7 = Vector256.Create(state[7]);
        Vector256<uint> s8 = Vector256.Create(state[8]), s9 = Vector256.Create(state[9]), s10 = Vector256.Create(state[10]), s11 = Vector256.Create(state[11]);
        Vector256<uint> s12 = Vector256.Create(counter) + Vector256.Create(0u, 1, 2, 3, 4, 5, 6, 7);
        Vector256<uint> s13 = Vector256.Create(state[13]), s14 = Vector256.Create(state[14]), s15 = Vector256.Create(state[15]);
        for (int group = 0; group < groups; group++)
        {
            Vector256<uint> x0 = s0, x1 = s1, x2 = s2, x3 = s3, x4 = s4, x5 = s5, x6 = s6, x7 = s7;
            Vector256<uint> x8 = s8, x9 = s9, x10 = s10, x11 = s11, x12 = s12, x13 = s13, x14 = s14, x15 = s15;
            if (Avx512F.IsSupported)
            {
                for (int i = 0; i < 10; i++)
                {
                    QuarterRoundAvx2<TRotations>(ref x0, ref x4, ref x8, ref x12);
                    QuarterRoundAvx2<TRotations>(ref x1, ref x5, ref x9, ref x13);
                    QuarterRoundAvx2<TRotations>(ref x2, ref x6, ref x10, ref x14);
                    QuarterRoundAvx2<TRotations>(ref x3, ref x7, ref x11, ref x15);
                    QuarterRoundAvx2<TRotations>(ref x0, ref x5, ref x10, ref x15);
                    QuarterRoundAvx2<TRotations>(ref x1, ref x6, ref x11, ref x12);
                    QuarterRoundAvx2<TRotations>(ref x2, ref x7, ref x8, ref x13);
                    QuarterRoundAvx2<TRotations>(ref x3, ref x4, ref x9, ref x14);
                }
            }
            else
            {
                // Sixteen ymm registers: words 8 to 11 live in memory, c holding the one in use (see RowAvx2).
                Unsafe.SkipInit(out RowAvx2 row);
                row[0] = x8;
                row[1] = x9;
                row[2] = x10;
                row[3] = x11;
                var c = x8;
                for (int i = 0; i < 10; i++)
                {
                    QuarterRoundAvx2ThenSwapRow<TRotations>(ref x0, ref x4, ref c, ref x12, ref row[0], row[1]);
                    QuarterRoundAvx2ThenSwapRow<TRotations>(ref x1, ref x5, ref c, ref x13, ref row[1], row[2]);
                    QuarterRoundAvx2ThenSwapRow<TRotations>(ref x2, ref x6, ref c, ref x14, ref row[2], row[3]);
                    QuarterRoundAvx2<TRotations>(ref x3, ref x7, ref c, ref x15);
                    QuarterRoundAvx2ThenSwapRow<TRotations>(ref x1, ref x6, ref c, ref x12, ref row[3], row[2]);
                    QuarterRoundAvx2ThenSwapRow<TRotations>(ref x0, ref x5, ref c, ref x15, ref row[2], row[1]);
                    QuarterRoundAvx2ThenSwapRow<TRotations>(ref x3, ref x4, ref c, ref x14, ref row[1], row[0]);
                    QuarterRoundAvx2<TRotations>(ref x2, ref x7, ref c, ref x13);
                }

                x8 = c;
                x9 = row[1];
                x10 = row[2];
                x11 = row[3];
            }

            ref byte s = ref Unsafe.Add(ref source, group * 8 * BlockSizeInBytes);
            ref byte d = ref Unsafe.Add(ref destination, group * 8 * BlockSizeInBytes);
            StoreHalfAvx2(x0 + s0, x1 + s1, x2 + s2, x3 + s3, x4 + s4, x5 + s5, x6 + s6, x7 + s7, ref s, ref d);
            StoreHalfAvx2(x8 + s8, x9 + s9, x10 + s10, x11 + s11, x12 + s12, x13 + s13, x14 + s14, x15 + s15, ref Unsafe.Add(ref s, 32), ref Unsafe.Add(ref d, 32));
            s12 += Vector256.Create(8u);
        }
    }

    /// <summary>
    /// Transposes words 8k to 8k + 7 of the eight blocks (in w0 to w7) into each block's 32 bytes at offset 32k and
    /// xors them into the output.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreHalfAvx2(
        Vector256<uint> w0, Vector256<uint> w1, Vector256<uint> w2, Vector256<uint> w3,
        Vector256<uint> w4, Vector256<uint> w5, Vector256<uint> w6, Vector256<uint> w7, ref byte source, ref byte destination)
    {
        // Within each 128-bit half h: lo[k] and hi[k] hold words 0-3 and 4-7 of block 4h + k.
        Transpose4Avx2(w0, w1, w2, w3, out var lo0, out var lo1, out var lo2, out var lo3);
        Transpose4Avx2(w4, w5, w6, w7, out var hi0, out var hi1, out var hi2, out var hi3);
        XorStore(Avx2.Permute2x128(lo0, hi0, 0x20).AsByte(), ref source, ref destination, 0);
        XorStore(Avx2.Permute2x128(lo1, hi1, 0x20).AsByte(), ref source, ref destination, BlockSizeInBytes);
        XorStore(Avx2.Permute2x128(lo2, hi2, 0x20).AsByte(), ref source, ref destination, 2 * BlockSizeInBytes);
        XorStore(Avx2.Permute2x128(lo3, hi3, 0x20).AsByte(), ref source, ref destination, 3 * BlockSizeInBytes);
        XorStore(Avx2.Permute2x128(lo0, hi0, 0x31).AsByte(), ref source, ref destination, 4 * BlockSizeInBytes);
        XorStore(Avx2.Permute2x128(lo1, hi1, 0x31).AsByte(), ref source, ref destination, 5 * BlockSizeInBytes);
        XorStore(Avx2.Permute2x128(lo2, hi2, 0x31).AsByte(), ref source, ref destination, 6 * BlockSizeInBytes);
        XorStore(Avx2.Permute2x128(lo3, hi3, 0x31).AsByte(), ref source, ref destination, 7 * BlockSizeInBytes);
    }

    /// <summary>A 4×4 transpose of 32-bit words within each 128-bit half: result k holds lane k of a, b, c and d.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose4Avx2(
        Vector256<uint> a, Vector256<uint> b, Vector256<uint> c, Vector256<uint> d,
        out Vector256<uint> r0, out Vector256<uint> r1, out Vector256<uint> r2, out Vector256<uint> r3)
    {
        var ab0 = Avx2.UnpackLow(a, b).AsUInt64();
        var ab1 = Avx2.UnpackHigh(a, b).AsUInt64();
        var cd0 = Avx2.UnpackLow(c, d).AsUInt64();
        var cd1 = Avx2.UnpackHigh(c, d).AsUInt64();
        r0 = Avx2.UnpackLow(ab0, cd0).AsUInt32();
        r1 = Avx2.UnpackHigh(ab0, cd0).AsUInt32();
        r2 = Avx2.UnpackLow(ab1, cd1).AsUInt32();
        r3 = Avx2.UnpackHigh(ab1, cd1).AsUInt32();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void XorStore(Vector256<byte> keystream, ref byte source, ref byte destination, int offset) =>
        (Vector256.LoadUnsafe(ref source, (nuint)offset) ^ keystream).StoreUnsafe(ref destination, (nuint)offset);

    /// <summary>
    /// Words 8 to 11 of the eight blocks, in memory, for a CPU without AVX-512. With sixteen ymm registers the sixteen
    /// state words held in registers left none for the temporary of a rotation by 12 or 7, and the JIT spilled a word
    /// and reloaded it inside every such rotation, on the chain of dependent operations: at emulated x86-64-v3 the kernel
    /// ran at 1.57 B/ns against 3.42 with AVX-512's 32 registers (Stopwatch, 128 KiB). With words 8 to 11 kept here, as
    /// AVX2 assembly for eight blocks does, twelve words, the c word of the quarter round and a temporary fit, and the
    /// load and store of c sit off the chain (the load issues early, the store is not waited for).
    /// </summary>
    /// <remarks>
    /// The diagonal round runs its quarter rounds in the reverse order of their c words, so the c word the column round
    /// ends with (word 11) starts the diagonal round, and the one the diagonal round ends with (word 8) starts the next
    /// column round: each stays in a register across the turn, six loads and stores of c a double round instead of eight.
    /// Measured on an AMD EPYC (Zen 3), harness paired against loading and storing c around every quarter round (31
    /// rounds, eight copies a side, two runs): ChaCha20-Poly1305 on this path took 0.945 and 0.981 of the time to
    /// encrypt 8 KiB, 0.964 and 0.968 at 128 KiB, 0.962 and 0.990 to decrypt 8 KiB, 0.972 and 0.986 at 128 KiB; the
    /// SSSE3 kernel, arranged the same way, 0.975 to 1.000 at every size.
    /// </remarks>
    [InlineArray(4)]
    private struct RowAvx2
    {
        private Vector256<uint> _element0;
    }

    /// <summary>
    /// A quarter round on the row word in <paramref name="c"/>, which then goes back to <paramref name="store"/>
    /// while <paramref name="next"/>, the row word of the next quarter round, comes in.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void QuarterRoundAvx2ThenSwapRow<TRotations>(
        ref Vector256<uint> a, ref Vector256<uint> b, ref Vector256<uint> c, ref Vector256<uint> d, ref Vector256<uint> store, Vector256<uint> next)
        where TRotations : struct, IRotations
    {
        QuarterRoundAvx2<TRotations>(ref a, ref b, ref c, ref d);
        store = c;
        c = next;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void QuarterRoundAvx2<TRotations>(ref Vector256<uint> a, ref Vector256<uint> b, ref Vector256<uint> c, ref Vector256<uint> d)
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
}
