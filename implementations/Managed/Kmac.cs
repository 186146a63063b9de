namespace CryptoHarness.Managed;

/// <summary>
/// KMAC128, KMAC256 and their extendable-output forms KMACXOF128 and KMACXOF256 (NIST SP 800-185 §4): cSHAKE with
/// function name "KMAC", the key absorbed first as <c>bytepad(encode_string(K), rate)</c>, and the output length
/// appended after the message as <c>right_encode(L)</c>, or <c>right_encode(0)</c> for the XOF forms (§4.3.1).
/// </summary>
/// <remarks>
/// Keys of any length are accepted, the empty one included (§4.2). The output length is the destination's length:
/// KMAC outputs of different lengths are unrelated, KMACXOF outputs are prefixes of one another. Paths and dispatch
/// are those of <see cref="Sha3"/>. No call allocates on the heap, and the keyed state is wiped before returning.
/// </remarks>
public static class Kmac
{
    /// <summary>Whether this library has a KMAC path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>
    /// Fills <paramref name="destination"/> with KMACn(K, X, L = 8·<c>destination.Length</c>, S), or, with
    /// <paramref name="xof"/>, with KMACXOFn(K, X, L, S) output; n is <typeparamref name="TSize"/>:
    /// <see cref="Bits128"/> or <see cref="Bits256"/>.
    /// </summary>
    /// <param name="key">K; any length.</param>
    /// <param name="source">The message X.</param>
    /// <param name="destination">Receives the MAC, its length the output length L; or <c>destination.Length</c> bytes of KMACXOF output.</param>
    /// <param name="customization">S; may be empty.</param>
    /// <param name="xof">KMACXOF (SP 800-185 §4.3.1: L encoded as 0) instead of KMAC.</param>
    public static void HashData<TSize>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization, bool xof = false)
        where TSize : struct, IShakeSize =>
        HashData<TSize>(key, source, destination, customization, xof, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, bool)"/>
    /// <param name="key">K; any length.</param>
    /// <param name="source">The message X.</param>
    /// <param name="destination">Receives the MAC, its length the output length L; or <c>destination.Length</c> bytes of KMACXOF output.</param>
    /// <param name="customization">S; may be empty.</param>
    /// <param name="xof">KMACXOF (SP 800-185 §4.3.1: L encoded as 0) instead of KMAC.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization, bool xof, InstructionSet path)
        where TSize : struct, IShakeSize
    {
        KeccakP1600.ThrowIfNotSupported(path);
        KeccakSponge sponge = default;
        Start(ref sponge, KeccakSize.RateInBytes<TSize>(), key, customization, path);
        sponge.Absorb(source);
        Finish(ref sponge, destination.Length, xof);
        sponge.Squeeze(destination);
        sponge.Clear();
    }

    // N = "KMAC" in ASCII, SP 800-185 §4.3.1.
    private static ReadOnlySpan<byte> FunctionName => "KMAC"u8;

    /// <summary>Sets <paramref name="sponge"/> up as KMAC with key K and customization S, ready to absorb X.</summary>
    internal static void Start(
        ref KeccakSponge sponge, int rateInBytes, ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, InstructionSet path)
    {
        CShake.Start(ref sponge, rateInBytes, FunctionName, customization, path);

        // bytepad(encode_string(K), rate), SP 800-185 §4.3.1.
        sponge.AbsorbLeftEncoded((ulong)rateInBytes);
        sponge.AbsorbEncodedString(key);
        sponge.ZeroPadToBlockBoundary();
    }

    /// <summary>
    /// Appends <c>right_encode(L)</c> with L = 8·<paramref name="outputLengthInBytes"/>, or <c>right_encode(0)</c>
    /// for KMACXOF (SP 800-185 §4.3.1), ending the message.
    /// </summary>
    internal static void Finish(ref KeccakSponge sponge, int outputLengthInBytes, bool xof) =>
        sponge.AbsorbRightEncoded(xof ? 0 : (ulong)outputLengthInBytes * 8);
}

/// <summary>
/// Incremental KMAC128/KMAC256 and KMACXOF128/KMACXOF256: key and customization are fixed at construction; append
/// data in any pieces, then either read a MAC of any length with <see cref="GetHashAndReset"/> (KMAC) or squeeze
/// output in pieces with <see cref="Squeeze"/> (KMACXOF).
/// </summary>
/// <remarks>
/// The state after absorbing the key is kept, so <see cref="KeccakSpongeHasher.Reset"/> does not absorb it again; it
/// is key-derived, and <see cref="KeccakSpongeHasher.Dispose"/> wipes it. Nothing is allocated after construction.
/// </remarks>
public sealed class KmacHasher : KeccakSpongeHasher
{
    /// <summary>Starts a KMAC computation on the default path for this CPU.</summary>
    /// <param name="securityStrengthInBits">128 for KMAC128, 256 for KMAC256.</param>
    /// <param name="key">K; any length. Not retained: only the state derived from it is.</param>
    /// <param name="customization">S; may be empty.</param>
    public KmacHasher(int securityStrengthInBits, ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization)
        : this(securityStrengthInBits, key, customization, KeccakP1600.DefaultPath)
    {
    }

    /// <summary>Starts a KMAC computation on <paramref name="path"/>.</summary>
    /// <param name="securityStrengthInBits">128 for KMAC128, 256 for KMAC256.</param>
    /// <param name="key">K; any length. Not retained: only the state derived from it is.</param>
    /// <param name="customization">S; may be empty.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="securityStrengthInBits"/> is not 128 or 256.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public KmacHasher(int securityStrengthInBits, ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, InstructionSet path)
    {
        int rate = Shake.RateInBytes(securityStrengthInBits, nameof(securityStrengthInBits));
        KeccakP1600.ThrowIfNotSupported(path);
        Kmac.Start(ref Initial, rate, key, customization, path);
        Begin();
    }

    /// <summary>
    /// Writes KMAC(K, X, L, S) of everything appended, with L = 8·<c>destination.Length</c>, then starts over.
    /// </summary>
    /// <exception cref="InvalidOperationException">KMACXOF output has been squeezed since the last reset.</exception>
    public void GetHashAndReset(Span<byte> destination)
    {
        ThrowIfDisposed();
        ThrowIfSqueezing();
        Kmac.Finish(ref Current, destination.Length, xof: false);
        SqueezeCore(destination);
        Reset();
    }

    /// <summary>
    /// Writes the next <c>destination.Length</c> bytes of KMACXOF(K, X, L, S) output; the first call ends the input.
    /// </summary>
    public void Squeeze(Span<byte> destination)
    {
        ThrowIfDisposed();
        if (!Current.IsSqueezing)
        {
            Kmac.Finish(ref Current, 0, xof: true);
        }

        SqueezeCore(destination);
    }

    private void ThrowIfSqueezing()
    {
        if (Current.IsSqueezing)
        {
            throw new InvalidOperationException("KMACXOF output has already been read; call Reset before asking for a KMAC.");
        }
    }
}
