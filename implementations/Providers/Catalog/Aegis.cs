namespace CryptoHarness.Implementations;

// AEGIS (draft-irtf-cfrg-aegis-aead, "The AEGIS Family of Authenticated Encryption Algorithms", which issue 13 calls
// RFC 10032). The vectors are the draft's Appendix "Test Vectors" as published in cfrg/draft-irtf-cfrg-aegis-aead
// (draft-irtf-cfrg-aegis-aead.md, commit 009d4c6), each with its 256-bit tag ("tag256"). Both providers here write
// 256-bit tags only: libsodium's crypto_aead_aegis128l_ABYTES and crypto_aead_aegis256_ABYTES are 32, and NSec's
// Aegis128L and Aegis256 report TagSize 32.

public static partial class Algorithms
{
    /// <summary>The key of every AEGIS-128L test vector but 6: 10 01 00 … 00.</summary>
    private const string Aegis128LVectorKey = "10010000000000000000000000000000";

    /// <summary>The nonce of every AEGIS-128L test vector but 6: 10 00 02 00 … 00.</summary>
    private const string Aegis128LVectorNonce = "10000200000000000000000000000000";

    /// <summary>The AEGIS-256 key: the AEGIS-128L key followed by 16 zero bytes.</summary>
    private const string Aegis256VectorKey = Aegis128LVectorKey + "00000000000000000000000000000000";

    /// <summary>The AEGIS-256 nonce: the AEGIS-128L nonce followed by 16 zero bytes.</summary>
    private const string Aegis256VectorNonce = Aegis128LVectorNonce + "00000000000000000000000000000000";

    /// <summary>Test vector 5's 42 bytes of associated data: 00 01 … 29.</summary>
    private const string AegisVector5AssociatedData =
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223242526272829";

    /// <summary>Test vector 5's 40-byte message: 10 11 … 37.</summary>
    private const string AegisVector5Message =
        "101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f3031323334353637";

    /// <summary>
    /// AEGIS-128L: 128-bit key, 128-bit nonce, 256-bit tag (the draft allows 128 or 256 bits; libsodium and NSec write
    /// only 256). Output bytes are the tag; benchmarks pass 16 bytes of associated data.
    /// </summary>
    public static Algorithm Aegis128L { get; } = new(
        family: AlgorithmFamily.Aead,
        name: "AEGIS-128L",
        outputBytes: 32,
        blockBytes: 32,
        knownAnswers: AegisVectors("AEGIS-128L", Aegis128LVectorKey, Aegis128LVectorNonce,
            "c1c0e58bd913006feba00f4b3cc3594e" +
            "25835bfbb21632176cf03840687cb968cace4617af1bd0f7d064c639a5c79ee4",
            "1360dc9db8ae42455f6e5b6a9d488ea4f2184c4e12120249335c4ee84bafe25d",
            "79d94593d8c2119d7e8fd9b8fc77845c5c077a05b2528b6ac54b563aed8efe84" +
            "022cb796fe7e0ae1197525ff67e309484cfbab6528ddef89f17d74ef8ecd82b3",
            "79d94593d8c2119d7e8fd9b8fc77" +
            "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac",
            "b31052ad1cca4e291abcf2df3502e6bdb1bfd6db36798be3607b1f94d34478aa7ede7f7a990fec10" +
            "b91e2947a33da8bee89b6794e647baf0fc835ff574aca3fc27c33be0db2aff98")) { Kind = AlgorithmKind.Aead, KeyBytes = 16, NonceBytes = 16, TagBytes = 32 };

    /// <summary>
    /// AEGIS-256: 256-bit key, 256-bit nonce, 256-bit tag (the draft allows 128 or 256 bits; libsodium and NSec write
    /// only 256). Output bytes are the tag; benchmarks pass 16 bytes of associated data.
    /// </summary>
    public static Algorithm Aegis256 { get; } = new(
        family: AlgorithmFamily.Aead,
        name: "AEGIS-256",
        outputBytes: 32,
        blockBytes: 16,
        knownAnswers: AegisVectors("AEGIS-256", Aegis256VectorKey, Aegis256VectorNonce,
            "754fc3d8c973246dcc6d741412a4b236" +
            "1181a1d18091082bf0266f66297d167d2e68b845f61a3b0527d31fc7b7b89f13",
            "6a348c930adbd654896e1666aad67de989ea75ebaa2b82fb588977b1ffec864a",
            "f373079ed84b2709faee373584585d60accd191db310ef5d8b11833df9dec711" +
            "b7d28d0c3c0ebd409fd22b44160503073a547412da0854bfb9723020dab8da1a",
            "f373079ed84b2709faee37358458" +
            "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9",
            "57754a7d09963e7c787583a2e7b859bb24fa1e04d49fd550b2511a358e3bca252a9b1b8b30cc4a67" +
            "a3aca270c006094d71c20e6910b5161c0826df233d08919a566ec2c05990f734")) { Kind = AlgorithmKind.Aead, KeyBytes = 32, NonceBytes = 32, TagBytes = 32 };

    /// <summary>
    /// The draft's Test Vectors 1 to 5 of one variant (its Appendix "Test Vectors", tag256): the same messages and
    /// associated data for both variants, under the variant's key and nonce; <paramref name="expected"/> holds each
    /// vector's ciphertext followed by its tag, in order.
    /// </summary>
    private static KnownAnswer[] AegisVectors(string variant, string key, string nonce, params string[] expected)
    {
        (string Description, byte[] Message, byte[] AssociatedData)[] inputs =
        [
            // Test Vector 1: one zero block, no associated data.
            ("16 zero bytes, no AAD", new byte[16], []),
            // Test Vector 2: empty message, no associated data: the output is the tag alone.
            ("empty, no AAD", [], []),
            // Test Vector 3: 32 bytes (one AEGIS-128L block, two AEGIS-256 blocks), 8 bytes of associated data.
            ("00 01 … 1f (32 bytes), 8-byte AAD", Counting(32), Counting(8)),
            // Test Vector 4: a partial block (14 bytes).
            ("00 01 … 0d (14 bytes), 8-byte AAD", Counting(14), Counting(8)),
            // Test Vector 5: 40-byte message and 42 bytes of associated data, neither a whole number of blocks.
            ("10 11 … 37 (40 bytes), 42-byte AAD", Hex(AegisVector5Message), Hex(AegisVector5AssociatedData)),
        ];
        return
        [
            .. inputs.Select((input, index) => new KnownAnswer(
                $"draft-irtf-cfrg-aegis-aead, {variant} Test Vector {index + 1} (tag256)", input.Description, input.Message, expected[index])
            {
                Key = Hex(key),
                Nonce = Hex(nonce),
                AssociatedData = input.AssociatedData,
            }),
        ];
    }
}
