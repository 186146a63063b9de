namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>BLAKE2b with 32-byte output, unkeyed, RFC 7693.</summary>
    public static Algorithm Blake2b256 { get; } = new(
        family: AlgorithmFamily.Blake2,
        name: "BLAKE2b-256",
        outputBytes: 32,
        blockBytes: 128,
        knownAnswers:
        [
            // LibTomCrypt, src/hashes/blake2b.c, blake2b_256_test(): "".
            new("LibTomCrypt blake2b_256_test", "empty", [],
                "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"),
            // LibTomCrypt, src/hashes/blake2b.c, blake2b_256_test(): "abc"; the same value is in Bouncy Castle's DigestTest ("BLAKE2B-256").
            new("LibTomCrypt blake2b_256_test", "\"abc\"", Ascii("abc"),
                "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319"),
            // stellar-core, src/crypto/test/CryptoTests.cpp, blake2TestVectors: the FIPS 180 448-bit message.
            new("stellar-core CryptoTests.cpp blake2TestVectors", "\"abcdbcde…nopq\" (56 bytes)", Ascii(Fips180Message448),
                "5f7a93da9c5621583f22e49e8e91a40cbba37536622235a380f434b9f68e49c4"),
        ]);

    /// <summary>BLAKE2b with 64-byte output, unkeyed, RFC 7693.</summary>
    public static Algorithm Blake2b512 { get; } = new(
        family: AlgorithmFamily.Blake2,
        name: "BLAKE2b-512",
        outputBytes: 64,
        blockBytes: 128,
        knownAnswers:
        [
            // RFC 7693 Appendix A, BLAKE2b-512("abc").
            new("RFC 7693 Appendix A", "\"abc\"", Ascii("abc"),
                "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1" +
                "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"),
            // BLAKE2 reference repository, testvectors/blake2-kat.json, "hash": "blake2b", "key": "", "in": "".
            new("BLAKE2 blake2-kat.json, blake2b unkeyed, in = \"\"", "empty", [],
                "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419" +
                "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"),
            // blake2-kat.json, blake2b unkeyed, in = 00 01 … 7f: exactly one block.
            new("BLAKE2 blake2-kat.json, blake2b unkeyed, in = 00…7f", "00 01 … 7f (128 bytes)", Counting(128),
                "2319e3789c47e2daa5fe807f61bec2a1a6537fa03f19ff32e87eecbfd64b7e0e" +
                "8ccff439ac333b040f19b0c4ddd11a61e24ac1fe0f10a039806c5dcc0da3d115"),
            // blake2-kat.json, blake2b unkeyed, in = 00 01 … 80: one byte into a second block.
            new("BLAKE2 blake2-kat.json, blake2b unkeyed, in = 00…80", "00 01 … 80 (129 bytes)", Counting(129),
                "f59711d44a031d5f97a9413c065d1e614c417ede998590325f49bad2fd444d3e" +
                "4418be19aec4e11449ac1a57207898bc57d76a1bcf3566292c20c683a5c4648f"),
        ]);

    // Which managed path a default call takes differs by the core's maker (CryptoHarness.Managed.Blake2s.DefaultPath).
    private const string Blake2sPathNote =
        "`managed`'s default path (what a call without a path runs) is avx512 on AMD cores that have AVX-512 and ssse3 on Intel's, which run it faster, and on cores without AVX-512 (the AMD EPYC Zen 3 among them): at 128 KiB ssse3 took 0.77× avx512's time on an Intel Xeon (Emerald Rapids) and 1.14× on the AMD EPYC (Zen 4). Every path is a row of its own below.";

    /// <summary>BLAKE2s with 16-byte output, unkeyed, RFC 7693.</summary>
    public static Algorithm Blake2s128 { get; } = new(
        family: AlgorithmFamily.Blake2,
        name: "BLAKE2s-128",
        outputBytes: 16,
        blockBytes: 64,
        knownAnswers:
        [
            // LibTomCrypt, src/hashes/blake2s.c, blake2s_128_test(): "".
            new("LibTomCrypt blake2s_128_test", "empty", [],
                "64550d6ffe2c0a01a14aba1eade0200c"),
            // LibTomCrypt, src/hashes/blake2s.c, blake2s_128_test(): "abc"; the same value is in Bouncy Castle's DigestTest ("BLAKE2S-128").
            new("LibTomCrypt blake2s_128_test", "\"abc\"", Ascii("abc"),
                "aa4938119b1dc7b87cbad0ffd200d0ae"),
        ]) { Note = Blake2sPathNote };

    /// <summary>BLAKE2s with 32-byte output, unkeyed, RFC 7693.</summary>
    public static Algorithm Blake2s256 { get; } = new(
        family: AlgorithmFamily.Blake2,
        name: "BLAKE2s-256",
        outputBytes: 32,
        blockBytes: 64,
        knownAnswers:
        [
            // RFC 7693 Appendix B, BLAKE2s-256("abc").
            new("RFC 7693 Appendix B", "\"abc\"", Ascii("abc"),
                "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"),
            // BLAKE2 reference repository, testvectors/blake2-kat.json, "hash": "blake2s", "key": "", "in": "".
            new("BLAKE2 blake2-kat.json, blake2s unkeyed, in = \"\"", "empty", [],
                "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"),
            // blake2-kat.json, blake2s unkeyed, in = 00 01 … 3f: exactly one block.
            new("BLAKE2 blake2-kat.json, blake2s unkeyed, in = 00…3f", "00 01 … 3f (64 bytes)", Counting(64),
                "56f34e8b96557e90c1f24b52d0c89d51086acf1b00f634cf1dde9233b8eaaa3e"),
            // blake2-kat.json, blake2s unkeyed, in = 00 01 … 40: one byte into a second block.
            new("BLAKE2 blake2-kat.json, blake2s unkeyed, in = 00…40", "00 01 … 40 (65 bytes)", Counting(65),
                "1b53ee94aaf34e4b159d48de352c7f0661d0a40edff95a0b1639b4090e974472"),
        ]) { Note = Blake2sPathNote };
}
