namespace CryptoHarness.Implementations;

// LSH, the Korean hash standard KS X 3262 (designed by NSR, published by KISA). Known answers from Crypto++'s
// TestVectors/lsh256.txt, lsh512.txt and lsh512_256.txt (generated with gen_lsh256.cpp and gen_lsh512.cpp, which
// call the KISA/NSR reference code): their random messages of a few lengths, and all-zero messages of one byte, of
// exactly one block (which takes a second, padding-only block), of several blocks and of 64 KiB. No other provider
// here has LSH (BouncyCastle and Botan 2 have none), so these answers are the whole check of the managed code.
public static partial class Algorithms
{
    private const string LshVectors256 = "Crypto++ TestVectors/lsh256.txt (LSH-256)";
    private const string LshVectors512 = "Crypto++ TestVectors/lsh512.txt (LSH-512)";
    private const string LshVectors512_256 = "Crypto++ TestVectors/lsh512_256.txt (LSH-512-256)";

    private static KnownAnswer LshZeros(string source, int length, string expectedHex) =>
        new(source, $"{length} zero bytes", new byte[length], expectedHex);

    /// <summary>LSH-256-256, KS X 3262: 32-bit words, 128-byte blocks, 256-bit output.</summary>
    public static Algorithm Lsh256_256 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "LSH-256-256",
        outputBytes: 32,
        blockBytes: 128,
        knownAnswers:
        [
            new(LshVectors256, "random test vector, size 0", [], "f3cd416a03818217726cb47f4e4d2881c9c29fd445c18b66fb19dea1a81007c1"),
            new(LshVectors256, "random test vector, size 1", Hex("ce"), "862f86db654094840d86df7881732fd69b7227ee4f7943868162feb733a9ca5b"),
            new(LshVectors256, "random test vector, size 8", Hex("8f101f11fc32bb21"), "fc6c51fa819f15c17d138c0b5af3c4fadd8f2fcfbd0681a35fcd5354a5165057"),
            new(LshVectors256, "random test vector, size 64",
                Hex("5a9673510f198ef27141026e35b6de4afcd71f50968810e6865f37b7d83ba6632edb2e957575cb519f8e649500ce2bf4ca5ed8f5ac800cdae9f33e180c30472b"),
                "e9017f8c1f450fdad3f4671b302db5125d026a1ee2335a206e0f730ebddd2960"),
            LshZeros(LshVectors256, 1, "cf25c47eb1efa77d2f7a1dfcc09f4d3acfe97dc77c317b43976e7b238da3dc71"),
            LshZeros(LshVectors256, 128, "d44fdd8a41c88053f3409a7c298fb6f51ab8e3add1f3412440313cdef54005a4"),
            LshZeros(LshVectors256, 384, "242c96d54d672959339a977fe543cb07a856a50d9f3bce264746a03dda7021e7"),
            LshZeros(LshVectors256, 1024, "c129b50e5cb3c397c00211826f8da22e718ff2c5cff2140c0f3b7ed416889497"),
            LshZeros(LshVectors256, 65536, "0ed1053c9363b25cc554cab67114c14b14de7a4c8cef341d8cb9a1357e33e55f"),
        ]) { Note = "Korean national standard KS X 3262 (NSR/KISA), a validated hash of the Korean KCMVP scheme." };

    /// <summary>LSH-512-256, KS X 3262: 64-bit words, 256-byte blocks, 256-bit output.</summary>
    public static Algorithm Lsh512_256 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "LSH-512-256",
        outputBytes: 32,
        blockBytes: 256,
        knownAnswers:
        [
            new(LshVectors512_256, "random test vector, size 0", [], "706df4ebf100f06d5cc9f6c79be5297c3f6f515801dd10fbc1b665a2d7bdb653"),
            new(LshVectors512_256, "random test vector, size 1", Hex("1a"), "415382363239665872545914061d19df20e803c7446ed603df0b16142fbcc731"),
            new(LshVectors512_256, "random test vector, size 8", Hex("959b71c6884be7fd"), "5ee437c4712a0543635ea60096f9cd22551fb335c7bbcafa0343109bcdce07b2"),
            new(LshVectors512_256, "random test vector, size 64",
                Hex("5df92a476a31c52a0f2f02ae14fa192062e2a6aa7a2855eb0bcfedcc28f3de2c460fae0f472829ed3c1fd7b892c526f743ac2f71448647521deaa39a5eb693ab"),
                "34ed7411ffe9a8df0d9d1ba7189efa372dc6ac7041c4ebabc16974a41c5d43d8"),
            LshZeros(LshVectors512_256, 1, "1c1b3b34745f1ee31006f8dd7a6c9bf12513c981872baa9ce44cad777f9a54c6"),
            LshZeros(LshVectors512_256, 128, "8a377d23b588ac9a4f9c967a189df1a6afc85fa965297c1b7779fbf4d668b577"),
            LshZeros(LshVectors512_256, 256, "884f41cc1730613621e6775f99d56a5744f82a71fcbf60dbf949a413c96c040e"),
            LshZeros(LshVectors512_256, 768, "295383e9c4d7494417a8eb69ec8c37b4de3d9f47626297c9b94ac2f52d1e5d6e"),
            LshZeros(LshVectors512_256, 65536, "8753168387e0e5f2eeb7cb8d055cf985ebdd5acfd4aa13f54e6609b517f51ce2"),
        ]) { Note = "Korean national standard KS X 3262 (NSR/KISA): the 64-bit-word LSH truncated to 256 bits." };

    /// <summary>LSH-512-512, KS X 3262: 64-bit words, 256-byte blocks, 512-bit output.</summary>
    public static Algorithm Lsh512_512 { get; } = new(
        family: AlgorithmFamily.Regional,
        name: "LSH-512-512",
        outputBytes: 64,
        blockBytes: 256,
        knownAnswers:
        [
            new(LshVectors512, "random test vector, size 0", [],
                "118a2ff2a99e3b2134125e2baf20ebe3bdd034d5a69b29c22fc4995063340b46697801d7f7fb0070568f78e8ed514215fc70af27d6f27b01aa8a1da72b14ce7c"),
            new(LshVectors512, "random test vector, size 1", Hex("41"),
                "32e896b21bec19c15254f7a1f089f748e05918a68e6d829fb1a62b7d5822ad98b7de274f7dc6c73e6f52c5f0b7633666dbe6048661351d811105ee015b9dcac9"),
            new(LshVectors512, "random test vector, size 8", Hex("427e195221e92952"),
                "ff3e6f9537d5b90de6110cc8095dbbb3dae9ad317e85ce5fa771e864bbd224fb930fc3fa812c700f4be9c2f96316781e4d94a966aee699a0d3f9d6ccf8a170f1"),
            LshZeros(LshVectors512, 1, "48d2daa69672868d4a0d682ab74d3e78db793139283aca408460fac3aae5d958026d24aea841f8302a89ffcad04a0312feb37e0c734e7cbce6b3612202851698"),
            LshZeros(LshVectors512, 128, "352ccd16f4d5831308c2b5d8287841e0e82784ded94b573a8a4d77edfd7cf06f8dece08e402fdbd696458cd51edff8ac2f01fefe22111bf84e2290dbe8ae79c9"),
            LshZeros(LshVectors512, 256, "fc5f109909295c97a830af7ff09722c202e2e6e8f5c2bdd004fceaeb13695107baed06220242b74dff05ba58152f7db8a041893b52e5649a920b482c0b6697f7"),
            LshZeros(LshVectors512, 768, "d07089f717fa8096f2b4cc7eb728669de14f1162513186a886e1d75a5331d2c8d77da67d91e5ee5485555978c78656a3fd7c80d44099ef7bb86fede6912bee39"),
            LshZeros(LshVectors512, 65536, "44e716d77a704c9a3068e37a1876b2016e5ce8289343e42749572156165c71a8f2a5f258c4c95ee760d5689788389b6ff2e88082d0fdc5e614c8b54dc1e42af7"),
        ]) { Note = "Korean national standard KS X 3262 (NSR/KISA): the 64-bit-word LSH with a 512-bit output." };
}
