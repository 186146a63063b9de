using System.Buffers.Binary;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// An independent model of BLAKE3 for cross-checks: the product's first, scalar-only implementation, which mirrors
/// the reference implementation's structure (one chunk at a time, a stack of chaining values merged as chunks
/// complete) instead of the optimized code's subtree splitting and batching. It shares no code with the product.
/// </summary>
internal static class Blake3Reference
{
    public const int HashSizeInBytes = 32;
    public const int ChunkSizeInBytes = 1024;
    public const int BlockSizeInBytes = 64;

    private const int ChainingValueSizeInWords = 8;
    private const int BlockSizeInWords = 16;
    private const int RoundCount = 7;

    // 2^64 bytes of input is at most 2^54 chunks, so the tree is at most 54 levels deep and the stack of
    // pending left subtrees never holds more than 54 chaining values. A span-sized input needs far fewer, but
    // an incremental hasher built on these helpers will not be bounded by int.
    private const int MaxStackDepth = 54;

    // Domain-separation flags, BLAKE3 spec §2.2.
    private const uint ChunkStart = 1 << 0;
    private const uint ChunkEnd = 1 << 1;
    private const uint Parent = 1 << 2;
    private const uint Root = 1 << 3;

    // The mode flags, BLAKE3 spec §2.2 (Table 3).
    private const uint KeyedHash = 1 << 4;
    private const uint DeriveKeyContext = 1 << 5;
    private const uint DeriveKeyMaterial = 1 << 6;

    // IV, BLAKE3 spec §2.2: the same eight words as SHA-256's initial hash value (FIPS 180-4 §5.3.3). In the
    // default hash mode it also stands in for the key. A static readonly array rather than a ReadOnlySpan<uint>
    // literal property because unoptimized (Debug) code allocates on every read of the latter.
    private static readonly uint[] IV =
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ];

    // The message word permutation applied between rounds, BLAKE3 spec §2.2 (MSG_PERMUTATION in the reference
    // implementation). Byte literals are read straight from the assembly image in every build configuration.
    private static ReadOnlySpan<byte> MessagePermutation => [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

    public static void Hash(ReadOnlySpan<byte> source, Span<byte> destination) => HashCore(IV, 0, source, destination);

    public static void KeyedHash32(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Span<uint> keyWords = stackalloc uint[ChainingValueSizeInWords];
        for (int i = 0; i < ChainingValueSizeInWords; i++)
        {
            keyWords[i] = BinaryPrimitives.ReadUInt32LittleEndian(key[(4 * i)..]);
        }

        HashCore(keyWords, KeyedHash, source, destination);
    }

    public static void DeriveKey(ReadOnlySpan<byte> context, ReadOnlySpan<byte> keyMaterial, Span<byte> destination)
    {
        Span<byte> contextKey = stackalloc byte[32];
        HashCore(IV, DeriveKeyContext, context, contextKey);
        Span<uint> keyWords = stackalloc uint[ChainingValueSizeInWords];
        for (int i = 0; i < ChainingValueSizeInWords; i++)
        {
            keyWords[i] = BinaryPrimitives.ReadUInt32LittleEndian(contextKey[(4 * i)..]);
        }

        HashCore(keyWords, DeriveKeyMaterial, keyMaterial, destination);
    }

    /// <summary>
    /// Hashes <paramref name="input"/> as a whole and writes the root output. Shared by every mode: keyed_hash
    /// would pass the key as eight little-endian words with KEYED_HASH, and derive_key would call this twice
    /// (the context with DERIVE_KEY_CONTEXT under the IV, then the key material with DERIVE_KEY_MATERIAL under
    /// the resulting context key).
    /// </summary>
    private static void HashCore(ReadOnlySpan<uint> keyWords, uint modeFlags, ReadOnlySpan<byte> input, Span<byte> destination)
    {
        Debug.Assert(keyWords.Length == ChainingValueSizeInWords, "A key is eight words.");

        Span<uint> cvStack = stackalloc uint[MaxStackDepth * ChainingValueSizeInWords];
        int cvStackDepth = 0;
        Span<uint> chainingValue = stackalloc uint[ChainingValueSizeInWords];
        Output output = default;
        ulong chunkCounter = 0;

        // A chunk can only be merged into the tree once it is known not to be the root, that is once more input
        // follows it. So the last chunk, full or not, is always left for the finalization below, as in the
        // reference implementation's lazy update.
        while (input.Length > ChunkSizeInBytes)
        {
            ChunkOutput(keyWords, modeFlags, chunkCounter, input[..ChunkSizeInBytes], ref output);
            ChainingValueOf(in output, chainingValue);
            chunkCounter++;
            AddChunkChainingValue(cvStack, ref cvStackDepth, chainingValue, chunkCounter, keyWords, modeFlags);
            input = input[ChunkSizeInBytes..];
        }

        ChunkOutput(keyWords, modeFlags, chunkCounter, input, ref output);

        // What is left on the stack are the roots of complete subtrees, each the left sibling of everything to
        // its right. Folding them in from the top yields the root node, whose final compression is left
        // unevaluated in `output` so it can be run with ROOT once per 64 bytes of requested output.
        while (cvStackDepth > 0)
        {
            cvStackDepth--;
            ChainingValueOf(in output, chainingValue);
            ParentOutput(StackEntry(cvStack, cvStackDepth), chainingValue, keyWords, modeFlags, ref output);
        }

        // Every input byte has been read by now, so source and destination may overlap.
        RootOutputBytes(in output, destination);

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(cvStack));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(chainingValue));
        Wipe(ref output);
    }

    /// <summary>
    /// Pushes the chaining value of a finished, non-final chunk, first merging it with every left sibling it
    /// completes (the reference implementation's <c>add_chunk_chaining_value</c>).
    /// </summary>
    /// <remarks>
    /// After <paramref name="totalChunks"/> chunks, one subtree is complete for each trailing zero bit of that
    /// count, so the merge rule needs only the count rather than any record of the tree's shape; this is what
    /// keeps the stack at one entry per set bit.
    /// </remarks>
    private static void AddChunkChainingValue(
        Span<uint> cvStack,
        ref int cvStackDepth,
        Span<uint> newChainingValue,
        ulong totalChunks,
        ReadOnlySpan<uint> keyWords,
        uint modeFlags)
    {
        Output parent = default;

        while ((totalChunks & 1) == 0)
        {
            cvStackDepth--;
            ParentOutput(StackEntry(cvStack, cvStackDepth), newChainingValue, keyWords, modeFlags, ref parent);
            ChainingValueOf(in parent, newChainingValue);
            totalChunks >>= 1;
        }

        Debug.Assert(cvStackDepth < MaxStackDepth, "The chaining value stack cannot overflow for inputs below 2^64 bytes.");
        newChainingValue.CopyTo(StackEntry(cvStack, cvStackDepth));
        cvStackDepth++;

        Wipe(ref parent);
    }

    /// <summary>
    /// Compresses every block of a chunk except the last, and leaves the last one pending in
    /// <paramref name="output"/> (BLAKE3 spec §2.4).
    /// </summary>
    /// <remarks>
    /// The last block is not compressed here because only the caller knows whether this chunk is the whole
    /// input, in which case it is the root and needs ROOT and possibly several output blocks.
    /// </remarks>
    private static void ChunkOutput(
        ReadOnlySpan<uint> keyWords,
        uint modeFlags,
        ulong chunkCounter,
        ReadOnlySpan<byte> chunk,
        ref Output output)
    {
        Debug.Assert(chunk.Length <= ChunkSizeInBytes, "A chunk is at most 1024 bytes.");

        Span<uint> state = stackalloc uint[BlockSizeInWords];
        keyWords.CopyTo(output.InputChainingValue);
        uint blockFlags = modeFlags | ChunkStart;

        // `>` rather than `>=` keeps a full final block pending; an empty chunk, which only the empty input
        // produces, still ends in one zero-length, all-zero block.
        while (chunk.Length > BlockSizeInBytes)
        {
            LoadBlockWords(chunk[..BlockSizeInBytes], output.Block);
            Compress(output.InputChainingValue, output.Block, chunkCounter, BlockSizeInBytes, blockFlags, state);
            state[..ChainingValueSizeInWords].CopyTo(output.InputChainingValue);
            blockFlags = modeFlags;
            chunk = chunk[BlockSizeInBytes..];
        }

        LoadBlockWords(chunk, output.Block);
        output.Counter = chunkCounter;
        output.BlockLength = (uint)chunk.Length;
        output.Flags = blockFlags | ChunkEnd;

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
    }

    /// <summary>Sets up a parent node over two child chaining values (BLAKE3 spec §2.5).</summary>
    /// <remarks>
    /// Parent nodes always use counter 0 and a full block; only their flags distinguish them from chunks.
    /// </remarks>
    private static void ParentOutput(
        ReadOnlySpan<uint> leftChild,
        ReadOnlySpan<uint> rightChild,
        ReadOnlySpan<uint> keyWords,
        uint modeFlags,
        ref Output output)
    {
        keyWords.CopyTo(output.InputChainingValue);
        Span<uint> block = output.Block;
        leftChild.CopyTo(block);
        rightChild.CopyTo(block[ChainingValueSizeInWords..]);
        output.Counter = 0;
        output.BlockLength = BlockSizeInBytes;
        output.Flags = modeFlags | Parent;
    }

    /// <summary>Runs a pending compression as a non-root node and keeps the first eight words.</summary>
    private static void ChainingValueOf(in Output output, Span<uint> chainingValue)
    {
        Span<uint> state = stackalloc uint[BlockSizeInWords];
        Compress(output.InputChainingValue, output.Block, output.Counter, output.BlockLength, output.Flags, state);
        state[..ChainingValueSizeInWords].CopyTo(chainingValue);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
    }

    /// <summary>
    /// Produces the extendable output of the root node (BLAKE3 spec §2.6): the root's pending compression is
    /// rerun with ROOT and an incrementing output-block counter in place of the node's own counter, and all
    /// sixteen words of each result are output.
    /// </summary>
    private static void RootOutputBytes(in Output output, Span<byte> destination)
    {
        Span<uint> state = stackalloc uint[BlockSizeInWords];
        Span<byte> outputBlock = stackalloc byte[BlockSizeInBytes];
        ulong outputBlockCounter = 0;

        while (!destination.IsEmpty)
        {
            Compress(
                output.InputChainingValue, output.Block, outputBlockCounter, output.BlockLength, output.Flags | Root, state);

            for (int i = 0; i < BlockSizeInWords; i++)
            {
                BinaryPrimitives.WriteUInt32LittleEndian(outputBlock.Slice(i * sizeof(uint), sizeof(uint)), state[i]);
            }

            // The last output block may be partial; serializing whole blocks first keeps the word loop simple.
            int count = Math.Min(BlockSizeInBytes, destination.Length);
            outputBlock[..count].CopyTo(destination);
            destination = destination[count..];
            outputBlockCounter++;
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
        CryptographicOperations.ZeroMemory(outputBlock);
    }

    /// <summary>
    /// The BLAKE3 compression function (BLAKE3 spec §2.2). Leaves all sixteen output words in
    /// <paramref name="state"/>, which the caller supplies so that it also owns the wiping of it.
    /// </summary>
    private static void Compress(
        ReadOnlySpan<uint> chainingValue,
        ReadOnlySpan<uint> blockWords,
        ulong counter,
        uint blockLength,
        uint flags,
        Span<uint> state)
    {
        Debug.Assert(chainingValue.Length == ChainingValueSizeInWords, "A chaining value is eight words.");
        Debug.Assert(blockWords.Length == BlockSizeInWords, "A block is sixteen words.");
        Debug.Assert(state.Length == BlockSizeInWords, "The state is sixteen words.");
        Debug.Assert(
            !state.Overlaps(chainingValue) && !state.Overlaps(blockWords),
            "The inputs are still read after the state has been overwritten.");

        chainingValue.CopyTo(state);
        IV.AsSpan(0, 4).CopyTo(state[ChainingValueSizeInWords..]);
        state[12] = (uint)counter;
        state[13] = (uint)(counter >> 32);
        state[14] = blockLength;
        state[15] = flags;

        // The spec permutes the message words between rounds. Permuting indices into them instead selects the
        // same words in the same order without a second copy of message data that would need wiping.
        Span<byte> order = stackalloc byte[BlockSizeInWords];
        Span<byte> nextOrder = stackalloc byte[BlockSizeInWords];
        for (int i = 0; i < BlockSizeInWords; i++)
        {
            order[i] = (byte)i;
        }

        ReadOnlySpan<byte> permutation = MessagePermutation;
        for (int round = 0; round < RoundCount; round++)
        {
            if (round > 0)
            {
                for (int i = 0; i < BlockSizeInWords; i++)
                {
                    nextOrder[i] = order[permutation[i]];
                }

                nextOrder.CopyTo(order);
            }

            // Columns, then diagonals.
            G(state, 0, 4, 8, 12, blockWords[order[0]], blockWords[order[1]]);
            G(state, 1, 5, 9, 13, blockWords[order[2]], blockWords[order[3]]);
            G(state, 2, 6, 10, 14, blockWords[order[4]], blockWords[order[5]]);
            G(state, 3, 7, 11, 15, blockWords[order[6]], blockWords[order[7]]);
            G(state, 0, 5, 10, 15, blockWords[order[8]], blockWords[order[9]]);
            G(state, 1, 6, 11, 12, blockWords[order[10]], blockWords[order[11]]);
            G(state, 2, 7, 8, 13, blockWords[order[12]], blockWords[order[13]]);
            G(state, 3, 4, 9, 14, blockWords[order[14]], blockWords[order[15]]);
        }

        // The first half is the truncated output used as a chaining value; feeding the input chaining value
        // forward into the second half is what makes the full 16 words usable as extended output.
        for (int i = 0; i < ChainingValueSizeInWords; i++)
        {
            state[i] ^= state[i + 8];
            state[i + 8] ^= chainingValue[i];
        }
    }

    // The quarter-round mixing function G, BLAKE3 spec §2.2.
    private static void G(Span<uint> state, int a, int b, int c, int d, uint mx, uint my)
    {
        state[a] = state[a] + state[b] + mx;
        state[d] = BitOperations.RotateRight(state[d] ^ state[a], 16);
        state[c] = state[c] + state[d];
        state[b] = BitOperations.RotateRight(state[b] ^ state[c], 12);
        state[a] = state[a] + state[b] + my;
        state[d] = BitOperations.RotateRight(state[d] ^ state[a], 8);
        state[c] = state[c] + state[d];
        state[b] = BitOperations.RotateRight(state[b] ^ state[c], 7);
    }

    /// <summary>
    /// Reads up to 64 bytes as sixteen little-endian words, zero-padding a short final block as the spec
    /// requires; the true length travels separately as the block length.
    /// </summary>
    private static void LoadBlockWords(ReadOnlySpan<byte> bytes, Span<uint> words)
    {
        Debug.Assert(bytes.Length <= BlockSizeInBytes, "A block is at most 64 bytes.");

        words.Clear();
        int wholeWords = bytes.Length / sizeof(uint);
        for (int i = 0; i < wholeWords; i++)
        {
            words[i] = BinaryPrimitives.ReadUInt32LittleEndian(bytes.Slice(i * sizeof(uint), sizeof(uint)));
        }

        // A trailing partial word: its bytes land in the low end, as in a zero-padded little-endian load.
        for (int j = wholeWords * sizeof(uint); j < bytes.Length; j++)
        {
            words[wholeWords] |= (uint)bytes[j] << (8 * (j % sizeof(uint)));
        }
    }

    private static Span<uint> StackEntry(Span<uint> cvStack, int index) =>
        cvStack.Slice(index * ChainingValueSizeInWords, ChainingValueSizeInWords);

    private static void Wipe(ref Output output) =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref output, 1)));

    /// <summary>
    /// A node's last compression, held back until the caller knows whether the node is the root: an inner node
    /// is compressed once for its chaining value, the root once per 64 bytes of output with ROOT added.
    /// </summary>
    private struct Output
    {
        public ChainingValueWords InputChainingValue;
        public BlockWords Block;
        public ulong Counter;
        public uint BlockLength;
        public uint Flags;
    }

    [InlineArray(ChainingValueSizeInWords)]
    private struct ChainingValueWords
    {
        private uint _element0;
    }

    [InlineArray(BlockSizeInWords)]
    private struct BlockWords
    {
        private uint _element0;
    }
}
