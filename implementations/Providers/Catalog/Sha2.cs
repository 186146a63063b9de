namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>SHA-256, FIPS 180-4 §6.2.</summary>
    public static Algorithm Sha256 { get; } = new(
        family: "SHA-2",
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
        ]);
}
