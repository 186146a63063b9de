using System.Security.Cryptography;
using System.Text;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Parameters;
using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>KMAC128/256 and KMACXOF128/256 (NIST SP 800-185 §4) on every path.</summary>
public sealed class KmacTests
{
    public delegate void OneShot(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization, InstructionSet path);

    public delegate void OsOneShot(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization);

    public sealed record Mac(string Name, int Strength, bool IsXof, OneShot Managed, Func<bool> OsIsSupported, OsOneShot Os)
    {
        public override string ToString() => Name;
    }

    private static readonly Mac[] Functions =
    [
        new("KMAC128", 128, false, (k, s, d, c, p) => Kmac.HashData<Bits128>(k, s, d, c, xof: false, p), () => Kmac128.IsSupported, (k, s, d, c) => Kmac128.HashData(k, s, d, c)),
        new("KMAC256", 256, false, (k, s, d, c, p) => Kmac.HashData<Bits256>(k, s, d, c, xof: false, p), () => Kmac256.IsSupported, (k, s, d, c) => Kmac256.HashData(k, s, d, c)),
        new("KMACXOF128", 128, true, (k, s, d, c, p) => Kmac.HashData<Bits128>(k, s, d, c, xof: true, p), () => KmacXof128.IsSupported, (k, s, d, c) => KmacXof128.HashData(k, s, d, c)),
        new("KMACXOF256", 256, true, (k, s, d, c, p) => Kmac.HashData<Bits256>(k, s, d, c, xof: true, p), () => KmacXof256.IsSupported, (k, s, d, c) => KmacXof256.HashData(k, s, d, c)),
    ];

    public static TheoryData<Mac, InstructionSet> FunctionsAndPaths => WithEveryPath(Functions);

    public static TheoryData<string, int, string, string, InstructionSet> Samples
    {
        get
        {
            // NIST CSRC "Examples with Intermediate Values", SP 800-185: KMAC_samples.pdf and KMACXOF_samples.pdf,
            // samples #1 to #6 of each. The key is 40 41 … 5F (32 bytes) in all; the data is 00 01 02 03 or 00..C7.
            // Sample #n of the two documents has the same strength, data and S: one row holds the KMAC output, then
            // the KMACXOF output.
            const string Tagged = "My Tagged Application";
            (int Strength, int DataLength, string Customization, string Kmac, string KmacXof)[] samples =
            [
                (128, 4, "", "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e", "cd83740bbd92ccc8cf032b1481a0f4460e7ca9dd12b08a0c4031178bacd6ec35"),
                (128, 4, Tagged, "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5", "31a44527b4ed9f5c6101d11de6d26f0620aa5c341def41299657fe9df1a3b16c"),
                (128, 200, Tagged, "1f5b4e6cca02209e0dcb5ca635b89a15e271ecc760071dfd805faa38f9729230", "47026c7cd793084aa0283c253ef658490c0db61438b8326fe9bddf281b83ae0f"),
                (256, 4, Tagged, "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd", "1755133f1534752aad0748f2c706fb5c784512cab835cd15676b16c0c6647fa96faa7af634a0bf8ff6df39374fa00fad9a39e322a7c92065a64eb1fb0801eb2b"),
                (256, 200, "", "75358cf39e41494e949707927cee0af20a3ff553904c86b08f21cc414bcfd691589d27cf5e15369cbbff8b9a4c2eb17800855d0235ff635da82533ec6b759b69", "ff7b171f1e8a2b24683eed37830ee797538ba8dc563f6da1e667391a75edc02ca633079f81ce12a25f45615ec89972031d18337331d24ceb8f8ca8e6a19fd98b"),
                (256, 200, Tagged, "b58618f71f92e1d56c1b8c55ddd7cd188b97b4ca4d99831eb2699a837da2e4d970fbacfde50033aea585f1a2708510c32d07880801bd182898fe476876fc8965", "d5be731c954ed7732846bb59dbe3a8e30f83e77a4bff4459f2f1c2b4ecebb8ce67ba01c62e8ab8578d2d499bd1bb276768781190020a306a97de281dcc30305d"),
            ];
            return WithEveryPath(samples.SelectMany(x => new[]
            {
                ($"KMAC{x.Strength}", x.DataLength, x.Customization, x.Kmac),
                ($"KMACXOF{x.Strength}", x.DataLength, x.Customization, x.KmacXof),
            }));
        }
    }

    private static byte[] SampleKey => Counting(32, 0x40);

    [Theory]
    [MemberData(nameof(Samples))]
    public void Reproduces_the_nist_samples(string function, int dataLength, string customization, string expectedHex, InstructionSet path)
    {
        var mac = Functions.Single(f => f.Name == function);
        var s = Encoding.ASCII.GetBytes(customization);
        AssertBothRoutesGive(
            expectedHex,
            actual => mac.Managed(SampleKey, Counting(dataLength), actual, s, path),
            actual =>
            {
                using var hasher = new KmacHasher(mac.Strength, SampleKey, s, path);
                hasher.Append(Counting(dataLength));
                if (mac.IsXof)
                {
                    hasher.Squeeze(actual);
                }
                else
                {
                    hasher.GetHashAndReset(actual);
                }
            });
    }

    /// <summary>
    /// Every message length 0..1100 and two long ones, against BouncyCastle and the OS, with the key, S and the
    /// output length varying so that bytepad(encode_string(K)) spans one to three blocks.
    /// </summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Matches_the_os_and_bouncycastle_at_every_length(Mac function, InstructionSet path)
    {
        var buffer = RandomBuffer(131072, 501);
        var strings = RandomBuffer(800, 502);
        bool os = function.OsIsSupported();
        foreach (var length in SweepLengths)
        {
            var offset = OffsetFor(length);
            var key = strings.AsSpan(0, length * 11 % 400).ToArray();
            var customization = length % 3 == 0 ? [] : strings.AsSpan(400, length * 7 % 300).ToArray();
            var outputLength = length % 7 == 0 ? 1 + length % 5 : 16 + (length * 13 % 400);

            var actual = new byte[outputLength];
            function.Managed(key, buffer.AsSpan(offset, length), actual, customization, path);

            var bc = new KMac(function.Strength, customization);
            bc.Init(new KeyParameter(key));
            bc.BlockUpdate(buffer, offset, length);
            var expected = new byte[outputLength];
            if (function.IsXof)
            {
                bc.Output(expected, 0, outputLength);
            }
            else
            {
                bc.OutputFinal(expected, 0, outputLength);
            }

            var context = $"{function.Name} on {path}, length {length}, |K| {key.Length}, |S| {customization.Length}, output {outputLength}";
            AssertEqual(expected, actual, context + ", vs BouncyCastle");

            // OpenSSL refuses keys shorter than 4 bytes (KMAC_MIN_KEY); BouncyCastle covers those.
            if (os && key.Length >= 4)
            {
                var fromOs = new byte[outputLength];
                function.Os(key, buffer.AsSpan(offset, length), fromOs, customization);
                AssertEqual(fromOs, actual, context + ", vs the OS");
            }
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Incremental_with_random_chunks_equals_one_shot(Mac function, InstructionSet path)
    {
        var random = new Random(503);
        var buffer = RandomBuffer(3000, 504);
        var key = RandomBuffer(100, 505);
        var customization = "My Tagged Application"u8.ToArray();
        using var hasher = new KmacHasher(function.Strength, key, customization, path);
        for (var trial = 0; trial < 40; trial++)
        {
            var length = random.Next(0, 3000);
            var outputLength = random.Next(1, 600);
            var message = buffer.AsSpan(0, length);
            var expected = new byte[outputLength];
            function.Managed(key, message, expected, customization, path);

            AppendInPieces(hasher, message, trial % 2 == 0 ? 40 : 400, random);
            var actual = new byte[outputLength];
            if (function.IsXof)
            {
                actual = SqueezeInPieces(hasher.Squeeze, outputLength, 150, random);
                hasher.Reset();
            }
            else
            {
                hasher.GetHashAndReset(actual);
            }

            AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, output {outputLength}, trial {trial}");
        }
    }

    [Fact]
    public void Outputs_of_different_lengths_are_unrelated_for_kmac_and_prefixes_for_kmacxof()
    {
        var key = SampleKey;
        Span<byte> short128 = stackalloc byte[32];
        Span<byte> long128 = stackalloc byte[64];
        Kmac.HashData<Bits128>(key, "abc"u8, short128, default);
        Kmac.HashData<Bits128>(key, "abc"u8, long128, default);
        Assert.False(short128.SequenceEqual(long128[..32]));

        Kmac.HashData<Bits128>(key, "abc"u8, short128, default, xof: true);
        Kmac.HashData<Bits128>(key, "abc"u8, long128, default, xof: true);
        Assert.True(short128.SequenceEqual(long128[..32]));
    }

    [Fact]
    public void A_kmac_cannot_follow_kmacxof_output_and_a_disposed_hasher_refuses_work()
    {
        var hasher = new KmacHasher(256, SampleKey, default);
        hasher.Append("abc"u8);
        hasher.Squeeze(new byte[8]);
        Assert.Throws<InvalidOperationException>(() => hasher.GetHashAndReset(new byte[32]));
        Assert.Throws<InvalidOperationException>(() => hasher.Append("d"u8));
        hasher.Reset();
        hasher.GetHashAndReset(new byte[32]);
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append("d"u8));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[32]));
        Assert.Throws<ObjectDisposedException>(() => hasher.Squeeze(new byte[8]));
    }

    [Fact]
    public void Rejects_strengths_that_are_not_defined() =>
        Assert.Throws<ArgumentOutOfRangeException>(() => new KmacHasher(512, SampleKey, default));

    [Fact]
    public void One_shot_and_incremental_calls_allocate_nothing()
    {
        var key = SampleKey;
        var source = new byte[5000];
        var destination = new byte[200];
        var paths = PathList();
        using var hasher = new KmacHasher(128, key, "S"u8);

        void Work()
        {
            foreach (var p in paths)
            {
                Kmac.HashData<Bits128>(key, source, destination, "My Tagged Application"u8, xof: false, p);
                Kmac.HashData<Bits256>(key, source, destination.AsSpan(0, 64), default, xof: false, p);
                Kmac.HashData<Bits128>(key, source, destination, default, xof: true, p);
                Kmac.HashData<Bits256>(key, source, destination, "S"u8, xof: true, p);
            }

            Kmac.HashData<Bits256>(key, source, destination, default);
            hasher.Append(source);
            hasher.GetHashAndReset(destination.AsSpan(0, 32));
            hasher.Append(source.AsSpan(0, 100));
            hasher.Squeeze(destination.AsSpan(0, 5));
            hasher.Squeeze(destination);
            hasher.Reset();
        }

        AssertAllocatesNothing(Work);
    }
}
