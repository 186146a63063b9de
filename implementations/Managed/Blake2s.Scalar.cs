namespace CryptoHarness.Managed;

public static partial class Blake2s
{
    /// <summary>The compression function F (RFC 7693 §3.2) on 32-bit general-purpose registers.</summary>
    /// <remarks>
    /// Structured as BLAKE2b's scalar path is, for the same reasons (see <c>Blake2b.Scalar.cs</c>): a loop over the
    /// rounds with σ (the table BLAKE2b and BLAKE2s share, RFC 7693 §2.7) looked up at run time, and message
    /// words read from the caller's block where they are added.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void CompressScalar(ref State state, ref byte blocks, nuint blockCount, uint lastBlockLength, uint finalFlag)
    {
        ulong t = state.T;
        Span<uint> h = state.H;
        ReadOnlySpan<uint> iv = IV;

        do
        {
            // t is 64 bits and wraps modulo 2^64, as the RFC's two-word counter does.
            // Only the last block may be partial or flagged as the last (see Compress).
            bool isLast = blockCount == 1;
            t += isLast ? lastBlockLength : BlockSizeInBytes;
            uint flag = isLast ? finalFlag : 0;

            uint v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
            uint v8 = iv[0], v9 = iv[1], v10 = iv[2], v11 = iv[3];
            uint v12 = iv[4] ^ (uint)t, v13 = iv[5] ^ (uint)(t >> 32), v14 = iv[6] ^ flag, v15 = iv[7];

            ref uint m = ref Unsafe.As<byte, uint>(ref blocks);
            ref byte sigma = ref MemoryMarshal.GetReference(Blake2b.Sigma);
            for (int round = 0; round < RoundCount; round++)
            {
                ref byte s = ref Unsafe.Add(ref sigma, 16 * round);
                G(ref v0, ref v4, ref v8, ref v12, ref m, ref s, 0);
                G(ref v1, ref v5, ref v9, ref v13, ref m, ref s, 2);
                G(ref v2, ref v6, ref v10, ref v14, ref m, ref s, 4);
                G(ref v3, ref v7, ref v11, ref v15, ref m, ref s, 6);
                G(ref v0, ref v5, ref v10, ref v15, ref m, ref s, 8);
                G(ref v1, ref v6, ref v11, ref v12, ref m, ref s, 10);
                G(ref v2, ref v7, ref v8, ref v13, ref m, ref s, 12);
                G(ref v3, ref v4, ref v9, ref v14, ref m, ref s, 14);
            }

            h[0] ^= v0 ^ v8;
            h[1] ^= v1 ^ v9;
            h[2] ^= v2 ^ v10;
            h[3] ^= v3 ^ v11;
            h[4] ^= v4 ^ v12;
            h[5] ^= v5 ^ v13;
            h[6] ^= v6 ^ v14;
            h[7] ^= v7 ^ v15;

            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);

        state.T = t;
    }

    /// <summary>
    /// The mixing function G (RFC 7693 §3.1) with BLAKE2s's rotation constants (R1, R2, R3, R4) = (16, 12, 8, 7),
    /// taking message words σ[k] and σ[k + 1] of the round's row <paramref name="s"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref uint a, ref uint b, ref uint c, ref uint d, ref uint m, ref byte s, int k)
    {
        a = a + b + Word(ref m, Unsafe.Add(ref s, k));
        d = BitOperations.RotateRight(d ^ a, 16);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 12);
        a = a + b + Word(ref m, Unsafe.Add(ref s, k + 1));
        d = BitOperations.RotateRight(d ^ a, 8);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 7);
    }

    /// <summary>Message word <paramref name="index"/> of a block, read little-endian (RFC 7693 §2.4).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Word(ref uint block, nuint index)
    {
        uint word = Unsafe.ReadUnaligned<uint>(ref Unsafe.As<uint, byte>(ref Unsafe.Add(ref block, index)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }
}
