using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

/// <summary>The code paths of <see cref="AesGcmCipher"/>; each is a registry variant of its own.</summary>
public enum AesGcmPath
{
    /// <summary>AES-NI rounds on eight blocks at once, GHASH by 128-bit PCLMULQDQ (<c>AesGcmCipher.AesNi.cs</c>).</summary>
    AesNi,

    /// <summary>
    /// The same AES-NI rounds, GHASH by 256-bit VPCLMULQDQ, two blocks per instruction (<c>AesGcmCipher.Vpclmul256.cs</c>).
    /// </summary>
    Vpclmul256,

    /// <summary>
    /// The same AES-NI rounds, GHASH by 512-bit VPCLMULQDQ, four blocks per instruction
    /// (<c>AesGcmCipher.Vpclmul512.cs</c>).
    /// </summary>
    Vpclmul512,
}

/// <summary>
/// AES-128-GCM and AES-256-GCM (NIST SP 800-38D) with a 96-bit nonce and a 128-bit tag, as a keyed object: the key
/// schedule and the powers of the hash key are computed once per key, as <see cref="System.Security.Cryptography.AesGcm"/>
/// keeps its own.
/// </summary>
/// <remarks>
/// <para>
/// Paths, one partial file each. All need AES-NI and PCLMULQDQ: there is no portable path. A constant-time AES
/// without the AES instructions is a bitsliced implementation, a file of its own several times the size of these and
/// still an order of magnitude slower, so where the CPU (or the runtime, under <c>DOTNET_EnableHWIntrinsic=0</c>) has
/// none, <see cref="IsSupported"/> says so and the registry lists the entry as unsupported.
/// </para>
/// <para>
/// GHASH is computed as POLYVAL (RFC 8452 Appendix A): GHASH(H, X) = ByteReverse(POLYVAL(mulX(ByteReverse(H)),
/// ByteReverse(X)...)). POLYVAL's field elements are little-endian, so a byte shuffle per block replaces GHASH's bit
/// reflection and the product needs no one-bit shift; its Montgomery reduction takes two carry-less multiplications by
/// the constant 0xC2000000_00000000 (Gueron, Langley and Lindell, "AES-GCM-SIV", §4 and its reference code). Blocks are
/// hashed eight at a time against H^8 … H^1 (precomputed, with the Karatsuba halves), summing the unreduced products
/// and reducing once per eight blocks.
/// </para>
/// <para>
/// Dispatch: the default path is <see cref="AesGcmPath.Vpclmul256"/> where the CPU has it, else
/// <see cref="AesGcmPath.Vpclmul512"/>, else <see cref="AesGcmPath.AesNi"/>. The paths share the AES rounds and differ in
/// GHASH's bulk loop only; a message of at most 128 bytes with at most 16 bytes of associated data takes one route on
/// every path (<c>SealOneChunk</c>), so the paths' rows at 128 B in the reports time the same code. Measured on the
/// AMD EPYC (Zen 4) development machine with the three paths of one key size
/// timed in 61 interleaved rounds of one process per size and direction (a fresh process per size, so no size's profile
/// shaped another's code; a 128-byte warm-up of 200,000 calls before 128 KiB changed nothing), 16 bytes of associated
/// data, the machine loaded by other work; the median of the per-round ratios to AesNi's time:
/// encryption at 1 KiB, 8 KiB, 128 KiB: Vpclmul256 1.06–1.10, 1.02–1.13, 1.09–1.21; Vpclmul512 1.10–1.67 at every size;
/// decryption: Vpclmul256 0.90–0.96, 0.87–0.91, 0.89–0.93; Vpclmul512 0.89–1.00, 0.95–1.00, 0.94–1.01 (AES-128 and
/// AES-256; at 128 KiB AES-128 encryption took 23.6 µs at best on AesNi, decryption 21.3 µs on Vpclmul256). At 128 B
/// the rounds disagreed between runs by more than the paths differ. So AesNi encrypts fastest (its GHASH of the
/// ciphertext it has just made overlaps the next chunk's AES rounds) and Vpclmul256 decrypts fastest (GHASH of the
/// given ciphertext does not wait for the AES), by about the same margin, and Vpclmul512 is never ahead: encryption
/// plus decryption cost the same on AesNi and Vpclmul256 within 1%, and the default stays Vpclmul256. An earlier note
/// here gave AesNi 2.53 B/ns at 128 KiB against Vpclmul256's 5.03 (one process, every size in turn); the runs above
/// found 5.5 B/ns, so that gap was the order of that loop, not the path.
/// </para>
/// <para>
/// All of the figures above predate compiling each bulk loop on its own (see <c>BulkVpclmul256</c>), which made
/// Vpclmul256's encryption 1.3 to 1.6 times as fast on the AMD EPYC Zen 3 and may have moved the Zen 4's figures too.
/// On the Zen 3 afterwards (AES-128 and AES-256, the rounds of one <c>--family AEAD</c> run at 8 KiB and 128 KiB),
/// Vpclmul256 took 1.05 to 1.12 times AesNi's time to encrypt and 1.00 to 1.04 to decrypt. The default has not been
/// re-decided since: that needs the Zen 4 and the Intel measured with this build.
/// </para>
/// <para>
/// Nothing is allocated per call. The round keys and hash-key powers live in this object and are wiped by
/// <see cref="Dispose"/>; stack buffers that held keystream, plaintext or a tag are wiped before returning.
/// </para>
/// </remarks>
public sealed partial class AesGcmCipher : AeadCipher
{
    public const int NonceSizeInBytes = 12;
    public const int TagSizeInBytes = 16;

    private const int BlockSize = 16;

    // Eight blocks in flight: AES-NI's latency is four to seven cycles per round on the CPUs in use and two rounds
    // issue per cycle, so eight independent blocks keep the unit busy; GHASH aggregates the same eight.
    private const int Lanes = 8;
    private const int ChunkSize = Lanes * BlockSize;

    private RoundKeys _roundKeys;
    private HashKeyPowers _powers;
    private readonly int _rounds;
    private readonly AesGcmPath _path;
    private bool _disposed;

    /// <summary>Expands <paramref name="key"/> (16 bytes for AES-128, 32 for AES-256) for the default path.</summary>
    public AesGcmCipher(ReadOnlySpan<byte> key)
        : this(key, DefaultPath)
    {
    }

    /// <summary>Expands <paramref name="key"/> (16 bytes for AES-128, 32 for AES-256) for the given path.</summary>
    /// <exception cref="ArgumentException">The key is neither 16 nor 32 bytes.</exception>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public AesGcmCipher(ReadOnlySpan<byte> key, AesGcmPath path)
    {
        if (key.Length is not (16 or 32))
        {
            throw new ArgumentException($"An AES key is 16 or 32 bytes here, not {key.Length}.", nameof(key));
        }

        ThrowIfNotSupported(path);
        _path = path;
        _rounds = key.Length == 16 ? 10 : 14;
        ExpandKey(key);
        ComputeHashKeyPowers();
    }

    /// <summary>The key's length in bytes: 16 or 32.</summary>
    public int KeySizeInBytes => _rounds == 10 ? 16 : 32;

    /// <summary>The path this object runs.</summary>
    public AesGcmPath Path => _path;

    /// <summary>Every path the code has, supported here or not.</summary>
    public static IReadOnlyList<AesGcmPath> Paths { get; } = Enum.GetValues<AesGcmPath>();

    /// <summary>The path the constructor without a path uses on this CPU; see the remarks for why.</summary>
    public static AesGcmPath DefaultPath { get; } =
        IsSupported(AesGcmPath.Vpclmul256) ? AesGcmPath.Vpclmul256
        : IsSupported(AesGcmPath.Vpclmul512) ? AesGcmPath.Vpclmul512
        : AesGcmPath.AesNi;

    /// <summary>Whether this CPU, as the runtime shows it, runs <paramref name="path"/>.</summary>
    public static bool IsSupported(AesGcmPath path) => path switch
    {
        AesGcmPath.AesNi => Aes.IsSupported && Pclmulqdq.IsSupported && Ssse3.IsSupported,
        AesGcmPath.Vpclmul256 => Aes.IsSupported && Pclmulqdq.IsSupported && Pclmulqdq.V256.IsSupported && Avx2.IsSupported,
        AesGcmPath.Vpclmul512 => Aes.IsSupported && Pclmulqdq.IsSupported && Pclmulqdq.V512.IsSupported && Avx512BW.IsSupported,
        _ => false,
    };

    /// <summary>The registry variant name: <c>aesni</c>, <c>vpclmul256</c>, <c>vpclmul512</c>.</summary>
    public static string VariantName(AesGcmPath path) => path.ToString().ToLowerInvariant();

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> and writes the 16-byte tag.</summary>
    /// <exception cref="ArgumentException">
    /// The nonce is not 12 bytes, the tag not 16, the lengths differ, or the buffers overlap other than exactly.
    /// </exception>
    public override void Encrypt(
        ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData = default)
    {
        CheckArguments(nonce, plaintext, ciphertext, tag);
        var computed = IsOneChunk(plaintext, associatedData)
            ? SealOneChunk<Encryption>(nonce, associatedData, plaintext, ciphertext)
            : Seal(nonce, associatedData, plaintext, ciphertext, encrypting: true);
        computed.CopyTo(tag);
    }

    /// <summary>
    /// Decrypts and authenticates. Returns false when the tag does not match, with <paramref name="plaintext"/> zeroed:
    /// no unauthenticated plaintext leaves this method. The tags are compared in constant time.
    /// </summary>
    /// <exception cref="ArgumentException">As for <see cref="Encrypt"/>.</exception>
    public override bool Decrypt(
        ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default)
    {
        CheckArguments(nonce, ciphertext, plaintext, tag);
        var expected = IsOneChunk(ciphertext, associatedData)
            ? SealOneChunk<Decryption>(nonce, associatedData, ciphertext, plaintext)
            : Seal(nonce, associatedData, ciphertext, plaintext, encrypting: false);

        // One XOR of the whole tag and one test, with no branch on where the tags differ; the computed tag stays in a
        // register, so no stack buffer holds it and there is none to wipe. A stackalloc'd copy compared with
        // FixedTimeEquals and then wiped took this call 1.2-1.6 times as long at 128 B to 1 KiB (harness paired).
        bool authentic = (expected ^ Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(tag))) == Vector128<byte>.Zero;
        if (!authentic)
        {
            CryptographicOperations.ZeroMemory(plaintext);
        }

        return authentic;
    }

    /// <summary>
    /// Whether a call takes the one-chunk route (at most 128 bytes with at most 16 of associated data). Chosen here, in
    /// Encrypt and Decrypt, rather than in <see cref="Seal"/>: with both directions' calls in it, Seal was no longer
    /// inlined into them, and decrypting 128 B took 1.06-1.07 times as long (harness paired).
    /// </summary>
    private static bool IsOneChunk(ReadOnlySpan<byte> input, ReadOnlySpan<byte> associatedData) =>
        input.Length <= ChunkSize && associatedData.Length <= BlockSize;

    private Vector128<byte> Seal(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting) =>
        _path switch
        {
            AesGcmPath.Vpclmul512 => SealVpclmul512(nonce, associatedData, input, output, encrypting),
            AesGcmPath.Vpclmul256 => SealVpclmul256(nonce, associatedData, input, output, encrypting),
            _ => SealAesNi(nonce, associatedData, input, output, encrypting),
        };

    /// <summary>Wipes the round keys and hash-key powers; the object cannot be used afterwards.</summary>
    public override void Dispose()
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<Vector128<byte>>)_roundKeys));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<Vector128<ulong>>)_powers));
        _disposed = true;
    }

    // Inlined into Encrypt and Decrypt, so only the tests stay there; the messages are built in ThrowBadArgument. Built in
    // place, their string formatting took much of those methods' inlining budget (Span.Slice stayed a call there).
    private void CheckArguments(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, ReadOnlySpan<byte> tag)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);

        // In place is fine (every block is read before its output is written); a shifted overlap is not.
        if (nonce.Length != NonceSizeInBytes || tag.Length != TagSizeInBytes || output.Length != input.Length
            || (input.Overlaps(output, out int offset) && offset != 0))
        {
            ThrowBadArgument(nonce, input, output, tag);
        }

        // GCM's 32-bit counter covers 2^32 - 2 blocks per nonce; a span's length never reaches that (2^36 bytes).
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowBadArgument(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, ReadOnlySpan<byte> tag)
    {
        if (nonce.Length != NonceSizeInBytes)
        {
            throw new ArgumentException($"The nonce is {nonce.Length} bytes; this AES-GCM takes {NonceSizeInBytes}.", nameof(nonce));
        }

        if (tag.Length != TagSizeInBytes)
        {
            throw new ArgumentException($"The tag is {tag.Length} bytes; this AES-GCM takes {TagSizeInBytes}.", nameof(tag));
        }

        if (output.Length != input.Length)
        {
            throw new ArgumentException($"The output is {output.Length} bytes; the input is {input.Length}.", nameof(output));
        }

        throw new ArgumentException("The input and output overlap other than exactly.", nameof(output));
    }

    private static void ThrowIfNotSupported(AesGcmPath path)
    {
        if (!IsSupported(path))
        {
            throw new PlatformNotSupportedException($"AES-GCM's {VariantName(path)} path needs instructions this CPU (or runtime) does not offer.");
        }
    }

    /// <summary>Up to 15 round keys (AES-256 has 14 rounds).</summary>
    [InlineArray(15)]
    private struct RoundKeys
    {
        private Vector128<byte> _first;
    }

    /// <summary>
    /// H^1 … H^8 in POLYVAL form, each followed by its Karatsuba half (low and high words XORed, in both words), then
    /// the same powers laid out for the 512-bit path: H^8..H^5 and H^4..H^1, four to a vector (see Vpclmul512).
    /// </summary>
    [InlineArray((2 * Lanes) + Lanes)]
    private struct HashKeyPowers
    {
        private Vector128<ulong> _first;
    }
}
