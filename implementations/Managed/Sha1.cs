namespace CryptoHarness.Managed;

/// <summary>
/// SHA-1 as specified in FIPS 180-4 §6.1. Broken for collision resistance: here for compatibility and comparison only.
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. .NET exposes no x86 SHA extensions
/// (SHA-NI), and the 80 rounds form one dependency chain; vectors could compute the message schedule four words at
/// a time, but here the schedule is three XORs and a rotate per word, which the scalar units overlap with the
/// round chain anyway.
/// </para>
/// <para>
/// The compression function (<c>Sha1.Scalar.cs</c>) is fully unrolled with the five working variables renamed instead of shifted, and the
/// schedule a rolling window of sixteen words on the stack (W(t) in place of W(t-16)). One-shot calls allocate
/// nothing and wipe the padded tail and the window.
/// </para>
/// </remarks>
public static partial class Sha1
{
    public const int HashSizeInBytes = 20;
    public const int BlockSizeInBytes = 64;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the SHA-1 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 20-byte digest; bytes past the first 20 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SHA-1 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 20-byte digest; bytes past the first 20 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 20 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<MerkleDamgard32<Definition>, ChainingWords>(HashSizeInBytes, "SHA-1", source, destination, path);

    /// <summary>FIPS 180-4 §5.1.1: 0x80, zeros, the 64-bit big-endian bit count; the chaining value is H(i) of §6.1.2, the five words of the digest written big-endian.</summary>
    internal readonly struct Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => true;

        /// <summary>H(0), FIPS 180-4 §5.3.1.</summary>
        public static ReadOnlySpan<uint> InitialValue => [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);
    }
}

/// <summary>Incremental SHA-1: append the message in pieces of any size, then read the digest.</summary>
public sealed class Sha1Hasher : BlockHasher
{
    /// <summary>Starts a SHA-1 computation (scalar, the only path).</summary>
    public Sha1Hasher()
        : base(new BlockHashEngine<MerkleDamgard32<Sha1.Definition>, ChainingWords>(Sha1.HashSizeInBytes), "SHA-1")
    {
    }
}
