using Org.BouncyCastle.Crypto.Digests;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// BLAKE2b on every path this CPU has: RFC 7693 and official BLAKE2 vectors, BouncyCastle's Blake2bDigest as an
/// independent implementation on every length 0..600, the incremental hasher, and the absence of allocations.
/// </summary>
public sealed class Blake2bTests
{
    private const int MaxLength = 600;

    // Output lengths of the cross-check: the extremes, the common ones, and 20 (not a whole number of words).
    private static readonly int[] OutputLengths = [1, 16, 20, 32, 48, 64];

    public static TheoryData<InstructionSet> Paths => new(Enum.GetValues<InstructionSet>().Where(Blake2b.IsSupported));

    [Fact]
    public void Scalar_always_exists_and_the_default_path_is_supported()
    {
        Assert.True(Blake2b.IsSupported(InstructionSet.Scalar));
        Assert.True(Blake2b.IsSupported(Blake2b.DefaultPath));
        Assert.False(Blake2b.IsSupported(InstructionSet.Ssse3));
    }

    /// <summary>RFC 7693 Appendix A: BLAKE2b-512("abc").</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_rfc7693_appendix_a(InstructionSet path)
    {
        Span<byte> digest = stackalloc byte[64];
        Blake2b.HashData("abc"u8, digest, path);
        Assert.Equal(
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
            + "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
            Convert.ToHexStringLower(digest));
    }

    /// <summary>
    /// RFC 7693 Appendix E, blake2b_selftest: keyed and unkeyed digests of lengths 20, 32, 48 and 64 over inputs of
    /// 0, 3, 128, 129, 255 and 1024 bytes, all fed to an incremental BLAKE2b-256 whose digest is the expected
    /// blake2b_res.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Passes_the_rfc7693_appendix_e_self_test(InstructionSet path)
    {
        byte[] expected =
        [
            0xC2, 0x3A, 0x78, 0x00, 0xD9, 0x81, 0x23, 0xBD, 0x10, 0xF5, 0x06, 0xC6, 0x1E, 0x29, 0xDA, 0x56,
            0x03, 0xD7, 0x63, 0xB8, 0xBB, 0xAD, 0x2E, 0x73, 0x7F, 0x5E, 0x76, 0x5A, 0x7B, 0xCC, 0xD4, 0x75,
        ];
        var input = new byte[1024];
        var key = new byte[64];
        var digest = new byte[64];
        using var grand = new Blake2bHasher(32, ReadOnlySpan<byte>.Empty, path);
        foreach (int outputLength in (int[])[20, 32, 48, 64])
        {
            foreach (int inputLength in (int[])[0, 3, 128, 129, 255, 1024])
            {
                Rfc7693.SelfTestSequence(input.AsSpan(0, inputLength), (uint)inputLength);
                Blake2b.HashData(input.AsSpan(0, inputLength), digest.AsSpan(0, outputLength), path);
                grand.Append(digest.AsSpan(0, outputLength));

                Rfc7693.SelfTestSequence(key.AsSpan(0, outputLength), (uint)outputLength);
                Blake2b.HashData(
                    key.AsSpan(0, outputLength), input.AsSpan(0, inputLength), digest.AsSpan(0, outputLength), path);
                grand.Append(digest.AsSpan(0, outputLength));
            }
        }

        var actual = new byte[32];
        grand.GetHashAndReset(actual);
        Assert.Equal(expected, actual);
    }

    /// <summary>
    /// Keyed known answers from the BLAKE2 reference repository (github.com/BLAKE2/BLAKE2,
    /// testvectors/blake2b-test.txt, the same entries as blake2b-kat.txt): key 00..3f, input 00 01 .. (n - 1),
    /// 64-byte digest. The entries chosen straddle the 128-byte block boundary.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_the_official_keyed_known_answers(InstructionSet path)
    {
        (int Length, string Digest)[] answers =
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
        byte[] key = Counting(64);
        byte[] input = Counting(255);
        Span<byte> digest = stackalloc byte[64];
        foreach ((int length, string expected) in answers)
        {
            Blake2b.HashData(key, input.AsSpan(0, length), digest, path);
            Assert.True(expected == Convert.ToHexStringLower(digest), $"length {length}");
        }
    }

    /// <summary>
    /// Every length 0..600 against BouncyCastle, for six output lengths, unkeyed and with a key whose length
    /// cycles through 1..64; each input starts at offset length mod 8 in its buffer.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_every_length_output_length_and_key(InstructionSet path)
    {
        byte[] buffer = RandomBytes(MaxLength + 8, seed: 1);
        byte[] keys = RandomBytes(Blake2b.MaxKeySizeInBytes, seed: 2);
        Span<byte> actual = stackalloc byte[64];
        for (int length = 0; length <= MaxLength; length++)
        {
            ReadOnlySpan<byte> input = buffer.AsSpan(length % 8, length);
            ReadOnlySpan<byte> key = keys.AsSpan(0, 1 + (length % Blake2b.MaxKeySizeInBytes));
            foreach (int outputLength in OutputLengths)
            {
                Blake2b.HashData(input, actual[..outputLength], path);
                Assert.True(
                    Reference(ReadOnlySpan<byte>.Empty, input, outputLength).AsSpan().SequenceEqual(actual[..outputLength]),
                    $"unkeyed, length {length}, output {outputLength}");

                Blake2b.HashData(key, input, actual[..outputLength], path);
                Assert.True(
                    Reference(key, input, outputLength).AsSpan().SequenceEqual(actual[..outputLength]),
                    $"key {key.Length} bytes, length {length}, output {outputLength}");
            }
        }
    }

    /// <summary>Every output length 1..64 and every key length 0..64, on lengths around the block size.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_every_output_and_key_length(InstructionSet path)
    {
        byte[] buffer = RandomBytes(3 * Blake2b.BlockSizeInBytes, seed: 3);
        byte[] keys = RandomBytes(Blake2b.MaxKeySizeInBytes, seed: 4);
        Span<byte> actual = stackalloc byte[64];
        foreach (int length in (int[])[0, 1, 127, 128, 129, 256, 300])
        {
            for (int size = 1; size <= Blake2b.MaxHashSizeInBytes; size++)
            {
                ReadOnlySpan<byte> key = keys.AsSpan(0, size % (Blake2b.MaxKeySizeInBytes + 1));
                Blake2b.HashData(key, buffer.AsSpan(0, length), actual[..size], path);
                Assert.True(
                    Reference(key, buffer.AsSpan(0, length), size).AsSpan().SequenceEqual(actual[..size]),
                    $"length {length}, output {size}, key {key.Length}");
            }

            // A 64-byte key, which fills the key block exactly.
            Blake2b.HashData(keys, buffer.AsSpan(0, length), actual, path);
            Assert.True(Reference(keys, buffer.AsSpan(0, length), 64).AsSpan().SequenceEqual(actual), $"length {length}, 64-byte key");
        }
    }

    /// <summary>Inputs starting at offsets 1..7 from an aligned buffer give the digest of the same bytes aligned.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Unaligned_input_gives_the_aligned_digest(InstructionSet path)
    {
        byte[] aligned = RandomBytes(3 * Blake2b.BlockSizeInBytes + 1, seed: 5);
        var shifted = new byte[aligned.Length + 8];
        Span<byte> expected = stackalloc byte[64];
        Span<byte> actual = stackalloc byte[64];
        for (int offset = 1; offset <= 7; offset++)
        {
            aligned.CopyTo(shifted, offset);
            for (int length = 0; length <= aligned.Length; length++)
            {
                Blake2b.HashData(aligned.AsSpan(0, length), expected, path);
                Blake2b.HashData(shifted.AsSpan(offset, length), actual, path);
                Assert.True(expected.SequenceEqual(actual), $"offset {offset}, length {length}");
            }
        }
    }

    /// <summary>Many blocks in one call, against BouncyCastle: one MiB plus a partial block.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_a_large_input(InstructionSet path)
    {
        byte[] input = RandomBytes((1 << 20) + 17, seed: 6);
        byte[] key = RandomBytes(32, seed: 7);
        var actual = new byte[64];
        Blake2b.HashData(key, input, actual, path);
        Assert.Equal(Reference(key, input, 64), actual);
    }

    /// <summary>
    /// Appending in random chunks (empty ones and ones longer than a block included) gives the one-shot digest,
    /// and the hasher is reusable after GetHashAndReset and Reset.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Incremental_hashing_in_random_chunks_equals_one_shot(InstructionSet path)
    {
        var random = new Random(8);
        byte[] input = RandomBytes(2100, seed: 9);
        byte[] key = RandomBytes(40, seed: 10);
        var expected = new byte[64];
        var actual = new byte[64];
        foreach (int outputLength in (int[])[20, 64])
        {
            foreach (byte[] k in (byte[][])[[], key])
            {
                using var hasher = new Blake2bHasher(outputLength, k, path);
                foreach (int length in (int[])[0, 1, 63, 127, 128, 129, 255, 256, 257, 1000, 2100])
                {
                    Blake2b.HashData(k, input.AsSpan(0, length), expected.AsSpan(0, outputLength), path);
                    for (int trial = 0; trial < 4; trial++)
                    {
                        // Something appended and then discarded by Reset must not leak into the next digest.
                        hasher.Append(input.AsSpan(0, random.Next(300)));
                        hasher.Reset();

                        int position = 0;
                        while (position < length)
                        {
                            int chunk = Math.Min(random.Next(3) == 0 ? 0 : random.Next(1, 300), length - position);
                            hasher.Append(input.AsSpan(position, chunk));
                            position += chunk;
                        }

                        Array.Clear(actual);
                        Assert.Equal(outputLength, hasher.GetHashAndReset(actual));
                        Assert.True(
                            expected.AsSpan(0, outputLength).SequenceEqual(actual.AsSpan(0, outputLength)),
                            $"output {outputLength}, key {k.Length}, length {length}, trial {trial}");
                        Assert.True(actual.AsSpan(outputLength).IndexOfAnyExcept((byte)0) < 0, "bytes past the digest");
                    }
                }
            }
        }
    }

    /// <summary>One-shot calls and the hasher's Append and GetHashAndReset allocate nothing once warmed up.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Hashing_allocates_nothing(InstructionSet path)
    {
        byte[] input = RandomBytes(1000, seed: 11);
        byte[] key = RandomBytes(64, seed: 12);
        var digest = new byte[64];
        using var hasher = new Blake2bHasher(64, key, path);

        void HashAll()
        {
            Blake2b.HashData(input, digest, path);
            Blake2b.HashData(key, input, digest, path);
            Blake2b.HashData(input, digest);
            hasher.Append(input.AsSpan(0, 100));
            hasher.Append(input.AsSpan(100));
            hasher.GetHashAndReset(digest);
        }

        HashAll();
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10; i++)
        {
            HashAll();
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Source_and_destination_may_overlap()
    {
        byte[] buffer = RandomBytes(200, seed: 13);
        var expected = new byte[64];
        Blake2b.HashData(buffer, expected);
        Blake2b.HashData(buffer, buffer.AsSpan(10, 64));
        Assert.Equal(expected, buffer.AsSpan(10, 64).ToArray());
    }

    [Fact]
    public void Rejects_bad_lengths_and_missing_paths()
    {
        var input = new byte[10];
        Assert.Throws<ArgumentException>(() => Blake2b.HashData(input, Span<byte>.Empty));
        Assert.Throws<ArgumentException>(() => Blake2b.HashData(input, new byte[65]));
        Assert.Throws<ArgumentException>(() => Blake2b.HashData(new byte[65], input, new byte[64]));
        Assert.Throws<PlatformNotSupportedException>(() => Blake2b.HashData(input, new byte[64], InstructionSet.Ssse3));
        Assert.Throws<ArgumentException>(() => new Blake2bHasher(0));
        Assert.Throws<ArgumentException>(() => new Blake2bHasher(65));
        Assert.Throws<ArgumentException>(() => new Blake2bHasher(64, new byte[65]));
        Assert.Throws<PlatformNotSupportedException>(() => new Blake2bHasher(64, input, InstructionSet.Ssse3));

        using var hasher = new Blake2bHasher(32);
        Assert.Throws<ArgumentException>(() => hasher.GetHashAndReset(new byte[31]));
    }

    [Fact]
    public void A_disposed_hasher_refuses_work()
    {
        var hasher = new Blake2bHasher(64, new byte[16]);
        hasher.Append(new byte[10]);
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[64]));
        Assert.Throws<ObjectDisposedException>(hasher.Reset);
    }

    private static byte[] Reference(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, int outputLength)
    {
        var digest = new Blake2bDigest(key.IsEmpty ? null : key.ToArray(), outputLength, null, null);
        byte[] message = input.ToArray();
        digest.BlockUpdate(message, 0, message.Length);
        var output = new byte[outputLength];
        digest.DoFinal(output, 0);
        return output;
    }

    private static byte[] RandomBytes(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    private static byte[] Counting(int length) => Enumerable.Range(0, length).Select(i => (byte)i).ToArray();
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
