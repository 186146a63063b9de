using System.Runtime.Intrinsics;
using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// AEGIS-128L and AEGIS-256 against the draft's test vectors (draft-irtf-cfrg-aegis-aead, Appendix "Test Vectors", as
/// published in cfrg/draft-irtf-cfrg-aegis-aead at commit 009d4c6: "AEGIS-128L Test Vectors" and "AEGIS-256 Test
/// Vectors", Test Vectors 1–9, both tag lengths), against a plain transcription of the draft's pseudocode at every
/// length 0..1100 and at large unaligned lengths, forgeries refused with the output zeroed, and no allocation. The
/// registry's gate also checks both against libsodium and NSec.
/// </summary>
public sealed class AegisTests
{
    private const string Key128L = "10010000000000000000000000000000";
    private const string Nonce128L = "10000200000000000000000000000000";
    private const string Key256 = Key128L + "00000000000000000000000000000000";
    private const string Nonce256 = Nonce128L + "00000000000000000000000000000000";
    private const string Ad5 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20212223242526272829";
    private const string Msg5 = "101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f3031323334353637";
    private const string Counting32 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    /// <summary>Name, key, nonce, associated data, message, ciphertext, tag128, tag256 (Test Vectors 1–5).</summary>
    public static TheoryData<string, string, string, string, string, string, string, string> Vectors => new()
    {
        { "AEGIS-128L Test Vector 1", Key128L, Nonce128L, "", new string('0', 32), "c1c0e58bd913006feba00f4b3cc3594e",
            "abe0ece80c24868a226a35d16bdae37a", "25835bfbb21632176cf03840687cb968cace4617af1bd0f7d064c639a5c79ee4" },
        { "AEGIS-128L Test Vector 2", Key128L, Nonce128L, "", "", "",
            "c2b879a67def9d74e6c14f708bbcc9b4", "1360dc9db8ae42455f6e5b6a9d488ea4f2184c4e12120249335c4ee84bafe25d" },
        { "AEGIS-128L Test Vector 3", Key128L, Nonce128L, "0001020304050607", Counting32,
            "79d94593d8c2119d7e8fd9b8fc77845c5c077a05b2528b6ac54b563aed8efe84",
            "cc6f3372f6aa1bb82388d695c3962d9a", "022cb796fe7e0ae1197525ff67e309484cfbab6528ddef89f17d74ef8ecd82b3" },
        { "AEGIS-128L Test Vector 4", Key128L, Nonce128L, "0001020304050607", Counting32[..28], "79d94593d8c2119d7e8fd9b8fc77",
            "5c04b3dba849b2701effbe32c7f0fab7", "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac" },
        { "AEGIS-128L Test Vector 5", Key128L, Nonce128L, Ad5, Msg5,
            "b31052ad1cca4e291abcf2df3502e6bdb1bfd6db36798be3607b1f94d34478aa7ede7f7a990fec10",
            "7542a745733014f9474417b337399507", "b91e2947a33da8bee89b6794e647baf0fc835ff574aca3fc27c33be0db2aff98" },
        { "AEGIS-256 Test Vector 1", Key256, Nonce256, "", new string('0', 32), "754fc3d8c973246dcc6d741412a4b236",
            "3fe91994768b332ed7f570a19ec5896e", "1181a1d18091082bf0266f66297d167d2e68b845f61a3b0527d31fc7b7b89f13" },
        { "AEGIS-256 Test Vector 2", Key256, Nonce256, "", "", "",
            "e3def978a0f054afd1e761d7553afba3", "6a348c930adbd654896e1666aad67de989ea75ebaa2b82fb588977b1ffec864a" },
        { "AEGIS-256 Test Vector 3", Key256, Nonce256, "0001020304050607", Counting32,
            "f373079ed84b2709faee373584585d60accd191db310ef5d8b11833df9dec711",
            "8d86f91ee606e9ff26a01b64ccbdd91d", "b7d28d0c3c0ebd409fd22b44160503073a547412da0854bfb9723020dab8da1a" },
        { "AEGIS-256 Test Vector 4", Key256, Nonce256, "0001020304050607", Counting32[..28], "f373079ed84b2709faee37358458",
            "c60b9c2d33ceb058f96e6dd03c215652", "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9" },
        { "AEGIS-256 Test Vector 5", Key256, Nonce256, Ad5, Msg5,
            "57754a7d09963e7c787583a2e7b859bb24fa1e04d49fd550b2511a358e3bca252a9b1b8b30cc4a67",
            "ab8a7d53fd0e98d727accca94925e128", "a3aca270c006094d71c20e6910b5161c0826df233d08919a566ec2c05990f734" },
    };

    /// <summary>Test Vectors 6–9, each of which "MUST return a verification failed error": name, key, nonce, ad, ct, tag128, tag256.</summary>
    public static TheoryData<string, string, string, string, string, string, string> Failures => new()
    {
        { "AEGIS-128L Test Vector 6", "10000200000000000000000000000000", "10010000000000000000000000000000", "0001020304050607", "79d94593d8c2119d7e8fd9b8fc77",
            "5c04b3dba849b2701effbe32c7f0fab7", "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac" },
        { "AEGIS-128L Test Vector 7", Key128L, Nonce128L, "0001020304050607", "79d94593d8c2119d7e8fd9b8fc78",
            "5c04b3dba849b2701effbe32c7f0fab7", "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac" },
        { "AEGIS-128L Test Vector 8", Key128L, Nonce128L, "0001020304050608", "79d94593d8c2119d7e8fd9b8fc77",
            "5c04b3dba849b2701effbe32c7f0fab7", "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ac" },
        { "AEGIS-128L Test Vector 9", Key128L, Nonce128L, "0001020304050607", "79d94593d8c2119d7e8fd9b8fc77",
            "6c04b3dba849b2701effbe32c7f0fab8", "86f1b80bfb463aba711d15405d094baf4a55a15dbfec81a76f35ed0b9c8b04ad" },
        { "AEGIS-256 Test Vector 6", "10000200000000000000000000000000" + new string('0', 32), "10010000000000000000000000000000" + new string('0', 32),
            "0001020304050607", "f373079ed84b2709faee37358458",
            "c60b9c2d33ceb058f96e6dd03c215652", "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9" },
        { "AEGIS-256 Test Vector 7", Key256, Nonce256, "0001020304050607", "f373079ed84b2709faee37358459",
            "c60b9c2d33ceb058f96e6dd03c215652", "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9" },
        { "AEGIS-256 Test Vector 8", Key256, Nonce256, "0001020304050608", "f373079ed84b2709faee37358458",
            "c60b9c2d33ceb058f96e6dd03c215652", "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2d9" },
        { "AEGIS-256 Test Vector 9", Key256, Nonce256, "0001020304050607", "f373079ed84b2709faee37358458",
            "c60b9c2d33ceb058f96e6dd03c215653", "8c1cc703c81281bee3f6d9966e14948b4a175b2efbdc31e61a98b4465235c2da" },
    };

    public static TheoryData<bool> Variants => new() { true, false };

    [Theory]
    [MemberData(nameof(Vectors))]
    public void Matches_the_draft_test_vectors(string name, string key, string nonce, string ad, string msg, string ct, string tag128, string tag256)
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        var m = Convert.FromHexString(msg);
        foreach (var expectedTag in (string[])[tag128, tag256])
        {
            var c = new byte[m.Length];
            var tag = new byte[expectedTag.Length / 2];
            Encrypt(name.StartsWith("AEGIS-128L", StringComparison.Ordinal), Convert.FromHexString(key), Convert.FromHexString(nonce), m, c, tag, Convert.FromHexString(ad));
            Assert.True(ct == Convert.ToHexStringLower(c), $"{name}: ciphertext");
            Assert.True(expectedTag == Convert.ToHexStringLower(tag), $"{name}: tag of {tag.Length} bytes");

            var back = new byte[c.Length];
            Assert.True(Decrypt(name.StartsWith("AEGIS-128L", StringComparison.Ordinal), Convert.FromHexString(key), Convert.FromHexString(nonce), c, tag, back, Convert.FromHexString(ad)));
            Assert.Equal(m, back);
        }
    }

    [Theory]
    [MemberData(nameof(Failures))]
    public void Refuses_the_draft_failure_vectors(string name, string key, string nonce, string ad, string ct, string tag128, string tag256)
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        foreach (var tag in (string[])[tag128, tag256])
        {
            var plaintext = new byte[ct.Length / 2];
            plaintext.AsSpan().Fill(0xAA);
            Assert.False(
                Decrypt(name.StartsWith("AEGIS-128L", StringComparison.Ordinal), Convert.FromHexString(key), Convert.FromHexString(nonce),
                    Convert.FromHexString(ct), Convert.FromHexString(tag), plaintext, Convert.FromHexString(ad)),
                name);
            Assert.All(plaintext, b => Assert.Equal(0, b));
        }
    }

    /// <summary>The draft's Update Test Vectors, through the reference below (which the other tests compare against).</summary>
    [Fact]
    public void The_reference_update_matches_the_draft()
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        // Appendix "AESRound Test Vector".
        Assert.Equal("7a7b4e5638782546a8c0477a3b813f43",
            Convert.ToHexStringLower(Vec(Aes.Encrypt(Vec("000102030405060708090a0b0c0d0e0f"), Vec("101112131415161718191a1b1c1d1e1f")))));

        var s = new[]
        {
            Vec("9b7e60b24cc873ea894ecc07911049a3"), Vec("330be08f35300faa2ebf9a7b0d274658"), Vec("7bbd5bd2b049f7b9b515cf26fbe7756c"),
            Vec("c35a00f55ea86c3886ec5e928f87db18"), Vec("9ebccafce87cab446396c4334592c91f"), Vec("58d83e31f256371e60fc6bb257114601"),
            Vec("1639b56ea322c88568a176585bc915de"), Vec("640818ffb57dc0fbc2e72ae93457e39a"),
        };
        var m = Vec("033e6975b94816879e42917650955aa0");
        Reference.Update(s, [m, m]);
        Assert.Equal(
            "596ab773e4433ca0127c73f60536769d 790394041a3d26ab697bde865014652d 38cf49e4b65248acd533041b64dd0611 16d8e58748f437bfff1797f780337cee " +
            "69761320f7dd738b281cc9f335ac2f5a a21746bb193a569e331e1aa985d0d729 09d714e6fcf9177a8ed1cde7e3d259a6 61279ba73167f0ab76f0a11bf203bdff",
            string.Join(' ', s.Select(v => Convert.ToHexStringLower(Vec(v)))));

        s =
        [
            Vec("1fa1207ed76c86f2c4bb40e8b395b43e"), Vec("b44c375e6c1e1978db64bcd12e9e332f"), Vec("0dab84bfa9f0226432ff630f233d4e5b"),
            Vec("d7ef65c9b93e8ee60c75161407b066e7"), Vec("a760bb3da073fbd92bdc24734b1f56fb"), Vec("a828a18d6a964497ac6e7e53c5f55c73"),
        ];
        Reference.Update(s, [Vec("b165617ed04ab738afb2612c6d18a1ec")]);
        Assert.Equal(
            "e6bc643bae82dfa3d991b1b323839dcd 648578232ba0f2f0a3677f617dc052c3 ea788e0e572044a46059212dd007a789 2f1498ae19b80da13fba698f088a8590 " +
            "a54c2ee95e8c2a2c3dae2ec743ae6b86 a3240fceb68e32d5d114df1b5363ab67",
            string.Join(' ', s.Select(v => Convert.ToHexStringLower(Vec(v)))));
    }

    /// <summary>Every length 0..1100 at odd offsets, associated data of varying length: the same bytes as the reference.</summary>
    [Theory]
    [MemberData(nameof(Variants))]
    public void Matches_the_reference_at_every_length(bool is128L)
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        var random = new Random(is128L ? 128 : 256);
        var key = TestBytes.Bytes(random, is128L ? 16 : 32);
        var nonce = TestBytes.Bytes(random, is128L ? 16 : 32);
        var buffer = TestBytes.Bytes(random, 1100 + 3);
        var aadBuffer = TestBytes.Bytes(random, 200);
        var output = new byte[1100 + 6];
        var tag = new byte[32];
        for (int length = 0; length <= 1100; length++)
        {
            var plaintext = buffer.AsSpan(3, length).ToArray();
            var aad = aadBuffer.AsSpan(1, length % 199).ToArray();
            var (expected, expectedTag) = Reference.Encrypt(is128L, key, nonce, aad, plaintext);
            output[5 + length] = 0xa5;
            Encrypt(is128L, key, nonce, buffer.AsSpan(3, length), output.AsSpan(5, length), tag, aad);
            Assert.True(expected.AsSpan().SequenceEqual(output.AsSpan(5, length)), $"ciphertext at {length}");
            Assert.True(output[5 + length] == 0xa5, $"a partial block written past the output at {length}");
            Assert.True(expectedTag.AsSpan().SequenceEqual(tag), $"tag at {length}");

            var back = new byte[length + 1];
            back[length] = 0xa5;
            Assert.True(Decrypt(is128L, key, nonce, output.AsSpan(5, length), tag, back.AsSpan(0, length), aad), $"decrypt at {length}");
            Assert.Equal(plaintext, back[..length]);
            Assert.True(back[length] == 0xa5, $"a partial block written past the plaintext at {length}");
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Matches_the_reference_at_large_unaligned_lengths_and_in_place(bool is128L)
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        var random = new Random(3);
        var key = TestBytes.Bytes(random, is128L ? 16 : 32);
        var nonce = TestBytes.Bytes(random, is128L ? 16 : 32);
        foreach (int length in (int[])[65536 + 13, 131072, 1_000_003])
        {
            var buffer = TestBytes.Bytes(random, length + 1);
            var aad = TestBytes.Bytes(random, 1001);
            var plaintext = buffer.AsSpan(1, length).ToArray();
            var (expected, expectedTag) = Reference.Encrypt(is128L, key, nonce, aad, plaintext);
            var tag = new byte[32];
            Encrypt(is128L, key, nonce, buffer.AsSpan(1, length), buffer.AsSpan(1, length), tag, aad);
            Assert.True(expected.AsSpan().SequenceEqual(buffer.AsSpan(1, length)), $"in-place ciphertext at {length}");
            Assert.Equal(expectedTag, tag);
            Assert.True(Decrypt(is128L, key, nonce, buffer.AsSpan(1, length), tag, buffer.AsSpan(1, length), aad));
            Assert.True(plaintext.AsSpan().SequenceEqual(buffer.AsSpan(1, length)), $"in-place round trip at {length}");
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Refuses_forgeries_and_zeroes_the_output(bool is128L)
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        var random = new Random(5);
        var key = TestBytes.Bytes(random, is128L ? 16 : 32);
        var nonce = TestBytes.Bytes(random, is128L ? 16 : 32);
        var aad = TestBytes.Bytes(random, 16);
        foreach (int length in (int[])[0, 1, 31, 32, 100, 128])
        {
            var plaintext = TestBytes.Bytes(random, length);
            var ciphertext = new byte[length];
            var tag = new byte[32];
            Encrypt(is128L, key, nonce, plaintext, ciphertext, tag, aad);
            for (int bit = 0; bit < 256; bit += 11)
            {
                var forged = (byte[])tag.Clone();
                forged[bit / 8] ^= (byte)(1 << (bit % 8));
                var output = new byte[length];
                output.AsSpan().Fill(0xAA);
                Assert.False(Decrypt(is128L, key, nonce, ciphertext, forged, output, aad));
                Assert.All(output, b => Assert.Equal(0, b));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Allocates_nothing_per_call(bool is128L)
    {
        if (!Aes.IsSupported)
        {
            return;
        }

        var key = new byte[is128L ? 16 : 32];
        var nonce = new byte[is128L ? 16 : 32];
        var plaintext = new byte[1000];
        var ciphertext = new byte[1000];
        var tag = new byte[32];
        var aad = new byte[16];
        Encrypt(is128L, key, nonce, plaintext, ciphertext, tag, aad);
        Decrypt(is128L, key, nonce, ciphertext, tag, plaintext, aad);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10; i++)
        {
            Encrypt(is128L, key, nonce, plaintext, ciphertext, tag, aad);
            Decrypt(is128L, key, nonce, ciphertext, tag, plaintext, aad);
            tag[0] ^= 1;
            Decrypt(is128L, key, nonce, ciphertext, tag, plaintext, aad);
            tag[0] ^= 1;
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Refuses_bad_arguments()
    {
        if (!Aes.IsSupported)
        {
            Assert.Throws<PlatformNotSupportedException>(() => Aegis128L.Encrypt(new byte[16], new byte[16], [], [], new byte[32]));
            return;
        }

        Assert.Throws<ArgumentException>(() => Aegis128L.Encrypt(new byte[32], new byte[16], [], [], new byte[32]));
        Assert.Throws<ArgumentException>(() => Aegis128L.Encrypt(new byte[16], new byte[32], [], [], new byte[32]));
        Assert.Throws<ArgumentException>(() => Aegis128L.Encrypt(new byte[16], new byte[16], [], [], new byte[24]));
        Assert.Throws<ArgumentException>(() => Aegis256.Encrypt(new byte[32], new byte[32], new byte[3], new byte[4], new byte[32]));
        var shared = new byte[40];
        Assert.Throws<ArgumentException>(() => Aegis256.Encrypt(new byte[32], new byte[32], shared.AsSpan(0, 32), shared.AsSpan(2, 32), new byte[32]));
        Assert.Throws<ArgumentException>(() => Aegis256.Encrypt(new byte[32], new byte[32], shared.AsSpan(2, 32), shared.AsSpan(0, 32), new byte[32]));
        Assert.Throws<ArgumentException>(() => Aegis128L.Decrypt(new byte[16], new byte[16], shared.AsSpan(8, 32), new byte[32], shared.AsSpan(0, 32)));
    }

    private static void Encrypt(bool is128L, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> aad)
    {
        if (is128L)
        {
            Aegis128L.Encrypt(key, nonce, plaintext, ciphertext, tag, aad);
        }
        else
        {
            Aegis256.Encrypt(key, nonce, plaintext, ciphertext, tag, aad);
        }
    }

    private static bool Decrypt(bool is128L, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> aad) =>
        is128L ? Aegis128L.Decrypt(key, nonce, ciphertext, tag, plaintext, aad) : Aegis256.Decrypt(key, nonce, ciphertext, tag, plaintext, aad);

    private static Vector128<byte> Vec(string hex) => Vector128.Create(Convert.FromHexString(hex));

    private static byte[] Vec(Vector128<byte> v)
    {
        var bytes = new byte[16];
        v.CopyTo(bytes);
        return bytes;
    }

    /// <summary>
    /// A plain transcription of the draft's pseudocode (§4 and §5): the state as an array, the message padded up front,
    /// one Update per block, a 256-bit tag. Slow and simple, sharing no code with the product's bulk loops.
    /// </summary>
    private static class Reference
    {
        private static readonly Vector128<byte> C0 = Vec("000101020305080d1522375990e97962");
        private static readonly Vector128<byte> C1 = Vec("db3d18556dc22ff12011314273b528dd");

        public static void Update(Vector128<byte>[] s, Vector128<byte>[] m)
        {
            var old = (Vector128<byte>[])s.Clone();
            for (int i = 0; i < s.Length; i++)
            {
                s[i] = Aes.Encrypt(old[(i + s.Length - 1) % s.Length], old[i]);
            }

            // The message goes into the round key of S0 (and S4 for AEGIS-128L): AESRound(S7, S0 ^ M0).
            s[0] = Aes.Encrypt(old[^1], old[0] ^ m[0]);
            if (m.Length == 2)
            {
                s[4] = Aes.Encrypt(old[3], old[4] ^ m[1]);
            }
        }

        public static (byte[] Ciphertext, byte[] Tag) Encrypt(bool is128L, byte[] key, byte[] nonce, byte[] ad, byte[] msg)
        {
            int rate = is128L ? 32 : 16;
            Vector128<byte>[] s;
            if (is128L)
            {
                var k = Vector128.Create(key);
                var n = Vector128.Create(nonce);
                s = [k ^ n, C1, C0, C1, k ^ n, k ^ C0, k ^ C1, k ^ C0];
                for (int i = 0; i < 10; i++)
                {
                    Update(s, [n, k]);
                }
            }
            else
            {
                var k0 = Vector128.Create(key, 0);
                var k1 = Vector128.Create(key, 16);
                var n0 = Vector128.Create(nonce, 0);
                var n1 = Vector128.Create(nonce, 16);
                s = [k0 ^ n0, k1 ^ n1, C1, C0, k0 ^ C0, k1 ^ C1];
                for (int i = 0; i < 4; i++)
                {
                    Update(s, [k0]);
                    Update(s, [k1]);
                    Update(s, [k0 ^ n0]);
                    Update(s, [k1 ^ n1]);
                }
            }

            var paddedAd = new byte[(ad.Length + rate - 1) / rate * rate];
            ad.CopyTo(paddedAd, 0);
            for (int i = 0; i < paddedAd.Length; i += rate)
            {
                Update(s, Blocks(paddedAd, i, rate));
            }

            var padded = new byte[(msg.Length + rate - 1) / rate * rate];
            msg.CopyTo(padded, 0);
            var ct = new byte[padded.Length];
            for (int i = 0; i < padded.Length; i += rate)
            {
                var x = Blocks(padded, i, rate);
                if (is128L)
                {
                    (x[0] ^ s[6] ^ s[1] ^ (s[2] & s[3])).CopyTo(ct, i);
                    (x[1] ^ s[2] ^ s[5] ^ (s[6] & s[7])).CopyTo(ct, i + 16);
                }
                else
                {
                    (x[0] ^ s[1] ^ s[4] ^ s[5] ^ (s[2] & s[3])).CopyTo(ct, i);
                }

                Update(s, x);
            }

            var lengths = Vector128.Create((ulong)ad.Length * 8, (ulong)msg.Length * 8).AsByte();
            var t = s[is128L ? 2 : 3] ^ lengths;
            for (int i = 0; i < 7; i++)
            {
                Update(s, is128L ? [t, t] : [t]);
            }

            var tag = new byte[32];
            int half = s.Length / 2;
            var first = Vector128<byte>.Zero;
            var second = Vector128<byte>.Zero;
            for (int i = 0; i < half; i++)
            {
                first ^= s[i];
                second ^= s[half + i];
            }

            first.CopyTo(tag, 0);
            second.CopyTo(tag, 16);
            return (ct[..msg.Length], tag);
        }

        private static Vector128<byte>[] Blocks(byte[] data, int offset, int rate) =>
            rate == 32 ? [Vector128.Create(data, offset), Vector128.Create(data, offset + 16)] : [Vector128.Create(data, offset)];
    }
}
