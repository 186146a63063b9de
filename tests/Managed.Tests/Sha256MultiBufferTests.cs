using System.Security.Cryptography;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// Multi-buffer SHA-256 and double SHA-256 on every path this CPU runs, against the OS's SHA-256 one message at
/// a time.
/// </summary>
public sealed class Sha256MultiBufferTests
{
    private static readonly int[] BatchSizes = [1, 7, 9, 17, 64, 128];

    public static TheoryData<InstructionSet> Paths =>
        [.. Enum.GetValues<InstructionSet>().Where(p => Sha256MultiBuffer.IsSupported(p) && InstructionSets.IsSupported(p))];

    private static byte[] Expected(ReadOnlyMemory<byte>[] messages, bool twice)
    {
        var expected = new byte[messages.Length * 32];
        for (var i = 0; i < messages.Length; i++)
        {
            var digest = expected.AsSpan(i * 32, 32);
            SHA256.HashData(messages[i].Span, digest);
            if (twice)
            {
                SHA256.HashData(digest.ToArray(), digest);
            }
        }

        return expected;
    }

    /// <summary>
    /// Messages of unequal lengths at unaligned offsets, so lanes finish at different blocks, take new messages
    /// mid-batch, and pad with one or two final blocks.
    /// </summary>
    private static ReadOnlyMemory<byte>[] UnequalMessages(Random random, byte[] pool, int count, int maxLength)
    {
        var messages = new ReadOnlyMemory<byte>[count];
        for (var i = 0; i < count; i++)
        {
            int length = random.Next(0, maxLength + 1);
            int offset = random.Next(0, 8);
            messages[i] = pool.AsMemory(offset + random.Next(0, pool.Length - maxLength - 8), length);
        }

        return messages;
    }

    private static void AssertDigests(byte[] expected, byte[] actual, string context)
    {
        for (var i = 0; i < expected.Length / 32; i++)
        {
            Assert.True(
                expected.AsSpan(i * 32, 32).SequenceEqual(actual.AsSpan(i * 32, 32)), $"{context}: message {i}");
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Every_lane_matches_single_message_sha256_for_unequal_lengths(InstructionSet path)
    {
        var random = new Random(64);
        var pool = new byte[4096];
        random.NextBytes(pool);
        foreach (var twice in new[] { false, true })
        {
            foreach (var count in BatchSizes)
            {
                foreach (var maxLength in new[] { 0, 70, 300, 1100 })
                {
                    var messages = UnequalMessages(random, pool, count, maxLength);
                    var actual = new byte[count * 32];
                    if (twice)
                    {
                        Sha256MultiBuffer.DoubleHashBatch(messages, actual, path);
                    }
                    else
                    {
                        Sha256MultiBuffer.HashBatch(messages, actual, path);
                    }

                    AssertDigests(Expected(messages, twice), actual, $"{path}, twice {twice}, {count} messages up to {maxLength} bytes");
                }
            }
        }
    }

    /// <summary>
    /// One long message among short ones: its lane keeps running while the others are refilled many times, and
    /// at the end it is the one lane left.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void A_long_message_among_short_ones(InstructionSet path)
    {
        var random = new Random(9);
        var pool = new byte[20000];
        random.NextBytes(pool);
        foreach (var position in new[] { 0, 5, 40 })
        {
            var messages = UnequalMessages(random, pool, 41, 100);
            messages[position] = pool.AsMemory(3, 19000);
            var actual = new byte[41 * 32];
            Sha256MultiBuffer.HashBatch(messages, actual, path);
            AssertDigests(Expected(messages, false), actual, $"{path}, long message at {position}");
            Sha256MultiBuffer.DoubleHashBatch(messages, actual, path);
            AssertDigests(Expected(messages, true), actual, $"{path}, double, long message at {position}");
        }
    }

    /// <summary>
    /// Every message length 0..1100 in one batch (so every tail length and both paddings meet in the same
    /// vector), then equal-length batches laid end to end at the lengths around the block and padding edges.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Every_length_in_one_batch_and_equal_lengths_end_to_end(InstructionSet path)
    {
        var pool = new byte[1200 * 128];
        new Random(1100).NextBytes(pool);
        var all = Enumerable.Range(0, 1101).Select(length => (ReadOnlyMemory<byte>)pool.AsMemory(length % 8, length)).ToArray();
        var actual = new byte[all.Length * 32];
        Sha256MultiBuffer.HashBatch(all, actual, path);
        AssertDigests(Expected(all, false), actual, $"{path}, lengths 0..1100");

        foreach (var length in new[] { 1, 32, 55, 56, 63, 64, 65, 80, 119, 120, 128, 1000 })
        {
            foreach (var count in BatchSizes)
            {
                var contiguous = pool.AsMemory(1, length * count);
                var messages = Enumerable.Range(0, count).Select(i => (ReadOnlyMemory<byte>)contiguous.Slice(i * length, length)).ToArray();
                var output = new byte[count * 32];
                Sha256MultiBuffer.HashBatch(contiguous.Span, length, output, path);
                AssertDigests(Expected(messages, false), output, $"{path}, {count} x {length} bytes");
                Sha256MultiBuffer.DoubleHashBatch(contiguous.Span, length, output, path);
                AssertDigests(Expected(messages, true), output, $"{path}, double, {count} x {length} bytes");
            }
        }
    }

    /// <summary>
    /// The Bitcoin genesis block header: its block hash is the double SHA-256 of the 80-byte header, displayed
    /// byte-reversed as 000000000019d6...e26f (Bitcoin Core, src/kernel/chainparams.cpp, consensus.hashGenesisBlock).
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Double_hash_of_the_bitcoin_genesis_header(InstructionSet path)
    {
        var header = Convert.FromHexString(
            "01000000" + new string('0', 64)
            + "3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a"
            + "29ab5f49" + "ffff001d" + "1dac2b7c");
        var expected = Convert.FromHexString("000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f");
        Array.Reverse(expected);

        var headers = Enumerable.Repeat(header, 20).SelectMany(h => h).ToArray();
        var actual = new byte[20 * 32];
        Sha256MultiBuffer.DoubleHashBatch(headers, header.Length, actual, path);
        for (var i = 0; i < 20; i++)
        {
            Assert.Equal(expected, actual.AsSpan(i * 32, 32).ToArray());
        }
    }

    [Fact]
    public void Default_overloads_match_every_path_and_pick_a_supported_path()
    {
        var random = new Random(5);
        var pool = new byte[4096];
        random.NextBytes(pool);
        foreach (var count in new[] { 0, 1, 2, 3, 5, 16, 64 })
        {
            Assert.True(Sha256MultiBuffer.IsSupported(Sha256MultiBuffer.DefaultPath(count)));
            var messages = UnequalMessages(random, pool, count, 200);
            var actual = new byte[count * 32];
            Sha256MultiBuffer.HashBatch(messages, actual);
            AssertDigests(Expected(messages, false), actual, $"default, {count} messages");
            Sha256MultiBuffer.DoubleHashBatch(messages, actual);
            AssertDigests(Expected(messages, true), actual, $"default, double, {count} messages");

            Sha256MultiBuffer.HashBatch(pool.AsSpan(0, 64 * count), 64, actual);
            AssertDigests(Expected([.. Enumerable.Range(0, count).Select(i => (ReadOnlyMemory<byte>)pool.AsMemory(64 * i, 64))], false), actual, $"default contiguous, {count}");
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Batches_allocate_nothing(InstructionSet path)
    {
        var pool = new byte[64 * 64];
        var messages = Enumerable.Range(0, 64).Select(i => (ReadOnlyMemory<byte>)pool.AsMemory(i, 64 - (i % 10))).ToArray();
        var output = new byte[64 * 32];
        Sha256MultiBuffer.HashBatch(messages, output, path);
        Sha256MultiBuffer.DoubleHashBatch(pool, 64, output, path);

        long before = GC.GetAllocatedBytesForCurrentThread();
        Sha256MultiBuffer.HashBatch(messages, output, path);
        Sha256MultiBuffer.DoubleHashBatch(messages, output, path);
        Sha256MultiBuffer.HashBatch(pool, 64, output, path);
        Sha256MultiBuffer.DoubleHashBatch(pool, 64, output, path);
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Bad_arguments_are_rejected()
    {
        var messages = new ReadOnlyMemory<byte>[3];
        Assert.Throws<ArgumentException>(() => Sha256MultiBuffer.HashBatch(messages, new byte[95]));
        Assert.Throws<ArgumentException>(() => Sha256MultiBuffer.HashBatch(new byte[100], 0, new byte[96]));
        Assert.Throws<ArgumentException>(() => Sha256MultiBuffer.HashBatch(new byte[100], 30, new byte[128]));
        Assert.Throws<ArgumentException>(() => Sha256MultiBuffer.DoubleHashBatch(new byte[90], 30, new byte[95]));

        // An empty batch writes nothing.
        var untouched = new byte[8];
        Sha256MultiBuffer.HashBatch(ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, untouched);
        Assert.All(untouched, b => Assert.Equal(0, b));

        foreach (var path in Enum.GetValues<InstructionSet>().Where(p => !Sha256MultiBuffer.IsSupported(p)))
        {
            Assert.Throws<PlatformNotSupportedException>(() => Sha256MultiBuffer.HashBatch(messages, new byte[96], path));
        }
    }
}
