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
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Blake2<State, Block>.HashData(key, source, destination, path);

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
    private static void Initialize(ref State state, int hashSize, int keySize)
    {
        ReadOnlySpan<uint> iv = IV;
        uint parameters = 0x01010000U ^ ((uint)keySize << 8) ^ (uint)hashSize;
        (Vector128.Create(iv[..4]) ^ Vector128.CreateScalar(parameters)).StoreUnsafe(ref state.H[0]);
        Vector128.Create(iv[4..]).StoreUnsafe(ref state.H[0], 4);
        state.T = 0;
    }

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

    /// <summary>
    /// The chaining value h and the byte counter t, all that survives between compressions; and BLAKE2s's side of the
    /// code it shares with BLAKE2b (<see cref="IBlake2State{TSelf, TBlock}"/>). BLAKE2s's t is 64 bits (RFC 7693
    /// §2.1, 2w bits), split into the words t0 and t1 only when it enters the working vector.
    /// </summary>
    internal struct State : IBlake2State<State, Block>
    {
        public ChainingValue H;
        public ulong T;

        public static string Name => "BLAKE2s";

        public static string TypeName => nameof(Blake2s);

        public static int MaxHashSizeInBytes => Blake2s.MaxHashSizeInBytes;

        public static int MaxKeySizeInBytes => Blake2s.MaxKeySizeInBytes;

        public static int WordSizeInBytes => sizeof(uint);

        static bool IBlake2State<State, Block>.IsSupported(InstructionSet path) => Blake2s.IsSupported(path);

        static void IBlake2State<State, Block>.Initialize(ref State state, int hashSize, int keySize) =>
            Blake2s.Initialize(ref state, hashSize, keySize);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static void IBlake2State<State, Block>.Compress(
            InstructionSet path, ref State state, ref byte blocks, nuint blockCount, uint lastBlockLength, bool isFinal) =>
            Blake2s.Compress(path, ref state, ref blocks, blockCount, lastBlockLength, isFinal ? FinalBlockFlag : 0);

        static ref byte IBlake2State<State, Block>.ChainingValue(ref State state) =>
            ref Unsafe.As<uint, byte>(ref state.H[0]);
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
/// Incremental BLAKE2s: feed the message in pieces with <see cref="BlockHasher.Append"/>, then
/// <see cref="BlockHasher.GetHashAndReset"/>. Allocates nothing after construction.
/// </summary>
/// <remarks>
/// The key, when there is one, is kept (padded to a block) so that <see cref="BlockHasher.Reset"/> can start over; call
/// <see cref="BlockHasher.Dispose"/> to wipe it and the hashing state.
/// </remarks>
public sealed class Blake2sHasher : BlockHasher
{
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
        : base(new Blake2Engine<Blake2s.State, Blake2s.Block>(hashSizeInBytes, key, path), Blake2s.State.Name)
    {
    }
}
