using System.Security.Cryptography;
using Org.BouncyCastle.Crypto.Digests;
using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>SHA3-224/256/384/512 and the original Keccak-256/384/512: fixed-size sponge hashes on every path.</summary>
public sealed class Sha3Tests
{
    /// <summary>One fixed-size function: its managed one-shot and hasher, the OS one-shot if .NET has it, and BouncyCastle.</summary>
    public sealed record HashFunction(
        string Name,
        int HashSize,
        HasherChecks.OneShotOnPath Managed,
        Func<InstructionSet, KeccakDigestHasher> CreateHasher,
        Func<bool> OsIsSupported,
        Func<byte[], int, int, byte[]>? Os,
        Func<KeccakDigest> BouncyCastle)
    {
        public override string ToString() => Name;
    }

    // .NET has no SHA3_224 and no original-padding Keccak; those are checked against BouncyCastle alone.
    private static readonly HashFunction[] Functions =
    [
        new("SHA3-224", 28, Sha3.HashData<Bits224>, p => new Sha3Hasher(224, p), () => false, null, () => new Sha3Digest(224)),
        new("SHA3-256", 32, Sha3.HashData<Bits256>, p => new Sha3Hasher(256, p), () => SHA3_256.IsSupported, (b, o, n) => SHA3_256.HashData(b.AsSpan(o, n)), () => new Sha3Digest(256)),
        new("SHA3-384", 48, Sha3.HashData<Bits384>, p => new Sha3Hasher(384, p), () => SHA3_384.IsSupported, (b, o, n) => SHA3_384.HashData(b.AsSpan(o, n)), () => new Sha3Digest(384)),
        new("SHA3-512", 64, Sha3.HashData<Bits512>, p => new Sha3Hasher(512, p), () => SHA3_512.IsSupported, (b, o, n) => SHA3_512.HashData(b.AsSpan(o, n)), () => new Sha3Digest(512)),
        new("Keccak-256", 32, Keccak.HashData<Bits256>, p => new KeccakHasher(256, p), () => false, null, () => new KeccakDigest(256)),
        new("Keccak-384", 48, Keccak.HashData<Bits384>, p => new KeccakHasher(384, p), () => false, null, () => new KeccakDigest(384)),
        new("Keccak-512", 64, Keccak.HashData<Bits512>, p => new KeccakHasher(512, p), () => false, null, () => new KeccakDigest(512)),
    ];

    public static TheoryData<HashFunction, InstructionSet> FunctionsAndPaths => WithEveryPath(Functions);

    private static HashFunction Named(string name) => Functions.Single(f => f.Name == name);

    public static TheoryData<string, string, string, InstructionSet> KnownAnswers
    {
        get
        {
            string a3 = string.Concat(Enumerable.Repeat("a3", 200));
            (string HashFunction, string Input, string Expected)[] vectors =
            [
                // NIST CSRC "Examples with Intermediate Values", SHA-3 (FIPS 202): SHA3-*_Msg0.pdf, the empty message.
                ("SHA3-224", "", "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"),
                ("SHA3-256", "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"),
                ("SHA3-384", "", "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004"),
                ("SHA3-512", "", "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"),
                // Same examples, SHA3-*_1600.pdf: 200 bytes of 0xA3, longer than every SHA-3 rate.
                ("SHA3-224", a3, "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"),
                ("SHA3-256", a3, "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"),
                ("SHA3-384", a3, "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f"),
                ("SHA3-512", a3, "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca81b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"),
                // "abc" (616263): the SHA-3 rows of "Test vectors for SHA-1, SHA-2 and SHA-3", di-mgt.com.au (NIST
                // publishes no "abc" example for SHA-3).
                ("SHA3-224", "616263", "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
                ("SHA3-256", "616263", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
                ("SHA3-384", "616263", "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"),
                ("SHA3-512", "616263", "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
                // The Keccak team's round-3 known answers (ShortMsgKAT_256/384/512.txt, Len = 0), which Ethereum's
                // Keccak-256 of the empty string also quotes.
                ("Keccak-256", "", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"),
                ("Keccak-384", "", "2c23146a63a29acf99e73b88f8c24eaa7dc60aa771780ccc006afbfa8fe2479b2dd2b21362337441ac12b515911957ff"),
                ("Keccak-512", "", "0eab42de4c3ceb9235fc91acffe746b29c29a8c366b7c60e4e67c466f36a4304c00fa9caf9d87976ba469bcbe06713b435f091ef2769fb160cdab33d3670680e"),
            ];
            return WithEveryPath(vectors);
        }
    }

    [Theory]
    [MemberData(nameof(KnownAnswers))]
    public void Reproduces_the_published_answer(string function, string inputHex, string expectedHex, InstructionSet path)
    {
        var f = Named(function);
        Assert.Equal(f.HashSize, expectedHex.Length / 2);
        AssertBothRoutesGive(
            expectedHex,
            actual => f.Managed(Hex(inputHex), actual, path),
            actual =>
            {
                using var hasher = f.CreateHasher(path);
                hasher.Append(Hex(inputHex));
                hasher.GetHashAndReset(actual);
            });
    }

    /// <summary>
    /// Every length 0..1100 (every rate boundary several times over) and two long inputs, at a varying offset, against
    /// BouncyCastle and, where .NET has the function and the platform supports it, the OS.
    /// </summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Matches_the_os_and_bouncycastle_at_every_length(HashFunction function, InstructionSet path)
    {
        var buffer = RandomBuffer(131072, 202);
        var digest = function.BouncyCastle();
        bool os = function.Os is not null && function.OsIsSupported();
        foreach (var length in SweepLengths)
        {
            var offset = OffsetFor(length);
            var actual = AssertMatchesBouncyCastle(function, path, digest, buffer, offset, length);
            if (os)
            {
                AssertEqual(function.Os!(buffer, offset, length), actual, $"{function.Name} on {path}, length {length}, vs the OS");
            }
        }
    }

    /// <summary>Offsets 1..7 at the lengths around each rate, where the tail handling changes.</summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Matches_bouncycastle_at_every_offset(HashFunction function, InstructionSet path)
    {
        var buffer = RandomBuffer(400, 203);
        var digest = function.BouncyCastle();
        var rate = 200 - 2 * function.HashSize;
        foreach (var length in new[] { 1, 7, 8, 9, rate - 9, rate - 8, rate - 1, rate, rate + 1, 2 * rate - 1, 2 * rate, 2 * rate + 5 })
        {
            for (var offset = 1; offset < 8; offset++)
            {
                AssertMatchesBouncyCastle(function, path, digest, buffer, offset, length);
            }
        }
    }

    /// <summary>
    /// The managed hash of <paramref name="length"/> bytes of <paramref name="buffer"/> at <paramref name="offset"/> on
    /// <paramref name="path"/>, after asserting that BouncyCastle's <paramref name="digest"/> gives the same.
    /// </summary>
    private static byte[] AssertMatchesBouncyCastle(
        HashFunction function, InstructionSet path, KeccakDigest digest, byte[] buffer, int offset, int length)
    {
        var actual = new byte[function.HashSize];
        var expected = new byte[function.HashSize];
        function.Managed(buffer.AsSpan(offset, length), actual, path);
        digest.BlockUpdate(buffer, offset, length);
        digest.DoFinal(expected, 0);
        AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, offset {offset}, vs BouncyCastle");
        return actual;
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Incremental_with_random_chunks_equals_one_shot(HashFunction function, InstructionSet path)
    {
        var random = new Random(204);
        var buffer = RandomBuffer(3000, 205);
        var expected = new byte[function.HashSize];
        var actual = new byte[function.HashSize];
        using var hasher = function.CreateHasher(path);
        for (var trial = 0; trial < 60; trial++)
        {
            var length = trial < 40 ? random.Next(0, 700) : random.Next(700, 3000);
            var message = buffer.AsSpan(0, length);
            function.Managed(message, expected, path);

            AppendInPieces(hasher, message, trial % 2 == 0 ? 40 : 400, random);
            hasher.GetHashAndReset(actual);
            AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, trial {trial}");
        }

        // Reset discards what was appended.
        hasher.Append(buffer.AsSpan(0, 500));
        hasher.Reset();
        hasher.Append(buffer.AsSpan(0, 10));
        hasher.GetHashAndReset(actual);
        function.Managed(buffer.AsSpan(0, 10), expected, path);
        AssertEqual(expected, actual, $"{function.Name} on {path} after Reset");
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Leaves_bytes_past_the_digest_untouched(HashFunction function, InstructionSet path)
    {
        var destination = Enumerable.Repeat((byte)0xEE, function.HashSize + 5).ToArray();
        function.Managed("abc"u8, destination, path);
        Assert.All(destination[function.HashSize..], b => Assert.Equal(0xEE, b));
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Rejects_a_short_destination(HashFunction function, InstructionSet path)
    {
        Assert.Throws<ArgumentException>(() => function.Managed("abc"u8, new byte[function.HashSize - 1], path));
        using var hasher = function.CreateHasher(path);
        Assert.Throws<ArgumentException>(() => hasher.GetHashAndReset(new byte[function.HashSize - 1]));
    }

    [Fact]
    public void Rejects_sizes_that_are_not_defined()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new Sha3Hasher(160));
        Assert.Throws<ArgumentOutOfRangeException>(() => new KeccakHasher(224));
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void A_disposed_hasher_refuses_work(HashFunction function, InstructionSet path)
    {
        var hasher = function.CreateHasher(path);
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append("abc"u8));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[function.HashSize]));
        Assert.Throws<ObjectDisposedException>(hasher.Reset);
    }

    [Fact]
    public void One_shot_and_incremental_calls_allocate_nothing()
    {
        var source = new byte[5000];
        var destination = new byte[64];
        using var sha3 = new Sha3Hasher(256);
        using var keccak = new KeccakHasher(256);

        // The theory data itself allocates, so the paths are listed before measuring.
        var paths = PathList();

        void Work()
        {
            foreach (var p in paths)
            {
                Sha3.HashData<Bits224>(source, destination, p);
                Sha3.HashData<Bits256>(source, destination, p);
                Sha3.HashData<Bits384>(source, destination, p);
                Sha3.HashData<Bits512>(source, destination, p);
                Keccak.HashData<Bits256>(source, destination, p);
                Keccak.HashData<Bits384>(source, destination, p);
                Keccak.HashData<Bits512>(source, destination, p);
            }

            Sha3.HashData<Bits256>(source, destination);
            Keccak.HashData<Bits256>(source, destination);
            sha3.Append(source.AsSpan(0, 77));
            sha3.Append(source);
            sha3.GetHashAndReset(destination);
            keccak.Append(source);
            keccak.GetHashAndReset(destination);
        }

        AssertAllocatesNothing(Work);
    }
}
