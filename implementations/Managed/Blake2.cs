namespace CryptoHarness.Managed;

/// <summary>
/// What a BLAKE2 variant supplies to the code <see cref="Blake2b"/> and <see cref="Blake2s"/> share. RFC 7693 defines
/// the two as one construction (§2, §3) over 64- and 32-bit words: everything that differs (word and block size,
/// rounds, rotations, IV, the layout of the counter) lives in the variant's <see cref="Initialize"/> and
/// <see cref="Compress"/>; the message flow, the key block, the digest and the incremental buffering are
/// <see cref="Blake2{TState, TBlock}"/> and <see cref="Blake2Stream{TState, TBlock}"/>.
/// </summary>
/// <remarks>
/// Implemented by each variant's <c>State</c> struct with static abstract members, so the shared code is compiled once
/// per variant with every one of these calls resolved and inlined, as when each variant had its own copy of it.
/// <typeparamref name="TBlock"/> is the variant's block as an inline array: its size is the block size.
/// </remarks>
internal interface IBlake2State<TSelf, TBlock>
    where TSelf : struct, IBlake2State<TSelf, TBlock>
    where TBlock : struct
{
    /// <summary>The standard's name, for messages: <c>BLAKE2b</c>, <c>BLAKE2s</c>.</summary>
    static abstract string Name { get; }

    /// <summary>The public class whose <c>IsSupported</c> a message points to.</summary>
    static abstract string TypeName { get; }

    static abstract int MaxHashSizeInBytes { get; }

    static abstract int MaxKeySizeInBytes { get; }

    /// <summary>The word size w/8 (RFC 7693 §2.1): 8 or 4 bytes.</summary>
    static abstract int WordSizeInBytes { get; }

    static abstract bool IsSupported(InstructionSet path);

    /// <summary>h = IV ^ the parameter block (RFC 7693 §2.5, §3.3) for these lengths; t = 0.</summary>
    static abstract void Initialize(ref TSelf state, int hashSize, int keySize);

    /// <summary>
    /// Runs F (RFC 7693 §3.2) over <paramref name="blockCount"/> (at least one) blocks in order. Every block but the
    /// last adds a block's length to t and has f0 = 0; the last adds <paramref name="lastBlockLength"/> and has f0 all
    /// ones when <paramref name="isFinal"/>, else 0.
    /// </summary>
    static abstract void Compress(
        InstructionSet path, ref TSelf state, ref byte blocks, nuint blockCount, uint lastBlockLength, bool isFinal);

    /// <summary>The first byte of h, whose words are stored in order.</summary>
    static abstract ref byte ChainingValue(ref TSelf state);
}

/// <summary>The one-shot hash and the pieces of BLAKE2 that do not depend on the word size (RFC 7693 §3.3).</summary>
internal static class Blake2<TState, TBlock>
    where TState : struct, IBlake2State<TState, TBlock>
    where TBlock : struct
{
    public static int BlockSizeInBytes => Unsafe.SizeOf<TBlock>();

    /// <summary>The four-argument <c>HashData</c> of <see cref="Blake2b"/> and <see cref="Blake2s"/>.</summary>
    [SkipLocalsInit]
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        // One unsigned comparison per length; the messages are built in helpers the JIT keeps out of line.
        if (!TState.IsSupported(path))
        {
            ThrowNotSupported(path);
        }

        if ((uint)(destination.Length - 1) >= (uint)TState.MaxHashSizeInBytes)
        {
            ValidateHashSize(destination.Length, nameof(destination));
        }

        if ((uint)key.Length > (uint)TState.MaxKeySizeInBytes)
        {
            ValidateKeySize(key.Length, nameof(key));
        }

        // Every field is written by Initialize, so the state needs no zeroing first.
        Unsafe.SkipInit(out TState state);
        TState.Initialize(ref state, destination.Length, key.Length);

        // RFC 7693 §3.3: a key is padded to a whole block and hashed before the message; when the message is empty
        // that block is also the last one.
        if (!key.IsEmpty)
        {
            CompressKeyBlock(path, ref state, key, isLast: source.IsEmpty);
        }

        if (!source.IsEmpty || key.IsEmpty)
        {
            // The last block, full or not, is compressed with the final-block flag; all others straight from the
            // caller's buffer. A message of whole blocks is one call, the last block flagged inside it (BLAKE2s's
            // kernels keep h in registers from the first block to the last that way); only a partial last block
            // needs padding, in a copy. The unkeyed empty message is one empty block.
            int leadingLength = source.IsEmpty ? 0 : (source.Length - 1) & -BlockSizeInBytes;
            int lastLength = source.Length - leadingLength;
            ref byte first = ref MemoryMarshal.GetReference(source);
            if (lastLength == BlockSizeInBytes)
            {
                TState.Compress(path, ref state, ref first, (nuint)(source.Length / BlockSizeInBytes), (uint)BlockSizeInBytes, isFinal: true);
            }
            else
            {
                if (leadingLength != 0)
                {
                    TState.Compress(path, ref state, ref first, (nuint)(leadingLength / BlockSizeInBytes), (uint)BlockSizeInBytes, isFinal: false);
                }

                CompressPaddedFinal(path, ref state, source.Slice(leadingLength, lastLength));
            }
        }

        // Every source byte has been read by now, so source and destination may overlap.
        WriteDigest(ref state, destination);
        Wipe(ref state);
    }

    /// <summary>The key, zero-padded to a block, as the first block (and the last when the message is empty).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressKeyBlock(InstructionSet path, ref TState state, ReadOnlySpan<byte> key, bool isLast)
    {
        TBlock block = default;
        key.CopyTo(Bytes(ref block));
        TState.Compress(path, ref state, ref Unsafe.As<TBlock, byte>(ref block), 1, (uint)BlockSizeInBytes, isLast);
        CryptographicOperations.ZeroMemory(Bytes(ref block));
    }

    /// <summary>
    /// The last block when it is shorter than a block: copied to a zeroed stack block, compressed with only its own
    /// bytes counted (RFC 7693 §3.2, t), and the copy wiped.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressPaddedFinal(InstructionSet path, ref TState state, ReadOnlySpan<byte> last)
    {
        TBlock block = default;
        last.CopyTo(Bytes(ref block));
        TState.Compress(path, ref state, ref Unsafe.As<TBlock, byte>(ref block), 1, (uint)last.Length, isFinal: true);
        CryptographicOperations.ZeroMemory(Bytes(ref block));
    }

    /// <summary>Compresses whole blocks that are known not to be the last one.</summary>
    public static void CompressBlocks(InstructionSet path, ref TState state, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(blocks.Length % BlockSizeInBytes == 0, "Only whole blocks can be compressed.");
        if (!blocks.IsEmpty)
        {
            TState.Compress(
                path, ref state, ref MemoryMarshal.GetReference(blocks), (nuint)(blocks.Length / BlockSizeInBytes), (uint)BlockSizeInBytes, isFinal: false);
        }
    }

    /// <summary>
    /// Compresses the last block: <paramref name="block"/> is zero-padded to a whole block and
    /// <paramref name="length"/> of its bytes (0 to a block) are message; only those count (RFC 7693 §3.2, t).
    /// </summary>
    public static void CompressFinal(InstructionSet path, ref TState state, ReadOnlySpan<byte> block, int length)
    {
        Debug.Assert(block.Length == BlockSizeInBytes, "The last block is padded to a whole block.");
        TState.Compress(path, ref state, ref MemoryMarshal.GetReference(block), 1, (uint)length, isFinal: true);
    }

    /// <summary>Writes the first <c>destination.Length</c> bytes of h in little-endian order (RFC 7693 §3.3).</summary>
    public static void WriteDigest(ref TState state, Span<byte> destination)
    {
        Debug.Assert(destination.Length <= TState.MaxHashSizeInBytes, "The digest length was checked.");
        ref byte h = ref TState.ChainingValue(ref state);
        if (BitConverter.IsLittleEndian)
        {
            // h's words already sit in memory in digest order: one copy of at most the whole of h.
            MemoryMarshal.CreateReadOnlySpan(ref h, destination.Length).CopyTo(destination);
            return;
        }

        // Byte i of the digest is byte i mod w, counted from the low end, of word i / w.
        int w = TState.WordSizeInBytes;
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = Unsafe.Add(ref h, i - (i % w) + (w - 1 - (i % w)));
        }
    }

    public static void Wipe(ref TState state) =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state, 1)));

    /// <summary>The bytes of a block held in an inline array.</summary>
    public static Span<byte> Bytes(ref TBlock block) =>
        MemoryMarshal.CreateSpan(ref Unsafe.As<TBlock, byte>(ref block), Unsafe.SizeOf<TBlock>());

    /// <summary>Throws for a path this variant lacks: the CPU's lack first, else the variant's.</summary>
    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void ThrowNotSupported(InstructionSet path)
    {
        InstructionSets.ThrowIfNotSupported(path);
        ThrowNoSuchPath(path);
    }

    [DoesNotReturn]
    public static void ThrowNoSuchPath(InstructionSet path) =>
        throw new PlatformNotSupportedException(
            $"{TState.Name} has no {InstructionSets.VariantName(path)} path on this CPU; see {TState.TypeName}.IsSupported.");

    public static void ValidateHashSize(int hashSize, string paramName)
    {
        if (hashSize < 1 || hashSize > TState.MaxHashSizeInBytes)
        {
            throw new ArgumentException(
                $"{TState.Name} digests are 1 to {TState.MaxHashSizeInBytes} bytes long, not {hashSize}.", paramName);
        }
    }

    public static void ValidateKeySize(int keySize, string paramName)
    {
        if (keySize > TState.MaxKeySizeInBytes)
        {
            throw new ArgumentException(
                $"{TState.Name} keys are 0 to {TState.MaxKeySizeInBytes} bytes long, not {keySize}.", paramName);
        }
    }
}

/// <summary>
/// BLAKE2 fed in pieces: what <see cref="Blake2Engine{TState, TBlock}"/> holds for <see cref="Blake2bHasher"/> and
/// <see cref="Blake2sHasher"/>, and Argon2's H0 and H' on the stack. Allocates nothing.
/// </summary>
/// <remarks>
/// The key, when there is one, is kept (padded to a block) so that <see cref="Reset"/> can start over;
/// <see cref="Wipe"/> clears it and the hashing state.
/// </remarks>
internal struct Blake2Stream<TState, TBlock>
    where TState : struct, IBlake2State<TState, TBlock>
    where TBlock : struct
{
    private readonly InstructionSet _path;
    private readonly int _hashSize;
    private readonly int _keySize;
    private TBlock _keyBlock;
    private TState _state;
    private TBlock _buffer;

    // Bytes held in _buffer, 0 to a block. A full buffer is compressed only once more input arrives, because the last
    // block is compressed differently and any block may turn out to be the last.
    private int _bufferLength;

    /// <summary>Checks the lengths and the path, as the hashers' constructors document, and starts a message.</summary>
    public Blake2Stream(int hashSizeInBytes, ReadOnlySpan<byte> key, InstructionSet path)
    {
        if (!TState.IsSupported(path))
        {
            Blake2<TState, TBlock>.ThrowNoSuchPath(path);
        }

        Blake2<TState, TBlock>.ValidateHashSize(hashSizeInBytes, nameof(hashSizeInBytes));
        Blake2<TState, TBlock>.ValidateKeySize(key.Length, nameof(key));
        _path = path;
        _hashSize = hashSizeInBytes;
        _keySize = key.Length;
        key.CopyTo(Blake2<TState, TBlock>.Bytes(ref _keyBlock));
        Reset();
    }

    public readonly int HashSizeInBytes => _hashSize;

    public void Append(ReadOnlySpan<byte> data)
    {
        int blockSize = Blake2<TState, TBlock>.BlockSizeInBytes;
        Span<byte> buffer = Blake2<TState, TBlock>.Bytes(ref _buffer);

        // Nothing is compressed unless input follows it, so data that fits stays in the buffer.
        if (data.Length > blockSize - _bufferLength)
        {
            if (_bufferLength > 0)
            {
                int fill = blockSize - _bufferLength;
                data[..fill].CopyTo(buffer[_bufferLength..]);
                Blake2<TState, TBlock>.CompressBlocks(_path, ref _state, buffer);
                _bufferLength = 0;
                data = data[fill..];
            }

            // Whole blocks go straight from the caller's buffer, except the last block of data (full or not),
            // which may be the message's last.
            int leadingLength = (data.Length - 1) / blockSize * blockSize;
            Blake2<TState, TBlock>.CompressBlocks(_path, ref _state, data[..leadingLength]);
            data = data[leadingLength..];
        }

        data.CopyTo(buffer[_bufferLength..]);
        _bufferLength += data.Length;
    }

    /// <summary>Writes the digest of everything appended since the start into <paramref name="destination"/>.</summary>
    /// <remarks>The state is spent afterwards: <see cref="Reset"/> or <see cref="Wipe"/> next.</remarks>
    public void Finish(Span<byte> destination)
    {
        Debug.Assert(destination.Length == _hashSize, "The digest length was fixed at the start.");
        Span<byte> buffer = Blake2<TState, TBlock>.Bytes(ref _buffer);
        buffer[_bufferLength..].Clear();
        Blake2<TState, TBlock>.CompressFinal(_path, ref _state, buffer, _bufferLength);
        Blake2<TState, TBlock>.WriteDigest(ref _state, destination);
    }

    /// <summary>Starts a new message with the same digest length, key and path.</summary>
    public void Reset()
    {
        TState.Initialize(ref _state, _hashSize, _keySize);
        Span<byte> buffer = Blake2<TState, TBlock>.Bytes(ref _buffer);
        CryptographicOperations.ZeroMemory(buffer);

        // RFC 7693 §3.3: the padded key is the first block; it stays buffered until it is known whether the
        // message is empty, in which case it is also the last block.
        if (_keySize > 0)
        {
            Blake2<TState, TBlock>.Bytes(ref _keyBlock).CopyTo(buffer);
            _bufferLength = Blake2<TState, TBlock>.BlockSizeInBytes;
        }
        else
        {
            _bufferLength = 0;
        }
    }

    /// <summary>Wipes the key, the buffer and the hashing state.</summary>
    public void Wipe()
    {
        CryptographicOperations.ZeroMemory(Blake2<TState, TBlock>.Bytes(ref _keyBlock));
        CryptographicOperations.ZeroMemory(Blake2<TState, TBlock>.Bytes(ref _buffer));
        Blake2<TState, TBlock>.Wipe(ref _state);
        _bufferLength = 0;
    }
}

/// <summary>
/// <see cref="Blake2Stream{TState, TBlock}"/> as the engine of a <see cref="BlockHasher"/>, which holds the checks and
/// the public methods <see cref="Blake2bHasher"/> and <see cref="Blake2sHasher"/> share with the other block hashes.
/// </summary>
/// <remarks>The digest length and the key are fixed at construction; a restart starts the same keyed message again.</remarks>
internal sealed class Blake2Engine<TState, TBlock> : BlockHashEngine
    where TState : struct, IBlake2State<TState, TBlock>
    where TBlock : struct
{
    private Blake2Stream<TState, TBlock> _stream;

    /// <summary>Checks the lengths and the path, as the hashers' constructors document, and starts a message.</summary>
    public Blake2Engine(int hashSizeInBytes, ReadOnlySpan<byte> key, InstructionSet path) =>
        _stream = new(hashSizeInBytes, key, path);

    public override int HashSize => _stream.HashSizeInBytes;

    public override void Start(int hashSize)
    {
        Debug.Assert(hashSize == _stream.HashSizeInBytes, "A BLAKE2 hasher keeps its digest length.");
        _stream.Reset();
    }

    public override void Append(ReadOnlySpan<byte> data) => _stream.Append(data);

    public override void FinishAndRestart(Span<byte> destination)
    {
        _stream.Finish(destination[.._stream.HashSizeInBytes]);
        _stream.Reset();
    }

    public override void Wipe() => _stream.Wipe();
}
