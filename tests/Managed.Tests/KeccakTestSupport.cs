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

    /// <summary>Every pairing of a function (or vector) with a path this CPU can run: <paramref name="paths"/>, else <see cref="PathList"/>.</summary>
    public static TheoryData<T, InstructionSet> WithEveryPath<T>(IEnumerable<T> functions, InstructionSet[]? paths = null)
    {
        var data = new TheoryData<T, InstructionSet>();
        foreach (var function in functions)
        {
            foreach (var path in paths ?? PathList())
            {
                data.Add(function, path);
            }
        }

        return data;
    }

    /// <summary>Every pairing of a known-answer row with a path this CPU can run, the row spread into the theory's arguments.</summary>
    public static TheoryData<T1, T2, T3, InstructionSet> WithEveryPath<T1, T2, T3>(IEnumerable<(T1, T2, T3)> rows)
    {
        var data = new TheoryData<T1, T2, T3, InstructionSet>();
        foreach (var (a, b, c) in rows)
        {
            foreach (var path in PathList())
            {
                data.Add(a, b, c, path);
            }
        }

        return data;
    }

    /// <inheritdoc cref="WithEveryPath{T1, T2, T3}(IEnumerable{ValueTuple{T1, T2, T3}})"/>
    public static TheoryData<T1, T2, T3, T4, InstructionSet> WithEveryPath<T1, T2, T3, T4>(IEnumerable<(T1, T2, T3, T4)> rows)
    {
        var data = new TheoryData<T1, T2, T3, T4, InstructionSet>();
        foreach (var (a, b, c, d) in rows)
        {
            foreach (var path in PathList())
            {
                data.Add(a, b, c, d, path);
            }
        }

        return data;
    }

    /// <summary>
    /// The published answer from both routes: the one-shot call and the incremental hasher each fill an output as long
    /// as <paramref name="expectedHex"/> says.
    /// </summary>
    public static void AssertBothRoutesGive(string expectedHex, Action<byte[]> oneShot, Action<byte[]> incremental)
    {
        foreach (var (route, fill) in new[] { ("one-shot", oneShot), ("incremental", incremental) })
        {
            var actual = new byte[expectedHex.Length / 2];
            fill(actual);
            AssertEqual(Convert.FromHexString(expectedHex), actual, route);
        }
    }

    /// <summary>Appends <paramref name="message"/> to <paramref name="hasher"/> in pieces of random sizes 0..<paramref name="maxChunk"/>.</summary>
    public static void AppendInPieces(KeccakSpongeHasher hasher, ReadOnlySpan<byte> message, int maxChunk, Random random)
    {
        foreach (var (start, size) in RandomChunks(message.Length, maxChunk, random))
        {
            hasher.Append(message.Slice(start, size));
        }
    }

    public delegate void Squeezer(Span<byte> destination);

    /// <summary>Fills a new output of <paramref name="outputLength"/> bytes by squeezing pieces of random sizes 0..<paramref name="maxChunk"/>.</summary>
    public static byte[] SqueezeInPieces(Squeezer squeeze, int outputLength, int maxChunk, Random random)
    {
        var output = new byte[outputLength];
        foreach (var (start, size) in RandomChunks(outputLength, maxChunk, random))
        {
            squeeze(output.AsSpan(start, size));
        }

        return output;
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

    /// <summary>
    /// Runs <paramref name="work"/> once to warm up (compilation, statics), then again, and asserts that the second run
    /// allocated nothing on this thread: the registry's per-call promise.
    /// </summary>
    public static void AssertAllocatesNothing(Action work)
    {
        work();
        var before = GC.GetAllocatedBytesForCurrentThread();
        work();
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    public static void AssertEqual(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string context)
    {
        if (!expected.SequenceEqual(actual))
        {
            Assert.Fail($"{context}: expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(actual)}");
        }
    }
}

/// <summary>What every Keccak-family entry point does with a path it does not have.</summary>
public sealed class KeccakPathTests
{
    /// <summary>Paths the CPU has but Keccak was not written for (Ssse3, Avx2) are argument errors; paths the CPU lacks are platform errors.</summary>
    [Fact]
    public void Every_entry_point_refuses_a_path_it_lacks()
    {
        var missing = Enum.GetValues<InstructionSet>().Where(p => !Sha3.IsSupported(p)).ToArray();
        Assert.NotEmpty(missing);
        foreach (var path in missing)
        {
            var expected = InstructionSets.IsSupported(path) ? typeof(ArgumentException) : typeof(PlatformNotSupportedException);
            var output = new byte[64];
            Action[] calls =
            [
                () => Sha3.HashData<Bits256>("abc"u8, output, path),
                () => Keccak.HashData<Bits256>("abc"u8, output, path),
                () => Shake.HashData<Bits128>("abc"u8, output, path),
                () => CShake.HashData<Bits256>("abc"u8, output, "N"u8, "S"u8, path),
                () => Kmac.HashData<Bits128>("key"u8, "abc"u8, output, default, xof: false, path),
                () => Kmac.HashData<Bits256>("key"u8, "abc"u8, output, default, xof: true, path),
                () => new Sha3Hasher(256, path).Dispose(),
                () => new KeccakHasher(256, path).Dispose(),
                () => new ShakeHasher(128, path).Dispose(),
                () => new CShakeHasher(128, default, "S"u8, path).Dispose(),
                () => new KmacHasher(256, "key"u8, default, path).Dispose(),
            ];
            foreach (var call in calls)
            {
                Assert.Throws(expected, call);
            }
        }
    }

    [Fact]
    public void Every_function_reports_the_same_paths()
    {
        foreach (var path in Enum.GetValues<InstructionSet>())
        {
            var supported = Sha3.IsSupported(path);
            Assert.Equal(supported, Keccak.IsSupported(path));
            Assert.Equal(supported, Shake.IsSupported(path));
            Assert.Equal(supported, CShake.IsSupported(path));
            Assert.Equal(supported, Kmac.IsSupported(path));
        }

        Assert.True(Sha3.IsSupported(InstructionSet.Scalar));
    }
}
