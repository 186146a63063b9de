using System.Text;
using Org.BouncyCastle.Crypto.Engines;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// ChaCha20, HChaCha20, Poly1305, ChaCha20-Poly1305 and XChaCha20-Poly1305 on every path this CPU has: the vectors of
/// RFC 8439 and draft-irtf-cfrg-xchacha-03, every path against the scalar one and against BouncyCastle at every length
/// from 0 to 1100 and a few large unaligned ones, forged tags, and the absence of allocations.
/// </summary>
public sealed class ChaCha20Poly1305Tests
{
    private const string Sunscreen =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.";

    // RFC 8439 Appendix A.3 test vectors #2 and #3 (and A.2 #3's key stream input): 375 bytes of IETF boilerplate.
    private const string IetfContribution =
        "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF Internet-Draft " +
        "or RFC and any statement made within the context of an IETF activity is considered an \"IETF Contribution\". " +
        "Such statements include oral statements in IETF sessions, as well as written and electronic communications made " +
        "at any time or place, which are addressed to";

    private static readonly int[] LargeLengths = [4095, 4096, 4097, 8191, 65536 + 7, 131072 + 3, 1_000_003];

    public static TheoryData<InstructionSet> Paths => new(Enum.GetValues<InstructionSet>().Where(ChaCha20.IsSupported));

    public static TheoryData<InstructionSet> VectorPaths =>
        new(Enum.GetValues<InstructionSet>().Where(p => p != InstructionSet.Scalar && ChaCha20.IsSupported(p)));

    private static byte[] Hex(string hex) => Convert.FromHexString(hex);

    private static byte[] Sequence(int first, int count) => Enumerable.Range(first, count).Select(i => (byte)i).ToArray();

    [Fact]
    public void Scalar_always_exists_and_the_default_path_is_supported()
    {
        Assert.True(ChaCha20.IsSupported(InstructionSet.Scalar));
        Assert.True(ChaCha20.IsSupported(ChaCha20.DefaultPath));
    }

    /// <summary>RFC 8439 §2.4.2: the "sunscreen" text under key 00..1f, nonce 00000000 0000004a 00000000, counter 1.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void ChaCha20_matches_rfc8439_section_2_4_2(InstructionSet path)
    {
        byte[] plaintext = Encoding.ASCII.GetBytes(Sunscreen);
        byte[] ciphertext = new byte[plaintext.Length];
        ChaCha20.Xor(Sequence(0, 32), Hex("000000000000004a00000000"), 1, plaintext, ciphertext, path);
        Assert.Equal(
            "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b" +
            "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" +
            "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736" +
            "5af90bbf74a35be6b40b8eedf2785e42874d",
            Convert.ToHexStringLower(ciphertext));
    }

    /// <summary>
    /// RFC 8439 §2.3.2 (the block function's example) and Appendix A.1 test vectors #1 to #4: one block of key stream,
    /// read as the encryption of 64 zero bytes.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void ChaCha20_block_matches_rfc8439_section_2_3_2_and_appendix_a1(InstructionSet path)
    {
        (string Key, string Nonce, uint Counter, string Block)[] cases =
        [
            ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "000000090000004a00000000", 1,
                "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e" +
                "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"),
            (new string('0', 64), new string('0', 24), 0,
                "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" +
                "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"),
            (new string('0', 64), new string('0', 24), 1,
                "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed" +
                "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"),
            (new string('0', 62) + "01", new string('0', 24), 1,
                "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a" +
                "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0"),
            ("00ff" + new string('0', 60), new string('0', 24), 2,
                "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca" +
                "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096"),
        ];
        foreach (var (key, nonce, counter, block) in cases)
        {
            byte[] output = new byte[64];
            ChaCha20.Xor(Hex(key), Hex(nonce), counter, new byte[64], output, path);
            Assert.Equal(block, Convert.ToHexStringLower(output));
        }
    }

    /// <summary>draft-irtf-cfrg-xchacha-03 §2.2.1: HChaCha20 of key 00..1f and nonce 00000009 0000004a 00000000 31415927.</summary>
    [Fact]
    public void HChaCha20_matches_the_xchacha_draft_section_2_2_1()
    {
        byte[] subkey = new byte[32];
        ChaCha20.HChaCha20(Sequence(0, 32), Hex("000000090000004a0000000031415927"), subkey);
        Assert.Equal("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", Convert.ToHexStringLower(subkey));
    }

    /// <summary>RFC 8439 §2.5.2 ("Cryptographic Forum Research Group") and Appendix A.3 test vectors #1 to #11.</summary>
    [Fact]
    public void Poly1305_matches_rfc8439_section_2_5_2_and_appendix_a3()
    {
        string zero16 = new('0', 32);
        (string Key, byte[] Message, string Tag)[] cases =
        [
            ("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b",
                Encoding.ASCII.GetBytes("Cryptographic Forum Research Group"), "a8061dc1305136c6c22b8baf0c0127a9"),
            (zero16 + zero16, new byte[64], zero16),
            (zero16 + "36e5f6b5c5e06070f0efca96227a863e", Encoding.ASCII.GetBytes(IetfContribution), "36e5f6b5c5e06070f0efca96227a863e"),
            ("36e5f6b5c5e06070f0efca96227a863e" + zero16, Encoding.ASCII.GetBytes(IetfContribution), "f3477e7cd95417af89a6b8794c310cf0"),
            ("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0",
                Hex("2754776173206272696c6c69672c20616e642074686520736c6974687920746f7665730a446964206779726520616e64" +
                    "2067696d626c6520696e2074686520776162653a0a416c6c206d696d737920776572652074686520626f726f676f7665" +
                    "732c0a416e6420746865206d6f6d65207261746873206f757467726162652e"),
                "4541669a7eaaee61e708dc7cbcc5eb62"),
            ("02" + new string('0', 62), Hex("ffffffffffffffffffffffffffffffff"), "03000000000000000000000000000000"),
            ("02" + new string('0', 30) + "ffffffffffffffffffffffffffffffff", Hex("02000000000000000000000000000000"), "03000000000000000000000000000000"),
            ("01" + new string('0', 62),
                Hex("ffffffffffffffffffffffffffffffff" + "f0ffffffffffffffffffffffffffffff" + "11000000000000000000000000000000"),
                "05000000000000000000000000000000"),
            ("01" + new string('0', 62),
                Hex("ffffffffffffffffffffffffffffffff" + "fbfefefefefefefefefefefefefefefe" + "01010101010101010101010101010101"),
                zero16),
            ("02" + new string('0', 62), Hex("fdffffffffffffffffffffffffffffff"), "faffffffffffffffffffffffffffffff"),
            ("0100000000000000040000000000000000000000000000000000000000000000",
                Hex("e33594d7505e43b90000000000000000" + "3394d7505e4379cd0100000000000000" +
                    "00000000000000000000000000000000" + "01000000000000000000000000000000"),
                "14000000000000005500000000000000"),
            ("0100000000000000040000000000000000000000000000000000000000000000",
                Hex("e33594d7505e43b90000000000000000" + "3394d7505e4379cd0100000000000000" + "00000000000000000000000000000000"),
                "13000000000000000000000000000000"),
        ];
        foreach (var (key, message, tag) in cases)
        {
            byte[] output = new byte[16];
            Poly1305.Mac(Hex(key), message, output);
            Assert.Equal(tag, Convert.ToHexStringLower(output));
        }
    }

    /// <summary>RFC 8439 §2.8.2 and Appendix A.5: encryption gives the RFC's ciphertext and tag, and decryption inverts it.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void ChaCha20Poly1305_matches_rfc8439_section_2_8_2_and_appendix_a5(InstructionSet path)
    {
        CheckAead(
            new ChaCha20Poly1305Cipher(Sequence(0x80, 32), path), Hex("070000004041424344454647"), Hex("50515253c0c1c2c3c4c5c6c7"),
            Encoding.ASCII.GetBytes(Sunscreen),
            "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6" +
            "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36" +
            "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc" +
            "3ff4def08e4b7a9de576d26586cec64b6116",
            "1ae10b594f09e26a7e902ecbd0600691");

        // Appendix A.5 gives the ciphertext and tag to decrypt; encrypting the plaintext must give them back.
        CheckAead(
            new ChaCha20Poly1305Cipher(Hex("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"), path),
            Hex("000000000102030405060708"), Hex("f33388860000000000004e91"),
            Hex("496e7465726e65742d4472616674732061726520647261667420646f63756d656e74732076616c696420666f722061206d" +
                "6178696d756d206f6620736978206d6f6e74687320616e64206d617920626520757064617465642c207265706c61636564" +
                "2c206f72206f62736f6c65746564206279206f7468657220646f63756d656e747320617420616e792074696d652e204974" +
                "20697320696e617070726f70726961746520746f2075736520496e7465726e65742d4472616674732061732072656665" +
                "72656e6365206d6174657269616c206f7220746f2063697465207468656d206f74686572207468616e206173202fe280" +
                "9c776f726b20696e2070726f67726573732e2fe2809d"),
            "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb24c6cfc18755d43eea09ee94e382d26b0" +
            "bdb7b73c321b0100d4f03b7f355894cf332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855" +
            "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4b9166c767b804d46a59b5216cde7a4e9" +
            "9040c5a40433225ee282a1b0a06c523eaf4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a" +
            "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a1049e617d91d361094fa68f0ff77987130" +
            "305beaba2eda04df997b714d6c6f2c29a6ad5cb4022b02709b",
            "eead9d67890cbb22392336fea1851f38");
    }

    /// <summary>draft-irtf-cfrg-xchacha-03 Appendix A.3.1: the "sunscreen" text under XChaCha20-Poly1305.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void XChaCha20Poly1305_matches_the_xchacha_draft_appendix_a3_1(InstructionSet path)
    {
        CheckAead(
            new XChaCha20Poly1305Cipher(Sequence(0x80, 32), path), Sequence(0x40, 24), Hex("50515253c0c1c2c3c4c5c6c7"),
            Encoding.ASCII.GetBytes(Sunscreen),
            "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb" +
            "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452" +
            "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9" +
            "21f9664c97637da9768812f615c68b13b52e",
            "c0875924c1c7987947deafd8780acf49");
    }

    /// <summary>
    /// Each vector path gives the scalar path's key stream at every length 0 to 1100 and a few large ones, from an
    /// unaligned offset and at a counter that is not a multiple of any group width, and matches BouncyCastle's
    /// ChaCha7539Engine (an independent implementation) there too.
    /// </summary>
    [Theory]
    [MemberData(nameof(VectorPaths))]
    public void ChaCha20_path_matches_scalar_and_bouncycastle(InstructionSet path)
    {
        var random = new Random(8439);
        var key = TestBytes.Bytes(random, 32);
        var nonce = TestBytes.Bytes(random, 12);
        foreach (int length in Enumerable.Range(0, 1101).Concat(LargeLengths))
        {
            byte[] input = new byte[length + 3];
            random.NextBytes(input);
            uint counter = (uint)random.Next(0, 1000);
            byte[] expected = new byte[length + 3], actual = new byte[length + 5];
            ChaCha20.Xor(key, nonce, counter, input.AsSpan(3), expected.AsSpan(3), InstructionSet.Scalar);
            ChaCha20.Xor(key, nonce, counter, input.AsSpan(3), actual.AsSpan(5, length), path);
            Assert.True(expected.AsSpan(3).SequenceEqual(actual.AsSpan(5, length)), $"{path} differs from scalar at {length} bytes");
            if (length <= 1100 && length % 7 == 0 || length > 1100)
            {
                Assert.True(expected.AsSpan(3).SequenceEqual(BouncyCastleChaCha(key, nonce, counter, input.AsSpan(3))), $"differs from BouncyCastle at {length} bytes");
            }
        }
    }

    /// <summary>
    /// Poly1305's vector forms against the scalar loop at every length 0 to 1100 and a few large ones, unaligned, with
    /// random keys and with the largest r clamping allows and all-ones messages (the limbs' and carries' worst case).
    /// </summary>
    [Theory]
    [MemberData(nameof(VectorPaths))]
    public void Poly1305_path_matches_scalar(InstructionSet path)
    {
        var random = new Random(1305);
        byte[] key = new byte[32], expected = new byte[16], actual = new byte[16];
        byte[] maximalKey = Enumerable.Repeat((byte)0xff, 32).ToArray();
        foreach (int length in Enumerable.Range(0, 1101).Concat(LargeLengths))
        {
            byte[] message = new byte[length + 1];
            random.NextBytes(message);
            random.NextBytes(key);
            Poly1305.Mac(key, message.AsSpan(1), expected, InstructionSet.Scalar);
            Poly1305.Mac(key, message.AsSpan(1), actual, path);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{path} differs from scalar at {length} bytes");

            message.AsSpan().Fill(0xff);
            Poly1305.Mac(maximalKey, message.AsSpan(1), expected, InstructionSet.Scalar);
            Poly1305.Mac(maximalKey, message.AsSpan(1), actual, path);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{path} differs from scalar at {length} bytes of ones");
        }
    }

    /// <summary>
    /// Both AEADs on each path against the scalar path and against BouncyCastle's ChaCha20Poly1305 at every length 0 to
    /// 1100 and a few large ones, associated data of varying length, unaligned buffers; each result decrypts, in place
    /// too.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Aeads_match_scalar_and_bouncycastle_and_round_trip(InstructionSet path)
    {
        var random = new Random(32);
        var key = TestBytes.Bytes(random, 32);
        var nonce = TestBytes.Bytes(random, 24);
        using var cipher = new ChaCha20Poly1305Cipher(key, path);
        using var scalar = new ChaCha20Poly1305Cipher(key, InstructionSet.Scalar);
        using var xcipher = new XChaCha20Poly1305Cipher(key, path);
        using var xscalar = new XChaCha20Poly1305Cipher(key, InstructionSet.Scalar);
        foreach (int length in Enumerable.Range(0, 1101).Concat(LargeLengths))
        {
            byte[] plaintext = new byte[length + 1];
            random.NextBytes(plaintext);
            byte[] ad = new byte[random.Next(0, 70)];
            random.NextBytes(ad);
            var input = plaintext.AsSpan(1);
            byte[] ciphertext = new byte[length + 1], tag = new byte[17], expected = new byte[length], expectedTag = new byte[16];
            cipher.Encrypt(nonce.AsSpan(0, 12), input, ciphertext.AsSpan(1), tag.AsSpan(1), ad);
            scalar.Encrypt(nonce.AsSpan(0, 12), input, expected, expectedTag, ad);
            Assert.True(expected.AsSpan().SequenceEqual(ciphertext.AsSpan(1)), $"{path} ciphertext differs from scalar at {length} bytes");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag.AsSpan(1)), $"{path} tag differs from scalar at {length} bytes");
            if (path == InstructionSet.Scalar && (length % 5 == 0 || length > 1100))
            {
                var bc = BouncyCastleAead(new Org.BouncyCastle.Crypto.Modes.ChaCha20Poly1305(), key, nonce.AsSpan(0, 12), ad, input);
                Assert.True(bc.AsSpan().SequenceEqual([.. expected, .. expectedTag]), $"differs from BouncyCastle at {length} bytes");
            }

            byte[] decrypted = new byte[length];
            Assert.True(cipher.Decrypt(nonce.AsSpan(0, 12), ciphertext.AsSpan(1), tag.AsSpan(1), decrypted, ad));
            Assert.True(input.SequenceEqual(decrypted));
            Assert.True(cipher.Decrypt(nonce.AsSpan(0, 12), ciphertext.AsSpan(1), tag.AsSpan(1), ciphertext.AsSpan(1), ad));
            Assert.True(input.SequenceEqual(ciphertext.AsSpan(1)));

            // XChaCha20-Poly1305 likewise, against scalar, and against BouncyCastle at some lengths.
            xcipher.Encrypt(nonce, input, ciphertext.AsSpan(1), tag.AsSpan(1), ad);
            xscalar.Encrypt(nonce, input, expected, expectedTag, ad);
            Assert.True(expected.AsSpan().SequenceEqual(ciphertext.AsSpan(1)), $"{path} XChaCha ciphertext differs from scalar at {length} bytes");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag.AsSpan(1)), $"{path} XChaCha tag differs from scalar at {length} bytes");
            if (path == InstructionSet.Scalar && (length % 11 == 0 || length > 1100))
            {
                var bc = BouncyCastleAead(new Org.BouncyCastle.Crypto.Modes.XChaCha20Poly1305(), key, nonce, ad, input);
                Assert.True(bc.AsSpan().SequenceEqual([.. expected, .. expectedTag]), $"XChaCha differs from BouncyCastle at {length} bytes");
            }

            Assert.True(xcipher.Decrypt(nonce, ciphertext.AsSpan(1), tag.AsSpan(1), decrypted, ad));
            Assert.True(input.SequenceEqual(decrypted));
        }
    }

    /// <summary>
    /// A flipped bit anywhere (ciphertext, tag, associated data, nonce) is rejected, and the plaintext buffer is left
    /// as it was: nothing of the message is written on a forgery.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Forged_tags_are_rejected_and_write_nothing(InstructionSet path)
    {
        var random = new Random(1305);
        byte[] key = new byte[32];
        random.NextBytes(key);
        using var cipher = new ChaCha20Poly1305Cipher(key, path);
        using var xcipher = new XChaCha20Poly1305Cipher(key, path);
        foreach (int length in (int[])[0, 1, 15, 16, 63, 64, 65, 128, 191, 1000, 5000])
        {
            byte[] nonce = new byte[24], ad = new byte[13], plaintext = new byte[length];
            random.NextBytes(nonce);
            random.NextBytes(ad);
            random.NextBytes(plaintext);
            byte[] ciphertext = new byte[length], tag = new byte[16], xciphertext = new byte[length], xtag = new byte[16];
            cipher.Encrypt(nonce.AsSpan(0, 12), plaintext, ciphertext, tag, ad);
            xcipher.Encrypt(nonce, plaintext, xciphertext, xtag, ad);

            for (int trial = 0; trial < 20; trial++)
            {
                int target = random.Next(length == 0 ? 1 : 0, 4);
                byte[][] parts = [ciphertext, tag, ad, nonce];
                byte[] part = parts[target];
                int at = random.Next(target == 3 ? 12 : part.Length);
                byte bit = (byte)(1 << random.Next(8));
                byte[] sentinel = Enumerable.Repeat((byte)0xa5, length).ToArray();
                part[at] ^= bit;
                Assert.False(cipher.Decrypt(nonce.AsSpan(0, 12), ciphertext, tag, sentinel, ad), $"forgery accepted at {length} bytes");
                Assert.All(sentinel, b => Assert.Equal(0xa5, b));
                part[at] ^= bit;
            }

            for (int trial = 0; trial < 20; trial++)
            {
                int target = random.Next(length == 0 ? 1 : 0, 4);
                byte[][] parts = [xciphertext, xtag, ad, nonce];
                byte[] part = parts[target];
                int at = random.Next(part.Length);
                byte bit = (byte)(1 << random.Next(8));
                byte[] sentinel = Enumerable.Repeat((byte)0x5a, length).ToArray();
                part[at] ^= bit;
                Assert.False(xcipher.Decrypt(nonce, xciphertext, xtag, sentinel, ad), $"XChaCha forgery accepted at {length} bytes");
                Assert.All(sentinel, b => Assert.Equal(0x5a, b));
                part[at] ^= bit;
            }

            byte[] decrypted = new byte[length];
            Assert.True(cipher.Decrypt(nonce.AsSpan(0, 12), ciphertext, tag, decrypted, ad));
            Assert.Equal(plaintext, decrypted);
            Assert.True(xcipher.Decrypt(nonce, xciphertext, xtag, decrypted, ad));
            Assert.Equal(plaintext, decrypted);
        }
    }

    [Fact]
    public void Wrong_lengths_and_disposal_are_refused()
    {
        using var cipher = new ChaCha20Poly1305Cipher(new byte[32], InstructionSet.Scalar);
        Assert.Throws<ArgumentException>(() => new ChaCha20Poly1305Cipher(new byte[31], InstructionSet.Scalar));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[24], new byte[4], new byte[4], new byte[16]));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[12], new byte[4], new byte[5], new byte[16]));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[12], new byte[4], new byte[4], new byte[15]));
        Assert.Throws<ArgumentException>(() => cipher.Decrypt(new byte[12], new byte[4], new byte[16], new byte[3]));
        var xcipher = new XChaCha20Poly1305Cipher(new byte[32], InstructionSet.Scalar);
        Assert.Throws<ArgumentException>(() => xcipher.Encrypt(new byte[12], new byte[4], new byte[4], new byte[16]));
        xcipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => xcipher.Encrypt(new byte[24], new byte[4], new byte[4], new byte[16]));
    }

    /// <summary>Encrypting and decrypting (rightly and with a forged tag) allocate nothing once warmed up.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Calls_allocate_nothing(InstructionSet path)
    {
        byte[] key = new byte[32], nonce = new byte[24], ad = new byte[16], plaintext = new byte[1500], ciphertext = new byte[1500], tag = new byte[16];
        byte[] forged = new byte[16];
        int[] lengths = [0, 128, 1500];
        using var cipher = new ChaCha20Poly1305Cipher(key, path);
        using var xcipher = new XChaCha20Poly1305Cipher(key, path);
        for (int i = 0; i < 3; i++)
        {
            Run();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        Run();
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);

        void Run()
        {
            foreach (int length in lengths)
            {
                cipher.Encrypt(nonce.AsSpan(0, 12), plaintext.AsSpan(0, length), ciphertext.AsSpan(0, length), tag, ad);
                cipher.Decrypt(nonce.AsSpan(0, 12), ciphertext.AsSpan(0, length), tag, plaintext.AsSpan(0, length), ad);
                cipher.Decrypt(nonce.AsSpan(0, 12), ciphertext.AsSpan(0, length), forged, plaintext.AsSpan(0, length), ad);
                xcipher.Encrypt(nonce, plaintext.AsSpan(0, length), ciphertext.AsSpan(0, length), tag, ad);
                xcipher.Decrypt(nonce, ciphertext.AsSpan(0, length), tag, plaintext.AsSpan(0, length), ad);
            }
        }
    }

    private static void CheckAead(IDisposable aead, byte[] nonce, byte[] ad, byte[] plaintext, string ciphertextHex, string tagHex)
    {
        using (aead)
        {
            byte[] ciphertext = new byte[plaintext.Length], tag = new byte[16], decrypted = new byte[plaintext.Length];
            bool opened;
            if (aead is ChaCha20Poly1305Cipher c)
            {
                c.Encrypt(nonce, plaintext, ciphertext, tag, ad);
                opened = c.Decrypt(nonce, ciphertext, tag, decrypted, ad);
            }
            else
            {
                var x = (XChaCha20Poly1305Cipher)aead;
                x.Encrypt(nonce, plaintext, ciphertext, tag, ad);
                opened = x.Decrypt(nonce, ciphertext, tag, decrypted, ad);
            }

            Assert.Equal(ciphertextHex, Convert.ToHexStringLower(ciphertext));
            Assert.Equal(tagHex, Convert.ToHexStringLower(tag));
            Assert.True(opened);
            Assert.Equal(plaintext, decrypted);
        }
    }

    private static byte[] BouncyCastleChaCha(byte[] key, byte[] nonce, uint counter, ReadOnlySpan<byte> input)
    {
        // ChaCha7539Engine starts at block 0; skipping counter blocks of key stream reaches the same position.
        var engine = new ChaCha7539Engine();
        engine.Init(true, new ParametersWithIV(new KeyParameter(key), nonce));
        byte[] skipped = new byte[64 * counter];
        engine.ProcessBytes(skipped, 0, skipped.Length, skipped, 0);
        byte[] output = new byte[input.Length];
        engine.ProcessBytes(input.ToArray(), 0, input.Length, output, 0);
        return output;
    }

    private static byte[] BouncyCastleAead(Org.BouncyCastle.Crypto.Modes.IAeadCipher cipher, byte[] key, ReadOnlySpan<byte> nonce, byte[] ad, ReadOnlySpan<byte> input)
    {
        cipher.Init(true, new AeadParameters(new KeyParameter(key), 128, nonce.ToArray(), ad));
        byte[] output = new byte[input.Length + 16];
        int written = cipher.ProcessBytes(input.ToArray(), 0, input.Length, output, 0);
        cipher.DoFinal(output, written);
        return output;
    }
}
