namespace CryptoHarness.Managed;

/// <summary>
/// BLAKE2b as specified in RFC 7693: keyed or unkeyed, with any output length from 1 to 64 bytes.
/// </summary>
/// <remarks>
/// <para>
/// Paths (one partial file each): <see cref="InstructionSet.Scalar"/> (<c>Blake2b.Scalar.cs</c>) and
/// <see cref="InstructionSet.Avx2"/> (<c>Blake2b.Avx2.cs</c>: the working vector as four <c>Vector256&lt;ulong&gt;</c>
/// rows). No 128-bit path was written: with two 64-bit lanes per register each row takes two registers and twice
/// the instructions of the AVX2 path.
/// There is no AVX-512 path because none measured faster than the AVX2 one. Measured on an AMD EPYC (Zen 4) at
/// 128 KiB, minimum over 17 rounds of a loop of calls, each variant against the AVX2 path in the same process:
/// <c>vprorq</c> for every rotation 4% slower (115 against 110 µs); every rotation rebuilt around
/// <c>vpternlogq</c> as BLAKE2s's Avx512 path does (ror(p ^ q, r) = ror(p, r) ^ (q &gt;&gt; r) ^ (q &lt;&lt; (64 - r)),
/// ror(p, r) computed early) 3% slower; only the rotation by 63 so rebuilt 1.5% faster, within the spread of
/// repeated runs, and no faster with <c>valignq</c> for the diagonal rotations of the rows or with message
/// vectors from two <c>vpermt2q</c> per round. Dropping the row permutes altogether (a wrong hash, for timing
/// only) saved 4% and dropping the message gathers another 4%, so neither is where the time goes; the rounds'
/// chain of adds, xors and rotations is, and AVX-512 does not shorten it here. An earlier attempt found the same.
/// Splitting a rotation so that half of it is ready a cycle early did not help either: a left shift distributes
/// over the add before it, so f &lt;&lt; 48 = (d1 &lt;&lt; 48) ^ (((a1 + y) &lt;&lt; 48) + ((t &lt;&lt; 24) &amp; mask)) is known
/// before f = d1 ^ a2, and c2 = c1 + (f &gt;&gt; 16) + (f &lt;&lt; 48) takes the halves of the rotation by 16 apart, one
/// cycle less per half-round on paper; with its six extra instructions it measured slower (1.03 against 1.07
/// times BouncyCastle 2.7.0's speed at 128 KiB, 1.06 against 1.12 with AVX-512 hidden, in one process). The
/// rotation by 63 cannot be split so: d2 &lt;&lt; 1 is not ready before d2.
/// </para>
/// <para>
/// Dispatch (<see cref="DefaultPath"/>): Avx2 when the CPU has it, else Scalar. Measured on that machine with a
/// Stopwatch-style loop over 128 KiB inputs (thread CPU time, median of 7 runs, Release, .NET 10): Avx2 about
/// 1170 MB/s, Scalar about 590 MB/s; libsodium's crypto_generichash 1050 MB/s and BouncyCastle's Blake2bDigest
/// 100 MB/s in the same runs (BouncyCastle 2.7.0 has since taken Blake2Fast's AVX2 code).
/// </para>
/// <para>
/// Fixed cost per call: a 128-byte message is one compression, read from the caller's buffer, and a 64-byte copy
/// of h. Copying the digest a byte at a time and padding a full last block in a stack copy had cost about 80 ns
/// a call (202 ns at 128 B, then 122 ns; BouncyCastle 2.7.0 138 ns, libsodium 161 ns through P/Invoke; minimum
/// over 17 rounds of a loop of calls on a loaded machine). <see cref="Initialize"/> storing h as the vectors the
/// path loads later saved another 11 ns a call (126 against 115 ns in one process; see there). In the committed quick
/// run at 6803367 (x86-64-v4): 115.5 ns at 128 B against 151.0 ns for BouncyCastle 2.7.0 and 146.5 ns for libsodium
/// 1.0.22 (the 122 ns above was a minimum on another day, not comparable with these medians).
/// </para>
/// <para>
/// Salt and personalization (RFC 7693 §2.5 parameter block fields) are not exposed; they are zero, as in the
/// RFC's own reference code. One-shot calls allocate nothing on the heap and wipe the stack buffers that held key
/// or message bytes before returning.
/// </para>
/// </remarks>
public static partial class Blake2b
{
    public const int MaxHashSizeInBytes = 64;
    public const int MaxKeySizeInBytes = 64;
    public const int BlockSizeInBytes = 128;

    // RFC 7693 §3.2: BLAKE2b runs 12 rounds, the message schedule of round r being σ[r mod 10].
    private const int RoundCount = 12;

    // f0 for the last block, RFC 7693 §3.2 ("v[14] := v[14] ^ 0xFF..FF").
    private const ulong FinalBlockFlag = ulong.MaxValue;

    // RFC 7693 §2.6: the BLAKE2b IV is the SHA-512 IV of FIPS 180-4 §5.3.5. A static readonly array rather than a
    // ReadOnlySpan<ulong> literal property because unoptimized (Debug) code allocates on every read of the latter.
    private static readonly ulong[] IV =
    [
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    ];

    /// <summary>
    /// The message schedule σ of RFC 7693 §2.7, ten rows of sixteen word indices, shared with BLAKE2s.
    /// </summary>
    /// <remarks>
    /// The scalar paths read it at run time. The vector paths pass each round's row to their round function as
    /// literal constants instead (see <c>RoundAvx2</c> for why), so the rows are spelled out again there; the
    /// cross-checks in the tests cover every path.
    /// </remarks>
    internal static ReadOnlySpan<byte> Sigma =>
    [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
        11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4,
        7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
        9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13,
        2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
        12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11,
        13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
        6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5,
        10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
    ];

    /// <summary>The path the overloads without an <see cref="InstructionSet"/> use: the fastest measured one.</summary>
    public static InstructionSet DefaultPath { get; } = InstructionSets.Widest(IsSupported);

    /// <summary>
    /// Whether <paramref name="path"/> exists for BLAKE2b and this CPU runs it. Scalar and Avx2 exist; Ssse3 and
    /// Avx512 do not (see the type's remarks).
    /// </summary>
    public static bool IsSupported(InstructionSet path) =>
        path is InstructionSet.Scalar or InstructionSet.Avx2 && InstructionSets.IsSupported(path);

    /// <summary>Computes the unkeyed BLAKE2b hash of <paramref name="source"/> on the default path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 64 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(ReadOnlySpan<byte>.Empty, source, destination, DefaultPath);

    /// <summary>Computes the unkeyed BLAKE2b hash of <paramref name="source"/> on the given path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length.</param>
    /// <param name="path">The code path; see <see cref="IsSupported"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 64 bytes.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        HashData(ReadOnlySpan<byte>.Empty, source, destination, path);

    /// <summary>Computes the keyed BLAKE2b hash (a MAC) of <paramref name="source"/> on the default path.</summary>
    /// <param name="key">The key, 0 to 64 bytes; empty means unkeyed.</param>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length.</param>
    /// <exception cref="ArgumentException">The key or the destination has an unsupported length.</exception>
    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(key, source, destination, DefaultPath);

    /// <summary>Computes the keyed BLAKE2b hash (a MAC) of <paramref name="source"/> on the given path.</summary>
    /// <param name="key">The key, 0 to 64 bytes; empty means unkeyed.</param>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length.</param>
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
    /// h is stored as the two vectors the Avx2 path loads it as. Copying the IV and then xoring the parameter word
    /// into h[0] alone left an 8-byte store inside the first vector load, which the CPU cannot forward from, so the
    /// first compression waited for the stores to reach the cache: about 11 ns a call on the AMD EPYC (Zen 4)
    /// measured (Avx2 path, 128-byte message, 126 against 115 ns in the same process).
    /// </remarks>
    private static void Initialize(ref State state, int hashSize, int keySize)
    {
        ReadOnlySpan<ulong> iv = IV;
        ulong parameters = 0x01010000UL ^ ((ulong)keySize << 8) ^ (ulong)hashSize;
        (Vector256.Create(iv[..4]) ^ Vector256.CreateScalar(parameters)).StoreUnsafe(ref state.H[0]);
        Vector256.Create(iv[4..]).StoreUnsafe(ref state.H[0], 4);
        state.T0 = 0;
        state.T1 = 0;
    }

    /// <summary>
    /// Runs the compression function F (RFC 7693 §3.2) over <paramref name="blockCount"/> (at least one) 128-byte
    /// blocks in order, adding <paramref name="blockLength"/> to the byte counter before each one. The one place
    /// that picks the code for a path.
    /// </summary>
    private static void Compress(
        InstructionSet path, ref State state, ref byte blocks, nuint blockCount, uint blockLength, ulong finalFlag)
    {
        switch (path)
        {
            case InstructionSet.Avx2:
                CompressAvx2(ref state, ref blocks, blockCount, blockLength, finalFlag);
                break;
            default:
                CompressScalar(ref state, ref blocks, blockCount, blockLength, finalFlag);
                break;
        }
    }

    /// <summary>Adds a block's byte count to the 128-bit counter t (RFC 7693 §3.2), carrying into the high word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void IncrementCounter(ref ulong t0, ref ulong t1, uint blockLength)
    {
        t0 += blockLength;
        if (t0 < blockLength)
        {
            t1++;
        }
    }

    /// <summary>
    /// The chaining value h and the byte counter t, all that survives between compressions; and BLAKE2b's side of the
    /// code it shares with BLAKE2s (<see cref="IBlake2State{TSelf, TBlock}"/>).
    /// </summary>
    internal struct State : IBlake2State<State, Block>
    {
        public ChainingValue H;
        public ulong T0;
        public ulong T1;

        public static string Name => "BLAKE2b";

        public static string TypeName => nameof(Blake2b);

        public static int MaxHashSizeInBytes => Blake2b.MaxHashSizeInBytes;

        public static int MaxKeySizeInBytes => Blake2b.MaxKeySizeInBytes;

        public static int WordSizeInBytes => sizeof(ulong);

        static bool IBlake2State<State, Block>.IsSupported(InstructionSet path) => Blake2b.IsSupported(path);

        static void IBlake2State<State, Block>.Initialize(ref State state, int hashSize, int keySize) =>
            Blake2b.Initialize(ref state, hashSize, keySize);

        /// <remarks>
        /// BLAKE2b's kernels add the same length and flag for every block of a call, so a final call of several
        /// blocks runs the last one on its own.
        /// </remarks>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        static void IBlake2State<State, Block>.Compress(
            InstructionSet path, ref State state, ref byte blocks, nuint blockCount, uint lastBlockLength, bool isFinal)
        {
            if (isFinal)
            {
                if (blockCount > 1)
                {
                    Blake2b.Compress(path, ref state, ref blocks, blockCount - 1, BlockSizeInBytes, 0);
                    blocks = ref Unsafe.Add(ref blocks, (blockCount - 1) * BlockSizeInBytes);
                }

                Blake2b.Compress(path, ref state, ref blocks, 1, lastBlockLength, FinalBlockFlag);
            }
            else
            {
                Blake2b.Compress(path, ref state, ref blocks, blockCount, lastBlockLength, 0);
            }
        }

        static ref byte IBlake2State<State, Block>.ChainingValue(ref State state) =>
            ref Unsafe.As<ulong, byte>(ref state.H[0]);
    }

    [InlineArray(8)]
    internal struct ChainingValue
    {
        private ulong _element0;
    }

    [InlineArray(BlockSizeInBytes)]
    internal struct Block
    {
        private byte _element0;
    }
}

/// <summary>
/// Incremental BLAKE2b: feed the message in pieces with <see cref="BlockHasher.Append"/>, then
/// <see cref="BlockHasher.GetHashAndReset"/>. Allocates nothing after construction.
/// </summary>
/// <remarks>
/// The key, when there is one, is kept (padded to a block) so that <see cref="BlockHasher.Reset"/> can start over; call
/// <see cref="BlockHasher.Dispose"/> to wipe it and the hashing state.
/// </remarks>
public sealed class Blake2bHasher : BlockHasher
{
    /// <summary>An unkeyed hasher for <paramref name="hashSizeInBytes"/>-byte digests on the default path.</summary>
    public Blake2bHasher(int hashSizeInBytes)
        : this(hashSizeInBytes, ReadOnlySpan<byte>.Empty, Blake2b.DefaultPath)
    {
    }

    /// <summary>A keyed hasher on the default path; an empty key means unkeyed.</summary>
    public Blake2bHasher(int hashSizeInBytes, ReadOnlySpan<byte> key)
        : this(hashSizeInBytes, key, Blake2b.DefaultPath)
    {
    }

    /// <summary>A keyed hasher on the given path; an empty key means unkeyed.</summary>
    /// <param name="hashSizeInBytes">The digest length, 1 to 64 bytes.</param>
    /// <param name="key">The key, 0 to 64 bytes. It is copied.</param>
    /// <param name="path">The code path; see <see cref="Blake2b.IsSupported"/>.</param>
    /// <exception cref="ArgumentException">The digest or key length is out of range.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public Blake2bHasher(int hashSizeInBytes, ReadOnlySpan<byte> key, InstructionSet path)
        : base(new Blake2Engine<Blake2b.State, Blake2b.Block>(hashSizeInBytes, key, path), Blake2b.State.Name)
    {
    }
}
