namespace CryptoHarness.Managed;

public static partial class Blake2b
{
    /// <summary>The compression function F (RFC 7693 §3.2) on 64-bit general-purpose registers.</summary>
    /// <remarks>
    /// The rounds are a loop that looks σ up at run time. Unrolled with σ folded into constant offsets, the 96
    /// inlined G functions and their message reads took the method past the JIT's limit of 512 locals for
    /// inlining, and the working vector ended up in memory, four times slower than this loop. The message words
    /// are read from the caller's block where they are added rather than copied, so no stack buffer holds them.
    /// Fully optimized from the first call, as the vector paths are, so every call measures the same code.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void CompressScalar(ref State state, ref byte blocks, nuint blockCount, uint blockLength, ulong finalFlag)
    {
        ulong t0 = state.T0;
        ulong t1 = state.T1;
        Span<ulong> h = state.H;
        ReadOnlySpan<ulong> iv = IV;

        do
        {
            IncrementCounter(ref t0, ref t1, blockLength);

            ulong v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3], v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
            ulong v8 = iv[0], v9 = iv[1], v10 = iv[2], v11 = iv[3];
            ulong v12 = iv[4] ^ t0, v13 = iv[5] ^ t1, v14 = iv[6] ^ finalFlag, v15 = iv[7];

            ref ulong m = ref Unsafe.As<byte, ulong>(ref blocks);
            ref byte sigma = ref MemoryMarshal.GetReference(Sigma);
            for (int round = 0; round < RoundCount; round++)
            {
                ref byte s = ref Unsafe.Add(ref sigma, 16 * (round % 10));
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

        state.T0 = t0;
        state.T1 = t1;
    }

    /// <summary>
    /// The mixing function G (RFC 7693 §3.1) with BLAKE2b's rotation constants (R1, R2, R3, R4) = (32, 24, 16, 63),
    /// taking message words σ[k] and σ[k + 1] of the round's row <paramref name="s"/>.
    /// </summary>
    /// <remarks>
    /// The message words are read where they are added rather than passed in: as arguments the JIT evaluates them
    /// first and, short of registers, spills them to the stack only to read them back.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref ulong a, ref ulong b, ref ulong c, ref ulong d, ref ulong m, ref byte s, int k)
    {
        a = a + b + Word(ref m, Unsafe.Add(ref s, k));
        d = BitOperations.RotateRight(d ^ a, 32);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 24);
        a = a + b + Word(ref m, Unsafe.Add(ref s, k + 1));
        d = BitOperations.RotateRight(d ^ a, 16);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 63);
    }

    /// <summary>Message word <paramref name="index"/> of a block, read little-endian (RFC 7693 §2.4).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Word(ref ulong block, nuint index)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ulong, byte>(ref Unsafe.Add(ref block, index)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }
}
