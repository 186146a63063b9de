using CryptoHarness.Managed;

namespace CryptoHarness.Managed.Tests;

/// <summary>Inputs and path lists shared by the tests of the Keccak family (SHA-3, SHAKE, Keccak, cSHAKE, KMAC).</summary>
internal static class KeccakTestSupport
{
    /// <summary>Longest length of the every-length sweep: past several blocks at every rate (72 to 168 bytes).</summary>
    public const int SweepMaxLength = 1100;

    /// <summary>Every length 0..1100, then two long ones that take the multi-block loop through many iterations.</summary>
    public static IEnumerable<int> SweepLengths => Enumerable.Range(0, SweepMaxLength + 1).Concat([16384, 131072]);

    /// <summary>Every path this CPU can run; the scalar one always.</summary>
    public static InstructionSet[] PathList() => Enum.GetValues<InstructionSet>().Where(Sha3.IsSupported).ToArray();

    public static TheoryData<InstructionSet> Paths => new(PathList());

    /// <summary>Every pairing of a function with a path this CPU can run.</summary>
    public static TheoryData<T, InstructionSet> WithEveryPath<T>(IEnumerable<T> functions)
    {
        var data = new TheoryData<T, InstructionSet>();
        foreach (var function in functions)
        {
            foreach (var path in PathList())
            {
                data.Add(function, path);
            }
        }

        return data;
    }

    /// <summary>A pseudo-random buffer with 8 spare bytes in front, so slices can start at offsets 0..7.</summary>
    public static byte[] RandomBuffer(int length, int seed)
    {
        var buffer = new byte[length + 8];
        new Random(seed).NextBytes(buffer);
        return buffer;
    }

    /// <summary>Offset 0..7 varying with the length, so the sweep reads every alignment without multiplying its cost.</summary>
    public static int OffsetFor(int length) => (length * 5 + 3) % 8;

    public static byte[] Hex(string hex) => Convert.FromHexString(hex.Replace(" ", string.Empty, StringComparison.Ordinal));

    /// <summary>00 01 02 … up to <paramref name="length"/> bytes, the message pattern of the NIST SP 800-185 samples.</summary>
    public static byte[] Counting(int length, int start = 0) => Enumerable.Range(start, length).Select(i => (byte)i).ToArray();

    /// <summary>Splits <paramref name="data"/> into chunks of random sizes 0..<paramref name="maxChunk"/>, empty ones included.</summary>
    public static IEnumerable<(int Start, int Length)> RandomChunks(int length, int maxChunk, Random random)
    {
        var start = 0;
        while (start < length)
        {
            var size = Math.Min(random.Next(maxChunk + 1), length - start);
            yield return (start, size);
            start += size;
        }
    }

    public static void AssertEqual(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string context)
    {
        if (!expected.SequenceEqual(actual))
        {
            Assert.Fail($"{context}: expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(actual)}");
        }
    }
}
