using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// One BLAKE2 variant as the shared tests (<see cref="Blake2Tests{TVariant}"/>) see it: its API, its sizes,
/// BouncyCastle's digest as an independent implementation, and its known answers with their sources.
/// </summary>
public interface IBlake2Variant
{
    /// <summary>The public constants: the longest digest, the longest key, the block.</summary>
    static abstract (int MaxHash, int MaxKey, int Block) Sizes { get; }

    /// <summary>A path the variant has on no CPU.</summary>
    static abstract InstructionSet MissingPath { get; }

    /// <summary>Added to every random seed, so that the two variants' tests draw different inputs.</summary>
    static abstract int SeedBase { get; }

    static abstract InstructionSet DefaultPath { get; }

    static abstract bool IsSupported(InstructionSet path);

    static abstract void HashData(ReadOnlySpan<byte> source, Span<byte> destination);

    static abstract void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path);

    static abstract void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination);

    static abstract void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path);

    /// <summary>The hasher's one-argument constructor.</summary>
    static abstract BlockHasher NewHasher(int hashSize);

    /// <summary>The hasher's two-argument constructor.</summary>
    static abstract BlockHasher NewHasher(int hashSize, ReadOnlySpan<byte> key);

    /// <summary>The hasher's three-argument constructor.</summary>
    static abstract BlockHasher NewHasher(int hashSize, ReadOnlySpan<byte> key, InstructionSet path);

    /// <summary>BouncyCastle's implementation, keyed when <paramref name="key"/> is not null.</summary>
    static abstract IDigest Reference(byte[]? key, int outputLength);

    /// <summary>The digest of "abc" at the largest length, from RFC 7693's appendix for the variant.</summary>
    static abstract string AbcDigest { get; }

    /// <summary>The digest lengths of RFC 7693 Appendix E's self test for the variant (its input lengths follow the block size).</summary>
    static abstract int[] SelfTestOutputLengths { get; }

    /// <summary>The 32-byte result of RFC 7693 Appendix E's self test (blake2b_res, blake2s_res).</summary>
    static abstract byte[] SelfTestResult { get; }

    /// <summary>
    /// Keyed known answers from the BLAKE2 reference repository: key 00 01 .. (max key - 1), input 00 01 .. (n - 1),
    /// the largest digest; the entries chosen straddle the block boundary.
    /// </summary>
    static abstract (int Length, string Digest)[] KeyedKnownAnswers { get; }
}

/// <summary>BLAKE2b for <see cref="Blake2Tests{TVariant}"/>.</summary>
public readonly struct Blake2bVariant : IBlake2Variant
{
    public static (int MaxHash, int MaxKey, int Block) Sizes =>
        (Blake2b.MaxHashSizeInBytes, Blake2b.MaxKeySizeInBytes, Blake2b.BlockSizeInBytes);

    public static InstructionSet MissingPath => InstructionSet.Ssse3;

    public static int SeedBase => 0;

    public static InstructionSet DefaultPath => Blake2b.DefaultPath;

    public static bool IsSupported(InstructionSet path) => Blake2b.IsSupported(path);

    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) => Blake2b.HashData(source, destination);

    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Blake2b.HashData(source, destination, path);

    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Blake2b.HashData(key, source, destination);

    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Blake2b.HashData(key, source, destination, path);

    public static BlockHasher NewHasher(int hashSize) => new Blake2bHasher(hashSize);

    public static BlockHasher NewHasher(int hashSize, ReadOnlySpan<byte> key) => new Blake2bHasher(hashSize, key);

    public static BlockHasher NewHasher(int hashSize, ReadOnlySpan<byte> key, InstructionSet path) =>
        new Blake2bHasher(hashSize, key, path);

    public static IDigest Reference(byte[]? key, int outputLength) => new Blake2bDigest(key, outputLength, null, null);

    /// <summary>RFC 7693 Appendix A: BLAKE2b-512("abc").</summary>
    public static string AbcDigest =>
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
        + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";

    /// <summary>RFC 7693 Appendix E, blake2b_selftest: b2b_md_len.</summary>
    public static int[] SelfTestOutputLengths => [20, 32, 48, 64];

    /// <summary>RFC 7693 Appendix E, blake2b_selftest: blake2b_res.</summary>
    public static byte[] SelfTestResult =>
    [
        0xC2, 0x3A, 0x78, 0x00, 0xD9, 0x81, 0x23, 0xBD, 0x10, 0xF5, 0x06, 0xC6, 0x1E, 0x29, 0xDA, 0x56,
        0x03, 0xD7, 0x63, 0xB8, 0xBB, 0xAD, 0x2E, 0x73, 0x7F, 0x5E, 0x76, 0x5A, 0x7B, 0xCC, 0xD4, 0x75,
    ];

    /// <summary>
    /// github.com/BLAKE2/BLAKE2, testvectors/blake2b-test.txt (the same entries as blake2b-kat.txt): key 00..3f,
    /// 64-byte digests, around the 128-byte block boundary.
    /// </summary>
    public static (int Length, string Digest)[] KeyedKnownAnswers =>
    [
        (0, "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568"),
        (1, "961f6dd1e4dd30f63901690c512e78e4b45e4742ed197c3c5e45c549fd25f2e4187b0bc9fe30492b16b0d0bc4ef9b0f34c7003fac09a5ef1532e69430234cebd"),
        (2, "da2cfbe2d8409a0f38026113884f84b50156371ae304c4430173d08a99d9fb1b983164a3770706d537f49e0c916d9f32b95cc37a95b99d857436f0232c88a965"),
        (3, "33d0825dddf7ada99b0e7e307104ad07ca9cfd9692214f1561356315e784f3e5a17e364ae9dbb14cb2036df932b77f4b292761365fb328de7afdc6d8998f5fc1"),
        (127, "76d2d819c92bce55fa8e092ab1bf9b9eab237a25267986cacf2b8ee14d214d730dc9a5aa2d7b596e86a1fd8fa0804c77402d2fcd45083688b218b1cdfa0dcbcb"),
        (128, "72065ee4dd91c2d8509fa1fc28a37c7fc9fa7d5b3f8ad3d0d7a25626b57b1b44788d4caf806290425f9890a3a2a35a905ab4b37acfd0da6e4517b2525c9651e4"),
        (129, "64475dfe7600d7171bea0b394e27c9b00d8e74dd1e416a79473682ad3dfdbb706631558055cfc8a40e07bd015a4540dcdea15883cbbf31412df1de1cd4152b91"),
        (255, "142709d62e28fcccd0af97fad0f8465b971e82201dc51070faa0372aa43e92484be1c1e73ba10906d5d1853db6a4106e0a7bf9800d373d6dee2d46d62ef2a461"),
    ];
}

/// <summary>BLAKE2s for <see cref="Blake2Tests{TVariant}"/>.</summary>
public readonly struct Blake2sVariant : IBlake2Variant
{
    public static (int MaxHash, int MaxKey, int Block) Sizes =>
        (Blake2s.MaxHashSizeInBytes, Blake2s.MaxKeySizeInBytes, Blake2s.BlockSizeInBytes);

    public static InstructionSet MissingPath => InstructionSet.Avx2;

    public static int SeedBase => 20;

    public static InstructionSet DefaultPath => Blake2s.DefaultPath;

    public static bool IsSupported(InstructionSet path) => Blake2s.IsSupported(path);

    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) => Blake2s.HashData(source, destination);

    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Blake2s.HashData(source, destination, path);

    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Blake2s.HashData(key, source, destination);

    public static void HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Blake2s.HashData(key, source, destination, path);

    public static BlockHasher NewHasher(int hashSize) => new Blake2sHasher(hashSize);

    public static BlockHasher NewHasher(int hashSize, ReadOnlySpan<byte> key) => new Blake2sHasher(hashSize, key);

    public static BlockHasher NewHasher(int hashSize, ReadOnlySpan<byte> key, InstructionSet path) =>
        new Blake2sHasher(hashSize, key, path);

    public static IDigest Reference(byte[]? key, int outputLength) => new Blake2sDigest(key, outputLength, null, null);

    /// <summary>RFC 7693 Appendix B: BLAKE2s-256("abc").</summary>
    public static string AbcDigest => "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982";

    /// <summary>RFC 7693 Appendix E, blake2s_selftest: b2s_md_len.</summary>
    public static int[] SelfTestOutputLengths => [16, 20, 28, 32];

    /// <summary>RFC 7693 Appendix E, blake2s_selftest: blake2s_res.</summary>
    public static byte[] SelfTestResult =>
    [
        0x6A, 0x41, 0x1F, 0x08, 0xCE, 0x25, 0xAD, 0xCD, 0xFB, 0x02, 0xAB, 0xA6, 0x41, 0x45, 0x1C, 0xEC,
        0x53, 0xC5, 0x98, 0xB2, 0x4F, 0x4F, 0xC7, 0x87, 0xFB, 0xDC, 0x88, 0x79, 0x7F, 0x4C, 0x1D, 0xFE,
    ];

    /// <summary>
    /// github.com/BLAKE2/BLAKE2, testvectors/blake2s-test.txt (the same entries as blake2s-kat.txt): key 00..1f,
    /// 32-byte digests, around the 64-byte block boundary.
    /// </summary>
    public static (int Length, string Digest)[] KeyedKnownAnswers =>
    [
        (0, "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49"),
        (1, "40d15fee7c328830166ac3f918650f807e7e01e177258cdc0a39b11f598066f1"),
        (2, "6bb71300644cd3991b26ccd4d274acd1adeab8b1d7914546c1198bbe9fc9d803"),
        (3, "1d220dbe2ee134661fdf6d9e74b41704710556f2f6e5a091b227697445dbea6b"),
        (63, "c65382513f07460da39833cb666c5ed82e61b9e998f4b0c4287cee56c3cc9bcd"),
        (64, "8975b0577fd35566d750b362b0897a26c399136df07bababbde6203ff2954ed4"),
        (65, "21fe0ceb0052be7fb0f004187cacd7de67fa6eb0938d927677f2398c132317a8"),
        (255, "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd"),
    ];
}

/// <summary>Helpers of RFC 7693's self test (Appendix E), shared by the BLAKE2b and BLAKE2s tests.</summary>
internal static class Rfc7693
{
    /// <summary>The deterministic Fibonacci-style sequence selftest_seq(out, len, seed) of RFC 7693 Appendix E.</summary>
    public static void SelfTestSequence(Span<byte> output, uint seed)
    {
        uint a = 0xDEAD4BAD * seed;
        uint b = 1;
        for (int i = 0; i < output.Length; i++)
        {
            uint t = a + b;
            a = b;
            b = t;
            output[i] = (byte)(t >> 24);
        }
    }
}
