namespace CryptoHarness.Managed;

/// <summary>
/// SHA-256 (FIPS 180-4) of many independent messages at once: each lane of a vector carries one message, so a
/// 128-, 256- or 512-bit vector runs the rounds of 4, 8 or 16 messages in the instructions one message would take.
/// </summary>
/// <remarks>
/// <para>
/// Messages may have any lengths. Every lane takes the next message of the batch as soon as its own is done,
/// so lanes finish at different blocks without ever waiting for each other, and the rounds have no per-lane
/// branches: a lane without work computes garbage that nobody reads. When the batch has run out and only a few
/// lanes still have blocks left, those finish on the scalar code, because a whole vector step would cost more.
/// </para>
/// <para>
/// Two layouts of the batch, both allocation-free: a span of <see cref="ReadOnlyMemory{T}"/>, for messages of
/// any lengths anywhere in memory (the memories are read one block at a time, so nothing is pinned), and one
/// span of equal-length messages laid end to end, as a level of a Merkle tree is (no per-message indirection).
/// Digests are written in batch order, 32 bytes each.
/// </para>
/// <para>
/// Dispatch policy of the overloads without a path (<see cref="DefaultPath"/>): below
/// <see cref="VectorCrossoverBatchSize"/> messages the single-message scalar loop; otherwise the narrowest
/// vector path with a lane per message, and the widest this CPU supports for larger batches. That constant's
/// remarks hold the measurement.
/// </para>
/// </remarks>
public static partial class Sha256MultiBuffer
{
    public const int HashSizeInBytes = Sha256.HashSizeInBytes;

    /// <summary>
    /// The batch size from which the default overloads use vectors: two messages.
    /// </summary>
    /// <remarks>
    /// Measured on the AMD EPYC (Zen 4, AVX-512) this was written on: 64-byte messages laid end to end, Release,
    /// the fastest of 80 interleaved Stopwatch runs of about 1 ms each, nanoseconds per message.
    /// <code>
    /// batch   scalar  ssse3  avx2  avx512   OS SHA256.HashData loop (OpenSSL, SHA-NI)
    ///     1     405    412*   416*   429*   425..510 (varies by process)
    ///     2     399    329    398*   405*
    ///     4     396    175    181    213
    ///     8     394    166    101    117
    ///     9     393    212    147    108
    ///    16     393    160     96     71
    ///    64     389    154     91     68
    /// </code>
    /// (* the lanes finished on scalar code, as cheaper than a vector step: see StepCostInScalarBlocks.) One
    /// message gains nothing from a vector; from two on the 4-lane path wins. Per batch size the narrowest path
    /// with enough lanes wins, as <see cref="DefaultPath"/> picks: a 512-bit operation costs this CPU two
    /// 256-bit ones, so wide vectors pay only when their lanes are full. Longer messages only favour vectors
    /// more (1 KiB messages, batch of 64: scalar 3050 ns, avx512 600, OS 1040).
    /// </remarks>
    internal const int VectorCrossoverBatchSize = 2;

    private const int BlockSize = Sha256.BlockSizeInBytes;
    private const int MaxLanes = 16;

    /// <summary>
    /// Whether <paramref name="path"/> exists and this CPU runs it. All four paths exist; the vector paths use
    /// x86 byte shuffles and transposes, so on Arm only the scalar path is supported.
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => Ssse3.IsSupported,
        InstructionSet.Avx2 => Avx2.IsSupported,
        InstructionSet.Avx512 => Avx512F.IsSupported && Avx512BW.IsSupported && Vector512.IsHardwareAccelerated,
        _ => false,
    };

    /// <summary>How many messages <paramref name="path"/> hashes at once: 1, 4, 8 or 16.</summary>
    public static int LaneCount(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => 1,
        InstructionSet.Ssse3 => Vector128<uint>.Count,
        InstructionSet.Avx2 => Vector256<uint>.Count,
        InstructionSet.Avx512 => Vector512<uint>.Count,
        _ => throw new ArgumentOutOfRangeException(nameof(path)),
    };

    /// <summary>
    /// The path the overloads without one use for a batch of <paramref name="count"/> messages: scalar below
    /// <see cref="VectorCrossoverBatchSize"/>, otherwise the narrowest supported vector with at least
    /// <paramref name="count"/> lanes, or the widest if none has that many.
    /// </summary>
    public static InstructionSet DefaultPath(int count)
    {
        if (count < VectorCrossoverBatchSize)
        {
            return InstructionSet.Scalar;
        }

        if (count <= Vector128<uint>.Count && IsSupported(InstructionSet.Ssse3))
        {
            return InstructionSet.Ssse3;
        }

        if (count <= Vector256<uint>.Count && IsSupported(InstructionSet.Avx2))
        {
            return InstructionSet.Avx2;
        }

        return IsSupported(InstructionSet.Avx512) ? InstructionSet.Avx512
            : IsSupported(InstructionSet.Avx2) ? InstructionSet.Avx2
            : IsSupported(InstructionSet.Ssse3) ? InstructionSet.Ssse3
            : InstructionSet.Scalar;
    }

    /// <summary>Writes SHA-256(<c>messages[i]</c>) to <c>destination[32 i .. 32 i + 32]</c> for every i.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes per message.</exception>
    public static void HashBatch(ReadOnlySpan<ReadOnlyMemory<byte>> messages, Span<byte> destination) =>
        HashBatch(messages, destination, DefaultPath(messages.Length));

    /// <summary>Writes SHA-256(<c>messages[i]</c>) to <c>destination[32 i .. 32 i + 32]</c> for every i.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes per message.</exception>
    /// <exception cref="PlatformNotSupportedException">This CPU lacks <paramref name="path"/>.</exception>
    public static void HashBatch(ReadOnlySpan<ReadOnlyMemory<byte>> messages, Span<byte> destination, InstructionSet path) =>
        Run(new MemoryBatch(messages), destination, path, twice: false);

    /// <summary>
    /// Writes SHA-256 of each of the <c>messages.Length / messageLength</c> messages of
    /// <paramref name="messageLength"/> bytes laid end to end in <paramref name="messages"/>, 32 bytes each.
    /// </summary>
    /// <exception cref="ArgumentException">
    /// <paramref name="messageLength"/> is not positive or does not divide the length of <paramref name="messages"/>,
    /// or <paramref name="destination"/> is shorter than 32 bytes per message.
    /// </exception>
    public static void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination) =>
        HashBatch(messages, messageLength, destination, DefaultPath(CountOf(messages, messageLength)));

    /// <inheritdoc cref="HashBatch(ReadOnlySpan{byte}, int, Span{byte})"/>
    /// <exception cref="PlatformNotSupportedException">This CPU lacks <paramref name="path"/>.</exception>
    public static void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination, InstructionSet path) =>
        Run(new ContiguousBatch(messages, messageLength, CountOf(messages, messageLength)), destination, path, twice: false);

    /// <summary>
    /// Writes SHA-256(SHA-256(<c>messages[i]</c>)) to <c>destination[32 i .. 32 i + 32]</c> for every i: the
    /// double hash of Bitcoin's block headers and Merkle trees.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes per message.</exception>
    public static void DoubleHashBatch(ReadOnlySpan<ReadOnlyMemory<byte>> messages, Span<byte> destination) =>
        DoubleHashBatch(messages, destination, DefaultPath(messages.Length));

    /// <inheritdoc cref="DoubleHashBatch(ReadOnlySpan{ReadOnlyMemory{byte}}, Span{byte})"/>
    /// <exception cref="PlatformNotSupportedException">This CPU lacks <paramref name="path"/>.</exception>
    public static void DoubleHashBatch(ReadOnlySpan<ReadOnlyMemory<byte>> messages, Span<byte> destination, InstructionSet path) =>
        Run(new MemoryBatch(messages), destination, path, twice: true);

    /// <summary>
    /// Writes SHA-256(SHA-256(m)) of each of the <c>messages.Length / messageLength</c> messages m of
    /// <paramref name="messageLength"/> bytes laid end to end in <paramref name="messages"/>, 32 bytes each.
    /// </summary>
    /// <exception cref="ArgumentException">
    /// <paramref name="messageLength"/> is not positive or does not divide the length of <paramref name="messages"/>,
    /// or <paramref name="destination"/> is shorter than 32 bytes per message.
    /// </exception>
    public static void DoubleHashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination) =>
        DoubleHashBatch(messages, messageLength, destination, DefaultPath(CountOf(messages, messageLength)));

    /// <inheritdoc cref="DoubleHashBatch(ReadOnlySpan{byte}, int, Span{byte})"/>
    /// <exception cref="PlatformNotSupportedException">This CPU lacks <paramref name="path"/>.</exception>
    public static void DoubleHashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination, InstructionSet path) =>
        Run(new ContiguousBatch(messages, messageLength, CountOf(messages, messageLength)), destination, path, twice: true);

    private static int CountOf(ReadOnlySpan<byte> messages, int messageLength)
    {
        if (messageLength <= 0 || messages.Length % messageLength != 0)
        {
            throw new ArgumentException(
                "Messages laid end to end must all be messageLength bytes long, and messageLength must be positive.",
                nameof(messageLength));
        }

        return messages.Length / messageLength;
    }

    private static void Run<TBatch>(scoped TBatch batch, Span<byte> destination, InstructionSet path, bool twice)
        where TBatch : IMessageBatch, allows ref struct
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
        {
            throw new PlatformNotSupportedException(
                $"SHA-256 multi-buffer needs x86 for its {InstructionSets.VariantName(path)} path.");
        }

        if (destination.Length / HashSizeInBytes < batch.Count)
        {
            throw new ArgumentException(
                $"Destination is too short: {batch.Count} messages need {batch.Count * (long)HashSizeInBytes} bytes.",
                nameof(destination));
        }

        switch (path)
        {
            case InstructionSet.Ssse3:
                HashLanes<Vector128<uint>, Lanes128, TBatch>(batch, destination, twice);
                break;
            case InstructionSet.Avx2:
                HashLanes<Vector256<uint>, Lanes256, TBatch>(batch, destination, twice);
                break;
            case InstructionSet.Avx512:
                HashLanes<Vector512<uint>, Lanes512, TBatch>(batch, destination, twice);
                break;
            default:
                HashScalar(batch, destination, twice);
                break;
        }
    }

    /// <summary>
    /// Runs the batch through <typeparamref name="TLanes"/>'s lanes: fill every busy lane's row with its next
    /// block, compress all lanes at once, then retire the lanes whose message ended and refill them.
    /// </summary>
    [SkipLocalsInit]
    private static void HashLanes<TVector, TLanes, TBatch>(scoped TBatch batch, Span<byte> destination, bool twice)
        where TVector : unmanaged
        where TLanes : ILanes<TVector>
        where TBatch : IMessageBatch, allows ref struct
    {
        int laneCount = TLanes.Count;
        Unsafe.SkipInit(out Scratch scratch);
        ref uint state = ref scratch.State;
        ref byte rows = ref scratch.Rows;
        ref byte window = ref scratch.Window;
        Span<Lane> lanes = scratch.Lanes[..laneCount];

        int count = batch.Count;
        int next = 0;
        int busy = 0;
        bool anyStep = false;
        for (int lane = 0; lane < laneCount; lane++)
        {
            if (next < count)
            {
                Start(ref scratch, lane, laneCount, batch, next++);
                busy++;
            }
            else
            {
                lanes[lane].Message = -1;
            }
        }

        while (busy != 0)
        {
            if (next == count && ScalarFinishIsCheaper(lanes, twice, TLanes.StepCostInScalarBlocks))
            {
                FinishOnScalar(ref scratch, laneCount, batch, destination, twice);
                break;
            }

            for (int lane = 0; lane < laneCount; lane++)
            {
                ref Lane l = ref lanes[lane];
                if (l.Message < 0)
                {
                    continue;
                }

                ref byte row = ref Unsafe.Add(ref rows, lane * BlockSize);
                ref byte block = ref l.NextBlock < l.WholeBlocks
                    ? ref Unsafe.Add(ref MemoryMarshal.GetReference(batch[l.Message]), l.NextBlock * BlockSize)
                    : ref scratch.Padding[(lane * 2 * BlockSize) + ((l.NextBlock - l.WholeBlocks) * BlockSize)];
                Unsafe.CopyBlockUnaligned(ref row, ref block, BlockSize);
            }

            Compress<TVector, TLanes>(ref state, ref rows, ref Unsafe.As<byte, TVector>(ref window));
            anyStep = true;

            for (int lane = 0; lane < laneCount; lane++)
            {
                ref Lane l = ref lanes[lane];
                if (l.Message < 0 || ++l.NextBlock < l.TotalBlocks)
                {
                    continue;
                }

                if (twice && !l.Second)
                {
                    StartSecondHash(ref scratch, lane, laneCount);
                }
                else
                {
                    WriteLaneDigest(ref state, lane, laneCount, destination.Slice(l.Message * HashSizeInBytes, HashSizeInBytes));
                    if (next < count)
                    {
                        Start(ref scratch, lane, laneCount, batch, next++);
                    }
                    else
                    {
                        l.Message = -1;
                        busy--;
                    }
                }
            }
        }

        // Rows, window, padding and state held message-derived bytes; only the parts this batch wrote are wiped,
        // which matters for small batches (almost 5 KiB of scratch against a few hundred bytes of message).
        int lanesUsed = Math.Min(count, laneCount);
        if (anyStep)
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.CreateSpan(ref rows, lanesUsed * BlockSize));
            CryptographicOperations.ZeroMemory(MemoryMarshal.CreateSpan(ref window, 16 * Unsafe.SizeOf<TVector>()));
        }

        CryptographicOperations.ZeroMemory(scratch.Padding[..(lanesUsed * 2 * BlockSize)]);
        CryptographicOperations.ZeroMemory(
            MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state, Sha256.StateSizeInWords * laneCount)));
    }

    /// <summary>Points <paramref name="lane"/> at message <paramref name="message"/>: its padded tail and a fresh state.</summary>
    private static void Start<TBatch>(ref Scratch scratch, int lane, int laneCount, scoped TBatch batch, int message)
        where TBatch : IMessageBatch, allows ref struct
    {
        ReadOnlySpan<byte> source = batch[message];
        int wholeBlocks = source.Length / BlockSize;
        int finalLength = Sha256.Pad(
            source[(wholeBlocks * BlockSize)..], (ulong)source.Length, ref scratch.Padding[lane * 2 * BlockSize]);
        scratch.Lanes[lane] = new Lane
        {
            Message = message,
            NextBlock = 0,
            WholeBlocks = wholeBlocks,
            TotalBlocks = wholeBlocks + (finalLength / BlockSize),
            Second = false,
        };
        ResetLaneState(ref scratch.State, lane, laneCount);
    }

    /// <summary>
    /// Turns the digest <paramref name="lane"/> just finished into the lane's next message: 32 bytes, padded to
    /// one block, hashed from a fresh state.
    /// </summary>
    private static void StartSecondHash(ref Scratch scratch, int lane, int laneCount)
    {
        Span<byte> padding = ((Span<byte>)scratch.Padding).Slice(lane * 2 * BlockSize, 2 * BlockSize);
        WriteLaneDigest(ref scratch.State, lane, laneCount, padding[..HashSizeInBytes]);
        Sha256.Pad(padding[..HashSizeInBytes], HashSizeInBytes, ref padding[0]);
        ref Lane l = ref scratch.Lanes[lane];
        l.NextBlock = 0;
        l.WholeBlocks = 0;
        l.TotalBlocks = 1;
        l.Second = true;
        ResetLaneState(ref scratch.State, lane, laneCount);
    }

    // The state is stored transposed, word-major: word i of lane j is state[i * laneCount + j], so that word i of
    // all lanes is one vector.
    private static void ResetLaneState(ref uint state, int lane, int laneCount)
    {
        for (int i = 0; i < Sha256.StateSizeInWords; i++)
        {
            Unsafe.Add(ref state, (i * laneCount) + lane) = Sha256.InitialHashValue[i];
        }
    }

    private static void WriteLaneDigest(ref uint state, int lane, int laneCount, Span<byte> destination)
    {
        for (int i = 0; i < Sha256.StateSizeInWords; i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(destination[(i * sizeof(uint))..], Unsafe.Add(ref state, (i * laneCount) + lane));
        }
    }

    /// <summary>
    /// Whether the busy lanes' remaining blocks cost less one at a time on scalar code than in vector steps: the
    /// vector needs as many steps as the longest lane has blocks left, each costing
    /// <paramref name="stepCostInScalarBlocks"/> scalar blocks.
    /// </summary>
    private static bool ScalarFinishIsCheaper(ReadOnlySpan<Lane> lanes, bool twice, double stepCostInScalarBlocks)
    {
        int total = 0;
        int longest = 0;
        foreach (ref readonly Lane l in lanes)
        {
            if (l.Message >= 0)
            {
                int left = l.TotalBlocks - l.NextBlock + (twice && !l.Second ? 1 : 0);
                total += left;
                longest = Math.Max(longest, left);
            }
        }

        return total <= longest * stepCostInScalarBlocks;
    }

    /// <summary>Finishes every busy lane on the scalar compression function, from the lane's current state.</summary>
    private static void FinishOnScalar<TBatch>(ref Scratch scratch, int laneCount, scoped TBatch batch, Span<byte> destination, bool twice)
        where TBatch : IMessageBatch, allows ref struct
    {
        Sha256.State state = default;
        for (int lane = 0; lane < laneCount; lane++)
        {
            ref Lane l = ref scratch.Lanes[lane];
            if (l.Message < 0)
            {
                continue;
            }

            for (int i = 0; i < Sha256.StateSizeInWords; i++)
            {
                state[i] = Unsafe.Add(ref scratch.State, (i * laneCount) + lane);
            }

            if (l.NextBlock < l.WholeBlocks)
            {
                ref byte block = ref Unsafe.Add(ref MemoryMarshal.GetReference(batch[l.Message]), l.NextBlock * BlockSize);
                Sha256.CompressScalar(ref state, ref block, l.WholeBlocks - l.NextBlock);
                l.NextBlock = l.WholeBlocks;
            }

            Sha256.CompressScalar(
                ref state,
                ref scratch.Padding[(lane * 2 * BlockSize) + ((l.NextBlock - l.WholeBlocks) * BlockSize)],
                l.TotalBlocks - l.NextBlock);

            Span<byte> digest = destination.Slice(l.Message * HashSizeInBytes, HashSizeInBytes);
            Sha256.WriteDigest(ref state, digest);
            if (twice && !l.Second)
            {
                Sha256.HashCore(digest, digest);
            }

            l.Message = -1;
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)state));
    }

    /// <summary>
    /// The SHA-256 compression function (FIPS 180-4 §6.2.2) on every lane at once: <paramref name="state"/> is
    /// eight vectors (word-major, see <see cref="ResetLaneState"/>) and <paramref name="rows"/> one 64-byte block
    /// per lane; <paramref name="w"/> is room for the sixteen-vector schedule window, which the caller wipes
    /// once per batch rather than this once per block. The rounds are written out as in <c>Sha256.Scalar.cs</c>;
    /// the constants are K(0)..K(63) of FIPS 180-4 §4.2.2, broadcast to every lane.
    /// </summary>
    private static void Compress<TVector, TLanes>(ref uint state, ref byte rows, ref TVector w)
        where TVector : unmanaged
        where TLanes : ILanes<TVector>
    {
        ref TVector words = ref Unsafe.As<uint, TVector>(ref state);
        TVector a = Unsafe.Add(ref words, 0);
        TVector b = Unsafe.Add(ref words, 1);
        TVector c = Unsafe.Add(ref words, 2);
        TVector d = Unsafe.Add(ref words, 3);
        TVector e = Unsafe.Add(ref words, 4);
        TVector f = Unsafe.Add(ref words, 5);
        TVector g = Unsafe.Add(ref words, 6);
        TVector h = Unsafe.Add(ref words, 7);

        TLanes.LoadMessage(ref rows, ref w);

        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0x428a2f98, ref w, 0);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0x71374491, ref w, 1);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0xb5c0fbcf, ref w, 2);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0xe9b5dba5, ref w, 3);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0x3956c25b, ref w, 4);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0x59f111f1, ref w, 5);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0x923f82a4, ref w, 6);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0xab1c5ed5, ref w, 7);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0xd807aa98, ref w, 8);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0x12835b01, ref w, 9);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0x243185be, ref w, 10);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0x550c7dc3, ref w, 11);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0x72be5d74, ref w, 12);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0x80deb1fe, ref w, 13);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0x9bdc06a7, ref w, 14);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0xc19bf174, ref w, 15);
        TLanes.Schedule(ref w, 0, 1, 9, 14);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0xe49b69c1, ref w, 0);
        TLanes.Schedule(ref w, 1, 2, 10, 15);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0xefbe4786, ref w, 1);
        TLanes.Schedule(ref w, 2, 3, 11, 0);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0x0fc19dc6, ref w, 2);
        TLanes.Schedule(ref w, 3, 4, 12, 1);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0x240ca1cc, ref w, 3);
        TLanes.Schedule(ref w, 4, 5, 13, 2);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0x2de92c6f, ref w, 4);
        TLanes.Schedule(ref w, 5, 6, 14, 3);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0x4a7484aa, ref w, 5);
        TLanes.Schedule(ref w, 6, 7, 15, 4);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0x5cb0a9dc, ref w, 6);
        TLanes.Schedule(ref w, 7, 8, 0, 5);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0x76f988da, ref w, 7);
        TLanes.Schedule(ref w, 8, 9, 1, 6);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0x983e5152, ref w, 8);
        TLanes.Schedule(ref w, 9, 10, 2, 7);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0xa831c66d, ref w, 9);
        TLanes.Schedule(ref w, 10, 11, 3, 8);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0xb00327c8, ref w, 10);
        TLanes.Schedule(ref w, 11, 12, 4, 9);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0xbf597fc7, ref w, 11);
        TLanes.Schedule(ref w, 12, 13, 5, 10);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0xc6e00bf3, ref w, 12);
        TLanes.Schedule(ref w, 13, 14, 6, 11);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0xd5a79147, ref w, 13);
        TLanes.Schedule(ref w, 14, 15, 7, 12);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0x06ca6351, ref w, 14);
        TLanes.Schedule(ref w, 15, 0, 8, 13);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0x14292967, ref w, 15);
        TLanes.Schedule(ref w, 0, 1, 9, 14);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0x27b70a85, ref w, 0);
        TLanes.Schedule(ref w, 1, 2, 10, 15);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0x2e1b2138, ref w, 1);
        TLanes.Schedule(ref w, 2, 3, 11, 0);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0x4d2c6dfc, ref w, 2);
        TLanes.Schedule(ref w, 3, 4, 12, 1);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0x53380d13, ref w, 3);
        TLanes.Schedule(ref w, 4, 5, 13, 2);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0x650a7354, ref w, 4);
        TLanes.Schedule(ref w, 5, 6, 14, 3);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0x766a0abb, ref w, 5);
        TLanes.Schedule(ref w, 6, 7, 15, 4);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0x81c2c92e, ref w, 6);
        TLanes.Schedule(ref w, 7, 8, 0, 5);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0x92722c85, ref w, 7);
        TLanes.Schedule(ref w, 8, 9, 1, 6);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0xa2bfe8a1, ref w, 8);
        TLanes.Schedule(ref w, 9, 10, 2, 7);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0xa81a664b, ref w, 9);
        TLanes.Schedule(ref w, 10, 11, 3, 8);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0xc24b8b70, ref w, 10);
        TLanes.Schedule(ref w, 11, 12, 4, 9);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0xc76c51a3, ref w, 11);
        TLanes.Schedule(ref w, 12, 13, 5, 10);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0xd192e819, ref w, 12);
        TLanes.Schedule(ref w, 13, 14, 6, 11);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0xd6990624, ref w, 13);
        TLanes.Schedule(ref w, 14, 15, 7, 12);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0xf40e3585, ref w, 14);
        TLanes.Schedule(ref w, 15, 0, 8, 13);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0x106aa070, ref w, 15);
        TLanes.Schedule(ref w, 0, 1, 9, 14);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0x19a4c116, ref w, 0);
        TLanes.Schedule(ref w, 1, 2, 10, 15);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0x1e376c08, ref w, 1);
        TLanes.Schedule(ref w, 2, 3, 11, 0);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0x2748774c, ref w, 2);
        TLanes.Schedule(ref w, 3, 4, 12, 1);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0x34b0bcb5, ref w, 3);
        TLanes.Schedule(ref w, 4, 5, 13, 2);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0x391c0cb3, ref w, 4);
        TLanes.Schedule(ref w, 5, 6, 14, 3);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0x4ed8aa4a, ref w, 5);
        TLanes.Schedule(ref w, 6, 7, 15, 4);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0x5b9cca4f, ref w, 6);
        TLanes.Schedule(ref w, 7, 8, 0, 5);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0x682e6ff3, ref w, 7);
        TLanes.Schedule(ref w, 8, 9, 1, 6);
        TLanes.Round(a, b, c, ref d, e, f, g, ref h, 0x748f82ee, ref w, 8);
        TLanes.Schedule(ref w, 9, 10, 2, 7);
        TLanes.Round(h, a, b, ref c, d, e, f, ref g, 0x78a5636f, ref w, 9);
        TLanes.Schedule(ref w, 10, 11, 3, 8);
        TLanes.Round(g, h, a, ref b, c, d, e, ref f, 0x84c87814, ref w, 10);
        TLanes.Schedule(ref w, 11, 12, 4, 9);
        TLanes.Round(f, g, h, ref a, b, c, d, ref e, 0x8cc70208, ref w, 11);
        TLanes.Schedule(ref w, 12, 13, 5, 10);
        TLanes.Round(e, f, g, ref h, a, b, c, ref d, 0x90befffa, ref w, 12);
        TLanes.Schedule(ref w, 13, 14, 6, 11);
        TLanes.Round(d, e, f, ref g, h, a, b, ref c, 0xa4506ceb, ref w, 13);
        TLanes.Schedule(ref w, 14, 15, 7, 12);
        TLanes.Round(c, d, e, ref f, g, h, a, ref b, 0xbef9a3f7, ref w, 14);
        TLanes.Schedule(ref w, 15, 0, 8, 13);
        TLanes.Round(b, c, d, ref e, f, g, h, ref a, 0xc67178f2, ref w, 15);

        Unsafe.Add(ref words, 0) = TLanes.Add(Unsafe.Add(ref words, 0), a);
        Unsafe.Add(ref words, 1) = TLanes.Add(Unsafe.Add(ref words, 1), b);
        Unsafe.Add(ref words, 2) = TLanes.Add(Unsafe.Add(ref words, 2), c);
        Unsafe.Add(ref words, 3) = TLanes.Add(Unsafe.Add(ref words, 3), d);
        Unsafe.Add(ref words, 4) = TLanes.Add(Unsafe.Add(ref words, 4), e);
        Unsafe.Add(ref words, 5) = TLanes.Add(Unsafe.Add(ref words, 5), f);
        Unsafe.Add(ref words, 6) = TLanes.Add(Unsafe.Add(ref words, 6), g);
        Unsafe.Add(ref words, 7) = TLanes.Add(Unsafe.Add(ref words, 7), h);
    }

    /// <summary>One vector width: its lane count and the operations <see cref="Compress{TVector, TLanes}"/> is written in.</summary>
    private interface ILanes<TVector>
        where TVector : unmanaged
    {
        static abstract int Count { get; }

        /// <summary>
        /// What a vector step costs in scalar blocks (vector step time / scalar block time, measured): the tail
        /// of a batch moves to scalar code when that is cheaper.
        /// </summary>
        static abstract double StepCostInScalarBlocks { get; }

        /// <summary>
        /// Loads W(0)..W(15) of every lane: transposes the rows (lane j's block at <c>64 j</c>) so that word t of
        /// all lanes is one vector, byte-swapped from big-endian.
        /// </summary>
        static abstract void LoadMessage(ref byte rows, ref TVector w);

        /// <summary>One round, as <c>Sha256.Round</c> in <c>Sha256.Scalar.cs</c>, with K(t) = <paramref name="k"/>.</summary>
        static abstract void Round(TVector a, TVector b, TVector c, ref TVector d, TVector e, TVector f, TVector g, ref TVector h, uint k, ref TVector w, int t);

        /// <summary>W(t) = σ1(W(t-2)) + W(t-7) + σ0(W(t-15)) + W(t-16), in place of W(t-16).</summary>
        static abstract void Schedule(ref TVector w, int t, int tMinus15, int tMinus7, int tMinus2);

        static abstract TVector Add(TVector x, TVector y);
    }

    /// <summary>Where the messages of a batch are; a ref struct so either layout is read without allocating.</summary>
    private interface IMessageBatch
    {
        int Count { get; }

        ReadOnlySpan<byte> this[int index] { get; }
    }

    private readonly ref struct MemoryBatch(ReadOnlySpan<ReadOnlyMemory<byte>> messages) : IMessageBatch
    {
        private readonly ReadOnlySpan<ReadOnlyMemory<byte>> _messages = messages;

        public int Count => _messages.Length;

        public ReadOnlySpan<byte> this[int index] => _messages[index].Span;
    }

    private readonly ref struct ContiguousBatch(ReadOnlySpan<byte> messages, int messageLength, int count) : IMessageBatch
    {
        private readonly ReadOnlySpan<byte> _messages = messages;
        private readonly int _messageLength = messageLength;

        public int Count { get; } = count;

        public ReadOnlySpan<byte> this[int index] => _messages.Slice(index * _messageLength, _messageLength);
    }

    /// <summary>Where a lane is: which message, which block of it next, and how many it has.</summary>
    private struct Lane
    {
        /// <summary>Index of the lane's message in the batch, or -1 for an idle lane.</summary>
        public int Message;

        public int NextBlock;

        /// <summary>Blocks read from the message itself; the rest, one or two, come from the lane's padding.</summary>
        public int WholeBlocks;

        public int TotalBlocks;

        /// <summary>For double hashing: the lane is hashing the first digest.</summary>
        public bool Second;
    }

    /// <summary>Everything a batch needs on the stack, sized for the widest vector.</summary>
    /// <remarks>
    /// The state, the rows and the schedule window are read and written as whole vectors, and a 512-bit access
    /// that straddles a cache line costs two. The JIT aligns stack locals to 16 bytes at most, so those buffers
    /// carry a vector of slack and are used from their first 64-byte boundary (measured: without it, the Avx512 path
    /// ran 70 or 95 ns per 64-byte message from one process to the next, by where the stack happened to start).
    /// </remarks>
    private struct Scratch
    {
        public Paddings Padding;
        public LaneArray Lanes;
        private StateWords _state;
        private Rows _rows;
        private WindowBytes _window;

        [UnscopedRef]
        public ref uint State => ref AlignTo(ref _state[0], MaxAlignment);

        [UnscopedRef]
        public ref byte Rows => ref AlignTo(ref _rows[0], MaxAlignment);

        /// <summary>W(t-16)..W(t-1) of <see cref="Compress{TVector, TLanes}"/>, sixteen vectors.</summary>
        [UnscopedRef]
        public ref byte Window => ref AlignTo(ref _window[0], MaxAlignment);
    }

    /// <summary>
    /// The first <paramref name="alignment"/>-byte boundary (a power of two) at or after
    /// <paramref name="location"/>, which must be on the stack; up to <c>alignment - 1</c> bytes are skipped.
    /// </summary>
    private static unsafe ref T AlignTo<T>(ref T location, int alignment)
    {
        // Stack memory never moves, so its address may be taken without pinning.
        nint misalignment = (nint)Unsafe.AsPointer(ref location) & (alignment - 1);
        return ref Unsafe.AddByteOffset(ref location, (alignment - misalignment) & (alignment - 1));
    }

    // A cache line, and the size of the widest vector.
    private const int MaxAlignment = 64;

    [InlineArray((Sha256.StateSizeInWords * MaxLanes) + (MaxAlignment / sizeof(uint)))]
    private struct StateWords
    {
        private uint _element0;
    }

    [InlineArray((BlockSize * MaxLanes) + MaxAlignment)]
    private struct Rows
    {
        private byte _element0;
    }

    [InlineArray((16 * MaxAlignment) + MaxAlignment)]
    private struct WindowBytes
    {
        private byte _element0;
    }

    [InlineArray(2 * BlockSize * MaxLanes)]
    private struct Paddings
    {
        private byte _element0;
    }

    [InlineArray(MaxLanes)]
    private struct LaneArray
    {
        private Lane _element0;
    }

}
