namespace CryptoHarness.Managed;

public static partial class Blake3
{
    /// <summary>
    /// The incremental hasher's state (the reference crate's <c>Hasher</c>): the chunk being filled and a stack of
    /// chaining values of complete subtrees still waiting for their right siblings. Behind
    /// <see cref="Blake3Hasher"/>, which owns one and wipes it.
    /// </summary>
    internal struct HasherState
    {
        public ChainingValue Key;
        public uint Flags;
        public InstructionSet Path;

        // The current chunk: its chaining value so far, its unprocessed tail (at most one block, kept back until
        // more input shows it is not the chunk's last) and how many blocks it has compressed.
        public ChainingValue ChunkChainingValue;
        public Block Buffer;
        public int BufferLength;
        public int BlocksCompressed;
        public ulong ChunkCounter;

        // Chaining values as little-endian bytes, so that two neighbours are exactly their parent's block.
        public ChainingValueStack Stack;
        public int StackLength;

        public readonly int ChunkLength => (BlocksCompressed * BlockSizeInBytes) + BufferLength;
    }

    [InlineArray(MaxStackDepth * ChainingValueSizeInBytes)]
    internal struct ChainingValueStack
    {
        private byte _element0;
    }

    internal static void InitializeHash(ref HasherState state, InstructionSet path) =>
        Initialize(ref state, in IvKey, 0, path);

    internal static void InitializeKeyed(ref HasherState state, ReadOnlySpan<byte> key, InstructionSet path)
    {
        LoadKey(key, out ChainingValue keyWords);
        Initialize(ref state, in keyWords, KeyedHash, path);
        Wipe(ref keyWords);
    }

    internal static void InitializeDeriveKey(ref HasherState state, ReadOnlySpan<byte> context, InstructionSet path)
    {
        DeriveContextKey(path, context, out ChainingValue contextKey);
        Initialize(ref state, in contextKey, DeriveKeyMaterial, path);
        Wipe(ref contextKey);
    }

    internal static void WipeState(ref HasherState state) => Wipe(ref state);

    internal static void WipeOutput(ref Output output) => Wipe(ref output);

    private static void Initialize(ref HasherState state, in ChainingValue key, uint flags, InstructionSet path)
    {
        state.Key = key;
        state.Flags = flags;
        state.Path = path;
        Reset(ref state);
    }

    /// <summary>Back to the empty input, keeping the key, mode and path.</summary>
    internal static void Reset(ref HasherState state)
    {
        StartChunk(ref state, 0);
        state.StackLength = 0;
        Wipe(ref state.Buffer);
        Wipe(ref state.Stack);
    }

    internal static void Append(ref HasherState state, ReadOnlySpan<byte> input)
    {
        switch (state.Path)
        {
            case InstructionSet.Avx512:
                Append<Avx512Path>(ref state, input);
                break;
            case InstructionSet.Avx2:
                Append<Avx2Path>(ref state, input);
                break;
            case InstructionSet.Ssse3:
                Append<Ssse3Path>(ref state, input);
                break;
            default:
                Append<ScalarPath>(ref state, input);
                break;
        }
    }

    internal static void RootOutput(ref HasherState state, out Output root)
    {
        switch (state.Path)
        {
            case InstructionSet.Avx512:
                RootOutput<Avx512Path>(ref state, out root);
                break;
            case InstructionSet.Avx2:
                RootOutput<Avx2Path>(ref state, out root);
                break;
            case InstructionSet.Ssse3:
                RootOutput<Ssse3Path>(ref state, out root);
                break;
            default:
                RootOutput<ScalarPath>(ref state, out root);
                break;
        }
    }

    /// <summary>
    /// Adds input (the reference crate's <c>Hasher::update</c>): it first completes a partly filled chunk, then
    /// hashes whole subtrees straight from the caller's buffer with the path's wide kernels, and keeps the rest.
    /// </summary>
    private static void Append<TPath>(ref HasherState state, ReadOnlySpan<byte> input)
        where TPath : struct, IPath
    {
        if (state.ChunkLength > 0)
        {
            int take = Math.Min(ChunkSizeInBytes - state.ChunkLength, input.Length);
            UpdateChunk<TPath>(ref state, input[..take]);
            input = input[take..];
            if (input.IsEmpty)
            {
                return;
            }

            // The chunk is full and more input follows, so it is not the root: finish it and start the next.
            Output output = default;
            ChunkStateOutput(ref state, ref output);
            ChainingValueOf<TPath>(ref output, out ChainingValue chunkChainingValue);
            PushChainingValue<TPath>(ref state, in chunkChainingValue, state.ChunkCounter);
            StartChunk(ref state, state.ChunkCounter + 1);
            Wipe(ref output);
            Wipe(ref chunkChainingValue);
        }

        // Whole subtrees, each as large as possible: a power of two chunks, no larger than what is left, and
        // aligned to the chunks already hashed so that it is a complete subtree of the final tree. The last byte
        // may go into one too; RootOutput then finds the stack not yet merged and merges its top pair itself.
        Span<byte> childPair = stackalloc byte[2 * ChainingValueSizeInBytes];
        while (input.Length > ChunkSizeInBytes)
        {
            Debug.Assert(state.ChunkLength == 0, "No partial chunk is pending here.");
            int subtreeLength = 1 << BitOperations.Log2((uint)input.Length);
            ulong bytesSoFar = state.ChunkCounter * ChunkSizeInBytes;
            while ((bytesSoFar & (ulong)(subtreeLength - 1)) != 0)
            {
                subtreeLength /= 2;
            }

            ulong subtreeChunks = (ulong)(subtreeLength / ChunkSizeInBytes);
            if (subtreeLength == ChunkSizeInBytes)
            {
                Output output = default;
                ChunkOutput<TPath>(in state.Key, state.Flags, state.ChunkCounter, input[..ChunkSizeInBytes], ref output);
                ChainingValueOf<TPath>(ref output, out ChainingValue chunkChainingValue);
                PushChainingValue<TPath>(ref state, in chunkChainingValue, state.ChunkCounter);
                Wipe(ref output);
                Wipe(ref chunkChainingValue);
            }
            else
            {
                // The subtree's two halves go on the stack as two entries, to be merged like any other pair.
                CompressSubtreeToParentNode<TPath>(input[..subtreeLength], in state.Key, state.ChunkCounter, state.Flags, childPair);
                PushChainingValue<TPath>(ref state, childPair[..ChainingValueSizeInBytes], state.ChunkCounter);
                PushChainingValue<TPath>(ref state, childPair[ChainingValueSizeInBytes..], state.ChunkCounter + (subtreeChunks / 2));
                CryptographicOperations.ZeroMemory(childPair);
            }

            state.ChunkCounter += subtreeChunks;
            input = input[subtreeLength..];
        }

        if (!input.IsEmpty)
        {
            UpdateChunk<TPath>(ref state, input);

            // The stack must be fully merged before RootOutput folds it onto a pending chunk.
            MergeStack<TPath>(ref state, state.ChunkCounter);
        }
    }

    /// <summary>
    /// Adds at most the rest of the current chunk. Blocks are compressed only once more input follows them, so the
    /// chunk's last block is always still in the buffer when the chunk ends.
    /// </summary>
    private static void UpdateChunk<TPath>(ref HasherState state, ReadOnlySpan<byte> input)
        where TPath : struct, IPath
    {
        Debug.Assert(state.ChunkLength + input.Length <= ChunkSizeInBytes, "The input fits the current chunk.");

        if (state.BufferLength > 0)
        {
            int take = Math.Min(BlockSizeInBytes - state.BufferLength, input.Length);
            input[..take].CopyTo(((Span<byte>)state.Buffer)[state.BufferLength..]);
            state.BufferLength += take;
            input = input[take..];
            if (input.IsEmpty)
            {
                return;
            }

            TPath.CompressBlock(ref state.ChunkChainingValue, ref state.Buffer[0], state.ChunkCounter, BlockSizeInBytes, state.Flags | ChunkStartFlag(in state));
            state.BlocksCompressed++;
            state.BufferLength = 0;
        }

        while (input.Length > BlockSizeInBytes)
        {
            TPath.CompressBlock(ref state.ChunkChainingValue, ref MemoryMarshal.GetReference(input), state.ChunkCounter, BlockSizeInBytes, state.Flags | ChunkStartFlag(in state));
            state.BlocksCompressed++;
            input = input[BlockSizeInBytes..];
        }

        input.CopyTo(state.Buffer);
        state.BufferLength = input.Length;
    }

    private static uint ChunkStartFlag(in HasherState state) => state.BlocksCompressed == 0 ? ChunkStart : 0;

    private static void StartChunk(ref HasherState state, ulong chunkCounter)
    {
        state.ChunkChainingValue = state.Key;
        state.BufferLength = 0;
        state.BlocksCompressed = 0;
        state.ChunkCounter = chunkCounter;
    }

    /// <summary>The current chunk's pending last block, as <see cref="ChunkOutput{TPath}"/> leaves it.</summary>
    private static void ChunkStateOutput(ref HasherState state, ref Output output)
    {
        output.InputChainingValue = state.ChunkChainingValue;
        SetLastBlock(ref output, ((ReadOnlySpan<byte>)state.Buffer)[..state.BufferLength], state.ChunkCounter, state.Flags | ChunkStartFlag(in state) | ChunkEnd);
    }

    /// <summary>
    /// Pushes the chaining value of the subtree starting at chunk <paramref name="chunkCounter"/>, after merging
    /// every pair on the stack that the chunks before it complete.
    /// </summary>
    private static void PushChainingValue<TPath>(ref HasherState state, ReadOnlySpan<byte> chainingValue, ulong chunkCounter)
        where TPath : struct, IPath
    {
        MergeStack<TPath>(ref state, chunkCounter);
        Debug.Assert(state.StackLength < MaxStackDepth, "The stack cannot overflow for inputs below 2^64 bytes.");
        chainingValue.CopyTo(((Span<byte>)state.Stack)[(state.StackLength * ChainingValueSizeInBytes)..]);
        state.StackLength++;
    }

    private static void PushChainingValue<TPath>(ref HasherState state, in ChainingValue chainingValue, ulong chunkCounter)
        where TPath : struct, IPath
    {
        Span<byte> bytes = stackalloc byte[ChainingValueSizeInBytes];
        StoreLittleEndian(in chainingValue, bytes);
        PushChainingValue<TPath>(ref state, bytes, chunkCounter);
        CryptographicOperations.ZeroMemory(bytes);
    }

    /// <summary>
    /// Merges stack entries into parents until one entry is left per complete subtree of the first
    /// <paramref name="totalChunks"/> chunks, which is one per set bit of that count (the reference crate's
    /// <c>merge_cv_stack</c>). Merging lazily, only when more input arrives, is what keeps the last subtree
    /// available to be the root's child.
    /// </summary>
    private static void MergeStack<TPath>(ref HasherState state, ulong totalChunks)
        where TPath : struct, IPath
    {
        int mergedLength = BitOperations.PopCount(totalChunks);
        while (state.StackLength > mergedLength)
        {
            // The top two entries lie side by side: they are the parent's block as they are.
            ref byte pair = ref state.Stack[(state.StackLength - 2) * ChainingValueSizeInBytes];
            ChainingValue parent = state.Key;
            TPath.CompressBlock(ref parent, ref pair, 0, BlockSizeInBytes, state.Flags | Parent);
            StoreLittleEndian(in parent, MemoryMarshal.CreateSpan(ref pair, ChainingValueSizeInBytes));
            state.StackLength--;
            Wipe(ref parent);
        }
    }

    /// <summary>
    /// The root node, still uncompressed (the reference crate's <c>final_output</c>): the current chunk, or the
    /// top pair of the stack when the input ended on a subtree boundary, folded with every entry below it as the
    /// left sibling. Leaves the state as it was, so more input may follow.
    /// </summary>
    private static void RootOutput<TPath>(ref HasherState state, out Output root)
        where TPath : struct, IPath
    {
        root = default;
        int remaining = state.StackLength;
        if (remaining == 0 || state.ChunkLength > 0)
        {
            ChunkStateOutput(ref state, ref root);
        }
        else
        {
            Debug.Assert(remaining >= 2, "An input that ended on a subtree boundary leaves its two halves.");
            Span<byte> stack = state.Stack;
            stack.Slice((remaining - 2) * ChainingValueSizeInBytes, 2 * ChainingValueSizeInBytes).CopyTo(root.Block);
            SetParent(ref root, in state.Key, state.Flags);
            remaining -= 2;
        }

        while (remaining > 0)
        {
            remaining--;
            ChainingValueOf<TPath>(ref root, out ChainingValue right);
            Span<byte> block = root.Block;
            ((Span<byte>)state.Stack).Slice(remaining * ChainingValueSizeInBytes, ChainingValueSizeInBytes).CopyTo(block);
            StoreLittleEndian(in right, block[ChainingValueSizeInBytes..]);
            SetParent(ref root, in state.Key, state.Flags);
            Wipe(ref right);
        }
    }
}
