namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    private const string KeccakNote =
        "Keccak as submitted to the SHA-3 competition, with its original padding (0x01) instead of FIPS 202's (0x06): the hash Ethereum and other blockchains use. Not interchangeable with SHA-3.";

    /// <summary>The 33-byte message of the Keccak team's ShortMsgKAT files, Len = 264.</summary>
    private const string KeccakKatMessage264 = "de8f1b3faa4b7040ed4563c3b8e598253178e87e4d0df75e4ff2f2dedd5a0be046";

    /// <summary>The 1600-bit message of NIST's FIPS 202 examples (printed there as the bits 11000101 repeated): 200 × 0xA3.</summary>
    private static byte[] Fips202Message1600() => Enumerable.Repeat((byte)0xa3, 200).ToArray();

    /// <summary>SHA3-224, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_224 { get; } = new(
        family: "SHA-3",
        name: "SHA3-224",
        outputBytes: 28,
        blockBytes: 144,
        knownAnswers:
        [
            // NIST FIPS 202 example values, SHA3-224_Msg0.pdf (0-bit message).
            new("NIST FIPS 202 example SHA3-224_Msg0.pdf", "empty", [],
                "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"),
            // "abc" as listed in DI Management, "Test vectors for SHA-1, SHA-2 and SHA-3" (di-mgt.com.au/sha_testvectors.html).
            new("DI Management SHA-3 test vectors, \"abc\"", "\"abc\"", Ascii("abc"),
                "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
            // NIST FIPS 202 example values, SHA3-224_1600.pdf (1600-bit message, 200 × 0xA3; longer than the rate).
            new("NIST FIPS 202 example SHA3-224_1600.pdf", "200 × 0xa3", Fips202Message1600(),
                "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"),
        ]);

    /// <summary>SHA3-256, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_256 { get; } = new(
        family: "SHA-3",
        name: "SHA3-256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers:
        [
            // NIST FIPS 202 example values, SHA3-256_Msg0.pdf (0-bit message).
            new("NIST FIPS 202 example SHA3-256_Msg0.pdf", "empty", [],
                "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"),
            // "abc" as listed in DI Management, "Test vectors for SHA-1, SHA-2 and SHA-3" (di-mgt.com.au/sha_testvectors.html).
            new("DI Management SHA-3 test vectors, \"abc\"", "\"abc\"", Ascii("abc"),
                "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
            // NIST FIPS 202 example values, SHA3-256_1600.pdf (1600-bit message, 200 × 0xA3; longer than the rate).
            new("NIST FIPS 202 example SHA3-256_1600.pdf", "200 × 0xa3", Fips202Message1600(),
                "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"),
        ]);

    /// <summary>SHA3-384, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_384 { get; } = new(
        family: "SHA-3",
        name: "SHA3-384",
        outputBytes: 48,
        blockBytes: 104,
        knownAnswers:
        [
            // NIST FIPS 202 example values, SHA3-384_Msg0.pdf (0-bit message).
            new("NIST FIPS 202 example SHA3-384_Msg0.pdf", "empty", [],
                "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a" +
                "c3713831264adb47fb6bd1e058d5f004"),
            // "abc" as listed in DI Management, "Test vectors for SHA-1, SHA-2 and SHA-3" (di-mgt.com.au/sha_testvectors.html).
            new("DI Management SHA-3 test vectors, \"abc\"", "\"abc\"", Ascii("abc"),
                "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2" +
                "98d88cea927ac7f539f1edf228376d25"),
            // NIST FIPS 202 example values, SHA3-384_1600.pdf (1600-bit message, 200 × 0xA3; longer than the rate).
            new("NIST FIPS 202 example SHA3-384_1600.pdf", "200 × 0xa3", Fips202Message1600(),
                "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd" +
                "76197a31fd55ee989f2d7050dd473e8f"),
        ]);

    /// <summary>SHA3-512, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_512 { get; } = new(
        family: "SHA-3",
        name: "SHA3-512",
        outputBytes: 64,
        blockBytes: 72,
        knownAnswers:
        [
            // NIST FIPS 202 example values, SHA3-512_Msg0.pdf (0-bit message).
            new("NIST FIPS 202 example SHA3-512_Msg0.pdf", "empty", [],
                "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6" +
                "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"),
            // "abc" as listed in DI Management, "Test vectors for SHA-1, SHA-2 and SHA-3" (di-mgt.com.au/sha_testvectors.html).
            new("DI Management SHA-3 test vectors, \"abc\"", "\"abc\"", Ascii("abc"),
                "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e" +
                "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
            // NIST FIPS 202 example values, SHA3-512_1600.pdf (1600-bit message, 200 × 0xA3; longer than the rate).
            new("NIST FIPS 202 example SHA3-512_1600.pdf", "200 × 0xa3", Fips202Message1600(),
                "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8" +
                "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"),
        ]);

    /// <summary>Keccak-256: Keccak[c=512] with the original padding.</summary>
    public static Algorithm Keccak256 { get; } = new(
        family: "SHA-3",
        name: "Keccak-256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers:
        [
            // Keccak team, KeccakKAT-3 (January 2011), ShortMsgKAT_256.txt, Len = 0.
            new("Keccak team ShortMsgKAT_256.txt, Len = 0", "empty", [],
                "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"),
            // Keccak team, KeccakKAT-3, ShortMsgKAT_256.txt, Len = 8 (Msg = CC).
            new("Keccak team ShortMsgKAT_256.txt, Len = 8", "0xcc", [0xcc],
                "eead6dbfc7340a56caedc044696a168870549a6a7f6f56961e84a54bd9970b8a"),
            // Keccak team, KeccakKAT-3, ShortMsgKAT_256.txt, Len = 264.
            new("Keccak team ShortMsgKAT_256.txt, Len = 264", "33 bytes de8f1b…0be046", Hex(KeccakKatMessage264),
                "e78c421e6213aff8de1f025759a4f2c943db62bbde359c8737e19b3776ed2dd2"),
            // "abc" as widely published, e.g. Bouncy Castle (bc-java) DigestTest abcVectors, "KECCAK-256".
            new("Bouncy Castle DigestTest, KECCAK-256 \"abc\"", "\"abc\"", Ascii("abc"),
                "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"),
        ]) { Note = KeccakNote };

    /// <summary>Keccak-384: Keccak[c=768] with the original padding.</summary>
    public static Algorithm Keccak384 { get; } = new(
        family: "SHA-3",
        name: "Keccak-384",
        outputBytes: 48,
        blockBytes: 104,
        knownAnswers:
        [
            // Keccak team, KeccakKAT-3 (January 2011), ShortMsgKAT_384.txt, Len = 0.
            new("Keccak team ShortMsgKAT_384.txt, Len = 0", "empty", [],
                "2c23146a63a29acf99e73b88f8c24eaa7dc60aa771780ccc006afbfa8fe2479b" +
                "2dd2b21362337441ac12b515911957ff"),
            // Keccak team, KeccakKAT-3, ShortMsgKAT_384.txt, Len = 8 (Msg = CC).
            new("Keccak team ShortMsgKAT_384.txt, Len = 8", "0xcc", [0xcc],
                "1b84e62a46e5a201861754af5dc95c4a1a69caf4a796ae405680161e29572641" +
                "f5fa1e8641d7958336ee7b11c58f73e9"),
            // Keccak team, KeccakKAT-3, ShortMsgKAT_384.txt, Len = 264.
            new("Keccak team ShortMsgKAT_384.txt, Len = 264", "33 bytes de8f1b…0be046", Hex(KeccakKatMessage264),
                "cf38764973f1ec1c34b5433ae75a3aad1aaef6ab197850c56c8617bcd6a882f6" +
                "666883ac17b2dccdbaa647075d0972b5"),
            // "abc" as widely published, e.g. Bouncy Castle (bc-java) DigestTest abcVectors, "KECCAK-384".
            new("Bouncy Castle DigestTest, KECCAK-384 \"abc\"", "\"abc\"", Ascii("abc"),
                "f7df1165f033337be098e7d288ad6a2f74409d7a60b49c36642218de161b1f99" +
                "f8c681e4afaf31a34db29fb763e3c28e"),
        ]) { Note = KeccakNote };

    /// <summary>Keccak-512: Keccak[c=1024] with the original padding.</summary>
    public static Algorithm Keccak512 { get; } = new(
        family: "SHA-3",
        name: "Keccak-512",
        outputBytes: 64,
        blockBytes: 72,
        knownAnswers:
        [
            // Keccak team, KeccakKAT-3 (January 2011), ShortMsgKAT_512.txt, Len = 0.
            new("Keccak team ShortMsgKAT_512.txt, Len = 0", "empty", [],
                "0eab42de4c3ceb9235fc91acffe746b29c29a8c366b7c60e4e67c466f36a4304" +
                "c00fa9caf9d87976ba469bcbe06713b435f091ef2769fb160cdab33d3670680e"),
            // Keccak team, KeccakKAT-3, ShortMsgKAT_512.txt, Len = 8 (Msg = CC).
            new("Keccak team ShortMsgKAT_512.txt, Len = 8", "0xcc", [0xcc],
                "8630c13cbd066ea74bbe7fe468fec1dee10edc1254fb4c1b7c5fd69b646e4416" +
                "0b8ce01d05a0908ca790dfb080f4b513bc3b6225ece7a810371441a5ac666eb9"),
            // Keccak team, KeccakKAT-3, ShortMsgKAT_512.txt, Len = 264.
            new("Keccak team ShortMsgKAT_512.txt, Len = 264", "33 bytes de8f1b…0be046", Hex(KeccakKatMessage264),
                "9a7688e31aaf40c15575fc58c6b39267aad3722e696e518a9945cf7f7c0fea84" +
                "cb3cb2e9f0384a6b5dc671ade7fb4d2b27011173f3eeeaf17cb451cf26542031"),
            // "abc" as widely published, e.g. Bouncy Castle (bc-java) DigestTest abcVectors, "KECCAK-512".
            new("Bouncy Castle DigestTest, KECCAK-512 \"abc\"", "\"abc\"", Ascii("abc"),
                "18587dc2ea106b9a1563e32b3312421ca164c7f1f07bc922a9c83d77cea3a1e5" +
                "d0c69910739025372dc14ac9642629379540c17e2a65b19d77aa511a9d00bb96"),
        ]) { Note = KeccakNote };

    /// <summary>SHAKE128, FIPS 202 §6.2. Extendable output, measured at 32 and 64 bytes.</summary>
    public static Algorithm Shake128 { get; } = new(
        family: "SHA-3",
        name: "SHAKE128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers:
        [
            // NIST FIPS 202 example values, SHAKE128_Msg0.pdf: the first 256 of its 4096 output bits.
            new("NIST FIPS 202 example SHAKE128_Msg0.pdf, 32-byte prefix", "empty", [],
                "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"),
            // NIST FIPS 202 example values, SHAKE128_Msg1600.pdf (200 × 0xA3): the first 512 output bits.
            new("NIST FIPS 202 example SHAKE128_Msg1600.pdf, 64-byte prefix", "200 × 0xa3", Fips202Message1600(),
                "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" +
                "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846"),
            // NIST FIPS 202 example values, SHAKE128_Msg1600.pdf: the first 1600 output bits, longer than the 168-byte rate.
            new("NIST FIPS 202 example SHAKE128_Msg1600.pdf, 200-byte prefix", "200 × 0xa3", Fips202Message1600(),
                "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" +
                "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846" +
                "7f1c05d58c7ef38c284c41f6c2221a76f12ab1c04082660250802294fb871802" +
                "13fdef5b0ecb7df50ca1f8555be14d32e10f6edcde892c09424b29f597afc270" +
                "c904556bfcb47a7d40778d390923642b3cbd0579e60908d5a000c1d08b98ef93" +
                "3f806445bf87f8b009ba9e94f7266122ed7ac24e5e266c42a82fa1bbefb7b8db" +
                "0066e16a85e0493f"),
        ]) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64] };

    /// <summary>SHAKE256, FIPS 202 §6.2. Extendable output, measured at 32 and 64 bytes.</summary>
    public static Algorithm Shake256 { get; } = new(
        family: "SHA-3",
        name: "SHAKE256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers:
        [
            // NIST FIPS 202 example values, SHAKE256_Msg0.pdf: the first 512 of its 4096 output bits.
            new("NIST FIPS 202 example SHAKE256_Msg0.pdf, 64-byte prefix", "empty", [],
                "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" +
                "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"),
            // NIST FIPS 202 example values, SHAKE256_Msg1600.pdf (200 × 0xA3): the first 256 output bits.
            new("NIST FIPS 202 example SHAKE256_Msg1600.pdf, 32-byte prefix", "200 × 0xa3", Fips202Message1600(),
                "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"),
            // NIST FIPS 202 example values, SHAKE256_Msg1600.pdf: the first 1600 output bits, longer than the 136-byte rate.
            new("NIST FIPS 202 example SHAKE256_Msg1600.pdf, 200-byte prefix", "200 × 0xa3", Fips202Message1600(),
                "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d" +
                "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b" +
                "1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628" +
                "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317" +
                "d7f47d750b8f5499512bb85a226c4243556e696f6bd072c5aa2d9b69730244b5" +
                "6853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b" +
                "61ef0e9114a92cdb"),
        ]) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64] };

    /// <summary>cSHAKE128, NIST SP 800-185 §3, function name N empty. With S empty too it equals SHAKE128 (§3.3); measured with both empty.</summary>
    public static Algorithm CShake128 { get; } = new(
        family: "SHA-3",
        name: "cSHAKE128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers:
        [
            // NIST SP 800-185 example values, cSHAKE_samples.pdf, Sample #1: N = "", S = "Email Signature", L = 256.
            new("NIST cSHAKE_samples.pdf, Sample #1", "00010203, S = \"Email Signature\"", Counting(4),
                "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5")
            {
                Customization = Ascii("Email Signature"),
            },
            // NIST SP 800-185 example values, cSHAKE_samples.pdf, Sample #2: 200-byte data, N = "", S = "Email Signature", L = 256.
            new("NIST cSHAKE_samples.pdf, Sample #2", "00 01 … c7 (200 bytes), S = \"Email Signature\"", Counting(200),
                "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b")
            {
                Customization = Ascii("Email Signature"),
            },
            // N and S empty: SP 800-185 §3.3 defines cSHAKE128(X, L, "", "") = SHAKE128(X, L), so FIPS 202's SHAKE128_Msg0.pdf applies.
            new("SP 800-185 §3.3 with NIST SHAKE128_Msg0.pdf, 32-byte prefix", "empty, S empty", [],
                "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"),
        ]) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Customizable = true };

    /// <summary>cSHAKE256, NIST SP 800-185 §3, function name N empty. With S empty too it equals SHAKE256 (§3.3); measured with both empty.</summary>
    public static Algorithm CShake256 { get; } = new(
        family: "SHA-3",
        name: "cSHAKE256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers:
        [
            // NIST SP 800-185 example values, cSHAKE_samples.pdf, Sample #3: N = "", S = "Email Signature", L = 512.
            new("NIST cSHAKE_samples.pdf, Sample #3", "00010203, S = \"Email Signature\"", Counting(4),
                "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd1" +
                "64020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c")
            {
                Customization = Ascii("Email Signature"),
            },
            // NIST SP 800-185 example values, cSHAKE_samples.pdf, Sample #4: 200-byte data, N = "", S = "Email Signature", L = 512.
            new("NIST cSHAKE_samples.pdf, Sample #4", "00 01 … c7 (200 bytes), S = \"Email Signature\"", Counting(200),
                "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac864302730917" +
                "27f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb")
            {
                Customization = Ascii("Email Signature"),
            },
            // N and S empty: SP 800-185 §3.3 defines cSHAKE256(X, L, "", "") = SHAKE256(X, L), so FIPS 202's SHAKE256_Msg0.pdf applies.
            new("SP 800-185 §3.3 with NIST SHAKE256_Msg0.pdf, 64-byte prefix", "empty, S empty", [],
                "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" +
                "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"),
        ]) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Customizable = true };
}
