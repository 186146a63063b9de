namespace CryptoHarness.Managed;

public static partial class Blake3
{
    // Subtrees up to this size are hashed on the thread that reaches them; larger ones are split and their halves
    // hashed at the same time. Measured on the 2-core development machine with the other core idle: 128 KiB as two
    // 64 KiB halves ran at about 10 GB/s against 6 GB/s on one thread, and 1 MiB at about 10.5 GB/s, but 128 KiB
    // in 32 KiB pieces fell to about 4 GB/s. With the other core busy, splitting loses, as it must.
    private const int MultithreadedMinimumSubtree = 64 * 1024;

    /// <summary>
    /// Computes the BLAKE3 hash of <paramref name="source"/> like <see cref="HashData(ReadOnlySpan{byte}, Span{byte})"/>,
    /// hashing the halves of large subtrees on thread pool threads at the same time.
    /// </summary>
    /// <inheritdoc cref="HashData(ReadOnlySpan{byte}, Span{byte})"/>
    /// <remarks>
    /// Same output as the single-threaded call. Unlike it, this allocates a little per call for the parallel
    /// work items, and an input of up to 64 KiB is simply hashed on the calling thread. Only the hash mode has a
    /// multithreaded entry point.
    /// </remarks>
    public static void HashDataMultithreaded(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashDataMultithreaded(source, destination, Fastest);

    /// <summary>The multithreaded hash on the given path.</summary>
    /// <inheritdoc cref="HashDataMultithreaded(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="path">The instruction-set path every thread runs.</param>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public static void HashDataMultithreaded(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNotSupported(path);
        ThrowIfEmpty(destination);
        if (source.Length <= MultithreadedMinimumSubtree)
        {
            HashOneShot(path, in IvKey, 0, source, destination);
            return;
        }

        switch (path)
        {
            case InstructionSet.Avx512:
                HashMultithreaded<Avx512Path>(source, destination);
                break;
            case InstructionSet.Avx2:
                HashMultithreaded<Avx2Path>(source, destination);
                break;
            case InstructionSet.Ssse3:
                HashMultithreaded<Ssse3Path>(source, destination);
                break;
            default:
                HashMultithreaded<ScalarPath>(source, destination);
                break;
        }
    }

    private static unsafe void HashMultithreaded<TPath>(ReadOnlySpan<byte> input, Span<byte> destination)
        where TPath : struct, IPath
    {
        Output root = default;
        Span<byte> chainingValues = stackalloc byte[MaxBatchOr2 * ChainingValueSizeInBytes];
        int count;
        fixed (byte* inputPointer = input)
        fixed (byte* outputPointer = chainingValues)
        {
            count = CompressSubtreeWideMultithreaded<TPath>(inputPointer, input.Length, 0, outputPointer);
        }

        ReduceToChildPair<TPath>(chainingValues, count, in IvKey, 0, root.Block);
        SetParent(ref root, in IvKey, 0);
        WriteRootOutput<TPath>(ref root, 0, destination);
        Wipe(ref root);
        CryptographicOperations.ZeroMemory(chainingValues);
    }

    /// <summary>
    /// <see cref="CompressSubtreeWide{TPath}"/> in the hash mode, with the two halves of a large subtree hashed at the
    /// same time (the reference crate's join). Pointers rather than spans, because the halves run in lambdas: the
    /// input is pinned by the caller, and <paramref name="output"/> and this frame's buffer live on stack frames
    /// that wait for both halves.
    /// </summary>
    private static unsafe int CompressSubtreeWideMultithreaded<TPath>(byte* input, int length, ulong chunkCounter, byte* output)
        where TPath : struct, IPath
    {
        if (length <= MultithreadedMinimumSubtree)
        {
            return CompressSubtreeWide<TPath>(
                new ReadOnlySpan<byte>(input, length),
                in IvKey,
                chunkCounter,
                0,
                new Span<byte>(output, MaxBatchOr2 * ChainingValueSizeInBytes));
        }

        // Both halves are larger than one chunk here, so the left one fills a whole batch, as in CompressSubtreeWide.
        int leftLength = LeftSubtreeLength(length);
        int leftCapacity = Math.Max(TPath.Degree, 2);
        byte* chainingValues = stackalloc byte[2 * MaxBatchOr2 * ChainingValueSizeInBytes];
        int leftCount = 0;
        int rightCount = 0;
        Parallel.Invoke(
            () => leftCount = CompressSubtreeWideMultithreaded<TPath>(input, leftLength, chunkCounter, chainingValues),
            () => rightCount = CompressSubtreeWideMultithreaded<TPath>(
                input + leftLength,
                length - leftLength,
                chunkCounter + (ulong)(leftLength / ChunkSizeInBytes),
                chainingValues + (leftCapacity * ChainingValueSizeInBytes)));

        Span<byte> both = new(chainingValues, 2 * MaxBatchOr2 * ChainingValueSizeInBytes);
        int written = CompressParentsParallel<TPath>(
            both[..((leftCount + rightCount) * ChainingValueSizeInBytes)],
            in IvKey,
            0,
            new Span<byte>(output, MaxBatchOr2 * ChainingValueSizeInBytes));
        CryptographicOperations.ZeroMemory(both);
        return written;
    }
}
