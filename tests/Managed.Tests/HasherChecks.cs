namespace CryptoHarness.Managed.Tests;

/// <summary>
/// The checks every incremental hasher on <see cref="BlockHasher"/> must pass, shared by the family tests
/// (<see cref="BlockHashTests"/>, <see cref="Sha2Tests"/>): the one-shot call is the reference it is held to.
/// </summary>
public static class HasherChecks
{
    /// <summary>Every path a function has and this CPU runs; scalar is always among them.</summary>
    public static InstructionSet[] PathsOf(Func<InstructionSet, bool> isSupported) =>
        [.. Enum.GetValues<InstructionSet>().Where(p => isSupported(p) && InstructionSets.IsSupported(p))];

    /// <summary>A one-shot call of the same function (and path) as the hasher, writing <c>destination.Length</c> bytes.</summary>
    public delegate void OneShot(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>A one-shot call with its code path, as the functions' three-argument overloads take it.</summary>
    public delegate void OneShotOnPath(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path);

    /// <summary>
    /// 200 messages appended in random chunks of 0 to 300 bytes (empty appends, partial blocks, and runs of whole
    /// blocks that start with the buffer part-filled) against the one-shot digest; then Reset discards what was appended.
    /// </summary>
    public static void IncrementalWithRandomChunksEqualsOneShot(BlockHasher hasher, OneShot oneShot, string label)
    {
        var random = new Random(2026);
        var buffer = new byte[5000];
        random.NextBytes(buffer);
        var expected = new byte[hasher.HashSizeInBytes];
        var actual = new byte[hasher.HashSizeInBytes];
        for (var trial = 0; trial < 200; trial++)
        {
            int length = trial < 150 ? random.Next(0, 600) : random.Next(0, buffer.Length);
            oneShot(buffer.AsSpan(0, length), expected);
            int position = 0;
            while (position < length)
            {
                int chunk = Math.Min(length - position, random.Next(0, 300));
                hasher.Append(buffer.AsSpan(position, chunk));
                position += chunk;
            }

            hasher.GetHashAndReset(actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{label}: trial {trial}, length {length}");
        }

        hasher.Append(buffer.AsSpan(0, 77));
        hasher.Reset();
        hasher.Append(buffer.AsSpan(0, 300));
        hasher.GetHashAndReset(actual);
        oneShot(buffer.AsSpan(0, 300), expected);
        Assert.Equal(expected, actual);
    }

    /// <summary>
    /// A one-shot call and an incremental one (an unaligned append, a long one, the digest) allocate nothing: once to
    /// warm up, once measured. Invoking a delegate made beforehand allocates nothing.
    /// </summary>
    public static void AllocateNothing(BlockHasher hasher, OneShot oneShot)
    {
        var input = new byte[1000];
        var output = new byte[hasher.HashSizeInBytes];
        for (var round = 0; round < 2; round++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            oneShot(input, output);
            hasher.Append(input.AsSpan(0, 3));
            hasher.Append(input);
            hasher.GetHashAndReset(output);
            if (round == 1)
            {
                Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
            }
        }
    }

    /// <summary>A short destination is refused, and a disposed hasher refuses all work.</summary>
    public static void ShortDestinationsAndDisposalAreRefused(BlockHasher hasher)
    {
        Assert.Throws<ArgumentException>(() => hasher.GetHashAndReset(new byte[hasher.HashSizeInBytes - 1]));
        int hashSize = hasher.HashSizeInBytes;
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[hashSize]));
    }
}
