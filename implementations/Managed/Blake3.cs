namespace CryptoHarness.Managed;

/// <summary>
/// BLAKE3 (the BLAKE3 specification, O'Connor, Aumasson, Neves and Wilcox-O'Hearn, 2020): the hash, keyed hash
/// and key derivation modes, each with extendable output, one-shot here and incremental in
/// <see cref="Blake3Hasher"/>.
/// </summary>
/// <remarks>
/// <para>
/// Paths, one partial file each: <c>Blake3.Scalar.cs</c> (portable, one block at a time, the reference the others
/// are tested against), <c>Blake3.Ssse3.cs</c> (one block with <c>Vector128</c> rows; 4 chunks at once),
/// <c>Blake3.Avx2.cs</c> (8 chunks at once in <c>Vector256</c> lanes, and leftover pairs one per 128-bit half) and
/// <c>Blake3.Avx512.cs</c> (16 chunks at once in <c>Vector512</c> lanes, and AVX-512's rotate instruction in every
/// width). The vector paths are written for x86; on other CPUs only the scalar path exists (<see cref="IsSupported"/>).
/// <c>Blake3.Incremental.cs</c> holds <see cref="Blake3Hasher"/>'s state machine and <c>Blake3.Multithreaded.cs</c>
/// a separate, optional entry point that hashes large inputs on several threads.
/// </para>
/// <para>
/// The tree code in this file is generic over the path (<see cref="IPath"/>), so each path gets its own compiled
/// copy of it with the compression calls inlined and no per-block dispatch. It follows the reference Rust crate's
/// shape: a one-shot input is split at the largest power-of-two number of chunks strictly less than its length,
/// recursively, until a piece fits one wide kernel call, and the parents of each level are compressed in batches
/// by the same kernel.
/// </para>
/// <para>
/// Dispatch: the default path is the widest one the CPU supports. The paths differ only in how many inputs they
/// compress at once and how they rotate, and the wider one was the faster at every length measured. MB/s at
/// 128 B / 1 KiB / 16 KiB / 128 KiB on the AMD EPYC development machine (AVX-512), a Stopwatch loop over thread CPU
/// time, best of 11 runs after warm-up, with the Rust crate (blake3 1.3.1 through a C shim) in the same process:
/// Scalar 404 / 428 / 401 / 399; Ssse3 792 / 884 / 2,258 / 2,284; Avx2 792 / 883 / 4,242 / 4,382;
/// Avx512 822 / 923 / 5,773 / 6,100; Rust 785 / 957 / 6,155 / 6,480. Extendable output, 64 KiB read at once:
/// Scalar 414, Ssse3 2,234, Avx2 3,525, Avx512 5,326 (the vector paths compute 4, 8 or 16 output blocks at once).
/// Since the AVX-512 kernels keep the message words in registers (wall-clock Stopwatch, best of 15 after 600 ms of
/// warm-up, the Rust crate called without the GC transition): Avx512 964 / 943 / 6,428 / 6,749; Rust 810 / 977 /
/// 6,346 / 6,623. One chunk (1 KiB) is a chain of single-block compressions, latency-bound on every path.
/// </para>
/// <para>
/// Without AVX-512 the JIT has 16 vector registers instead of 32, and the many-input kernels of the Avx2 and Ssse3
/// paths keep one of the sixteen state rows in memory (see <c>Rounds</c> in either file): without that, the rotations
/// by 12 and 7 found no free register and the JIT spilled two rows around nearly every one, and the paths ran 2.0x
/// (Avx2) and 2.4x (Ssse3) slower at 8 KiB with AVX-512 hidden than visible. Microseconds before / after, with the
/// runtime's AVX-512 switches off on the development machine (Stopwatch A/B of both builds in one process): 8 KiB
/// Avx2 4.0 / 2.0, Ssse3 8.6 / 3.7; 128 KiB Avx2 62 / 30, Ssse3 137 / 58; Ssse3 with AVX also off (x86-64-v2), 8 KiB
/// 7.6 / 3.7. With AVX-512 visible the same paths take 1.97, 3.65, 29.5 and 57, as before.
/// </para>
/// <para>
/// With that, the Avx2 rounds were instruction for instruction those of the Rust crate's AVX2 assembly, and still 4–7%
/// behind it at 8 and 128 KiB. Four changes to <c>HashEight</c> close the gap together, though none measured beyond
/// noise alone (ratios 0.976 to 1.012, none significant): the message words are read through a table of byte offsets
/// (one scalar load a word instead of a load, a shift and an address); each block is loaded in sixteen-byte quarters
/// with inputs i and i + 4 in one vector (a load and an insert from memory), so a 4x4 transpose within 128-bit halves
/// replaces the 8x8 one and its eight cross-half permutes; the message buffer is aligned to 32 bytes by hand (the JIT
/// aligns stack locals to 16 only, so a <c>Vector256</c> could straddle two cache lines on every round's message and
/// row-8 accesses), as the crate aligns its own; and the buffer is no longer zeroed first (everything is written before
/// it is read, and it is still wiped at the end). Unrolling the rounds with constant word indices, and prefetching two
/// blocks ahead as the crate does, were tried and dropped: unrolled, the JIT spilled state rows (2.7x slower);
/// prefetching changed nothing. <c>harness paired --base-build &lt;main's harness build&gt; --algorithm BLAKE3
/// --provider managed --sizes 8KiB,128KiB --threshold 1%</c>, 8 copies a side, head ÷ base: with the runtime's AVX-512
/// switches off (DOTNET_EnableAVX512F, AVX512, AVX10v1, AVX10v2 = 0), two runs, Avx2 8 KiB 0.972 / 0.971, 128 KiB 0.966
/// / 0.967 (faster), Ssse3 and Scalar same; with AVX-512 visible, Avx2 0.975 / 0.960 (faster), Avx512 1.000 / 0.998
/// (same). Against the crate's AVX2 code (<c>harness run --isa x86-64-v3 --family BLAKE3 --job quick --sizes
/// 128,8KiB,128KiB</c>, ratio of medians, managed ÷ native, two runs): 128 B 0.57 / 0.83, 8 KiB 0.955 / 0.994, 128 KiB
/// 0.953 / 0.962, from 1.05–1.07 and 1.04 before.
/// </para>
/// <para>
/// A message of at most one chunk with the standard 32-byte output, the commonest call, has a path of its own
/// (<c>HashChunkToRootRows</c> in <c>Blake3.Ssse3.cs</c>, one call from the dispatch): the chaining value stays in two
/// row vectors from the key to the root and is stored straight into the destination, with no pending
/// <see cref="Output"/> to fill, copy, zero or wipe, and the general code, whose buffers the JIT zeroes on entry, is
/// not on that path. A call through the per-path overload by function pointer, as the harness makes it, before and
/// after, each build in its own process beside the <c>Blake3</c> package (Stopwatch, 301 interleaved rounds of about
/// 0.1 ms a side, medians; the package's time ÷ ours in brackets): 128 B 155 ns (0.90) and 124 ns (1.14); 1 KiB
/// 1,037 ns (1.10) and 981 ns (1.17). <c>harness paired --base-build &lt;the build before&gt; --algorithm BLAKE3 --provider
/// managed --sizes 128,1KiB,8KiB,128KiB</c>, head ÷ base: 128 B Avx512 0.78, Avx2 0.79, Ssse3 0.83; 1 KiB 0.88,
/// 0.91, 0.91 (all faster); 8 and 128 KiB and every Scalar case the same.
/// </para>
/// <para>
/// Nothing is allocated on the heap per call. Stack buffers that held message-derived chaining values or blocks
/// are wiped before returning; what the JIT spills from registers is beyond reach.
/// </para>
/// </remarks>
public static partial class Blake3
{
    public const int HashSizeInBytes = 32;
    public const int KeySizeInBytes = 32;
    public const int ChunkSizeInBytes = 1024;
    public const int BlockSizeInBytes = 64;

    private const int ChainingValueSizeInBytes = 32;
    private const int BlocksPerChunk = ChunkSizeInBytes / BlockSizeInBytes;

    // 2^64 bytes of input is at most 2^54 chunks, so the tree is at most 54 levels deep and the incremental
    // hasher's stack of pending left subtrees never holds more than 54 chaining values.
    private const int MaxStackDepth = 54;

    // The widest kernel's batch (16 inputs, Avx512), and at least 2 so that every subtree wider than one chunk
    // hands its caller two chaining values even on the scalar path; the reference crate's MAX_SIMD_DEGREE_OR_2.
    private const int MaxBatchOr2 = 16;

    // Domain-separation flags, BLAKE3 spec §2.2 (Table 3).
    private const uint ChunkStart = 1 << 0;
    private const uint ChunkEnd = 1 << 1;
    private const uint Parent = 1 << 2;
    private const uint Root = 1 << 3;
    private const uint KeyedHash = 1 << 4;
    private const uint DeriveKeyContext = 1 << 5;
    private const uint DeriveKeyMaterial = 1 << 6;

    // IV, BLAKE3 spec §2.2 (Table 1): the same eight words as SHA-256's initial hash value (FIPS 180-4 §5.3.3). In
    // the hash mode and for a derive_key context string it also stands in for the key. The vector paths take the
    // first four as Vector128 constants; these named words keep the literals in one place.
    private const uint Iv0 = 0x6A09E667;
    private const uint Iv1 = 0xBB67AE85;
    private const uint Iv2 = 0x3C6EF372;
    private const uint Iv3 = 0xA54FF53A;
    private const uint Iv4 = 0x510E527F;
    private const uint Iv5 = 0x9B05688C;
    private const uint Iv6 = 0x1F83D9AB;
    private const uint Iv7 = 0x5BE0CD19;

    // The message schedule of the many-input kernels: row r is the message permutation of BLAKE3 spec §2.2
    // (Table 2) applied r times, so round r's G functions take words row[0], row[1] (first column) through
    // row[14], row[15] (last diagonal); the reference crate's MSG_SCHEDULE.
    private static ReadOnlySpan<byte> MessageSchedule =>
    [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8,
        3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1,
        10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6,
        12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4,
        9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7,
        11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13,
    ];

    // A static readonly struct: read in place through `in`, never copied, never allocated per call.
    private static readonly ChainingValue IvKey = CreateIvKey();

    // Bit n set when path n runs on this CPU, read once: the JIT folds a static readonly value into the code, so
    // checking a caller's path is a compare and a bit test, where the two IsSupported switches were two calls.
    private static readonly uint SupportedPathBits = ComputeSupportedPathBits();

    // Read once; every overload without a path uses it. See the type's remarks for the measurement.
    private static readonly InstructionSet Fastest = InstructionSets.Widest(IsSupported);

    /// <summary>The path the overloads without an <see cref="InstructionSet"/> argument use on this CPU.</summary>
    public static InstructionSet DefaultPath => Fastest;

    /// <summary>
    /// Whether this CPU can run the given path of this implementation. Scalar always; the others need x86 with
    /// SSSE3, AVX2, or AVX-512 (F, VL and the rest that <see cref="InstructionSets"/> requires) respectively.
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,

        // The 128-bit path uses SSE's two-source shufps for the message schedule, which has no portable
        // equivalent, so an Arm CPU that InstructionSets counts as 128-bit capable does not qualify.
        InstructionSet.Ssse3 => Ssse3.IsSupported,
        InstructionSet.Avx2 => Avx2.IsSupported,
        InstructionSet.Avx512 => InstructionSets.IsSupported(InstructionSet.Avx512) && Avx512F.VL.IsSupported,
        _ => false,
    };

    /// <summary>Computes the BLAKE3 hash of <paramref name="source"/> on the fastest path, filling all of <paramref name="destination"/>.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">
    /// Receives <c>destination.Length</c> bytes of output. 32 bytes is the standard hash; longer outputs use
    /// BLAKE3's extendable output, and every output is a prefix of every longer one.
    /// </param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Fastest);

    /// <summary>Computes the BLAKE3 hash of <paramref name="source"/> on the given path.</summary>
    /// <inheritdoc cref="HashData(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="path">The instruction-set path to run.</param>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNotSupported(path);
        ThrowIfEmpty(destination);
        HashOneShot(path, in IvKey, 0, source, destination);
#if CALIBRATED_SLOWDOWN
        CalibratedSlowdown.AfterCall(source, path, static (s, d, p) => HashOneShot(p, in IvKey, 0, s, d));
#endif
    }

    /// <summary>Computes the BLAKE3 keyed hash (a MAC or PRF) of <paramref name="source"/> on the fastest path.</summary>
    /// <param name="key">The 32-byte key.</param>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; 32 is the standard length.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="key"/> is not 32 bytes, or <paramref name="destination"/> is empty.
    /// </exception>
    public static void KeyedHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) =>
        KeyedHashData(key, source, destination, Fastest);

    /// <summary>Computes the BLAKE3 keyed hash of <paramref name="source"/> on the given path.</summary>
    /// <inheritdoc cref="KeyedHashData(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="path">The instruction-set path to run.</param>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public static void KeyedHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNotSupported(path);
        ThrowIfBadKey(key);
        ThrowIfEmpty(destination);
        LoadKey(key, out ChainingValue keyWords);
        HashOneShot(path, in keyWords, KeyedHash, source, destination);
        Wipe(ref keyWords);
    }

    /// <summary>Derives key material in BLAKE3's derive_key mode on the fastest path.</summary>
    /// <param name="context">
    /// The context string as UTF-8 bytes: hard-coded, globally unique and application-specific (BLAKE3 spec §2.3).
    /// </param>
    /// <param name="keyMaterial">The secret input key material.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of derived key.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
    public static void DeriveKey(ReadOnlySpan<byte> context, ReadOnlySpan<byte> keyMaterial, Span<byte> destination) =>
        DeriveKey(context, keyMaterial, destination, Fastest);

    /// <summary>Derives key material in BLAKE3's derive_key mode on the given path.</summary>
    /// <inheritdoc cref="DeriveKey(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="path">The instruction-set path to run.</param>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public static void DeriveKey(ReadOnlySpan<byte> context, ReadOnlySpan<byte> keyMaterial, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNotSupported(path);
        ThrowIfEmpty(destination);
        DeriveContextKey(path, context, out ChainingValue contextKey);
        HashOneShot(path, in contextKey, DeriveKeyMaterial, keyMaterial, destination);
        Wipe(ref contextKey);
    }

    internal static void ThrowIfNotSupported(InstructionSet path)
    {
        if ((uint)path >= 32 || (SupportedPathBits & (1u << (int)path)) == 0)
        {
            ThrowNotSupported(path);
        }
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowNotSupported(InstructionSet path)
    {
        InstructionSets.ThrowIfNotSupported(path);
        throw new PlatformNotSupportedException($"BLAKE3 has no {InstructionSets.VariantName(path)} path for this CPU.");
    }

    private static uint ComputeSupportedPathBits()
    {
        uint bits = 0;
        foreach (var path in Enum.GetValues<InstructionSet>())
        {
            // A path this class supports is one the CPU has (IsSupported asks InstructionSets or more), so one
            // test covers both of the checks that ThrowNotSupported tells apart.
            if ((uint)path < 32 && IsSupported(path))
            {
                bits |= 1u << (int)path;
            }
        }

        return bits;
    }

    internal static void ThrowIfBadKey(ReadOnlySpan<byte> key)
    {
        if (key.Length != KeySizeInBytes)
        {
            throw new ArgumentException($"A BLAKE3 key is {KeySizeInBytes} bytes.", nameof(key));
        }
    }

    internal static void ThrowIfEmpty(Span<byte> destination)
    {
        if (destination.IsEmpty)
        {
            throw new ArgumentException("Destination must have room for at least one byte of output.", nameof(destination));
        }
    }

    /// <summary>
    /// The first derive_key step (BLAKE3 spec §2.3): the context string hashed under the IV with
    /// DERIVE_KEY_CONTEXT gives the key under which the key material is then hashed.
    /// </summary>
    internal static void DeriveContextKey(InstructionSet path, ReadOnlySpan<byte> context, out ChainingValue contextKey)
    {
        Span<byte> bytes = stackalloc byte[KeySizeInBytes];
        HashOneShot(path, in IvKey, DeriveKeyContext, context, bytes);
        LoadKey(bytes, out contextKey);
        CryptographicOperations.ZeroMemory(bytes);
    }

    internal static void LoadKey(ReadOnlySpan<byte> key, out ChainingValue words)
    {
        Debug.Assert(key.Length == KeySizeInBytes, "A key is 32 bytes.");
        Unsafe.SkipInit(out words);
        for (int i = 0; i < 8; i++)
        {
            words[i] = BinaryPrimitives.ReadUInt32LittleEndian(key.Slice(i * sizeof(uint), sizeof(uint)));
        }
    }

    private static ChainingValue CreateIvKey()
    {
        ChainingValue iv = default;
        iv[0] = Iv0;
        iv[1] = Iv1;
        iv[2] = Iv2;
        iv[3] = Iv3;
        iv[4] = Iv4;
        iv[5] = Iv5;
        iv[6] = Iv6;
        iv[7] = Iv7;
        return iv;
    }

    private static void HashOneShot(InstructionSet path, in ChainingValue key, uint flags, ReadOnlySpan<byte> input, Span<byte> destination)
    {
        switch (path)
        {
            case InstructionSet.Avx512:
                HashOneShot<Avx512Path>(in key, flags, input, destination);
                break;
            case InstructionSet.Avx2:
                HashOneShot<Avx2Path>(in key, flags, input, destination);
                break;
            case InstructionSet.Ssse3:
                HashOneShot<Ssse3Path>(in key, flags, input, destination);
                break;
            default:
                HashOneShot<ScalarPath>(in key, flags, input, destination);
                break;
        }
    }

    /// <summary>
    /// Hashes <paramref name="input"/> as a whole and writes the root output (the reference crate's
    /// <c>hash_all_at_once</c>). Every input byte is read before the first output byte is written, so the two
    /// may overlap.
    /// </summary>
    private static void HashOneShot<TPath>(in ChainingValue key, uint flags, ReadOnlySpan<byte> input, Span<byte> destination)
        where TPath : struct, IPath
    {
        if (input.Length <= ChunkSizeInBytes && destination.Length == HashSizeInBytes)
        {
            TPath.HashChunkToRoot(in key, flags, input, destination);
        }
        else
        {
            HashTreeOrExtendedOutput<TPath>(in key, flags, input, destination);
        }
    }

    /// <summary>
    /// <see cref="HashOneShot{TPath}"/> for every input but a short message's 32-byte hash. A method of its own, never
    /// inlined: the JIT zeroes its <see cref="Output"/> and output block (some 200 bytes) in the prologue of whichever
    /// method holds them, and inlined into the dispatch they were zeroed on every short message too.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashTreeOrExtendedOutput<TPath>(in ChainingValue key, uint flags, ReadOnlySpan<byte> input, Span<byte> destination)
        where TPath : struct, IPath
    {
        Output root = default;
        if (input.Length <= ChunkSizeInBytes)
        {
            ChunkOutput<TPath>(in key, flags, 0, input, ref root);
        }
        else
        {
            // The root is the parent of the two subtrees the input splits into; its block is their two chaining
            // values side by side, written straight into place.
            CompressSubtreeToParentNode<TPath>(input, in key, 0, flags, root.Block);
            SetParent(ref root, in key, flags);
        }

        WriteRootOutput<TPath>(ref root, 0, destination);
        Wipe(ref root);
    }

    /// <summary>
    /// <see cref="IPath.HashChunkToRoot"/> from the general pieces: the chunk's blocks with the last held back, then
    /// the root's chaining value.
    /// </summary>
    private static void HashChunkToRootByBlocks<TPath>(in ChainingValue key, uint flags, ReadOnlySpan<byte> chunk, Span<byte> hash)
        where TPath : struct, IPath
    {
        Output root = default;
        ChunkOutput<TPath>(in key, flags, 0, chunk, ref root);
        WriteRootOutput<TPath>(ref root, 0, hash);
        Wipe(ref root);
    }

    /// <summary>
    /// Compresses every block of a chunk of at most 1024 bytes except the last, and leaves the last one pending in
    /// <paramref name="output"/> (BLAKE3 spec §2.4): only the caller knows whether this chunk is the root.
    /// </summary>
    private static void ChunkOutput<TPath>(in ChainingValue key, uint flags, ulong chunkCounter, ReadOnlySpan<byte> chunk, ref Output output)
        where TPath : struct, IPath
    {
        Debug.Assert(chunk.Length <= ChunkSizeInBytes, "A chunk is at most 1024 bytes.");

        output.InputChainingValue = key;
        uint blockFlags = flags | ChunkStart;

        // `>` rather than `>=` keeps a full final block pending; an empty chunk, which only the empty input
        // produces, still ends in one zero-length, all-zero block.
        while (chunk.Length > BlockSizeInBytes)
        {
            TPath.CompressBlock(ref output.InputChainingValue, ref MemoryMarshal.GetReference(chunk), chunkCounter, BlockSizeInBytes, blockFlags);
            blockFlags = flags;
            chunk = chunk[BlockSizeInBytes..];
        }

        SetLastBlock(ref output, chunk, chunkCounter, blockFlags | ChunkEnd);
    }

    /// <summary>Copies a final block (0..64 bytes) into <paramref name="output"/>, zero-padded as the spec requires.</summary>
    private static void SetLastBlock(ref Output output, ReadOnlySpan<byte> lastBlock, ulong counter, uint flags)
    {
        Span<byte> block = output.Block;
        lastBlock.CopyTo(block);
        block[lastBlock.Length..].Clear();
        output.Counter = counter;
        output.BlockLength = (uint)lastBlock.Length;
        output.Flags = flags;
    }

    /// <summary>
    /// Turns <paramref name="output"/>, whose block already holds two child chaining values, into a parent node
    /// (BLAKE3 spec §2.5): parents always use counter 0 and a full block.
    /// </summary>
    private static void SetParent(ref Output output, in ChainingValue key, uint flags)
    {
        output.InputChainingValue = key;
        output.Counter = 0;
        output.BlockLength = BlockSizeInBytes;
        output.Flags = flags | Parent;
    }

    /// <summary>Runs a pending compression as a non-root node and keeps its chaining value.</summary>
    private static void ChainingValueOf<TPath>(ref Output output, out ChainingValue chainingValue)
        where TPath : struct, IPath
    {
        chainingValue = output.InputChainingValue;
        TPath.CompressBlock(ref chainingValue, ref output.Block[0], output.Counter, output.BlockLength, output.Flags);
    }

    internal static void WriteRootOutput(InstructionSet path, ref Output output, ulong position, Span<byte> destination)
    {
        switch (path)
        {
            case InstructionSet.Avx512:
                WriteRootOutput<Avx512Path>(ref output, position, destination);
                break;
            case InstructionSet.Avx2:
                WriteRootOutput<Avx2Path>(ref output, position, destination);
                break;
            case InstructionSet.Ssse3:
                WriteRootOutput<Ssse3Path>(ref output, position, destination);
                break;
            default:
                WriteRootOutput<ScalarPath>(ref output, position, destination);
                break;
        }
    }

    /// <summary>
    /// Writes the extendable output of the root node from byte <paramref name="position"/> on (BLAKE3 spec §2.6):
    /// output block <c>i</c> is the root's pending compression rerun with ROOT and counter <c>i</c>, all sixteen
    /// words of it. Any block can be computed on its own, which is what makes the output seekable.
    /// </summary>
    private static void WriteRootOutput<TPath>(ref Output output, ulong position, Span<byte> destination)
        where TPath : struct, IPath
    {
        uint rootFlags = output.Flags | Root;

        // The plain 32-byte hash needs only the chaining-value half of one compression.
        if (position == 0 && destination.Length == HashSizeInBytes)
        {
            ChainingValue hash = output.InputChainingValue;
            TPath.CompressBlock(ref hash, ref output.Block[0], 0, output.BlockLength, rootFlags);
            StoreLittleEndian(in hash, destination);
            return;
        }

        ulong blockCounter = position / BlockSizeInBytes;
        int skip = (int)(position % BlockSizeInBytes);
        Block partial = default;

        while (!destination.IsEmpty)
        {
            if (skip == 0 && destination.Length >= BlockSizeInBytes)
            {
                int wholeBlocks = destination.Length / BlockSizeInBytes;
                TPath.CompressXofMany(in output.InputChainingValue, ref output.Block[0], blockCounter, output.BlockLength, rootFlags, ref MemoryMarshal.GetReference(destination), wholeBlocks);
                destination = destination[(wholeBlocks * BlockSizeInBytes)..];
                blockCounter += (ulong)wholeBlocks;
                continue;
            }
            else
            {
                // A block cut by the start position or the end of the destination goes through a buffer.
                TPath.CompressXof(in output.InputChainingValue, ref output.Block[0], blockCounter, output.BlockLength, rootFlags, ref partial[0]);
                int count = Math.Min(BlockSizeInBytes - skip, destination.Length);
                ((ReadOnlySpan<byte>)partial)[skip..(skip + count)].CopyTo(destination);
                destination = destination[count..];
                skip = 0;
            }

            blockCounter++;
        }

        // Output bytes are not secret in themselves, but the buffer may hold the part of a block the caller skipped.
        Wipe(ref partial);
    }

    /// <summary>
    /// Hashes a subtree of more than one chunk down to the two chaining values of its root's children (the
    /// reference crate's <c>compress_subtree_to_parent_node</c>), written as 64 bytes to <paramref name="childPair"/>.
    /// </summary>
    [SkipLocalsInit]
    private static void CompressSubtreeToParentNode<TPath>(ReadOnlySpan<byte> input, in ChainingValue key, ulong chunkCounter, uint flags, Span<byte> childPair)
        where TPath : struct, IPath
    {
        Debug.Assert(input.Length > ChunkSizeInBytes, "A single chunk has no children.");

        Span<byte> chainingValues = stackalloc byte[MaxBatchOr2 * ChainingValueSizeInBytes];
        int count = CompressSubtreeWide<TPath>(input, in key, chunkCounter, flags, chainingValues);
        ReduceToChildPair<TPath>(chainingValues, count, in key, flags, childPair);

        // The reduction works in place within the first count values; the rest of the buffer was never written.
        CryptographicOperations.ZeroMemory(chainingValues[..(count * ChainingValueSizeInBytes)]);
    }

    /// <summary>
    /// Reduces the at most one batch of chaining values a subtree yields, a level at a time and in place, to the two
    /// children of its root.
    /// </summary>
    private static void ReduceToChildPair<TPath>(Span<byte> chainingValues, int count, in ChainingValue key, uint flags, Span<byte> childPair)
        where TPath : struct, IPath
    {
        Debug.Assert(count >= 2, "A subtree of more than one chunk yields at least two chaining values.");

        while (count > 2)
        {
            count = CompressParentsParallel<TPath>(chainingValues[..(count * ChainingValueSizeInBytes)], in key, flags, chainingValues);
        }

        chainingValues[..(2 * ChainingValueSizeInBytes)].CopyTo(childPair);
    }

    /// <summary>
    /// Hashes a subtree into at most one batch of chaining values, the roots of consecutive equal subtrees except
    /// maybe the last (the reference crate's <c>compress_subtree_wide</c>), and returns how many it wrote.
    /// </summary>
    /// <remarks>
    /// The split puts the largest power-of-two number of chunks strictly less than the whole on the left, which is
    /// the spec's tree shape (§2.1: left subtrees are complete, the right edge takes the remainder). The left
    /// half then always returns a full batch, the right half at most one, and pairing them up level by level
    /// builds exactly the spec's tree: each pair is two siblings.
    /// </remarks>
    [SkipLocalsInit]
    private static int CompressSubtreeWide<TPath>(ReadOnlySpan<byte> input, in ChainingValue key, ulong chunkCounter, uint flags, Span<byte> output)
        where TPath : struct, IPath
    {
        if (input.Length <= TPath.Degree * ChunkSizeInBytes)
        {
            return CompressChunksParallel<TPath>(input, in key, chunkCounter, flags, output);
        }

        int leftLength = LeftSubtreeLength(input.Length);
        ReadOnlySpan<byte> left = input[..leftLength];
        ReadOnlySpan<byte> right = input[leftLength..];
        ulong rightChunkCounter = chunkCounter + (ulong)(leftLength / ChunkSizeInBytes);

        // A one-chunk left half only happens on the scalar path (batch of one) at the leaves; there the left
        // yields one chaining value, everywhere else a full batch of at least two.
        int leftCapacity = left.Length == ChunkSizeInBytes ? 1 : Math.Max(TPath.Degree, 2);
        Span<byte> chainingValues = stackalloc byte[2 * MaxBatchOr2 * ChainingValueSizeInBytes];
        int leftCount = CompressSubtreeWide<TPath>(left, in key, chunkCounter, flags, chainingValues);
        int rightCount = CompressSubtreeWide<TPath>(right, in key, rightChunkCounter, flags, chainingValues[(leftCapacity * ChainingValueSizeInBytes)..]);
        Debug.Assert(leftCount == leftCapacity, "A left subtree is complete, so it fills its share.");

        int written;
        if (leftCount == 1)
        {
            // Two single chunks: hand both up unmerged, so that the caller always has at least two.
            chainingValues[..(2 * ChainingValueSizeInBytes)].CopyTo(output);
            written = 2;
        }
        else
        {
            written = CompressParentsParallel<TPath>(chainingValues[..((leftCount + rightCount) * ChainingValueSizeInBytes)], in key, flags, output);
        }

        // Only the left half's share and what the right half wrote after it hold chaining values.
        CryptographicOperations.ZeroMemory(chainingValues[..((leftCapacity + rightCount) * ChainingValueSizeInBytes)]);
        return written;
    }

    /// <summary>
    /// Hashes up to one batch of chunks, all full except maybe the last, into one chaining value each; none of them
    /// is the root, as the caller has more than one chunk.
    /// </summary>
    private static int CompressChunksParallel<TPath>(ReadOnlySpan<byte> input, in ChainingValue key, ulong chunkCounter, uint flags, Span<byte> output)
        where TPath : struct, IPath
    {
        Debug.Assert(!input.IsEmpty && input.Length <= TPath.Degree * ChunkSizeInBytes, "At most one batch of chunks.");

        int fullChunks = input.Length / ChunkSizeInBytes;
        if (fullChunks > 0)
        {
            TPath.HashMany(
                ref MemoryMarshal.GetReference(input),
                fullChunks,
                ChunkSizeInBytes,
                BlocksPerChunk,
                in key,
                chunkCounter,
                incrementCounter: true,
                flags,
                ChunkStart,
                ChunkEnd,
                ref MemoryMarshal.GetReference(output));
        }

        ReadOnlySpan<byte> partialChunk = input[(fullChunks * ChunkSizeInBytes)..];
        if (partialChunk.IsEmpty)
        {
            return fullChunks;
        }

        Output last = default;
        ChunkOutput<TPath>(in key, flags, chunkCounter + (ulong)fullChunks, partialChunk, ref last);
        ChainingValueOf<TPath>(ref last, out ChainingValue chainingValue);
        StoreLittleEndian(in chainingValue, output[(fullChunks * ChainingValueSizeInBytes)..]);
        Wipe(ref last);
        Wipe(ref chainingValue);
        return fullChunks + 1;
    }

    /// <summary>
    /// Compresses consecutive pairs of chaining values into their parents, one batch at a time; an odd last one is
    /// passed through to the next level unchanged. Returns how many were written.
    /// </summary>
    /// <remarks>
    /// <paramref name="output"/> may be <paramref name="chainingValues"/> itself: parent <c>i</c> (32 bytes at
    /// <c>32i</c>) lies below the pairs not yet read (64 bytes from <c>64j</c>, <c>j</c> &gt; <c>i</c>), and a kernel
    /// reads its own pairs before it writes (<see cref="IPath.HashMany"/>). Reducing in place saves a second buffer,
    /// its copy back and its wipe on every one-shot hash.
    /// </remarks>
    private static int CompressParentsParallel<TPath>(ReadOnlySpan<byte> chainingValues, in ChainingValue key, uint flags, Span<byte> output)
        where TPath : struct, IPath
    {
        int count = chainingValues.Length / ChainingValueSizeInBytes;
        int parentCount = count / 2;

        // Each parent's block is the 64 bytes of its two children as they already lie in the array.
        TPath.HashMany(
            ref MemoryMarshal.GetReference(chainingValues),
            parentCount,
            BlockSizeInBytes,
            1,
            in key,
            0,
            incrementCounter: false,
            flags | Parent,
            0,
            0,
            ref MemoryMarshal.GetReference(output));

        if (count % 2 == 0)
        {
            return parentCount;
        }

        chainingValues[(2 * parentCount * ChainingValueSizeInBytes)..].CopyTo(output[(parentCount * ChainingValueSizeInBytes)..]);
        return parentCount + 1;
    }

    /// <summary>
    /// The length of the left subtree of an input of more than one chunk: the largest power-of-two number of
    /// chunks that leaves at least one byte for the right (BLAKE3 spec §2.1; the reference crate's <c>left_len</c>).
    /// </summary>
    private static int LeftSubtreeLength(int inputLength)
    {
        Debug.Assert(inputLength > ChunkSizeInBytes, "Only inputs of more than one chunk are split.");
        int fullChunksBeforeLast = (inputLength - 1) / ChunkSizeInBytes;
        return (1 << BitOperations.Log2((uint)fullChunksBeforeLast)) * ChunkSizeInBytes;
    }

    /// <summary>
    /// The fallback of every path's <see cref="IPath.HashMany"/> for inputs left over after its widest kernels:
    /// one input at a time, one block at a time.
    /// </summary>
    private static void HashOneAtATime<TPath>(
        ref byte inputs, int count, int stride, int blocks, in ChainingValue key,
        ulong counter, bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
        where TPath : struct, IPath
    {
        // Most calls come after a wide kernel that took every input; without this they would still pay the wipe.
        if (count == 0)
        {
            return;
        }

        ChainingValue chainingValue = default;
        for (int i = 0; i < count; i++)
        {
            chainingValue = key;
            ref byte block = ref Unsafe.Add(ref inputs, i * stride);
            uint blockFlags = flags | flagsStart;
            for (int b = 0; b < blocks; b++)
            {
                if (b == blocks - 1)
                {
                    blockFlags |= flagsEnd;
                }

                TPath.CompressBlock(ref chainingValue, ref block, counter, BlockSizeInBytes, blockFlags);
                block = ref Unsafe.Add(ref block, BlockSizeInBytes);
                blockFlags = flags;
            }

            StoreLittleEndian(in chainingValue, MemoryMarshal.CreateSpan(ref Unsafe.Add(ref output, i * ChainingValueSizeInBytes), ChainingValueSizeInBytes));
            if (incrementCounter)
            {
                counter++;
            }
        }

        Wipe(ref chainingValue);
    }

    /// <summary>The fallback of every path's <see cref="IPath.CompressXofMany"/>: one output block at a time.</summary>
    private static void CompressXofOneAtATime<TPath>(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output, int outputBlocks)
        where TPath : struct, IPath
    {
        for (int i = 0; i < outputBlocks; i++)
        {
            TPath.CompressXof(in chainingValue, ref block, counter + (ulong)i, blockLength, flags, ref Unsafe.Add(ref output, i * BlockSizeInBytes));
        }
    }

    /// <summary>Writes the eight words as the first 32 bytes of <paramref name="destination"/>, little-endian.</summary>
    private static void StoreLittleEndian(in ChainingValue words, Span<byte> destination)
    {
        if (BitConverter.IsLittleEndian)
        {
            MemoryMarshal.AsBytes((ReadOnlySpan<uint>)words).CopyTo(destination);
            return;
        }

        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(i * sizeof(uint), sizeof(uint)), words[i]);
        }
    }

    /// <summary>Message word <c>schedule[k]</c> of a kernel's transposed block.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T ScheduledWord<T>(ref T words, ref byte schedule, int k) => Unsafe.Add(ref words, Unsafe.Add(ref schedule, k));

    private static void Wipe<T>(ref T value)
        where T : struct =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref value, 1)));

    /// <summary>
    /// What the tree code needs from an instruction-set path. A path is a struct so that each generic caller is
    /// compiled per path with these calls resolved statically.
    /// </summary>
    private interface IPath
    {
        /// <summary>How many inputs the widest kernel compresses at once: the tree code's batch size.</summary>
        static abstract int Degree { get; }

        /// <summary>
        /// One compression (BLAKE3 spec §2.2) of a 64-byte block, keeping the chaining-value half of the output in
        /// <paramref name="chainingValue"/>.
        /// </summary>
        static abstract void CompressBlock(ref ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags);

        /// <summary>
        /// The standard 32-byte hash of an input of at most one chunk, which is then the root (BLAKE3 spec §2.4 and
        /// §2.6): every one-shot hash of up to 1 KiB, so this is the whole cost of a short message.
        /// </summary>
        static abstract void HashChunkToRoot(in ChainingValue key, uint flags, ReadOnlySpan<byte> chunk, Span<byte> hash);

        /// <summary>One compression writing all sixteen output words, little-endian, for the extendable output.</summary>
        static abstract void CompressXof(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output);

        /// <summary>
        /// <paramref name="outputBlocks"/> consecutive blocks of extendable output, 64 bytes each, the first with
        /// counter <paramref name="counter"/>: <see cref="CompressXof"/> repeated, or a wide kernel doing many at once.
        /// </summary>
        static abstract void CompressXofMany(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output, int outputBlocks);

        /// <summary>
        /// Hashes <paramref name="count"/> inputs of <paramref name="blocks"/> full blocks each, found
        /// <paramref name="stride"/> bytes apart, into one 32-byte chaining value each, written one after another.
        /// Input <c>i</c> uses counter <c>counter + i</c> when <paramref name="incrementCounter"/> (chunks) and
        /// <paramref name="counter"/> otherwise (parents); its first block adds <paramref name="flagsStart"/> and
        /// its last <paramref name="flagsEnd"/> to <paramref name="flags"/> (the reference crate's <c>hash_many</c>).
        /// Each kernel call reads every block of its inputs before it writes their chaining values, which
        /// <see cref="CompressParentsParallel"/> relies on to reduce a level in place.
        /// </summary>
        static abstract void HashMany(
            ref byte inputs, int count, int stride, int blocks, in ChainingValue key,
            ulong counter, bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output);
    }

    /// <summary>
    /// A node's last compression, held back until the caller knows whether the node is the root: an inner node
    /// is compressed once for its chaining value, the root once per 64 bytes of output with ROOT added.
    /// </summary>
    internal struct Output
    {
        public ChainingValue InputChainingValue;
        public Block Block;
        public ulong Counter;
        public uint BlockLength;
        public uint Flags;
    }

    /// <summary>Eight words: a key or a chaining value.</summary>
    [InlineArray(8)]
    internal struct ChainingValue
    {
        private uint _element0;
    }

    /// <summary>A 64-byte message block as bytes; every path reads its words little-endian.</summary>
    [InlineArray(BlockSizeInBytes)]
    internal struct Block
    {
        private byte _element0;
    }
}
