using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoHarness.Managed;

public static partial class Blake3
{
    // The message word permutation applied between rounds, BLAKE3 spec §2.2 (Table 2).
    private static ReadOnlySpan<byte> MessagePermutation => [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

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

        public static void HashMany(
            ref byte inputs,
            int count,
            int stride,
            int blocks,
            in ChainingValue key,
            ulong counter,
            bool incrementCounter,
            uint flags,
            uint flagsStart,
            uint flagsEnd,
            ref byte output) =>
            HashOneAtATime<ScalarPath>(ref inputs, count, stride, blocks, in key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);

        /// <summary>
        /// The compression function's seven rounds (BLAKE3 spec §2.2), leaving the state before the final XORs.
        /// </summary>
        private static void Compress(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref StateWords state)
        {
            StateWords message = default;
            ReadOnlySpan<byte> blockBytes = MemoryMarshal.CreateReadOnlySpan(ref block, BlockSizeInBytes);
            for (int i = 0; i < 16; i++)
            {
                message[i] = BinaryPrimitives.ReadUInt32LittleEndian(blockBytes[(4 * i)..]);
            }

            for (int i = 0; i < 8; i++)
            {
                state[i] = chainingValue[i];
            }

            state[8] = Iv0;
            state[9] = Iv1;
            state[10] = Iv2;
            state[11] = Iv3;
            state[12] = (uint)counter;
            state[13] = (uint)(counter >> 32);
            state[14] = blockLength;
            state[15] = flags;

            StateWords permuted = default;
            ReadOnlySpan<byte> permutation = MessagePermutation;
            for (int round = 0; round < 7; round++)
            {
                // Columns, then diagonals, each G taking the next two message words in order.
                G(ref state, 0, 4, 8, 12, message[0], message[1]);
                G(ref state, 1, 5, 9, 13, message[2], message[3]);
                G(ref state, 2, 6, 10, 14, message[4], message[5]);
                G(ref state, 3, 7, 11, 15, message[6], message[7]);
                G(ref state, 0, 5, 10, 15, message[8], message[9]);
                G(ref state, 1, 6, 11, 12, message[10], message[11]);
                G(ref state, 2, 7, 8, 13, message[12], message[13]);
                G(ref state, 3, 4, 9, 14, message[14], message[15]);

                for (int i = 0; i < 16; i++)
                {
                    permuted[i] = message[permutation[i]];
                }

                message = permuted;
            }

            Wipe(ref message);
            Wipe(ref permuted);
        }

        // The quarter-round mixing function G, BLAKE3 spec §2.2.
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void G(ref StateWords state, int a, int b, int c, int d, uint mx, uint my)
        {
            state[a] = state[a] + state[b] + mx;
            state[d] = BitOperations.RotateRight(state[d] ^ state[a], 16);
            state[c] = state[c] + state[d];
            state[b] = BitOperations.RotateRight(state[b] ^ state[c], 12);
            state[a] = state[a] + state[b] + my;
            state[d] = BitOperations.RotateRight(state[d] ^ state[a], 8);
            state[c] = state[c] + state[d];
            state[b] = BitOperations.RotateRight(state[b] ^ state[c], 7);
        }
    }

    [InlineArray(16)]
    private struct StateWords
    {
        private uint _element0;
    }
}
