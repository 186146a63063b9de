namespace CryptoHarness.Managed;

/// <summary>
/// SM3 as specified in GB/T 32905-2016 (also GM/T 0004-2012, ISO/IEC 10118-3:2018).
/// </summary>
/// <remarks>
/// <para>
/// Two paths. <see cref="InstructionSet.Scalar"/> (<c>Sm3.Scalar.cs</c>): fully unrolled, the eight words renamed
/// instead of shifted (each round changes only four of them), and the expansion a rolling window of sixteen words on
/// the stack: round j reads W(j) and W(j + 4), and W(j + 4) is computed just before it, in the slot of W(j - 12).
/// Rounds 16..63 repeat the same sixteen window slots three times; as a loop over a constant table they measured
/// 3-5% slower (harness paired, AMD EPYC, 2026-11-26), so they stay written out. <see cref="InstructionSet.Ssse3"/>
/// (<c>Sm3.Ssse3.cs</c>): the expansion four words at a time in 128-bit vectors, W and W' = W(j) ^ W(j + 4) stored
/// for the rounds, which are the same rounds with their additions ordered for a shorter dependency chain.
/// </para>
/// <para>
/// Dispatch policy: ssse3 wherever the CPU has it. The 64 rounds form one dependency chain through A and E; taking
/// the expansion's ten operations a word off the scalar units and shortening the chain took 0.76–0.77 of the scalar
/// path's time at 1 KiB and 128 KiB on an AMD EPYC (Zen 3), medians of 31 interleaved rounds in one process, with and
/// without tiered PGO (2026-11-27); on the same machine's pages `botan` took 1.16–1.23 times its time and the scalar
/// path 1.15–1.31. Not yet measured on other CPUs. One-shot calls allocate nothing and wipe the padded tail and the expanded words.
/// </para>
/// </remarks>
public static partial class Sm3
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = 64;

    /// <summary>
    /// Whether this algorithm has <paramref name="path"/> here: <see cref="InstructionSet.Scalar"/> always, and
    /// <see cref="InstructionSet.Ssse3"/> on x86 CPUs with SSSE3 (it uses pshufb and palignr directly).
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => Ssse3.IsSupported,
        _ => false,
    };

    /// <summary>The path the overloads without one use: <see cref="InstructionSet.Ssse3"/> where the CPU has it.</summary>
    public static InstructionSet DefaultPath { get; } = InstructionSets.Widest(IsSupported);

    /// <summary>Computes the SM3 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, DefaultPath);

    /// <summary>Computes the SM3 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/> or <see cref="InstructionSet.Ssse3"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNoSuchPath(path);
        BlockHash.ThrowIfDestinationTooShort(destination, HashSizeInBytes, "SM3");
        if (path == InstructionSet.Ssse3)
        {
            BlockHash.Hash<MerkleDamgard32<Ssse3Definition>, ChainingWords>(source, destination[..HashSizeInBytes]);
        }
        else
        {
            BlockHash.Hash<MerkleDamgard32<Definition>, ChainingWords>(source, destination[..HashSizeInBytes]);
        }
    }

    internal static void ThrowIfNoSuchPath(InstructionSet path) =>
        BlockHash.ThrowIfNoSuchPath(path, "SM3", IsSupported(path), "scalar and, on x86, ssse3");

    /// <summary>GB/T 32905-2016 §5.2: 1 bit, zeros, the 64-bit big-endian bit count; the chaining value is V(i) of §5.3, the digest V(n) big-endian (§5.4). The scalar path.</summary>
    internal readonly struct Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => true;

        /// <summary>IV, GB/T 32905-2016 §4.1.</summary>
        public static ReadOnlySpan<uint> InitialValue => [0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e];

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);
    }

    /// <summary><see cref="Definition"/> on the ssse3 path.</summary>
    internal readonly struct Ssse3Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => Definition.BigEndian;

        public static ReadOnlySpan<uint> InitialValue => Definition.InitialValue;

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocksSsse3(ref state, ref blocks, blockCount);
    }
}

/// <summary>Incremental SM3: append the message in pieces of any size, then read the digest.</summary>
public sealed class Sm3Hasher : BlockHasher
{
    /// <summary>Starts an SM3 computation on the fastest path.</summary>
    public Sm3Hasher()
        : this(Sm3.DefaultPath)
    {
    }

    /// <summary>Starts an SM3 computation on <paramref name="path"/>.</summary>
    /// <exception cref="ArgumentException">This algorithm has no such <paramref name="path"/>.</exception>
    public Sm3Hasher(InstructionSet path)
        : base(CreateEngine(path), "SM3")
    {
    }

    private static BlockHashEngine CreateEngine(InstructionSet path)
    {
        Sm3.ThrowIfNoSuchPath(path);
        return path == InstructionSet.Ssse3
            ? new BlockHashEngine<MerkleDamgard32<Sm3.Ssse3Definition>, ChainingWords>(Sm3.HashSizeInBytes)
            : new BlockHashEngine<MerkleDamgard32<Sm3.Definition>, ChainingWords>(Sm3.HashSizeInBytes);
    }
}
