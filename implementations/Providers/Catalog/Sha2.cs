namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>The 448-bit message of the FIPS 180 two-block examples for SHA-1, SHA-224 and SHA-256 (also used by RIPEMD-160's authors).</summary>
    private const string Fips180Message448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

    /// <summary>The 896-bit message of the FIPS 180 two-block examples for SHA-384, SHA-512, SHA-512/224 and SHA-512/256.</summary>
    private const string Fips180Message896 =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    // .NET 10 has no intrinsics for the x86 SHA extensions (System.Runtime.Intrinsics.X86 lists none; checked on
    // 10.0.12), so managed code computes the SHA-1 and SHA-256 rounds in general-purpose registers while OpenSSL uses
    // them. On the Intel Xeon (Emerald Rapids) `os` SHA-256 took 0.20× our time at 128 KiB.
    internal static HardwareNote ShaExtensionsNote => new(
        System.Runtime.InteropServices.Architecture.X64,
        "SHA",
        "This CPU has the x86 SHA extensions (SHA-NI), which OpenSSL uses and .NET 10 exposes no intrinsics for (checked on .NET 10.0.12), so `os` can lead managed code by several times at large sizes: that row is the hardware's.");

    /// <summary>SHA-224, FIPS 180-4 §6.3.</summary>
    public static Algorithm Sha224 { get; } = new(
        family: AlgorithmFamily.Sha2,
        name: "SHA-224",
        outputBytes: 28,
        blockBytes: 64,
        knownAnswers:
        [
            // NIST CAVP SHAVS, SHA224ShortMsg.rsp, Len = 0.
            new("NIST CAVP SHA224ShortMsg, Len = 0", "empty", [],
                "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"),
            // NIST FIPS 180-4 example SHA224.pdf, "One Block Message Sample" (also FIPS 180-2 Change Notice 1).
            new("NIST example SHA224.pdf, one-block message", "\"abc\"", Ascii("abc"),
                "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
            // NIST FIPS 180-4 example SHA224.pdf, "Two Block Message Sample" (448 bits).
            new("NIST example SHA224.pdf, two-block message", "\"abcdbcde…nopq\" (56 bytes)", Ascii(Fips180Message448),
                "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"),
        ]) { HardwareNote = ShaExtensionsNote };

    /// <summary>SHA-256, FIPS 180-4 §6.2.</summary>
    public static Algorithm Sha256 { get; } = new(
        family: AlgorithmFamily.Sha2,
        name: "SHA-256",
        outputBytes: 32,
        blockBytes: 64,
        knownAnswers:
        [
            // NIST CAVP SHAVS, SHA256ShortMsg.rsp, Len = 0.
            new("NIST CAVP SHA256ShortMsg, Len = 0", "empty", [],
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            // FIPS 180-2 Appendix B.1 (one-block message), repeated in NIST's SHA256 examples for FIPS 180-4.
            new("FIPS 180-2 Appendix B.1", "\"abc\"", Ascii("abc"),
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            // FIPS 180-2 Appendix B.2 (two-block message, 448 bits).
            new("FIPS 180-2 Appendix B.2", "\"abcdbcde…nopq\" (56 bytes)", Ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            // FIPS 180-2 Appendix B.3 (one million repetitions of 'a').
            new("FIPS 180-2 Appendix B.3", "1,000,000 × 'a'", Enumerable.Repeat((byte)'a', 1_000_000).ToArray(),
                "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        ]) { HardwareNote = ShaExtensionsNote };

    /// <summary>SHA-384, FIPS 180-4 §6.5.</summary>
    public static Algorithm Sha384 { get; } = new(
        family: AlgorithmFamily.Sha2,
        name: "SHA-384",
        outputBytes: 48,
        blockBytes: 128,
        knownAnswers:
        [
            // NIST FIPS 180-4 example SHA2_Additional.pdf, SHA-384 #1 (0 bytes).
            new("NIST example SHA2_Additional.pdf, SHA-384 #1", "empty", [],
                "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"),
            // NIST FIPS 180-4 example SHA384.pdf, "One Block Message Sample" (also FIPS 180-2 Appendix D.1).
            new("NIST example SHA384.pdf, one-block message", "\"abc\"", Ascii("abc"),
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
            // NIST FIPS 180-4 example SHA384.pdf, "Two Block Message Sample" (896 bits; FIPS 180-2 Appendix D.2).
            new("NIST example SHA384.pdf, two-block message", "\"abcdefgh…nopqrstu\" (112 bytes)", Ascii(Fips180Message896),
                "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"),
        ]);

    /// <summary>SHA-512, FIPS 180-4 §6.4.</summary>
    public static Algorithm Sha512 { get; } = new(
        family: AlgorithmFamily.Sha2,
        name: "SHA-512",
        outputBytes: 64,
        blockBytes: 128,
        knownAnswers:
        [
            // NIST FIPS 180-4 example SHA2_Additional.pdf, SHA-512 #1 (0 bytes).
            new("NIST example SHA2_Additional.pdf, SHA-512 #1", "empty", [],
                "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce" +
                "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
            // NIST FIPS 180-4 example SHA512.pdf, "One Block Message Sample" (also FIPS 180-2 Appendix C.1).
            new("NIST example SHA512.pdf, one-block message", "\"abc\"", Ascii("abc"),
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" +
                "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
            // NIST FIPS 180-4 example SHA512.pdf, "Two Block Message Sample" (896 bits; FIPS 180-2 Appendix C.2).
            new("NIST example SHA512.pdf, two-block message", "\"abcdefgh…nopqrstu\" (112 bytes)", Ascii(Fips180Message896),
                "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018" +
                "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"),
        ]);

    /// <summary>SHA-512/224, FIPS 180-4 §6.7.</summary>
    public static Algorithm Sha512_224 { get; } = new(
        family: AlgorithmFamily.Sha2,
        name: "SHA-512/224",
        outputBytes: 28,
        blockBytes: 128,
        knownAnswers:
        [
            // NIST CAVP SHAVS, SHA512_224ShortMsg.rsp, Len = 0.
            new("NIST CAVP SHA512_224ShortMsg, Len = 0", "empty", [],
                "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4"),
            // NIST FIPS 180-4 example SHA512_224.pdf, "One Block Message Sample".
            new("NIST example SHA512_224.pdf, one-block message", "\"abc\"", Ascii("abc"),
                "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"),
            // NIST FIPS 180-4 example SHA512_224.pdf, "Two Block Message Sample" (896 bits).
            new("NIST example SHA512_224.pdf, two-block message", "\"abcdefgh…nopqrstu\" (112 bytes)", Ascii(Fips180Message896),
                "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"),
        ]);

    /// <summary>SHA-512/256, FIPS 180-4 §6.7.</summary>
    public static Algorithm Sha512_256 { get; } = new(
        family: AlgorithmFamily.Sha2,
        name: "SHA-512/256",
        outputBytes: 32,
        blockBytes: 128,
        knownAnswers:
        [
            // NIST CAVP SHAVS, SHA512_256ShortMsg.rsp, Len = 0.
            new("NIST CAVP SHA512_256ShortMsg, Len = 0", "empty", [],
                "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"),
            // NIST FIPS 180-4 example SHA512_256.pdf, "One Block Message Sample".
            new("NIST example SHA512_256.pdf, one-block message", "\"abc\"", Ascii("abc"),
                "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"),
            // NIST FIPS 180-4 example SHA512_256.pdf, "Two Block Message Sample" (896 bits).
            new("NIST example SHA512_256.pdf, two-block message", "\"abcdefgh…nopqrstu\" (112 bytes)", Ascii(Fips180Message896),
                "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"),
        ]);
}
