namespace CryptoHarness.Managed;

/// <summary>
/// The extendable-output functions SHAKE128 and SHAKE256 (FIPS 202 §6.2): the sponge over Keccak-f[1600] with
/// capacity 256 or 512 bits and the domain suffix 1111; any output length, every output a prefix of every longer one.
/// </summary>
/// <remarks>
/// Paths and dispatch are those of <see cref="Sha3"/>. No call allocates on the heap, and the sponge state is
/// wiped before returning.
/// </remarks>
public static class Shake
{
    /// <summary>SHAKE128's rate: 1600 − 256 bits.</summary>
    public const int Rate128InBytes = 168;

    /// <summary>SHAKE256's rate: 1600 − 512 bits.</summary>
    public const int Rate256InBytes = 136;

    /// <summary>Whether this library has a SHAKE path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>
    /// Fills <paramref name="destination"/> with SHAKEn output for <paramref name="source"/>, n being
    /// <typeparamref name="TSize"/>: <see cref="Bits128"/> or <see cref="Bits256"/>.
    /// </summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; may be empty.</param>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TSize : struct, IShakeSize =>
        HashData<TSize>(source, destination, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; may be empty.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
        where TSize : struct, IShakeSize
    {
        KeccakP1600.ThrowIfNotSupported(path);
        KeccakSponge.Hash(source, destination, KeccakSize.RateInBytes<TSize>(), KeccakSponge.ShakeSuffix, path);
    }

    internal static int RateInBytes(int securityStrengthInBits, string paramName) => securityStrengthInBits switch
    {
        128 => Rate128InBytes,
        256 => Rate256InBytes,
        _ => throw new ArgumentOutOfRangeException(paramName, securityStrengthInBits, "The security strength is 128 or 256 bits."),
    };
}

/// <summary>
/// Incremental SHAKE128 or SHAKE256: append data in any pieces, then squeeze output in any pieces; the pieces
/// concatenate to the one-shot output of the same total length.
/// </summary>
/// <remarks>Nothing is allocated after construction; <see cref="KeccakSpongeHasher.Dispose"/> wipes the state.</remarks>
public sealed class ShakeHasher : KeccakXofHasher
{
    /// <summary>Starts a SHAKE computation on the default path for this CPU.</summary>
    /// <param name="securityStrengthInBits">128 for SHAKE128, 256 for SHAKE256.</param>
    public ShakeHasher(int securityStrengthInBits)
        : this(securityStrengthInBits, KeccakP1600.DefaultPath)
    {
    }

    /// <summary>Starts a SHAKE computation on <paramref name="path"/>.</summary>
    /// <param name="securityStrengthInBits">128 for SHAKE128, 256 for SHAKE256.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="securityStrengthInBits"/> is not 128 or 256.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public ShakeHasher(int securityStrengthInBits, InstructionSet path)
    {
        int rate = Shake.RateInBytes(securityStrengthInBits, nameof(securityStrengthInBits));
        KeccakP1600.ThrowIfNotSupported(path);
        Initial = new KeccakSponge(rate, KeccakSponge.ShakeSuffix, path);
        Begin();
    }
}
