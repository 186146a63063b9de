using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Digests;
using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>SHAKE128 and SHAKE256 on every path: one-shot, incremental, and squeezed in pieces.</summary>
public sealed class ShakeTests
{
    public sealed record Xof(string Name, int Strength, int Rate, HasherChecks.OneShotOnPath Managed, Func<bool> OsIsSupported, Action<byte[], int, int, byte[]> Os)
    {
        public override string ToString() => Name;
    }

    private static readonly Xof[] Functions =
    [
        new("SHAKE128", 128, 168, Shake.HashData<Bits128>, () => Shake128.IsSupported, (b, o, n, d) => Shake128.HashData(b.AsSpan(o, n), d)),
        new("SHAKE256", 256, 136, Shake.HashData<Bits256>, () => Shake256.IsSupported, (b, o, n, d) => Shake256.HashData(b.AsSpan(o, n), d)),
    ];

    public static TheoryData<Xof, InstructionSet> FunctionsAndPaths => WithEveryPath(Functions);

    public static TheoryData<string, string, string, InstructionSet> KnownAnswers
    {
        get
        {
            string a3 = string.Concat(Enumerable.Repeat("a3", 200));
            (string Function, string Input, string Expected)[] vectors =
            [
                // NIST CSRC "Examples with Intermediate Values", SHA-3 (FIPS 202): SHAKE128_Msg0.pdf and
                // SHAKE256_Msg0.pdf (the empty message), first 64 of the 512 published output bytes.
                ("SHAKE128", "", "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef263cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2"),
                ("SHAKE256", "", "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762fd75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"),
                // Same examples, SHAKE128_Msg1600.pdf and SHAKE256_Msg1600.pdf: 200 bytes of 0xA3. NIST publishes no
                // "abc" example for SHAKE; this one also crosses a block boundary while absorbing.
                ("SHAKE128", a3, "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846"),
                ("SHAKE256", a3, "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b"),
            ];
            return WithEveryPath(vectors);
        }
    }

    [Theory]
    [MemberData(nameof(KnownAnswers))]
    public void Reproduces_the_published_answer(string function, string inputHex, string expectedHex, InstructionSet path)
    {
        var f = Functions.Single(x => x.Name == function);
        AssertBothRoutesGive(
            expectedHex,
            actual => f.Managed(Hex(inputHex), actual, path),
            actual =>
            {
                using var hasher = new ShakeHasher(f.Strength, path);
                hasher.Append(Hex(inputHex));
                hasher.Squeeze(actual);
            });
    }

    /// <summary>
    /// Every message length 0..1100 and two long ones, at a varying offset, with output lengths from none to several
    /// blocks, against BouncyCastle and the OS.
    /// </summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Matches_the_os_and_bouncycastle_at_every_length(Xof function, InstructionSet path)
    {
        var buffer = RandomBuffer(131072, 301);
        var digest = new ShakeDigest(function.Strength);
        bool os = function.OsIsSupported();
        foreach (var length in SweepLengths)
        {
            var offset = OffsetFor(length);
            var outputLength = OutputLengthFor(length);
            var actual = new byte[outputLength];
            function.Managed(buffer.AsSpan(offset, length), actual, path);

            var expected = new byte[outputLength];
            digest.BlockUpdate(buffer, offset, length);
            digest.OutputFinal(expected, 0, outputLength);
            AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, offset {offset}, output {outputLength}, vs BouncyCastle");

            if (os)
            {
                var fromOs = new byte[outputLength];
                function.Os(buffer, offset, length, fromOs);
                AssertEqual(fromOs, actual, $"{function.Name} on {path}, length {length}, output {outputLength}, vs the OS");
            }
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Matches_bouncycastle_at_every_offset(Xof function, InstructionSet path)
    {
        var buffer = RandomBuffer(400, 302);
        var digest = new ShakeDigest(function.Strength);
        var rate = function.Rate;
        var actual = new byte[100];
        var expected = new byte[100];
        foreach (var length in new[] { 1, 7, 8, 9, rate - 1, rate, rate + 1, 2 * rate + 3 })
        {
            for (var offset = 1; offset < 8; offset++)
            {
                function.Managed(buffer.AsSpan(offset, length), actual, path);
                digest.BlockUpdate(buffer, offset, length);
                digest.OutputFinal(expected, 0, expected.Length);
                AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, offset {offset}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Incremental_input_and_output_in_random_pieces_equal_one_shot(Xof function, InstructionSet path)
    {
        var random = new Random(303);
        var buffer = RandomBuffer(3000, 304);
        using var hasher = new ShakeHasher(function.Strength, path);
        for (var trial = 0; trial < 60; trial++)
        {
            var length = random.Next(0, 3000);
            var outputLength = random.Next(0, 1200);
            var message = buffer.AsSpan(0, length);
            var expected = new byte[outputLength];
            function.Managed(message, expected, path);

            AppendInPieces(hasher, message, trial % 2 == 0 ? 40 : 400, random);
            var actual = SqueezeInPieces(hasher.Squeeze, outputLength, trial % 3 == 0 ? 20 : 300, random);
            AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, output {outputLength}, trial {trial}");
            hasher.Reset();
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Get_hash_and_reset_starts_over(Xof function, InstructionSet path)
    {
        using var hasher = new ShakeHasher(function.Strength, path);
        var expected = new byte[50];
        function.Managed("abc"u8, expected, path);
        var actual = new byte[50];
        for (var i = 0; i < 2; i++)
        {
            hasher.Append("ab"u8);
            hasher.Append("c"u8);
            hasher.GetHashAndReset(actual);
            AssertEqual(expected, actual, $"{function.Name} on {path}, round {i}");
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Appending_after_squeezing_is_refused_and_a_disposed_hasher_refuses_work(Xof function, InstructionSet path)
    {
        var hasher = new ShakeHasher(function.Strength, path);
        hasher.Append("abc"u8);
        hasher.Squeeze(new byte[10]);
        Assert.Throws<InvalidOperationException>(() => hasher.Append("d"u8));
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Squeeze(new byte[10]));
        Assert.Throws<ObjectDisposedException>(() => hasher.Append("d"u8));
        Assert.Throws<ObjectDisposedException>(hasher.Reset);
    }

    [Fact]
    public void Rejects_strengths_that_are_not_defined() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new ShakeHasher(192));

    [Fact]
    public void One_shot_and_incremental_calls_allocate_nothing()
    {
        var source = new byte[5000];
        var destination = new byte[1000];
        var paths = PathList();
        using var hasher = new ShakeHasher(128);

        void Work()
        {
            foreach (var p in paths)
            {
                Shake.HashData<Bits128>(source, destination, p);
                Shake.HashData<Bits256>(source, destination, p);
            }

            Shake.HashData<Bits128>(source, destination);
            hasher.Append(source.AsSpan(0, 33));
            hasher.Append(source);
            hasher.Squeeze(destination.AsSpan(0, 7));
            hasher.Squeeze(destination);
            hasher.Reset();
        }

        AssertAllocatesNothing(Work);
    }

    /// <summary>None, one byte, and up to several blocks of output, varying with the message length.</summary>
    internal static int OutputLengthFor(int length) => length % 7 == 0 ? length % 3 : 32 + (length * 13 % 520);
}
