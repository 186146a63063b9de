namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    /// <summary>
    /// BLAKE3 in its default hash mode, 32-byte output. Vectors: BLAKE3-team/BLAKE3, test_vectors/test_vectors.json,
    /// field "hash"; the input is byte i = i mod 251. The file gives 131 bytes of extended output per case; an
    /// implementation's default-length output must equal its first 32 bytes.
    /// </summary>
    public static Algorithm Blake3 { get; } = new(
        family: AlgorithmFamily.Blake3,
        name: "BLAKE3",
        outputBytes: 32,
        blockBytes: 1024, // The chunk is the unit whose edges (1023, 1024, 1025, …) exercise the tree.
        knownAnswers:
        [
            Blake3Vector(0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"),
            Blake3Vector(1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"),
            Blake3Vector(1023, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11"),
            Blake3Vector(1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"),
            Blake3Vector(1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444"),
            Blake3Vector(2048, "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a"),
            Blake3Vector(2049, "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030"),
            Blake3Vector(3073, "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd3"),
            Blake3Vector(4097, "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb995"),
            Blake3Vector(7169, "a003fc7a51754a9b3c7fae0367ab3d782dccf28855a03d435f8cfe74605e7817"),
        ]);

    private static KnownAnswer Blake3Vector(int length, string expectedHex) =>
        new("BLAKE3 test_vectors.json, hash mode", $"{length} bytes of i mod 251", Mod251(length), expectedHex);
}
