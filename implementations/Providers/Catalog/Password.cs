namespace CryptoHarness.Implementations;

// Password hashes: Argon2 (RFC 9106) and bcrypt. Input is the password, Nonce the salt, Key Argon2's secret K,
// AssociatedData its X. Raw outputs are checked where a provider can run the vector's parameters; Encoded strings are
// verified (right password true, a wrong one false) by every provider that parses them.
public static partial class Algorithms
{
    /// <summary>Argon2 block size: the matrix is m blocks of 1 KiB (RFC 9106 section 3.2).</summary>
    private const int Argon2BlockBytes = 1024;

    /// <summary>RFC 9106 section 5's inputs: 32 bytes of 0x01, salt 16 × 0x02, secret 8 × 0x03, associated data 12 × 0x04; m=32, t=3, p=4, 32-byte tag.</summary>
    private static KnownAnswer Rfc9106(string section, string expectedHex) =>
        new($"RFC 9106 section {section}", "RFC 9106 test vector (m=32, t=3, p=4, with secret and associated data)", Filled(32, 0x01), expectedHex)
        {
            Nonce = Filled(16, 0x02),
            Key = Filled(8, 0x03),
            AssociatedData = Filled(12, 0x04),
            PasswordParameters = PasswordHashParameters.Argon2(32, 3, 4),
        };

    /// <summary>phc-winner-argon2 src/test.c (version 0x13): "password", salt "somesalt", t=2, m=2^16, p=1, with its encoded string.</summary>
    private static KnownAnswer ReferenceTestC(string expectedHex, string encoded) =>
        new("phc-winner-argon2 src/test.c, version 0x13, first case", "\"password\", salt \"somesalt\", m=65536, t=2, p=1", Ascii("password"), expectedHex)
        {
            Nonce = Ascii("somesalt"),
            PasswordParameters = PasswordHashParameters.Argon2(65536, 2, 1),
            Encoded = encoded,
        };

    /// <summary>
    /// golang.org/x/crypto argon2/argon2_test.go, TestVectors ("Generated with the CLI of" phc-winner-argon2): "password",
    /// salt "somesalt", no secret or associated data, 24-byte tag. For Argon2d the only published vectors here without a
    /// secret or associated data, so a library whose call takes neither (Botan's botan_pwdhash) is checked too.
    /// </summary>
    private static KnownAnswer GoXCrypto(int memoryKib, int passes, int lanes, string expectedHex) =>
        new("golang.org/x/crypto argon2_test.go TestVectors", $"\"password\", salt \"somesalt\", m={memoryKib}, t={passes}, p={lanes}, 24-byte tag",
            Ascii("password"), expectedHex)
        {
            Nonce = Ascii("somesalt"),
            PasswordParameters = PasswordHashParameters.Argon2(memoryKib, passes, lanes, 24),
        };

    public static Algorithm Argon2d { get; } = new(AlgorithmFamily.Argon2, "Argon2d", 32, Argon2BlockBytes,
    [
        Rfc9106("5.1", "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"),
        GoXCrypto(256, 3, 2, "f4f0669218eaf3641f39cc97efb915721102f4b128211ef2"),
        GoXCrypto(4096, 4, 4, "935598181aa8dc2b720914aa6435ac8d3e3a4210c5b0fb2d"),
    ])
    {
        Kind = AlgorithmKind.PasswordHash,
        Note = "Data-dependent addressing: fastest and most resistant to GPU cracking, but its memory access pattern depends on the password, so RFC 9106 recommends Argon2id for password hashing.",
    };

    public static Algorithm Argon2i { get; } = new(AlgorithmFamily.Argon2, "Argon2i", 32, Argon2BlockBytes,
    [
        Rfc9106("5.2", "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"),
        ReferenceTestC("c1628832147d9720c5bd1cfd61367078729f6dfb6f8fea9ff98158e0d7816ed0",
            "$argon2i$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$wWKIMhR9lyDFvRz9YTZweHKfbftvj+qf+YFY4NeBbtA"),
    ])
    {
        Kind = AlgorithmKind.PasswordHash,
    };

    public static Algorithm Argon2id { get; } = new(AlgorithmFamily.Argon2, "Argon2id", 32, Argon2BlockBytes,
    [
        Rfc9106("5.3", "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"),
        ReferenceTestC("09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7",
            "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"),
        // PHP manual, sodium_crypto_pwhash_str, Example #1 (libsodium's string at OPSLIMIT/MEMLIMIT_INTERACTIVE): the
        // one published vector here with a 16-byte salt and p=1, so within libsodium's and NSec's raw-hash limits.
        // The raw salt and tag are the string's own fields decoded from base64.
        new("PHP manual, sodium_crypto_pwhash_str, Example #1", "\"password\", 16-byte salt, m=65536, t=2, p=1", Ascii("password"),
            "11bb19f899d9cb26af91a7d2d21a1ce0775a381d082d664448067b91519af88c")
        {
            Nonce = Hex("a1621f75a5f05b08559a8bce05cd8d01"),
            PasswordParameters = PasswordHashParameters.Argon2(65536, 2, 1),
            Encoded = "$argon2id$v=19$m=65536,t=2,p=1$oWIfdaXwWwhVmovOBc2NAQ$EbsZ+JnZyyavkafS0hoc4HdaOB0ILWZESAZ7kVGa+Iw",
        },
    ])
    {
        Kind = AlgorithmKind.PasswordHash,
    };

    /// <summary>
    /// jBCrypt's TestBCrypt.java test vectors (Damien Miller), in $2a$ form. The raw salt and 23-byte tag are the
    /// string's own fields decoded from bcrypt's base64; all five were reproduced by libxcrypt's crypt() here.
    /// </summary>
    private static KnownAnswer JBcrypt(string password, string saltHex, string tagHex, string encoded) =>
        new("jBCrypt TestBCrypt.java test_vectors", $"\"{password}\" at cost {encoded[4..6]}", Ascii(password), tagHex)
        {
            Nonce = Hex(saltHex),
            PasswordParameters = PasswordHashParameters.Bcrypt(int.Parse(encoded[4..6], System.Globalization.CultureInfo.InvariantCulture)),
            Encoded = encoded,
        };

    public static Algorithm Bcrypt { get; } = new(AlgorithmFamily.Bcrypt, "bcrypt", PasswordHashParameters.BcryptTagBytes, 8,
    [
        JBcrypt("", "144b3d691a7b4ecf39cf735c7fa7a79c", "557e94f34bf286e8719a26be94ac1e16d95ef9f819dee0",
            "$2a$06$DCq7YPn5Rq63x1Lad4cll.TV4S6ytwfsfvkgY8jIucDrjc8deX1s."),
        JBcrypt("a", "7a17b15dfe1c4be10ec6a3ab47818386", "a9f3469a61cbff0a0f1a1445dfe023587f38b2c9c40570",
            "$2a$08$cfcvVd2aQ8CMvoMpP2EBfeodLEkkFJ9umNEfPD18.hUF62qqlC/V."),
        JBcrypt("abc", "2a1f1dc70a3d147956a46febe3016017", "d9a275b493bcbe1024b0ff80d330253cfdca34687d8f69",
            "$2a$06$If6bvum7DFjUnE9p2uDeDu0YHzrHM6tf.iqN8.yx.jNN1ILEf7h0i"),
        JBcrypt("abcdefghijklmnopqrstuvwxyz", "85727e838f9049397fbec90566ede0df", "cebba53f67bd28af5a44c6707383c231ac4ef244a6f5fb",
            "$2a$10$fVH8e28OQRj9tqiDXs1e1uxpsjN0c7II7YPKXua2NAKYvM6iQk7dq"),
        JBcrypt("~!@#$%^&*()      ~!@#$%^&*()PNBFRD", "602af5a5640b8661885286938699ad45", "b7af3ca87144725e9df096b9199231873a3ae6e8348e21",
            "$2a$12$WApznUOJfkEGSmYRfnkrPOr466oFDCaj4b6HY3EXGvfxm43seyhgC"),
    ])
    {
        Kind = AlgorithmKind.PasswordHash,
        Note = "Blowfish-based (OpenBSD, 1999): 4 KiB of state, so cheap to attack with GPUs and FPGAs next to Argon2's megabytes; passwords beyond 72 bytes are truncated. Measured for those who must keep or migrate it.",
    };

    private static byte[] Filled(int length, byte value) => Enumerable.Repeat(value, length).ToArray();
}
