using System.Security.Cryptography;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// The six SHA-2 functions of FIPS 180-4 (SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256), on
/// every path each one has, one-shot and incremental.
/// </summary>
public sealed class Sha2Tests
{
    /// <summary>One SHA-2 function as the tests see it: its managed entry points and an independent reference.</summary>
    public sealed record Variant(
        string Name,
        int HashSize,
        HasherChecks.OneShotOnPath HashData,
        HasherChecks.OneShot DefaultHashData,
        Func<InstructionSet, bool> IsSupported,
        Func<InstructionSet, BlockHasher> CreateHasher,
        Func<byte[], int, int, byte[]> Reference)
    {
        public override string ToString() => Name;
    }

    private static byte[] BouncyCastle(IDigest digest, byte[] data, int offset, int length)
    {
        digest.BlockUpdate(data, offset, length);
        var output = new byte[digest.GetDigestSize()];
        digest.DoFinal(output, 0);
        return output;
    }

    // The references: the OS (OpenSSL here) for the three functions it has, BouncyCastle for the other three.
    private static readonly Variant[] AllVariants =
    [
        new("SHA-224", 28, Sha224.HashData, Sha224.HashData, Sha224.IsSupported, p => new Sha256Hasher(28, p), (s, o, l) => BouncyCastle(new Sha224Digest(), s, o, l)),
        new("SHA-256", 32, Sha256.HashData, Sha256.HashData, Sha256.IsSupported, p => new Sha256Hasher(32, p), (s, o, l) => SHA256.HashData(s.AsSpan(o, l))),
        new("SHA-384", 48, Sha384.HashData, Sha384.HashData, Sha384.IsSupported, p => new Sha512Hasher(48, p), (s, o, l) => SHA384.HashData(s.AsSpan(o, l))),
        new("SHA-512", 64, Sha512.HashData, Sha512.HashData, Sha512.IsSupported, p => new Sha512Hasher(64, p), (s, o, l) => SHA512.HashData(s.AsSpan(o, l))),
        new("SHA-512/224", 28, Sha512T224.HashData, Sha512T224.HashData, Sha512T224.IsSupported, p => new Sha512Hasher(28, p), (s, o, l) => BouncyCastle(new Sha512tDigest(224), s, o, l)),
        new("SHA-512/256", 32, Sha512T256.HashData, Sha512T256.HashData, Sha512T256.IsSupported, p => new Sha512Hasher(32, p), (s, o, l) => BouncyCastle(new Sha512tDigest(256), s, o, l)),
    ];


    public static TheoryData<Variant> Variants => [.. AllVariants];

    private static InstructionSet[] PathsOf(Variant variant) => HasherChecks.PathsOf(variant.IsSupported);

    // NIST's example messages for FIPS 180-4 (csrc.nist.gov, "Cryptographic Standards and Guidelines: Examples
    // with Intermediate Values", SHA224.pdf ... SHA512_256.pdf): "abc", and a two-block message for each block
    // size — 448 bits for SHA-224/256, 896 bits for the SHA-512 family.
    private const string Abc = "abc";
    private const string TwoBlock256 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    private const string TwoBlock512 =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    public static TheoryData<string, string, string> NistExamples => new()
    {
        { "SHA-224", Abc, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
        { "SHA-224", TwoBlock256, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
        { "SHA-256", Abc, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
        { "SHA-256", TwoBlock256, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
        {
            "SHA-384", Abc,
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
        },
        {
            "SHA-384", TwoBlock512,
            "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"
        },
        {
            "SHA-512", Abc,
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        },
        {
            "SHA-512", TwoBlock512,
            "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
            + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"
        },
        { "SHA-512/224", Abc, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
        { "SHA-512/224", TwoBlock512, "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
        { "SHA-512/256", Abc, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
        { "SHA-512/256", TwoBlock512, "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
    };

    private static Variant ByName(string name) => AllVariants.Single(v => v.Name == name);

    [Theory]
    [MemberData(nameof(NistExamples))]
    public void Matches_the_nist_examples_on_every_path_one_shot_and_incremental(string name, string message, string expectedHex)
    {
        var variant = ByName(name);
        var input = System.Text.Encoding.ASCII.GetBytes(message);
        var expected = Convert.FromHexString(expectedHex);
        Assert.Equal(variant.HashSize, expected.Length);
        foreach (var path in PathsOf(variant))
        {
            var actual = new byte[variant.HashSize];
            variant.HashData(input, actual, path);
            Assert.Equal(expected, actual);

            using var hasher = variant.CreateHasher(path);
            hasher.Append(input);
            Array.Clear(actual);
            hasher.GetHashAndReset(actual);
            Assert.Equal(expected, actual);
        }

        var viaDefault = new byte[variant.HashSize];
        variant.DefaultHashData(input, viaDefault);
        Assert.Equal(expected, viaDefault);
    }

    /// <summary>
    /// Every length from 0 to 1100 (past eight SHA-256 blocks and eight SHA-512 blocks, so every tail length and
    /// both one- and two-block padding), plus a few long inputs, at every offset 0..7 within a word, against the
    /// reference, on every path.
    /// </summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void Matches_the_reference_on_every_length_and_offset(Variant variant)
    {
        var buffer = new byte[131072 + 8];
        new Random(180_4).NextBytes(buffer);
        int[] lengths = [.. Enumerable.Range(0, 1101), 16384, 131072];
        var actual = new byte[variant.HashSize];
        foreach (var path in PathsOf(variant))
        {
            foreach (var length in lengths)
            {
                // Long inputs at two offsets only: the offsets matter for the tail, which the short lengths cover.
                int maxOffset = length > 1100 ? 1 : 7;
                for (var offset = 0; offset <= maxOffset; offset++)
                {
                    var expected = variant.Reference(buffer, offset, length);
                    variant.HashData(buffer.AsSpan(offset, length), actual, path);
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
            HasherChecks.IncrementalWithRandomChunksEqualsOneShot(hasher, (s, d) => variant.HashData(s, d, path), $"{variant} {path}");
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void One_shot_and_incremental_allocate_nothing(Variant variant)
    {
        foreach (var path in PathsOf(variant))
        {
            using var hasher = variant.CreateHasher(path);
            HasherChecks.AllocateNothing(hasher, (s, d) => variant.HashData(s, d, path));
        }
    }

    [Fact]
    public void Paths_the_functions_lack_and_short_destinations_are_rejected()
    {
        var input = new byte[10];
        // SHA-224/256 have only the scalar path; the SHA-512 family has scalar and, on x86, ssse3 and avx2. Paths that do
        // not exist are refused even on CPUs that have the instructions.
        Assert.True(Sha256.IsSupported(InstructionSet.Scalar));
        Assert.True(Sha512.IsSupported(InstructionSet.Scalar));
        Assert.Equal(System.Runtime.Intrinsics.X86.Ssse3.IsSupported, Sha512.IsSupported(InstructionSet.Ssse3));
        Assert.Equal(System.Runtime.Intrinsics.X86.Avx2.IsSupported, Sha512.IsSupported(InstructionSet.Avx2));
        foreach (var path in new[] { InstructionSet.Ssse3, InstructionSet.Avx2, InstructionSet.Avx512 })
        {
            Assert.False(Sha256.IsSupported(path));
            Assert.ThrowsAny<Exception>(() => Sha256.HashData(input, new byte[32], path));
            Assert.ThrowsAny<Exception>(() => new Sha256Hasher(32, path));
        }

        Assert.False(Sha512.IsSupported(InstructionSet.Avx512));
        Assert.ThrowsAny<Exception>(() => Sha384.HashData(input, new byte[48], InstructionSet.Avx512));
        Assert.ThrowsAny<Exception>(() => new Sha512Hasher(64, InstructionSet.Avx512));

        Assert.Throws<ArgumentException>(() => Sha224.HashData(input, new byte[27]));
        Assert.Throws<ArgumentException>(() => Sha256.HashData(input, new byte[31]));
        Assert.Throws<ArgumentException>(() => Sha384.HashData(input, new byte[47]));
        Assert.Throws<ArgumentException>(() => Sha512.HashData(input, new byte[63]));
        Assert.Throws<ArgumentException>(() => Sha512T224.HashData(input, new byte[27]));
        Assert.Throws<ArgumentException>(() => Sha512T256.HashData(input, new byte[31]));
        Assert.Throws<ArgumentException>(() => new Sha256Hasher(64, InstructionSet.Scalar));
        Assert.Throws<ArgumentException>(() => new Sha512Hasher(20, InstructionSet.Scalar));
        using var hasher = new Sha256Hasher();
        Assert.Throws<ArgumentException>(() => hasher.GetHashAndReset(new byte[31]));
    }

    [Fact]
    public void Bytes_past_the_digest_are_untouched_and_source_may_overlap_destination()
    {
        var buffer = new byte[200];
        new Random(7).NextBytes(buffer);
        var expected = SHA512.HashData(buffer.AsSpan(0, 150));
        byte sentinel = buffer[64 + 10];

        // The digest overwrites the first 64 bytes of its own message and nothing past them.
        Sha512.HashData(buffer.AsSpan(0, 150), buffer.AsSpan(10, 100));
        Assert.Equal(expected, buffer.AsSpan(10, 64).ToArray());
        Assert.Equal(sentinel, buffer[64 + 10]);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Short_destinations_and_disposed_hashers_are_refused(Variant variant)
    {
        foreach (var path in PathsOf(variant))
        {
            HasherChecks.ShortDestinationsAndDisposalAreRefused(variant.CreateHasher(path));
        }
    }
}
