namespace CryptoHarness.Managed;

/// <summary>
/// SHA-256 as specified in FIPS 180-4, one message at a time.
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. .NET exposes no x86 SHA extensions
/// (SHA-NI), and the 64 rounds of one message form a single dependency chain that vector registers cannot
/// shorten; vectors pay off only across independent messages, which is what <see cref="Sha256MultiBuffer"/> does.
/// </para>
/// <para>
/// The compression function (<c>Sha256.Scalar.cs</c>) is fully unrolled with the message schedule kept in
/// locals, so it has no loop-carried index and no bounds checks. One-shot calls allocate nothing on the heap and
/// wipe the stack buffer that held the padded tail of the message.
/// </para>
/// </remarks>
public static partial class Sha256
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = 64;

    internal const int StateSizeInWords = 8;

    // The padded message ends with a 64-bit big-endian count of message bits (FIPS 180-4 §5.1.1), so a tail of
    // more than 64 - 1 - 8 = 55 bytes spills the terminator or the length into a second final block.
    internal const int LengthFieldSizeInBytes = 8;

    // H(0) of SHA-256, FIPS 180-4 §5.3.3. Static readonly arrays rather than ReadOnlySpan<uint> literal
    // properties: unoptimized (Debug) code allocates on every read of the latter.
    internal static readonly uint[] InitialHashValue =
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ];

    // H(0) of SHA-224, FIPS 180-4 §5.3.2.
    internal static readonly uint[] InitialHashValue224 =
    [
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
    ];

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the SHA-256 digest of <paramref name="source"/> with the fastest path (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SHA-256 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        BlockHash.HashChecked<Function, State>(HashSizeInBytes, "SHA-256", source, destination, path);
#if CALIBRATED_SLOWDOWN
        CalibratedSlowdown.AfterCall(source, path, static (s, d, _) => HashCore(s, d[..HashSizeInBytes]));
#endif
    }

    /// <summary>
    /// Hashes <paramref name="source"/> into <paramref name="destination"/>: 32 bytes for SHA-256, 28 for SHA-224
    /// (the digest size picks the initial value). The digest is written after the whole source has been read, so
    /// the two may overlap.
    /// </summary>
    internal static void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length is Sha224.HashSizeInBytes or HashSizeInBytes, "SHA-224 or SHA-256 output.");
        BlockHash.Hash<Function, State>(source, destination);
    }

    /// <summary>SHA-256 and SHA-224 as <see cref="BlockHash"/> drives them.</summary>
    internal readonly struct Function : IBlockHashFunction<State>
    {
        public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

        /// <remarks>The eight words are copied as one struct, a fixed-size move, rather than as a span of the array's length.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Initialize(ref State state, int hashSize) =>
            state = Unsafe.As<uint, State>(
                ref MemoryMarshal.GetArrayDataReference(hashSize == Sha224.HashSizeInBytes ? InitialHashValue224 : InitialHashValue));

        public static void Compress(ref State state, ref byte blocks, int blockCount) => CompressScalar(ref state, ref blocks, blockCount);

        /// <summary>FIPS 180-4 §5.1.1 padding, then the state words big-endian, as many as the digest holds (§6.2.2, §6.3).</summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            BlockHash.PadAndCompress<Function, State>(ref state, tail, messageLength, BlockSizeInBytes, LengthFieldSizeInBytes, bigEndianLength: true);
            WriteDigest(ref state, destination);
        }
    }

    /// <summary>
    /// Writes the padded tail (FIPS 180-4 §5.1.1) to <paramref name="finalBlocks"/>, which must have room for
    /// two blocks, and returns its length: one block, or two when the tail is longer than 55 bytes.
    /// </summary>
    internal static int Pad(ReadOnlySpan<byte> tail, ulong messageLength, ref byte finalBlocks) =>
        BlockHash.Pad(
            tail, messageLength, MemoryMarshal.CreateSpan(ref finalBlocks, 2 * BlockSizeInBytes), BlockSizeInBytes, LengthFieldSizeInBytes, bigEndianLength: true);

    /// <summary>Writes the state words big-endian, as many as <paramref name="destination"/> holds (7 or 8).</summary>
    internal static void WriteDigest(ref State state, Span<byte> destination)
    {
        for (int i = 0; i < destination.Length / sizeof(uint); i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(destination[(i * sizeof(uint))..], state[i]);
        }
    }

    /// <summary>The eight 32-bit words of the chaining state, H(i) in FIPS 180-4 §6.2.</summary>
    [InlineArray(StateSizeInWords)]
    internal struct State
    {
        private uint _element0;
    }
}

/// <summary>
/// SHA-224 as specified in FIPS 180-4: SHA-256 with its own initial hash value (§5.3.2), truncated to 28 bytes
/// (§6.3). It shares SHA-256's code and paths.
/// </summary>
public static class Sha224
{
    public const int HashSizeInBytes = 28;
    public const int BlockSizeInBytes = Sha256.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha256.IsSupported(path);

    /// <summary>Computes the SHA-224 digest of <paramref name="source"/> with the fastest path (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 28 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SHA-224 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 28 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        BlockHash.HashChecked<Sha256.Function, Sha256.State>(HashSizeInBytes, "SHA-224", source, destination, path);
    }
}

/// <summary>Incremental SHA-256 or SHA-224: append the message in pieces of any size, then read the digest.</summary>
public sealed class Sha256Hasher : BlockHasher
{
    /// <summary>Starts a SHA-256 computation on the scalar path.</summary>
    public Sha256Hasher()
        : this(Sha256.HashSizeInBytes, InstructionSet.Scalar)
    {
    }

    /// <summary>Starts a SHA-256 (32-byte) or SHA-224 (28-byte) computation.</summary>
    /// <param name="hashSizeInBytes">32 for SHA-256, 28 for SHA-224.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">Another hash size, or a path this algorithm lacks.</exception>
    public Sha256Hasher(int hashSizeInBytes, InstructionSet path)
        : base(new BlockHashEngine<Sha256.Function, Sha256.State>(CheckArguments(hashSizeInBytes, path)), AlgorithmName(hashSizeInBytes))
    {
        Path = path;
    }

    public InstructionSet Path { get; }

    private static string AlgorithmName(int hashSizeInBytes) => hashSizeInBytes == Sha256.HashSizeInBytes ? "SHA-256" : "SHA-224";

    private static int CheckArguments(int hashSizeInBytes, InstructionSet path)
    {
        if (hashSizeInBytes is not (Sha256.HashSizeInBytes or Sha224.HashSizeInBytes))
        {
            throw new ArgumentException("SHA-256 writes 32 bytes and SHA-224 28.", nameof(hashSizeInBytes));
        }

        BlockHash.ThrowIfNoSuchPath(path, AlgorithmName(hashSizeInBytes));
        return hashSizeInBytes;
    }
}
