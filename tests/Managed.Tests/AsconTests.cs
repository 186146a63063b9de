using Org.BouncyCastle.Crypto.Parameters;
using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>Ascon-Hash256, Ascon-XOF128 and Ascon-AEAD128 (NIST SP 800-232) on every path.</summary>
public sealed class AsconTests
{
    private static InstructionSet[] AsconPaths() => Enum.GetValues<InstructionSet>().Where(AsconHash.IsSupported).ToArray();

    public static TheoryData<InstructionSet> Paths => new(AsconPaths());

    // The reference implementation's KAT files that accompany SP 800-232 (ascon/ascon-c, crypto_hash/asconhash256/
    // LWC_HASH_KAT_128_256.txt, crypto_hash/asconxof128/LWC_XOF_KAT_128_512.txt, crypto_aead/asconaead128/
    // LWC_AEAD_KAT_128_128.txt), by Count. Messages are 00 01 02 …; AEAD plaintexts 20 21 …, associated data 30 31 …,
    // key 00 … 0F, nonce 10 … 1F; the AEAD's expected value is ciphertext ‖ tag.
    private static readonly (int Count, int Length, string Expected)[] HashKats =
    [
        (1, 0, "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2"),
        (2, 1, "0728621035af3ed2bca03bf6fde900f9456f5330e4b5ee23e7f6a1e70291bc80"),
        (9, 8, "b88e497ae8e6fb641b87ef622eb8f2fca0ed95383f7ffebe167acf1099ba764f"),
        (65, 64, "a6f241bea5d16405812c06019d9f72d60132bd7c089c60549b2e56bb01c64f48"),
    ];

    private static readonly (int Count, int Length, string Expected)[] XofKats =
    [
        (1, 0, "473d5e6164f58b39dfd84aacdb8ae42ec2d91fed33388ee0d960d9b3993295c6ad77855a5d3b13fe6ad9e6098988373af7d0956d05a8f1665d2c67d1a3ad10ff"),
        (2, 1, "51430e0438ecdf642b393630d977625f5f337656ba58ab1e960784ac32a16e0d446405551f5469384f8ea283cf12e64fa72c426bfebaea3aa1529e2c4ab23a2f"),
        (33, 32, "2e5f3403f4171471cc7934b51982cece8d6628435db70e89880f3be4e0b7b05232dfe63c44a836d771337c9c5a2688d1b71ecabe0d5c2006fef36ef3186138ad"),
    ];

    private static readonly (int Count, int AssociatedData, int Plaintext, string Expected)[] AeadKats =
    [
        (1, 0, 0, "4f9c278211bec9316bf68f46ee8b2ec6"),
        (17, 16, 0, "e4230cdb8330ee9dc0cfd7c7b346e6dc"),
        (166, 0, 5, "e8c3deee2421812a398a8ff074c8b7da46c82a94a7"),
        (545, 16, 16, "6373ebb28be97c9bac090cf399c13ef13abfc0d209e8f4844c90814d13f32c59"),
        (1089, 32, 32, "cb34d04660a66dbfbe9c856601f5b8aa51a499b55ac8f7fbefbc331a613ee9cdfd191750a47f211c0a15ed28173d7caa"),
    ];

    private static readonly byte[] KatKey = Counting(16);
    private static readonly byte[] KatNonce = Counting(16, 0x10);

    [Theory]
    [MemberData(nameof(Paths))]
    public void Reproduces_the_reference_kats(InstructionSet path)
    {
        foreach (var (count, length, expected) in HashKats)
        {
            var digest = new byte[32];
            AsconHash.HashData<AsconHash256>(Counting(length), digest, path);
            AssertEqual(Hex(expected), digest, $"Ascon-Hash256 Count = {count}");
        }

        foreach (var (count, length, expected) in XofKats)
        {
            var output = new byte[64];
            AsconHash.HashData<AsconXof128>(Counting(length), output, path);
            AssertEqual(Hex(expected), output, $"Ascon-XOF128 Count = {count}");
        }

        foreach (var (count, adLength, ptLength, expected) in AeadKats)
        {
            var plaintext = Counting(ptLength, 0x20);
            var ad = Counting(adLength, 0x30);
            var sealedMessage = new byte[ptLength + 16];
            AsconAead128.Encrypt(KatKey, KatNonce, ad, plaintext, sealedMessage.AsSpan(0, ptLength), sealedMessage.AsSpan(ptLength), path);
            AssertEqual(Hex(expected), sealedMessage, $"Ascon-AEAD128 Count = {count}");

            var opened = new byte[ptLength];
            Assert.True(AsconAead128.Decrypt(KatKey, KatNonce, ad, sealedMessage.AsSpan(0, ptLength), sealedMessage.AsSpan(ptLength), opened, path));
            Assert.Equal(plaintext, opened);
        }
    }

    /// <summary>Every length 0..300 and two long ones, at varying offsets, against BouncyCastle's SP 800-232 classes.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Hash_and_xof_match_bouncycastle_at_every_length(InstructionSet path)
    {
        var buffer = RandomBuffer(16384, 71);
        var hash = new Org.BouncyCastle.Crypto.Digests.AsconHash256();
        var xof = new Org.BouncyCastle.Crypto.Digests.AsconXof128();
        foreach (int length in Enumerable.Range(0, 301).Concat([4096, 16383]))
        {
            var message = buffer.AsSpan(OffsetFor(length), length);
            var expected = new byte[32];
            hash.BlockUpdate(message);
            hash.DoFinal(expected);
            var actual = new byte[32];
            AsconHash.HashData<AsconHash256>(message, actual, path);
            AssertEqual(expected, actual, $"Ascon-Hash256, {length} bytes");

            int outputLength = length % 71;
            var expectedXof = new byte[outputLength];
            xof.BlockUpdate(message);
            xof.OutputFinal(expectedXof);
            var actualXof = new byte[outputLength];
            AsconHash.HashData<AsconXof128>(message, actualXof, path);
            AssertEqual(expectedXof, actualXof, $"Ascon-XOF128, {length} bytes, {outputLength}-byte output");
        }
    }

    /// <summary>Plaintext lengths 0..100 against associated-data lengths 0..40, against BouncyCastle, and back.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Aead_matches_bouncycastle_and_round_trips(InstructionSet path)
    {
        var random = new Random(73);
        var key = new byte[16];
        var nonce = new byte[16];
        var buffer = RandomBuffer(1000, 75);
        for (int ptLength = 0; ptLength <= 100; ptLength++)
        {
            for (int adLength = 0; adLength <= 40; adLength += ptLength % 3 == 0 ? 1 : 7)
            {
                random.NextBytes(key);
                random.NextBytes(nonce);
                var plaintext = buffer.AsSpan(OffsetFor(ptLength), ptLength).ToArray();
                var ad = buffer.AsSpan(500 + OffsetFor(adLength), adLength).ToArray();

                var bc = new Org.BouncyCastle.Crypto.Modes.AsconAead128();
                bc.Init(true, new ParametersWithIV(new KeyParameter(key), nonce));
                bc.ProcessAadBytes(ad);
                var expected = new byte[ptLength + 16];
                int written = bc.ProcessBytes(plaintext, expected);
                bc.DoFinal(expected.AsSpan(written));

                var ciphertext = new byte[ptLength];
                var tag = new byte[16];
                AsconAead128.Encrypt(key, nonce, ad, plaintext, ciphertext, tag, path);
                AssertEqual(expected, [.. ciphertext, .. tag], $"Ascon-AEAD128 encrypt, {ptLength}-byte PT, {adLength}-byte AD");

                var opened = new byte[ptLength];
                Assert.True(AsconAead128.Decrypt(key, nonce, ad, ciphertext, tag, opened, path));
                Assert.Equal(plaintext, opened);
            }
        }
    }

    /// <summary>Any flipped bit of ciphertext, tag, associated data or nonce fails, and the plaintext comes back all zero.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Decrypt_refuses_a_forgery_and_returns_no_plaintext(InstructionSet path)
    {
        var key = Counting(16);
        var nonce = Counting(16, 0x10);
        var ad = Counting(21, 0x30);
        var plaintext = Counting(37, 0x20);
        var ciphertext = new byte[plaintext.Length];
        var tag = new byte[16];
        AsconAead128.Encrypt(key, nonce, ad, plaintext, ciphertext, tag, path);

        void Refused(byte[] k, byte[] n, byte[] a, byte[] c, byte[] t, string what)
        {
            var output = Enumerable.Repeat((byte)0xAA, c.Length).ToArray();
            Assert.False(AsconAead128.Decrypt(k, n, a, c, t, output, path), what);
            Assert.True(output.All(b => b == 0), $"{what}: plaintext left behind");
        }

        for (int bit = 0; bit < 8 * ciphertext.Length; bit += 5)
        {
            var c = (byte[])ciphertext.Clone();
            c[bit / 8] ^= (byte)(1 << (bit % 8));
            Refused(key, nonce, ad, c, tag, $"ciphertext bit {bit}");
        }

        for (int bit = 0; bit < 128; bit++)
        {
            var t = (byte[])tag.Clone();
            t[bit / 8] ^= (byte)(1 << (bit % 8));
            Refused(key, nonce, ad, ciphertext, t, $"tag bit {bit}");
        }

        var a2 = (byte[])ad.Clone();
        a2[20] ^= 1;
        Refused(key, nonce, a2, ciphertext, tag, "associated data");
        var n2 = (byte[])nonce.Clone();
        n2[15] ^= 0x80;
        Refused(key, n2, ad, ciphertext, tag, "nonce");
        Refused(key, nonce, ad[..20], ciphertext, tag, "associated data one byte short");
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Encrypts_and_decrypts_in_place(InstructionSet path)
    {
        var key = Counting(16);
        var nonce = Counting(16, 0x10);
        var message = Counting(77, 0x20);
        var expected = new byte[77];
        var tag = new byte[16];
        AsconAead128.Encrypt(key, nonce, [], message, expected, tag, path);

        var buffer = (byte[])message.Clone();
        var tag2 = new byte[16];
        AsconAead128.Encrypt(key, nonce, [], buffer, buffer, tag2, path);
        Assert.Equal(expected, buffer);
        Assert.Equal(tag, tag2);
        Assert.True(AsconAead128.Decrypt(key, nonce, [], buffer, tag, buffer, path));
        Assert.Equal(message, buffer);
    }

    [Fact]
    public void Refuses_bad_lengths_and_missing_paths()
    {
        var b16 = new byte[16];
        var b15 = new byte[15];
        Assert.Throws<ArgumentException>(() => AsconAead128.Encrypt(b15, b16, [], [], [], b16));
        Assert.Throws<ArgumentException>(() => AsconAead128.Encrypt(b16, b15, [], [], [], b16));
        Assert.Throws<ArgumentException>(() => AsconAead128.Encrypt(b16, b16, [], [], [], b15));
        Assert.Throws<ArgumentException>(() => AsconAead128.Encrypt(b16, b16, [], new byte[3], new byte[2], b16));
        Assert.Throws<ArgumentException>(() => AsconAead128.Decrypt(b16, b16, [], new byte[3], b16, new byte[4]));
        Assert.Throws<ArgumentException>(() => AsconHash.HashData<AsconHash256>([], new byte[31]));
        foreach (var path in Enum.GetValues<InstructionSet>().Where(p => !AsconHash.IsSupported(p)))
        {
            var expected = InstructionSets.IsSupported(path) ? typeof(ArgumentException) : typeof(PlatformNotSupportedException);
            Assert.Throws(expected, () => AsconHash.HashData<AsconHash256>([], new byte[32], path));
            Assert.Throws(expected, () => AsconHash.HashData<AsconXof128>([], new byte[32], path));
            Assert.Throws(expected, () => AsconAead128.Encrypt(b16, b16, [], [], [], b16, path));
        }
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Allocates_nothing(InstructionSet path)
    {
        var source = new byte[4096];
        var output = new byte[4096];
        var key = new byte[16];
        var tag = new byte[16];
        void Run()
        {
            AsconHash.HashData<AsconHash256>(source, output, path);
            AsconHash.HashData<AsconXof128>(source, output.AsSpan(0, 64), path);
            AsconAead128.Encrypt(key, key, key, source, output, tag, path);
            AsconAead128.Decrypt(key, key, key, output, tag, source, path);
        }

        Run();
        long before = GC.GetAllocatedBytesForCurrentThread();
        Run();
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }
}
