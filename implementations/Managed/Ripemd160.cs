using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace CryptoHarness.Managed;

/// <summary>
/// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996; ISO/IEC 10118-3:2004 dedicated hash function 1).
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. Each of the two lines is one
/// dependency chain and the message words need no schedule; the two lines are independent, so the unrolled code
/// interleaves them step by step and the CPU runs both chains at once, which is what vectors would offer here.
/// </para>
/// <para>
/// The compression function is fully unrolled with the words renamed instead of shifted (each step changes only
/// A and C), reading each message word straight from the caller's buffer. One-shot calls allocate nothing and wipe
/// the padded tail.
/// </para>
/// </remarks>
public static class Ripemd160
{
    public const int HashSizeInBytes = 20;
    public const int BlockSizeInBytes = 64;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the RIPEMD-160 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 20-byte digest; bytes past the first 20 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the RIPEMD-160 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 20-byte digest; bytes past the first 20 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 20 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes, "RIPEMD-160", source, destination, path);

    /// <summary>The five 32-bit chaining words h0..h4.</summary>
    [InlineArray(5)]
    internal struct State
    {
        private uint _element0;
    }

    internal readonly struct Function : IBlockHashFunction<State>
    {
        public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

        /// <summary>The initial value, the same as MD4's and SHA-1's (RIPEMD-160 paper, Appendix A).</summary>
        public static void Initialize(ref State state, int hashSize)
        {
            state[0] = 0x67452301;
            state[1] = 0xefcdab89;
            state[2] = 0x98badcfe;
            state[3] = 0x10325476;
            state[4] = 0xc3d2e1f0;
        }

        public static void Compress(ref State state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);

        /// <summary>MD4-style padding: 0x80, zeros, the 64-bit bit count low-order byte first; the digest is h0..h4, each low-order byte first.</summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            Unsafe.SkipInit(out BlockHash.FinalBlocks finalBlocks);
            Span<byte> final = finalBlocks;
            int finalLength = BlockHash.Pad(tail, messageLength, final, BlockSizeInBytes, sizeof(ulong), bigEndianLength: false);
            CompressBlocks(ref state, ref final[0], finalLength / BlockSizeInBytes);
            for (int i = 0; i < 5; i++)
            {
                BinaryPrimitives.WriteUInt32LittleEndian(destination[(i * sizeof(uint))..], state[i]);
            }

            CryptographicOperations.ZeroMemory(final[..finalLength]);
        }
    }

    /// <summary>
    /// The compression function (RIPEMD-160 paper, Appendix A) over <paramref name="blockCount"/> (at least one)
    /// 64-byte blocks. The word selections r, r', shifts s, s' and constants K, K' are the paper's, written into each
    /// step; the left line uses f1..f5 in order, the right line f5..f1.
    /// </summary>
    private static void CompressBlocks(ref State state, ref byte blocks, int blockCount)
    {
        do
        {
            uint a = state[0], aa = a;
            uint b = state[1], bb = b;
            uint c = state[2], cc = c;
            uint d = state[3], dd = d;
            uint e = state[4], ee = e;

            // Round 1: left f1 with K = 0x00000000, right f5 with K' = 0x50a28be6.
            F1(ref a, b, ref c, d, e, Word(ref blocks, 0), 11);
            F5(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 5) + 0x50a28be6, 8);
            F1(ref e, a, ref b, c, d, Word(ref blocks, 1), 14);
            F5(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 14) + 0x50a28be6, 9);
            F1(ref d, e, ref a, b, c, Word(ref blocks, 2), 15);
            F5(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 7) + 0x50a28be6, 9);
            F1(ref c, d, ref e, a, b, Word(ref blocks, 3), 12);
            F5(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 0) + 0x50a28be6, 11);
            F1(ref b, c, ref d, e, a, Word(ref blocks, 4), 5);
            F5(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 9) + 0x50a28be6, 13);
            F1(ref a, b, ref c, d, e, Word(ref blocks, 5), 8);
            F5(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 2) + 0x50a28be6, 15);
            F1(ref e, a, ref b, c, d, Word(ref blocks, 6), 7);
            F5(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 11) + 0x50a28be6, 15);
            F1(ref d, e, ref a, b, c, Word(ref blocks, 7), 9);
            F5(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 4) + 0x50a28be6, 5);
            F1(ref c, d, ref e, a, b, Word(ref blocks, 8), 11);
            F5(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 13) + 0x50a28be6, 7);
            F1(ref b, c, ref d, e, a, Word(ref blocks, 9), 13);
            F5(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 6) + 0x50a28be6, 7);
            F1(ref a, b, ref c, d, e, Word(ref blocks, 10), 14);
            F5(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 15) + 0x50a28be6, 8);
            F1(ref e, a, ref b, c, d, Word(ref blocks, 11), 15);
            F5(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 8) + 0x50a28be6, 11);
            F1(ref d, e, ref a, b, c, Word(ref blocks, 12), 6);
            F5(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 1) + 0x50a28be6, 14);
            F1(ref c, d, ref e, a, b, Word(ref blocks, 13), 7);
            F5(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 10) + 0x50a28be6, 14);
            F1(ref b, c, ref d, e, a, Word(ref blocks, 14), 9);
            F5(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 3) + 0x50a28be6, 12);
            F1(ref a, b, ref c, d, e, Word(ref blocks, 15), 8);
            F5(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 12) + 0x50a28be6, 6);
            // Round 2: left f2 with K = 0x5a827999, right f4 with K' = 0x5c4dd124.
            F2(ref e, a, ref b, c, d, Word(ref blocks, 7) + 0x5a827999, 7);
            F4(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 6) + 0x5c4dd124, 9);
            F2(ref d, e, ref a, b, c, Word(ref blocks, 4) + 0x5a827999, 6);
            F4(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 11) + 0x5c4dd124, 13);
            F2(ref c, d, ref e, a, b, Word(ref blocks, 13) + 0x5a827999, 8);
            F4(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 3) + 0x5c4dd124, 15);
            F2(ref b, c, ref d, e, a, Word(ref blocks, 1) + 0x5a827999, 13);
            F4(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 7) + 0x5c4dd124, 7);
            F2(ref a, b, ref c, d, e, Word(ref blocks, 10) + 0x5a827999, 11);
            F4(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 0) + 0x5c4dd124, 12);
            F2(ref e, a, ref b, c, d, Word(ref blocks, 6) + 0x5a827999, 9);
            F4(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 13) + 0x5c4dd124, 8);
            F2(ref d, e, ref a, b, c, Word(ref blocks, 15) + 0x5a827999, 7);
            F4(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 5) + 0x5c4dd124, 9);
            F2(ref c, d, ref e, a, b, Word(ref blocks, 3) + 0x5a827999, 15);
            F4(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 10) + 0x5c4dd124, 11);
            F2(ref b, c, ref d, e, a, Word(ref blocks, 12) + 0x5a827999, 7);
            F4(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 14) + 0x5c4dd124, 7);
            F2(ref a, b, ref c, d, e, Word(ref blocks, 0) + 0x5a827999, 12);
            F4(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 15) + 0x5c4dd124, 7);
            F2(ref e, a, ref b, c, d, Word(ref blocks, 9) + 0x5a827999, 15);
            F4(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 8) + 0x5c4dd124, 12);
            F2(ref d, e, ref a, b, c, Word(ref blocks, 5) + 0x5a827999, 9);
            F4(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 12) + 0x5c4dd124, 7);
            F2(ref c, d, ref e, a, b, Word(ref blocks, 2) + 0x5a827999, 11);
            F4(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 4) + 0x5c4dd124, 6);
            F2(ref b, c, ref d, e, a, Word(ref blocks, 14) + 0x5a827999, 7);
            F4(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 9) + 0x5c4dd124, 15);
            F2(ref a, b, ref c, d, e, Word(ref blocks, 11) + 0x5a827999, 13);
            F4(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 1) + 0x5c4dd124, 13);
            F2(ref e, a, ref b, c, d, Word(ref blocks, 8) + 0x5a827999, 12);
            F4(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 2) + 0x5c4dd124, 11);
            // Round 3: left f3 with K = 0x6ed9eba1, right f3 with K' = 0x6d703ef3.
            F3(ref d, e, ref a, b, c, Word(ref blocks, 3) + 0x6ed9eba1, 11);
            F3(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 15) + 0x6d703ef3, 9);
            F3(ref c, d, ref e, a, b, Word(ref blocks, 10) + 0x6ed9eba1, 13);
            F3(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 5) + 0x6d703ef3, 7);
            F3(ref b, c, ref d, e, a, Word(ref blocks, 14) + 0x6ed9eba1, 6);
            F3(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 1) + 0x6d703ef3, 15);
            F3(ref a, b, ref c, d, e, Word(ref blocks, 4) + 0x6ed9eba1, 7);
            F3(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 3) + 0x6d703ef3, 11);
            F3(ref e, a, ref b, c, d, Word(ref blocks, 9) + 0x6ed9eba1, 14);
            F3(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 7) + 0x6d703ef3, 8);
            F3(ref d, e, ref a, b, c, Word(ref blocks, 15) + 0x6ed9eba1, 9);
            F3(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 14) + 0x6d703ef3, 6);
            F3(ref c, d, ref e, a, b, Word(ref blocks, 8) + 0x6ed9eba1, 13);
            F3(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 6) + 0x6d703ef3, 6);
            F3(ref b, c, ref d, e, a, Word(ref blocks, 1) + 0x6ed9eba1, 15);
            F3(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 9) + 0x6d703ef3, 14);
            F3(ref a, b, ref c, d, e, Word(ref blocks, 2) + 0x6ed9eba1, 14);
            F3(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 11) + 0x6d703ef3, 12);
            F3(ref e, a, ref b, c, d, Word(ref blocks, 7) + 0x6ed9eba1, 8);
            F3(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 8) + 0x6d703ef3, 13);
            F3(ref d, e, ref a, b, c, Word(ref blocks, 0) + 0x6ed9eba1, 13);
            F3(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 12) + 0x6d703ef3, 5);
            F3(ref c, d, ref e, a, b, Word(ref blocks, 6) + 0x6ed9eba1, 6);
            F3(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 2) + 0x6d703ef3, 14);
            F3(ref b, c, ref d, e, a, Word(ref blocks, 13) + 0x6ed9eba1, 5);
            F3(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 10) + 0x6d703ef3, 13);
            F3(ref a, b, ref c, d, e, Word(ref blocks, 11) + 0x6ed9eba1, 12);
            F3(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 0) + 0x6d703ef3, 13);
            F3(ref e, a, ref b, c, d, Word(ref blocks, 5) + 0x6ed9eba1, 7);
            F3(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 4) + 0x6d703ef3, 7);
            F3(ref d, e, ref a, b, c, Word(ref blocks, 12) + 0x6ed9eba1, 5);
            F3(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 13) + 0x6d703ef3, 5);
            // Round 4: left f4 with K = 0x8f1bbcdc, right f2 with K' = 0x7a6d76e9.
            F4(ref c, d, ref e, a, b, Word(ref blocks, 1) + 0x8f1bbcdc, 11);
            F2(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 8) + 0x7a6d76e9, 15);
            F4(ref b, c, ref d, e, a, Word(ref blocks, 9) + 0x8f1bbcdc, 12);
            F2(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 6) + 0x7a6d76e9, 5);
            F4(ref a, b, ref c, d, e, Word(ref blocks, 11) + 0x8f1bbcdc, 14);
            F2(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 4) + 0x7a6d76e9, 8);
            F4(ref e, a, ref b, c, d, Word(ref blocks, 10) + 0x8f1bbcdc, 15);
            F2(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 1) + 0x7a6d76e9, 11);
            F4(ref d, e, ref a, b, c, Word(ref blocks, 0) + 0x8f1bbcdc, 14);
            F2(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 3) + 0x7a6d76e9, 14);
            F4(ref c, d, ref e, a, b, Word(ref blocks, 8) + 0x8f1bbcdc, 15);
            F2(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 11) + 0x7a6d76e9, 14);
            F4(ref b, c, ref d, e, a, Word(ref blocks, 12) + 0x8f1bbcdc, 9);
            F2(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 15) + 0x7a6d76e9, 6);
            F4(ref a, b, ref c, d, e, Word(ref blocks, 4) + 0x8f1bbcdc, 8);
            F2(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 0) + 0x7a6d76e9, 14);
            F4(ref e, a, ref b, c, d, Word(ref blocks, 13) + 0x8f1bbcdc, 9);
            F2(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 5) + 0x7a6d76e9, 6);
            F4(ref d, e, ref a, b, c, Word(ref blocks, 3) + 0x8f1bbcdc, 14);
            F2(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 12) + 0x7a6d76e9, 9);
            F4(ref c, d, ref e, a, b, Word(ref blocks, 7) + 0x8f1bbcdc, 5);
            F2(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 2) + 0x7a6d76e9, 12);
            F4(ref b, c, ref d, e, a, Word(ref blocks, 15) + 0x8f1bbcdc, 6);
            F2(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 13) + 0x7a6d76e9, 9);
            F4(ref a, b, ref c, d, e, Word(ref blocks, 14) + 0x8f1bbcdc, 8);
            F2(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 9) + 0x7a6d76e9, 12);
            F4(ref e, a, ref b, c, d, Word(ref blocks, 5) + 0x8f1bbcdc, 6);
            F2(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 7) + 0x7a6d76e9, 5);
            F4(ref d, e, ref a, b, c, Word(ref blocks, 6) + 0x8f1bbcdc, 5);
            F2(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 10) + 0x7a6d76e9, 15);
            F4(ref c, d, ref e, a, b, Word(ref blocks, 2) + 0x8f1bbcdc, 12);
            F2(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 14) + 0x7a6d76e9, 8);
            // Round 5: left f5 with K = 0xa953fd4e, right f1 with K' = 0x00000000.
            F5(ref b, c, ref d, e, a, Word(ref blocks, 4) + 0xa953fd4e, 9);
            F1(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 12), 8);
            F5(ref a, b, ref c, d, e, Word(ref blocks, 0) + 0xa953fd4e, 15);
            F1(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 15), 5);
            F5(ref e, a, ref b, c, d, Word(ref blocks, 5) + 0xa953fd4e, 5);
            F1(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 10), 12);
            F5(ref d, e, ref a, b, c, Word(ref blocks, 9) + 0xa953fd4e, 11);
            F1(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 4), 9);
            F5(ref c, d, ref e, a, b, Word(ref blocks, 7) + 0xa953fd4e, 6);
            F1(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 1), 12);
            F5(ref b, c, ref d, e, a, Word(ref blocks, 12) + 0xa953fd4e, 8);
            F1(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 5), 5);
            F5(ref a, b, ref c, d, e, Word(ref blocks, 2) + 0xa953fd4e, 13);
            F1(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 8), 14);
            F5(ref e, a, ref b, c, d, Word(ref blocks, 10) + 0xa953fd4e, 12);
            F1(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 7), 6);
            F5(ref d, e, ref a, b, c, Word(ref blocks, 14) + 0xa953fd4e, 5);
            F1(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 6), 8);
            F5(ref c, d, ref e, a, b, Word(ref blocks, 1) + 0xa953fd4e, 12);
            F1(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 2), 13);
            F5(ref b, c, ref d, e, a, Word(ref blocks, 3) + 0xa953fd4e, 13);
            F1(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 13), 6);
            F5(ref a, b, ref c, d, e, Word(ref blocks, 8) + 0xa953fd4e, 14);
            F1(ref aa, bb, ref cc, dd, ee, Word(ref blocks, 14), 5);
            F5(ref e, a, ref b, c, d, Word(ref blocks, 11) + 0xa953fd4e, 11);
            F1(ref ee, aa, ref bb, cc, dd, Word(ref blocks, 0), 15);
            F5(ref d, e, ref a, b, c, Word(ref blocks, 6) + 0xa953fd4e, 8);
            F1(ref dd, ee, ref aa, bb, cc, Word(ref blocks, 3), 13);
            F5(ref c, d, ref e, a, b, Word(ref blocks, 15) + 0xa953fd4e, 5);
            F1(ref cc, dd, ref ee, aa, bb, Word(ref blocks, 9), 11);
            F5(ref b, c, ref d, e, a, Word(ref blocks, 13) + 0xa953fd4e, 6);
            F1(ref bb, cc, ref dd, ee, aa, Word(ref blocks, 11), 11);

            uint t = state[1] + c + dd;
            state[1] = state[2] + d + ee;
            state[2] = state[3] + e + aa;
            state[3] = state[4] + a + bb;
            state[4] = state[0] + b + cc;
            state[0] = t;
            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);
    }

    /// <summary>Message word <paramref name="index"/> of the block, read low-order byte first.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Word(ref byte block, int index)
    {
        uint word = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, index * sizeof(uint)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    // One step with f1..f5 of the paper: A = ROL_s(A + f(B, C, D) + X + K) + E and C = ROL_10(C); the caller renames
    // the words (the next step's A is this step's E, and so on), so nothing else moves. f2 and f4 are written in forms
    // one operation shorter than the paper's (x ∧ y) ∨ (¬x ∧ z) and (x ∧ z) ∨ (y ∧ ¬z).

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F1(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = BitOperations.RotateLeft(a + (b ^ c ^ d) + xk, s) + e;
        c = BitOperations.RotateLeft(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F2(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = BitOperations.RotateLeft(a + (d ^ (b & (c ^ d))) + xk, s) + e;
        c = BitOperations.RotateLeft(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F3(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = BitOperations.RotateLeft(a + ((b | ~c) ^ d) + xk, s) + e;
        c = BitOperations.RotateLeft(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F4(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = BitOperations.RotateLeft(a + (c ^ (d & (b ^ c))) + xk, s) + e;
        c = BitOperations.RotateLeft(c, 10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void F5(ref uint a, uint b, ref uint c, uint d, uint e, uint xk, int s)
    {
        a = BitOperations.RotateLeft(a + (b ^ (c | ~d)) + xk, s) + e;
        c = BitOperations.RotateLeft(c, 10);
    }
}

/// <summary>Incremental RIPEMD-160: append the message in pieces of any size, then read the digest.</summary>
/// <remarks>Whole blocks are compressed straight from the caller's buffer; only a partial block is kept. Nothing is allocated after construction.</remarks>
public sealed class Ripemd160Hasher : IDisposable
{
    private BlockHashEngine<Ripemd160.Function, Ripemd160.State> _engine;
    private bool _disposed;

    /// <summary>Starts a RIPEMD-160 computation (scalar, the only path).</summary>
    public Ripemd160Hasher() => _engine.Start(Ripemd160.HashSizeInBytes);

    public int HashSizeInBytes => _engine.HashSize;

    /// <summary>Feeds the next piece of the message.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.Append(data);
    }

    /// <summary>Writes the digest of everything appended since the last reset, then resets.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public void GetHashAndReset(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        BlockHash.ThrowIfDestinationTooShort(destination, Ripemd160.HashSizeInBytes, "RIPEMD-160");
        _engine.FinishAndRestart(destination);
    }

    /// <summary>Discards everything appended and starts over; message-derived state is wiped.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.Start(Ripemd160.HashSizeInBytes);
    }

    /// <summary>Wipes the state and the buffered message bytes.</summary>
    public void Dispose()
    {
        _engine.Wipe();
        _disposed = true;
    }
}
