namespace CryptoHarness.Managed;

/// <summary>
/// One block-iterated hash function as the shared drivers in <see cref="BlockHash"/> see it: how to start, how to
/// compress whole blocks, and how to pad and finish. Implemented by a struct per algorithm, so every generic
/// instantiation is compiled for that struct and the calls are direct (and inlined where small): no interface
/// dispatch, no allocation.
/// </summary>
/// <typeparam name="TState">The chaining state (and whatever else the function carries from block to block).</typeparam>
internal interface IBlockHashFunction<TState>
    where TState : unmanaged
{
    /// <summary>The block size for a digest of <paramref name="hashSize"/> bytes (Kupyna's depends on it).</summary>
    static abstract int BlockSizeFor(int hashSize);

    /// <summary>Sets the initial value for a digest of <paramref name="hashSize"/> bytes.</summary>
    static abstract void Initialize(ref TState state, int hashSize);

    /// <summary>Compresses <paramref name="blockCount"/> (at least one) consecutive whole blocks at <paramref name="blocks"/>.</summary>
    static abstract void Compress(ref TState state, ref byte blocks, int blockCount);

    /// <summary>
    /// Pads <paramref name="tail"/> (shorter than a block; what is left after the whole blocks), compresses the
    /// final block or blocks, and writes the <c>destination.Length</c>-byte digest. <paramref name="messageLength"/>
    /// is the whole message's length in bytes. Wipes any stack copy of the tail it makes.
    /// </summary>
    static abstract void Finish(ref TState state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination);
}

/// <summary>
/// The drivers shared by the block hashes (MD5, SHA-1, RIPEMD-160, SM3, Whirlpool, Streebog, Kupyna, and the SHA-2
/// family on each of its paths): argument checks, one-shot hashing, and Merkle–Damgård padding with a length field.
/// </summary>
internal static class BlockHash
{
    /// <summary>The largest block of these functions (Kupyna-384/512's 1024-bit state, the SHA-512 family's block).</summary>
    internal const int MaxBlockSizeInBytes = 128;

    internal static void ThrowIfNoSuchPath(InstructionSet path, string algorithm)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (path != InstructionSet.Scalar)
        {
            throw new ArgumentException(
                $"{algorithm} has no {InstructionSets.VariantName(path)} path; only scalar exists.", nameof(path));
        }
    }

    /// <summary>The same check for an algorithm with more paths than scalar; <paramref name="paths"/> names them in the message.</summary>
    internal static void ThrowIfNoSuchPath(InstructionSet path, string algorithm, bool isSupported, string paths)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!isSupported)
        {
            throw new ArgumentException(
                $"{algorithm} has no {InstructionSets.VariantName(path)} path here; only {paths}.", nameof(path));
        }
    }

    internal static void ThrowIfDestinationTooShort(Span<byte> destination, int hashSize, string algorithm)
    {
        if (destination.Length < hashSize)
        {
            throw new ArgumentException(
                $"Destination is too short: {algorithm} writes {hashSize} bytes.", nameof(destination));
        }
    }

    /// <summary>Checks the arguments, then hashes <paramref name="source"/> into the first <paramref name="hashSize"/> bytes.</summary>
    internal static void HashChecked<TFunction, TState>(
        int hashSize, string algorithm, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
        where TFunction : struct, IBlockHashFunction<TState>
        where TState : unmanaged
    {
        ThrowIfNoSuchPath(path, algorithm);
        ThrowIfDestinationTooShort(destination, hashSize, algorithm);
        Hash<TFunction, TState>(source, destination[..hashSize]);
    }

    /// <summary>
    /// Hashes <paramref name="source"/> into <paramref name="destination"/> (exactly the digest size). Whole blocks
    /// are compressed straight from the caller's buffer; only the tail is copied, by the function's padding. The
    /// digest is written after the whole source has been read, so the two may overlap.
    /// </summary>
    [SkipLocalsInit]
    internal static void Hash<TFunction, TState>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TFunction : struct, IBlockHashFunction<TState>
        where TState : unmanaged
    {
        Unsafe.SkipInit(out TState state);
        TFunction.Initialize(ref state, destination.Length);
        int blockSize = TFunction.BlockSizeFor(destination.Length);
        int wholeBlocks = source.Length / blockSize;
        if (wholeBlocks != 0)
        {
            TFunction.Compress(ref state, ref MemoryMarshal.GetReference(source), wholeBlocks);
        }

        TFunction.Finish(ref state, source[(wholeBlocks * blockSize)..], (ulong)source.Length, destination);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(new Span<TState>(ref state)));
    }

    /// <summary>
    /// Writes the Merkle–Damgård padding of <paramref name="tail"/> into <paramref name="finalBlocks"/> (room for two
    /// blocks): the tail, a 1 bit (0x80), zeros, and the message length in bits in the last
    /// <paramref name="lengthFieldSize"/> bytes, big- or little-endian. Returns the padded length, one block or two.
    /// </summary>
    /// <remarks>
    /// The message length counts bytes in a ulong, so the bit count has at most 67 bits: the low 64, and the three
    /// shifted out of them where the field has room (SHA-512's 16 bytes, Whirlpool's 32, Kupyna's 12); the field's
    /// other bytes are zero.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Pad(
        ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> finalBlocks, int blockSize, int lengthFieldSize, bool bigEndianLength)
    {
        Debug.Assert(tail.Length < blockSize, "The tail is what is left after the whole blocks.");
        Debug.Assert(finalBlocks.Length >= 2 * blockSize, "Room for two blocks.");

        // Written on references: inlined into each function's finish, the sizes are constants and only the copy,
        // the clear and two stores remain (span slicing here cost SHA-224 4% at 128 bytes).
        int finalLength = tail.Length < blockSize - lengthFieldSize ? blockSize : 2 * blockSize;
        ref byte final = ref MemoryMarshal.GetReference(finalBlocks);
        // The tail is copied before the rest is cleared: the incremental hasher pads in place, with the tail
        // already at the start of the buffer.
        tail.CopyTo(finalBlocks);
        Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref final, tail.Length), 0, (uint)(finalLength - tail.Length));
        Unsafe.Add(ref final, tail.Length) = 0x80;

        ulong bits = messageLength << 3;
        ulong high = messageLength >> 61;
        ref byte field = ref Unsafe.Add(ref final, finalLength - lengthFieldSize);
        if (bigEndianLength)
        {
            ref byte low = ref Unsafe.Add(ref field, lengthFieldSize - sizeof(ulong));
            Unsafe.WriteUnaligned(ref low, BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(bits) : bits);
            if (lengthFieldSize > sizeof(ulong))
            {
                Unsafe.WriteUnaligned(
                    ref Unsafe.Subtract(ref low, sizeof(ulong)), BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(high) : high);
            }
        }
        else
        {
            Unsafe.WriteUnaligned(ref field, BitConverter.IsLittleEndian ? bits : BinaryPrimitives.ReverseEndianness(bits));
            if (lengthFieldSize > sizeof(ulong))
            {
                Unsafe.Add(ref field, sizeof(ulong)) = (byte)high;
            }
        }

        return finalLength;
    }

    /// <summary>
    /// Pads <paramref name="tail"/> (<see cref="Pad"/>), compresses the final block or blocks with
    /// <typeparamref name="TFunction"/>, and wipes the padded copy: the first half of every Merkle–Damgård finish here.
    /// </summary>
    /// <remarks>Inlined into each finish (marked <c>SkipLocalsInit</c> as this is, so the two blocks are not zeroed first), where the sizes are constants.</remarks>
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void PadAndCompress<TFunction, TState>(
        ref TState state, ReadOnlySpan<byte> tail, ulong messageLength, int blockSize, int lengthFieldSize, bool bigEndianLength)
        where TFunction : struct, IBlockHashFunction<TState>
        where TState : unmanaged
    {
        // Two blocks of this function's size, not of the largest: the folded branch leaves one buffer, and a frame
        // 128 bytes larger measured 3% slower at 128 bytes for SHA-256.
        if (blockSize <= SmallBlockSizeInBytes)
        {
            Unsafe.SkipInit(out SmallFinalBlocks small);
            PadAndCompress<TFunction, TState>(ref state, tail, messageLength, small, blockSize, lengthFieldSize, bigEndianLength);
        }
        else
        {
            Unsafe.SkipInit(out FinalBlocks large);
            PadAndCompress<TFunction, TState>(ref state, tail, messageLength, large, blockSize, lengthFieldSize, bigEndianLength);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void PadAndCompress<TFunction, TState>(
        ref TState state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> final, int blockSize, int lengthFieldSize, bool bigEndianLength)
        where TFunction : struct, IBlockHashFunction<TState>
        where TState : unmanaged
    {
        int finalLength = Pad(tail, messageLength, final, blockSize, lengthFieldSize, bigEndianLength);
        TFunction.Compress(ref state, ref final[0], finalLength / blockSize);
        CryptographicOperations.ZeroMemory(final[..finalLength]);
    }

    /// <summary>
    /// Writes the first <c>destination.Length / sizeof(TWord)</c> of <paramref name="words"/> (32- or 64-bit) into
    /// <paramref name="destination"/>, each big- or little-endian: the digest of a function whose output is its
    /// chaining words.
    /// </summary>
    /// <remarks>
    /// The byte swap is chosen by type test, which the JIT folds per instantiation; the generic-math
    /// <c>WriteBigEndian</c> would box: it is a default interface method, and a struct calling one is boxed first.
    /// </remarks>
    internal static void WriteWords<TWord>(ReadOnlySpan<TWord> words, Span<byte> destination, bool bigEndian)
        where TWord : unmanaged
    {
        Debug.Assert(typeof(TWord) == typeof(uint) || typeof(TWord) == typeof(ulong), "32- or 64-bit words.");
        int size = Unsafe.SizeOf<TWord>();
        bool swap = bigEndian == BitConverter.IsLittleEndian;
        for (int i = 0; i < destination.Length / size; i++)
        {
            TWord word = words[i];
            if (swap)
            {
                word = typeof(TWord) == typeof(uint)
                    ? (TWord)(object)BinaryPrimitives.ReverseEndianness((uint)(object)word)
                    : (TWord)(object)BinaryPrimitives.ReverseEndianness((ulong)(object)word);
            }

            Unsafe.WriteUnaligned(ref destination[i * size], word);
        }
    }

    private const int SmallBlockSizeInBytes = 64;

    /// <summary>Room for a padded tail of a 64-byte-block function: two blocks.</summary>
    [InlineArray(2 * SmallBlockSizeInBytes)]
    private struct SmallFinalBlocks
    {
        private byte _element0;
    }

    /// <summary>Room for a padded tail: two of the largest blocks.</summary>
    [InlineArray(2 * MaxBlockSizeInBytes)]
    internal struct FinalBlocks
    {
        private byte _element0;
    }
}

/// <summary>
/// What sets one of the MD4 line's functions apart (MD5, SHA-1, RIPEMD-160, SM3): 64-byte blocks, a chaining value
/// of 32-bit words that is also the digest, and a padding with a 64-bit bit count in the same byte order as the
/// digest words. <see cref="MerkleDamgard32{TDefinition}"/> does the rest, specialised per struct by the JIT.
/// </summary>
internal interface IMerkleDamgard32Definition
{
    /// <summary>The byte order of the length field and of the digest words: big-endian (SHA-1, SM3) or little-endian (MD5, RIPEMD-160).</summary>
    static abstract bool BigEndian { get; }

    /// <summary>The initial chaining words, as many as the digest has.</summary>
    static abstract ReadOnlySpan<uint> InitialValue { get; }

    /// <summary>Compresses <paramref name="blockCount"/> (at least one) 64-byte blocks at <paramref name="blocks"/>.</summary>
    static abstract void Compress(ref ChainingWords state, ref byte blocks, int blockCount);
}

/// <summary>Up to eight 32-bit chaining words (MD5 uses four, SHA-1 and RIPEMD-160 five, SM3 eight).</summary>
[InlineArray(8)]
internal struct ChainingWords
{
    private uint _element0;
}

/// <summary>The block-hash function of one <see cref="IMerkleDamgard32Definition"/>.</summary>
internal readonly struct MerkleDamgard32<TDefinition> : IBlockHashFunction<ChainingWords>
    where TDefinition : struct, IMerkleDamgard32Definition
{
    public const int BlockSizeInBytes = 64;

    public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

    public static void Initialize(ref ChainingWords state, int hashSize) => TDefinition.InitialValue.CopyTo(state);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
        TDefinition.Compress(ref state, ref blocks, blockCount);

    [SkipLocalsInit]
    public static void Finish(ref ChainingWords state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
    {
        BlockHash.PadAndCompress<MerkleDamgard32<TDefinition>, ChainingWords>(
            ref state, tail, messageLength, BlockSizeInBytes, sizeof(ulong), TDefinition.BigEndian);
        BlockHash.WriteWords<uint>(state, destination, TDefinition.BigEndian);
    }
}

/// <summary>
/// An incremental hasher of one of the block hashes (the public <c>Md5Hasher</c>, <c>Sha256Hasher</c>, …, and
/// <c>Blake2bHasher</c> and <c>Blake2sHasher</c>, each a constructor over its function's engine): append the message in pieces of any size, then read the digest.
/// </summary>
/// <remarks>
/// Whole blocks are compressed straight from the caller's buffer; only a partial block is kept. Nothing is
/// allocated after construction. The checks are here, the work in the engine: one virtual call per piece, which
/// the stream scenario's 64 KiB pieces do not notice.
/// </remarks>
public abstract class BlockHasher : IDisposable
{
    private readonly BlockHashEngine _engine;
    private readonly string _algorithm;
    private bool _disposed;

    private protected BlockHasher(BlockHashEngine engine, string algorithm)
    {
        _engine = engine;
        _algorithm = algorithm;
    }

    public int HashSizeInBytes => _engine.HashSize;

    /// <summary>Feeds the next piece of the message.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.Append(data);
    }

    /// <summary>Writes the digest of everything appended since the last reset, then resets.</summary>
    /// <param name="destination">Receives <see cref="HashSizeInBytes"/> bytes; bytes past them are left untouched.</param>
    /// <returns>The number of bytes written, <see cref="HashSizeInBytes"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than the hash size.</exception>
    public int GetHashAndReset(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        BlockHash.ThrowIfDestinationTooShort(destination, _engine.HashSize, _algorithm);
        _engine.FinishAndRestart(destination);
        return _engine.HashSize;
    }

    /// <summary>Discards everything appended and starts over; message-derived state is wiped.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.Start(_engine.HashSize);
    }

    /// <summary>Wipes the state and the buffered message bytes.</summary>
    public void Dispose()
    {
        _engine.Wipe();
        _disposed = true;
        GC.SuppressFinalize(this);
    }
}

/// <summary>The incremental driver as <see cref="BlockHasher"/> sees it, whatever the function.</summary>
internal abstract class BlockHashEngine
{
    public abstract int HashSize { get; }

    /// <summary>Starts a computation of a <paramref name="hashSize"/>-byte digest, wiping what came before.</summary>
    public abstract void Start(int hashSize);

    public abstract void Append(ReadOnlySpan<byte> data);

    /// <summary>Writes the digest of everything appended since the start into <paramref name="destination"/>, then starts over.</summary>
    public abstract void FinishAndRestart(Span<byte> destination);

    /// <summary>Wipes the state and the buffered message bytes.</summary>
    public abstract void Wipe();
}

/// <summary>
/// The incremental driver: a partial block and the running length. Whole blocks are compressed straight from the
/// caller's buffer; nothing is allocated.
/// </summary>
internal sealed class BlockHashEngine<TFunction, TState> : BlockHashEngine
    where TFunction : struct, IBlockHashFunction<TState>
    where TState : unmanaged
{
    private TState _state;
    private BlockHash.FinalBlocks _buffer;
    private int _bufferLength;
    private int _blockSize;
    private int _hashSize;
    private ulong _messageLength;

    public BlockHashEngine(int hashSize) => Start(hashSize);

    public override int HashSize => _hashSize;

    public override void Start(int hashSize)
    {
        Wipe();
        _hashSize = hashSize;
        _blockSize = TFunction.BlockSizeFor(hashSize);
        TFunction.Initialize(ref _state, hashSize);
    }

    public override void Append(ReadOnlySpan<byte> data)
    {
        _messageLength += (ulong)data.Length;
        Span<byte> buffer = _buffer;
        if (_bufferLength != 0)
        {
            int take = Math.Min(data.Length, _blockSize - _bufferLength);
            data[..take].CopyTo(buffer[_bufferLength..]);
            _bufferLength += take;
            data = data[take..];
            if (_bufferLength < _blockSize)
            {
                return;
            }

            TFunction.Compress(ref _state, ref buffer[0], 1);
            _bufferLength = 0;
        }

        int wholeBlocks = data.Length / _blockSize;
        if (wholeBlocks != 0)
        {
            TFunction.Compress(ref _state, ref MemoryMarshal.GetReference(data), wholeBlocks);
            data = data[(wholeBlocks * _blockSize)..];
        }

        data.CopyTo(buffer);
        _bufferLength = data.Length;
    }

    public override void FinishAndRestart(Span<byte> destination)
    {
        // The function's padding copies the tail to its own buffer, so the tail here may be read in place.
        Span<byte> buffer = _buffer;
        TFunction.Finish(ref _state, buffer[.._bufferLength], _messageLength, destination[.._hashSize]);
        Start(_hashSize);
    }

    public override void Wipe()
    {
        CryptographicOperations.ZeroMemory(_buffer);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(new Span<TState>(ref _state)));
        _bufferLength = 0;
        _messageLength = 0;
    }
}
