namespace CryptoHarness.Managed;

/// <summary>
/// SHA3-224, SHA3-256, SHA3-384 and SHA3-512 (FIPS 202 §6.1): the sponge over Keccak-f[1600] with capacity twice
/// the digest size and the domain suffix 01.
/// </summary>
/// <remarks>
/// Paths are those of Keccak-f[1600]: <see cref="InstructionSet.Scalar"/> everywhere and
/// <see cref="InstructionSet.Avx512"/> where the CPU has it; the overloads without a path use Avx512 when present
/// (see <c>KeccakP1600.cs</c> for the measurement). No call allocates on the heap, and the sponge state is wiped
/// before returning.
/// </remarks>
public static class Sha3
{
    /// <summary>Whether this library has a SHA-3 path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>
    /// Computes the SHA3-n digest of <paramref name="source"/> into the first n/8 bytes of <paramref name="destination"/>,
    /// n being <typeparamref name="TSize"/>: <see cref="Bits224"/>, <see cref="Bits256"/>, <see cref="Bits384"/> or
    /// <see cref="Bits512"/>.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than the digest.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TSize : struct, ISha3Size =>
        HashData<TSize>(source, destination, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; bytes past it are left untouched.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
        where TSize : struct, ISha3Size =>
        HashCore(source, destination, KeccakSize.HashSizeInBytes<TSize>(), KeccakSponge.Sha3Suffix, Name, path);

    // The name in messages, before the digest size in bits.
    internal const string Name = "SHA3";

    internal static int RateInBytes(int hashSizeInBytes) => KeccakSponge.RateForCapacity(2 * hashSizeInBytes);

    internal static int CheckHashSize(int hashSizeInBits, string paramName) => hashSizeInBits is 224 or 256 or 384 or 512
        ? hashSizeInBits / 8
        : throw new ArgumentOutOfRangeException(paramName, hashSizeInBits, "SHA-3 digests are 224, 256, 384 or 512 bits.");

    /// <summary>
    /// The one-shot fixed-size hash of SHA-3 and of the original Keccak, which differ only in the domain suffix:
    /// capacity twice the digest, then <paramref name="hashSizeInBytes"/> bytes squeezed into the destination.
    /// </summary>
    internal static void HashCore(
        ReadOnlySpan<byte> source, Span<byte> destination, int hashSizeInBytes, byte suffix, string name, InstructionSet path)
    {
        KeccakP1600.ThrowIfNotSupported(path);
        ThrowIfDestinationTooShort(destination, hashSizeInBytes, name);
        KeccakSponge.Hash(source, destination[..hashSizeInBytes], RateInBytes(hashSizeInBytes), suffix, path);
    }

    internal static void ThrowIfDestinationTooShort(Span<byte> destination, int hashSizeInBytes, string name)
    {
        if (destination.Length < hashSizeInBytes)
        {
            throw new ArgumentException(
                $"Destination is too short: {name}-{hashSizeInBytes * 8} writes {hashSizeInBytes} bytes.", nameof(destination));
        }
    }
}

/// <summary>Incremental SHA3-224, SHA3-256, SHA3-384 or SHA3-512: append data in any pieces, then read the digest.</summary>
/// <remarks>Nothing is allocated after construction; <see cref="KeccakSpongeHasher.Dispose"/> wipes the state.</remarks>
public sealed class Sha3Hasher : KeccakDigestHasher
{
    /// <summary>Starts a SHA-3 computation on the default path for this CPU.</summary>
    /// <param name="hashSizeInBits">224, 256, 384 or 512.</param>
    public Sha3Hasher(int hashSizeInBits)
        : this(hashSizeInBits, KeccakP1600.DefaultPath)
    {
    }

    /// <summary>Starts a SHA-3 computation on <paramref name="path"/>.</summary>
    /// <param name="hashSizeInBits">224, 256, 384 or 512.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="hashSizeInBits"/> is not a SHA-3 size.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public Sha3Hasher(int hashSizeInBits, InstructionSet path)
        : base(Sha3.CheckHashSize(hashSizeInBits, nameof(hashSizeInBits)), KeccakSponge.Sha3Suffix, Sha3.Name, path)
    {
    }
}
