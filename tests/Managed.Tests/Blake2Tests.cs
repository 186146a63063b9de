namespace CryptoHarness.Managed.Tests;

/// <summary>
/// BLAKE2b or BLAKE2s (<typeparamref name="TVariant"/>) on every path this CPU has: RFC 7693 and official BLAKE2
/// vectors, BouncyCastle's digest as an independent implementation on every length 0..600, the incremental hasher,
/// and the absence of allocations. The two are one construction (RFC 7693), so they share these tests; lengths are
/// given in blocks where they are chosen around the block size.
/// </summary>
public abstract class Blake2Tests<TVariant>
    where TVariant : IBlake2Variant
{
    private const int MaxLength = 600;

    private static readonly int B = TVariant.Sizes.Block;

    private static readonly int MaxHash = TVariant.Sizes.MaxHash;

    private static readonly int MaxKey = TVariant.Sizes.MaxKey;

    // Output lengths of the cross-check: the extremes, the common ones, and 20 (not a whole number of words).
    private static readonly int[] OutputLengths = [.. new[] { 1, 16, 20, 28, 32, 48, 64 }.Where(n => n <= MaxHash)];

    /// <summary>Every path the variant has on this CPU.</summary>
    [System.Diagnostics.CodeAnalysis.SuppressMessage(
        "Design", "CA1000:Do not declare static members on generic types", Justification = "xUnit reads theory data from a static member of the test class.")]
    public static TheoryData<InstructionSet> Paths => new(Enum.GetValues<InstructionSet>().Where(TVariant.IsSupported));

    [Fact]
    public void Scalar_always_exists_and_the_default_path_is_supported()
    {
        Assert.True(TVariant.IsSupported(InstructionSet.Scalar));
        Assert.True(TVariant.IsSupported(TVariant.DefaultPath));
        Assert.False(TVariant.IsSupported(TVariant.MissingPath));
    }

    /// <summary>RFC 7693 Appendix A (BLAKE2b-512) or B (BLAKE2s-256): the digest of "abc".</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_the_rfc7693_abc_example(InstructionSet path)
    {
        Span<byte> digest = stackalloc byte[MaxHash];
        TVariant.HashData("abc"u8, digest, path);
        Assert.Equal(TVariant.AbcDigest, Convert.ToHexStringLower(digest));
    }

    /// <summary>
    /// RFC 7693 Appendix E, blake2b_selftest and blake2s_selftest: keyed and unkeyed digests of the variant's four
    /// lengths over inputs of 0, 3, a block, a block and one, 255 and 1024 bytes, all fed to an incremental 32-byte
    /// hasher whose digest is the expected result.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Passes_the_rfc7693_appendix_e_self_test(InstructionSet path)
    {
        var input = new byte[1024];
        var key = new byte[MaxKey];
        var digest = new byte[MaxHash];
        using var grand = TVariant.NewHasher(32, ReadOnlySpan<byte>.Empty, path);
        foreach (int outputLength in TVariant.SelfTestOutputLengths)
        {
            foreach (int inputLength in (int[])[0, 3, B, B + 1, 255, 1024])
            {
                Rfc7693.SelfTestSequence(input.AsSpan(0, inputLength), (uint)inputLength);
                TVariant.HashData(input.AsSpan(0, inputLength), digest.AsSpan(0, outputLength), path);
                grand.Append(digest.AsSpan(0, outputLength));

                Rfc7693.SelfTestSequence(key.AsSpan(0, outputLength), (uint)outputLength);
                TVariant.HashData(
                    key.AsSpan(0, outputLength), input.AsSpan(0, inputLength), digest.AsSpan(0, outputLength), path);
                grand.Append(digest.AsSpan(0, outputLength));
            }
        }

        var actual = new byte[32];
        grand.GetHashAndReset(actual);
        Assert.Equal(TVariant.SelfTestResult, actual);
    }

    /// <summary>The keyed known answers of the BLAKE2 reference repository (see <see cref="IBlake2Variant.KeyedKnownAnswers"/>).</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_the_official_keyed_known_answers(InstructionSet path)
    {
        byte[] key = Counting(MaxKey);
        byte[] input = Counting(255);
        Span<byte> digest = stackalloc byte[MaxHash];
        foreach ((int length, string expected) in TVariant.KeyedKnownAnswers)
        {
            TVariant.HashData(key, input.AsSpan(0, length), digest, path);
            Assert.True(expected == Convert.ToHexStringLower(digest), $"length {length}");
        }
    }

    /// <summary>
    /// Every length 0..600 against BouncyCastle, for every output length of the cross-check, unkeyed and with a key
    /// whose length cycles through 1..the largest; each input starts at offset length mod 8 in its buffer.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_every_length_output_length_and_key(InstructionSet path)
    {
        byte[] buffer = RandomBytes(MaxLength + 8, seed: 1);
        byte[] keys = RandomBytes(MaxKey, seed: 2);
        Span<byte> actual = stackalloc byte[MaxHash];
        for (int length = 0; length <= MaxLength; length++)
        {
            ReadOnlySpan<byte> input = buffer.AsSpan(length % 8, length);
            ReadOnlySpan<byte> key = keys.AsSpan(0, 1 + (length % MaxKey));
            foreach (int outputLength in OutputLengths)
            {
                TVariant.HashData(input, actual[..outputLength], path);
                Assert.True(
                    Reference(ReadOnlySpan<byte>.Empty, input, outputLength).AsSpan().SequenceEqual(actual[..outputLength]),
                    $"unkeyed, length {length}, output {outputLength}");

                TVariant.HashData(key, input, actual[..outputLength], path);
                Assert.True(
                    Reference(key, input, outputLength).AsSpan().SequenceEqual(actual[..outputLength]),
                    $"key {key.Length} bytes, length {length}, output {outputLength}");
            }
        }
    }

    /// <summary>
    /// Every output length 1..the largest and every key length 0..the largest, on lengths around the block size
    /// (the last two blocks and a partial one: 300 bytes for BLAKE2b, 150 for BLAKE2s).
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_every_output_and_key_length(InstructionSet path)
    {
        byte[] buffer = RandomBytes(3 * B, seed: 3);
        byte[] keys = RandomBytes(MaxKey, seed: 4);
        Span<byte> actual = stackalloc byte[MaxHash];
        foreach (int length in (int[])[0, 1, B - 1, B, B + 1, 2 * B, 75 * B / 32])
        {
            for (int size = 1; size <= MaxHash; size++)
            {
                ReadOnlySpan<byte> key = keys.AsSpan(0, size - 1);
                TVariant.HashData(key, buffer.AsSpan(0, length), actual[..size], path);
                Assert.True(
                    Reference(key, buffer.AsSpan(0, length), size).AsSpan().SequenceEqual(actual[..size]),
                    $"length {length}, output {size}, key {key.Length}");
            }

            // A key of the largest length, which fills the key block exactly for BLAKE2b.
            TVariant.HashData(keys, buffer.AsSpan(0, length), actual, path);
            Assert.True(
                Reference(keys, buffer.AsSpan(0, length), MaxHash).AsSpan().SequenceEqual(actual), $"length {length}, {MaxKey}-byte key");
        }
    }

    /// <summary>Inputs starting at offsets 1..7 from an aligned buffer give the digest of the same bytes aligned.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Unaligned_input_gives_the_aligned_digest(InstructionSet path)
    {
        byte[] aligned = RandomBytes(3 * B + 1, seed: 5);
        var shifted = new byte[aligned.Length + 8];
        Span<byte> expected = stackalloc byte[MaxHash];
        Span<byte> actual = stackalloc byte[MaxHash];
        for (int offset = 1; offset <= 7; offset++)
        {
            aligned.CopyTo(shifted, offset);
            for (int length = 0; length <= aligned.Length; length++)
            {
                TVariant.HashData(aligned.AsSpan(0, length), expected, path);
                TVariant.HashData(shifted.AsSpan(offset, length), actual, path);
                Assert.True(expected.SequenceEqual(actual), $"offset {offset}, length {length}");
            }
        }
    }

    /// <summary>Many blocks in one call, against BouncyCastle: one MiB plus a partial block, with a 20-byte key.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_on_a_large_input(InstructionSet path)
    {
        byte[] input = RandomBytes((1 << 20) + 17, seed: 6);
        byte[] key = RandomBytes(20, seed: 7);
        var actual = new byte[MaxHash];
        TVariant.HashData(key, input, actual, path);
        Assert.Equal(Reference(key, input, MaxHash), actual);
    }

    /// <summary>
    /// Appending in random chunks (empty ones and ones longer than a block included) gives the one-shot digest,
    /// and the hasher is reusable after GetHashAndReset and Reset.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Incremental_hashing_in_random_chunks_equals_one_shot(InstructionSet path)
    {
        var random = new Random(TVariant.SeedBase + 8);
        int longest = (16 * B) + 52;
        int longestChunk = 75 * B / 32;
        byte[] input = RandomBytes(longest, seed: 9);
        byte[] key = RandomBytes(5 * MaxKey / 8, seed: 10);
        var expected = new byte[MaxHash];
        var actual = new byte[MaxHash];
        foreach (int outputLength in (int[])[20, MaxHash])
        {
            foreach (byte[] k in (byte[][])[[], key])
            {
                using var hasher = TVariant.NewHasher(outputLength, k, path);
                foreach (int length in (int[])[0, 1, (B / 2) - 1, B - 1, B, B + 1, (2 * B) - 1, 2 * B, (2 * B) + 1, (8 * B) - 24, longest])
                {
                    TVariant.HashData(k, input.AsSpan(0, length), expected.AsSpan(0, outputLength), path);
                    for (int trial = 0; trial < 4; trial++)
                    {
                        // Something appended and then discarded by Reset must not leak into the next digest.
                        hasher.Append(input.AsSpan(0, random.Next(longestChunk)));
                        hasher.Reset();

                        int position = 0;
                        while (position < length)
                        {
                            int chunk = Math.Min(random.Next(3) == 0 ? 0 : random.Next(1, longestChunk), length - position);
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
        byte[] key = RandomBytes(MaxKey, seed: 12);
        var digest = new byte[MaxHash];
        using var hasher = TVariant.NewHasher(MaxHash, key, path);

        void HashAll()
        {
            TVariant.HashData(input, digest, path);
            TVariant.HashData(key, input, digest, path);
            TVariant.HashData(input, digest);
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
        byte[] buffer = RandomBytes(25 * B / 16, seed: 13);
        var expected = new byte[MaxHash];
        TVariant.HashData(buffer, expected);
        TVariant.HashData(buffer, buffer.AsSpan(10, MaxHash));
        Assert.Equal(expected, buffer.AsSpan(10, MaxHash).ToArray());
    }

    [Fact]
    public void Rejects_bad_lengths_and_missing_paths()
    {
        var input = new byte[10];
        Assert.Throws<ArgumentException>(() => TVariant.HashData(input, Span<byte>.Empty));
        Assert.Throws<ArgumentException>(() => TVariant.HashData(input, new byte[MaxHash + 1]));
        Assert.Throws<ArgumentException>(() => TVariant.HashData(new byte[MaxKey + 1], input, new byte[MaxHash]));
        Assert.Throws<PlatformNotSupportedException>(() => TVariant.HashData(input, new byte[MaxHash], TVariant.MissingPath));
        Assert.Throws<ArgumentException>(() => TVariant.NewHasher(0));
        Assert.Throws<ArgumentException>(() => TVariant.NewHasher(MaxHash + 1));
        Assert.Throws<ArgumentException>(() => TVariant.NewHasher(MaxHash, new byte[MaxKey + 1]));
        Assert.Throws<PlatformNotSupportedException>(() => TVariant.NewHasher(MaxHash, input, TVariant.MissingPath));

        using var hasher = TVariant.NewHasher(32);
        Assert.Throws<ArgumentException>(() => hasher.GetHashAndReset(new byte[31]));
    }

    [Fact]
    public void A_disposed_hasher_refuses_work()
    {
        var hasher = TVariant.NewHasher(MaxHash, new byte[16]);
        hasher.Append(new byte[10]);
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Append(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[MaxHash]));
        Assert.Throws<ObjectDisposedException>(hasher.Reset);
    }

    private static byte[] Reference(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, int outputLength)
    {
        var digest = TVariant.Reference(key.IsEmpty ? null : key.ToArray(), outputLength);
        byte[] message = input.ToArray();
        digest.BlockUpdate(message, 0, message.Length);
        var output = new byte[outputLength];
        digest.DoFinal(output, 0);
        return output;
    }

    /// <summary>Random bytes drawn with the variant's own seed, so that BLAKE2b and BLAKE2s see different inputs.</summary>
    private static byte[] RandomBytes(int length, int seed) => TestBytes.RandomBytes(length, TVariant.SeedBase + seed);

    private static byte[] Counting(int length) => Enumerable.Range(0, length).Select(i => (byte)i).ToArray();
}
