namespace CryptoHarness.Managed;

public static partial class ChaCha20
{
    /// <summary>The scalar path: one 64-byte block per group, the state in sixteen locals (RFC 8439 §2.3.1).</summary>
    // Optimized at first call: a long loop left to tiering runs its on-stack-replacement code for whole calls, which
    // is what the Poly1305 loops measured (see Poly1305.cs).
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void XorScalar(ref State state, uint counter, ref byte source, ref byte destination, int blocks)
    {
        for (int block = 0; block < blocks; block++)
        {
            uint x0 = state[0], x1 = state[1], x2 = state[2], x3 = state[3];
            uint x4 = state[4], x5 = state[5], x6 = state[6], x7 = state[7];
            uint x8 = state[8], x9 = state[9], x10 = state[10], x11 = state[11];
            uint x12 = counter, x13 = state[13], x14 = state[14], x15 = state[15];
            for (int i = 0; i < 10; i++)
            {
                DoubleRoundScalar(
                    ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7,
                    ref x8, ref x9, ref x10, ref x11, ref x12, ref x13, ref x14, ref x15);
            }

            ref byte s = ref Unsafe.Add(ref source, block * BlockSizeInBytes);
            ref byte d = ref Unsafe.Add(ref destination, block * BlockSizeInBytes);
            XorWord(ref s, ref d, 0, x0 + state[0]);
            XorWord(ref s, ref d, 1, x1 + state[1]);
            XorWord(ref s, ref d, 2, x2 + state[2]);
            XorWord(ref s, ref d, 3, x3 + state[3]);
            XorWord(ref s, ref d, 4, x4 + state[4]);
            XorWord(ref s, ref d, 5, x5 + state[5]);
            XorWord(ref s, ref d, 6, x6 + state[6]);
            XorWord(ref s, ref d, 7, x7 + state[7]);
            XorWord(ref s, ref d, 8, x8 + state[8]);
            XorWord(ref s, ref d, 9, x9 + state[9]);
            XorWord(ref s, ref d, 10, x10 + state[10]);
            XorWord(ref s, ref d, 11, x11 + state[11]);
            XorWord(ref s, ref d, 12, x12 + counter);
            XorWord(ref s, ref d, 13, x13 + state[13]);
            XorWord(ref s, ref d, 14, x14 + state[14]);
            XorWord(ref s, ref d, 15, x15 + state[15]);
            counter++;
        }
    }

    /// <summary>Xors keystream word <paramref name="index"/> (little-endian, RFC 8439 §2.4) into the output.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void XorWord(ref byte source, ref byte destination, int index, uint word)
    {
        uint input = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, 4 * index));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 4 * index), input ^ (BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word)));
    }

    /// <summary>A column round and a diagonal round (RFC 8439 §2.3.1's inner_block).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void DoubleRoundScalar(
        ref uint x0, ref uint x1, ref uint x2, ref uint x3, ref uint x4, ref uint x5, ref uint x6, ref uint x7,
        ref uint x8, ref uint x9, ref uint x10, ref uint x11, ref uint x12, ref uint x13, ref uint x14, ref uint x15)
    {
        QuarterRoundScalar(ref x0, ref x4, ref x8, ref x12);
        QuarterRoundScalar(ref x1, ref x5, ref x9, ref x13);
        QuarterRoundScalar(ref x2, ref x6, ref x10, ref x14);
        QuarterRoundScalar(ref x3, ref x7, ref x11, ref x15);
        QuarterRoundScalar(ref x0, ref x5, ref x10, ref x15);
        QuarterRoundScalar(ref x1, ref x6, ref x11, ref x12);
        QuarterRoundScalar(ref x2, ref x7, ref x8, ref x13);
        QuarterRoundScalar(ref x3, ref x4, ref x9, ref x14);
    }

    /// <summary>RFC 8439 §2.1's quarter round.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void QuarterRoundScalar(ref uint a, ref uint b, ref uint c, ref uint d)
    {
        a += b;
        d = BitOperations.RotateLeft(d ^ a, 16);
        c += d;
        b = BitOperations.RotateLeft(b ^ c, 12);
        a += b;
        d = BitOperations.RotateLeft(d ^ a, 8);
        c += d;
        b = BitOperations.RotateLeft(b ^ c, 7);
    }
}
