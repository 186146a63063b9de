using System.Security.Cryptography;
using System.Text;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// The block hashes on the shared drivers of <c>BlockHash.cs</c> (MD5, SHA-1, RIPEMD-160, SM3, Whirlpool, Streebog,
/// Kupyna), on every path each has and the CPU runs: their standards' vectors, every tail length at every offset
/// against BouncyCastle, incremental against one-shot, no allocation, and the argument checks.
/// </summary>
public sealed class BlockHashTests
{
    /// <summary>One function as the tests see it: its managed entry points and an independent reference.</summary>
    public sealed record Variant(
        string Name,
        int HashSize,
        int BlockSize,
        HasherChecks.OneShot HashData,
        HasherChecks.OneShotOnPath HashDataOnPath,
        Func<InstructionSet, bool> IsSupported,
        Func<InstructionSet, BlockHasher> CreateHasher,
        Func<IDigest> Reference,
        InstructionSet[] Paths)
    {
        public override string ToString() => Name;
    }

    // The paths each function has, whether or not this CPU runs them (Paths).
    private static readonly InstructionSet[] ScalarOnly = [InstructionSet.Scalar];

    private static readonly Variant[] AllVariants =
    [
        new("MD5", 16, 64, Md5.HashData, Md5.HashData, Md5.IsSupported, _ => new Md5Hasher(), () => new MD5Digest(), ScalarOnly),
        new("SHA-1", 20, 64, Sha1.HashData, Sha1.HashData, Sha1.IsSupported, _ => new Sha1Hasher(), () => new Sha1Digest(), ScalarOnly),
        new("RIPEMD-160", 20, 64, Ripemd160.HashData, Ripemd160.HashData, Ripemd160.IsSupported, _ => new Ripemd160Hasher(), () => new RipeMD160Digest(), ScalarOnly),
        new("SM3", 32, 64, Sm3.HashData, Sm3.HashData, Sm3.IsSupported, p => new Sm3Hasher(p), () => new SM3Digest(), [InstructionSet.Scalar, InstructionSet.Ssse3]),
        new("Streebog-256", 32, 64, Streebog.HashData256, Streebog.HashData256, Streebog.IsSupported, _ => new StreebogHasher(32), () => new Gost3411_2012_256Digest(), ScalarOnly),
        new("Streebog-512", 64, 64, Streebog.HashData512, Streebog.HashData512, Streebog.IsSupported, _ => new StreebogHasher(64), () => new Gost3411_2012_512Digest(), ScalarOnly),
        new("Kupyna-256", 32, 64, Kupyna.HashData256, Kupyna.HashData256, Kupyna.IsSupported, _ => new KupynaHasher(32), () => new Dstu7564Digest(256), ScalarOnly),
        new("Kupyna-384", 48, 128, Kupyna.HashData384, Kupyna.HashData384, Kupyna.IsSupported, _ => new KupynaHasher(48), () => new Dstu7564Digest(384), ScalarOnly),
        new("Kupyna-512", 64, 128, Kupyna.HashData512, Kupyna.HashData512, Kupyna.IsSupported, _ => new KupynaHasher(64), () => new Dstu7564Digest(512), ScalarOnly),
        new("Whirlpool", 64, 64, Whirlpool.HashData, Whirlpool.HashData, Whirlpool.IsSupported, _ => new WhirlpoolHasher(), () => new WhirlpoolDigest(), ScalarOnly),
    ];

    public static TheoryData<Variant> Variants => [.. AllVariants];

    private static Variant ByName(string name) => AllVariants.Single(v => v.Name == name);

    private static InstructionSet[] PathsOf(Variant variant) => HasherChecks.PathsOf(variant.IsSupported);

    private static string Hex(string ascii) => Convert.ToHexString(Encoding.ASCII.GetBytes(ascii));

    private static string Repeated(string ascii, int times) => Hex(string.Concat(Enumerable.Repeat(ascii, times)));

    private const string TwoBlock448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

    private const string Rfc6986M1 =
        "323130393837363534333231303938373635343332313039383736353433323130393837363534333231303938373635343332313039383736353433323130";

    private const string Rfc6986M2 =
        "fbe2e5f0eee3c820fbeafaebef20fffbf0e1e0f0f520e0ed20e8ece0ebe5f0f2f120fff0eeec20f120faf2fee5e2202ce8f6f3ede220e8e6eee1e8f0f2d1202ce8f0f2e5e220e5d1";

    /// <summary>RFC 6986 prints messages and codes as numbers, most significant byte first: the byte string is the reverse.</summary>
    private static string Rfc6986(string printedHex)
    {
        var bytes = Convert.FromHexString(printedHex);
        Array.Reverse(bytes);
        return Convert.ToHexString(bytes);
    }

    /// <summary>The bytes 00 01 02 … of the DSTU 7564:2014 examples, as hex.</summary>
    private static string Counting(int length) => Convert.ToHexString([.. Enumerable.Range(0, length).Select(i => (byte)i)]);

    private const string Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    /// <summary>(function, source of the vector, message as hex, digest as hex).</summary>
    public static TheoryData<string, string, string, string> StandardVectors => new()
    {
        // RFC 1321 Appendix A.5, the whole test suite.
        { "MD5", "RFC 1321 A.5", "", "d41d8cd98f00b204e9800998ecf8427e" },
        { "MD5", "RFC 1321 A.5", Hex("a"), "0cc175b9c0f1b6a831c399e269772661" },
        { "MD5", "RFC 1321 A.5", Hex("abc"), "900150983cd24fb0d6963f7d28e17f72" },
        { "MD5", "RFC 1321 A.5", Hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0" },
        { "MD5", "RFC 1321 A.5", Hex("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b" },
        { "MD5", "RFC 1321 A.5", Hex(Digits), "d174ab98d277d9f5a5611c2c9f419d9f" },
        { "MD5", "RFC 1321 A.5", Repeated("1234567890", 8), "57edf4a22be3c955ac49da2e2107b67a" },

        // FIPS 180-2 Appendix A.1-A.3 (NIST's examples for FIPS 180-4, SHA1.pdf): one block, two blocks, a million "a".
        { "SHA-1", "FIPS 180-2 A.1", Hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d" },
        { "SHA-1", "FIPS 180-2 A.2", Hex(TwoBlock448), "84983e441c3bd26ebaae4aa1f95129e5e54670f1" },
        { "SHA-1", "FIPS 180-2 A.3", Repeated("a", 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f" },
        // NIST CAVP SHAVS SHA1ShortMsg.rsp, Len = 0.
        { "SHA-1", "CAVP SHA1ShortMsg Len = 0", "", "da39a3ee5e6b4b0d3255bfef95601890afd80709" },

        // Dobbertin, Bosselaers, Preneel, "RIPEMD-160: A Strengthened Version of RIPEMD", Appendix B (test values).
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", "", "9c1185a5c5e9fc54612808977ee8f548b2258d31" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Hex("a"), "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Hex("abc"), "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Hex("message digest"), "5d0689ef49d2fae572b881b123a85ffa21595f36" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Hex("abcdefghijklmnopqrstuvwxyz"), "f71c27109c692c1b56bbdceb5b9d2865b3708dbc" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Hex(TwoBlock448), "12a053384a9c0c88e405a06c27dcf49ada62eb2b" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Hex(Digits), "b0e20b6e3116640286ed3a87a5713079b21f5189" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Repeated("1234567890", 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb" },
        { "RIPEMD-160", "RIPEMD-160 paper, Appendix B", Repeated("a", 1_000_000), "52783243c1697bdbe16d37f97f68f08325dc1528" },

        // GB/T 32905-2016 Appendix A.1 ("abc") and A.2 ("abcd" 16 times: 512 bits, so the padding takes a second block).
        { "SM3", "GB/T 32905-2016 A.1", Hex("abc"), "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0" },
        { "SM3", "GB/T 32905-2016 A.2", Repeated("abcd", 16), "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732" },

        // RFC 6986 §10.1 and §10.2 (GOST R 34.11-2012 Appendix A), printed there as numbers, most significant byte first;
        // Rfc6986 reverses them into the byte strings hashed and written.
        { "Streebog-512", "RFC 6986 §10.1", Rfc6986(Rfc6986M1), Rfc6986("486f64c1917879417fef082b3381a4e211c324f074654c38823a7b76f830ad00fa1fbae42b1285c0352f227524bc9ab16254288dd6863dccd5b9f54a1ad0541b") },
        { "Streebog-256", "RFC 6986 §10.1", Rfc6986(Rfc6986M1), Rfc6986("00557be5e584fd52a449b16b0251d05d27f94ab76cbaa6da890b59d8ef1e159d") },
        { "Streebog-512", "RFC 6986 §10.2", Rfc6986(Rfc6986M2), Rfc6986("28fbc9bada033b1460642bdcddb90c3fb3e56c497ccd0f62b8a2ad4935e85f037613966de4ee00531ae60f3b5a47f8dae06915d5f2f194996fcabf2622e6881e") },
        { "Streebog-256", "RFC 6986 §10.2", Rfc6986(Rfc6986M2), Rfc6986("508f7e553c06501d749a66fc28c6cac0b005746d97537fa85d9e40904efed29d") },

        // DSTU 7564:2014's examples as reproduced in the designers' reference code (Roman-Oliynykov/Kupyna-reference,
        // main.c): N-bit messages 00 01 02 ..., and the empty message.
        { "Kupyna-256", "DSTU 7564:2014 example, N = 0", "", "cd5101d1ccdf0d1d1f4ada56e888cd724ca1a0838a3521e7131d4fb78d0f5eb6" },
        { "Kupyna-256", "DSTU 7564:2014 example, N = 512", Counting(64), "08f4ee6f1be6903b324c4e27990cb24ef69dd58dbe84813ee0a52f6631239875" },
        { "Kupyna-256", "DSTU 7564:2014 example, N = 1024", Counting(128), "0a9474e645a7d25e255e9e89fff42ec7eb31349007059284f0b182e452bda882" },
        { "Kupyna-256", "DSTU 7564:2014 example, N = 2048", Counting(256), "d305a32b963d149dc765f68594505d4077024f836c1bf03806e1624ce176c08f" },
        { "Kupyna-384", "DSTU 7564:2014 example, N = 760", Counting(95), "d9021692d84e5175735654846ba751e6d0ed0fac36dfbc0841287dcb0b5584c75016c3decc2a6e47c50b2f3811e351b8" },
        { "Kupyna-512", "DSTU 7564:2014 example, N = 0", "", "656b2f4cd71462388b64a37043ea55dbe445d452aecd46c3298343314ef04019bcfa3f04265a9857f91be91fce197096187ceda78c9c1c021c294a0689198538" },
        { "Kupyna-512", "DSTU 7564:2014 example, N = 512", Counting(64), "3813e2109118cdfb5a6d5e72f7208dccc80a2dfb3afdfb02f46992b5edbe536b3560dd1d7e29c6f53978af58b444e37ba685c0dd910533ba5d78efffc13de62a" },
        { "Kupyna-512", "DSTU 7564:2014 example, N = 1024", Counting(128), "76ed1ac28b1d0143013ffa87213b4090b356441263c13e03fa060a8cada32b979635657f256b15d5fca4a174de029f0b1b4387c878fcc1c00e8705d783fd7ffe" },
        { "Kupyna-512", "DSTU 7564:2014 example, N = 2048", Counting(256), "0dd03d7350c409cb3c29c25893a0724f6b133fa8b9eb90a64d1a8fa93b56556611eb187d715a956b107e3bfc76482298133a9ce8cbc0bd5e1436a5b197284f7e" },

        // ISO/IEC 10118-3:2004 test vectors as in the Whirlpool reference package (Barreto and Rijmen, iso-test-vectors.txt).
        { "Whirlpool", "ISO/IEC 10118-3 vectors", "", "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a73e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3" },
        { "Whirlpool", "ISO/IEC 10118-3 vectors", Hex("abc"), "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5" },
        { "Whirlpool", "ISO/IEC 10118-3 vectors", Hex(Digits), "dc37e008cf9ee69bf11f00ed9aba26901dd7c28cdec066cc6af42e40f82f3a1e08eba26629129d8fb7cb57211b9281a65517cc879d7b962142c65f5a7af01467" },
        { "Whirlpool", "ISO/IEC 10118-3 vectors", Repeated("1234567890", 8), "466ef18babb0154d25b9d38a6414f5c08784372bccb204d6549c4afadb6014294d5bd8df2a6c44e538cd047b2681a51a2c60481e88c5a20b2c2a80cf3a9a083b" },
    };

    [Theory]
    [MemberData(nameof(StandardVectors))]
    public void Matches_the_standard_vectors_one_shot_and_incremental(string name, string source, string messageHex, string expectedHex)
    {
        var variant = ByName(name);
        var message = Convert.FromHexString(messageHex);
        var expected = Convert.FromHexString(expectedHex);
        Assert.Equal(variant.HashSize, expected.Length);

        foreach (var path in PathsOf(variant))
        {
            var actual = new byte[variant.HashSize];
            variant.HashDataOnPath(message, actual, path);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{name} {path}, {source}: one-shot");

            using var hasher = variant.CreateHasher(path);
            foreach (var b in message)
            {
                hasher.Append([b]);
            }

            Array.Clear(actual);
            hasher.GetHashAndReset(actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{name} {path}, {source}: byte by byte");
        }

        var viaDefault = new byte[variant.HashSize];
        variant.HashData(message, viaDefault);
        Assert.True(expected.AsSpan().SequenceEqual(viaDefault), $"{name}, {source}: default path");
    }

    /// <summary>
    /// Every length from 0 to four blocks and a bit (every tail length, one- and two-block padding), plus long inputs,
    /// at every offset 0..7, against BouncyCastle.
    /// </summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void Matches_BouncyCastle_on_every_length_and_offset(Variant variant)
    {
        var buffer = new byte[131072 + 8];
        new Random(1321).NextBytes(buffer);
        int[] lengths = [.. Enumerable.Range(0, 4 * variant.BlockSize + 3), 1000, 16384, 131072];
        var actual = new byte[variant.HashSize];
        var expected = new byte[variant.HashSize];
        var reference = variant.Reference();
        foreach (var path in PathsOf(variant))
        {
            foreach (var length in lengths)
            {
                int maxOffset = length > 1000 ? 1 : 7;
                for (var offset = 0; offset <= maxOffset; offset++)
                {
                    reference.BlockUpdate(buffer, offset, length);
                    reference.DoFinal(expected, 0);
                    variant.HashDataOnPath(buffer.AsSpan(offset, length), actual, path);
                    Assert.True(expected.AsSpan().SequenceEqual(actual), $"{variant} {path}: length {length}, offset {offset}");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Incremental_with_random_chunks_equals_one_shot(Variant variant)
    {
        foreach (var path in PathsOf(variant))
        {
            using var hasher = variant.CreateHasher(path);
            HasherChecks.IncrementalWithRandomChunksEqualsOneShot(hasher, (s, d) => variant.HashDataOnPath(s, d, path), $"{variant} {path}");
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void One_shot_and_incremental_allocate_nothing(Variant variant)
    {
        foreach (var path in PathsOf(variant))
        {
            using var hasher = variant.CreateHasher(path);
            HasherChecks.AllocateNothing(hasher, (s, d) => variant.HashDataOnPath(s, d, path));
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Other_paths_short_destinations_and_disposed_hashers_are_refused(Variant variant)
    {
        var input = new byte[10];
        Assert.True(variant.IsSupported(InstructionSet.Scalar));
        foreach (var path in Enum.GetValues<InstructionSet>())
        {
            Assert.Equal(variant.Paths.Contains(path) && InstructionSets.IsSupported(path), variant.IsSupported(path));
            if (!variant.IsSupported(path))
            {
                Assert.ThrowsAny<Exception>(() => variant.HashDataOnPath(input, new byte[variant.HashSize], path));
                // The functions with more than one path (SM3) have hashers that take one, and refuse a missing one.
                if (variant.Paths.Length > 1)
                {
                    Assert.ThrowsAny<Exception>(() => variant.CreateHasher(path));
                }
            }
        }

        Assert.Throws<ArgumentException>(() => variant.HashData(input, new byte[variant.HashSize - 1]));
        HasherChecks.ShortDestinationsAndDisposalAreRefused(variant.CreateHasher(InstructionSet.Scalar));
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Bytes_past_the_digest_are_untouched_and_source_may_overlap_destination(Variant variant)
    {
        var buffer = new byte[300];
        new Random(7).NextBytes(buffer);
        var expected = new byte[variant.HashSize];
        variant.HashData(buffer.AsSpan(0, 150), expected);
        byte sentinel = buffer[variant.HashSize + 10];

        // The digest overwrites the first bytes of its own message and nothing past them.
        variant.HashData(buffer.AsSpan(0, 150), buffer.AsSpan(10, 200));
        Assert.Equal(expected, buffer.AsSpan(10, variant.HashSize).ToArray());
        Assert.Equal(sentinel, buffer[variant.HashSize + 10]);
    }
}
