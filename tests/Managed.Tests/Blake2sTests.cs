using Org.BouncyCastle.Crypto.Digests;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// BLAKE2s on every path this CPU has: RFC 7693 and official BLAKE2 vectors, BouncyCastle's Blake2sDigest as an
/// independent implementation on every length 0..600, the incremental hasher, and the absence of allocations.
/// </summary>
public sealed class Blake2sTests
{
    private const int MaxLength = 600;

    // Output lengths of the cross-check: the extremes, the common ones, and 20 (not a whole number of words).
    private static readonly int[] OutputLengths = [1, 16, 20, 28, 32];

    public static TheoryData<InstructionSet> Paths => new(Enum.GetValues<InstructionSet>().Where(Blake2s.IsSupported));

    [Fact]
    public void Scalar_always_exists_and_the_default_path_is_supported()
    {
        Assert.True(Blake2s.IsSupported(InstructionSet.Scalar));
        Assert.True(Blake2s.IsSupported(Blake2s.DefaultPath));
        Assert.False(Blake2s.IsSupported(InstructionSet.Avx2));
    }

    /// <summary>Intel cores run Ssse3 faster than Avx512 (see <see cref="Blake2s.DefaultPath"/>); others with AVX-512 the reverse.</summary>
    [Fact]
    public void The_default_path_follows_the_cores_maker()
    {
        var expected = Blake2s.IsSupported(InstructionSet.Avx512) && !InstructionSets.IsIntel ? InstructionSet.Avx512
            : Blake2s.IsSupported(InstructionSet.Ssse3) ? InstructionSet.Ssse3 : InstructionSet.Scalar;
        Assert.Equal(expected, Blake2s.DefaultPath);
        if (System.Runtime.Intrinsics.X86.X86Base.IsSupported)
        {
            // The vendor string as the kernel reports it, where it does.
            var cpuinfo = "/proc/cpuinfo";
            if (File.Exists(cpuinfo))
            {
                var vendor = File.ReadLines(cpuinfo).First(l => l.StartsWith("vendor_id", StringComparison.Ordinal));
                Assert.Equal(vendor.EndsWith("GenuineIntel", StringComparison.Ordinal), InstructionSets.IsIntel);
            }
        }
    }

    /// <summary>RFC 7693 Appendix B: BLAKE2s-256("abc").</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_rfc7693_appendix_b(InstructionSet path)
    {
        Span<byte> digest = stackalloc byte[32];
        Blake2s.HashData("abc"u8, digest, path);
        Assert.Equal(
            "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
            Convert.ToHexStringLower(digest));
    }

    /// <summary>
    /// RFC 7693 Appendix E, blake2s_selftest: keyed and unkeyed digests of lengths 16, 20, 28 and 32 over inputs of
    /// 0, 3, 64, 65, 255 and 1024 bytes, all fed to an incremental BLAKE2s-256 whose digest is the expected
    /// blake2s_res.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Passes_the_rfc7693_appendix_e_self_test(InstructionSet path)
    {
        byte[] expected =
        [
            0x6A, 0x41, 0x1F, 0x08, 0xCE, 0x25, 0xAD, 0xCD, 0xFB, 0x02, 0xAB, 0xA6, 0x41, 0x45, 0x1C, 0xEC,
            0x53, 0xC5, 0x98, 0xB2, 0x4F, 0x4F, 0xC7, 0x87, 0xFB, 0xDC, 0x88, 0x79, 0x7F, 0x4C, 0x1D, 0xFE,
        ];
        var input = new byte[1024];
        var key = new byte[32];
        var digest = new byte[32];
        using var grand = new Blake2sHasher(32, ReadOnlySpan<byte>.Empty, path);
        foreach (int outputLength in (int[])[16, 20, 28, 32])
        {
            foreach (int inputLength in (int[])[0, 3, 64, 65, 255, 1024])
            {
                Rfc7693.SelfTestSequence(input.AsSpan(0, inputLength), (uint)inputLength);
                Blake2s.HashData(input.AsSpan(0, inputLength), digest.AsSpan(0, outputLength), path);
                grand.Append(digest.AsSpan(0, outputLength));

                Rfc7693.SelfTestSequence(key.AsSpan(0, outputLength), (uint)outputLength);
                Blake2s.HashData(
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
    /// testvectors/blake2s-test.txt, the same entries as blake2s-kat.txt): key 00..1f, input 00 01 .. (n - 1),
    /// 32-byte digest. The entries chosen straddle the 64-byte block boundary.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_the_official_keyed_known_answers(InstructionSet path)
    {
        (int Length, string Digest)[] answers =
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
        byte[] key = Counting(32);
        byte[] input = Counting(255);
        Span<byte> digest = stackalloc byte[32];
        foreach ((int length, string expected) in answers)
        {
            Blake2s.HashData(key, input.AsSpan(0, length), digest, path);
            Assert.True(expected == Convert.ToHexStringLower(digest), $"length {length}");
        }
    }

    /// <summary>
    /// Every length 0..600 against BouncyCastle, for five output lengths, unkeyed and with a key whose length
    /// cycles through 1..32; each input starts at offset length mod 8 in its buffer.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_every_length_output_length_and_key(InstructionSet path)
    {
        byte[] buffer = RandomBytes(MaxLength + 8, seed: 21);
        byte[] keys = RandomBytes(Blake2s.MaxKeySizeInBytes, seed: 22);
        Span<byte> actual = stackalloc byte[32];
        for (int length = 0; length <= MaxLength; length++)
        {
            ReadOnlySpan<byte> input = buffer.AsSpan(length % 8, length);
            ReadOnlySpan<byte> key = keys.AsSpan(0, 1 + (length % Blake2s.MaxKeySizeInBytes));
            foreach (int outputLength in OutputLengths)
            {
                Blake2s.HashData(input, actual[..outputLength], path);
                Assert.True(
                    Reference(ReadOnlySpan<byte>.Empty, input, outputLength).AsSpan().SequenceEqual(actual[..outputLength]),
                    $"unkeyed, length {length}, output {outputLength}");

                Blake2s.HashData(key, input, actual[..outputLength], path);
                Assert.True(
                    Reference(key, input, outputLength).AsSpan().SequenceEqual(actual[..outputLength]),
                    $"key {key.Length} bytes, length {length}, output {outputLength}");
            }
        }
    }

    /// <summary>Every output length 1..32 and every key length 0..32, on lengths around the block size.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_every_output_and_key_length(InstructionSet path)
    {
        byte[] buffer = RandomBytes(3 * Blake2s.BlockSizeInBytes, seed: 23);
        byte[] keys = RandomBytes(Blake2s.MaxKeySizeInBytes, seed: 24);
        Span<byte> actual = stackalloc byte[32];
        foreach (int length in (int[])[0, 1, 63, 64, 65, 128, 150])
        {
            for (int size = 1; size <= Blake2s.MaxHashSizeInBytes; size++)
            {
                ReadOnlySpan<byte> key = keys.AsSpan(0, size - 1);
                Blake2s.HashData(key, buffer.AsSpan(0, length), actual[..size], path);
                Assert.True(
                    Reference(key, buffer.AsSpan(0, length), size).AsSpan().SequenceEqual(actual[..size]),
                    $"length {length}, output {size}, key {key.Length}");
            }

            // A 32-byte key.
            Blake2s.HashData(keys, buffer.AsSpan(0, length), actual, path);
            Assert.True(Reference(keys, buffer.AsSpan(0, length), 32).AsSpan().SequenceEqual(actual), $"length {length}, 32-byte key");
        }
    }

    /// <summary>Inputs starting at offsets 1..7 from an aligned buffer give the digest of the same bytes aligned.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Unaligned_input_gives_the_aligned_digest(InstructionSet path)
    {
        byte[] aligned = RandomBytes(3 * Blake2s.BlockSizeInBytes + 1, seed: 25);
        var shifted = new byte[aligned.Length + 8];
        Span<byte> expected = stackalloc byte[32];
        Span<byte> actual = stackalloc byte[32];
        for (int offset = 1; offset <= 7; offset++)
        {
            aligned.CopyTo(shifted, offset);
            for (int length = 0; length <= aligned.Length; length++)
            {
                Blake2s.HashData(aligned.AsSpan(0, length), expected, path);
                Blake2s.HashData(shifted.AsSpan(offset, length), actual, path);
                Assert.True(expected.SequenceEqual(actual), $"offset {offset}, length {length}");
            }
        }
    }

    /// <summary>Many blocks in one call, against BouncyCastle: one MiB plus a partial block.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_a_large_input(InstructionSet path)
    {
        byte[] input = RandomBytes((1 << 20) + 17, seed: 26);
        byte[] key = RandomBytes(20, seed: 27);
        var actual = new byte[32];
        Blake2s.HashData(key, input, actual, path);
        Assert.Equal(Reference(key, input, 32), actual);
    }

    /// <summary>
    /// Appending in random chunks (empty ones and ones longer than a block included) gives the one-shot digest,
    /// and the hasher is reusable after GetHashAndReset and Reset.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Incremental_hashing_in_random_chunks_equals_one_shot(InstructionSet path)
    {
        var random = new Random(28);
        byte[] input = RandomBytes(1100, seed: 29);
        byte[] key = RandomBytes(24, seed: 30);
        var expected = new byte[32];
        var actual = new byte[32];
        foreach (int outputLength in (int[])[20, 32])
        {
            foreach (byte[] k in (byte[][])[[], key])
            {
                using var hasher = new Blake2sHasher(outputLength, k, path);
                foreach (int length in (int[])[0, 1, 31, 63, 64, 65, 127, 128, 129, 500, 1100])
                {
                    Blake2s.HashData(k, input.AsSpan(0, length), expected.AsSpan(0, outputLength), path);
                    for (int trial = 0; trial < 4; trial++)
                    {
                        // Something appended and then discarded by Reset must not leak into the next digest.
                        hasher.Append(input.AsSpan(0, random.Next(150)));
                        hasher.Reset();

                        int position = 0;
                        while (position < length)
                        {
                            int chunk = Math.Min(random.Next(3) == 0 ? 0 : random.Next(1, 150), length - position);
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
        byte[] input = RandomBytes(1000, seed: 31);
        byte[] key = RandomBytes(32, seed: 32);
        var digest = new byte[32];
        using var hasher = new Blake2sHasher(32, key, path);

        void HashAll()
        {
            Blake2s.HashData(input, digest, path);
            Blake2s.HashData(key, input, digest, path);
            Blake2s.HashData(input, digest);
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
        byte[] buffer = RandomBytes(100, seed: 33);
        var expected = new byte[32];
        Blake2s.HashData(buffer, expected);
        Blake2s.HashData(buffer, buffer.AsSpan(10, 32));
        Assert.Equal(expected, buffer.AsSpan(10, 32).ToArray());
    }

    [Fact]
    public void Rejects_bad_lengths_and_missing_paths()
    {
        var input = new byte[10];
        Assert.Throws<ArgumentException>(() => Blake2s.HashData(input, Span<byte>.Empty));
        Assert.Throws<ArgumentException>(() => Blake2s.HashData(input, new byte[33]));
        Assert.Throws<ArgumentException>(() => Blake2s.HashData(new byte[33], input, new byte[32]));
        Assert.Throws<PlatformNotSupportedException>(() => Blake2s.HashData(input, new byte[32], InstructionSet.Avx2));
        Assert.Throws<ArgumentException>(() => new Blake2sHasher(0));
        Assert.Throws<ArgumentException>(() => new Blake2sHasher(33));
        Assert.Throws<ArgumentException>(() => new Blake2sHasher(32, new byte[33]));
        Assert.Throws<PlatformNotSupportedException>(() => new Blake2sHasher(32, input, InstructionSet.Avx2));

        using var hasher = new Blake2sHasher(32);
        Assert.Throws<ArgumentException>(() => hasher.GetHashAndReset(new byte[31]));
    }

    [Fact]
    public void A_disposed_hasher_refuses_work()
    {
        var hasher = new Blake2sHasher(32, new byte[16]);
        hasher.Append(new byte[10]);
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[32]));
        Assert.Throws<ObjectDisposedException>(hasher.Reset);
    }

    private static byte[] Reference(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, int outputLength)
    {
        var digest = new Blake2sDigest(key.IsEmpty ? null : key.ToArray(), outputLength, null, null);
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
