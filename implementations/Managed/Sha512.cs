namespace CryptoHarness.Managed;

/// <summary>
/// SHA-512 as specified in FIPS 180-4, one message at a time. SHA-384, SHA-512/224 and SHA-512/256 are the same
/// computation from other initial hash values, truncated (§6.5, §6.6, §6.7), and share this code.
/// </summary>
/// <remarks>
/// <para>
/// Two paths: <see cref="InstructionSet.Scalar"/> (<c>Sha512.Scalar.cs</c>, fully unrolled, constant indices, no
/// bounds checks) and <see cref="InstructionSet.Ssse3"/> (<c>Sha512.Ssse3.cs</c>: the same rounds, with the
/// message schedule expanded two words at a time in 128-bit vectors). The rounds of one message form a single
/// dependency chain and .NET exposes no x86 SHA-512 extensions, so vectors can only take the schedule off the
/// scalar units; wider vectors would compute more schedule words per instruction but not shorten the chain.
/// </para>
/// <para>
/// Dispatch policy: <see cref="InstructionSet.Ssse3"/> wherever the CPU has SSSE3, scalar otherwise. Measured
/// on an AMD EPYC (Zen 4), fastest of 80 interleaved Stopwatch runs after a 1 s warm-up: the Ssse3 path is 1.16x
/// the scalar path at 128 bytes, 1.24x at 1 KiB and 1.23x at 128 KiB (310 and 728 MB/s; BouncyCastle's
/// Sha512Digest 128 and 254 MB/s).
/// </para>
/// <para>One-shot calls allocate nothing on the heap and wipe the stack buffer that held the padded tail.</para>
/// </remarks>
public static partial class Sha512
{
    public const int HashSizeInBytes = 64;
    public const int BlockSizeInBytes = 128;

    internal const int StateSizeInWords = 8;

    // The padded message ends with a 128-bit big-endian count of message bits (FIPS 180-4 §5.1.2), so a tail of
    // more than 128 - 1 - 16 = 111 bytes spills the terminator or the length into a second final block.
    internal const int LengthFieldSizeInBytes = 16;
    internal const int MaxTailInOneFinalBlock = BlockSizeInBytes - 1 - LengthFieldSizeInBytes;

    // Static readonly arrays rather than ReadOnlySpan<ulong> literal properties: unoptimized (Debug) code
    // allocates on every read of the latter.

    // H(0) of SHA-512, FIPS 180-4 §5.3.5.
    internal static readonly ulong[] InitialHashValue =
    [
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    ];

    // H(0) of SHA-384, FIPS 180-4 §5.3.4.
    internal static readonly ulong[] InitialHashValue384 =
    [
        0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
        0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
    ];

    // H(0) of SHA-512/224, FIPS 180-4 §5.3.6.1 (the output of the §5.3.6 IV generation function for t = 224).
    internal static readonly ulong[] InitialHashValue512T224 =
    [
        0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
        0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1,
    ];

    // H(0) of SHA-512/256, FIPS 180-4 §5.3.6.2.
    internal static readonly ulong[] InitialHashValue512T256 =
    [
        0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
        0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2,
    ];

    /// <summary>
    /// Whether this algorithm has <paramref name="path"/> here: <see cref="InstructionSet.Scalar"/> always, and
    /// <see cref="InstructionSet.Ssse3"/> on x86 CPUs with SSSE3 (it uses pshufb and palignr directly).
    /// </summary>
    public static bool IsSupported(InstructionSet path) =>
        path == InstructionSet.Scalar || (path == InstructionSet.Ssse3 && Ssse3.IsSupported);

    /// <summary>The path the overloads without one use: <see cref="InstructionSet.Ssse3"/> where the CPU has it.</summary>
    public static InstructionSet DefaultPath { get; } =
        IsSupported(InstructionSet.Ssse3) ? InstructionSet.Ssse3 : InstructionSet.Scalar;

    /// <summary>Computes the SHA-512 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, DefaultPath);

    /// <summary>Computes the SHA-512 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/> or <see cref="InstructionSet.Ssse3"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 64 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        HashChecked(InitialHashValue, HashSizeInBytes, "SHA-512", source, destination, path);

    internal static void HashChecked(
        ulong[] initialHashValue, int hashSize, string algorithm, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNoSuchPath(path, algorithm);
        Sha256.ThrowIfDestinationTooShort(destination, hashSize, algorithm);
        HashCore(path, initialHashValue, source, destination[..hashSize]);
    }

    internal static void ThrowIfNoSuchPath(InstructionSet path, string algorithm)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
        {
            throw new ArgumentException(
                $"{algorithm} has no {InstructionSets.VariantName(path)} path here; only scalar and, on x86, ssse3.", nameof(path));
        }
    }

    /// <summary>
    /// Hashes <paramref name="source"/> from <paramref name="initialHashValue"/> and writes the first
    /// <c>destination.Length</c> bytes of the final state (64, 48, 32 or 28).
    /// </summary>
    [SkipLocalsInit]
    internal static void HashCore(InstructionSet path, ulong[] initialHashValue, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        State state = default;
        initialHashValue.AsSpan().CopyTo(state);

        // Whole blocks are compressed straight from the caller's buffer; only the tail is copied, because the
        // padding has to be appended to it.
        int wholeBlocks = source.Length / BlockSizeInBytes;
        if (wholeBlocks != 0)
        {
            Compress(path, ref state, ref MemoryMarshal.GetReference(source), wholeBlocks);
        }

        Unsafe.SkipInit(out FinalBlocks finalBlocks);
        int finalLength = Pad(
            source[(wholeBlocks * BlockSizeInBytes)..], (ulong)source.Length, ref finalBlocks[0]);
        Compress(path, ref state, ref finalBlocks[0], finalLength / BlockSizeInBytes);

        // The digest is written only after the whole source has been read, so source and destination may overlap.
        WriteDigest(ref state, destination);

        CryptographicOperations.ZeroMemory(MemoryMarshal.CreateSpan(ref finalBlocks[0], finalLength));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)state));
    }

    /// <summary>The compression function of <paramref name="path"/>, which the caller has checked.</summary>
    internal static void Compress(InstructionSet path, ref State state, ref byte blocks, int blockCount)
    {
        if (path == InstructionSet.Ssse3)
        {
            CompressSsse3(ref state, ref blocks, blockCount);
        }
        else
        {
            CompressScalar(ref state, ref blocks, blockCount);
        }
    }

    /// <summary>
    /// Writes the padded tail (FIPS 180-4 §5.1.2) to <paramref name="finalBlocks"/>, which must have room for
    /// two blocks, and returns its length: one block, or two when the tail is longer than 111 bytes.
    /// </summary>
    /// <remarks>
    /// The message length counts bytes in a ulong, so the high 64 bits of the 128-bit bit count are the three
    /// bits shifted out of it; no caller can hand over 2^64 bytes.
    /// </remarks>
    internal static int Pad(ReadOnlySpan<byte> tail, ulong messageLength, ref byte finalBlocks)
    {
        Debug.Assert(tail.Length < BlockSizeInBytes, "The tail is what is left after the whole blocks.");

        int finalLength = tail.Length <= MaxTailInOneFinalBlock ? BlockSizeInBytes : 2 * BlockSizeInBytes;

        // The tail is copied before the rest is cleared: the incremental hasher pads in place, with the tail
        // already at the start of the buffer.
        tail.CopyTo(MemoryMarshal.CreateSpan(ref finalBlocks, tail.Length));
        Unsafe.InitBlockUnaligned(ref Unsafe.Add(ref finalBlocks, tail.Length), 0, (uint)(finalLength - tail.Length));
        Unsafe.Add(ref finalBlocks, tail.Length) = 0x80;

        Unsafe.WriteUnaligned(
            ref Unsafe.Add(ref finalBlocks, finalLength - LengthFieldSizeInBytes),
            BinaryPrimitives.ReverseEndianness(messageLength >> 61));
        Unsafe.WriteUnaligned(
            ref Unsafe.Add(ref finalBlocks, finalLength - sizeof(ulong)),
            BinaryPrimitives.ReverseEndianness(messageLength << 3));
        return finalLength;
    }

    /// <summary>
    /// Writes the state words big-endian, as many bytes as <paramref name="destination"/> holds: SHA-512/224
    /// ends halfway through the fourth word (FIPS 180-4 §6.6: the leftmost 224 bits).
    /// </summary>
    internal static void WriteDigest(ref State state, Span<byte> destination)
    {
        int wholeWords = destination.Length / sizeof(ulong);
        for (int i = 0; i < wholeWords; i++)
        {
            BinaryPrimitives.WriteUInt64BigEndian(destination[(i * sizeof(ulong))..], state[i]);
        }

        int rest = destination.Length % sizeof(ulong);
        if (rest != 0)
        {
            Span<byte> lastWord = stackalloc byte[sizeof(ulong)];
            BinaryPrimitives.WriteUInt64BigEndian(lastWord, state[wholeWords]);
            lastWord[..rest].CopyTo(destination[(wholeWords * sizeof(ulong))..]);
            CryptographicOperations.ZeroMemory(lastWord);
        }
    }

    /// <summary>The eight 64-bit words of the chaining state, H(i) in FIPS 180-4 §6.4.</summary>
    [InlineArray(StateSizeInWords)]
    internal struct State
    {
        private ulong _element0;
    }

    /// <summary>Room for the padded tail: at most two blocks.</summary>
    [InlineArray(2 * BlockSizeInBytes)]
    internal struct FinalBlocks
    {
        private byte _element0;
    }
}

/// <summary>
/// SHA-384 as specified in FIPS 180-4: SHA-512 from its own initial hash value (§5.3.4), truncated to 48 bytes (§6.5). It shares SHA-512's code and paths.
/// </summary>
public static class Sha384
{
    public const int HashSizeInBytes = 48;
    public const int BlockSizeInBytes = Sha512.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: the same as <see cref="Sha512.IsSupported"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha512.IsSupported(path);

    /// <summary>Computes the SHA-384 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 48-byte digest; bytes past the first 48 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 48 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Sha512.DefaultPath);

    /// <summary>Computes the SHA-384 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 48-byte digest; bytes past the first 48 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/> or <see cref="InstructionSet.Ssse3"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 48 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha512.HashChecked(Sha512.InitialHashValue384, HashSizeInBytes, "SHA-384", source, destination, path);
}

/// <summary>
/// SHA-512/224 as specified in FIPS 180-4: SHA-512 from its own initial hash value (§5.3.6.1), truncated to 28 bytes (§6.6). It shares SHA-512's code and paths.
/// </summary>
public static class Sha512T224
{
    public const int HashSizeInBytes = 28;
    public const int BlockSizeInBytes = Sha512.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: the same as <see cref="Sha512.IsSupported"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha512.IsSupported(path);

    /// <summary>Computes the SHA-512/224 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 28 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Sha512.DefaultPath);

    /// <summary>Computes the SHA-512/224 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 28-byte digest; bytes past the first 28 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/> or <see cref="InstructionSet.Ssse3"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 28 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha512.HashChecked(Sha512.InitialHashValue512T224, HashSizeInBytes, "SHA-512/224", source, destination, path);
}

/// <summary>
/// SHA-512/256 as specified in FIPS 180-4: SHA-512 from its own initial hash value (§5.3.6.2), truncated to 32 bytes (§6.7). It shares SHA-512's code and paths.
/// </summary>
public static class Sha512T256
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = Sha512.BlockSizeInBytes;

    /// <summary>Whether this algorithm has <paramref name="path"/>: the same as <see cref="Sha512.IsSupported"/>.</summary>
    public static bool IsSupported(InstructionSet path) => Sha512.IsSupported(path);

    /// <summary>Computes the SHA-512/256 digest of <paramref name="source"/> with the fastest path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, Sha512.DefaultPath);

    /// <summary>Computes the SHA-512/256 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/> or <see cref="InstructionSet.Ssse3"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha512.HashChecked(Sha512.InitialHashValue512T256, HashSizeInBytes, "SHA-512/256", source, destination, path);
}

/// <summary>
/// Incremental SHA-512, SHA-384, SHA-512/256 or SHA-512/224: append the message in pieces of any size, then read
/// the digest.
/// </summary>
/// <remarks>
/// The variant is chosen by hash size, since each of the four has its own: 64 bytes is SHA-512, 48 SHA-384,
/// 32 SHA-512/256 and 28 SHA-512/224 (each from its own initial hash value, not a truncated SHA-512). Whole
/// blocks are compressed straight from the caller's buffer; only a partial block is kept. Nothing is allocated
/// after construction.
/// </remarks>
public sealed class Sha512Hasher : IDisposable
{
    private readonly ulong[] _initialHashValue;
    private Sha512.State _state;
    private Sha512.FinalBlocks _buffer;
    private int _bufferLength;
    private ulong _messageLength;
    private bool _disposed;

    /// <summary>Starts a SHA-512 computation on the fastest path.</summary>
    public Sha512Hasher()
        : this(Sha512.HashSizeInBytes, Sha512.DefaultPath)
    {
    }

    /// <summary>Starts a computation of the SHA-512 family member with the given hash size.</summary>
    /// <param name="hashSizeInBytes">64 (SHA-512), 48 (SHA-384), 32 (SHA-512/256) or 28 (SHA-512/224).</param>
    /// <param name="path">The code path: <see cref="InstructionSet.Scalar"/> or <see cref="InstructionSet.Ssse3"/>.</param>
    /// <exception cref="ArgumentException">Another hash size, or a path this algorithm lacks.</exception>
    public Sha512Hasher(int hashSizeInBytes, InstructionSet path)
    {
        (_initialHashValue, string algorithm) = hashSizeInBytes switch
        {
            Sha512.HashSizeInBytes => (Sha512.InitialHashValue, "SHA-512"),
            Sha384.HashSizeInBytes => (Sha512.InitialHashValue384, "SHA-384"),
            Sha512T256.HashSizeInBytes => (Sha512.InitialHashValue512T256, "SHA-512/256"),
            Sha512T224.HashSizeInBytes => (Sha512.InitialHashValue512T224, "SHA-512/224"),
            _ => throw new ArgumentException(
                "The SHA-512 family writes 64 (SHA-512), 48 (SHA-384), 32 (SHA-512/256) or 28 (SHA-512/224) bytes.",
                nameof(hashSizeInBytes)),
        };
        Sha512.ThrowIfNoSuchPath(path, algorithm);
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
            int take = Math.Min(data.Length, Sha512.BlockSizeInBytes - _bufferLength);
            data[..take].CopyTo(((Span<byte>)_buffer)[_bufferLength..]);
            _bufferLength += take;
            data = data[take..];
            if (_bufferLength < Sha512.BlockSizeInBytes)
            {
                return;
            }

            Sha512.Compress(Path, ref _state, ref _buffer[0], 1);
            _bufferLength = 0;
        }

        int wholeBlocks = data.Length / Sha512.BlockSizeInBytes;
        if (wholeBlocks != 0)
        {
            Sha512.Compress(Path, ref _state, ref MemoryMarshal.GetReference(data), wholeBlocks);
            data = data[(wholeBlocks * Sha512.BlockSizeInBytes)..];
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
        int finalLength = Sha512.Pad(tail, _messageLength, ref _buffer[0]);
        Sha512.Compress(Path, ref _state, ref _buffer[0], finalLength / Sha512.BlockSizeInBytes);
        Sha512.WriteDigest(ref _state, destination[..HashSizeInBytes]);
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
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)_state));
        _bufferLength = 0;
        _messageLength = 0;
        _disposed = true;
    }
}
