using X86 = System.Runtime.Intrinsics.X86;

namespace CryptoHarness.Managed;

/// <summary>The Argon2 variants of RFC 9106 §3.4, numbered as the type <c>y</c> hashed into H0 (§3.2).</summary>
public enum Argon2Type
{
    /// <summary>Data-dependent addressing throughout (RFC 9106 §3.4.1.1).</summary>
    Argon2d = 0,

    /// <summary>Data-independent addressing throughout (RFC 9106 §3.4.1.2).</summary>
    Argon2i = 1,

    /// <summary>Data-independent for the first half of the first pass, data-dependent after (RFC 9106 §3.4.1.3).</summary>
    Argon2id = 2,
}

/// <summary>The cost parameters of Argon2 (RFC 9106 §3.1).</summary>
/// <param name="MemoryKib">m, the memory size in KiB: at least 8 per lane, at most 2^32 - 1 and what the process can get.</param>
/// <param name="Passes">t, the number of passes over the memory: 1 to 2^32 - 1.</param>
/// <param name="Lanes">p, the degree of parallelism: 1 to 2^24 - 1.</param>
/// <remarks>
/// m and t are <see cref="uint"/> rather than <see cref="int"/> because RFC 9106 allows them up to 2^32 - 1 and PHC
/// strings carry them as 32-bit values: an <see cref="int"/> could not even express the largest legal m.
/// </remarks>
public readonly record struct Argon2Parameters(uint MemoryKib, uint Passes, int Lanes)
{
    /// <summary>The largest p, 2^24 - 1 (RFC 9106 §3.1).</summary>
    public const int MaxLanes = (1 << 24) - 1;

    // GC.GetGCMemoryInfo allocates a result object on every call, so the limit is read once. It changes only if the
    // process's memory limit does, which the runtime reads at startup.
    private static readonly long AvailableMemoryBytes = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes;

    /// <summary>
    /// Throws <see cref="ArgumentOutOfRangeException"/> unless p is 1 to 2^24 - 1, t at least 1, m at least 8p KiB
    /// (RFC 9106 §3.1) and m KiB no more than the memory this process can get
    /// (<see cref="GCMemoryInfo.TotalAvailableMemoryBytes"/>).
    /// </summary>
    public void Validate()
    {
        if (Lanes is < 1 or > MaxLanes)
        {
            throw new ArgumentOutOfRangeException(
                nameof(Lanes), Lanes, $"Argon2 lanes (p) must be 1 to {MaxLanes} (RFC 9106 §3.1), not {Lanes}.");
        }

        if (Passes < 1)
        {
            throw new ArgumentOutOfRangeException(
                nameof(Passes), Passes, $"Argon2 passes (t) must be 1 to {uint.MaxValue} (RFC 9106 §3.1), not 0.");
        }

        if (MemoryKib < 8UL * (uint)Lanes)
        {
            throw new ArgumentOutOfRangeException(
                nameof(MemoryKib), MemoryKib,
                $"Argon2 memory (m) must be at least 8 KiB per lane (RFC 9106 §3.1): with {Lanes} lanes, " +
                $"{8L * Lanes} to {uint.MaxValue} KiB, not {MemoryKib}.");
        }

        if (MemoryKib * 1024L > AvailableMemoryBytes)
        {
            throw new ArgumentOutOfRangeException(
                nameof(MemoryKib), MemoryKib,
                $"Argon2 memory (m) of {MemoryKib} KiB is more than this process can get: " +
                $"{8L * Lanes} to {AvailableMemoryBytes / 1024} KiB here.");
        }
    }
}

/// <summary>
/// Argon2d, Argon2i and Argon2id, version 0x13, as specified in RFC 9106: any memory, passes, lanes, tag length,
/// password, salt, secret and associated data the RFC allows.
/// </summary>
/// <remarks>
/// <para>
/// This file holds the parts that do not depend on the instruction set: validation, H0 and H' (RFC 9106 §3.2, §3.3,
/// both on <see cref="Blake2b"/>), the reference-block indexing (§3.4), segment filling, lane scheduling and the
/// dispatch policy. The compression function G (§3.5, §3.6), where nearly all the time goes, has one partial file per
/// path: <see cref="InstructionSet.Scalar"/> (<c>Argon2.Scalar.cs</c>, ulong words), <see cref="InstructionSet.Ssse3"/>
/// (<c>Argon2.Ssse3.cs</c>, SSE2/SSSE3 on x86 only, so not on Arm), <see cref="InstructionSet.Avx2"/>
/// (<c>Argon2.Avx2.cs</c>) and <see cref="InstructionSet.Avx512"/> (<c>Argon2.Avx512.cs</c>, the whole block in
/// sixteen registers).
/// </para>
/// <para>
/// Dispatch (<see cref="DefaultPath"/>): Avx512, else Avx2, else Ssse3, else Scalar, each wider path measured faster
/// than the narrower one. Measured on the AMD EPYC (Zen 4, 2 cores) this was written on, Argon2id m = 19456 KiB,
/// t = 2, p = 1 (the OWASP setting), Stopwatch, median of 9 runs in one process, Release, .NET 10: Avx512 5.8 ms,
/// Avx2 7.3 ms, Ssse3 13.0 ms, Scalar 45 ms; libsodium 1.0.18's crypto_pwhash (AVX-512F fill) 14.7 ms in the same
/// run. libsodium maps fresh memory for every call and pays its page faults; the pool here does not.
/// </para>
/// <para>
/// Lanes (p &gt; 1) run in parallel: the calling thread and up to (cores - 1) thread-pool workers claim segments
/// as they go, and a segment of slice s starts only once every segment of slice s - 1 is done (the synchronization
/// points of §3.4). With more lanes than threads, a thread claims two lanes' segments at once and computes their
/// blocks alternately, so that one lane's reference block comes from memory while the other's is compressed. Measured
/// for Argon2id at m = 64 MiB, t = 4 on the 2-core machine (Avx512, four processes alternating, 9 hashes each): p = 4
/// took 0.394 to 0.401 of p = 1's time (24 ms against 60 ms), where one segment at a time took 0.565 to 0.592;
/// interleaving without the early prefetch, or the prefetch without interleaving, each gave 0.55. p = 1 runs
/// on the calling thread without any synchronization. The block matrix comes from a small pool of 64-byte-aligned
/// native buffers, so steady-state hashing allocates nothing on the managed heap.
/// </para>
/// <para>
/// Clearing: H0, the H' chaining values, the final block and every stack scratch block are wiped with
/// <see cref="CryptographicOperations.ZeroMemory"/>; the whole matrix is zeroed before it goes back to the pool
/// (a memset of m KiB, by all participants in parallel when p &gt; 1: about 1 ms for 64 MiB, under 2% of a hash).
/// </para>
/// </remarks>
public static unsafe partial class Argon2
{
    /// <summary>The Argon2 block size, 1024 bytes (RFC 9106 §3.5).</summary>
    public const int BlockSizeInBytes = 1024;

    /// <summary>The shortest salt RFC 9106 §3.1 allows, 8 bytes.</summary>
    public const int MinSaltSizeInBytes = 8;

    /// <summary>The shortest tag RFC 9106 §3.1 allows, 4 bytes.</summary>
    public const int MinTagSizeInBytes = 4;

    /// <summary>The only version implemented, 0x13 (RFC 9106 §3.2, v).</summary>
    public const int Version = 0x13;

    // RFC 9106 §3.4: each pass is split into four slices, the synchronization points.
    private const int SyncPoints = 4;

    // 64-bit words per block: 1024 / 8.
    private const int WordsPerBlock = BlockSizeInBytes / sizeof(ulong);

    // RFC 9106 §3.4.1.2: one address block, G(ZERO, G(ZERO, Z)), gives 128 pairs (J1, J2).
    private const int AddressesPerBlock = WordsPerBlock;

    // Scratch blocks each segment filler keeps on its stack: the compression function's temporary block, and for
    // data-independent addressing the zero block and, for each of the two lanes it may interleave, the input block Z
    // and the address block.
    private const int ScratchBlocks = 6;

    // At most this many lanes' segments of a slice are computed interleaved by one thread (see FillSegments).
    private const int MaxInterleavedLanes = 2;

    /// <summary>The path the overloads without an <see cref="InstructionSet"/> use: the fastest measured one.</summary>
    public static InstructionSet DefaultPath { get; } = InstructionSets.Widest(IsSupported);

    /// <summary>
    /// Whether <paramref name="path"/> exists for Argon2 and this CPU runs it. All four paths exist; Ssse3 is x86
    /// only (it uses SSE2's <c>pmuludq</c> and SSSE3's <c>pshufb</c>/<c>palignr</c> directly), and Avx512 needs
    /// AVX-512 F and BW (<c>vpalignr</c> on 512 bits).
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => X86.Ssse3.IsSupported,
        InstructionSet.Avx2 => X86.Avx2.IsSupported,
        InstructionSet.Avx512 => X86.Avx512F.IsSupported && X86.Avx512BW.IsSupported && InstructionSets.IsSupported(path),
        _ => false,
    };

    /// <summary>Computes an Argon2 tag without secret or associated data, on the default path.</summary>
    /// <inheritdoc cref="Hash(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, InstructionSet)"/>
    public static void Hash(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag) =>
        Hash(type, parameters, password, salt, tag, default, default, DefaultPath);

    /// <summary>Computes an Argon2 tag without secret or associated data, on the given path.</summary>
    /// <inheritdoc cref="Hash(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, InstructionSet)"/>
    public static void Hash(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag,
        InstructionSet path) =>
        Hash(type, parameters, password, salt, tag, default, default, path);

    /// <summary>Computes an Argon2 tag on the default path.</summary>
    /// <inheritdoc cref="Hash(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, InstructionSet)"/>
    public static void Hash(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag,
        ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData) =>
        Hash(type, parameters, password, salt, tag, secret, associatedData, DefaultPath);

    /// <summary>Computes an Argon2 tag (RFC 9106 §3.2) on the given path.</summary>
    /// <param name="type">Argon2d, Argon2i or Argon2id.</param>
    /// <param name="parameters">m, t and p; see <see cref="Argon2Parameters.Validate"/>.</param>
    /// <param name="password">P, the message: any length.</param>
    /// <param name="salt">S, the nonce: at least 8 bytes.</param>
    /// <param name="tag">Receives the tag; its length (at least 4 bytes) is the tag length T.</param>
    /// <param name="secret">K, the optional secret value: any length, empty for none.</param>
    /// <param name="associatedData">X, the optional associated data: any length, empty for none.</param>
    /// <param name="path">The path of the compression function; see <see cref="IsSupported"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException">A parameter or <paramref name="type"/> is out of range.</exception>
    /// <exception cref="ArgumentException">The salt or the tag is too short.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void Hash(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag,
        ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData, InstructionSet path)
    {
        ThrowIfNotSupported(path);
        if (type is not (Argon2Type.Argon2d or Argon2Type.Argon2i or Argon2Type.Argon2id))
        {
            throw new ArgumentOutOfRangeException(nameof(type), type, "Argon2 types are Argon2d (0), Argon2i (1) and Argon2id (2).");
        }

        parameters.Validate();
        if (salt.Length < MinSaltSizeInBytes)
        {
            throw new ArgumentException(
                $"Argon2 salts are at least {MinSaltSizeInBytes} bytes long (RFC 9106 §3.1), not {salt.Length}.", nameof(salt));
        }

        if (tag.Length < MinTagSizeInBytes)
        {
            throw new ArgumentException(
                $"Argon2 tags are at least {MinTagSizeInBytes} bytes long (RFC 9106 §3.1), not {tag.Length}.", nameof(tag));
        }

        HashCore(type, parameters, password, salt, tag, secret, associatedData, path, Environment.ProcessorCount, spinBeforeBlocking: true);
    }

    /// <summary>
    /// <see cref="Hash(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, InstructionSet)"/>
    /// as if the machine had <paramref name="cores"/> cores, so that tests on a small machine reach the schedules of
    /// larger ones (fewer lanes than threads, as many, more, interleaved or not). Arguments are assumed valid.
    /// With <paramref name="spinBeforeBlocking"/> false a participant that has to wait at a slice end blocks on the
    /// job's monitor at once instead of spinning first, so that tests reach the blocking wait on any machine. Returns
    /// whether a wait of the calling thread was interrupted (<see cref="Thread.Interrupt"/>) during the fill; the hash
    /// was finished all the same and the interrupt is pending again (see <see cref="FillJob"/>).
    /// </summary>
    internal static bool HashAsIfOnCores(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag,
        ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData, InstructionSet path, int cores, bool spinBeforeBlocking = true)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(cores, 1);
        ThrowIfNotSupported(path);
        parameters.Validate();
        return HashCore(type, parameters, password, salt, tag, secret, associatedData, path, cores, spinBeforeBlocking);
    }

    private static void ThrowIfNotSupported(InstructionSet path)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
        {
            throw new PlatformNotSupportedException(
                $"Argon2 has no {InstructionSets.VariantName(path)} path on this CPU; see Argon2.IsSupported.");
        }
    }

    /// <summary>Computes the tag; returns whether a wait of the calling thread was interrupted, and if so re-raises it.</summary>
    private static bool HashCore(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag,
        ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData, InstructionSet path, int cores, bool spinBeforeBlocking)
    {
        // RFC 9106 §3.2 steps 3 and 4: m' = 4p * floor(m / 4p) blocks, q = m' / p columns per lane, four segments each.
        int lanes = parameters.Lanes;
        uint segmentLength = parameters.MemoryKib / (SyncPoints * (uint)lanes);
        uint laneLength = segmentLength * SyncPoints;
        nuint blockCount = (nuint)laneLength * (uint)lanes;
        nuint matrixBytes = blockCount * BlockSizeInBytes;

        var instance = new Instance
        {
            Memory = MatrixPool.Rent(matrixBytes, out nuint matrixCapacity),
            LaneLength = laneLength,
            SegmentLength = segmentLength,
            Lanes = lanes,
            Passes = parameters.Passes,
            BlockCount = (uint)blockCount,
            Type = type,
            Compress = CompressFunction(path),
        };

        // H0 (64 bytes) followed by the two 32-bit words of step 5 and 6: block index and lane.
        Span<byte> seed = stackalloc byte[Blake2b.MaxHashSizeInBytes + 8];
        Span<byte> finalBlock = stackalloc byte[BlockSizeInBytes];
        bool matrixCleared = false;
        bool waitInterrupted = false;
        try
        {
            ComputeH0(type, parameters, password, salt, tag.Length, secret, associatedData, seed[..Blake2b.MaxHashSizeInBytes]);

            // RFC 9106 §3.2 steps 5 and 6: B[i][0] = H'^(1024)(H0 || LE32(0) || LE32(i)), B[i][1] likewise with 1.
            for (int lane = 0; lane < lanes; lane++)
            {
                BinaryPrimitives.WriteInt32LittleEndian(seed[68..], lane);
                for (int column = 0; column < 2; column++)
                {
                    BinaryPrimitives.WriteInt32LittleEndian(seed[64..], column);
                    HPrime(seed, new Span<byte>(instance.BlockPointer((nuint)lane * laneLength + (uint)column), BlockSizeInBytes));
                }
            }

            matrixCleared = Fill(in instance, cores, spinBeforeBlocking, out waitInterrupted);

            // RFC 9106 §3.2 steps 8 and 9: C is the XOR of the last column, the tag is H'^T(C).
            new ReadOnlySpan<byte>(instance.BlockPointer(laneLength - 1), BlockSizeInBytes).CopyTo(finalBlock);
            for (int lane = 1; lane < lanes; lane++)
            {
                XorInto(finalBlock, new ReadOnlySpan<byte>(instance.BlockPointer((nuint)lane * laneLength + laneLength - 1), BlockSizeInBytes));
            }

            HPrime(finalBlock, tag);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(seed);
            CryptographicOperations.ZeroMemory(finalBlock);
            if (matrixCleared)
            {
                // All but the last column, which the final block was read from, is zero already.
                for (int lane = 0; lane < lanes; lane++)
                {
                    MatrixPool.Clear(instance.BlockPointer(((nuint)lane * laneLength) + laneLength - 1), BlockSizeInBytes);
                }
            }
            else
            {
                MatrixPool.Clear(instance.Memory, matrixBytes);
            }

            MatrixPool.Return(instance.Memory, matrixCapacity);
        }

        // Only now, once the matrix is back in the pool: MatrixPool.Return may wait for the pool's lock, and a pending
        // interrupt would make that wait throw and lose the buffer.
        if (waitInterrupted)
        {
            Thread.CurrentThread.Interrupt();
        }

        return waitInterrupted;
    }

    /// <summary>
    /// H0 = H^(64)(LE32(p) || LE32(T) || LE32(m) || LE32(t) || LE32(v) || LE32(y) || LE32(length(P)) || P ||
    /// LE32(length(S)) || S || LE32(length(K)) || K || LE32(length(X)) || X), RFC 9106 §3.2 step 1.
    /// </summary>
    private static void ComputeH0(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int tagLength,
        ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData, Span<byte> h0)
    {
        var hash = StartBlake2b(Blake2b.MaxHashSizeInBytes);
        Span<byte> word = stackalloc byte[sizeof(uint) * 6];
        BinaryPrimitives.WriteInt32LittleEndian(word, parameters.Lanes);
        BinaryPrimitives.WriteInt32LittleEndian(word[4..], tagLength);
        BinaryPrimitives.WriteUInt32LittleEndian(word[8..], parameters.MemoryKib);
        BinaryPrimitives.WriteUInt32LittleEndian(word[12..], parameters.Passes);
        BinaryPrimitives.WriteInt32LittleEndian(word[16..], Version);
        BinaryPrimitives.WriteInt32LittleEndian(word[20..], (int)type);
        hash.Append(word);
        AppendWithLength(ref hash, password);
        AppendWithLength(ref hash, salt);
        AppendWithLength(ref hash, secret);
        AppendWithLength(ref hash, associatedData);
        Finish(ref hash, h0);
    }

    /// <summary>
    /// The variable-length hash H' of RFC 9106 §3.3: BLAKE2b of LE32(T) || X when T is at most 64 bytes, else the
    /// first 32 bytes of each of the chained 64-byte digests V1 ... Vr followed by the whole of V(r+1).
    /// </summary>
    private static void HPrime(ReadOnlySpan<byte> input, Span<byte> output)
    {
        Span<byte> length = stackalloc byte[sizeof(uint)];
        BinaryPrimitives.WriteInt32LittleEndian(length, output.Length);
        if (output.Length <= Blake2b.MaxHashSizeInBytes)
        {
            var hash = StartBlake2b(output.Length);
            hash.Append(length);
            hash.Append(input);
            Finish(ref hash, output);
            return;
        }

        Span<byte> v = stackalloc byte[Blake2b.MaxHashSizeInBytes];
        var first = StartBlake2b(Blake2b.MaxHashSizeInBytes);
        first.Append(length);
        first.Append(input);
        Finish(ref first, v);
        v[..32].CopyTo(output);
        int position = 32;

        // r = ceil(T / 32) - 2 half-used digests in all, then one of T - 32r bytes (33 to 64).
        while (output.Length - position > Blake2b.MaxHashSizeInBytes)
        {
            Blake2b.HashData(v, v, Blake2b.DefaultPath);
            v[..32].CopyTo(output[position..]);
            position += 32;
        }

        Blake2b.HashData(v, output[position..], Blake2b.DefaultPath);
        CryptographicOperations.ZeroMemory(v);
    }

    private static void XorInto(Span<byte> destination, ReadOnlySpan<byte> source)
    {
        Span<ulong> d = MemoryMarshal.Cast<byte, ulong>(destination);
        ReadOnlySpan<ulong> s = MemoryMarshal.Cast<byte, ulong>(source);
        for (int i = 0; i < d.Length; i++)
        {
            d[i] ^= s[i];
        }
    }

    /// <summary>
    /// The compression function G(X, Y) of RFC 9106 §3.5 into <c>next</c>: with <c>xorInto</c> (every pass after the
    /// first, §3.2 step 7 for version 0x13) the result is XORed into the block already there, else it replaces it.
    /// <c>next</c> may be <c>y</c> (address blocks are computed in place); <c>scratch</c> is one block of stack memory
    /// the function may use. A <c>request</c>, where not null, is issued with next's word 0 as soon as that is final,
    /// which on the Avx512 path is before the last quarter of the work.
    /// </summary>
    private static delegate*<ulong*, ulong*, ulong*, ulong*, bool, ReferenceRequest*, void> CompressFunction(InstructionSet path) => path switch
    {
        InstructionSet.Avx512 => &CompressAvx512,
        InstructionSet.Avx2 => &CompressAvx2,
        InstructionSet.Ssse3 => &CompressSsse3,
        _ => &CompressScalar,
    };

    /// <summary>
    /// Runs every pass and slice: on the calling thread for one lane, else on <see cref="FillJob"/>. Returns whether
    /// the matrix was also cleared, all but its last column, as the job does in parallel; <paramref name="waitInterrupted"/>
    /// says whether the calling thread's wait in the job was interrupted, an interrupt the caller must raise again.
    /// </summary>
    private static bool Fill(in Instance instance, int cores, bool spinBeforeBlocking, out bool waitInterrupted)
    {
        int lanes = instance.Lanes;
        int workers = Math.Min(lanes, cores);

        // With more lanes than threads a thread has several segments per slice to compute anyway: it interleaves two
        // of them, so that one lane's reference fetch overlaps the other's compression.
        int lanesPerTask = lanes > workers ? MaxInterleavedLanes : 1;
        if (workers == 1)
        {
            ulong* scratch = stackalloc ulong[(ScratchBlocks * WordsPerBlock) + 8];
            ulong* aligned = AlignScratch(scratch);
            for (uint pass = 0; pass < instance.Passes; pass++)
            {
                for (int slice = 0; slice < SyncPoints; slice++)
                {
                    for (int lane = 0; lane < lanes; lane += lanesPerTask)
                    {
                        FillSegments(in instance, pass, slice, lane, Math.Min(lanesPerTask, lanes - lane), aligned);
                    }
                }
            }

            CryptographicOperations.ZeroMemory(new Span<byte>(aligned, ScratchBlocks * BlockSizeInBytes));
            waitInterrupted = false;
            return false;
        }

        waitInterrupted = FillJob.Run(in instance, workers - 1, lanesPerTask, spinBeforeBlocking ? FillJob.SpinTicks : 0);
        return true;
    }

    // Scratch blocks start on a 64-byte boundary, so no vector load of them splits a cache line.
    private static ulong* AlignScratch(ulong* scratch) => (ulong*)(((nuint)scratch + 63) & ~(nuint)63);

    /// <summary>
    /// Computes the segments of <paramref name="laneCount"/> (1 or 2) adjacent lanes from <paramref name="firstLane"/>
    /// in <paramref name="slice"/> of <paramref name="pass"/>, RFC 9106 §3.2 steps 6 and 7 with the indexing of §3.4,
    /// a block of each lane in turn.
    /// </summary>
    /// <remarks>
    /// Each block's reference is prefetched as soon as its index is known: a block ahead for data-independent
    /// addressing (§3.4.1.2), and for data-dependent addressing (§3.4.1.1) from inside the previous block's
    /// compression, as soon as its first word (J1 and J2) is final (<see cref="ReferenceRequest"/>). With one lane the
    /// data-dependent fetch then overlaps the last part of that compression (on the Avx512 path its last quarter); with
    /// two, also the other lane's. Against the fetch after the compression, paired with 15 rounds at owasp (m = 19 MiB,
    /// t = 2, p = 1): on the AMD EPYC (Zen 4) Avx512 0.93 to 0.97 of the time, Avx2 0.89, Ssse3 0.88; on an Intel Xeon
    /// (Emerald Rapids) 0.95 to 0.98, Avx2 0.96, Ssse3 0.97; at m = 64 MiB, p = 4 the same. The request's work must
    /// inline into the kernel: as a call, every live vector register was spilled around it, which cost p = 4 about 5%. Segments of one slice never reference each other (§3.4.2), so their blocks may be computed in any
    /// interleaving.
    /// </remarks>
    /// <param name="scratch"><see cref="ScratchBlocks"/> 64-byte-aligned blocks of scratch memory.</param>
    private static void FillSegments(in Instance instance, uint pass, int slice, int firstLane, int laneCount, ulong* scratch)
    {
        Debug.Assert(laneCount is 1 or 2, "Two lanes at most are interleaved.");
        delegate*<ulong*, ulong*, ulong*, ulong*, bool, ReferenceRequest*, void> compress = instance.Compress;
        ulong* temporary = scratch;
        ulong* zero = scratch + WordsPerBlock;

        // RFC 9106 §3.4.1.3: Argon2id addresses independently of the data in the first two slices of the first pass.
        bool dataIndependent = instance.Type == Argon2Type.Argon2i
            || (instance.Type == Argon2Type.Argon2id && pass == 0 && slice < SyncPoints / 2);

        uint segmentLength = instance.SegmentLength;
        uint laneLength = instance.LaneLength;

        // The first two blocks of each lane come from H0 (§3.2 steps 5 and 6).
        uint start = pass == 0 && slice == 0 ? 2u : 0u;
        if (dataIndependent)
        {
            new Span<ulong>(zero, WordsPerBlock).Clear();
        }

        SegmentCursors cursors = default;
        for (int k = 0; k < laneCount; k++)
        {
            ref SegmentCursor cursor = ref cursors[k];
            int lane = firstLane + k;
            nuint laneStart = (nuint)lane * laneLength;
            uint column = ((uint)slice * segmentLength) + start;
            cursor.Current = instance.BlockPointer(laneStart + column);
            cursor.Previous = column == 0 ? instance.BlockPointer(laneStart + laneLength - 1) : cursor.Current - WordsPerBlock;
            ulong pseudoRandom;
            if (dataIndependent)
            {
                // §3.4.1.2: Z = LE64(r) || LE64(l) || LE64(sl) || LE64(m') || LE64(t) || LE64(y) || LE64(i) || zeros,
                // with the counter i starting at 1 for the segment's first address block.
                cursor.Input = scratch + ((2 + (2 * k)) * WordsPerBlock);
                cursor.Addresses = cursor.Input + WordsPerBlock;
                new Span<ulong>(cursor.Input, WordsPerBlock).Clear();
                cursor.Input[0] = pass;
                cursor.Input[1] = (ulong)lane;
                cursor.Input[2] = (ulong)slice;
                cursor.Input[3] = instance.BlockCount;
                cursor.Input[4] = instance.Passes;
                cursor.Input[5] = (ulong)instance.Type;
                NextAddresses(compress, zero, cursor.Input, cursor.Addresses, temporary);
                pseudoRandom = cursor.Addresses[start];
            }
            else
            {
                // §3.4.1.1: J1 and J2 are the first 64-bit word of the previous block.
                pseudoRandom = cursor.Previous[0];
            }

            cursor.Reference = ReferenceBlock(in instance, pass, slice, lane, start, pseudoRandom);
            Prefetch(cursor.Reference);
        }

        bool xorInto = pass != 0;
        ReferenceRequest request = new() { Instance = instance, Pass = pass, Slice = slice };
        for (uint index = start; index < segmentLength; index++)
        {
            uint following = index + 1;
            bool hasFollowing = following < segmentLength;
            for (int k = 0; k < laneCount; k++)
            {
                ref SegmentCursor cursor = ref cursors[k];
                ulong* reference = cursor.Reference;
                if (dataIndependent && hasFollowing)
                {
                    if (following % AddressesPerBlock == 0)
                    {
                        NextAddresses(compress, zero, cursor.Input, cursor.Addresses, temporary);
                    }

                    cursor.Reference = ReferenceBlock(in instance, pass, slice, firstLane + k, following, cursor.Addresses[following % AddressesPerBlock]);
                    Prefetch(cursor.Reference);
                }

                if (!dataIndependent && hasFollowing)
                {
                    request.Lane = firstLane + k;
                    request.Index = following;
                    compress(cursor.Previous, reference, cursor.Current, temporary, xorInto, &request);
                    cursor.Reference = request.Reference;
                }
                else
                {
                    compress(cursor.Previous, reference, cursor.Current, temporary, xorInto, null);
                }

                cursor.Previous = cursor.Current;
                cursor.Current += WordsPerBlock;
            }
        }
    }

    /// <summary>
    /// Asks for the 16 cache lines of a block. Data-independent references so prefetched a block ahead were measured
    /// for Argon2i, t = 2, p = 1: 31 to 22 ms at m = 64 MiB, 6.2 to 5.6 ms at 19 MiB.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Prefetch(ulong* block)
    {
        if (X86.Sse.IsSupported)
        {
            for (int offset = 0; offset < BlockSizeInBytes; offset += 64)
            {
                X86.Sse.Prefetch0((byte*)block + offset);
            }
        }
    }

    /// <summary>
    /// The reference of block <see cref="Index"/> of <see cref="Lane"/>'s segment under data-dependent addressing
    /// (§3.4.1.1), which the compression of the block before it asks for, and prefetches, as soon as that block's first
    /// word (J1 and J2) is final.
    /// </summary>
    private struct ReferenceRequest
    {
        public Instance Instance;
        public uint Pass;
        public int Slice;
        public int Lane;
        public uint Index;

        /// <summary>The block asked for: set by <see cref="Issue"/>.</summary>
        public ulong* Reference;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Issue(ulong pseudoRandom)
        {
            Reference = ReferenceBlock(in Instance, Pass, Slice, Lane, Index, pseudoRandom);
            Prefetch(Reference);
        }
    }

    /// <summary>Where a lane's segment stands: the block to compute next, its predecessor and its reference.</summary>
    private struct SegmentCursor
    {
        public ulong* Current;
        public ulong* Previous;
        public ulong* Reference;

        // Data-independent addressing only: the input block Z and the address block computed from it (§3.4.1.2).
        public ulong* Input;
        public ulong* Addresses;
    }

    [InlineArray(2)]
    private struct SegmentCursors
    {
        private SegmentCursor _element0;
    }

    /// <summary>
    /// The reference block of block <paramref name="index"/> of a segment (RFC 9106 §3.4): J2 picks the lane (the
    /// own lane throughout the first slice of the first pass), J1 the column.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong* ReferenceBlock(in Instance instance, uint pass, int slice, int lane, uint index, ulong pseudoRandom)
    {
        ulong referenceLane = pass == 0 && slice == 0 ? (ulong)lane : (pseudoRandom >> 32) % (ulong)instance.Lanes;
        ulong referenceColumn = ReferenceColumn(
            pass, slice, index, instance.SegmentLength, instance.LaneLength, (uint)pseudoRandom, referenceLane == (ulong)lane);
        return instance.BlockPointer(((nuint)referenceLane * instance.LaneLength) + (nuint)referenceColumn);
    }

    /// <summary>The next address block: the counter in Z goes up by one, then G(ZERO, G(ZERO, Z)) (§3.4.1.2).</summary>
    private static void NextAddresses(
        delegate*<ulong*, ulong*, ulong*, ulong*, bool, ReferenceRequest*, void> compress, ulong* zero, ulong* input, ulong* addresses, ulong* temporary)
    {
        input[6]++;
        compress(zero, input, addresses, temporary, false, null);
        compress(zero, addresses, addresses, temporary, false, null);
    }

    /// <summary>
    /// Maps J1 to a column of the reference lane, RFC 9106 §3.4.2: the reference set W is every block already
    /// computed that is not in the current lane's current segment of another lane, nor the previous block; J1 picks
    /// one with the non-uniform distribution x = J1^2 / 2^32, y = (|W| * x) / 2^32, zz = |W| - 1 - y.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReferenceColumn(
        uint pass, int slice, uint index, uint segmentLength, uint laneLength, uint j1, bool sameLane)
    {
        // |W|: blocks of finished segments (slices before this one in the first pass, the other three slices after),
        // plus this segment's blocks before the previous one when referencing the own lane; another lane's segment
        // loses its last block when this is the segment's first block.
        ulong finished = pass == 0 ? (ulong)slice * segmentLength : laneLength - segmentLength;
        ulong areaSize = sameLane ? finished + index - 1 : index == 0 ? finished - 1 : finished;

        ulong x = ((ulong)j1 * j1) >> 32;
        ulong y = (areaSize * x) >> 32;
        ulong relative = areaSize - 1 - y;

        // Counted from the start of the next segment, wrapping around the lane, except in the first pass.
        ulong startColumn = pass != 0 && slice != SyncPoints - 1 ? (ulong)(slice + 1) * segmentLength : 0;
        ulong column = startColumn + relative;
        return column >= laneLength ? column - laneLength : column;
    }

    /// <summary>What a segment filler needs to know: the matrix, its shape and the compression function.</summary>
    private struct Instance
    {
        public ulong* Memory;
        public uint LaneLength;
        public uint SegmentLength;
        public int Lanes;
        public uint Passes;
        public uint BlockCount;
        public Argon2Type Type;
        public delegate*<ulong*, ulong*, ulong*, ulong*, bool, ReferenceRequest*, void> Compress;

        public readonly ulong* BlockPointer(nuint block) => Memory + (block * WordsPerBlock);
    }

    /// <summary>
    /// BLAKE2b fed in pieces, on the stack, on the default path: the inputs of H0 and H' are concatenations of the
    /// caller's spans, which are hashed where they are rather than copied.
    /// </summary>
    private static Blake2Stream<Blake2b.State, Blake2b.Block> StartBlake2b(int hashSize) =>
        new(hashSize, ReadOnlySpan<byte>.Empty, Blake2b.DefaultPath);

    /// <summary>Appends LE32(length(data)) || data, as H0's variable-length fields are (RFC 9106 §3.2).</summary>
    private static void AppendWithLength(ref Blake2Stream<Blake2b.State, Blake2b.Block> hash, ReadOnlySpan<byte> data)
    {
        Span<byte> length = stackalloc byte[sizeof(uint)];
        BinaryPrimitives.WriteInt32LittleEndian(length, data.Length);
        hash.Append(length);
        hash.Append(data);
    }

    /// <summary>The digest, then the stream's buffer and state wiped.</summary>
    private static void Finish(ref Blake2Stream<Blake2b.State, Blake2b.Block> hash, Span<byte> destination)
    {
        hash.Finish(destination);
        hash.Wipe();
    }

    /// <summary>
    /// Runs the segments of a hash with p &gt; 1 lanes on the calling thread and some thread-pool workers.
    /// </summary>
    /// <remarks>
    /// <para>
    /// A task is the segments of one or two adjacent lanes in one slice (two when there are more lanes than threads,
    /// see <see cref="FillSegments"/>; the last task of a slice has one lane when p is odd). Tasks are numbered in the
    /// order pass, slice, lanes, and every participant claims the next one with one interlocked increment; before
    /// computing a task of slice s it waits until every task of the slices before it is done (a count of finished
    /// tasks reaching s times the tasks per slice). So the work spreads over however many participants turn up: with
    /// many lanes a worker takes several tasks of a slice, and a worker the pool starts late (or never) only means the
    /// others do more. After the last slice come as many tasks again, each clearing its lanes but for their last
    /// blocks, so the matrix is wiped in parallel too. Waiting spins briefly, then blocks on a monitor that the
    /// participant finishing a slice pulses.
    /// </para>
    /// <para>
    /// Interrupts (<see cref="Thread.Interrupt"/>) do not stop a participant: a wait that throws
    /// <see cref="ThreadInterruptedException"/> (the spin's <c>Thread.Sleep(0)</c>, entering the monitor, or
    /// <see cref="Monitor.Wait(object)"/>) is simply waited again, and the participant finishes its tasks and raises the
    /// interrupt again on its thread when it is done with the job, so its next wait, sleep or join throws. A claimed
    /// task always gets done, so no one waits for it forever and no one is still inside the matrix when the calling
    /// thread, its wait over, wipes the matrix and gives it back to the pool. Finishing rather than abandoning the
    /// hash is how p = 1 behaves too, which never waits and so leaves an interrupt pending for the caller's next wait;
    /// the tag is computed and right, and throwing after the work would waste it, while throwing before it would need
    /// every worker to stop mid-slice and the caller to wait for them without blocking.
    /// </para>
    /// <para>
    /// One job is cached and reused, and queued as an <see cref="IThreadPoolWorkItem"/>, so a hash allocates nothing.
    /// A job counts its participants and goes back to the cache only when the last one, possibly a worker that started
    /// after the hash was done and found nothing left to claim, has let go of it.
    /// </para>
    /// </remarks>
    private sealed class FillJob : IThreadPoolWorkItem
    {
        // How long a participant spins (yielding the processor after the first few iterations, so others can run)
        // before it blocks: 1 ms. Waking a blocked thread took about 0.4 ms on the 2-vCPU virtual machine measured (as
        // long as a thread-pool worker took to start), and the waits at slice ends are mostly shorter than 1 ms; with
        // 0.2 ms the calling thread blocked at one or more slice ends in most hashes at m = 64 MiB, p = 4. With lanes
        // interleaved in pairs (m = 64 MiB, t = 4, p = 4, about 30 ms), a hash blocked 0.6 to 0.8 times and its two
        // threads waited 2.5 to 5.4 ms in all at its 35 waits, mostly for the slower of two equal tasks.
        public static readonly long SpinTicks = Stopwatch.Frequency / 1000;

        private static FillJob? s_cached;

        private readonly object _gate = new();
        private Instance _instance;
        private int _lanesPerTask;
        private int _tasksPerSlice;
        private long _spinTicks;
        private long _segmentTasks;
        private long _totalTasks;
        private long _nextTask;
        private long _finishedTasks;
        private int _participants;

        /// <summary>
        /// Fills (and clears) the matrix with <paramref name="helpers"/> thread-pool workers; returns whether a wait
        /// of the calling thread was interrupted, which the caller raises again once it is done with the matrix.
        /// </summary>
        public static bool Run(in Instance instance, int helpers, int lanesPerTask, long spinTicks)
        {
            FillJob job = Interlocked.Exchange(ref s_cached, null) ?? new FillJob();
            job._instance = instance;
            job._lanesPerTask = lanesPerTask;
            job._tasksPerSlice = (instance.Lanes + lanesPerTask - 1) / lanesPerTask;
            job._spinTicks = spinTicks;
            job._segmentTasks = (long)instance.Passes * SyncPoints * job._tasksPerSlice;
            job._totalTasks = job._segmentTasks + job._tasksPerSlice;
            job._nextTask = 0;
            job._finishedTasks = 0;
            job._participants = helpers + 1;
            for (int i = 0; i < helpers; i++)
            {
                ThreadPool.UnsafeQueueUserWorkItem(job, preferLocal: false);
            }

            bool interrupted = job.Participate();

            // Helpers may still be computing the last slice's segments or clearing.
            interrupted |= job.WaitUntilFinished(job._totalTasks);
            job.Leave();
            return interrupted;
        }

        void IThreadPoolWorkItem.Execute()
        {
            bool interrupted = Participate();
            Leave();
            if (interrupted)
            {
                Thread.CurrentThread.Interrupt();
            }
        }

        /// <summary>Claims and runs tasks until none is left; returns whether one of its waits was interrupted.</summary>
        private bool Participate()
        {
            ulong* scratch = stackalloc ulong[(ScratchBlocks * WordsPerBlock) + 8];
            ulong* aligned = AlignScratch(scratch);
            int tasksPerSlice = _tasksPerSlice;
            bool used = false;
            bool interrupted = false;
            while (true)
            {
                long task = Interlocked.Increment(ref _nextTask) - 1;
                if (task >= _totalTasks)
                {
                    break;
                }

                long slices = task / tasksPerSlice;
                interrupted |= WaitUntilFinished(slices * tasksPerSlice);
                int firstLane = (int)(task % tasksPerSlice) * _lanesPerTask;
                int laneCount = Math.Min(_lanesPerTask, _instance.Lanes - firstLane);
                if (task < _segmentTasks)
                {
                    FillSegments(in _instance, (uint)(slices / SyncPoints), (int)(slices % SyncPoints), firstLane, laneCount, aligned);
                    used = true;
                }
                else
                {
                    // After the last slice: clear the lanes but for their last blocks, which the final block needs.
                    uint laneLength = _instance.LaneLength;
                    for (int lane = firstLane; lane < firstLane + laneCount; lane++)
                    {
                        MatrixPool.Clear(_instance.BlockPointer((nuint)lane * laneLength), (nuint)(laneLength - 1) * BlockSizeInBytes);
                    }
                }

                if (Interlocked.Increment(ref _finishedTasks) % tasksPerSlice == 0)
                {
                    interrupted |= PulseWaiters();
                }
            }

            if (used)
            {
                CryptographicOperations.ZeroMemory(new Span<byte>(aligned, ScratchBlocks * BlockSizeInBytes));
            }

            return interrupted;
        }

        /// <summary>
        /// Returns once <paramref name="tasks"/> tasks are finished, interrupted or not; returns whether it was.
        /// </summary>
        private bool WaitUntilFinished(long tasks)
        {
            bool interrupted = false;
            SpinWait spinner = default;
            long start = Stopwatch.GetTimestamp();
            while (Volatile.Read(ref _finishedTasks) < tasks)
            {
                if (spinner.Count >= 10 && Stopwatch.GetTimestamp() - start > _spinTicks)
                {
                    return BlockUntilFinished(tasks) | interrupted;
                }

                try
                {
                    // Past its first iterations SpinOnce yields with Thread.Sleep(0) now and then, which throws if
                    // the thread was interrupted.
                    spinner.SpinOnce(sleep1Threshold: -1);
                }
                catch (ThreadInterruptedException)
                {
                    interrupted = true;
                }
            }

            return interrupted;
        }

        private bool BlockUntilFinished(long tasks)
        {
            bool interrupted = false;
            while (true)
            {
                try
                {
                    // The pulse comes after the count is raised and under the lock, so it cannot fall between the
                    // check below and the wait. Monitor.Wait takes the lock back before it throws, so an interrupt
                    // only sends the loop round again.
                    lock (_gate)
                    {
                        while (Volatile.Read(ref _finishedTasks) < tasks)
                        {
                            Monitor.Wait(_gate);
                        }
                    }

                    return interrupted;
                }
                catch (ThreadInterruptedException)
                {
                    interrupted = true;
                }
            }
        }

        /// <summary>Wakes every blocked participant, interrupted or not (a lost pulse would leave them blocked).</summary>
        private bool PulseWaiters()
        {
            bool interrupted = false;
            while (true)
            {
                try
                {
                    lock (_gate)
                    {
                        Monitor.PulseAll(_gate);
                    }

                    return interrupted;
                }
                catch (ThreadInterruptedException)
                {
                    // Entering the monitor was interrupted, so nothing was pulsed yet.
                    interrupted = true;
                }
            }
        }

        private void Leave()
        {
            if (Interlocked.Decrement(ref _participants) == 0)
            {
                _instance = default;
                Interlocked.CompareExchange(ref s_cached, this, null);
            }
        }
    }

    /// <summary>
    /// Block matrices: 64-byte-aligned native buffers (2 MiB-aligned huge-page candidates from 2 MiB up), kept for reuse so that a hash in steady state allocates
    /// nothing, pays no page faults, and puts nothing on the large object heap.
    /// </summary>
    /// <remarks>
    /// At most <see cref="MaxRetainedBuffers"/> buffers and <see cref="MaxRetainedBytes"/> in all are kept (enough for
    /// several concurrent callers at the usual 19 to 64 MiB); anything beyond is freed at once. A buffer is zeroed
    /// before it is kept or freed (by the hash, see <see cref="Clear"/>): a memset of the whole matrix, measured at
    /// about 1 ms for 64 MiB here, against about 60 ms for the hash at m = 64 MiB, t = 4, p = 1. Thread-safe: rent and return take a lock only to pick or put a buffer.
    /// </remarks>
    private static partial class MatrixPool
    {
        /// <summary>Zeroes <paramref name="bytes"/> bytes from <paramref name="start"/>.</summary>
        public static void Clear(ulong* start, nuint bytes)
        {
            // ZeroMemory takes a span, so matrices of 2 GiB and more are cleared in pieces.
            const int chunk = 1 << 30;
            for (nuint offset = 0; offset < bytes; offset += chunk)
            {
                CryptographicOperations.ZeroMemory(new Span<byte>((byte*)start + offset, (int)Math.Min(chunk, bytes - offset)));
            }
        }

        private const int MaxRetainedBuffers = 4;

        // x86-64 huge pages are 2 MiB; MADV_HUGEPAGE is 14 in Linux's include/uapi/asm-generic/mman-common.h.
        private const nuint HugePageSize = 2 << 20;
        private const int MadviseHugePage = 14;

        private static bool s_madviseMissing;
        private const long MaxRetainedBytes = 512L * 1024 * 1024;

        private static readonly Lock Gate = new();
        private static readonly nuint[] Sizes = new nuint[MaxRetainedBuffers];
        private static readonly nint[] Buffers = new nint[MaxRetainedBuffers];

        /// <summary>A buffer of at least <paramref name="bytes"/>; <paramref name="capacity"/> is its real size.</summary>
        public static ulong* Rent(nuint bytes, out nuint capacity)
        {
            lock (Gate)
            {
                // The smallest kept buffer that is large enough.
                int best = -1;
                for (int i = 0; i < MaxRetainedBuffers; i++)
                {
                    if (Buffers[i] != 0 && Sizes[i] >= bytes && (best < 0 || Sizes[i] < Sizes[best]))
                    {
                        best = i;
                    }
                }

                if (best >= 0)
                {
                    nint buffer = Buffers[best];
                    capacity = Sizes[best];
                    Buffers[best] = 0;
                    Sizes[best] = 0;
                    return (ulong*)buffer;
                }
            }

            capacity = bytes;
            if (bytes < HugePageSize || !OperatingSystem.IsLinux())
            {
                return (ulong*)NativeMemory.AlignedAlloc(bytes, 64);
            }

            void* large = NativeMemory.AlignedAlloc(bytes, HugePageSize);
            AdviseHugePages(large, bytes);
            return (ulong*)large;
        }

        /// <summary>
        /// Asks Linux for transparent huge pages for a new matrix (most distributions give them only on request, the
        /// "madvise" setting). Reference blocks are read at random over the whole matrix, so with 4 KiB pages nearly
        /// every one misses the TLB: measured here at m = 64 MiB, t = 4, p = 1, 62 to 68 ms with the advice and 77 to
        /// 79 ms without. Advice only: where it fails or libc has no madvise, the matrix simply keeps small pages.
        /// </summary>
        private static void AdviseHugePages(void* buffer, nuint bytes)
        {
            if (s_madviseMissing)
            {
                return;
            }

            try
            {
                _ = madvise(buffer, bytes, MadviseHugePage);
            }
            catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
            {
                s_madviseMissing = true;
            }
        }

        [LibraryImport("libc")]
        private static partial int madvise(void* address, nuint length, int advice);

        /// <summary>
        /// Keeps or frees a buffer of <paramref name="capacity"/> bytes, which the caller has zeroed (all of it
        /// that it used; the rest was zeroed by an earlier user). A thread interrupted while it waits for the pool's
        /// lock gets its <see cref="ThreadInterruptedException"/>, but the buffer is freed first, not lost.
        /// </summary>
        public static void Return(ulong* buffer, nuint capacity)
        {
            bool kept;
            try
            {
                kept = TryKeep(buffer, capacity);
            }
            catch (ThreadInterruptedException)
            {
                NativeMemory.AlignedFree(buffer);
                throw;
            }

            if (!kept)
            {
                NativeMemory.AlignedFree(buffer);
            }
        }

        private static bool TryKeep(ulong* buffer, nuint capacity)
        {
            lock (Gate)
            {
                long retained = 0;
                int free = -1;
                for (int i = 0; i < MaxRetainedBuffers; i++)
                {
                    retained += (long)Sizes[i];
                    if (Buffers[i] == 0)
                    {
                        free = i;
                    }
                }

                if (free >= 0 && retained + (long)capacity <= MaxRetainedBytes)
                {
                    Buffers[free] = (nint)buffer;
                    Sizes[free] = capacity;
                    return true;
                }
            }

            return false;
        }
    }
}
