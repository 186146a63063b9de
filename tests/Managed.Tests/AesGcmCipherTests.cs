using SystemAesGcm = System.Security.Cryptography.AesGcm;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// AES-128-GCM and AES-256-GCM on every path this CPU has: the GCM specification's test cases, every path against
/// the others and against <see cref="SystemAesGcm"/> (OpenSSL here) at every length 0..1100 and at large unaligned
/// lengths, forged tags and altered inputs refused with the output zeroed, and no allocation per call.
/// </summary>
public sealed class AesGcmCipherTests
{
    public static TheoryData<AesGcmPath> Paths => new(AesGcmCipher.Paths.Where(AesGcmCipher.IsSupported));

    public static TheoryData<AesGcmPath, int> PathsAndKeySizes
    {
        get
        {
            var data = new TheoryData<AesGcmPath, int>();
            foreach (var path in AesGcmCipher.Paths.Where(AesGcmCipher.IsSupported))
            {
                data.Add(path, 16);
                data.Add(path, 32);
            }

            return data;
        }
    }

    private const string SpecKey = "feffe9928665731c6d6a8f9467308308";
    private const string SpecIv = "cafebabefacedbaddecaf888";
    private const string SpecPlaintext =
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72" +
        "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";
    private const string SpecAad = "feedfacedeadbeeffeedfacedeadbeefabaddad2";

    /// <summary>
    /// McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)" (the specification submitted to NIST, revised
    /// 2005), Appendix B: Test Cases 1–4 (AES-128) and 13–16 (AES-256), the ones with a 96-bit IV. Key, IV, plaintext,
    /// associated data, ciphertext, tag.
    /// </summary>
    public static TheoryData<string, string, string, string, string, string, string> SpecCases => new()
    {
        { "Test Case 1", new string('0', 32), new string('0', 24), "", "", "", "58e2fccefa7e3061367f1d57a4e7455a" },
        { "Test Case 2", new string('0', 32), new string('0', 24), new string('0', 32), "", "0388dace60b6a392f328c2b971b2fe78", "ab6e47d42cec13bdf53a67b21257bddf" },
        {
            "Test Case 3", SpecKey, SpecIv, SpecPlaintext, "",
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
            "4d5c2af327cd64a62cf35abd2ba6fab4"
        },
        {
            "Test Case 4", SpecKey, SpecIv, SpecPlaintext[..120], SpecAad,
            "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
            "5bc94fbc3221a5db94fae95ae7121a47"
        },
        { "Test Case 13", new string('0', 64), new string('0', 24), "", "", "", "530f8afbc74536b9a963b4f1c4cb738b" },
        { "Test Case 14", new string('0', 64), new string('0', 24), new string('0', 32), "", "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919" },
        {
            "Test Case 15", SpecKey + SpecKey, SpecIv, SpecPlaintext, "",
            "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
            "b094dac5d93471bdec1a502270e3cc6c"
        },
        {
            "Test Case 16", SpecKey + SpecKey, SpecIv, SpecPlaintext[..120], SpecAad,
            "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
            "76fc6ece0f4e1768cddf8853bb2d551b"
        },
    };

    [Fact]
    public void The_default_path_is_supported_where_any_is()
    {
        if (AesGcmCipher.Paths.Any(AesGcmCipher.IsSupported))
        {
            Assert.True(AesGcmCipher.IsSupported(AesGcmCipher.DefaultPath));
        }
    }

    [Theory]
    [MemberData(nameof(SpecCases))]
    public void Matches_the_gcm_specification_test_cases(string name, string key, string iv, string plaintext, string aad, string ciphertext, string tag)
    {
        foreach (var path in AesGcmCipher.Paths.Where(AesGcmCipher.IsSupported))
        {
            using var cipher = new AesGcmCipher(Convert.FromHexString(key), path);
            var p = Convert.FromHexString(plaintext);
            var c = new byte[p.Length];
            var t = new byte[16];
            cipher.Encrypt(Convert.FromHexString(iv), p, c, t, Convert.FromHexString(aad));
            Assert.True(ciphertext == Convert.ToHexStringLower(c), $"{name}, {path}: ciphertext");
            Assert.True(tag == Convert.ToHexStringLower(t), $"{name}, {path}: tag");

            var back = new byte[c.Length];
            Assert.True(cipher.Decrypt(Convert.FromHexString(iv), c, t, back, Convert.FromHexString(aad)), $"{name}, {path}: decrypt");
            Assert.Equal(p, back);
        }
    }

    /// <summary>
    /// Every length 0..1100 (every tail length against every number of whole 128-byte chunks up to eight), associated
    /// data of lengths that cross the same boundaries, inputs at an odd offset: the same bytes as the OS's AES-GCM.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathsAndKeySizes))]
    public void Matches_the_os_at_every_length(AesGcmPath path, int keySize)
    {
        if (!SystemAesGcm.IsSupported)
        {
            return;
        }

        var random = new Random(keySize * 1000 + (int)path);
        var key = TestBytes.Bytes(random, keySize);
        var nonce = TestBytes.Bytes(random, 12);
        var buffer = TestBytes.Bytes(random, 1101 + 3);
        var aadBuffer = TestBytes.Bytes(random, 300 + 1);
        using var cipher = new AesGcmCipher(key, path);
        using var os = new SystemAesGcm(key, 16);
        var mine = new byte[1101 + 5];
        var theirs = new byte[1101];
        var tag = new byte[16];
        var osTag = new byte[16];
        for (int length = 0; length <= 1100; length++)
        {
            var plaintext = buffer.AsSpan(3, length);
            var aad = aadBuffer.AsSpan(1, length % 301);
            cipher.Encrypt(nonce, plaintext, mine.AsSpan(5, length), tag, aad);
            os.Encrypt(nonce, plaintext, theirs.AsSpan(0, length), osTag, aad);
            Assert.True(theirs.AsSpan(0, length).SequenceEqual(mine.AsSpan(5, length)), $"ciphertext at {length}");
            Assert.True(osTag.AsSpan().SequenceEqual(tag), $"tag at {length}");

            var back = new byte[length];
            Assert.True(cipher.Decrypt(nonce, mine.AsSpan(5, length), tag, back, aad), $"decrypt at {length}");
            Assert.True(plaintext.SequenceEqual(back), $"round trip at {length}");
        }
    }

    /// <summary>
    /// Messages of up to one chunk with up to one block of associated data take a route of their own (and one past each
    /// limit the general one): every length 0 to 129 with associated data of 0, 1, 13, 15, 16 and 17 bytes, both
    /// directions, out of place at odd offsets and in place, against the OS's AES-GCM.
    /// </summary>
    [Theory]
    [MemberData(nameof(PathsAndKeySizes))]
    public void Matches_the_os_for_one_chunk_with_a_block_of_associated_data(AesGcmPath path, int keySize)
    {
        if (!SystemAesGcm.IsSupported)
        {
            return;
        }

        var random = new Random((keySize * 7) + (int)path);
        var key = TestBytes.Bytes(random, keySize);
        var nonce = TestBytes.Bytes(random, 12);
        using var cipher = new AesGcmCipher(key, path);
        using var os = new SystemAesGcm(key, 16);
        var tag = new byte[16];
        var osTag = new byte[16];
        foreach (int aadLength in (int[])[0, 1, 13, 15, 16, 17])
        {
            var aad = TestBytes.Bytes(random, aadLength + 1).AsSpan(1);
            for (int length = 0; length <= 129; length++)
            {
                var plaintext = TestBytes.Bytes(random, length + 3).AsSpan(3);
                var mine = new byte[length + 5];
                var theirs = new byte[length];
                cipher.Encrypt(nonce, plaintext, mine.AsSpan(5), tag, aad);
                os.Encrypt(nonce, plaintext, theirs, osTag, aad);
                Assert.True(theirs.AsSpan().SequenceEqual(mine.AsSpan(5)), $"ciphertext at {length}, {aadLength} bytes of associated data");
                Assert.True(osTag.AsSpan().SequenceEqual(tag), $"tag at {length}, {aadLength} bytes of associated data");

                var inPlace = theirs.ToArray();
                Assert.True(cipher.Decrypt(nonce, inPlace, tag, inPlace, aad), $"in-place decrypt at {length}, {aadLength} bytes of associated data");
                Assert.True(plaintext.SequenceEqual(inPlace), $"in-place round trip at {length}, {aadLength} bytes of associated data");

                var inPlaceTag = new byte[16];
                cipher.Encrypt(nonce, inPlace, inPlace, inPlaceTag, aad);
                Assert.True(theirs.AsSpan().SequenceEqual(inPlace), $"in-place encrypt at {length}, {aadLength} bytes of associated data");
                Assert.Equal(osTag, inPlaceTag);

                if (length > 0)
                {
                    theirs[length / 2] ^= 1;
                    var rejected = TestBytes.Bytes(random, length);
                    Assert.False(cipher.Decrypt(nonce, theirs, osTag, rejected, aad), $"forgery accepted at {length}, {aadLength} bytes of associated data");
                    Assert.True(rejected.All(b => b == 0), $"forgery's output not zeroed at {length}, {aadLength} bytes of associated data");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PathsAndKeySizes))]
    public void Matches_the_os_and_the_other_paths_at_large_unaligned_lengths(AesGcmPath path, int keySize)
    {
        var random = new Random(keySize + (int)path);
        var key = TestBytes.Bytes(random, keySize);
        var nonce = TestBytes.Bytes(random, 12);
        foreach (int length in (int[])[4096, 65536 + 7, 131072, 1_000_003])
        {
            var buffer = TestBytes.Bytes(random, length + 1);
            var aad = TestBytes.Bytes(random, 1000);
            var plaintext = buffer.AsSpan(1, length);
            var mine = new byte[length];
            var tag = new byte[16];
            using (var cipher = new AesGcmCipher(key, path))
            {
                cipher.Encrypt(nonce, plaintext, mine, tag, aad);
            }

            foreach (var other in AesGcmCipher.Paths.Where(AesGcmCipher.IsSupported))
            {
                using var cipher = new AesGcmCipher(key, other);
                var theirs = new byte[length];
                var theirTag = new byte[16];
                cipher.Encrypt(nonce, plaintext, theirs, theirTag, aad);
                Assert.True(mine.AsSpan().SequenceEqual(theirs), $"{path} vs {other} at {length}");
                Assert.Equal(tag, theirTag);
            }

            if (SystemAesGcm.IsSupported)
            {
                using var os = new SystemAesGcm(key, 16);
                var theirs = new byte[length];
                var theirTag = new byte[16];
                os.Encrypt(nonce, plaintext, theirs, theirTag, aad);
                Assert.True(mine.AsSpan().SequenceEqual(theirs), $"{path} vs the OS at {length}");
                Assert.Equal(tag, theirTag);
            }
        }
    }

    [Theory]
    [MemberData(nameof(PathsAndKeySizes))]
    public void Encrypts_and_decrypts_in_place(AesGcmPath path, int keySize)
    {
        var random = new Random(7);
        var key = TestBytes.Bytes(random, keySize);
        var nonce = TestBytes.Bytes(random, 12);
        var original = TestBytes.Bytes(random, 777);
        var data = (byte[])original.Clone();
        var expected = new byte[data.Length];
        var tag = new byte[16];
        using var cipher = new AesGcmCipher(key, path);
        cipher.Encrypt(nonce, original, expected, tag, "ad"u8);
        cipher.Encrypt(nonce, data, data, tag, "ad"u8);
        Assert.Equal(expected, data);
        Assert.True(cipher.Decrypt(nonce, data, tag, data, "ad"u8));
        Assert.Equal(original, data);
    }

    /// <summary>A wrong bit anywhere in the tag, ciphertext, associated data or nonce is refused, and the output zeroed.</summary>
    [Theory]
    [MemberData(nameof(PathsAndKeySizes))]
    public void Refuses_forgeries_and_zeroes_the_output(AesGcmPath path, int keySize)
    {
        var random = new Random(11);
        var key = TestBytes.Bytes(random, keySize);
        var nonce = TestBytes.Bytes(random, 12);
        var aad = TestBytes.Bytes(random, 20);
        using var cipher = new AesGcmCipher(key, path);
        foreach (int length in (int[])[0, 1, 16, 100, 128, 300])
        {
            var plaintext = TestBytes.Bytes(random, length);
            var ciphertext = new byte[length];
            var tag = new byte[16];
            cipher.Encrypt(nonce, plaintext, ciphertext, tag, aad);

            for (int bit = 0; bit < 128; bit += 9)
            {
                var forged = (byte[])tag.Clone();
                forged[bit / 8] ^= (byte)(1 << (bit % 8));
                AssertRefused(cipher, nonce, ciphertext, forged, aad);
            }

            if (length > 0)
            {
                var altered = (byte[])ciphertext.Clone();
                altered[length - 1] ^= 0x80;
                AssertRefused(cipher, nonce, altered, tag, aad);
            }

            var otherAad = (byte[])aad.Clone();
            otherAad[0] ^= 1;
            AssertRefused(cipher, nonce, ciphertext, tag, otherAad);
            var otherNonce = (byte[])nonce.Clone();
            otherNonce[11] ^= 1;
            AssertRefused(cipher, otherNonce, ciphertext, tag, aad);
        }
    }

    [Theory]
    [MemberData(nameof(PathsAndKeySizes))]
    public void Allocates_nothing_per_call(AesGcmPath path, int keySize)
    {
        var key = new byte[keySize];
        var nonce = new byte[12];
        var plaintext = new byte[1000];
        var ciphertext = new byte[1000];
        var tag = new byte[16];
        var aad = new byte[16];
        using var cipher = new AesGcmCipher(key, path);
        cipher.Encrypt(nonce, plaintext, ciphertext, tag, aad);
        cipher.Decrypt(nonce, ciphertext, tag, plaintext, aad);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10; i++)
        {
            cipher.Encrypt(nonce, plaintext, ciphertext, tag, aad);
            cipher.Decrypt(nonce, ciphertext, tag, plaintext, aad);
            tag[0] ^= 1;
            cipher.Decrypt(nonce, ciphertext, tag, plaintext, aad);
            tag[0] ^= 1;
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Refuses_bad_arguments_and_use_after_dispose()
    {
        if (!AesGcmCipher.IsSupported(AesGcmCipher.DefaultPath))
        {
            Assert.Throws<PlatformNotSupportedException>(() => new AesGcmCipher(new byte[16]));
            return;
        }

        Assert.Throws<ArgumentException>(() => new AesGcmCipher(new byte[24]));
        var cipher = new AesGcmCipher(new byte[16]);
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[16], new byte[4], new byte[4], new byte[16]));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[12], new byte[4], new byte[4], new byte[12]));
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[12], new byte[4], new byte[5], new byte[16]));
        var shared = new byte[40];
        Assert.Throws<ArgumentException>(() => cipher.Encrypt(new byte[12], shared.AsSpan(0, 32), shared.AsSpan(1, 32), new byte[16]));
        cipher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => cipher.Encrypt(new byte[12], new byte[4], new byte[4], new byte[16]));
    }

    private static void AssertRefused(AesGcmCipher cipher, byte[] nonce, byte[] ciphertext, byte[] tag, byte[] aad)
    {
        var plaintext = new byte[ciphertext.Length];
        plaintext.AsSpan().Fill(0xAA);
        Assert.False(cipher.Decrypt(nonce, ciphertext, tag, plaintext, aad));
        Assert.All(plaintext, b => Assert.Equal(0, b));
    }
}
