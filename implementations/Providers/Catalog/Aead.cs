namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>McGrew &amp; Viega's GCM test cases 3, 4, 15 and 16: the 128-bit key K (doubled for AES-256).</summary>
    private const string GcmSpecKey128 = "feffe9928665731c6d6a8f9467308308";

    /// <summary>The 96-bit IV of the same test cases.</summary>
    private const string GcmSpecIv96 = "cafebabefacedbaddecaf888";

    /// <summary>The 64-byte plaintext of test cases 3 and 15; cases 4 and 16 take its first 60 bytes.</summary>
    private const string GcmSpecPlaintext =
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" +
        "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";

    /// <summary>The 20 bytes of associated data of test cases 4 and 16.</summary>
    private const string GcmSpecAssociatedData = "feedfacedeadbeeffeedfacedeadbeefabaddad2";

    /// <summary>RFC 8439 §2.8.2's plaintext, also used by draft-irtf-cfrg-xchacha's AEAD example.</summary>
    private const string SunscreenPlaintext =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";

    /// <summary>RFC 8439 Appendix A.5's plaintext, as hex (it contains the UTF-8 quotation marks of "/“work in progress./”").</summary>
    private const string Rfc8439A5Plaintext =
        "496e7465726e65742d4472616674732061726520647261667420646f63756d65" +
        "6e74732076616c696420666f722061206d6178696d756d206f6620736978206d" +
        "6f6e74687320616e64206d617920626520757064617465642c207265706c6163" +
        "65642c206f72206f62736f6c65746564206279206f7468657220646f63756d65" +
        "6e747320617420616e792074696d652e20497420697320696e617070726f7072" +
        "6961746520746f2075736520496e7465726e65742d4472616674732061732072" +
        "65666572656e6365206d6174657269616c206f7220746f206369746520746865" +
        "6d206f74686572207468616e206173202fe2809c776f726b20696e2070726f67" +
        "726573732e2fe2809d";

    // .NET 10 exposes AES rounds on 128-bit vectors only (System.Runtime.Intrinsics.X86.Aes; no Aes.V256/V512, checked
    // on 10.0.12), while OpenSSL runs VAES on 512-bit vectors where the CPU has it: on the Intel Xeon (Emerald Rapids)
    // `os` AES-128-GCM took 0.28× our time at 128 KiB. The AMD EPYC (Zen 4) has VAES too and `os` trails there, so the
    // note says what the hardware allows, not who leads.
    private static HardwareNote VectorAesNote => new(
        System.Runtime.InteropServices.Architecture.X64,
        "VAES",
        "This CPU has VAES (AES rounds on 256- and 512-bit vectors), which OpenSSL's AES-GCM uses and .NET 10 exposes no intrinsics for (checked on .NET 10.0.12), so `managed` runs its AES rounds 128 bits at a time (it does use 512-bit carry-less multiplication for GHASH). Where `os` leads at large sizes, that is the hardware's.");

    // .NET 10 has no AVX-512 IFMA intrinsics (vpmadd52luq/huq; checked on 10.0.12), with which OpenSSL computes Poly1305
    // in radix 2^44 where the CPU has them; our Poly1305 multiplies 26-bit limbs with vpmuludq. On the AMD EPYC (Zen 4),
    // ChaCha20-Poly1305 encryption at 128 KiB: `os` 35.6 µs, and 40.6 µs with IFMA hidden from OpenSSL
    // (OPENSSL_ia32cap=":~0x200000"), against `managed (avx512)` 43.0 µs; decryption 35.7 and 40.5 against 41.4 µs
    // (harness run --algorithm ChaCha20-Poly1305 --sizes 8KiB,128KiB --job quick, the os entry with and without the mask).
    // So IFMA is most of `os`'s lead there, not all of it.
    private static HardwareNote IfmaNote => new(
        System.Runtime.InteropServices.Architecture.X64,
        "AVX-512 IFMA",
        "This CPU has AVX-512 IFMA (52-bit integer multiply-add), which OpenSSL's Poly1305 uses and .NET 10 exposes no intrinsics for (checked on .NET 10.0.12), so `managed` computes Poly1305 with 32×32-bit multiplies. Where `os` leads at large sizes, most of that lead is the hardware's.");

    /// <summary>AES-128 in GCM, NIST SP 800-38D, 96-bit nonce. Output bytes are the 128-bit tag; benchmarks pass 16 bytes of associated data.</summary>
    public static Algorithm Aes128Gcm { get; } = Aead("AES-128-GCM", blockBytes: 16, keyBytes: 16, nonceBytes: 12, VectorAesNote, GcmSpecVectors(firstCase: 2, GcmSpecKey128,
        "0388dace60b6a392f328c2b971b2fe78" +
        "ab6e47d42cec13bdf53a67b21257bddf",
        "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e" +
        "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985" +
        "4d5c2af327cd64a62cf35abd2ba6fab4",
        "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e" +
        "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091" +
        "5bc94fbc3221a5db94fae95ae7121a47"));

    /// <summary>AES-256 in GCM, NIST SP 800-38D, 96-bit nonce. Output bytes are the 128-bit tag; benchmarks pass 16 bytes of associated data.</summary>
    public static Algorithm Aes256Gcm { get; } = Aead("AES-256-GCM", blockBytes: 16, keyBytes: 32, nonceBytes: 12, VectorAesNote, GcmSpecVectors(firstCase: 14, GcmSpecKey128 + GcmSpecKey128,
        "cea7403d4d606b6e074ec5d3baf39d18" +
        "d0d1c8a799996bf0265b98b5d48ab919",
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa" +
        "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad" +
        "b094dac5d93471bdec1a502270e3cc6c",
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa" +
        "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662" +
        "76fc6ece0f4e1768cddf8853bb2d551b"));

    /// <summary>ChaCha20-Poly1305, RFC 8439 §2.8. Output bytes are the 128-bit tag; benchmarks pass 16 bytes of associated data.</summary>
    public static Algorithm ChaCha20Poly1305 { get; } = Aead("ChaCha20-Poly1305", blockBytes: 64, keyBytes: 32, nonceBytes: 12, IfmaNote,
        [
            // RFC 8439 §2.8.2, "Example and Test Vector for AEAD_CHACHA20_POLY1305": the 114-byte "sunscreen" text.
            new("RFC 8439 §2.8.2", "\"Ladies and Gentlemen of the class of '99…\" (114 bytes), 12-byte AAD", Ascii(SunscreenPlaintext),
                "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6" +
                "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
                "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc" +
                "3ff4def08e4b7a9de576d26586cec64b6116" +
                "1ae10b594f09e26a7e902ecbd0600691")
            {
                Key = Hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"),
                Nonce = Hex("070000004041424344454647"),
                AssociatedData = Hex("50515253c0c1c2c3c4c5c6c7"),
            },
            // RFC 8439 Appendix A.5, "ChaCha20-Poly1305 AEAD Decryption": the 265-byte Internet-Draft boilerplate (the RFC gives
            // the ciphertext to decrypt; encrypting the plaintext must give it back).
            new("RFC 8439 Appendix A.5", "\"Internet-Drafts are draft documents…\" (265 bytes), 12-byte AAD", Hex(Rfc8439A5Plaintext),
                "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2" +
                "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf" +
                "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855" +
                "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4" +
                "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e" +
                "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a" +
                "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10" +
                "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29" +
                "a6ad5cb4022b02709b" +
                "eead9d67890cbb22392336fea1851f38")
            {
                Key = Hex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"),
                Nonce = Hex("000000000102030405060708"),
                AssociatedData = Hex("f33388860000000000004e91"),
            },
        ]);

    /// <summary>XChaCha20-Poly1305, draft-irtf-cfrg-xchacha-03: an HChaCha20 subkey, then RFC 8439 with the last 8 nonce bytes. Output bytes are the 128-bit tag; benchmarks pass 16 bytes of associated data.</summary>
    public static Algorithm XChaCha20Poly1305 { get; } = Aead("XChaCha20-Poly1305", blockBytes: 64, keyBytes: 32, nonceBytes: 24, hardwareNote: null,
        [
            // draft-irtf-cfrg-xchacha-03 Appendix A.3.1, "Example and Test Vector for AEAD_XCHACHA20_POLY1305": the "sunscreen" text.
            new("draft-irtf-cfrg-xchacha-03 Appendix A.3.1", "\"Ladies and Gentlemen of the class of '99…\" (114 bytes), 12-byte AAD", Ascii(SunscreenPlaintext),
                "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb" +
                "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452" +
                "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9" +
                "21f9664c97637da9768812f615c68b13b52e" +
                "c0875924c1c7987947deafd8780acf49")
            {
                Key = Hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"),
                Nonce = Hex("404142434445464748494a4b4c4d4e4f5051525354555657"),
                AssociatedData = Hex("50515253c0c1c2c3c4c5c6c7"),
            },
            // Project Wycheproof (C2SP/wycheproof), testvectors_v1/xchacha20_poly1305_test.json, tcId 2: empty plaintext and
            // associated data, so the output is the tag alone.
            new("Wycheproof xchacha20_poly1305_test.json, tcId 2", "empty, no AAD", [],
                "e2697ea6877aba39d9555a00e14db041")
            {
                Key = Hex("ab1562faea9f47af3ae1c3d6d030e3af230255dff3df583ced6fbbcbf9d606a9"),
                Nonce = Hex("6a5e0c4617e07091b605a4de2c02dde117de2ebd53b23497"),
            },
            // Project Wycheproof, xchacha20_poly1305_test.json, tcId 13: 5-byte plaintext, 8 bytes of associated data.
            new("Wycheproof xchacha20_poly1305_test.json, tcId 13", "945a1fd040, 8-byte AAD", Hex("945a1fd040"),
                "fb5daf8c6e" +
                "ec1682b61957493c2eb758d7a2b7a179")
            {
                Key = Hex("48f1389d9222a80898ca26b5cfef5dc82dfc0af7cf66ea1e01bc5279e7414247"),
                Nonce = Hex("88ccb58d435ea760f19e1fa6172139a071c0c5143959a56c"),
                AssociatedData = Hex("5cbdd482f3429a27"),
            },
        ]);

    /// <summary>
    /// An AEAD of this file: each one's output is its 128-bit tag, so they differ only in name, block, key and nonce sizes
    /// and known answers.
    /// </summary>
    private static Algorithm Aead(
        string name, int blockBytes, int keyBytes, int nonceBytes, HardwareNote? hardwareNote, KnownAnswer[] knownAnswers) => new(
        family: AlgorithmFamily.Aead,
        name: name,
        outputBytes: 16,
        blockBytes: blockBytes,
        knownAnswers: knownAnswers) { Kind = AlgorithmKind.Aead, KeyBytes = keyBytes, NonceBytes = nonceBytes, TagBytes = 16, HardwareNote = hardwareNote };

    /// <summary>
    /// Three of McGrew &amp; Viega's test cases ("The Galois/Counter Mode of Operation (GCM)", Appendix B) for one key
    /// size, numbered from <paramref name="firstCase"/> (2 for AES-128, 14 for AES-256); <paramref name="expected"/> holds
    /// each case's ciphertext followed by its tag, in order.
    /// </summary>
    private static KnownAnswer[] GcmSpecVectors(int firstCase, string key, params string[] expected) =>
    [
        // Test Case 2 / 14: zero key (of the same size), IV and block.
        new($"McGrew & Viega GCM spec, Test Case {firstCase}", "16 zero bytes, zero key and IV", new byte[16], expected[0])
        {
            Key = new byte[key.Length / 2],
            Nonce = new byte[12],
        },
        // Test Case 3 / 15: 64-byte plaintext, no associated data.
        new($"McGrew & Viega GCM spec, Test Case {firstCase + 1}", "64 bytes d9313225…1aafd255", Hex(GcmSpecPlaintext), expected[1])
        {
            Key = Hex(key),
            Nonce = Hex(GcmSpecIv96),
        },
        // Test Case 4 / 16: the first 60 bytes of that plaintext, 20 bytes of associated data.
        new($"McGrew & Viega GCM spec, Test Case {firstCase + 2}", "60 bytes d9313225…ba637b39, 20-byte AAD", Hex(GcmSpecPlaintext[..120]), expected[2])
        {
            Key = Hex(key),
            Nonce = Hex(GcmSpecIv96),
            AssociatedData = Hex(GcmSpecAssociatedData),
        },
    ];
}
