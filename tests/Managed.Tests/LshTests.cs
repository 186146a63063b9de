namespace CryptoHarness.Managed.Tests;

/// <summary>
/// LSH-256-256, LSH-512-256 and LSH-512-512 (KS X 3262). No other library here has LSH, so besides the known answers
/// the gate applies (Crypto++'s TestVectors, in the catalog), these tests pin the derived constants to the tables the
/// NSR reference code prints and check unaligned input, the block boundaries and that a call allocates nothing.
/// </summary>
public sealed class LshTests
{
    /// <summary>Every function on every path it has; a path this CPU lacks is skipped where the test runs.</summary>
    public static TheoryData<string, InstructionSet> Functions => new()
    {
        { "LSH-256-256", InstructionSet.Scalar },
        { "LSH-256-256", InstructionSet.Avx2 },
        { "LSH-512-256", InstructionSet.Scalar },
        { "LSH-512-256", InstructionSet.Avx2 },
        { "LSH-512-256", InstructionSet.Avx512 },
        { "LSH-512-512", InstructionSet.Scalar },
        { "LSH-512-512", InstructionSet.Avx2 },
        { "LSH-512-512", InstructionSet.Avx512 },
    };

    private static (int HashBytes, int BlockBytes, HasherChecks.OneShotOnPath Hash) Function(string name) => name switch
    {
        "LSH-256-256" => (32, Lsh256.BlockSizeInBytes, Lsh256.HashData),
        "LSH-512-256" => (32, Lsh512.BlockSizeInBytes, Lsh512.HashData256),
        "LSH-512-512" => (64, Lsh512.BlockSizeInBytes, Lsh512.HashData512),
        _ => throw new ArgumentException(name, nameof(name)),
    };

    private static bool Runs(string name, InstructionSet path) =>
        (name.StartsWith("LSH-256", StringComparison.Ordinal) ? Lsh256.IsSupported(path) : Lsh512.IsSupported(path)) && InstructionSets.IsSupported(path);

    [Fact]
    public void The_derived_initial_values_are_the_reference_codes_tables()
    {
        // NSR reference code (lsh256 ref/lsh.c g_IV256; lsh512 ref/lsh-impl.c g_IV256 and g_IV512), as KS X 3262 prints them.
        Assert.Equal(
            new uint[]
            {
                0x46a10f1f, 0xfddce486, 0xb41443a8, 0x198e6b9d, 0x3304388d, 0xb0f5a3c7, 0xb36061c4, 0x7adbd553,
                0x105d5378, 0x2f74de54, 0x5c2f2d95, 0xf2553fbe, 0x8051357a, 0x138668c8, 0x47aa4484, 0xe01afb41,
            },
            Lsh256.InitialValue);
        Assert.Equal(
            new ulong[]
            {
                0x6DC57C33DF989423, 0xD8EA7F6E8342C199, 0x76DF8356F8603AC4, 0x40F1B44DE838223A,
                0x39FFE7CFC31484CD, 0x39C4326CC5281548, 0x8A2FF85A346045D8, 0xFF202AA46DBDD61E,
                0xCF785B3CD5FCDB8B, 0x1F0323B64A8150BF, 0xFF75D972F29EA355, 0x2E567F30BF1CA9E1,
                0xB596875BF8FF6DBA, 0xFCCA39B089EF4615, 0xECFF4017D020B4B6, 0x7E77384C772ED802,
            },
            Lsh512.InitialValue256);
        Assert.Equal(
            new ulong[]
            {
                0xadd50f3c7f07094e, 0xe3f3cee8f9418a4f, 0xb527ecde5b3d0ae9, 0x2ef6dec68076f501,
                0x8cb994cae5aca216, 0xfbb9eae4bba48cc7, 0x650a526174725fea, 0x1f9a61a73f8d8085,
                0xb6607378173b539b, 0x1bc99853b0c0b9ed, 0xdf727fc19b182d47, 0xdbef360cf893a457,
                0x4981f5e570147e80, 0xd00c4490ca7d3e30, 0x5d73940c0e4ae1ec, 0x894085e2edb2d819,
            },
            Lsh512.InitialValue512);
    }

    [Fact]
    public void The_derived_step_constants_end_as_the_reference_codes_tables_do()
    {
        // The last rows of g_StepConstants in the NSR reference code (SC_25 and SC_27), and a middle one of each.
        Assert.Equal(new uint[] { 0x592c0f3b, 0x947c5f77, 0x6fff49b9, 0xf71a7e5a, 0x1de8c0f5, 0xc2569600, 0xc4e4ac8c, 0x823c9ce1 }, Lsh256.StepConstants[^8..]);
        Assert.Equal(new uint[] { 0x0e2c4021, 0x872bb30e, 0xa45e6cb2, 0x46f9c612, 0x185fe69e, 0x1359621b, 0x263fccb2, 0x1a116870 }, Lsh256.StepConstants[8..16]);
        Assert.Equal(new ulong[] { 0x682f81c73efdda0d, 0x2fb55925d71d268d, 0xcc392d2901e58a3d, 0xaa666ab975724a42 }, Lsh512.StepConstants[^4..]);
        Assert.Equal(new ulong[] { 0x1fcac64d01d0c2c1, 0xd9ea5de69161790f }, Lsh512.StepConstants[8..10]);
    }

    [Theory]
    [MemberData(nameof(Functions))]
    public void Unaligned_input_hashes_as_aligned_input_does(string name, InstructionSet path)
    {
        if (!Runs(name, path))
        {
            return;
        }

        var (hashBytes, blockBytes, hash) = Function(name);
        var random = new Random(31);
        foreach (var length in new[] { 0, 1, blockBytes - 1, blockBytes, blockBytes + 1, 3 * blockBytes + 5 })
        {
            var message = new byte[length];
            random.NextBytes(message);
            var shifted = new byte[length + 3];
            message.CopyTo(shifted, 3);
            var expected = new byte[hashBytes];
            var actual = new byte[hashBytes];
            hash(message, expected, path);
            hash(shifted.AsSpan(3, length), actual, path);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{name} {path} at {length} bytes, offset 3");
        }
    }

    [Theory]
    [MemberData(nameof(Functions))]
    public void Every_byte_counts_and_nothing_past_the_hash_is_written(string name, InstructionSet path)
    {
        if (!Runs(name, path))
        {
            return;
        }

        var (hashBytes, blockBytes, hash) = Function(name);

        // A message one byte short of a block and one of a whole block differ from their neighbours: the padding puts
        // 0x80 right after the last byte and a whole block gets a padding block of its own.
        var digests = new HashSet<string>();
        for (var length = blockBytes - 2; length <= blockBytes + 1; length++)
        {
            var digest = new byte[hashBytes];
            hash(new byte[length], digest, path);
            Assert.True(digests.Add(Convert.ToHexString(digest)), $"{name}: {length} zero bytes collide with a neighbour");
        }

        var wide = Enumerable.Repeat((byte)0xa5, hashBytes + 16).ToArray();
        hash("abc"u8, wide, path);
        Assert.All(wide[hashBytes..], b => Assert.Equal(0xa5, b));
    }

    [Theory]
    [MemberData(nameof(Functions))]
    public void A_one_shot_call_allocates_nothing(string name, InstructionSet path)
    {
        if (!Runs(name, path))
        {
            return;
        }

        var (hashBytes, blockBytes, hash) = Function(name);
        var message = new byte[4 * blockBytes + 7];
        var digest = new byte[hashBytes];
        hash(message, digest, path);
        var before = GC.GetAllocatedBytesForCurrentThread();
        hash(message, digest, path);
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    /// <summary>Each vector path against the scalar one, around every block boundary up to five blocks.</summary>
    [Theory]
    [MemberData(nameof(Functions))]
    public void Each_vector_path_agrees_with_the_scalar_path(string name, InstructionSet path)
    {
        if (path == InstructionSet.Scalar || !Runs(name, path))
        {
            return;
        }

        var (hashBytes, blockBytes, hash) = Function(name);
        AssertAgreesWithScalar(name, hash, hashBytes, blockBytes, path);
    }

    /// <summary>
    /// <paramref name="path"/> against the scalar path on one random message: every length up to two blocks, then every
    /// 61st up to five blocks and one, so that each block boundary is crossed with a partial last block.
    /// </summary>
    private static void AssertAgreesWithScalar(string name, HasherChecks.OneShotOnPath hash, int hashBytes, int blockBytes, InstructionSet path)
    {
        var message = new byte[5 * blockBytes + 1];
        new Random(3262).NextBytes(message);
        var scalar = new byte[hashBytes];
        var vector = new byte[hashBytes];
        for (var length = 0; length <= message.Length; length += length < 2 * blockBytes ? 1 : 61)
        {
            hash(message.AsSpan(0, length), scalar, InstructionSet.Scalar);
            hash(message.AsSpan(0, length), vector, path);
            Assert.True(scalar.AsSpan().SequenceEqual(vector), $"{name} on {path} at {length} bytes");
        }
    }

    [Fact]
    public void Paths_it_lacks_and_short_destinations_are_refused()
    {
        Assert.True(Lsh256.IsSupported(InstructionSet.Scalar));
        Assert.False(Lsh256.IsSupported(InstructionSet.Ssse3));
        Assert.False(Lsh256.IsSupported(InstructionSet.Avx512));
        Assert.Equal(System.Runtime.Intrinsics.X86.Avx2.IsSupported, Lsh512.IsSupported(InstructionSet.Avx2));
        Assert.False(Lsh512.IsSupported(InstructionSet.Ssse3));
        Assert.Throws<PlatformNotSupportedException>(() => Lsh256.HashData([], new byte[32], InstructionSet.Ssse3));
        Assert.Throws<ArgumentOutOfRangeException>(() => Lsh256.HashData([], new byte[31], InstructionSet.Scalar));
        Assert.Throws<ArgumentOutOfRangeException>(() => Lsh512.HashData512([], new byte[63], InstructionSet.Scalar));
    }
}
