namespace CryptoHarness.Managed;

// The scalar path (the only one): the MD5 compression function of RFC 1321 §3.4, fully unrolled.
public static partial class Md5
{
    /// <summary>The four rounds of RFC 1321 §3.4 over <paramref name="blockCount"/> (at least one) 64-byte blocks.</summary>
    /// <remarks>The constants are T[i] = floor(2^32 · |sin(i)|), i = 1..64, in order, added to the message word up front.</remarks>
    private static void CompressBlocks(ref ChainingWords state, ref byte blocks, int blockCount)
    {
        uint a = state[0];
        uint b = state[1];
        uint c = state[2];
        uint d = state[3];
        do
        {
            // Round 1: F (RFC 1321 §3.4).
            a = F(a, b, c, d, Word(ref blocks, 0) + 0xd76aa478, 7);
            d = F(d, a, b, c, Word(ref blocks, 1) + 0xe8c7b756, 12);
            c = F(c, d, a, b, Word(ref blocks, 2) + 0x242070db, 17);
            b = F(b, c, d, a, Word(ref blocks, 3) + 0xc1bdceee, 22);
            a = F(a, b, c, d, Word(ref blocks, 4) + 0xf57c0faf, 7);
            d = F(d, a, b, c, Word(ref blocks, 5) + 0x4787c62a, 12);
            c = F(c, d, a, b, Word(ref blocks, 6) + 0xa8304613, 17);
            b = F(b, c, d, a, Word(ref blocks, 7) + 0xfd469501, 22);
            a = F(a, b, c, d, Word(ref blocks, 8) + 0x698098d8, 7);
            d = F(d, a, b, c, Word(ref blocks, 9) + 0x8b44f7af, 12);
            c = F(c, d, a, b, Word(ref blocks, 10) + 0xffff5bb1, 17);
            b = F(b, c, d, a, Word(ref blocks, 11) + 0x895cd7be, 22);
            a = F(a, b, c, d, Word(ref blocks, 12) + 0x6b901122, 7);
            d = F(d, a, b, c, Word(ref blocks, 13) + 0xfd987193, 12);
            c = F(c, d, a, b, Word(ref blocks, 14) + 0xa679438e, 17);
            b = F(b, c, d, a, Word(ref blocks, 15) + 0x49b40821, 22);
            // Round 2: G (RFC 1321 §3.4).
            a = G(a, b, c, d, Word(ref blocks, 1) + 0xf61e2562, 5);
            d = G(d, a, b, c, Word(ref blocks, 6) + 0xc040b340, 9);
            c = G(c, d, a, b, Word(ref blocks, 11) + 0x265e5a51, 14);
            b = G(b, c, d, a, Word(ref blocks, 0) + 0xe9b6c7aa, 20);
            a = G(a, b, c, d, Word(ref blocks, 5) + 0xd62f105d, 5);
            d = G(d, a, b, c, Word(ref blocks, 10) + 0x02441453, 9);
            c = G(c, d, a, b, Word(ref blocks, 15) + 0xd8a1e681, 14);
            b = G(b, c, d, a, Word(ref blocks, 4) + 0xe7d3fbc8, 20);
            a = G(a, b, c, d, Word(ref blocks, 9) + 0x21e1cde6, 5);
            d = G(d, a, b, c, Word(ref blocks, 14) + 0xc33707d6, 9);
            c = G(c, d, a, b, Word(ref blocks, 3) + 0xf4d50d87, 14);
            b = G(b, c, d, a, Word(ref blocks, 8) + 0x455a14ed, 20);
            a = G(a, b, c, d, Word(ref blocks, 13) + 0xa9e3e905, 5);
            d = G(d, a, b, c, Word(ref blocks, 2) + 0xfcefa3f8, 9);
            c = G(c, d, a, b, Word(ref blocks, 7) + 0x676f02d9, 14);
            b = G(b, c, d, a, Word(ref blocks, 12) + 0x8d2a4c8a, 20);
            // Round 3: H (RFC 1321 §3.4).
            a = H(a, b, c, d, Word(ref blocks, 5) + 0xfffa3942, 4);
            d = H(d, a, b, c, Word(ref blocks, 8) + 0x8771f681, 11);
            c = H(c, d, a, b, Word(ref blocks, 11) + 0x6d9d6122, 16);
            b = H(b, c, d, a, Word(ref blocks, 14) + 0xfde5380c, 23);
            a = H(a, b, c, d, Word(ref blocks, 1) + 0xa4beea44, 4);
            d = H(d, a, b, c, Word(ref blocks, 4) + 0x4bdecfa9, 11);
            c = H(c, d, a, b, Word(ref blocks, 7) + 0xf6bb4b60, 16);
            b = H(b, c, d, a, Word(ref blocks, 10) + 0xbebfbc70, 23);
            a = H(a, b, c, d, Word(ref blocks, 13) + 0x289b7ec6, 4);
            d = H(d, a, b, c, Word(ref blocks, 0) + 0xeaa127fa, 11);
            c = H(c, d, a, b, Word(ref blocks, 3) + 0xd4ef3085, 16);
            b = H(b, c, d, a, Word(ref blocks, 6) + 0x04881d05, 23);
            a = H(a, b, c, d, Word(ref blocks, 9) + 0xd9d4d039, 4);
            d = H(d, a, b, c, Word(ref blocks, 12) + 0xe6db99e5, 11);
            c = H(c, d, a, b, Word(ref blocks, 15) + 0x1fa27cf8, 16);
            b = H(b, c, d, a, Word(ref blocks, 2) + 0xc4ac5665, 23);
            // Round 4: I (RFC 1321 §3.4).
            a = I(a, b, c, d, Word(ref blocks, 0) + 0xf4292244, 6);
            d = I(d, a, b, c, Word(ref blocks, 7) + 0x432aff97, 10);
            c = I(c, d, a, b, Word(ref blocks, 14) + 0xab9423a7, 15);
            b = I(b, c, d, a, Word(ref blocks, 5) + 0xfc93a039, 21);
            a = I(a, b, c, d, Word(ref blocks, 12) + 0x655b59c3, 6);
            d = I(d, a, b, c, Word(ref blocks, 3) + 0x8f0ccc92, 10);
            c = I(c, d, a, b, Word(ref blocks, 10) + 0xffeff47d, 15);
            b = I(b, c, d, a, Word(ref blocks, 1) + 0x85845dd1, 21);
            a = I(a, b, c, d, Word(ref blocks, 8) + 0x6fa87e4f, 6);
            d = I(d, a, b, c, Word(ref blocks, 15) + 0xfe2ce6e0, 10);
            c = I(c, d, a, b, Word(ref blocks, 6) + 0xa3014314, 15);
            b = I(b, c, d, a, Word(ref blocks, 13) + 0x4e0811a1, 21);
            a = I(a, b, c, d, Word(ref blocks, 4) + 0xf7537e82, 6);
            d = I(d, a, b, c, Word(ref blocks, 11) + 0xbd3af235, 10);
            c = I(c, d, a, b, Word(ref blocks, 2) + 0x2ad7d2bb, 15);
            b = I(b, c, d, a, Word(ref blocks, 9) + 0xeb86d391, 21);

            a = state[0] += a;
            b = state[1] += b;
            c = state[2] += c;
            d = state[3] += d;
            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);
    }

    /// <summary>Message word <paramref name="index"/> of the block, read low-order byte first (RFC 1321 §3.4).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Word(ref byte block, int index)
    {
        uint word = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, index * sizeof(uint)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    // The four auxiliary functions of RFC 1321 §3.4, each folded into its step: a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s).
    // F and I are in forms one operation shorter than the RFC's; G's two terms never share a set bit, so they are
    // added one at a time and the one that does not need b can start before b is known.

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint F(uint a, uint b, uint c, uint d, uint xt, int s) =>
        BitOperations.RotateLeft(a + xt + (((c ^ d) & b) ^ d), s) + b;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint G(uint a, uint b, uint c, uint d, uint xt, int s) =>
        BitOperations.RotateLeft(a + xt + (~d & c) + (d & b), s) + b;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint H(uint a, uint b, uint c, uint d, uint xt, int s) =>
        BitOperations.RotateLeft(a + xt + (b ^ c ^ d), s) + b;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint I(uint a, uint b, uint c, uint d, uint xt, int s) =>
        BitOperations.RotateLeft(a + xt + (c ^ (b | ~d)), s) + b;
}
