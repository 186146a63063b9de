using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// The 512-bit GHASH path: the AES rounds are the AES-NI path's (.NET has no VAES), but the eight blocks of a chunk are
// hashed by two groups of four 512-bit carry-less multiplications (schoolbook: low, high and both cross products),
// eight instructions where the 128-bit path issues twenty-four, then one reduction. Encrypting hashes each chunk one
// iteration late, so its 64-byte loads of the ciphertext come long after the 16-byte stores that wrote it (a load that
// spans several pending stores cannot be forwarded and waits for them).
public sealed partial class AesGcmCipher
{
    // A root of its own, as SealAesNi is.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private Vector128<byte> SealVpclmul512(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
    {
        Start(nonce, out var ctr, out var tagMask);
        var s = HashAssociatedData(associatedData);
        int done = BulkVpclmul512(ref ctr, ref s, input, output, encrypting);
        return Finish(ctr, s, input[done..], output[done..], encrypting, associatedData.Length, input.Length, tagMask);
    }

    // On its own and optimized at first call, so the JIT's inlining budget and the process's profile do not decide
    // this loop's code: see BulkVpclmul256.
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private int BulkVpclmul512(ref Vector128<uint> ctr, ref Vector128<ulong> s, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
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
        var high = Vector512.LoadUnsafe(ref wide);
        var low = Vector512.LoadUnsafe(ref wide, 8);
        int rounds = _rounds;
        var c = ctr;
        var state = s;
        for (int n = 0; n < chunks; n++)
        {
            nuint at = (nuint)(n * ChunkSize);
            NextEight(ref c, out var b0, out var b1, out var b2, out var b3, out var b4, out var b5, out var b6, out var b7);

            if (!encrypting)
            {
                state = HashEightWide(ref src, at, high, low, state);
            }
            else if (n > 0)
            {
                state = HashEightWide(ref dst, at - ChunkSize, high, low, state);
            }

            EncryptEight(ref rk, rounds, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);

            // Stored as the 512-bit vectors HashEightWide loads back when encrypting, as in BulkVpclmul256 (a wide load
            // of narrower stores still in the store buffer is not forwarded).
            (Vector512.Create(Vector256.Create(b0, b1), Vector256.Create(b2, b3)) ^ Vector512.LoadUnsafe(ref src, at)).StoreUnsafe(ref dst, at);
            (Vector512.Create(Vector256.Create(b4, b5), Vector256.Create(b6, b7)) ^ Vector512.LoadUnsafe(ref src, at + 64)).StoreUnsafe(ref dst, at + 64);
        }

        if (encrypting)
        {
            state = HashEightWide(ref dst, (nuint)((chunks - 1) * ChunkSize), high, low, state);
        }

        ctr = c;
        s = state;
        return chunks * ChunkSize;
    }

    /// <summary>
    /// The GHASH state after eight blocks at <paramref name="at"/>: (state ^ X1)·H^8 ^ … ^ X8·H, with
    /// <paramref name="high"/> holding H^8..H^5 and <paramref name="low"/> H^4..H^1, one power per 128-bit lane.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> HashEightWide(ref byte blocks, nuint at, Vector512<ulong> high, Vector512<ulong> low, Vector128<ulong> state)
    {
        var mask = Vector512.Create(ReverseMask);
        var x0 = Avx512BW.Shuffle(Vector512.LoadUnsafe(ref blocks, at), mask).AsUInt64() ^ state.ToVector256().ToVector512();
        var x1 = Avx512BW.Shuffle(Vector512.LoadUnsafe(ref blocks, at + 64), mask).AsUInt64();
        var lo = Pclmulqdq.V512.CarrylessMultiply(x0, high, 0x00) ^ Pclmulqdq.V512.CarrylessMultiply(x1, low, 0x00);
        var hi = Pclmulqdq.V512.CarrylessMultiply(x0, high, 0x11) ^ Pclmulqdq.V512.CarrylessMultiply(x1, low, 0x11);
        var mid = Pclmulqdq.V512.CarrylessMultiply(x0, high, 0x01) ^ Pclmulqdq.V512.CarrylessMultiply(x0, high, 0x10)
            ^ Pclmulqdq.V512.CarrylessMultiply(x1, low, 0x01) ^ Pclmulqdq.V512.CarrylessMultiply(x1, low, 0x10);
        return ReduceProduct(FoldLanes(lo), FoldLanes(mid), FoldLanes(hi));
    }

    /// <summary>The XOR of a 512-bit vector's four 128-bit lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> FoldLanes(Vector512<ulong> v)
    {
        var half = v.GetLower() ^ v.GetUpper();
        return half.GetLower() ^ half.GetUpper();
    }
}
