namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>The key of every NIST SP 800-185 KMAC sample (KMAC_samples.pdf): the 32 bytes 40 41 … 5f.</summary>
    private static byte[] Kmac185SampleKey() => Hex("404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f");

    /// <summary>HMAC (RFC 2104, FIPS 198-1) over SHA-256; benchmarked with a 32-byte key.</summary>
    public static Algorithm HmacSha256 { get; } = new(
        family: AlgorithmFamily.Mac,
        name: "HMAC-SHA-256",
        outputBytes: 32,
        blockBytes: 64,
        knownAnswers:
        [
            // RFC 4231 §4.2, Test Case 1: 20-byte key 0x0b…, "Hi There".
            new("RFC 4231 §4.2, Test Case 1", "\"Hi There\", key 20 × 0x0b", Ascii("Hi There"),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
            {
                Key = Enumerable.Repeat((byte)0x0b, 20).ToArray(),
            },
            // RFC 4231 §4.3, Test Case 2: key "Jefe" (shorter than the output).
            new("RFC 4231 §4.3, Test Case 2", "\"what do ya want for nothing?\", key \"Jefe\"", Ascii("what do ya want for nothing?"),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
            {
                Key = Ascii("Jefe"),
            },
            // RFC 4231 §4.4, Test Case 3: 20-byte key 0xaa…, 50 bytes of 0xdd.
            new("RFC 4231 §4.4, Test Case 3", "50 × 0xdd, key 20 × 0xaa", Enumerable.Repeat((byte)0xdd, 50).ToArray(),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
            {
                Key = Enumerable.Repeat((byte)0xaa, 20).ToArray(),
            },
            // RFC 4231 §4.5, Test Case 4: 25-byte key 01 02 … 19, 50 bytes of 0xcd.
            new("RFC 4231 §4.5, Test Case 4", "50 × 0xcd, key 01 02 … 19", Enumerable.Repeat((byte)0xcd, 50).ToArray(),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
            {
                Key = Hex("0102030405060708090a0b0c0d0e0f10111213141516171819"),
            },
            // RFC 4231 §4.7, Test Case 6: 131-byte key 0xaa…, longer than the block, so it is hashed first.
            new("RFC 4231 §4.7, Test Case 6", "\"Test Using Larger Than Block-Size Key - Hash Key First\", key 131 × 0xaa",
                Ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
            {
                Key = Enumerable.Repeat((byte)0xaa, 131).ToArray(),
            },
            // Project Wycheproof (C2SP/wycheproof), testvectors_v1/hmac_sha256_test.json, tcId 1: a 32-byte key, the only
            // length NSec's HmacSha256 imports (RFC 4231 has none of that length).
            new("Wycheproof hmac_sha256_test.json, tcId 1", "empty, 32-byte key", [],
                "b175b57d89ea6cb606fb3363f2538abd73a4c00b4a1386905bac809004cf1933")
            {
                Key = Hex("1e225cafb90339bba1b24076d4206c3e79c355805d851682bc818baa4f5a7779"),
            },
            // Wycheproof hmac_sha256_test.json, tcId 2: one-byte message, 32-byte key.
            new("Wycheproof hmac_sha256_test.json, tcId 2", "77, 32-byte key", Hex("77"),
                "dfc5105d5eecf7ae7b8b8de3930e7659e84c4172f2555142f1e568fc1872ad93")
            {
                Key = Hex("8159fd15133cd964c9a6964c94f0ea269a806fd9f43f0da58b6cd1b33d189b2a"),
            },
        ]) { Kind = AlgorithmKind.Mac, KeyBytes = 32 };

    /// <summary>HMAC (RFC 2104, FIPS 198-1) over SHA-512; benchmarked with a 32-byte key.</summary>
    public static Algorithm HmacSha512 { get; } = new(
        family: AlgorithmFamily.Mac,
        name: "HMAC-SHA-512",
        outputBytes: 64,
        blockBytes: 128,
        knownAnswers:
        [
            // RFC 4231 §4.2, Test Case 1: 20-byte key 0x0b…, "Hi There".
            new("RFC 4231 §4.2, Test Case 1", "\"Hi There\", key 20 × 0x0b", Ascii("Hi There"),
                "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde" +
                "daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854")
            {
                Key = Enumerable.Repeat((byte)0x0b, 20).ToArray(),
            },
            // RFC 4231 §4.3, Test Case 2: key "Jefe" (shorter than the output).
            new("RFC 4231 §4.3, Test Case 2", "\"what do ya want for nothing?\", key \"Jefe\"", Ascii("what do ya want for nothing?"),
                "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554" +
                "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737")
            {
                Key = Ascii("Jefe"),
            },
            // RFC 4231 §4.4, Test Case 3: 20-byte key 0xaa…, 50 bytes of 0xdd.
            new("RFC 4231 §4.4, Test Case 3", "50 × 0xdd, key 20 × 0xaa", Enumerable.Repeat((byte)0xdd, 50).ToArray(),
                "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39" +
                "bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb")
            {
                Key = Enumerable.Repeat((byte)0xaa, 20).ToArray(),
            },
            // RFC 4231 §4.5, Test Case 4: 25-byte key 01 02 … 19, 50 bytes of 0xcd.
            new("RFC 4231 §4.5, Test Case 4", "50 × 0xcd, key 01 02 … 19", Enumerable.Repeat((byte)0xcd, 50).ToArray(),
                "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3db" +
                "a91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd")
            {
                Key = Hex("0102030405060708090a0b0c0d0e0f10111213141516171819"),
            },
            // RFC 4231 §4.7, Test Case 6: 131-byte key 0xaa…, longer than the block, so it is hashed first.
            new("RFC 4231 §4.7, Test Case 6", "\"Test Using Larger Than Block-Size Key - Hash Key First\", key 131 × 0xaa",
                Ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
                "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352" +
                "6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598")
            {
                Key = Enumerable.Repeat((byte)0xaa, 131).ToArray(),
            },
            // Project Wycheproof (C2SP/wycheproof), testvectors_v1/hmac_sha512_test.json, tcId 1: a 64-byte key, within the
            // 32 to 64 bytes NSec's HmacSha512 imports (RFC 4231 has none of those lengths).
            new("Wycheproof hmac_sha512_test.json, tcId 1", "empty, 64-byte key", [],
                "d0a556bd1afa8df1ebf9e3ee683a8a2450a7c83eba2daf2e2ff2f953f0cd64da" +
                "216e67134cf55578b205c8a1e241ba1369516a5ef4298b9c1d31e9d59fc04fe4")
            {
                Key = Hex("5365244bb43f23f18dfc86c09d62db4741138bec1fbddc282d295e0a098eb5c3" +
                    "e37bd6f4cc16d5ce7d77b1d474a1eb4db313cc0c24e48992ac125196549df9a8"),
            },
            // Wycheproof hmac_sha512_test.json, tcId 2: one-byte message, 64-byte key.
            new("Wycheproof hmac_sha512_test.json, tcId 2", "01, 64-byte key", Hex("01"),
                "4d1609cc2c2f1ab5ddc35815ae1b5dc046f226bde17ec37a4c89ec46fbd31af2" +
                "aeb810b196dffdd11924d3772bef26a7a542e0a1673b76b915d41cbd3df0f6a6")
            {
                Key = Hex("00698977f7102c67b594166919aa99dc3e58c7b6697a6422e238d04d2f57b2c7" +
                    "4e4e84f5c4c6b792952df72f1c09244802f0bcf8752efb90e836110703bfa21c"),
            },
        ]) { Kind = AlgorithmKind.Mac, KeyBytes = 32 };

    /// <summary>KMAC128, NIST SP 800-185 §4, 32-byte output; benchmarked with a 32-byte key and an empty customization string.</summary>
    public static Algorithm Kmac128 { get; } = new(
        family: AlgorithmFamily.Mac,
        name: "KMAC128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers:
        [
            // NIST SP 800-185 example values, KMAC_samples.pdf, Sample #1: key 40 41 … 5f, S empty.
            new("NIST KMAC_samples.pdf, Sample #1", "00010203, S = \"\"", Counting(4),
                "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e")
            {
                Key = Kmac185SampleKey(),
            },
            // NIST SP 800-185 example values, KMAC_samples.pdf, Sample #2: key 40 41 … 5f, S = "My Tagged Application".
            new("NIST KMAC_samples.pdf, Sample #2", "00010203, S = \"My Tagged Application\"", Counting(4),
                "3b1fba963cd8b0b59e8c1a6d71888b7143651af8ba0a7070c0979e2811324aa5")
            {
                Key = Kmac185SampleKey(),
                Customization = Ascii("My Tagged Application"),
            },
            // NIST SP 800-185 example values, KMAC_samples.pdf, Sample #3: key 40 41 … 5f, S = "My Tagged Application".
            new("NIST KMAC_samples.pdf, Sample #3", "00 01 … c7 (200 bytes), S = \"My Tagged Application\"", Counting(200),
                "1f5b4e6cca02209e0dcb5ca635b89a15e271ecc760071dfd805faa38f9729230")
            {
                Key = Kmac185SampleKey(),
                Customization = Ascii("My Tagged Application"),
            },
        ]) { Kind = AlgorithmKind.Mac, KeyBytes = 32, Customizable = true };

    /// <summary>KMAC256, NIST SP 800-185 §4, 64-byte output; benchmarked with a 32-byte key and an empty customization string.</summary>
    public static Algorithm Kmac256 { get; } = new(
        family: AlgorithmFamily.Mac,
        name: "KMAC256",
        outputBytes: 64,
        blockBytes: 136,
        knownAnswers:
        [
            // NIST SP 800-185 example values, KMAC_samples.pdf, Sample #4: key 40 41 … 5f, S = "My Tagged Application".
            new("NIST KMAC_samples.pdf, Sample #4", "00010203, S = \"My Tagged Application\"", Counting(4),
                "20c570c31346f703c9ac36c61c03cb64c3970d0cfc787e9b79599d273a68d2f7" +
                "f69d4cc3de9d104a351689f27cf6f5951f0103f33f4f24871024d9c27773a8dd")
            {
                Key = Kmac185SampleKey(),
                Customization = Ascii("My Tagged Application"),
            },
            // NIST SP 800-185 example values, KMAC_samples.pdf, Sample #5: key 40 41 … 5f, S empty.
            new("NIST KMAC_samples.pdf, Sample #5", "00 01 … c7 (200 bytes), S = \"\"", Counting(200),
                "75358cf39e41494e949707927cee0af20a3ff553904c86b08f21cc414bcfd691" +
                "589d27cf5e15369cbbff8b9a4c2eb17800855d0235ff635da82533ec6b759b69")
            {
                Key = Kmac185SampleKey(),
            },
            // NIST SP 800-185 example values, KMAC_samples.pdf, Sample #6: key 40 41 … 5f, S = "My Tagged Application".
            new("NIST KMAC_samples.pdf, Sample #6", "00 01 … c7 (200 bytes), S = \"My Tagged Application\"", Counting(200),
                "b58618f71f92e1d56c1b8c55ddd7cd188b97b4ca4d99831eb2699a837da2e4d9" +
                "70fbacfde50033aea585f1a2708510c32d07880801bd182898fe476876fc8965")
            {
                Key = Kmac185SampleKey(),
                Customization = Ascii("My Tagged Application"),
            },
        ]) { Kind = AlgorithmKind.Mac, KeyBytes = 32, Customizable = true };
}
