namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>The key of every keyed vector in the BLAKE2 reference's test files: the 64 bytes 00 01 … 3f.</summary>
    private static byte[] Blake2ReferenceKey() => Counting(64);

    /// <summary>
    /// Keyed BLAKE2b with 64-byte output, RFC 7693 §2.9 (the key, 1 to 64 bytes, padded to a block and hashed first;
    /// its length enters the parameter block), used as a MAC; benchmarked with a 32-byte key, libsodium's and NSec's
    /// default (crypto_generichash_KEYBYTES).
    /// </summary>
    public static Algorithm Blake2b512Mac { get; } = new(
        family: AlgorithmFamily.Mac,
        name: "BLAKE2b-512-MAC",
        outputBytes: 64,
        blockBytes: 128,
        knownAnswers:
        [
            // BLAKE2 reference repository (BLAKE2/BLAKE2), testvectors/blake2b-test.txt (the keyed vectors of
            // blake2b-kat.txt): key 00 01 … 3f, in = "".
            new("BLAKE2 testvectors/blake2b-test.txt, keyed, in = \"\"", "empty, key 00 01 … 3f", [],
                "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786" +
                "b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568")
            {
                Key = Blake2ReferenceKey(),
            },
            // blake2b-test.txt, keyed, in = 00.
            new("BLAKE2 testvectors/blake2b-test.txt, keyed, in = 00", "00, key 00 01 … 3f", Counting(1),
                "961f6dd1e4dd30f63901690c512e78e4b45e4742ed197c3c5e45c549fd25f2e4" +
                "187b0bc9fe30492b16b0d0bc4ef9b0f34c7003fac09a5ef1532e69430234cebd")
            {
                Key = Blake2ReferenceKey(),
            },
            // blake2b-test.txt, keyed, in = 00 01 … 1f.
            new("BLAKE2 testvectors/blake2b-test.txt, keyed, in = 00…1f", "00 01 … 1f (32 bytes), key 00 01 … 3f", Counting(32),
                "86221f3ada52037b72224f105d7999231c5e5534d03da9d9c0a12acb68460cd3" +
                "75daf8e24386286f9668f72326dbf99ba094392437d398e95bb8161d717f8991")
            {
                Key = Blake2ReferenceKey(),
            },
        ]) { Kind = AlgorithmKind.Mac, KeyBytes = 32 };
}

/// <summary>RFC 7693's key rule for keyed BLAKE2b, shared by its MAC adapters.</summary>
internal static class Blake2bMacKeys
{
    /// <summary>RFC 7693 §2.1: kk, the key length, is 0 to 64 bytes; 0 is the unkeyed hash, not a MAC.</summary>
    public const int MaxBytes = 64;

    /// <summary>Keys of 1 to 64 bytes; any other length is refused with RFC 7693's reason.</summary>
    public static Support SupportFor(int keyBytes) =>
        keyBytes is >= 1 and <= MaxBytes ? Support.Yes
        : Support.No($"keyed BLAKE2b takes keys of 1 to {MaxBytes} bytes (RFC 7693 §2.1); this one is {keyBytes}");
}
