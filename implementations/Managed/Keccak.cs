namespace CryptoHarness.Managed;

/// <summary>
/// Keccak-256, Keccak-384 and Keccak-512 as the Keccak team submitted them to the SHA-3 competition ("The Keccak
/// SHA-3 submission", version 3, 2011): Keccak[r, c = 2n] with plain pad10*1 and no domain suffix, so the first
/// padding byte is 0x01 where FIPS 202 has 0x06. This is the "Keccak-256" of Ethereum; its digests differ from
/// SHA-3's.
/// </summary>
/// <remarks>Paths and dispatch are those of <see cref="Sha3"/>. No call allocates on the heap.</remarks>
public static class Keccak
{
    /// <summary>Whether this library has a Keccak path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>
    /// Computes the Keccak-n digest of <paramref name="source"/> into the first n/8 bytes of
    /// <paramref name="destination"/>, n being <typeparamref name="TSize"/>: <see cref="Bits256"/>,
    /// <see cref="Bits384"/> or <see cref="Bits512"/>.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than the digest.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TSize : struct, IKeccakDigestSize =>
        HashData<TSize>(source, destination, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; bytes past it are left untouched.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
        where TSize : struct, IKeccakDigestSize =>
        Sha3.HashCore(source, destination, KeccakSize.HashSizeInBytes<TSize>(), KeccakSponge.KeccakSuffix, Name, path);

    // The name in messages, before the digest size in bits.
    internal const string Name = "Keccak";

    internal static int CheckHashSize(int hashSizeInBits, string paramName) => hashSizeInBits is 256 or 384 or 512
        ? hashSizeInBits / 8
        : throw new ArgumentOutOfRangeException(paramName, hashSizeInBits, "Keccak digests here are 256, 384 or 512 bits.");
}

/// <summary>Incremental Keccak-256, Keccak-384 or Keccak-512 (original padding): append data in any pieces, then read the digest.</summary>
/// <remarks>Nothing is allocated after construction; <see cref="KeccakSpongeHasher.Dispose"/> wipes the state.</remarks>
public sealed class KeccakHasher : KeccakDigestHasher
{
    /// <summary>Starts a Keccak computation on the default path for this CPU.</summary>
    /// <param name="hashSizeInBits">256, 384 or 512.</param>
    public KeccakHasher(int hashSizeInBits)
        : this(hashSizeInBits, KeccakP1600.DefaultPath)
    {
    }

    /// <summary>Starts a Keccak computation on <paramref name="path"/>.</summary>
    /// <param name="hashSizeInBits">256, 384 or 512.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="hashSizeInBits"/> is not 256, 384 or 512.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public KeccakHasher(int hashSizeInBits, InstructionSet path)
        : base(Keccak.CheckHashSize(hashSizeInBits, nameof(hashSizeInBits)), KeccakSponge.KeccakSuffix, Keccak.Name, path)
    {
    }
}
