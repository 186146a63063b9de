namespace CryptoHarness.Managed;

/// <summary>
/// MD5 as specified in RFC 1321. Broken for collision resistance: here for compatibility and comparison only.
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. The 64 steps form one dependency
/// chain through the newest word, and the message words need no schedule, so there is nothing for vectors to take.
/// </para>
/// <para>
/// The compression function is fully unrolled with the four words renamed instead of shifted, reading each message
/// word straight from the caller's buffer (no copy). One-shot calls allocate nothing and wipe the padded tail.
/// </para>
/// </remarks>
public static class Md5
{
    public const int HashSizeInBytes = 16;
    public const int BlockSizeInBytes = 64;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the MD5 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 16-byte digest; bytes past the first 16 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 16 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the MD5 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 16-byte digest; bytes past the first 16 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 16 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<MerkleDamgard32<Definition>, ChainingWords>(HashSizeInBytes, "MD5", source, destination, path);

    /// <summary>RFC 1321 §3.1–3.3: 0x80, zeros, and the 64-bit bit count low-order byte first; the digest is A..D, each low-order byte first.</summary>
    internal readonly struct Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => false;

        /// <summary>RFC 1321 §3.3: word A = 01 23 45 67 (low-order byte first), and so on.</summary>
        public static ReadOnlySpan<uint> InitialValue => [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);
    }

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

/// <summary>Incremental MD5: append the message in pieces of any size, then read the digest.</summary>
public sealed class Md5Hasher : BlockHasher
{
    /// <summary>Starts an MD5 computation (scalar, the only path).</summary>
    public Md5Hasher()
        : base(new BlockHashEngine<MerkleDamgard32<Md5.Definition>, ChainingWords>(Md5.HashSizeInBytes), "MD5")
    {
    }
}
