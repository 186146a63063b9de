namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    private const string LegacyNote =
        "Broken for collision resistance; here only for checksum compatibility with existing files and protocols. Never use it for new signatures, certificates or integrity against an adversary.";

    /// <summary>MD5, RFC 1321.</summary>
    public static Algorithm Md5 { get; } = new(
        family: AlgorithmFamily.Legacy,
        name: "MD5",
        outputBytes: 16,
        blockBytes: 64,
        knownAnswers:
        [
            // RFC 1321 Appendix A.5 (test suite): MD5 ("").
            new("RFC 1321 Appendix A.5", "empty", [],
                "d41d8cd98f00b204e9800998ecf8427e"),
            // RFC 1321 Appendix A.5: MD5 ("abc").
            new("RFC 1321 Appendix A.5", "\"abc\"", Ascii("abc"),
                "900150983cd24fb0d6963f7d28e17f72"),
            // RFC 1321 Appendix A.5: MD5 ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"); the padding needs a second block.
            new("RFC 1321 Appendix A.5", "\"A…Za…z0…9\" (62 bytes)", Ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"),
                "d174ab98d277d9f5a5611c2c9f419d9f"),
            // RFC 1321 Appendix A.5: MD5 ("1234567890" repeated 8 times, 80 bytes).
            new("RFC 1321 Appendix A.5", "8 × \"1234567890\"", AsciiRepeated("1234567890", 8),
                "57edf4a22be3c955ac49da2e2107b67a"),
        ]) { Note = LegacyNote };

    /// <summary>SHA-1, FIPS 180-4 §6.1.</summary>
    public static Algorithm Sha1 { get; } = new(
        family: AlgorithmFamily.Legacy,
        name: "SHA-1",
        outputBytes: 20,
        blockBytes: 64,
        knownAnswers:
        [
            // NIST CAVP SHAVS, SHA1ShortMsg.rsp, Len = 0.
            new("NIST CAVP SHA1ShortMsg, Len = 0", "empty", [],
                "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            // NIST FIPS 180-4 example SHA1.pdf, "One Block Message Sample" (also FIPS 180-2 Appendix A.1).
            new("NIST example SHA1.pdf, one-block message", "\"abc\"", Ascii("abc"),
                "a9993e364706816aba3e25717850c26c9cd0d89d"),
            // NIST FIPS 180-4 example SHA1.pdf, "Two Block Message Sample" (448 bits; FIPS 180-2 Appendix A.2).
            new("NIST example SHA1.pdf, two-block message", "\"abcdbcde…nopq\" (56 bytes)", Ascii(Fips180Message448),
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ]) { Note = LegacyNote, HardwareNote = ShaExtensionsNote };
}
