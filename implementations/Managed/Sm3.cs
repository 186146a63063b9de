namespace CryptoHarness.Managed;

/// <summary>
/// SM3 as specified in GB/T 32905-2016 (also GM/T 0004-2012, ISO/IEC 10118-3:2018).
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. The 64 rounds form one dependency
/// chain through A and E; the message expansion is a few XORs and rotates per word that the scalar units overlap
/// with that chain.
/// </para>
/// <para>
/// The compression function (<c>Sm3.Scalar.cs</c>) is fully unrolled with the eight words renamed instead of
/// shifted (each round changes only four of them), and the expansion a rolling window of sixteen words on the stack:
/// round j reads W(j) and W(j + 4), and W(j + 4) is computed just before it, in the slot of W(j - 12). Rounds 16..63
/// repeat the same sixteen window slots three times; as a loop over a constant table they measured 3-5% slower
/// (harness paired, AMD EPYC, 2026-11-26), so they stay written out. One-shot calls allocate nothing and wipe the
/// padded tail and the window.
/// </para>
/// </remarks>
public static partial class Sm3
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = 64;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the SM3 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SM3 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<MerkleDamgard32<Definition>, ChainingWords>(HashSizeInBytes, "SM3", source, destination, path);

    /// <summary>GB/T 32905-2016 §5.2: 1 bit, zeros, the 64-bit big-endian bit count; the chaining value is V(i) of §5.3, the digest V(n) big-endian (§5.4).</summary>
    internal readonly struct Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => true;

        /// <summary>IV, GB/T 32905-2016 §4.1.</summary>
        public static ReadOnlySpan<uint> InitialValue => [0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e];

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);
    }
}

/// <summary>Incremental SM3: append the message in pieces of any size, then read the digest.</summary>
public sealed class Sm3Hasher : BlockHasher
{
    /// <summary>Starts an SM3 computation (scalar, the only path).</summary>
    public Sm3Hasher()
        : base(new BlockHashEngine<MerkleDamgard32<Sm3.Definition>, ChainingWords>(Sm3.HashSizeInBytes), "SM3")
    {
    }
}
