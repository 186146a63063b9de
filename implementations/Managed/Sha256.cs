namespace CryptoHarness.Managed;

/// <summary>
/// SHA-256 as specified in FIPS 180-4, one message at a time.
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. .NET exposes no x86 SHA extensions
/// (SHA-NI), and the 64 rounds of one message form a single dependency chain that vector registers cannot
/// shorten; vectors pay off only across independent messages, which is what <see cref="Sha256MultiBuffer"/> does.
/// </para>
/// <para>
/// The compression function (<c>Sha256.Scalar.cs</c>) is fully unrolled with the message schedule kept in
/// locals, so it has no loop-carried index and no bounds checks. One-shot calls allocate nothing on the heap and
/// wipe the stack buffer that held the padded tail of the message.
/// </para>
/// </remarks>
public static partial class Sha256
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = 64;

    internal const int StateSizeInWords = 8;

    // The padded message ends with a 64-bit big-endian count of message bits (FIPS 180-4 §5.1.1), so a tail of
    // more than 64 - 1 - 8 = 55 bytes spills the terminator or the length into a second final block.
    internal const int LengthFieldSizeInBytes = 8;
    internal const int MaxTailInOneFinalBlock = BlockSizeInBytes - 1 - LengthFieldSizeInBytes;

    // H(0) of SHA-256, FIPS 180-4 §5.3.3. Static readonly arrays rather than ReadOnlySpan<uint> literal
    // properties: unoptimized (Debug) code allocates on every read of the latter.
    internal static readonly uint[] InitialHashValue =
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ];

    // H(0) of SHA-224, FIPS 180-4 §5.3.2.
    internal static readonly uint[] InitialHashValue224 =
    [
        0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
    ];

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the SHA-256 digest of <paramref name="source"/> with the fastest path (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SHA-256 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNoSuchPath(path, "SHA-256");
        ThrowIfDestinationTooShort(destination, HashSizeInBytes, "SHA-256");
        HashCore(InitialHashValue, source, destination[..HashSizeInBytes]);
#if CALIBRATED_SLOWDOWN
        CalibratedSlowdown.AfterCall(source, path, static (s, d, _) => HashCore(InitialHashValue, s, d[..HashSizeInBytes]));
#endif
    }

    internal static void ThrowIfNoSuchPath(InstructionSet path, string algorithm)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
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

    /// <summary>
    /// Hashes <paramref name="source"/> from <paramref name="initialHashValue"/> and writes the first
    /// <c>destination.Length</c> bytes of the final state (32 for SHA-256, 28 for SHA-224).
    /// </summary>
    [SkipLocalsInit]
    internal static void HashCore(uint[] initialHashValue, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Debug.Assert(destination.Length is 28 or HashSizeInBytes, "SHA-224 or SHA-256 output.");

        State state = default;
        initialHashValue.AsSpan().CopyTo(state);

        // Whole blocks are compressed straight from the caller's buffer; only the tail is copied, because the
        // padding has to be appended to it.
        ref byte sourceStart = ref MemoryMarshal.GetReference(source);
        int wholeBlocks = source.Length / BlockSizeInBytes;
        if (wholeBlocks != 0)
        {
            CompressScalar(ref state, ref sourceStart, wholeBlocks);
        }

        Unsafe.SkipInit(out FinalBlocks finalBlocks);
        int finalLength = Pad(
            source[(wholeBlocks * BlockSizeInBytes)..], (ulong)source.Length, ref finalBlocks[0]);
        CompressScalar(ref state, ref finalBlocks[0], finalLength / BlockSizeInBytes);

        // The digest is written only after the whole source has been read, so source and destination may overlap.
        WriteDigest(ref state, destination);

        CryptographicOperations.ZeroMemory(MemoryMarshal.CreateSpan(ref finalBlocks[0], finalLength));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)state));
    }

    /// <summary>
    /// Writes the padded tail (FIPS 180-4 §5.1.1) to <paramref name="finalBlocks"/>, which must have room for
    /// two blocks, and returns its length: one block, or two when the tail is longer than 55 bytes.
    /// </summary>
    internal static int Pad(ReadOnlySpan<byte> tail, ulong messageLength, ref byte finalBlocks)
    {
        Debug.Assert(tail.Length < BlockSizeInBytes, "The tail is what is left after the whole blocks.");

        int finalLength = tail.Length <= MaxTailInOneFinalBlock ? BlockSizeInBytes : 2 * BlockSizeInBytes;
        // The tail is copied before the rest is cleared: the incremental hasher pads in place, with the tail
        // already at the start of the buffer.
        tail.CopyTo(MemoryMarshal.CreateSpan(ref finalBlocks, tail.Length));
        Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref finalBlocks, tail.Length), 0, (uint)(finalLength - tail.Length));
        Unsafe.Add(ref finalBlocks, tail.Length) = 0x80;

        // The length is counted in bits; a message of up to 2^61 - 1 bytes fits in the 64-bit field.
        Unsafe.WriteUnaligned(
            ref Unsafe.Add(ref finalBlocks, finalLength - LengthFieldSizeInBytes),
            BinaryPrimitives.ReverseEndianness(messageLength * 8));
        return finalLength;
    }

    /// <summary>Writes the state words big-endian, as many as <paramref name="destination"/> holds (7 or 8).</summary>
    internal static void WriteDigest(ref State state, Span<byte> destination)
    {
        for (int i = 0; i < destination.Length / sizeof(uint); i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(destination[(i * sizeof(uint))..], state[i]);
        }
    }

    /// <summary>The eight 32-bit words of the chaining state, H(i) in FIPS 180-4 §6.2.</summary>
    [InlineArray(StateSizeInWords)]
    internal struct State
    {
        private uint _element0;
    }

    /// <summary>Room for the padded tail: at most two blocks.</summary>
    [InlineArray(2 * BlockSizeInBytes)]
    internal struct FinalBlocks
    {
        private byte _element0;
    }
}

/// <summary>
/// SHA-224 as specified in FIPS 180-4: SHA-256 with its own initial hash value (§5.3.2), truncated to 28 bytes
/// (§6.3). It shares SHA-256's code and paths.
/// </summary>
public static class Sha224
{
    public const int HashSizeInBytes = 28;
    public const int BlockSizeInBytes = Sha256.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha256.IsSupported(path);

    /// <summary>Computes the SHA-224 digest of <paramref name="source"/> with the fastest path (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 28 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SHA-224 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 28 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        Sha256.ThrowIfNoSuchPath(path, "SHA-224");
        Sha256.ThrowIfDestinationTooShort(destination, HashSizeInBytes, "SHA-224");
        Sha256.HashCore(Sha256.InitialHashValue224, source, destination[..HashSizeInBytes]);
    }
}

/// <summary>
/// Incremental SHA-256 or SHA-224: append the message in pieces of any size, then read the digest.
/// </summary>
/// <remarks>
/// Whole blocks are compressed straight from the caller's buffer; only a partial block is kept. Nothing is
/// allocated after construction.
/// </remarks>
public sealed class Sha256Hasher : IDisposable
{
    private readonly uint[] _initialHashValue;
    private Sha256.State _state;
    private Sha256.FinalBlocks _buffer;
    private int _bufferLength;
    private ulong _messageLength;
    private bool _disposed;

    /// <summary>Starts a SHA-256 computation on the scalar path.</summary>
    public Sha256Hasher()
        : this(Sha256.HashSizeInBytes, InstructionSet.Scalar)
    {
    }

    /// <summary>Starts a SHA-256 (32-byte) or SHA-224 (28-byte) computation.</summary>
    /// <param name="hashSizeInBytes">32 for SHA-256, 28 for SHA-224.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">Another hash size, or a path this algorithm lacks.</exception>
    public Sha256Hasher(int hashSizeInBytes, InstructionSet path)
    {
        _initialHashValue = hashSizeInBytes switch
        {
            Sha256.HashSizeInBytes => Sha256.InitialHashValue,
            Sha224.HashSizeInBytes => Sha256.InitialHashValue224,
            _ => throw new ArgumentException("SHA-256 writes 32 bytes and SHA-224 28.", nameof(hashSizeInBytes)),
        };
        Sha256.ThrowIfNoSuchPath(path, hashSizeInBytes == Sha256.HashSizeInBytes ? "SHA-256" : "SHA-224");
        HashSizeInBytes = hashSizeInBytes;
        Path = path;
        Reset();
    }

    public int HashSizeInBytes { get; }

    public InstructionSet Path { get; }

    /// <summary>Feeds the next piece of the message.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _messageLength += (ulong)data.Length;

        if (_bufferLength != 0)
        {
            int take = Math.Min(data.Length, Sha256.BlockSizeInBytes - _bufferLength);
            data[..take].CopyTo(((Span<byte>)_buffer)[_bufferLength..]);
            _bufferLength += take;
            data = data[take..];
            if (_bufferLength < Sha256.BlockSizeInBytes)
            {
                return;
            }

            Sha256.CompressScalar(ref _state, ref _buffer[0], 1);
            _bufferLength = 0;
        }

        int wholeBlocks = data.Length / Sha256.BlockSizeInBytes;
        if (wholeBlocks != 0)
        {
            Sha256.CompressScalar(ref _state, ref MemoryMarshal.GetReference(data), wholeBlocks);
            data = data[(wholeBlocks * Sha256.BlockSizeInBytes)..];
        }

        data.CopyTo(_buffer);
        _bufferLength = data.Length;
    }

    /// <summary>Writes the digest of everything appended since the last reset, then resets.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than the hash size.</exception>
    public void GetHashAndReset(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Sha256.ThrowIfDestinationTooShort(destination, HashSizeInBytes, "This hasher");

        // The tail already sits at the start of the buffer, so Pad copies it onto itself: harmless, and it keeps
        // one padding routine for one-shot and incremental use.
        Span<byte> tail = ((Span<byte>)_buffer)[.._bufferLength];
        int finalLength = Sha256.Pad(tail, _messageLength, ref _buffer[0]);
        Sha256.CompressScalar(ref _state, ref _buffer[0], finalLength / Sha256.BlockSizeInBytes);
        Sha256.WriteDigest(ref _state, destination[..HashSizeInBytes]);
        Reset();
    }

    /// <summary>Discards everything appended and starts over; message-derived state is wiped.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        CryptographicOperations.ZeroMemory(_buffer);
        _initialHashValue.AsSpan().CopyTo(_state);
        _bufferLength = 0;
        _messageLength = 0;
    }

    /// <summary>Wipes the state and the buffered message bytes.</summary>
    public void Dispose()
    {
        CryptographicOperations.ZeroMemory(_buffer);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)_state));
        _bufferLength = 0;
        _messageLength = 0;
        _disposed = true;
    }
}
