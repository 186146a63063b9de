namespace CryptoHarness.Managed;

// The 256-bit GHASH path, for CPUs with VPCLMULQDQ but without AVX-512 (and for the x86-64-v3 level): as the 512-bit
// path, with the eight blocks of a chunk in four 256-bit vectors, two blocks each; sixteen multiplications a chunk.
public sealed partial class AesGcmCipher
{
    // A root of its own, as SealAesNi is.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private Vector128<byte> SealVpclmul256(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
    {
        Start(nonce, out var ctr, out var tagMask);
        var s = HashAssociatedData(associatedData);
        int done = BulkVpclmul256(ref ctr, ref s, input, output, encrypting);
        return Finish(ctr, s, input[done..], output[done..], encrypting, associatedData.Length, input.Length, tagMask);
    }

    /// <summary>CTR and GHASH over whole chunks of eight blocks; returns the bytes done.</summary>
    /// <remarks>
    /// Compiled on its own and optimized at its first call, as every path's bulk loop is. Inlined into
    /// <see cref="SealVpclmul256"/>, it had used up the JIT's inlining budget, so <see cref="HashEightWide256"/> stayed
    /// a call once per chunk, its four 256-bit arguments passed through memory; and, left to tiering, the loop ran in
    /// on-stack-replacement code first and then in code shaped by whatever profile the process had gathered, so the
    /// path's speed depended on the process. Measured on an AMD EPYC (Zen 3): in processes timing only aesni and this
    /// path in turn (AES-128, 8 KiB encryption, Stopwatch, median of 101 rounds, four processes), this path took 1.40 to
    /// 1.85 times aesni's time before and 1.10 to 1.17 after, and with <c>DOTNET_TieredPGO=0</c> 0.87 to 1.05 before and
    /// 1.12 after; <c>harness paired</c> against the old build (31 rounds, eight copies a side): encryption 0.61 to 0.70
    /// of its time at 1 KiB to 128 KiB for AES-128 and 0.63 to 0.76 for AES-256, the same at 128 B, decryption and the
    /// other paths unchanged.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private int BulkVpclmul256(ref Vector128<uint> ctr, ref Vector128<ulong> s, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
    {
        int chunks = input.Length / ChunkSize;
        if (chunks == 0)
        {
            return 0;
        }

        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        ref Vector128<byte> rk = ref MemoryMarshal.GetReference((Span<Vector128<byte>>)_roundKeys);
        ref ulong wide = ref Unsafe.As<Vector128<ulong>, ulong>(ref ((Span<Vector128<ulong>>)_powers)[2 * Lanes]);
        var p87 = Vector256.LoadUnsafe(ref wide);
        var p65 = Vector256.LoadUnsafe(ref wide, 4);
        var p43 = Vector256.LoadUnsafe(ref wide, 8);
        var p21 = Vector256.LoadUnsafe(ref wide, 12);
        int rounds = _rounds;
        var c = ctr;
        var state = s;
        for (int n = 0; n < chunks; n++)
        {
            nuint at = (nuint)(n * ChunkSize);
            NextEight(ref c, out var b0, out var b1, out var b2, out var b3, out var b4, out var b5, out var b6, out var b7);

            if (!encrypting)
            {
                state = HashEightWide256(ref src, at, p87, p65, p43, p21, state);
            }
            else if (n > 0)
            {
                state = HashEightWide256(ref dst, at - ChunkSize, p87, p65, p43, p21, state);
            }

            EncryptEight(ref rk, rounds, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);

            // Stored as the 256-bit vectors HashEightWide256 loads back when encrypting: a 32-byte load of two 16-byte
            // stores still in the store buffer cannot be forwarded and waits for them to reach the cache, which
            // at 128 B (one chunk, hashed right after its stores) was on the critical path.
            (Vector256.Create(b0, b1) ^ Vector256.LoadUnsafe(ref src, at)).StoreUnsafe(ref dst, at);
            (Vector256.Create(b2, b3) ^ Vector256.LoadUnsafe(ref src, at + 32)).StoreUnsafe(ref dst, at + 32);
            (Vector256.Create(b4, b5) ^ Vector256.LoadUnsafe(ref src, at + 64)).StoreUnsafe(ref dst, at + 64);
            (Vector256.Create(b6, b7) ^ Vector256.LoadUnsafe(ref src, at + 96)).StoreUnsafe(ref dst, at + 96);
        }

        if (encrypting)
        {
            state = HashEightWide256(ref dst, (nuint)((chunks - 1) * ChunkSize), p87, p65, p43, p21, state);
        }

        ctr = c;
        s = state;
        return chunks * ChunkSize;
    }

    /// <summary>
    /// The GHASH state after eight blocks at <paramref name="at"/>: (state ^ X1)·H^8 ^ … ^ X8·H, two blocks and two
    /// powers per 256-bit vector.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> HashEightWide256(
        ref byte blocks, nuint at, Vector256<ulong> p87, Vector256<ulong> p65, Vector256<ulong> p43, Vector256<ulong> p21, Vector128<ulong> state)
    {
        var mask = Vector256.Create(ReverseMask);
        var x0 = Avx2.Shuffle(Vector256.LoadUnsafe(ref blocks, at), mask).AsUInt64() ^ state.ToVector256();
        var x1 = Avx2.Shuffle(Vector256.LoadUnsafe(ref blocks, at + 32), mask).AsUInt64();
        var x2 = Avx2.Shuffle(Vector256.LoadUnsafe(ref blocks, at + 64), mask).AsUInt64();
        var x3 = Avx2.Shuffle(Vector256.LoadUnsafe(ref blocks, at + 96), mask).AsUInt64();
        var lo = Pclmulqdq.V256.CarrylessMultiply(x0, p87, 0x00) ^ Pclmulqdq.V256.CarrylessMultiply(x1, p65, 0x00)
            ^ Pclmulqdq.V256.CarrylessMultiply(x2, p43, 0x00) ^ Pclmulqdq.V256.CarrylessMultiply(x3, p21, 0x00);
        var hi = Pclmulqdq.V256.CarrylessMultiply(x0, p87, 0x11) ^ Pclmulqdq.V256.CarrylessMultiply(x1, p65, 0x11)
            ^ Pclmulqdq.V256.CarrylessMultiply(x2, p43, 0x11) ^ Pclmulqdq.V256.CarrylessMultiply(x3, p21, 0x11);
        var mid = Pclmulqdq.V256.CarrylessMultiply(x0, p87, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x0, p87, 0x10)
            ^ Pclmulqdq.V256.CarrylessMultiply(x1, p65, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x1, p65, 0x10)
            ^ Pclmulqdq.V256.CarrylessMultiply(x2, p43, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x2, p43, 0x10)
            ^ Pclmulqdq.V256.CarrylessMultiply(x3, p21, 0x01) ^ Pclmulqdq.V256.CarrylessMultiply(x3, p21, 0x10);
        return ReduceProduct(lo.GetLower() ^ lo.GetUpper(), mid.GetLower() ^ mid.GetUpper(), hi.GetLower() ^ hi.GetUpper());
    }
}
