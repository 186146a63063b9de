namespace CryptoHarness.Managed;

/// <summary>
/// SHA-512 as specified in FIPS 180-4, one message at a time. SHA-384, SHA-512/224 and SHA-512/256 are the same
/// computation from other initial hash values, truncated (§6.5, §6.6, §6.7), and share this code.
/// </summary>
/// <remarks>
/// <para>
/// Three paths: <see cref="InstructionSet.Scalar"/> (<c>Sha512.Scalar.cs</c>, fully unrolled, constant indices, no
/// bounds checks), <see cref="InstructionSet.Ssse3"/> (<c>Sha512.Ssse3.cs</c>: the same rounds, with the message
/// schedule expanded two words at a time in 128-bit vectors) and <see cref="InstructionSet.Avx2"/>
/// (<c>Sha512.Avx2.cs</c>: two blocks at a time, both schedules in the halves of 256-bit vectors, a last odd block on
/// the Ssse3 path). The rounds of one message form a single dependency chain and .NET exposes no x86 SHA-512
/// extensions, so vectors can only take the schedule off the scalar units, and expanding two blocks' schedules with
/// the instructions of one halves that work.
/// </para>
/// <para>
/// Dispatch policy: the widest path the CPU has. Ssse3 over scalar, measured on an AMD EPYC (Zen 4), fastest of 80
/// interleaved Stopwatch runs after a 1 s warm-up: 1.16x the scalar path at 128 bytes, 1.24x at 1 KiB and 1.23x at 128
/// KiB (310 and 728 MB/s; BouncyCastle's Sha512Digest 128 and 254 MB/s). Avx2 over Ssse3, measured on an AMD EPYC
/// (Zen 3), medians of 31 interleaved rounds of SHA-512 in one process (2026-11-27): 0.91 of the Ssse3 path's time at
/// 1 KiB, 8 KiB and 128 KiB, and the same at 128 bytes, where both paths compress one block at a time. Against
/// OpenSSL 3.0, in the interleaved rounds of <c>harness run --family SHA-512 --job quick</c>: on the AMD EPYC (Zen 3)
/// at 0091edd, OpenSSL took 0.93 of the Avx2 path's time at 128 KiB and 0.96 at 8 KiB, and the Avx2 path 0.89 of
/// OpenSSL's at 1 KiB; on an Intel Xeon (Emerald Rapids) at 7040e80, before the rounds took OpenSSL's form, 0.81 and
/// 0.87; there the Avx2 path ran 0.91-0.96 of the Ssse3 path's time from 1 KiB up, the same at 128 bytes.
/// </para>
/// <para>One-shot calls allocate nothing on the heap and wipe the stack buffer that held the padded tail.</para>
/// </remarks>
public static partial class Sha512
{
    public const int HashSizeInBytes = 64;
    public const int BlockSizeInBytes = 128;

    internal const int StateSizeInWords = 8;

    // The padded message ends with a 128-bit big-endian count of message bits (FIPS 180-4 §5.1.2), so a tail of
    // more than 128 - 1 - 16 = 111 bytes spills the terminator or the length into a second final block.
    internal const int LengthFieldSizeInBytes = 16;

    // Static readonly arrays rather than ReadOnlySpan<ulong> literal properties: unoptimized (Debug) code
    // allocates on every read of the latter.

    // H(0) of SHA-512, FIPS 180-4 §5.3.5.
    internal static readonly ulong[] InitialHashValue =
    [
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    ];

    // H(0) of SHA-384, FIPS 180-4 §5.3.4.
    internal static readonly ulong[] InitialHashValue384 =
    [
        0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
        0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
    ];

    // H(0) of SHA-512/224, FIPS 180-4 §5.3.6.1 (the output of the §5.3.6 IV generation function for t = 224).
    internal static readonly ulong[] InitialHashValue512T224 =
    [
        0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
        0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1,
    ];

    // H(0) of SHA-512/256, FIPS 180-4 §5.3.6.2.
    internal static readonly ulong[] InitialHashValue512T256 =
    [
        0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
        0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
    ];

    /// <summary>
    /// Whether this algorithm has <paramref name="path"/> here: <see cref="InstructionSet.Scalar"/> always, and
    /// <see cref="InstructionSet.Ssse3"/> on x86 CPUs with SSSE3 (it uses pshufb and palignr directly).
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => Ssse3.IsSupported,
        InstructionSet.Avx2 => Avx2.IsSupported,
        _ => false,
    };

    /// <summary>The path the overloads without one use: the widest of <see cref="InstructionSet.Avx2"/> and <see cref="InstructionSet.Ssse3"/> the CPU has.</summary>
    public static InstructionSet DefaultPath { get; } = InstructionSets.Widest(IsSupported);

    /// <summary>Computes the SHA-512 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, DefaultPath);

    /// <summary>Computes the SHA-512 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/>, <see cref="InstructionSet.Ssse3"/> or <see cref="InstructionSet.Avx2"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 64 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        HashChecked(HashSizeInBytes, "SHA-512", source, destination, path);

    /// <summary>Checks the arguments, then hashes <paramref name="source"/> into the first <paramref name="hashSize"/> bytes (64, 48, 32 or 28; the size picks the initial value).</summary>
    internal static void HashChecked(int hashSize, string algorithm, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNoSuchPath(path, algorithm);
        BlockHash.ThrowIfDestinationTooShort(destination, hashSize, algorithm);
        HashCore(path, source, destination[..hashSize]);
    }

    /// <summary>
    /// Hashes <paramref name="source"/> into <paramref name="destination"/> (64, 48, 32 or 28 bytes; the size picks
    /// the initial value) on <paramref name="path"/>. The digest is written after the whole source has been read, so
    /// the two may overlap.
    /// </summary>
    /// <remarks>
    /// Not <see cref="BlockHash.Hash"/>: over a <see cref="Function{TPath}"/> per path the same steps measured 2%
    /// slower at 128 bytes (10 ns a call, harness paired and Stopwatch, AMD EPYC, 2026-11-26), for no cause the
    /// disassembly showed; this one body with the path tested per call is the base's, and the incremental hasher,
    /// which pays nothing per call, keeps the per-path functions.
    /// </remarks>
    [SkipLocalsInit]
    private static void HashCore(InstructionSet path, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        State state = default;
        InitialHashValueFor(destination.Length).AsSpan().CopyTo(state);
        int wholeBlocks = source.Length / BlockSizeInBytes;
        if (wholeBlocks != 0)
        {
            Compress(path, ref state, ref MemoryMarshal.GetReference(source), wholeBlocks);
        }

        Unsafe.SkipInit(out BlockHash.FinalBlocks finalBlocks);
        Span<byte> final = finalBlocks;
        int finalLength = BlockHash.Pad(
            source[(wholeBlocks * BlockSizeInBytes)..], (ulong)source.Length, final, BlockSizeInBytes, LengthFieldSizeInBytes, bigEndianLength: true);
        Compress(path, ref state, ref final[0], finalLength / BlockSizeInBytes);
        WriteDigest(ref state, destination);
        CryptographicOperations.ZeroMemory(final[..finalLength]);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)state));
    }

    private static void Compress(InstructionSet path, ref State state, ref byte blocks, int blockCount)
    {
        if (path == InstructionSet.Avx2)
        {
            CompressAvx2(ref state, ref blocks, blockCount);
        }
        else if (path == InstructionSet.Ssse3)
        {
            CompressSsse3(ref state, ref blocks, blockCount);
        }
        else
        {
            CompressScalar(ref state, ref blocks, blockCount);
        }
    }

    internal static void ThrowIfNoSuchPath(InstructionSet path, string algorithm) =>
        BlockHash.ThrowIfNoSuchPath(path, algorithm, IsSupported(path), "scalar and, on x86, ssse3 and avx2");

    /// <summary>The initial hash value for a digest of <paramref name="hashSize"/> bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong[] InitialHashValueFor(int hashSize) => hashSize switch
    {
        Sha384.HashSizeInBytes => InitialHashValue384,
        Sha512T256.HashSizeInBytes => InitialHashValue512T256,
        Sha512T224.HashSizeInBytes => InitialHashValue512T224,
        _ => InitialHashValue,
    };

    /// <summary>A compression path as a type, so that each path's <see cref="Function{TPath}"/> calls it directly, with no per-block dispatch.</summary>
    internal interface IPath
    {
        static abstract void Compress(ref State state, ref byte blocks, int blockCount);
    }

    internal readonly struct ScalarPath : IPath
    {
        public static void Compress(ref State state, ref byte blocks, int blockCount) => CompressScalar(ref state, ref blocks, blockCount);
    }

    internal readonly struct Ssse3Path : IPath
    {
        public static void Compress(ref State state, ref byte blocks, int blockCount) => CompressSsse3(ref state, ref blocks, blockCount);
    }

    internal readonly struct Avx2Path : IPath
    {
        public static void Compress(ref State state, ref byte blocks, int blockCount) => CompressAvx2(ref state, ref blocks, blockCount);
    }

    /// <summary>The SHA-512 family on one path as <see cref="BlockHash"/> drives it.</summary>
    internal readonly struct Function<TPath> : IBlockHashFunction<State>
        where TPath : struct, IPath
    {
        public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

        /// <remarks>The eight words are copied as one struct, a fixed-size move, rather than as a span of the array's length.</remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static void Initialize(ref State state, int hashSize) =>
            state = Unsafe.As<ulong, State>(ref MemoryMarshal.GetArrayDataReference(InitialHashValueFor(hashSize)));

        public static void Compress(ref State state, ref byte blocks, int blockCount) => TPath.Compress(ref state, ref blocks, blockCount);

        /// <summary>FIPS 180-4 §5.1.2 padding (a 128-bit big-endian bit count), then the truncated digest.</summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            BlockHash.PadAndCompress<Function<TPath>, State>(ref state, tail, messageLength, BlockSizeInBytes, LengthFieldSizeInBytes, bigEndianLength: true);
            WriteDigest(ref state, destination);
        }
    }

    /// <summary>
    /// Writes the state words big-endian, as many bytes as <paramref name="destination"/> holds: SHA-512/224
    /// ends halfway through the fourth word (FIPS 180-4 §6.6: the leftmost 224 bits).
    /// </summary>
    internal static void WriteDigest(ref State state, Span<byte> destination)
    {
        int wholeWords = destination.Length / sizeof(ulong);
        for (int i = 0; i < wholeWords; i++)
        {
            BinaryPrimitives.WriteUInt64BigEndian(destination[(i * sizeof(ulong))..], state[i]);
        }

        int rest = destination.Length % sizeof(ulong);
        if (rest != 0)
        {
            Span<byte> lastWord = stackalloc byte[sizeof(ulong)];
            BinaryPrimitives.WriteUInt64BigEndian(lastWord, state[wholeWords]);
            lastWord[..rest].CopyTo(destination[(wholeWords * sizeof(ulong))..]);
            CryptographicOperations.ZeroMemory(lastWord);
        }
    }

    /// <summary>The eight 64-bit words of the chaining state, H(i) in FIPS 180-4 §6.4.</summary>
    [InlineArray(StateSizeInWords)]
    internal struct State
    {
        private ulong _element0;
    }
}

/// <summary>
/// SHA-384 as specified in FIPS 180-4: SHA-512 from its own initial hash value (§5.3.4), truncated to 48 bytes (§6.5). It shares SHA-512's code and paths.
/// </summary>
public static class Sha384
{
    public const int HashSizeInBytes = 48;
    public const int BlockSizeInBytes = Sha512.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: the same as <see cref="Sha512.IsSupported"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha512.IsSupported(path);

    /// <summary>Computes the SHA-384 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 48-byte digest; bytes past the first 48 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 48 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Sha512.DefaultPath);

    /// <summary>Computes the SHA-384 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 48-byte digest; bytes past the first 48 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/>, <see cref="InstructionSet.Ssse3"/> or <see cref="InstructionSet.Avx2"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 48 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha512.HashChecked(HashSizeInBytes, "SHA-384", source, destination, path);
}

/// <summary>
/// SHA-512/224 as specified in FIPS 180-4: SHA-512 from its own initial hash value (§5.3.6.1), truncated to 28 bytes (§6.6). It shares SHA-512's code and paths.
/// </summary>
public static class Sha512T224
{
    public const int HashSizeInBytes = 28;
    public const int BlockSizeInBytes = Sha512.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: the same as <see cref="Sha512.IsSupported"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha512.IsSupported(path);

    /// <summary>Computes the SHA-512/224 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 28 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Sha512.DefaultPath);

    /// <summary>Computes the SHA-512/224 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/>, <see cref="InstructionSet.Ssse3"/> or <see cref="InstructionSet.Avx2"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 28 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha512.HashChecked(HashSizeInBytes, "SHA-512/224", source, destination, path);
}

/// <summary>
/// SHA-512/256 as specified in FIPS 180-4: SHA-512 from its own initial hash value (§5.3.6.2), truncated to 32 bytes (§6.7). It shares SHA-512's code and paths.
/// </summary>
public static class Sha512T256
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = Sha512.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: the same as <see cref="Sha512.IsSupported"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha512.IsSupported(path);

    /// <summary>Computes the SHA-512/256 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Sha512.DefaultPath);

    /// <summary>Computes the SHA-512/256 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/>, <see cref="InstructionSet.Ssse3"/> or <see cref="InstructionSet.Avx2"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha512.HashChecked(HashSizeInBytes, "SHA-512/256", source, destination, path);
}

/// <summary>
/// Incremental SHA-512, SHA-384, SHA-512/256 or SHA-512/224: append the message in pieces of any size, then read
/// the digest.
/// </summary>
/// <remarks>
/// The variant is chosen by hash size, since each of the four has its own: 64 bytes is SHA-512, 48 SHA-384,
/// 32 SHA-512/256 and 28 SHA-512/224 (each from its own initial hash value, not a truncated SHA-512). Whole
/// blocks are compressed straight from the caller's buffer; only a partial block is kept. Nothing is allocated
/// after construction.
/// </remarks>
public sealed class Sha512Hasher : BlockHasher
{
    /// <summary>Starts a SHA-512 computation on the fastest path.</summary>
    public Sha512Hasher()
        : this(Sha512.HashSizeInBytes, Sha512.DefaultPath)
    {
    }

    /// <summary>Starts a computation of the variant with <paramref name="hashSizeInBytes"/> on <paramref name="path"/>.</summary>
    /// <param name="hashSizeInBytes">64 (SHA-512), 48 (SHA-384), 32 (SHA-512/256) or 28 (SHA-512/224).</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/>, <see cref="InstructionSet.Ssse3"/> or <see cref="InstructionSet.Avx2"/>.</param>
    /// <exception cref="ArgumentException">Another hash size, or a path this algorithm lacks here.</exception>
    public Sha512Hasher(int hashSizeInBytes, InstructionSet path)
        : base(CreateEngine(hashSizeInBytes, path), AlgorithmName(hashSizeInBytes))
    {
        Path = path;
    }

    public InstructionSet Path { get; }

    private static string AlgorithmName(int hashSizeInBytes) => hashSizeInBytes switch
    {
        Sha512.HashSizeInBytes => "SHA-512",
        Sha384.HashSizeInBytes => "SHA-384",
        Sha512T256.HashSizeInBytes => "SHA-512/256",
        Sha512T224.HashSizeInBytes => "SHA-512/224",
        _ => throw new ArgumentException(
            "The SHA-512 family writes 64 (SHA-512), 48 (SHA-384), 32 (SHA-512/256) or 28 (SHA-512/224) bytes.",
            nameof(hashSizeInBytes)),
    };

    /// <summary>The engine for the path, chosen once here so that no block pays for a dispatch.</summary>
    private static BlockHashEngine CreateEngine(int hashSizeInBytes, InstructionSet path)
    {
        Sha512.ThrowIfNoSuchPath(path, AlgorithmName(hashSizeInBytes));
        return path switch
        {
            InstructionSet.Avx2 => new BlockHashEngine<Sha512.Function<Sha512.Avx2Path>, Sha512.State>(hashSizeInBytes),
            InstructionSet.Ssse3 => new BlockHashEngine<Sha512.Function<Sha512.Ssse3Path>, Sha512.State>(hashSizeInBytes),
            _ => new BlockHashEngine<Sha512.Function<Sha512.ScalarPath>, Sha512.State>(hashSizeInBytes),
        };
    }
}
