namespace CryptoHarness.Managed;

/// <summary>
/// SHA3-256 (FIPS 202 §6.1) of many equal-length messages in one call, four at a time on the four-state permutation of
/// <see cref="ShakeX4"/>: the multi-message route to vector Keccak on CPUs without AVX-512, where a single message has
/// only the scalar path (see <c>KeccakP1600.cs</c>). Each digest equals SHA3-256 of its message,
/// <see cref="Sha3.HashData{TSize}(ReadOnlySpan{byte}, Span{byte})"/> with <see cref="Bits256"/>.
/// </summary>
/// <remarks>
/// <para>
/// Paths: <see cref="InstructionSet.Scalar"/> hashes the messages one after another with the single-state scalar
/// sponge (the baseline); <see cref="InstructionSet.Avx2"/> and <see cref="InstructionSet.Avx512"/> run four messages
/// per pass in the elements of 256-bit vectors (<c>KeccakP1600X4.Avx2.cs</c>, <c>KeccakP1600X4.Avx512.cs</c>). A batch
/// that is not a multiple of four ends with one four-way pass whose spare elements rehash the group's first message
/// into scratch: one four-way pass costs about as much as one scalar permutation (figures in <see cref="ShakeX4"/>),
/// so even a lone message loses nothing against the scalar sponge.
/// </para>
/// <para>
/// Dispatch (<see cref="DefaultPath"/>): the same order as <see cref="ShakeX4"/>, Avx512, else Avx2, else Scalar.
/// SHA3-256 only: its rate, 17 lanes, is one the four-way absorb loop has (with SHAKE256's); the other SHA-3 rates
/// are not unrolled there.
/// </para>
/// </remarks>
public static class Sha3MultiBuffer
{
    /// <summary>The SHA3-256 digest size, 32 bytes.</summary>
    public const int HashSizeInBytes = 32;

    // FIPS 202 §6.1: SHA3-256 is Keccak[512], so the rate is 1600 - 512 bits.
    private const int RateInBytes = 136;

    /// <summary>The path the overloads without one use on this CPU.</summary>
    public static InstructionSet DefaultPath => ShakeX4.DefaultPath;

    /// <summary>Whether this library has a multi-message SHA3-256 path for <paramref name="path"/> and this CPU runs it.</summary>
    public static bool IsSupported(InstructionSet path) => ShakeX4.IsSupported(path);

    /// <summary>
    /// Writes SHA3-256 of each of the <c>messages.Length / messageLength</c> messages of <paramref name="messageLength"/>
    /// bytes laid end to end in <paramref name="messages"/> to <paramref name="destination"/>, 32 bytes each, in order.
    /// The destination must not overlap the messages.
    /// </summary>
    /// <exception cref="ArgumentException">
    /// <paramref name="messageLength"/> is not positive or does not divide the length of <paramref name="messages"/>,
    /// or <paramref name="destination"/> is shorter than 32 bytes per message.
    /// </exception>
    public static void HashBatch256(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination) =>
        HashBatch256(messages, messageLength, destination, DefaultPath);

    /// <inheritdoc cref="HashBatch256(ReadOnlySpan{byte}, int, Span{byte})"/>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">This CPU lacks <paramref name="path"/>.</exception>
    [SkipLocalsInit]
    public static void HashBatch256(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination, InstructionSet path)
    {
        KeccakSpongeX4.ThrowIfNoPath(path, "Multi-message SHA3-256");

        if (messageLength <= 0 || messages.Length % messageLength != 0)
        {
            throw new ArgumentException(
                "Messages laid end to end must all be messageLength bytes long, and messageLength must be positive.",
                nameof(messageLength));
        }

        int count = messages.Length / messageLength;
        if (destination.Length / HashSizeInBytes < count)
        {
            throw new ArgumentException(
                $"The destination holds {destination.Length / HashSizeInBytes} digests of {HashSizeInBytes} bytes, not {count}.",
                nameof(destination));
        }

        if (path == InstructionSet.Scalar)
        {
            for (int i = 0; i < count; i++)
            {
                KeccakSponge.Hash(
                    messages.Slice(i * messageLength, messageLength), destination.Slice(i * HashSizeInBytes, HashSizeInBytes),
                    RateInBytes, KeccakSponge.Sha3Suffix, InstructionSet.Scalar);
            }

            return;
        }

        int i4 = 0;
        for (; i4 + 4 <= count; i4 += 4)
        {
            KeccakSpongeX4.Hash(
                Message(messages, messageLength, i4),
                Message(messages, messageLength, i4 + 1),
                Message(messages, messageLength, i4 + 2),
                Message(messages, messageLength, i4 + 3),
                Digest(destination, i4),
                Digest(destination, i4 + 1),
                Digest(destination, i4 + 2),
                Digest(destination, i4 + 3),
                RateInBytes,
                KeccakSponge.Sha3Suffix,
                path);
        }

        int left = count - i4;
        if (left != 0)
        {
            // The spare elements rehash the group's first message into scratch, which is wiped after.
            Span<byte> scratch = stackalloc byte[3 * HashSizeInBytes];
            ReadOnlySpan<byte> first = Message(messages, messageLength, i4);
            KeccakSpongeX4.Hash(
                first,
                left > 1 ? Message(messages, messageLength, i4 + 1) : first,
                left > 2 ? Message(messages, messageLength, i4 + 2) : first,
                first,
                Digest(destination, i4),
                left > 1 ? Digest(destination, i4 + 1) : scratch[..HashSizeInBytes],
                left > 2 ? Digest(destination, i4 + 2) : scratch.Slice(HashSizeInBytes, HashSizeInBytes),
                scratch.Slice(2 * HashSizeInBytes, HashSizeInBytes),
                RateInBytes,
                KeccakSponge.Sha3Suffix,
                path);
            CryptographicOperations.ZeroMemory(scratch);
        }
    }

    private static ReadOnlySpan<byte> Message(ReadOnlySpan<byte> messages, int messageLength, int index) =>
        messages.Slice(index * messageLength, messageLength);

    private static Span<byte> Digest(Span<byte> destination, int index) =>
        destination.Slice(index * HashSizeInBytes, HashSizeInBytes);
}
