namespace CryptoHarness.Managed;

/// <summary>
/// BLAKE2s as specified in RFC 7693: keyed or unkeyed, with any output length from 1 to 32 bytes.
/// </summary>
/// <remarks>
/// <para>
/// Paths (one partial file each): <see cref="InstructionSet.Scalar"/> (<c>Blake2s.Scalar.cs</c>),
/// <see cref="InstructionSet.Ssse3"/> (<c>Blake2s.Ssse3.cs</c>: the working vector as four <c>Vector128&lt;uint&gt;</c>
/// rows) and <see cref="InstructionSet.Avx512"/> (<c>Blake2s.Avx512.cs</c>: the same rows, with AVX-512VL rotations
/// that shorten the rounds' dependency chain and a single permute per round for the message). The Ssse3 path is
/// x86 only: it builds message vectors with <c>shufps</c>, which Arm has no single equivalent of. There is no Avx2
/// path: BLAKE2s's rows are four 32-bit words, which a 128-bit vector holds exactly, so AVX2 adds nothing but the
/// VEX encoding the JIT uses anyway. One was measured: message vectors from <c>vpbroadcastd</c> loads and
/// <c>vpblendd</c>, which keeps them off the two shuffle ports the rotations use, ran at the Ssse3 path's speed
/// (1.073 and 1.074 times BouncyCastle 2.7.0's speed at 128 KiB, emulated x86-64-v3, one harness run).
/// </para>
/// <para>
/// Where the Ssse3 path's time goes (AMD EPYC, Zen 4, AVX-512 hidden): the chain of each G, four times an add,
/// an xor and a rotation, and every rotation takes two cycles there (<c>vpshufb</c> has a latency of two, and two
/// shifts and an or take two), so a half-round is 16 cycles and a block 320. Timing variants that give wrong
/// hashes showed the rest is small: without the message gathers 3 to 4% faster, without the gathers and the
/// diagonal shuffles no faster again, which is 1.10 to 1.12 times BouncyCastle's speed at 128 KiB in the same
/// process. A shorter chain was tried and lost: a left shift distributes over the add before it,
/// ((b ^ (c + d)) &lt;&lt; 20 = (b &lt;&lt; 20) ^ ((c &lt;&lt; 20) + (d &lt;&lt; 20))), so half of a rotation can be
/// ready a cycle early and the next add can take the halves apart, 14 cycles per half-round on paper; the five
/// to seven extra instructions per step made it 7 to 10% slower instead.
/// </para>
/// <para>
/// Dispatch (<see cref="DefaultPath"/>): Avx512 (not on Intel cores, see there), else Ssse3, else Scalar, fastest first. Measured on an AMD EPYC
/// (Zen 4) with a Stopwatch-style loop over 128 KiB inputs (thread CPU time, median of 7 runs, Release, .NET 10):
/// Avx512 about 770 MB/s, Ssse3 685 MB/s, Scalar 405 MB/s; BouncyCastle's Blake2sDigest 56 MB/s in the same runs
/// (BouncyCastle 2.7.0 has since taken Blake2Fast's SIMD code).
/// </para>
/// <para>
/// Fixed cost per call: blocks are read from the caller's buffer, the last one too when it is full, and h is copied
/// out whole. Copying the digest a byte at a time and padding a full last block in a stack copy had cost about
/// 50 ns a call (Avx512 225 ns at 128 B, now 175 ns; BouncyCastle 2.7.0 216 ns; minimum over 17 rounds of a loop
/// of calls on a loaded machine). A message of whole blocks is one call to the path, the last block flagged inside
/// its loop, so h stays in registers from the first block to the last instead of going through memory between a
/// call for the leading blocks and one for the last: about 1% at 128 B on the Ssse3 path (1.075 against 1.068
/// and 1.080 against 1.064 times BouncyCastle's speed, two runs of 101 interleaved rounds).
/// </para>
/// <para>
/// Salt and personalization (RFC 7693 §2.5 parameter block fields) are not exposed; they are zero, as in the
/// RFC's own reference code. One-shot calls allocate nothing on the heap and wipe the stack buffers that held key
/// or message bytes before returning.
/// </para>
/// </remarks>
public static partial class Blake2s
{
    public const int MaxHashSizeInBytes = 32;
    public const int MaxKeySizeInBytes = 32;
    public const int BlockSizeInBytes = 64;

    // RFC 7693 §3.2: BLAKE2s runs 10 rounds, one per row of σ.
    private const int RoundCount = 10;

    // f0 for the last block, RFC 7693 §3.2 ("v[14] := v[14] ^ 0xFF..FF").
    private const uint FinalBlockFlag = uint.MaxValue;

    // RFC 7693 §2.6: the BLAKE2s IV is the SHA-256 IV of FIPS 180-4 §5.3.3. A static readonly array rather than a
    // ReadOnlySpan<uint> literal property because unoptimized (Debug) code allocates on every read of the latter.
    private static readonly uint[] IV =
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ];

    /// <summary>The path the overloads without an <see cref="InstructionSet"/> use: the fastest measured one.</summary>
    /// <remarks>
    /// The order depends on whose core it is. On the AMD EPYC (Zen 4) Avx512 is fastest (committed run
    /// 20261126T053215Z, medians of 21 interleaved rounds at 128 KiB: Avx512 168 µs, Ssse3 191 µs). On the Intel Xeon
    /// (Emerald Rapids, second machine, two quick runs on 2026-11-26) Ssse3 is: 250 and 240 µs against Avx512's 320
    /// and 311 µs at 128 KiB, 242 and 267 ns against 313 and 340 ns at 128 B. So an Intel CPU takes Ssse3 even with
    /// AVX-512.
    /// </remarks>
    public static InstructionSet DefaultPath { get; } =
        IsSupported(InstructionSet.Avx512) && !InstructionSets.IsIntel ? InstructionSet.Avx512
        : IsSupported(InstructionSet.Ssse3) ? InstructionSet.Ssse3
        : InstructionSet.Scalar;

    /// <summary>
    /// Whether <paramref name="path"/> exists for BLAKE2s and this CPU runs it. Scalar exists everywhere, Ssse3 on
    /// x86 CPUs with SSSE3, Avx512 on x86 CPUs where .NET accelerates <c>Vector512</c>; Avx2 does not exist.
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => Ssse3.IsSupported,
        InstructionSet.Avx512 => InstructionSets.IsSupported(InstructionSet.Avx512) && Avx512F.VL.IsSupported,
        _ => false,
    };

    /// <summary>Computes the unkeyed BLAKE2s hash of <paramref name="source"/> on the default path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(ReadOnlySpan<byte>.Empty, source, destination, DefaultPath);

    /// <summary>Computes the unkeyed BLAKE2s hash of <paramref name="source"/> on the given path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length.</param>
    /// <param name="path">The code path; see <see cref="IsSupported"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 32 bytes.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        HashData(ReadOnlySpan<byte>.Empty, source, destination, path);

    /// <summary>Computes the keyed BLAKE2s hash (a MAC) of <paramref name="source"/> on the default path.</summary>
    /// <param name="key">The key, 0 to 32 bytes; empty means unkeyed.</param>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length.</param>
    /// <exception cref="ArgumentException">The key or the destination has an unsupported length.</exception>
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(key, source, destination, DefaultPath);

    /// <summary>Computes the keyed BLAKE2s hash (a MAC) of <paramref name="source"/> on the given path.</summary>
    /// <param name="key">The key, 0 to 32 bytes; empty means unkeyed.</param>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length.</param>
    /// <param name="path">The code path; see <see cref="IsSupported"/>.</param>
    /// <exception cref="ArgumentException">The key or the destination has an unsupported length.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    [SkipLocalsInit]
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        // One unsigned comparison per length; the messages are built in helpers the JIT keeps out of line.
        if (!IsSupported(path))
        {
            ThrowNotSupported(path);
        }

        if ((uint)(destination.Length - 1) >= MaxHashSizeInBytes)
        {
            ValidateHashSize(destination.Length, nameof(destination));
        }

        if ((uint)key.Length > MaxKeySizeInBytes)
        {
            ValidateKeySize(key.Length, nameof(key));
        }

        // Every field is written by Initialize, so the state needs no zeroing first.
        Unsafe.SkipInit(out State state);
        Initialize(ref state, destination.Length, key.Length);

        // RFC 7693 §3.3: a key is padded to a whole block and hashed before the message; when the message is empty
        // that block is also the last one.
        if (!key.IsEmpty)
        {
            CompressKeyBlock(path, ref state, key, isLast: source.IsEmpty);
        }

        if (!source.IsEmpty || key.IsEmpty)
        {
            // The last block, full or not, is compressed with the final-block flag; all others straight from the
            // caller's buffer. A message of whole blocks is one call, the last block flagged inside it, so h stays
            // in registers from the first block to the last; only a partial last block needs padding, in a copy.
            // The unkeyed empty message is one empty block.
            int leadingLength = source.IsEmpty ? 0 : (source.Length - 1) & -BlockSizeInBytes;
            int lastLength = source.Length - leadingLength;
            ref byte first = ref MemoryMarshal.GetReference(source);
            if (lastLength == BlockSizeInBytes)
            {
                Compress(path, ref state, ref first, (nuint)(source.Length / BlockSizeInBytes), BlockSizeInBytes, FinalBlockFlag);
            }
            else
            {
                if (leadingLength != 0)
                {
                    Compress(path, ref state, ref first, (nuint)(leadingLength / BlockSizeInBytes), BlockSizeInBytes, 0);
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
    private static void CompressKeyBlock(InstructionSet path, ref State state, ReadOnlySpan<byte> key, bool isLast)
    {
        Block block = default;
        key.CopyTo(block);
        Compress(path, ref state, ref block[0], 1, BlockSizeInBytes, isLast ? FinalBlockFlag : 0);
        CryptographicOperations.ZeroMemory(block);
    }

    /// <summary>
    /// The last block when it is shorter than a block (0 to 63 bytes): copied to a zeroed stack block, compressed
    /// with only its own bytes counted (RFC 7693 §3.2, t), and the copy wiped.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressPaddedFinal(InstructionSet path, ref State state, ReadOnlySpan<byte> last)
    {
        Block block = default;
        last.CopyTo(block);
        Compress(path, ref state, ref block[0], 1, (uint)last.Length, FinalBlockFlag);
        CryptographicOperations.ZeroMemory(block);
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowNotSupported(InstructionSet path)
    {
        InstructionSets.ThrowIfNotSupported(path);
        throw new PlatformNotSupportedException(
            $"BLAKE2s has no {InstructionSets.VariantName(path)} path on this CPU; see Blake2s.IsSupported.");
    }

    internal static void ValidateHashSize(int hashSize, string paramName)
    {
        if (hashSize is < 1 or > MaxHashSizeInBytes)
        {
            throw new ArgumentException(
                $"BLAKE2s digests are 1 to {MaxHashSizeInBytes} bytes long, not {hashSize}.", paramName);
        }
    }

    internal static void ValidateKeySize(int keySize, string paramName)
    {
        if (keySize > MaxKeySizeInBytes)
        {
            throw new ArgumentException(
                $"BLAKE2s keys are 0 to {MaxKeySizeInBytes} bytes long, not {keySize}.", paramName);
        }
    }

    /// <summary>
    /// Sets h to the IV xored with the parameter block (RFC 7693 §2.5, §3.3): digest length, key length, fanout 1
    /// and depth 1 in the first word, zeros elsewhere. The byte counter starts at zero.
    /// </summary>
    /// <remarks>
    /// h is stored as the two vectors the vector paths load it as. Copying the IV and then xoring the parameter
    /// word into h[0] alone left a 4-byte store inside the first vector load, which the CPU cannot forward from, so
    /// the first compression waited for the stores to reach the cache: about 16 ns a call on the AMD EPYC (Zen 4)
    /// measured (Ssse3 path, 64-byte message, 109 against 93 ns in the same process).
    /// </remarks>
    internal static void Initialize(ref State state, int hashSize, int keySize)
    {
        ReadOnlySpan<uint> iv = IV;
        uint parameters = 0x01010000U ^ ((uint)keySize << 8) ^ (uint)hashSize;
        (Vector128.Create(iv[..4]) ^ Vector128.CreateScalar(parameters)).StoreUnsafe(ref state.H[0]);
        Vector128.Create(iv[4..]).StoreUnsafe(ref state.H[0], 4);
        state.T = 0;
    }

    /// <summary>Compresses whole blocks that are known not to be the last one.</summary>
    internal static void CompressBlocks(InstructionSet path, ref State state, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(blocks.Length % BlockSizeInBytes == 0, "Only whole blocks can be compressed.");
        if (!blocks.IsEmpty)
        {
            Compress(path, ref state, blocks, BlockSizeInBytes, 0);
        }
    }

    /// <summary>
    /// Compresses the last block: <paramref name="block"/> is zero-padded to 64 bytes and
    /// <paramref name="length"/> of them (0 to 64) are message; only those count (RFC 7693 §3.2, t).
    /// </summary>
    internal static void CompressFinal(InstructionSet path, ref State state, ReadOnlySpan<byte> block, int length)
    {
        Debug.Assert(block.Length == BlockSizeInBytes, "The last block is padded to a whole block.");
        Compress(path, ref state, block, (uint)length, FinalBlockFlag);
    }

    private static void Compress(
        InstructionSet path, ref State state, ReadOnlySpan<byte> blocks, uint lastBlockLength, uint finalFlag) =>
        Compress(path, ref state, ref MemoryMarshal.GetReference(blocks), (nuint)(blocks.Length / BlockSizeInBytes), lastBlockLength, finalFlag);

    /// <summary>
    /// Runs the compression function F (RFC 7693 §3.2) over <paramref name="blockCount"/> (at least one) 64-byte
    /// blocks in order. Every block but the last adds 64 to the byte counter and has f0 = 0; the last adds
    /// <paramref name="lastBlockLength"/> and has f0 = <paramref name="finalFlag"/>. The one place that picks the
    /// code for a path.
    /// </summary>
    private static void Compress(
        InstructionSet path, ref State state, ref byte blocks, nuint blockCount, uint lastBlockLength, uint finalFlag)
    {
        switch (path)
        {
            case InstructionSet.Avx512:
                CompressAvx512(ref state, ref blocks, blockCount, lastBlockLength, finalFlag);
                break;
            case InstructionSet.Ssse3:
                CompressSsse3(ref state, ref blocks, blockCount, lastBlockLength, finalFlag);
                break;
            default:
                CompressScalar(ref state, ref blocks, blockCount, lastBlockLength, finalFlag);
                break;
        }
    }

    /// <summary>Writes the first <c>destination.Length</c> bytes of h in little-endian order (RFC 7693 §3.3).</summary>
    internal static void WriteDigest(ref State state, Span<byte> destination)
    {
        if (BitConverter.IsLittleEndian)
        {
            // h's words already sit in memory in digest order: one copy of at most 32 bytes.
            MemoryMarshal.AsBytes((ReadOnlySpan<uint>)state.H)[..destination.Length].CopyTo(destination);
            return;
        }

        ReadOnlySpan<uint> h = state.H;
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = (byte)(h[i / sizeof(uint)] >> (8 * (i % sizeof(uint))));
        }
    }

    internal static void Wipe(ref State state) =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state, 1)));

    /// <summary>
    /// The chaining value h and the byte counter t, all that survives between compressions. BLAKE2s's t is 64
    /// bits (RFC 7693 §2.1, 2w bits), split into the words t0 and t1 only when it enters the working vector.
    /// </summary>
    internal struct State
    {
        public ChainingValue H;
        public ulong T;
    }

    [InlineArray(8)]
    internal struct ChainingValue
    {
        private uint _element0;
    }

    [InlineArray(BlockSizeInBytes)]
    internal struct Block
    {
        private byte _element0;
    }
}

/// <summary>
/// Incremental BLAKE2s: feed the message in pieces with <see cref="Append"/>, then
/// <see cref="GetHashAndReset"/>. Allocates nothing after construction.
/// </summary>
/// <remarks>
/// The key, when there is one, is kept (padded to a block) so that <see cref="Reset"/> can start over; call
/// <see cref="Dispose"/> to wipe it and the hashing state.
/// </remarks>
public sealed class Blake2sHasher : IDisposable
{
    private readonly InstructionSet _path;
    private readonly int _hashSize;
    private readonly int _keySize;
    private Blake2s.State _state;
    private Blake2s.Block _keyBlock;
    private Blake2s.Block _buffer;

    // Bytes held in _buffer, 0 to 64. A full buffer is compressed only once more input arrives, because the last
    // block is compressed differently and any block may turn out to be the last.
    private int _bufferLength;
    private bool _disposed;

    /// <summary>An unkeyed hasher for <paramref name="hashSizeInBytes"/>-byte digests on the default path.</summary>
    public Blake2sHasher(int hashSizeInBytes)
        : this(hashSizeInBytes, ReadOnlySpan<byte>.Empty, Blake2s.DefaultPath)
    {
    }

    /// <summary>A keyed hasher on the default path; an empty key means unkeyed.</summary>
    public Blake2sHasher(int hashSizeInBytes, ReadOnlySpan<byte> key)
        : this(hashSizeInBytes, key, Blake2s.DefaultPath)
    {
    }

    /// <summary>A keyed hasher on the given path; an empty key means unkeyed.</summary>
    /// <param name="hashSizeInBytes">The digest length, 1 to 32 bytes.</param>
    /// <param name="key">The key, 0 to 32 bytes. It is copied.</param>
    /// <param name="path">The code path; see <see cref="Blake2s.IsSupported"/>.</param>
    /// <exception cref="ArgumentException">The digest or key length is out of range.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public Blake2sHasher(int hashSizeInBytes, ReadOnlySpan<byte> key, InstructionSet path)
    {
        if (!Blake2s.IsSupported(path))
        {
            throw new PlatformNotSupportedException(
                $"BLAKE2s has no {InstructionSets.VariantName(path)} path on this CPU; see Blake2s.IsSupported.");
        }

        Blake2s.ValidateHashSize(hashSizeInBytes, nameof(hashSizeInBytes));
        Blake2s.ValidateKeySize(key.Length, nameof(key));
        _path = path;
        _hashSize = hashSizeInBytes;
        _keySize = key.Length;
        key.CopyTo(_keyBlock);
        Reset();
    }

    /// <summary>The digest length in bytes.</summary>
    public int HashSizeInBytes => _hashSize;

    /// <summary>Appends <paramref name="data"/> to the message.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        const int blockSize = Blake2s.BlockSizeInBytes;

        // Nothing is compressed unless input follows it, so data that fits stays in the buffer.
        if (data.Length > blockSize - _bufferLength)
        {
            if (_bufferLength > 0)
            {
                int fill = blockSize - _bufferLength;
                data[..fill].CopyTo(((Span<byte>)_buffer)[_bufferLength..]);
                Blake2s.CompressBlocks(_path, ref _state, _buffer);
                _bufferLength = 0;
                data = data[fill..];
            }

            // Whole blocks go straight from the caller's buffer, except the last block of data (full or not),
            // which may be the message's last.
            int leadingLength = (data.Length - 1) / blockSize * blockSize;
            Blake2s.CompressBlocks(_path, ref _state, data[..leadingLength]);
            data = data[leadingLength..];
        }

        data.CopyTo(((Span<byte>)_buffer)[_bufferLength..]);
        _bufferLength += data.Length;
    }

    /// <summary>
    /// Writes the digest of everything appended since construction or the last reset, then resets.
    /// </summary>
    /// <param name="destination">Receives <see cref="HashSizeInBytes"/> bytes; bytes past them are left untouched.</param>
    /// <returns>The number of bytes written, <see cref="HashSizeInBytes"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="HashSizeInBytes"/>.</exception>
    public int GetHashAndReset(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (destination.Length < _hashSize)
        {
            throw new ArgumentException(
                $"Destination is too short: this hasher writes {_hashSize} bytes.", nameof(destination));
        }

        Span<byte> buffer = _buffer;
        buffer[_bufferLength..].Clear();
        Blake2s.CompressFinal(_path, ref _state, buffer, _bufferLength);
        Blake2s.WriteDigest(ref _state, destination[.._hashSize]);
        Reset();
        return _hashSize;
    }

    /// <summary>Starts a new message with the same digest length, key and path.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Blake2s.Initialize(ref _state, _hashSize, _keySize);
        CryptographicOperations.ZeroMemory(_buffer);

        // RFC 7693 §3.3: the padded key is the first block; it stays buffered until it is known whether the
        // message is empty, in which case it is also the last block.
        if (_keySize > 0)
        {
            ((ReadOnlySpan<byte>)_keyBlock).CopyTo(_buffer);
            _bufferLength = Blake2s.BlockSizeInBytes;
        }
        else
        {
            _bufferLength = 0;
        }
    }

    /// <summary>Wipes the key and the hashing state; the hasher cannot be used afterwards.</summary>
    public void Dispose()
    {
        CryptographicOperations.ZeroMemory(_keyBlock);
        CryptographicOperations.ZeroMemory(_buffer);
        Blake2s.Wipe(ref _state);
        _bufferLength = 0;
        _disposed = true;
    }
}
