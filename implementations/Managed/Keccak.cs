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
    public const int HashSize256InBytes = 32;
    public const int HashSize384InBytes = 48;
    public const int HashSize512InBytes = 64;

    /// <summary>Whether this library has a Keccak path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>Computes the Keccak-256 digest of <paramref name="source"/> into the first 32 bytes of <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData256(source, destination, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData256(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; bytes past it are left untouched.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha3.HashCore(source, destination, HashSize256InBytes, KeccakSponge.KeccakSuffix, Name, path);

    /// <summary>Computes the Keccak-384 digest of <paramref name="source"/> into the first 48 bytes of <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 48 bytes.</exception>
    public static void HashData384(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData384(source, destination, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData384(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; bytes past it are left untouched.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData384(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha3.HashCore(source, destination, HashSize384InBytes, KeccakSponge.KeccakSuffix, Name, path);

    /// <summary>Computes the Keccak-512 digest of <paramref name="source"/> into the first 64 bytes of <paramref name="destination"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes.</exception>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData512(source, destination, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData512(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest; bytes past it are left untouched.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Sha3.HashCore(source, destination, HashSize512InBytes, KeccakSponge.KeccakSuffix, Name, path);

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
