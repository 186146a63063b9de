namespace CryptoHarness.Managed;

/// <summary>
/// The extendable-output functions TurboSHAKE128 and TurboSHAKE256 (RFC 9861 §2.2): SHAKE128 and SHAKE256 with
/// the permutation cut to its last 12 rounds, Keccak-p[1600, 12], and a domain separation byte D in place of
/// SHAKE's fixed suffix; any output length, every output a prefix of every longer one.
/// </summary>
/// <remarks>
/// <para>
/// D is a byte from 0x01 to 0x7F; it carries the domain bits and the first bit of the padding together, as the
/// sponge's suffix byte does for SHA-3 (0x06) and SHAKE (0x1F), so the padding is D at the end of the message
/// and 0x80 at the end of the block (RFC 9861 §2.2). The RFC's default D is 0x1F. KangarooTwelve
/// (<see cref="KangarooTwelve"/>) uses 0x07, 0x0B and 0x06.
/// </para>
/// <para>
/// Paths and dispatch are those of <see cref="Sha3"/>: the one permutation code, entered at round 12. No call
/// allocates on the heap, and the sponge state is wiped before returning.
/// </para>
/// </remarks>
public static class TurboShake
{
    /// <summary>The domain byte of plain TurboSHAKE hashing (RFC 9861 §2.2: "D = 0x1F" when none is chosen).</summary>
    public const byte DefaultDomain = 0x1F;

    /// <summary>Whether this library has a TurboSHAKE path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>
    /// Fills <paramref name="destination"/> with TurboSHAKEn(M = <paramref name="source"/>, D, L) output, n being
    /// <typeparamref name="TSize"/>: <see cref="Bits128"/> or <see cref="Bits256"/>.
    /// </summary>
    /// <param name="source">The message M.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; may be empty.</param>
    /// <param name="domain">D, from 0x01 to 0x7F.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="domain"/> is 0 or above 0x7F.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, byte domain = DefaultDomain)
        where TSize : struct, IShakeSize =>
        HashData<TSize>(source, destination, domain, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, Span{byte}, byte)"/>
    /// <param name="source">The message M.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; may be empty.</param>
    /// <param name="domain">D, from 0x01 to 0x7F.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, byte domain, InstructionSet path)
        where TSize : struct, IShakeSize
    {
        ThrowIfInvalidDomain(domain, nameof(domain));
        KeccakP1600.ThrowIfNotSupported(path);
        KeccakSponge.Hash(source, destination, KeccakSize.RateInBytes<TSize>(), domain, path, KeccakP1600.TurboRoundCount);
    }

    /// <summary>Throws unless <paramref name="domain"/> is a valid D (RFC 9861 §2.2: "in the range 0x01 to 0x7F").</summary>
    internal static void ThrowIfInvalidDomain(byte domain, string paramName)
    {
        if (domain is 0 or > 0x7F)
        {
            throw new ArgumentOutOfRangeException(paramName, domain, "The domain byte D is from 0x01 to 0x7F.");
        }
    }
}
