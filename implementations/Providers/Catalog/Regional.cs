namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>RFC 6986 §10.1's message M1 as the RFC prints it (a big-endian number): the ASCII digits "0123…012" reversed.</summary>
    private const string Rfc6986Message1 =
        "3231303938373635343332313039383736353433323130393837363534333231" +
        "30393837363534333231303938373635343332313039383736353433323130";

    /// <summary>RFC 6986 §10.2's message M2 as the RFC prints it (a big-endian number); read in order it is CP1251 text.</summary>
    private const string Rfc6986Message2 =
        "fbe2e5f0eee3c820fbeafaebef20fffbf0e1e0f0f520e0ed20e8ece0ebe5f0f2" +
        "f120fff0eeec20f120faf2fee5e2202ce8f6f3ede220e8e6eee1e8f0f2d1202c" +
        "e8f0f2e5e220e5d1";

    /// <summary>
    /// RFC 6986 (like GOST R 34.11-2012 itself) prints messages and hash codes as big-endian numbers, most significant
    /// byte first; the byte string an implementation reads or writes is the reverse. Vectors are typed as printed and
    /// reversed here (Bouncy Castle's Gost3411_2012_256Digest/512Digest agree with this reading).
    /// </summary>
    private static byte[] Rfc6986Bytes(string printedHex)
    {
        var bytes = Convert.FromHexString(printedHex);
        Array.Reverse(bytes);
        return bytes;
    }

    private static string Rfc6986Hex(string printedHex) => Convert.ToHexStringLower(Rfc6986Bytes(printedHex));

    /// <summary>SM3, GB/T 32905-2016 (China).</summary>
    public static Algorithm Sm3 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "SM3",
        outputBytes: 32,
        blockBytes: 64,
        knownAnswers:
        [
            // GB/T 32905-2016 Appendix A.1 (example 1): the 24-bit message "abc".
            new("GB/T 32905-2016 Appendix A.1", "\"abc\"", Ascii("abc"),
                "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"),
            // GB/T 32905-2016 Appendix A.2 (example 2): the 512-bit message "abcd" repeated 16 times, so padding needs a second block.
            new("GB/T 32905-2016 Appendix A.2", "16 × \"abcd\"", AsciiRepeated("abcd", 16),
                "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"),
        ]) { Note = "Chinese national standard (GB/T 32905-2016), required for commercial cryptography in China." };

    /// <summary>Streebog with 256-bit output, GOST R 34.11-2012 / RFC 6986.</summary>
    public static Algorithm Streebog256 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "Streebog-256",
        outputBytes: 32,
        blockBytes: 64,
        knownAnswers:
        [
            // RFC 6986 §10.1 (Example 1; GOST R 34.11-2012 Appendix A.1), 256-bit hash code of M1 (the ASCII digits "0123…012").
            new("RFC 6986 §10.1, Example 1", "M1: \"012345678901…012\" (63 bytes)", Rfc6986Bytes(Rfc6986Message1),
                Rfc6986Hex("00557be5e584fd52a449b16b0251d05d27f94ab76cbaa6da890b59d8ef1e159d")),
            // RFC 6986 §10.2 (Example 2; GOST R 34.11-2012 Appendix A.2), 256-bit hash code of M2 (72 bytes, two blocks).
            new("RFC 6986 §10.2, Example 2", "M2: 72 bytes of CP1251 text d1 e5 20 e2 …", Rfc6986Bytes(Rfc6986Message2),
                Rfc6986Hex("508f7e553c06501d749a66fc28c6cac0b005746d97537fa85d9e40904efed29d")),
        ]) { Note = "Russian national standard GOST R 34.11-2012 (RFC 6986), required where GOST cryptography is mandated." };

    /// <summary>Streebog with 512-bit output, GOST R 34.11-2012 / RFC 6986.</summary>
    public static Algorithm Streebog512 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "Streebog-512",
        outputBytes: 64,
        blockBytes: 64,
        knownAnswers:
        [
            // RFC 6986 §10.1 (Example 1; GOST R 34.11-2012 Appendix A.1), 512-bit hash code of M1 (the ASCII digits "0123…012").
            new("RFC 6986 §10.1, Example 1", "M1: \"012345678901…012\" (63 bytes)", Rfc6986Bytes(Rfc6986Message1),
                Rfc6986Hex("486f64c1917879417fef082b3381a4e211c324f074654c38823a7b76f830ad00" +
                    "fa1fbae42b1285c0352f227524bc9ab16254288dd6863dccd5b9f54a1ad0541b")),
            // RFC 6986 §10.2 (Example 2; GOST R 34.11-2012 Appendix A.2), 512-bit hash code of M2 (72 bytes, two blocks).
            new("RFC 6986 §10.2, Example 2", "M2: 72 bytes of CP1251 text d1 e5 20 e2 …", Rfc6986Bytes(Rfc6986Message2),
                Rfc6986Hex("28fbc9bada033b1460642bdcddb90c3fb3e56c497ccd0f62b8a2ad4935e85f03" +
                    "7613966de4ee00531ae60f3b5a47f8dae06915d5f2f194996fcabf2622e6881e")),
        ]) { Note = "Russian national standard GOST R 34.11-2012 (RFC 6986), required where GOST cryptography is mandated." };

    /// <summary>Whirlpool, ISO/IEC 10118-3:2004.</summary>
    public static Algorithm Whirlpool { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "Whirlpool",
        outputBytes: 64,
        blockBytes: 64,
        knownAnswers:
        [
            // ISO/IEC 10118-3:2004 test vectors, as in the Whirlpool reference package (Barreto & Rijmen, iso-test-vectors.txt): "".
            new("ISO/IEC 10118-3 Whirlpool test vectors", "empty", [],
                "19fa61d75522a4669b44e39c1d2e1726c530232130d407f89afee0964997f7a7" +
                "3e83be698b288febcf88e3e03c4f0757ea8964e59b63d93708b138cc42a66eb3"),
            // Same set: "abc".
            new("ISO/IEC 10118-3 Whirlpool test vectors", "\"abc\"", Ascii("abc"),
                "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c" +
                "7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5"),
            // Same set: "A…Za…z0…9" (62 bytes; the 256-bit length field pushes the padding into a second block).
            new("ISO/IEC 10118-3 Whirlpool test vectors", "\"A…Za…z0…9\" (62 bytes)", Ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"),
                "dc37e008cf9ee69bf11f00ed9aba26901dd7c28cdec066cc6af42e40f82f3a1e" +
                "08eba26629129d8fb7cb57211b9281a65517cc879d7b962142c65f5a7af01467"),
            // Same set: 8 times "1234567890" (80 bytes).
            new("ISO/IEC 10118-3 Whirlpool test vectors", "8 × \"1234567890\"", AsciiRepeated("1234567890", 8),
                "466ef18babb0154d25b9d38a6414f5c08784372bccb204d6549c4afadb601429" +
                "4d5bd8df2a6c44e538cd047b2681a51a2c60481e88c5a20b2c2a80cf3a9a083b"),
        ]) { Note = "ISO/IEC 10118-3 hash recommended by NESSIE; found in older archive and disk-encryption formats." };

    /// <summary>RIPEMD-160, ISO/IEC 10118-3.</summary>
    public static Algorithm Ripemd160 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "RIPEMD-160",
        outputBytes: 20,
        blockBytes: 64,
        knownAnswers:
        [
            // Dobbertin, Bosselaers, Preneel, "RIPEMD-160: A Strengthened Version of RIPEMD", Appendix B "Test values"
            // (also A. Bosselaers' RIPEMD-160 page, homes.esat.kuleuven.be/~bosselae/ripemd160.html): "".
            new("RIPEMD-160 paper Appendix B / authors' page", "empty", [],
                "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
            // Same table: "abc".
            new("RIPEMD-160 paper Appendix B / authors' page", "\"abc\"", Ascii("abc"),
                "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
            // Same table: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq" (56 bytes; padding needs a second block).
            new("RIPEMD-160 paper Appendix B / authors' page", "\"abcdbcde…nopq\" (56 bytes)", Ascii(Fips180Message448),
                "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
            // Same table: 8 times "1234567890" (80 bytes).
            new("RIPEMD-160 paper Appendix B / authors' page", "8 × \"1234567890\"", AsciiRepeated("1234567890", 8),
                "9b752e45573d4b39f4dbd3323cab82bf63326bfb"),
        ]) { Note = "ISO/IEC 10118-3 hash; still used in Bitcoin addresses (HASH160) and OpenPGP v4 tooling." };

    /// <summary>Kupyna with 256-bit output, DSTU 7564:2014 (Ukraine).</summary>
    public static Algorithm Kupyna256 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "Kupyna-256",
        outputBytes: 32,
        blockBytes: 64,
        knownAnswers:
        [
            // DSTU 7564:2014 examples, reproduced in the designers' reference implementation (Kiianchuk, Mordvinov, Oliynykov,
            // Roman-Oliynykov/Kupyna-reference, main.c: hash_256_6): N = 0.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 0)", "empty", [],
                "cd5101d1ccdf0d1d1f4ada56e888cd724ca1a0838a3521e7131d4fb78d0f5eb6"),
            // Same (hash_256_1): N = 512, the message 00 01 … 3f, exactly one block.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 512)", "00 01 … 3f (64 bytes)", Counting(64),
                "08f4ee6f1be6903b324c4e27990cb24ef69dd58dbe84813ee0a52f6631239875"),
            // Same (hash_256_2): N = 1024, the message 00 01 … 7f.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 1024)", "00 01 … 7f (128 bytes)", Counting(128),
                "0a9474e645a7d25e255e9e89fff42ec7eb31349007059284f0b182e452bda882"),
            // Same (hash_256_3): N = 2048, the message 00 01 … ff.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 2048)", "00 01 … ff (256 bytes)", Counting(256),
                "d305a32b963d149dc765f68594505d4077024f836c1bf03806e1624ce176c08f"),
        ]) { Note = "Ukrainian national standard DSTU 7564:2014." };

    /// <summary>Kupyna with 384-bit output, DSTU 7564:2014 (Ukraine).</summary>
    public static Algorithm Kupyna384 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "Kupyna-384",
        outputBytes: 48,
        blockBytes: 128,
        knownAnswers:
        [
            // DSTU 7564:2014 examples, reproduced in the designers' reference implementation (Roman-Oliynykov/Kupyna-reference,
            // main.c: hash_384_1): N = 760, the message 00 01 … 5e. The other Kupyna-384 examples there are not whole bytes.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 760)", "00 01 … 5e (95 bytes)", Counting(95),
                "d9021692d84e5175735654846ba751e6d0ed0fac36dfbc0841287dcb0b5584c7" +
                "5016c3decc2a6e47c50b2f3811e351b8"),
            // Not from the standard: "abc" as listed in Bouncy Castle's (bc-java) DigestTest abcVectors, "DSTU7564-384".
            new("Bouncy Castle DigestTest, DSTU7564-384 \"abc\"", "\"abc\"", Ascii("abc"),
                "72945012b0820c3132846ddc90da511f80bb7b70abd0cb1ab8df785d600c187b" +
                "9d0ac567e8b6f76fde8a0b417a2ebf88"),
        ]) { Note = "Ukrainian national standard DSTU 7564:2014." };

    /// <summary>Kupyna with 512-bit output, DSTU 7564:2014 (Ukraine).</summary>
    public static Algorithm Kupyna512 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "Kupyna-512",
        outputBytes: 64,
        blockBytes: 128,
        knownAnswers:
        [
            // DSTU 7564:2014 examples, reproduced in the designers' reference implementation (Roman-Oliynykov/Kupyna-reference,
            // main.c: hash_512_6): N = 0.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 0)", "empty", [],
                "656b2f4cd71462388b64a37043ea55dbe445d452aecd46c3298343314ef04019" +
                "bcfa3f04265a9857f91be91fce197096187ceda78c9c1c021c294a0689198538"),
            // Same (hash_512_1): N = 512, the message 00 01 … 3f.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 512)", "00 01 … 3f (64 bytes)", Counting(64),
                "3813e2109118cdfb5a6d5e72f7208dccc80a2dfb3afdfb02f46992b5edbe536b" +
                "3560dd1d7e29c6f53978af58b444e37ba685c0dd910533ba5d78efffc13de62a"),
            // Same (hash_512_2): N = 1024, the message 00 01 … 7f, exactly one block.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 1024)", "00 01 … 7f (128 bytes)", Counting(128),
                "76ed1ac28b1d0143013ffa87213b4090b356441263c13e03fa060a8cada32b97" +
                "9635657f256b15d5fca4a174de029f0b1b4387c878fcc1c00e8705d783fd7ffe"),
            // Same (hash_512_3): N = 2048, the message 00 01 … ff.
            new("DSTU 7564:2014 examples, Kupyna-reference main.c (N = 2048)", "00 01 … ff (256 bytes)", Counting(256),
                "0dd03d7350c409cb3c29c25893a0724f6b133fa8b9eb90a64d1a8fa93b565566" +
                "11eb187d715a956b107e3bfc76482298133a9ce8cbc0bd5e1436a5b197284f7e"),
        ]) { Note = "Ukrainian national standard DSTU 7564:2014." };
}
