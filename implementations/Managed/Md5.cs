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
/// The compression function (<c>Md5.Scalar.cs</c>) is fully unrolled with the four words renamed instead of shifted, reading each message
/// word straight from the caller's buffer (no copy). One-shot calls allocate nothing and wipe the padded tail.
/// </para>
/// </remarks>
public static partial class Md5
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
