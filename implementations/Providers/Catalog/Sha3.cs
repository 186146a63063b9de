namespace CryptoHarness.Implementations;

public static partial class Algorithms
{
    private const string KeccakNote =
        "Keccak as submitted to the SHA-3 competition, with its original padding (0x01) instead of FIPS 202's (0x06): the hash Ethereum and other blockchains use. Not interchangeable with SHA-3.";

    /// <summary>The 33-byte message of the Keccak team's ShortMsgKAT files, Len = 264.</summary>
    private const string KeccakKatMessage264 = "de8f1b3faa4b7040ed4563c3b8e598253178e87e4d0df75e4ff2f2dedd5a0be046";

    /// <summary>The 1600-bit message of NIST's FIPS 202 examples (printed there as the bits 11000101 repeated): 200 × 0xA3.</summary>
    private static byte[] Fips202Message1600() => Enumerable.Repeat((byte)0xa3, 200).ToArray();

    /// <summary>SHA3-224, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_224 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "SHA3-224",
        outputBytes: 28,
        blockBytes: 144,
        knownAnswers: Sha3Vectors(224,
            empty: "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7",
            abc: "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf",
            message1600: "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"));

    /// <summary>SHA3-256, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_256 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "SHA3-256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers: Sha3Vectors(256,
            empty: "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
            abc: "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532",
            message1600: "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"));

    /// <summary>SHA3-384, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_384 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "SHA3-384",
        outputBytes: 48,
        blockBytes: 104,
        knownAnswers: Sha3Vectors(384,
            empty: "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a" +
                   "c3713831264adb47fb6bd1e058d5f004",
            abc: "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2" +
                 "98d88cea927ac7f539f1edf228376d25",
            message1600: "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd" +
                         "76197a31fd55ee989f2d7050dd473e8f"));

    /// <summary>SHA3-512, FIPS 202 §6.1. The block is the sponge rate.</summary>
    public static Algorithm Sha3_512 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "SHA3-512",
        outputBytes: 64,
        blockBytes: 72,
        knownAnswers: Sha3Vectors(512,
            empty: "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6" +
                   "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
            abc: "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e" +
                 "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0",
            message1600: "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8" +
                         "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"));

    /// <summary>Keccak-256: Keccak[c=512] with the original padding.</summary>
    public static Algorithm Keccak256 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "Keccak-256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers: KeccakVectors(256,
            empty: "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470",
            cc: "eead6dbfc7340a56caedc044696a168870549a6a7f6f56961e84a54bd9970b8a",
            message264: "e78c421e6213aff8de1f025759a4f2c943db62bbde359c8737e19b3776ed2dd2",
            abc: "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45")) { Note = KeccakNote };

    /// <summary>Keccak-384: Keccak[c=768] with the original padding.</summary>
    public static Algorithm Keccak384 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "Keccak-384",
        outputBytes: 48,
        blockBytes: 104,
        knownAnswers: KeccakVectors(384,
            empty: "2c23146a63a29acf99e73b88f8c24eaa7dc60aa771780ccc006afbfa8fe2479b" +
                   "2dd2b21362337441ac12b515911957ff",
            cc: "1b84e62a46e5a201861754af5dc95c4a1a69caf4a796ae405680161e29572641" +
                "f5fa1e8641d7958336ee7b11c58f73e9",
            message264: "cf38764973f1ec1c34b5433ae75a3aad1aaef6ab197850c56c8617bcd6a882f6" +
                        "666883ac17b2dccdbaa647075d0972b5",
            abc: "f7df1165f033337be098e7d288ad6a2f74409d7a60b49c36642218de161b1f99" +
                 "f8c681e4afaf31a34db29fb763e3c28e")) { Note = KeccakNote };

    /// <summary>Keccak-512: Keccak[c=1024] with the original padding.</summary>
    public static Algorithm Keccak512 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "Keccak-512",
        outputBytes: 64,
        blockBytes: 72,
        knownAnswers: KeccakVectors(512,
            empty: "0eab42de4c3ceb9235fc91acffe746b29c29a8c366b7c60e4e67c466f36a4304" +
                   "c00fa9caf9d87976ba469bcbe06713b435f091ef2769fb160cdab33d3670680e",
            cc: "8630c13cbd066ea74bbe7fe468fec1dee10edc1254fb4c1b7c5fd69b646e4416" +
                "0b8ce01d05a0908ca790dfb080f4b513bc3b6225ece7a810371441a5ac666eb9",
            message264: "9a7688e31aaf40c15575fc58c6b39267aad3722e696e518a9945cf7f7c0fea84" +
                        "cb3cb2e9f0384a6b5dc671ade7fb4d2b27011173f3eeeaf17cb451cf26542031",
            abc: "18587dc2ea106b9a1563e32b3312421ca164c7f1f07bc922a9c83d77cea3a1e5" +
                 "d0c69910739025372dc14ac9642629379540c17e2a65b19d77aa511a9d00bb96")) { Note = KeccakNote };

    /// <summary>SHAKE128, FIPS 202 §6.2. Extendable output, measured at 32 and 64 bytes.</summary>
    public static Algorithm Shake128 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "SHAKE128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers: ShakeVectors(128,
            message0: Shake128Message0,
            message1600:
                "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" +
                "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846",
            message1600Long:
                "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037" +
                "cf232ef7164a6d1eb448c8908186ad852d3f85a5cf28da1ab6fe343817197846" +
                "7f1c05d58c7ef38c284c41f6c2221a76f12ab1c04082660250802294fb871802" +
                "13fdef5b0ecb7df50ca1f8555be14d32e10f6edcde892c09424b29f597afc270" +
                "c904556bfcb47a7d40778d390923642b3cbd0579e60908d5a000c1d08b98ef93" +
                "3f806445bf87f8b009ba9e94f7266122ed7ac24e5e266c42a82fa1bbefb7b8db" +
                "0066e16a85e0493f")) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64] };

    /// <summary>SHAKE256, FIPS 202 §6.2. Extendable output, measured at 32 and 64 bytes.</summary>
    public static Algorithm Shake256 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "SHAKE256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers: ShakeVectors(256,
            message0: Shake256Message0,
            message1600: "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d",
            message1600Long:
                "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d" +
                "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b" +
                "1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628" +
                "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317" +
                "d7f47d750b8f5499512bb85a226c4243556e696f6bd072c5aa2d9b69730244b5" +
                "6853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b" +
                "61ef0e9114a92cdb")) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64] };

    /// <summary>cSHAKE128, NIST SP 800-185 §3, function name N empty. With S empty too it equals SHAKE128 (§3.3); measured with both empty.</summary>
    public static Algorithm CShake128 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "cSHAKE128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers: CShakeVectors(128,
            sample4Bytes: "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5",
            sample200Bytes: "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b",
            shakeMessage0: Shake128Message0)) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Customizable = true };

    /// <summary>cSHAKE256, NIST SP 800-185 §3, function name N empty. With S empty too it equals SHAKE256 (§3.3); measured with both empty.</summary>
    public static Algorithm CShake256 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "cSHAKE256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers: CShakeVectors(256,
            sample4Bytes:
                "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd1" +
                "64020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c",
            sample200Bytes:
                "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac864302730917" +
                "27f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb",
            shakeMessage0: Shake256Message0)) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Customizable = true };

    private const string TurboShakeNote =
        "TurboSHAKE (RFC 9861 §2): SHAKE with the Keccak permutation cut from 24 rounds to 12, and a domain byte D in place of SHAKE's fixed suffix. Measured with the default D = 0x1F.";

    private const string KangarooTwelveNote =
        "KangarooTwelve (RFC 9861 §3): a tree over TurboSHAKE whose 8192-byte leaves are independent, so long inputs hash several leaves at once. Measured with the customization string C empty.";

    /// <summary>n bytes of 0xFF, the short messages of RFC 9861 §5.</summary>
    private static byte[] Ff(int count) => Enumerable.Repeat((byte)0xff, count).ToArray();

    /// <summary>TurboSHAKE128, RFC 9861 §2.2: SHAKE128's rate over Keccak-p[1600, 12], D = 0x1F. Known answers from RFC 9861 §5.</summary>
    public static Algorithm TurboShake128 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "TurboSHAKE128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers: TurboShakeVectors(
            empty:
            [
                "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c",
                "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c" +
                "3e8ccae2a4dae56c84a04c2385c03c15e8193bdf58737363321691c05462c8df",
            ],
            ptn17Powers:
            [
                "55cedd6f60af7bb29a4042ae832ef3f58db7299f893ebb9247247d856958daa9",
                "9c97d036a3bac819db70ede0ca554ec6e4c2a1a4ffbfd9ec269ca6a111161233",
                "96c77c279e0126f7fc07c9b07f5cdae1e0be60bdbe10620040e75d7223a624d2",
                "d4976eb56bcf118520582b709f73e1d6853e001fdaf80e1b13e0d0599d5fb372",
                "da67c7039e98bf530cf7a37830c6664e14cbab7f540f58403b1b82951318ee5c",
                "b97a906fbf83ef7c812517abf3b2d0aea0c4f60318ce11cf103925127f59eecd",
            ])) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Note = TurboShakeNote };

    /// <summary>TurboSHAKE256, RFC 9861 §2.2: SHAKE256's rate over Keccak-p[1600, 12], D = 0x1F. Known answers from RFC 9861 §5.</summary>
    public static Algorithm TurboShake256 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "TurboSHAKE256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers: TurboShakeVectors(
            empty:
            [
                "367a329dafea871c7802ec67f905ae13c57695dc2c6663c61035f59a18f8e7db" +
                "11edc0e12e91ea60eb6b32df06dd7f002fbafabb6e13ec1cc20d995547600db0",
            ],
            ptn17Powers:
            [
                "3e1712f928f8eaf1054632b2aa0a246ed8b0c378728f60bc970410155c28820e" +
                "90cc90d8a3006aa2372c5c5ea176b0682bf22bae7467ac94f74d43d39b0482e2",
                "b3bab0300e6a191fbe6137939835923578794ea54843f5011090fa2f3780a9e5" +
                "cb22c59d78b40a0fbff9e672c0fbe0970bd2c845091c6044d687054da5d8e9c7",
                "66b810db8e90780424c0847372fdc95710882fde31c6df75beb9d4cd9305cfca" +
                "e35e7b83e8b7e6eb4b78605880116316fe2c078a09b94ad7b8213c0a738b65c0",
                "c74ebc919a5b3b0dd1228185ba02d29ef442d69d3d4276a93efe0bf9a16a7dc0" +
                "cd4eabadab8cd7a5edd96695f5d360abe09e2c6511a3ec397da3b76b9e1674fb",
                "02cc3a8897e6f4f6ccb6fd46631b1f5207b66c6de9c7b55b2d1a23134a170afd" +
                "ac234eaba9a77cff88c1f020b73724618c5687b362c430b248cd38647f848a1d",
                "add53b06543e584b5823f626996aee50fe45ed15f20243a7165485acb4aa76b4" +
                "ffda75cedf6d8cdc95c332bd56f4b986b58bb17d1778bfc1b1a97545cdf4ec9f",
            ])) { Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Note = TurboShakeNote };

    /// <summary>
    /// KT128, RFC 9861 §3: KangarooTwelve over TurboSHAKE128, 8192-byte chunks. The block is TurboSHAKE128's rate, so the
    /// gate's every-length sweep covers the sponge; the chunk edges are the known answers at 8191 and 8192 bytes and the
    /// unit tests. Known answers from RFC 9861 §5.
    /// </summary>
    public static Algorithm Kt128 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "KT128",
        outputBytes: 32,
        blockBytes: 168,
        knownAnswers: KtVectors(
            empty:
            [
                "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5",
                "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5" +
                "4269c056b8c82e48276038b6d292966cc07a3d4645272e31ff38508139eb0a71",
            ],
            ptn17Powers:
            [
                "2bda92450e8b147f8a7cb629e784a058efca7cf7d8218e02d345dfaa65244a1f",
                "6bf75fa2239198db4772e36478f8e19b0f371205f6a9a93a273f51df37122888",
                "0c315ebcdedbf61426de7dcf8fb725d1e74675d7f5327a5067f367b108ecb67c",
                "cb552e2ec77d9910701d578b457ddf772c12e322e4ee7fe417f92c758f0d59d0",
                "8701045e22205345ff4dda05555cbb5c3af1a771c2b89baef37db43d9998b9fe",
                "844d610933b1b9963cbdeb5ae3b6b05cc7cbd67ceedf883eb678a0a8e0371682",
            ],
            ptn8191: "1b577636f723643e990cc7d6a659837436fd6a103626600eb8301cd1dbe553d6",
            ptn8192: "48f256f6772f9edfb6a8b661ec92dc93b95ebd05a08a17b39ae3490870c926c3",
            ffWith41Powers:
            [
                "fab658db63e94a246188bf7af69a133045f46ee984c56e3c3328caaf1aa1a583",
                "d848c5068ced736f4462159b9867fd4c20b808acc3d5bc48e0b06ba0a3762ec4",
                "c389e5009ae57120854c2e8c64670ac01358cf4c1baf89447a724234dc7ced74",
                "75d2f86a2e644566726b4fbcfc5657b9dbcf070c7b0dca06450ab291d7443bcf",
            ],
            ptn8192With8189: "3ed12f70fb05ddb58689510ab3e4d23c6c6033849aa01e1d8c220a297fedcd0b",
            ptn8192With8190: "6a7c1b6a5cd0d8c9ca943a4a216cc64604559a2ea45f78570a15253d67ba00ae"))
    {
        Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Customizable = true, Note = KangarooTwelveNote,
    };

    /// <summary>KT256, RFC 9861 §3: KangarooTwelve over TurboSHAKE256, 8192-byte chunks. Known answers from RFC 9861 §5.</summary>
    public static Algorithm Kt256 { get; } = new(
        family: AlgorithmFamily.Sha3,
        name: "KT256",
        outputBytes: 32,
        blockBytes: 136,
        knownAnswers: KtVectors(
            empty:
            [
                "b23d2e9cea9f4904e02bec06817fc10ce38ce8e93ef4c89e6537076af8646404" +
                "e3e8b68107b8833a5d30490aa33482353fd4adc7148ecb782855003aaebde4a9",
            ],
            ptn17Powers:
            [
                "0d005a194085360217128cf17f91e1f71314efa5564539d444912e3437efa17f" +
                "82db6f6ffe76e781eaa068bce01f2bbf81eacb983d7230f2fb02834a21b1ddd0",
                "1ba3c02b1fc514474f06c8979978a9056c8483f4a1b63d0dccefe3a28a2f323e" +
                "1cdcca40ebf006ac76ef0397152346837b1277d3e7faa9c9653b19075098527b",
                "de8ccbc63e0f133ebb4416814d4c66f691bbf8b6a61ec0a7700f836b086cb029" +
                "d54f12ac7159472c72db118c35b4e6aa213c6562caaa9dcc518959e69b10f3ba",
                "647efb49fe9d717500171b41e7f11bd491544443209997ce1c2530d15eb1ffbb" +
                "598935ef954528ffc152b1e4d731ee2683680674365cd191d562bae753b84aa5",
                "b06275d284cd1cf205bcbe57dccd3ec1ff6686e3ed15776383e1f2fa3c6ac8f0" +
                "8bf8a162829db1a44b2a43ff83dd89c3cf1ceb61ede659766d5ccf817a62ba8d",
                "9473831d76a4c7bf77ace45b59f1458b1673d64bcd877a7c66b2664aa6dd149e" +
                "60eab71b5c2bab858c074ded81ddce2b4022b5215935c0d4d19bf511aeeb0772",
            ],
            ptn8191:
                "3081434d93a4108d8d8a3305b89682cebedc7ca4ea8a3ce869fbb73cbe4a58ee" +
                "f6f24de38ffc170514c70e7ab2d01f03812616e863d769afb3753193ba045b20",
            ptn8192:
                "c6ee8e2ad3200c018ac87aaa031cdac22121b412d07dc6e0dccbb53423747e9a" +
                "1c18834d99df596cf0cf4b8dfafb7bf02d139d0c9035725adc1a01b7230a41fa",
            ffWith41Powers:
            [
                "9280f5cc39b54a5a594ec63de0bb99371e4609d44bf845c2f5b8c316d72b1598" +
                "11f748f23e3fabbe5c3226ec96c62186df2d33e9df74c5069ceecbb4dd10eff6",
                "47ef96dd616f200937aa7847e34ec2feae8087e3761dc0f8c1a154f51dc9ccf8" +
                "45d7adbce57ff64b639722c6a1672e3bf5372d87e00aff89be97240756998853",
                "3b48667a5051c5966c53c5d42b95de451e05584e7806e2fb765eda959074172c" +
                "b438a9e91dde337c98e9c41bed94c4e0aef431d0b64ef2324f7932caa6f54969",
                "e0911cc00025e1540831e266d94add9b98712142b80d2629e643aac4efaf5a3a" +
                "30a88cbf4ac2a91a2432743054fbcc9897670e86ba8cec2fc2ace9c966369724",
            ],
            ptn8192With8189:
                "74e47879f10a9c5d11bd2da7e194fe57e86378bf3c3f7448eff3c576a0f18c5c" +
                "aae0999979512090a7f348af4260d4de3c37f1ecaf8d2c2c96c1d16c64b12496",
            ptn8192With8190:
                "f4b5908b929ffe01e0f79ec2f21243d41a396b2e7303a6af1d6399cd6c7a0a2d" +
                "d7c4f607e8277f9c9b1cb4ab9ddc59d4b92d1fc7558441f1832c3279a4241b8b"))
    {
        Kind = AlgorithmKind.Xof, BenchmarkOutputs = [32, 64], Customizable = true, Note = KangarooTwelveNote,
    };

    /// <summary>
    /// SHA3-<paramref name="bits"/>'s known answers: NIST's FIPS 202 example values for the 0-bit message
    /// (SHA3-N_Msg0.pdf) and the 1600-bit one (SHA3-N_1600.pdf: 200 × 0xA3, longer than the rate), and "abc" as listed
    /// in DI Management, "Test vectors for SHA-1, SHA-2 and SHA-3" (di-mgt.com.au/sha_testvectors.html).
    /// </summary>
    private static KnownAnswer[] Sha3Vectors(int bits, string empty, string abc, string message1600) =>
    [
        new($"NIST FIPS 202 example SHA3-{bits}_Msg0.pdf", "empty", [], empty),
        new("DI Management SHA-3 test vectors, \"abc\"", "\"abc\"", Ascii("abc"), abc),
        new($"NIST FIPS 202 example SHA3-{bits}_1600.pdf", "200 × 0xa3", Fips202Message1600(), message1600),
    ];

    /// <summary>
    /// Keccak-<paramref name="bits"/>'s known answers: the Keccak team's KeccakKAT-3 (January 2011), ShortMsgKAT_N.txt,
    /// at Len = 0, Len = 8 (Msg = CC) and Len = 264; and "abc" as widely published, e.g. Bouncy Castle (bc-java)
    /// DigestTest abcVectors, "KECCAK-N".
    /// </summary>
    private static KnownAnswer[] KeccakVectors(int bits, string empty, string cc, string message264, string abc) =>
    [
        new($"Keccak team ShortMsgKAT_{bits}.txt, Len = 0", "empty", [], empty),
        new($"Keccak team ShortMsgKAT_{bits}.txt, Len = 8", "0xcc", [0xcc], cc),
        new($"Keccak team ShortMsgKAT_{bits}.txt, Len = 264", "33 bytes de8f1b…0be046", Hex(KeccakKatMessage264), message264),
        new($"Bouncy Castle DigestTest, KECCAK-{bits} \"abc\"", "\"abc\"", Ascii("abc"), abc),
    ];

    /// <summary>NIST FIPS 202 example values, SHAKE128_Msg0.pdf: the first 256 of its 4096 output bits.</summary>
    private const string Shake128Message0 = "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26";

    /// <summary>NIST FIPS 202 example values, SHAKE256_Msg0.pdf: the first 512 of its 4096 output bits.</summary>
    private const string Shake256Message0 =
        "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" +
        "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be";

    /// <summary>
    /// SHAKE<paramref name="bits"/>'s known answers, prefixes of NIST's FIPS 202 example values as long as each hex:
    /// the 0-bit message (SHAKEn_Msg0.pdf), and the 1600-bit one (SHAKEn_Msg1600.pdf, 200 × 0xA3) twice, the second
    /// time 200 bytes, longer than the rate.
    /// </summary>
    private static KnownAnswer[] ShakeVectors(int bits, string message0, string message1600, string message1600Long) =>
    [
        new($"NIST FIPS 202 example SHAKE{bits}_Msg0.pdf, {message0.Length / 2}-byte prefix", "empty", [], message0),
        new($"NIST FIPS 202 example SHAKE{bits}_Msg1600.pdf, {message1600.Length / 2}-byte prefix", "200 × 0xa3", Fips202Message1600(), message1600),
        new($"NIST FIPS 202 example SHAKE{bits}_Msg1600.pdf, {message1600Long.Length / 2}-byte prefix", "200 × 0xa3", Fips202Message1600(), message1600Long),
    ];

    /// <summary>
    /// cSHAKE<paramref name="bits"/>'s known answers: NIST SP 800-185 example values, cSHAKE_samples.pdf, the two samples of
    /// that strength (#1 and #2 for 128, #3 and #4 for 256: data 00010203 and 00 01 … c7, N = "", S = "Email Signature",
    /// L = 2·<paramref name="bits"/>); and, with N and S empty, SHAKE's 0-bit message, since SP 800-185 §3.3 defines
    /// cSHAKE(X, L, "", "") = SHAKE(X, L).
    /// </summary>
    private static KnownAnswer[] CShakeVectors(int bits, string sample4Bytes, string sample200Bytes, string shakeMessage0)
    {
        int first = bits == 128 ? 1 : 3;
        return
        [
            new($"NIST cSHAKE_samples.pdf, Sample #{first}", "00010203, S = \"Email Signature\"", Counting(4), sample4Bytes)
            {
                Customization = Ascii("Email Signature"),
            },
            new($"NIST cSHAKE_samples.pdf, Sample #{first + 1}", "00 01 … c7 (200 bytes), S = \"Email Signature\"", Counting(200), sample200Bytes)
            {
                Customization = Ascii("Email Signature"),
            },
            new($"SP 800-185 §3.3 with NIST SHAKE{bits}_Msg0.pdf, {shakeMessage0.Length / 2}-byte prefix", "empty, S empty", [], shakeMessage0),
        ];
    }

    /// <summary>
    /// TurboSHAKE's known answers from RFC 9861 §5 (D = 1F): the empty message at each output length given, then M =
    /// ptn(17^i) for i = 0 to 5 (ptn(n) is n bytes of i mod 251; ptn(17^6), 24 MB, is in the unit tests only).
    /// </summary>
    private static KnownAnswer[] TurboShakeVectors(string[] empty, string[] ptn17Powers) =>
    [
        .. empty.Select(hex => new KnownAnswer($"RFC 9861 §5, M = empty, D = 1F, {hex.Length / 2}-byte output", "empty", [], hex)),
        .. Rfc9861Ptn17Powers(ptn17Powers),
    ];

    /// <summary>
    /// KangarooTwelve's known answers from RFC 9861 §5: the empty message at each output length given; M = ptn(17^i) for
    /// i = 0 to 5; M = ptn(8191) and ptn(8192), either side of the chunk size; then with a customization string, M =
    /// 2^j − 1 bytes of FF with C = ptn(41^j) for j = 0 to 3, and M = ptn(8192) with C = ptn(8189) and ptn(8190).
    /// </summary>
    private static KnownAnswer[] KtVectors(
        string[] empty, string[] ptn17Powers, string ptn8191, string ptn8192, string[] ffWith41Powers, string ptn8192With8189,
        string ptn8192With8190) =>
    [
        .. empty.Select(hex => new KnownAnswer($"RFC 9861 §5, M = empty, C = empty, {hex.Length / 2}-byte output", "empty", [], hex)),
        .. Rfc9861Ptn17Powers(ptn17Powers),
        Rfc9861Ptn("8191", 8191, ptn8191),
        Rfc9861Ptn("8192", 8192, ptn8192),
        .. ffWith41Powers.Select((hex, j) => Rfc9861Customized(
            j switch { 0 => "empty", 1 => "FF", 2 => "FF FF FF", _ => $"FF × {(1 << j) - 1}" }, Ff((1 << j) - 1),
            j == 0 ? "ptn(1)" : j == 1 ? "ptn(41)" : $"ptn(41^{j})", Mod251((int)Math.Pow(41, j)), hex)),
        Rfc9861Customized("ptn(8192)", Mod251(8192), "ptn(8189)", Mod251(8189), ptn8192With8189),
        Rfc9861Customized("ptn(8192)", Mod251(8192), "ptn(8190)", Mod251(8190), ptn8192With8190),
    ];

    /// <summary>RFC 9861 §5's rows with M = ptn(17^i), i = 0 to 5, for TurboSHAKE and KangarooTwelve alike.</summary>
    private static IEnumerable<KnownAnswer> Rfc9861Ptn17Powers(string[] expected) =>
        expected.Select((hex, i) => Rfc9861Ptn(i switch { 0 => "1", 1 => "17", _ => $"17^{i}" }, (int)Math.Pow(17, i), hex));

    /// <summary>An RFC 9861 §5 row with M = ptn(<paramref name="n"/>), written <paramref name="label"/> as the RFC writes it.</summary>
    private static KnownAnswer Rfc9861Ptn(string label, int n, string expected) =>
        new($"RFC 9861 §5, M = ptn({label}), {expected.Length / 2}-byte output", $"ptn({label}) ({n} bytes of i mod 251)", Mod251(n), expected);

    /// <summary>An RFC 9861 §5 KangarooTwelve row with a customization string C.</summary>
    private static KnownAnswer Rfc9861Customized(string messageLabel, byte[] message, string customizationLabel, byte[] customization, string expected) =>
        new($"RFC 9861 §5, M = {messageLabel}, C = {customizationLabel}, {expected.Length / 2}-byte output", $"{messageLabel}, C = {customizationLabel}", message, expected)
        {
            Customization = customization,
        };
}
