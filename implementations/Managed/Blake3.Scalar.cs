namespace CryptoHarness.Managed;

public static partial class Blake3
{
    /// <summary>
    /// The portable path: one block at a time in plain integer code, written to read like the spec. It runs on
    /// any CPU and either byte order, and every other path is tested against it.
    /// </summary>
    private readonly struct ScalarPath : IPath
    {
        public static int Degree => 1;

        public static void CompressBlock(ref ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags)
        {
            StateWords state = default;
            Compress(in chainingValue, ref block, counter, blockLength, flags, ref state);
            for (int i = 0; i < 8; i++)
            {
                chainingValue[i] = state[i] ^ state[i + 8];
            }

            Wipe(ref state);
        }

        public static void HashChunkToRoot(in ChainingValue key, uint flags, ReadOnlySpan<byte> chunk, Span<byte> hash) =>
            HashChunkToRootByBlocks<ScalarPath>(in key, flags, chunk, hash);

        public static void CompressXof(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
        {
            StateWords state = default;
            Compress(in chainingValue, ref block, counter, blockLength, flags, ref state);
            Span<byte> destination = MemoryMarshal.CreateSpan(ref output, BlockSizeInBytes);

            // The first half is the chaining value; feeding the input chaining value forward into the second half
            // is what makes all sixteen words usable as output (BLAKE3 spec §2.2, the end of the compression).
            for (int i = 0; i < 8; i++)
            {
                BinaryPrimitives.WriteUInt32LittleEndian(destination[(4 * i)..], state[i] ^ state[i + 8]);
                BinaryPrimitives.WriteUInt32LittleEndian(destination[(4 * (i + 8))..], state[i + 8] ^ chainingValue[i]);
            }

            Wipe(ref state);
        }

        public static void CompressXofMany(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output, int outputBlocks) =>
            CompressXofOneAtATime<ScalarPath>(in chainingValue, ref block, counter, blockLength, flags, ref output, outputBlocks);

        public static void HashMany(
            ref byte inputs, int count, int stride, int blocks, in ChainingValue key,
            ulong counter, bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output) =>
            HashOneAtATime<ScalarPath>(ref inputs, count, stride, blocks, in key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

        /// <summary>
        /// The compression function's seven rounds (BLAKE3 spec §2.2), leaving the state before the final XORs.
        /// </summary>
        /// <remarks>
        /// State and message live in locals, and the message is permuted between rounds exactly as the spec
        /// describes, by reassigning the sixteen locals; the JIT turns that into register moves.
        /// </remarks>
        private static void Compress(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref StateWords state)
        {
            uint m0 = ReadWord(ref block, 0), m1 = ReadWord(ref block, 1), m2 = ReadWord(ref block, 2), m3 = ReadWord(ref block, 3);
            uint m4 = ReadWord(ref block, 4), m5 = ReadWord(ref block, 5), m6 = ReadWord(ref block, 6), m7 = ReadWord(ref block, 7);
            uint m8 = ReadWord(ref block, 8), m9 = ReadWord(ref block, 9), m10 = ReadWord(ref block, 10), m11 = ReadWord(ref block, 11);
            uint m12 = ReadWord(ref block, 12), m13 = ReadWord(ref block, 13), m14 = ReadWord(ref block, 14), m15 = ReadWord(ref block, 15);

            uint s0 = chainingValue[0], s1 = chainingValue[1], s2 = chainingValue[2], s3 = chainingValue[3];
            uint s4 = chainingValue[4], s5 = chainingValue[5], s6 = chainingValue[6], s7 = chainingValue[7];
            uint s8 = Iv0, s9 = Iv1, s10 = Iv2, s11 = Iv3;
            uint s12 = (uint)counter, s13 = (uint)(counter >> 32), s14 = blockLength, s15 = flags;

            for (int round = 0; ; round++)
            {
                // Columns, then diagonals, each G taking the next two message words in order.
                G(ref s0, ref s4, ref s8, ref s12, m0, m1);
                G(ref s1, ref s5, ref s9, ref s13, m2, m3);
                G(ref s2, ref s6, ref s10, ref s14, m4, m5);
                G(ref s3, ref s7, ref s11, ref s15, m6, m7);
                G(ref s0, ref s5, ref s10, ref s15, m8, m9);
                G(ref s1, ref s6, ref s11, ref s12, m10, m11);
                G(ref s2, ref s7, ref s8, ref s13, m12, m13);
                G(ref s3, ref s4, ref s9, ref s14, m14, m15);

                if (round == 6)
                {
                    break;
                }

                // The message permutation, BLAKE3 spec §2.2 (Table 2): word i of the next round is word P[i] of
                // this one, P = 2 6 3 10 7 0 4 13 1 11 12 5 9 14 15 8.
                (m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15) =
                    (m2, m6, m3, m10, m7, m0, m4, m13, m1, m11, m12, m5, m9, m14, m15, m8);
            }

            state[0] = s0;
            state[1] = s1;
            state[2] = s2;
            state[3] = s3;
            state[4] = s4;
            state[5] = s5;
            state[6] = s6;
            state[7] = s7;
            state[8] = s8;
            state[9] = s9;
            state[10] = s10;
            state[11] = s11;
            state[12] = s12;
            state[13] = s13;
            state[14] = s14;
            state[15] = s15;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint ReadWord(ref byte block, int index) =>
            BinaryPrimitives.ReadUInt32LittleEndian(MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref block, 4 * index), sizeof(uint)));

        // The quarter-round mixing function G, BLAKE3 spec §2.2.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void G(ref uint a, ref uint b, ref uint c, ref uint d, uint mx, uint my)
        {
            a = a + b + mx;
            d = BitOperations.RotateRight(d ^ a, 16);
            c += d;
            b = BitOperations.RotateRight(b ^ c, 12);
            a = a + b + my;
            d = BitOperations.RotateRight(d ^ a, 8);
            c += d;
            b = BitOperations.RotateRight(b ^ c, 7);
        }
    }

    [InlineArray(16)]
    private struct StateWords
    {
        private uint _element0;
    }
}
