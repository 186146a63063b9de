using System.Text;
using Org.BouncyCastle.Crypto.Digests;
using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>cSHAKE128 and cSHAKE256 (NIST SP 800-185 §3) on every path.</summary>
public sealed class CShakeTests
{
    public delegate void OneShot(
        ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> functionName, ReadOnlySpan<byte> customization, InstructionSet path);

    public sealed record Xof(string Name, int Strength, OneShot Managed, HasherChecks.OneShotOnPath Shake)
    {
        public override string ToString() => Name;
    }

    private static readonly Xof[] Functions =
    [
        new("cSHAKE128", 128, CShake.HashData<Bits128>, Shake.HashData<Bits128>),
        new("cSHAKE256", 256, CShake.HashData<Bits256>, Shake.HashData<Bits256>),
    ];

    public static TheoryData<Xof, InstructionSet> FunctionsAndPaths => WithEveryPath(Functions);

    public static TheoryData<int, int, string, string, InstructionSet> Samples
    {
        get
        {
            // NIST CSRC "Examples with Intermediate Values", SP 800-185: cSHAKE_samples.pdf, samples #1 to #4.
            // N is empty and S is "Email Signature" in all four; the data is 00 01 02 03 or 00..C7 (200 bytes).
            (int Strength, int DataLength, string Customization, string Expected)[] samples =
            [
                (128, 4, "Email Signature", "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5"),
                (128, 200, "Email Signature", "c5221d50e4f822d96a2e8881a961420f294b7b24fe3d2094baed2c6524cc166b"),
                (256, 4, "Email Signature", "d008828e2b80ac9d2218ffee1d070c48b8e4c87bff32c9699d5b6896eee0edd164020e2be0560858d9c00c037e34a96937c561a74c412bb4c746469527281c8c"),
                (256, 200, "Email Signature", "07dc27b11e51fbac75bc7b3c1d983e8b4b85fb1defaf218912ac86430273091727f42b17ed1df63e8ec118f04b23633c1dfb1574c8fb55cb45da8e25afb092bb"),
            ];
            return WithEveryPath(samples);
        }
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Reproduces_the_nist_samples(int strength, int dataLength, string customization, string expectedHex, InstructionSet path)
    {
        var function = Functions.Single(f => f.Strength == strength);
        var s = Encoding.ASCII.GetBytes(customization);
        AssertBothRoutesGive(
            expectedHex,
            actual => function.Managed(Counting(dataLength), actual, ""u8, s, path),
            actual =>
            {
                using var hasher = new CShakeHasher(strength, ""u8, s, path);
                hasher.Append(Counting(dataLength));
                hasher.Squeeze(actual);
            });
    }

    /// <summary>SP 800-185 §3.3: with N and S both empty, cSHAKE is SHAKE.</summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Without_name_and_customization_is_shake(Xof function, InstructionSet path)
    {
        var message = RandomBuffer(300, 401);
        var expected = new byte[200];
        var actual = new byte[200];
        function.Shake(message, expected, path);
        function.Managed(message, actual, default, default, path);
        AssertEqual(expected, actual, $"{function.Name} on {path}");
    }

    /// <summary>
    /// Every message length 0..1100 and two long ones, against BouncyCastle, with N and S varying in length so that
    /// the encoded prefix ends before, at, and after a block boundary.
    /// </summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Matches_bouncycastle_at_every_length(Xof function, InstructionSet path)
    {
        var buffer = RandomBuffer(131072, 402);
        var strings = RandomBuffer(600, 403);
        foreach (var length in SweepLengths)
        {
            var offset = OffsetFor(length);
            var name = length % 5 == 0 ? [] : strings.AsSpan(0, length % 11).ToArray();
            var customization = length % 3 == 0 ? [] : strings.AsSpan(100, length * 7 % 400).ToArray();
            var outputLength = ShakeTests.OutputLengthFor(length);

            var actual = new byte[outputLength];
            function.Managed(buffer.AsSpan(offset, length), actual, name, customization, path);

            var digest = new CShakeDigest(function.Strength, name, customization);
            digest.BlockUpdate(buffer, offset, length);
            var expected = new byte[outputLength];
            digest.OutputFinal(expected, 0, outputLength);
            AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, |N| {name.Length}, |S| {customization.Length}, output {outputLength}");
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Incremental_input_and_output_in_random_pieces_equal_one_shot(Xof function, InstructionSet path)
    {
        var random = new Random(404);
        var buffer = RandomBuffer(3000, 405);
        var name = "Fn"u8.ToArray();
        var customization = RandomBuffer(170, 406);
        using var hasher = new CShakeHasher(function.Strength, name, customization, path);
        for (var trial = 0; trial < 40; trial++)
        {
            var length = random.Next(0, 3000);
            var outputLength = random.Next(0, 800);
            var message = buffer.AsSpan(0, length);
            var expected = new byte[outputLength];
            function.Managed(message, expected, name, customization, path);

            AppendInPieces(hasher, message, trial % 2 == 0 ? 40 : 400, random);
            var actual = SqueezeInPieces(hasher.Squeeze, outputLength, 200, random);
            AssertEqual(expected, actual, $"{function.Name} on {path}, length {length}, output {outputLength}, trial {trial}");

            // Reset keeps N and S: the next trial starts from the customized state.
            hasher.Reset();
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Appending_after_squeezing_is_refused_and_a_disposed_hasher_refuses_work(Xof function, InstructionSet path)
    {
        var hasher = new CShakeHasher(function.Strength, "N"u8, "S"u8, path);
        hasher.Squeeze(new byte[1]);
        Assert.Throws<InvalidOperationException>(() => hasher.Append("d"u8));
        hasher.Dispose();
        Assert.Throws<ObjectDisposedException>(() => hasher.Squeeze(new byte[1]));
        Assert.Throws<ObjectDisposedException>(() => hasher.GetHashAndReset(new byte[1]));
    }

    [Fact]
    public void One_shot_and_incremental_calls_allocate_nothing()
    {
        var source = new byte[5000];
        var destination = new byte[300];
        var paths = PathList();
        using var hasher = new CShakeHasher(256, "N"u8, "Email Signature"u8);

        void Work()
        {
            foreach (var p in paths)
            {
                CShake.HashData<Bits128>(source, destination, "N"u8, "Email Signature"u8, p);
                CShake.HashData<Bits256>(source, destination, default, "S"u8, p);
            }

            CShake.HashData<Bits128>(source, destination, "N"u8, "S"u8);
            hasher.Append(source);
            hasher.Squeeze(destination.AsSpan(0, 3));
            hasher.GetHashAndReset(destination);
        }

        AssertAllocatesNothing(Work);
    }
}
