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
/// The compression function (<c>Ripemd160.Scalar.cs</c>) is fully unrolled with the words renamed instead of shifted (each step changes only
/// A and C), reading each message word straight from the caller's buffer. One-shot calls allocate nothing and wipe
/// the padded tail.
/// </para>
/// </remarks>
public static partial class Ripemd160
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
        BlockHash.HashChecked<MerkleDamgard32<Definition>, ChainingWords>(HashSizeInBytes, "RIPEMD-160", source, destination, path);

    /// <summary>MD4-style padding: 0x80, zeros, the 64-bit bit count low-order byte first; the digest is the chaining words h0..h4, each low-order byte first.</summary>
    internal readonly struct Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => false;

        /// <summary>The initial value, the same as MD4's and SHA-1's (RIPEMD-160 paper, Appendix A).</summary>
        public static ReadOnlySpan<uint> InitialValue => Sha1.Definition.InitialValue;

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);
    }
}

/// <summary>Incremental RIPEMD-160: append the message in pieces of any size, then read the digest.</summary>
public sealed class Ripemd160Hasher : BlockHasher
{
    /// <summary>Starts a RIPEMD-160 computation (scalar, the only path).</summary>
    public Ripemd160Hasher()
        : base(new BlockHashEngine<MerkleDamgard32<Ripemd160.Definition>, ChainingWords>(Ripemd160.HashSizeInBytes), "RIPEMD-160")
    {
    }
}
