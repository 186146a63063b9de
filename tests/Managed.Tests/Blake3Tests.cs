
namespace CryptoHarness.Managed.Tests;

public sealed class Blake3Tests
{
    // The official BLAKE3 test vectors: BLAKE3-team/BLAKE3, test_vectors/test_vectors.json (commit 2f6f56f3), a
    // representative subset of its cases. Input byte i is i mod 251; the keyed_hash key is the 32 ASCII bytes
    // "whats the Elvish word for friend"; the derive_key context is the string below. Each output is 131 bytes of
    // extended output, and the standard 32-byte output is its prefix.
    private static readonly OfficialVector[] OfficialVectors =
    [
        new(
            0,
            "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262e00f03e7b69af26b7faaf09fcd333050338ddfe085b8cc869ca98b206c08243a26f"
                + "5487789e8f660afe6c99ef9e0c52b92e7393024a80459cf91f476f9ffdbda7001c22e159b402631f277ca96f2defdf1078282314e763699a31c5363165421cce14d",
            "92b2b75604ed3c761f9d6f62392c8a9227ad0ea3f09573e783f1498a4ed60d26b18171a2f22a4b94822c701f107153dba24918c4bae4d2945c20ece13387627d3b7"
                + "3cbf97b797d5e59948c7ef788f54372df45e45e4293c7dc18c1d41144a9758be58960856be1eabbe22c2653190de560ca3b2ac4aa692a9210694254c371e851bc8f",
            "2cc39783c223154fea8dfb7c1b1660f2ac2dcbd1c1de8277b0b0dd39b7e50d7d905630c8be290dfcf3e6842f13bddd573c098c3f17361f1f206b8cad9d088aa4a3f"
                + "746752c6b0ce6a83b0da81d59649257cdf8eb3e9f7d4998e41021fac119deefb896224ac99f860011f73609e6e0e4540f93b273e56547dfd3aa1a035ba6689d89a0"),
        new(
            1,
            "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213c3a6cb8bf623e20cdb535f8d1a5ffb86342d9c0b64aca3bce1d31f60adfa137b358"
                + "ad4d79f97b47c3d5e79f179df87a3b9776ef8325f8329886ba42f07fb138bb502f4081cbcec3195c5871e6c23e2cc97d3c69a613eba131e5f1351f3f1da786545e5",
            "6d7878dfff2f485635d39013278ae14f1454b8c0a3a2d34bc1ab38228a80c95b6568c0490609413006fbd428eb3fd14e7756d90f73a4725fad147f7bf70fd61c4e0"
                + "cf7074885e92b0e3f125978b4154986d4fb202a3f331a3fb6cf349a3a70e49990f98fe4289761c8602c4e6ab1138d31d3b62218078b2f3ba9a88e1d08d0dd4cea11",
            "b3e2e340a117a499c6cf2398a19ee0d29cca2bb7404c73063382693bf66cb06c5827b91bf889b6b97c5477f535361caefca0b5d8c4746441c576171119331589506"
                + "70f9aa8a05d791daae10ac683cbef8faf897c84e6114a59d2173c3f417023a35d6983f2c7dfa57e7fc559ad751dbfb9ffab39c2ef8c4aafebc9ae973a64f0c76551"),
        new(
            1023,
            "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11a182d27a591b05592b15607500e1e8dd56bc6c7fc063715b7a1d737df5bad3339c5"
                + "6778957d870eb9717b57ea3d9fb68d1b55127bba6a906a4a24bbd5acb2d123a37b28f9e9a81bbaae360d58f85e5fc9d75f7c370a0cc09b6522d9c8d822f2f28f485",
            "c951ecdf03288d0fcc96ee3413563d8a6d3589547f2c2fb36d9786470f1b9d6e890316d2e6d8b8c25b0a5b2180f94fb1a158ef508c3cde45e2966bd796a696d3e13"
                + "efd86259d756387d9becf5c8bf1ce2192b87025152907b6d8cc33d17826d8b7b9bc97e38c3c85108ef09f013e01c229c20a83d9e8efac5b37470da28575fd755a10",
            "74a16c1c3d44368a86e1ca6df64be6a2f64cce8f09220787450722d85725dea59c413264404661e9e4d955409dfe4ad3aa487871bcd454ed12abfe2c2b1eb775758"
                + "8cf6cb18d2eccad49e018c0d0fec323bec82bf1644c6325717d13ea712e6840d3e6e730d35553f59eff5377a9c350bcc1556694b924b858f329c44ee64b884ef00d"),
        new(
            1024,
            "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af71cf8107265ecdaf8505b95d8fcec83a98a6a96ea5109d2c179c47a387ffbb404756"
                + "f6eeae7883b446b70ebb144527c2075ab8ab204c0086bb22b7c93d465efc57f8d917f0b385c6df265e77003b85102967486ed57db5c5ca170ba441427ed9afa684e",
            "75c46f6f3d9eb4f55ecaaee480db732e6c2105546f1e675003687c31719c7ba4a78bc838c72852d4f49c864acb7adafe2478e824afe51c8919d06168414c265f298"
                + "a8094b1ad813a9b8614acabac321f24ce61c5a5346eb519520d38ecc43e89b5000236df0597243e4d2493fd626730e2ba17ac4d8824d09d1a4a8f57b8227778e2de",
            "7356cd7720d5b66b6d0697eb3177d9f8d73a4a5c5e968896eb6a6896843027066c23b601d3ddfb391e90d5c8eccdef4ae2a264bce9e612ba15e2bc9d654af1481b2"
                + "e75dbabe615974f1070bba84d56853265a34330b4766f8e75edd1f4a1650476c10802f22b64bd3919d246ba20a17558bc51c199efdec67e80a227251808d8ce5bad"),
        new(
            1025,
            "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444f4c4a22b4b399155358a994e52bf255de60035742ec71bd08ac275a1b51cc6bfe33"
                + "2b0ef84b409108cda080e6269ed4b3e2c3f7d722aa4cdc98d16deb554e5627be8f955c98e1d5f9565a9194cad0c4285f93700062d9595adb992ae68ff12800ab67a",
            "357dc55de0c7e382c900fd6e320acc04146be01db6a8ce7210b7189bd664ea69362396b77fdc0d2634a552970843722066c3c15902ae5097e00ff53f1e116f1cd53"
                + "52720113a837ab2452cafbde4d54085d9cf5d21ca613071551b25d52e69d6c81123872b6f19cd3bc1333edf0c52b94de23ba772cf82636cff4542540a7738d5b930",
            "effaa245f065fbf82ac186839a249707c3bddf6d3fdda22d1b95a3c970379bcb5d31013a167509e9066273ab6e2123bc835b408b067d88f96addb550d96b6852dad"
                + "38e320b9d940f86db74d398c770f462118b35d2724efa13da97194491d96dd37c3c09cbef665953f2ee85ec83d88b88d11547a6f911c8217cca46defa2751e7f3ad"),
        new(
            2048,
            "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a9a60bf80001410ec9eea6698cd537939fad4749edd484cb541aced55cd9bf54764d"
                + "063f23f6f1e32e12958ba5cfeb1bf618ad094266d4fc3c968c2088f677454c288c67ba0dba337b9d91c7e1ba586dc9a5bc2d5e90c14f53a8863ac75655461cea8f9",
            "879cf1fa2ea0e79126cb1063617a05b6ad9d0b696d0d757cf053439f60a99dd10173b961cd574288194b23ece278c330fbb8585485e74967f31352a8183aa782b2b"
                + "22f26cdcadb61eed1a5bc144b8198fbb0c13abbf8e3192c145d0a5c21633b0ef86054f42809df823389ee40811a5910dcbd1018af31c3b43aa55201ed4edaac74fe",
            "7b2945cb4fef70885cc5d78a87bf6f6207dd901ff239201351ffac04e1088a23e2c11a1ebffcea4d80447867b61badb1383d842d4e79645d48dd82ccba290769caa"
                + "7af8eaa1bd78a2a5e6e94fbdab78d9c7b74e894879f6a515257ccf6f95056f4e25390f24f6b35ffbb74b766202569b1d797f2d4bd9d17524c720107f985f4ddc583"),
        new(
            2049,
            "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b687952256303096de31d71d74103403822a2e0bc1eb193e7aecc9643a76b7bbc0c9f9c52e8783aae"
                + "98764ca468962b5c2ec92f0c74eb5448d519713e09413719431c802f948dd5d90425a4ecdadece9eb178d80f26efccae630734dff63340285adec2aed3b51073ad3",
            "9f29700902f7c86e514ddc4df1e3049f258b2472b6dd5267f61bf13983b78dd5f9a88abfefdfa1e00b418971f2b39c64ca621e8eb37fceac57fd0c8fc8e117d43b8"
                + "1447be22d5d8186f8f5919ba6bcc6846bd7d50726c06d245672c2ad4f61702c646499ee1173daa061ffe15bf45a631e2946d616a4c345822f1151284712f76b2b0e",
            "2ea477c5515cc3dd606512ee72bb3e0e758cfae7232826f35fb98ca1bcbdf27316d8e9e79081a80b046b60f6a263616f33ca464bd78d79fa18200d06c7fc9bffd80"
                + "8cc4755277a7d5e09da0f29ed150f6537ea9bed946227ff184cc66a72a5f8c1e4bd8b04e81cf40fe6dc4427ad5678311a61f4ffc39d195589bdbc670f63ae70f4b6"),
        new(
            3073,
            "7124b49501012f81cc7f11ca069ec9226cecb8a2c850cfe644e327d22d3e1cd39a27ae3b79d68d89da9bf25bc27139ae65a324918a5f9b7828181e52cf373c84f35"
                + "b639b7fccbb985b6f2fa56aea0c18f531203497b8bbd3a07ceb5926f1cab74d14bd66486d9a91eba99059a98bd1cd25876b2af5a76c3e9eed554ed72ea952b603bf",
            "68dede9bef00ba89e43f31a6825f4cf433389fedae75c04ee9f0cf16a427c95a96d6da3fe985054d3478865be9a092250839a697bbda74e279e8a9e69f0025e4cfd"
                + "dd6cfb434b1cd9543aaf97c635d1b451a4386041e4bb100f5e45407cbbc24fa53ea2de3536ccb329e4eb9466ec37093a42cf62b82903c696a93a50b702c80f3c3c5",
            "72613c9ec9ff7e40f8f5c173784c532ad852e827dba2bf85b2ab4b76f7079081576288e552647a9d86481c2cae75c2dd4e7c5195fb9ada1ef50e9c5098c249d7439"
                + "29191441301c69e1f48505a4305ec1778450ee48b8e69dc23a25960fe33070ea549119599760a8a2d28aeca06b8c5e9ba58bc19e11fe57b6ee98aa44b2a8e6b14a5"),
        new(
            4097,
            "9b4052b38f1c5fc8b1f9ff7ac7b27cd242487b3d890d15c96a1c25b8aa0fb99505f91b0b5600a11251652eacfa9497b31cd3c409ce2e45cfe6c0a016967316c426b"
                + "d26f619eab5d70af9a418b845c608840390f361630bd497b1ab44019316357c61dbe091ce72fc16dc340ac3d6e009e050b3adac4b5b2c92e722cffdc46501531956",
            "00df940cd36bb9fa7cbbc3556744e0dbc8191401afe70520ba292ee3ca80abbc606db4976cfdd266ae0abf667d9481831ff12e0caa268e7d3e57260c0824115a54c"
                + "e595ccc897786d9dcbf495599cfd90157186a46ec800a6763f1c59e36197e9939e900809f7077c102f888caaf864b253bc41eea812656d46742e4ea42769f89b83f",
            "aca51029626b55fda7117b42a7c211f8c6e9ba4fe5b7a8ca922f34299500ead8a897f66a400fed9198fd61dd2d58d382458e64e100128075fc54b860934e8de2e84"
                + "170734b06e1d212a117100820dbc48292d148afa50567b8b84b1ec336ae10d40c8c975a624996e12de31abbe135d9d159375739c333798a80c64ae895e51e22f3ad"),
        new(
            5121,
            "628bd2cb2004694adaab7bbd778a25df25c47b9d4155a55f8fbd79f2fe154cff96adaab0613a6146cdaabe498c3a94e529d3fc1da2bd08edf54ed64d40dcd677764"
                + "7eac51d8277d70219a9694334a68bc8f0f23e20b0ff70ada6f844542dfa32cd4204ca1846ef76d811cdb296f65e260227f477aa7aa008bac878f72257484f2b6c95",
            "6ccf1c34753e7a044db80798ecd0782a8f76f33563accaddbfbb2e0ea4b2d0240d07e63f13667a8d1490e5e04f13eb617aea16a8c8a5aaed1ef6fbde1b0515e3c81"
                + "050b361af6ead126032998290b563e3caddeaebfab592e155f2e161fb7cba939092133f23f9e65245e58ec23457b78a2e8a125588aad6e07d7f11a85b88d375b72d",
            "b07f01e518e702f7ccb44a267e9e112d403a7b3f4883a47ffbed4b48339b3c341a0add0ac032ab5aaea1e4e5b004707ec5681ae0fcbe3796974c0b1cf31a194740c"
                + "14519273eedaabec832e8a784b6e7cfc2c5952677e6c3f2c3914454082d7eb1ce1766ac7d75a4d3001fc89544dd46b5147382240d689bbbaefc359fb6ae30263165"),
        new(
            8193,
            "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3bb2282aa69be089359ea1154b9a9286c4a56af4de975a9aa4a5c497654914d279bea"
                + "60bb6d2cf7225a2fa0ff5ef56bbe4b149f3ed15860f78b4e2ad04e158e375c1e0c0b551cd7dfc82f1b155c11b6b3ed51ec9edb30d133653bb5709d1dbd55f4e1ff6",
            "954a2a75420c8d6547e3ba5b98d963e6fa6491addc8c023189cc519821b4a1f5f03228648fd983aef045c2fa8290934b0866b615f585149587dda22990399653288"
                + "35a2b18f1d63b7e300fc76ff260b571839fe44876a4eae66cbac8c67694411ed7e09df51068a22c6e67d6d3dd2cca8ff12e3275384006c80f4db68023f24eebba57",
            "af1e0346e389b17c23200270a64aa4e1ead98c61695d917de7d5b00491c9b0f12f20a01d6d622edf3de026a4db4e4526225debb93c1237934d71c7340bb5916158c"
                + "bdafe9ac3225476b6ab57a12357db3abbad7a26c6e66290e44034fb08a20a8d0ec264f309994d2810c49cfba6989d7abb095897459f5425adb48aba07c5fb3c83c0"),
        new(
            16384,
            "f875d6646de28985646f34ee13be9a576fd515f76b5b0a26bb324735041ddde49d764c270176e53e97bdffa58d549073f2c660be0e81293767ed4e4929f9ad34bbb"
                + "39a529334c57c4a381ffd2a6d4bfdbf1482651b172aa883cc13408fa67758a3e47503f93f87720a3177325f7823251b85275f64636a8f1d599c2e49722f42e93893",
            "9e9fc4eb7cf081ea7c47d1807790ed211bfec56aa25bb7037784c13c4b707b0df9e601b101e4cf63a404dfe50f2e1865bb12edc8fca166579ce0c70dba5a5c0fc96"
                + "0ad6f3772183416a00bd29d4c6e651ea7620bb100c9449858bf14e1ddc9ecd35725581ca5b9160de04060045993d972571c3e8f71e9d0496bfa744656861b169d65",
            "160e18b5878cd0df1c3af85eb25a0db5344d43a6fbd7a8ef4ed98d0714c3f7e160dc0b1f09caa35f2f417b9ef309dfe5ebd67f4c9507995a531374d099cf8ae3175"
                + "42e885ec6f589378864d3ea98716b3bbb65ef4ab5e0ab5bb298a501f19a41ec19af84a5e6b428ecd813b1a47ed91c9657c3fba11c406bc316768b58f6802c9e9b57"),
        new(
            31744,
            "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47860cc51f2b0c28a7b77304bd55fe73af663c02d3f52ea053ba43431ca5bab7bfea2"
                + "f5e9d7121770d88f70ae9649ea713087d1914f7f312147e247f87eb2d4ffef0ac978bf7b6579d57d533355aa20b8b77b13fd09748728a5cc327a8ec470f4013226f",
            "efa53b389ab67c593dba624d898d0f7353ab99e4ac9d42302ee64cbf9939a4193a7258db2d9cd32a7a3ecfce46144114b15c2fcb68a618a976bd74515d47be08b62"
                + "8be420b5e830fade7c080e351a076fbc38641ad80c736c8a18fe3c66ce12f95c61c2462a9770d60d0f77115bbcd3782b593016a4e728d4c06cee4505cb0c08a42ec",
            "39772aef80e0ebe60596361e45b061e8f417429d529171b6764468c22928e28e9759adeb797a3fbf771b1bcea30150a020e317982bf0d6e7d14dd9f064bc11025c2"
                + "5f31e81bd78a921db0174f03dd481d30e93fd8e90f8b2fee209f849f2d2a52f31719a490fb0ba7aea1e09814ee912eba111a9fde9d5c274185f7bae8ba85d300a2b"),
        new(
            102400,
            "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085e01c59dab908c04c3342b816941a26d69c2605ebee5ec5291cc55e15b76146e6745"
                + "f0601156c3596cb75065a9c57f35585a52e1ac70f69131c23d611ce11ee4ab1ec2c009012d236648e77be9295dd0426f29b764d65de58eb7d01dd42248204f45f8e",
            "1c35d1a5811083fd7119f5d5d1ba027b4d01c0c6c49fb6ff2cf75393ea5db4a7f9dbdd3e1d81dcbca3ba241bb18760f207710b751846faaeb9dff8262710999a59b"
                + "2aa1aca298a032d94eacfadf1aa192418eb54808db23b56e34213266aa08499a16b354f018fc4967d05f8b9d2ad87a7278337be9693fc638a3bfdbe314574ee6fc4",
            "4652cff7a3f385a6103b5c260fc1593e13c778dbe608efb092fe7ee69df6e9c6d83a3e041bc3a48df2879f4a0a3ed40e7c961c73eff740f3117a0504c2dff4786d4"
                + "4fb17f1549eb0ba585e40ec29bf7732f0b7e286ff8acddc4cb1e23b87ff5d824a986458dcc6a04ac83969b80637562953df51ed1a7e90a7926924d2763778be8560")
    ];

    private static readonly byte[] VectorKey = "whats the Elvish word for friend"u8.ToArray();
    private static readonly byte[] VectorContext = "BLAKE3 2019-12-27 16:29:52 test vectors context"u8.ToArray();

    private static readonly InstructionSet[] Supported =
        [.. Enum.GetValues<InstructionSet>().Where(Blake3.IsSupported)];

    public static TheoryData<InstructionSet> SupportedPaths => [.. Supported];

    public static TheoryData<InstructionSet, int> PathsAndVectors
    {
        get
        {
            var data = new TheoryData<InstructionSet, int>();
            foreach (var path in Supported)
            {
                for (var i = 0; i < OfficialVectors.Length; i++)
                {
                    data.Add(path, i);
                }
            }

            return data;
        }
    }

    [Theory]
    [MemberData(nameof(PathsAndVectors))]
    public void Official_vectors_match_in_every_mode(InstructionSet path, int vectorIndex)
    {
        var vector = OfficialVectors[vectorIndex];
        var input = VectorInput(vector.InputLength);
        var hash = Convert.FromHexString(vector.Hash);
        var keyedHash = Convert.FromHexString(vector.KeyedHash);
        var derivedKey = Convert.FromHexString(vector.DeriveKey);
        var label = $"{path}, length {vector.InputLength}";

        // One-shot at the vector's length and at the standard 32 bytes, then incremental, in each mode.
        byte[][] expected = [hash, keyedHash, derivedKey];
        string[] modes = ["hash", "keyed_hash", "derive_key"];
        var output = new byte[hash.Length];
        var standard = new byte[Blake3.HashSizeInBytes];
        for (int mode = 0; mode < modes.Length; mode++)
        {
            OneShot(mode, input, output, path);
            Assert.True(expected[mode].AsSpan().SequenceEqual(output), $"{modes[mode]}, {label}");
            OneShot(mode, input, standard, path);
            Assert.True(expected[mode].AsSpan(0, 32).SequenceEqual(standard), $"32-byte {modes[mode]}, {label}");

            using var hasher = CreateHasher(mode, path);
            hasher.Append(input);
            hasher.Finish(output);
            Assert.True(expected[mode].AsSpan().SequenceEqual(output), $"incremental {modes[mode]}, {label}");
        }
    }

    /// <summary>
    /// Every path, the scalar one included, against the independent reference model at every length up to two
    /// chunks and then some, on both sides of every chunk boundary up to 17 chunks, and at the benchmark sizes.
    /// </summary>
    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Every_mode_matches_the_reference_model_at_every_length(InstructionSet path)
    {
        var buffer = TestBytes.RandomBytes((1 << 20) + 1025, seed: 3);
        AssertAgree(buffer, CrossCheckLengths(), 32, Blake3Reference.Hash, (i, o) => Blake3.HashData(i, o, path), $"hash, {path}");
        AssertAgree(
            buffer, CrossCheckLengths(), 32, (i, o) => Blake3Reference.KeyedHash32(VectorKey, i, o),
            (i, o) => Blake3.KeyedHashData(VectorKey, i, o, path), $"keyed_hash, {path}");
        AssertAgree(
            buffer, CrossCheckLengths(), 32, (i, o) => Blake3Reference.DeriveKey(VectorContext, i, o),
            (i, o) => Blake3.DeriveKey(VectorContext, i, o, path), $"derive_key, {path}");
    }

    /// <summary>The fast paths against the scalar path, with extended output, at the same lengths.</summary>
    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Every_path_matches_the_scalar_path_with_extended_output(InstructionSet path)
    {
        var buffer = TestBytes.RandomBytes((1 << 20) + 1025, seed: 4);

        // 1100 bytes: 17 whole output blocks and part of one, so the wide output kernels run too.
        AssertAgree(
            buffer, CrossCheckLengths(), 1100, (i, o) => Blake3.HashData(i, o, InstructionSet.Scalar), (i, o) => Blake3.HashData(i, o, path), $"{path}");
    }

    /// <summary>Inputs that start at every offset within a word and a vector, against the aligned copy on the scalar path.</summary>
    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Unaligned_inputs_hash_like_aligned_ones(InstructionSet path)
    {
        var buffer = TestBytes.RandomBytes(70000, seed: 5);

        // 4096, 8192 and 12288 run the AVX-512 path's 4- and 8-input kernels alone and together, which load their
        // message rows 16 bytes at a time.
        int[] lengths = [0, 1, 63, 64, 65, 127, 128, 1023, 1024, 1025, 3000, 4096, 4099, 8192, 8193, 12288, 16384, 16389, 65543];
        for (var offset = 1; offset <= 7; offset++)
        {
            // Each input copied to the end of an array of its length plus the offset.
            int shift = offset;
            AssertAgree(
                buffer, lengths, 32, (i, o) => Blake3.HashData(i, o, InstructionSet.Scalar),
                (i, o) =>
                {
                    var copy = new byte[i.Length + shift];
                    i.CopyTo(copy.AsSpan(shift));
                    Blake3.HashData(copy.AsSpan(shift), o, path);
                },
                $"{path}, offset {offset}");
        }
    }

    /// <summary>
    /// Incremental hashing with input cut at random places, in pieces from empty to many chunks, against one-shot
    /// hashing, in all three modes; then a few cuts exactly on chunk and subtree boundaries.
    /// </summary>
    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Incremental_hashing_in_random_pieces_matches_one_shot(InstructionSet path)
    {
        var random = new Random(6);
        var buffer = TestBytes.RandomBytes(140000, seed: 7);
        Span<byte> expected = stackalloc byte[100];
        Span<byte> actual = stackalloc byte[100];
        int[] lengths = [0, 1, 64, 65, 1023, 1024, 1025, 2048, 2049, 3000, 8192, 16385, 40000, 100000, 132072];
        foreach (var length in lengths)
        {
            var input = buffer.AsSpan(0, length);
            for (var trial = 0; trial < 3; trial++)
            {
                var maxPiece = trial switch { 0 => 100, 1 => 3000, _ => 40000 };
                var mode = (trial + length) % 3;
                using var hasher = CreateHasher(mode, path);
                var position = 0;
                while (position < length)
                {
                    var piece = Math.Min(random.Next(maxPiece + 1), length - position);
                    hasher.Append(input.Slice(position, piece));
                    position += piece;
                }

                hasher.Finish(actual);
                OneShot(mode, input, expected, path);
                Assert.True(expected.SequenceEqual(actual), $"{path}, mode {mode}, length {length}, pieces up to {maxPiece}");
            }
        }

        int[][] cuts = [[1024, 1024], [1024, 1024, 1], [2048, 1], [1, 2047, 1], [4096, 4096, 4096], [3072, 5120, 1], [16384, 16384, 2]];
        foreach (var pieces in cuts)
        {
            var length = pieces.Sum();
            using var hasher = new Blake3Hasher(path);
            var position = 0;
            foreach (var piece in pieces)
            {
                hasher.Append(buffer.AsSpan(position, piece));
                position += piece;
            }

            hasher.Finish(actual);
            Blake3.HashData(buffer.AsSpan(0, length), expected, InstructionSet.Scalar);
            Assert.True(expected.SequenceEqual(actual), $"{path}, pieces {string.Join('+', pieces)}");
        }
    }

    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Finish_leaves_the_state_so_more_input_may_follow_and_reset_starts_over(InstructionSet path)
    {
        var buffer = TestBytes.RandomBytes(5000, seed: 8);
        Span<byte> expected = stackalloc byte[32];
        Span<byte> actual = stackalloc byte[32];
        using var hasher = new Blake3Hasher(path);

        hasher.Append(buffer.AsSpan(0, 3000));
        hasher.Finish(actual);
        Blake3.HashData(buffer.AsSpan(0, 3000), expected, path);
        Assert.True(expected.SequenceEqual(actual));

        hasher.Append(buffer.AsSpan(3000));
        hasher.Finish(actual);
        Blake3.HashData(buffer, expected, path);
        Assert.True(expected.SequenceEqual(actual));

        hasher.Reset();
        hasher.Finish(actual);
        Blake3.HashData([], expected, path);
        Assert.True(expected.SequenceEqual(actual));
        Assert.Equal(path, hasher.Path);
    }

    /// <summary>
    /// Extended output read in random pieces, small and large, and from positions inside, on and across block
    /// boundaries, equals one long read; far positions agree with the scalar path, including across the 2^32nd
    /// output block, where the block counter's high word starts to count.
    /// </summary>
    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Extended_output_reads_in_pieces_and_from_any_position(InstructionSet path)
    {
        var random = new Random(9);
        var buffer = TestBytes.RandomBytes(5000, seed: 10);
        foreach (var length in new[] { 0, 100, 1024, 5000 })
        {
            var input = buffer.AsSpan(0, length);
            var whole = new byte[5000];
            Blake3.HashData(input, whole, path);

            using var hasher = new Blake3Hasher(path);
            hasher.Append(input);
            foreach (var maxPiece in new[] { 150, 3000 })
            {
                var pieces = new byte[whole.Length];
                using (var reader = hasher.FinishXof())
                {
                    var position = 0;
                    while (position < pieces.Length)
                    {
                        var piece = Math.Min(random.Next(1, maxPiece), pieces.Length - position);
                        reader.Read((ulong)position, pieces.AsSpan(position, piece));
                        position += piece;
                    }
                }

                Assert.True(whole.AsSpan().SequenceEqual(pieces), $"{path}, length {length}, pieces up to {maxPiece}");
            }

            foreach (var start in new[] { 0, 1, 31, 32, 63, 64, 65, 127, 500, 1100, 4999 })
            {
                using var reader = hasher.FinishXof();
                var tail = new byte[whole.Length - start];
                reader.Read((ulong)start, tail);
                Assert.True(whole.AsSpan(start).SequenceEqual(tail), $"{path}, length {length}, from {start}");
            }

            foreach (var (far, count) in new[] { ((1UL << 38) - 70, 200), ((1UL << 38) - (7 * 64) - 5, 3000), ((1UL << 40) + 5, 1100), (ulong.MaxValue - 300, 200) })
            {
                var expected = new byte[count];
                var actual = new byte[count];
                using (var scalar = new Blake3Hasher(InstructionSet.Scalar))
                {
                    scalar.Append(input);
                    using var reader = scalar.FinishXof();
                    reader.Read(far, expected);
                }

                using (var reader = hasher.FinishXof())
                {
                    reader.Read(far, actual);
                }

                Assert.True(expected.AsSpan().SequenceEqual(actual), $"{path}, length {length}, {count} bytes from {far}");
            }
        }
    }

    /// <summary>The multithreaded entry point against the single-threaded one, around and far above its split size.</summary>
    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Multithreaded_hashing_matches_single_threaded(InstructionSet path)
    {
        var buffer = TestBytes.RandomBytes((3 << 20) + 7, seed: 13);
        int[] lengths = [0, 1, 1024, 65536, 65537, 131071, 131072, 131073, 200000, (1 << 20) + 1025, (3 << 20) + 7];
        AssertAgree(
            buffer, lengths, 100, (i, o) => Blake3.HashData(i, o, path), (i, o) => Blake3.HashDataMultithreaded(i, o, path), $"{path}");

        Span<byte> expected = stackalloc byte[100];
        Span<byte> actual = stackalloc byte[100];
        Blake3.HashData(buffer, expected);
        Blake3.HashDataMultithreaded(buffer, actual);
        Assert.True(expected.SequenceEqual(actual), "default path");
        Assert.Throws<ArgumentException>(() => Blake3.HashDataMultithreaded(buffer, Span<byte>.Empty, path));
    }

    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Output_may_overwrite_the_input(InstructionSet path)
    {
        // 32 bytes of output from at most one chunk take the short-message path, which has its own loop over the input.
        foreach (var length in new[] { 100, 1000, 5000 })
        {
            foreach (var outputLength in new[] { 32, 64 })
            {
                var buffer = TestBytes.RandomBytes(length, seed: length);
                var expected = new byte[outputLength];
                Blake3.HashData(buffer, expected, path);
                Blake3.HashData(buffer, buffer.AsSpan(0, outputLength), path);
                Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(0, outputLength)), $"{path}, length {length}, output {outputLength}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(SupportedPaths))]
    public void Nothing_is_allocated_per_call(InstructionSet path)
    {
        var input = TestBytes.RandomBytes(131072, seed: 11);
        var output = new byte[1000];
        using var hasher = new Blake3Hasher(path);

        void Run()
        {
            Blake3.HashData(input.AsSpan(0, 128), output.AsSpan(0, 32), path);
            Blake3.HashData(input, output.AsSpan(0, 32), path);
            Blake3.HashData(input.AsSpan(0, 5000), output, path);
            Blake3.KeyedHashData(VectorKey, input.AsSpan(0, 3000), output.AsSpan(0, 32), path);
            Blake3.DeriveKey(VectorContext, input.AsSpan(0, 3000), output.AsSpan(0, 32), path);
            hasher.Reset();
            hasher.Append(input.AsSpan(0, 1000));
            hasher.Append(input.AsSpan(1000));
            hasher.Finish(output.AsSpan(0, 32));
            using var reader = hasher.FinishXof();
            reader.Read(12345, output);
        }

        Run();
        // The least of three rounds: an allocation of the code shows in every round; one the runtime makes on this
        // thread now and then (tiered compilation's bookkeeping, seen once in a full test run) does not.
        var least = long.MaxValue;
        for (var round = 0; round < 3; round++)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            Run();
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.Equal(0, least);
    }

    [Fact]
    public void The_default_overloads_use_a_supported_path_and_agree_with_it()
    {
        Assert.True(Blake3.IsSupported(Blake3.DefaultPath));
        Assert.True(Blake3.IsSupported(InstructionSet.Scalar));
        var input = TestBytes.RandomBytes(20000, seed: 12);
        Span<byte> expected = stackalloc byte[32];
        Span<byte> actual = stackalloc byte[32];

        Blake3.HashData(input, expected, InstructionSet.Scalar);
        Blake3.HashData(input, actual);
        Assert.True(expected.SequenceEqual(actual));

        Blake3.KeyedHashData(VectorKey, input, expected, InstructionSet.Scalar);
        Blake3.KeyedHashData(VectorKey, input, actual);
        Assert.True(expected.SequenceEqual(actual));

        Blake3.DeriveKey(VectorContext, input, expected, InstructionSet.Scalar);
        Blake3.DeriveKey(VectorContext, input, actual);
        Assert.True(expected.SequenceEqual(actual));

        using var hasher = new Blake3Hasher();
        Assert.Equal(Blake3.DefaultPath, hasher.Path);
    }

    [Fact]
    public void Bad_arguments_are_rejected()
    {
        var output = new byte[32];
        Assert.Throws<ArgumentException>(() => Blake3.HashData([1, 2, 3], Span<byte>.Empty));
        Assert.Throws<ArgumentException>(() => Blake3.KeyedHashData(new byte[31], [], output));
        Assert.Throws<ArgumentException>(() => Blake3.KeyedHashData(new byte[33], [], output));
        Assert.Throws<ArgumentException>(() => Blake3.DeriveKey(VectorContext, [], Span<byte>.Empty));
        Assert.Throws<ArgumentException>(() => new Blake3Hasher(new byte[16]));
        Assert.Throws<PlatformNotSupportedException>(() => Blake3.HashData([], output, (InstructionSet)99));
        Assert.Throws<PlatformNotSupportedException>(() => new Blake3Hasher((InstructionSet)99));

        var hasher = new Blake3Hasher(InstructionSet.Scalar);
        Assert.Throws<ArgumentException>(() => hasher.Finish(Span<byte>.Empty));
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append([1]));
        Assert.Throws<ObjectDisposedException>(() => hasher.Finish(output));
    }

    private static IEnumerable<int> CrossCheckLengths()
    {
        for (var length = 0; length <= 2100; length++)
        {
            yield return length;
        }

        for (var chunks = 3; chunks <= 17; chunks++)
        {
            yield return (1024 * chunks) - 1;
            yield return 1024 * chunks;
            yield return (1024 * chunks) + 1;
        }

        yield return 16384;
        yield return 131072 - 1;
        yield return 131072;

        // A deep tree with a ragged right edge: 1025 chunks and one more byte.
        yield return (1 << 20) + 1025;
    }

    /// <summary>
    /// For each length, <paramref name="actualOf"/> of the buffer's first bytes gives what <paramref name="expectedOf"/>
    /// does, <paramref name="outputLength"/> bytes of it.
    /// </summary>
    private static void AssertAgree(byte[] buffer, IEnumerable<int> lengths, int outputLength, HashInto expectedOf, HashInto actualOf, string label)
    {
        var expected = new byte[outputLength];
        var actual = new byte[outputLength];
        foreach (var length in lengths)
        {
            var input = buffer.AsSpan(0, length);
            expectedOf(input, expected);
            actualOf(input, actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{label}, length {length}");
        }
    }

    private static Blake3Hasher CreateHasher(int mode, InstructionSet path) => mode switch
    {
        0 => new Blake3Hasher(path),
        1 => new Blake3Hasher(VectorKey, path),
        _ => Blake3Hasher.CreateDeriveKey(VectorContext, path),
    };

    private static void OneShot(int mode, ReadOnlySpan<byte> input, Span<byte> destination, InstructionSet path)
    {
        switch (mode)
        {
            case 0:
                Blake3.HashData(input, destination, path);
                break;
            case 1:
                Blake3.KeyedHashData(VectorKey, input, destination, path);
                break;
            default:
                Blake3.DeriveKey(VectorContext, input, destination, path);
                break;
        }
    }

    private static byte[] VectorInput(int length)
    {
        var input = new byte[length];
        for (var i = 0; i < length; i++)
        {
            input[i] = (byte)(i % 251);
        }

        return input;
    }

    /// <summary>A hash of <c>input</c> written into all of <c>output</c>.</summary>
    private delegate void HashInto(ReadOnlySpan<byte> input, Span<byte> output);

    private sealed record OfficialVector(int InputLength, string Hash, string KeyedHash, string DeriveKey);
}
