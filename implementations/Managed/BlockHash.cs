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
/// The drivers shared by the scalar-only block hashes (MD5, SHA-1, RIPEMD-160, SM3, Whirlpool, Streebog, Kupyna):
/// argument checks, one-shot hashing, and Merkle–Damgård padding with a length field.
/// </summary>
internal static class BlockHash
{
    /// <summary>The largest block of these functions (Kupyna-384/512's 1024-bit state).</summary>
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
    /// The length is written from a 64-bit count: messages of 2^61 bytes and more do not occur here, and the
    /// field's other bytes are zero (Whirlpool's is 32 bytes, Kupyna's 12).
    /// </remarks>
    internal static int Pad(
        ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> finalBlocks, int blockSize, int lengthFieldSize, bool bigEndianLength)
    {
        Debug.Assert(tail.Length < blockSize, "The tail is what is left after the whole blocks.");
        Debug.Assert(finalBlocks.Length >= 2 * blockSize, "Room for two blocks.");

        int finalLength = tail.Length < blockSize - lengthFieldSize ? blockSize : 2 * blockSize;
        // The tail is copied before the rest is cleared: the incremental hasher pads in place, with the tail
        // already at the start of the buffer.
        tail.CopyTo(finalBlocks);
        finalBlocks[tail.Length..finalLength].Clear();
        finalBlocks[tail.Length] = 0x80;

        ulong bits = messageLength * 8;
        Span<byte> lengthField = finalBlocks.Slice(finalLength - lengthFieldSize, lengthFieldSize);
        if (bigEndianLength)
        {
            BinaryPrimitives.WriteUInt64BigEndian(lengthField[^sizeof(ulong)..], bits);
        }
        else
        {
            BinaryPrimitives.WriteUInt64LittleEndian(lengthField, bits);
        }

        return finalLength;
    }

    /// <summary>Room for a padded tail: two of the largest blocks.</summary>
    [InlineArray(2 * MaxBlockSizeInBytes)]
    internal struct FinalBlocks
    {
        private byte _element0;
    }
}

/// <summary>
/// The incremental driver: a partial block and the running length, held by each algorithm's public hasher class.
/// Whole blocks are compressed straight from the caller's buffer; nothing is allocated.
/// </summary>
internal struct BlockHashEngine<TFunction, TState>
    where TFunction : struct, IBlockHashFunction<TState>
    where TState : unmanaged
{
    private TState _state;
    private BlockHash.FinalBlocks _buffer;
    private int _bufferLength;
    private int _blockSize;
    private int _hashSize;
    private ulong _messageLength;

    public readonly int HashSize => _hashSize;

    /// <summary>Starts a computation of a <paramref name="hashSize"/>-byte digest, wiping what came before.</summary>
    public void Start(int hashSize)
    {
        Wipe();
        _hashSize = hashSize;
        _blockSize = TFunction.BlockSizeFor(hashSize);
        TFunction.Initialize(ref _state, hashSize);
    }

    public void Append(ReadOnlySpan<byte> data)
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

    /// <summary>Writes the digest of everything appended since the start into <paramref name="destination"/>, then starts over.</summary>
    public void FinishAndRestart(Span<byte> destination)
    {
        // The function's padding copies the tail to its own buffer, so the tail here may be read in place.
        Span<byte> buffer = _buffer;
        TFunction.Finish(ref _state, buffer[.._bufferLength], _messageLength, destination[.._hashSize]);
        Start(_hashSize);
    }

    /// <summary>Wipes the state and the buffered message bytes.</summary>
    public void Wipe()
    {
        CryptographicOperations.ZeroMemory(_buffer);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(new Span<TState>(ref _state)));
        _bufferLength = 0;
        _messageLength = 0;
    }
}
