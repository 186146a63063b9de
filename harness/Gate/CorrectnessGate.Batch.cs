using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Gate;

// Batch hashing: every lane of every batch must be the one-shot digest of a verified implementation.
public static partial class CorrectnessGate
{
    /// <summary>
    /// One message; either side of the 8 lanes of a 256-bit vector and the 16 of a 512-bit one (7, 9 and 17 leave lanes
    /// idle or take a new message mid-batch); and every batch size the benchmarks time.
    /// </summary>
    public static IReadOnlyList<int> BatchSizes { get; } =
        new[] { 1, 7, 8, 9, 16, 17, 64, 128 }.Concat(BatchSelection.BatchSizes).Distinct().Order().ToArray();

    /// <summary>Read from the shared buffer at these offsets: aligned, and not, as a caller's slice may be.</summary>
    private static readonly int[] BatchOffsets = [0, 3];

    /// <summary>
    /// The benchmarked message lengths, one byte, and the lengths where Merkle–Damgård padding with a 64-bit length
    /// changes shape: a block minus 9 (the padding fits), minus 8 (it spills into another block), minus 1, a whole
    /// block, one past it, and the same spill a block later. For SHA-256: 55, 56, 63, 64, 65, 119, 120.
    /// </summary>
    public static IReadOnlyList<int> BatchMessageLengths(Algorithm algorithm)
    {
        var block = algorithm.BlockBytes;
        return new[] { 1, block - 9, block - 8, block - 1, block, block + 1, (2 * block) - 9, (2 * block) - 8 }
            .Concat(BatchSelection.MessageLengths).Where(length => length > 0).Distinct().Order().ToArray();
    }

    /// <summary>
    /// Checks every batch implementation still standing after the cross-check against the one-shot hash of an
    /// implementation that passed it: one without a batch API where there is one (a different code path), else the
    /// first that passed. Each batch is the first n messages of one run of equal-length messages, so the reference
    /// hashes each message once.
    /// </summary>
    private static void CheckBatches(Algorithm algorithm, IReadOnlyList<IImplementation> candidates, Dictionary<IImplementation, string> failures)
    {
        var batchers = candidates.OfType<IBatchHashImplementation>().Where(c => !failures.ContainsKey(c)).ToArray();
        if (batchers.Length == 0)
        {
            return;
        }

        var verified = candidates.Where(c => !failures.ContainsKey(c)).OfType<IHashImplementation>().ToArray();
        var reference = verified.FirstOrDefault(c => c is not IBatchHashImplementation) ?? verified[0];
        var largest = BatchSizes[^1];
        var lengths = BatchMessageLengths(algorithm);
        var buffer = new byte[(largest * lengths[^1]) + BatchOffsets.Max()];
        new Random(Seed).NextBytes(buffer);

        foreach (var length in lengths)
        {
            foreach (var offset in BatchOffsets)
            {
                var messages = buffer.AsSpan(offset, largest * length);
                var expected = new byte[largest * reference.OutputBytes];
                for (var i = 0; i < largest; i++)
                {
                    reference.Hash(messages.Slice(i * length, length), expected.AsSpan(i * reference.OutputBytes, reference.OutputBytes));
                }

                foreach (var batcher in batchers.Where(b => !failures.ContainsKey(b)))
                {
                    if (CheckBatch(batcher, messages, length, offset, expected, reference) is { } failure)
                    {
                        failures[batcher] = failure;
                    }
                }
            }
        }
    }

    /// <summary>
    /// Every batch size over the first messages of <paramref name="messages"/>: each lane equal to the reference, and
    /// nothing written past the last digest.
    /// </summary>
    private static string? CheckBatch(
        IBatchHashImplementation batcher, ReadOnlySpan<byte> messages, int length, int offset, byte[] expected, IImplementation reference)
    {
        const byte Untouched = 0xA5;
        var outputBytes = batcher.OutputBytes;
        foreach (var count in BatchSizes)
        {
            var at = $"in a batch of {count} messages of {length} byte{(length == 1 ? "" : "s")} at offset {offset} (seed {Seed})";
            var digests = new byte[(count + 1) * outputBytes];
            digests.AsSpan().Fill(Untouched);
            try
            {
                batcher.HashBatch(messages[..(count * length)], length, digests.AsSpan(0, count * outputBytes));
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                return $"threw {e.GetType().Name} {at}: {e.Message}";
            }

            for (var lane = 0; lane < count; lane++)
            {
                if (!digests.AsSpan(lane * outputBytes, outputBytes).SequenceEqual(expected.AsSpan(lane * outputBytes, outputBytes)))
                {
                    return $"lane {lane} differs from the one-shot hash of {reference.Id} {at}";
                }
            }

            if (digests.AsSpan(count * outputBytes).ContainsAnyExcept(Untouched))
            {
                return $"wrote past its last digest {at}";
            }
        }

        return null;
    }
}
