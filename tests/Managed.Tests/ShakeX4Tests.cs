using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>Four-way SHAKE: each output must equal the single-state SHAKE output of its own message.</summary>
public sealed class ShakeX4Tests
{
    /// <summary>One strength of four-way SHAKE beside its single-state reference.</summary>
    public abstract record Xof(string Name)
    {
        /// <summary>SHAKE of one message on the single-state scalar path.</summary>
        public abstract void Reference(ReadOnlySpan<byte> source, Span<byte> destination);

        /// <summary>Four-way SHAKE of <c>sources[i]</c> into <c>destinations[i]</c>, i = 0..3.</summary>
        public abstract void Batch(ReadOnlyMemory<byte>[] sources, byte[][] destinations, InstructionSet path);

        public sealed override string ToString() => Name;
    }

    /// <summary>The calls, written once for both strengths.</summary>
    private sealed record Xof<TSize>(string Name) : Xof(Name)
        where TSize : struct, IShakeSize
    {
        public override void Reference(ReadOnlySpan<byte> source, Span<byte> destination) =>
            Shake.HashData<TSize>(source, destination, InstructionSet.Scalar);

        public override void Batch(ReadOnlyMemory<byte>[] sources, byte[][] destinations, InstructionSet path) =>
            ShakeX4.HashData<TSize>(
                sources[0].Span, sources[1].Span, sources[2].Span, sources[3].Span,
                destinations[0], destinations[1], destinations[2], destinations[3], path);
    }

    private static readonly Xof[] Functions = [new Xof<Bits128>("SHAKE128x4"), new Xof<Bits256>("SHAKE256x4")];

    private static InstructionSet[] BatchPaths() => Enum.GetValues<InstructionSet>().Where(ShakeX4.IsSupported).ToArray();

    public static TheoryData<Xof, InstructionSet> FunctionsAndPaths
    {
        get
        {
            var data = new TheoryData<Xof, InstructionSet>();
            foreach (var function in Functions)
            {
                foreach (var path in BatchPaths())
                {
                    data.Add(function, path);
                }
            }

            return data;
        }
    }

    /// <summary>
    /// Every message length 0..1100 and two long ones, four different messages at different offsets, output lengths
    /// from none to several blocks, against the single-state scalar SHAKE (itself checked against the OS and
    /// BouncyCastle in ShakeTests).
    /// </summary>
    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Each_output_equals_single_state_shake_at_every_length(Xof function, InstructionSet path)
    {
        var buffers = Enumerable.Range(0, 4).Select(i => RandomBuffer(131072, 601 + i)).ToArray();
        foreach (var length in SweepLengths)
        {
            var outputLength = ShakeTests.OutputLengthFor(length);
            ReadOnlyMemory<byte>[] sources = [.. Enumerable.Range(0, 4).Select(i => buffers[i].AsMemory((OffsetFor(length) + i) % 8, length))];
            var actual = Enumerable.Range(0, 4).Select(_ => new byte[outputLength]).ToArray();
            function.Batch(sources, actual, path);

            for (var i = 0; i < 4; i++)
            {
                var expected = new byte[outputLength];
                function.Reference(sources[i].Span, expected);
                AssertEqual(expected, actual[i], $"{function.Name} on {path}, message {i}, length {length}, output {outputLength}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(FunctionsAndPaths))]
    public void Rejects_sources_or_destinations_of_different_lengths(Xof function, InstructionSet path)
    {
        var ok = new byte[10];
        Assert.Throws<ArgumentException>(() => function.Batch([ok, ok, new byte[9], ok], [ok, ok, ok, ok], path));
        Assert.Throws<ArgumentException>(() => function.Batch([ok, ok, ok, ok], [ok, ok, ok, new byte[11]], path));
    }

    [Fact]
    public void Refuses_a_path_it_lacks()
    {
        foreach (var path in Enum.GetValues<InstructionSet>().Where(p => !ShakeX4.IsSupported(p)))
        {
            var expected = InstructionSets.IsSupported(path) ? typeof(ArgumentException) : typeof(PlatformNotSupportedException);
            var b = new byte[4];
            Assert.Throws(expected, () => ShakeX4.HashData<Bits128>(b, b, b, b, b, b, b, b, path));
        }

        Assert.True(ShakeX4.IsSupported(InstructionSet.Scalar));
    }

    [Fact]
    public void Calls_allocate_nothing()
    {
        var source = new byte[1000];
        var destination = new byte[600];
        var paths = BatchPaths();

        void Work()
        {
            foreach (var p in paths)
            {
                ShakeX4.HashData<Bits128>(source, source, source, source, destination, destination, destination, destination, p);
                ShakeX4.HashData<Bits256>(source, source, source, source, destination, destination, destination, destination, p);
            }

            ShakeX4.HashData<Bits128>(source, source, source, source, destination, destination, destination, destination);
        }

        Work();
        var before = GC.GetAllocatedBytesForCurrentThread();
        Work();
        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }
}
