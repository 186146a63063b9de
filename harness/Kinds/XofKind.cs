using System.Runtime.CompilerServices;
using CryptoHarness.Formatting;
using static CryptoHarness.Kinds.KindChecks;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Kinds;

/// <summary>An extendable-output function: timed as <c>xof-N</c> at each of the algorithm's benchmarked output lengths.</summary>
public sealed class XofKind : KindContract<IXofImplementation>
{
    public override AlgorithmKind Kind => AlgorithmKind.Xof;

    public override string SiteArea => "xofs-and-macs";

    public override string? Parameters(AlgorithmInfo algorithm) => "Extendable output; each table gives the output length it was measured with.";

    /// <summary>By output length, shortest first.</summary>
    public override OperationLabel? Label(string operation) =>
        OutputBytesOf(operation) is { } outputBytes ? new(outputBytes, $"{operation[4..]}-byte output") : null;

    public override IEnumerable<(Probe Probe, string What)> Probes(Algorithm algorithm) => XofProbes(algorithm);

    public override IReadOnlyList<string> Operations(IImplementation implementation) => implementation.Algorithm.BenchmarkOutputs.Select(Xof).ToArray();

    protected override Workload? CreateWorkload(IXofImplementation xof, string operation, byte[] input) =>
        OutputBytesOf(operation) is { } outputBytes ? new XofWorkload(xof, input, outputBytes) : null;

    /// <summary>The output length an operation named by <see cref="OperationNames.Xof"/> times; null for any other name.</summary>
    private static int? OutputBytesOf(string operation) =>
        operation.StartsWith("xof-", StringComparison.Ordinal) && int.TryParse(operation.AsSpan(4), out var outputBytes) ? outputBytes : null;

    protected override string? CheckAnswer(IXofImplementation xof, KnownAnswer answer)
    {
        var output = new byte[answer.ExpectedHex.Length / 2];
        xof.Hash(answer.Customization, answer.Input, output);
        return Mismatch(answer.ExpectedHex, output);
    }

    /// <summary>Output one block past the rate, so squeezing more than one block is compared too.</summary>
    private static IEnumerable<(Probe Probe, string What)> XofProbes(Algorithm algorithm)
    {
        var outputBytes = algorithm.BlockBytes + 64;
        IEnumerable<byte[]> customizations = algorithm.Customizable ? [[], GateCustomization] : [[]];
        foreach (var customization in customizations)
        {
            yield return ((implementation, input, _, _) =>
            {
                var output = new byte[outputBytes];
                ((IXofImplementation)implementation).Hash(customization, input, output);
                return output;
            }, $"{outputBytes}-byte output{(customization.Length == 0 ? "" : ", with a customization string,")}");
        }
    }

    /// <summary>Input and output in one pinned block, each at a 64-byte boundary (see <see cref="AlignedBlock"/>).</summary>
    private sealed class XofWorkload : Workload
    {
        private readonly IXofImplementation _xof;
        private readonly ArraySegment<byte> _input;
        private readonly ArraySegment<byte> _output;

        public XofWorkload(IXofImplementation xof, byte[] input, int outputBytes)
        {
            _xof = xof;
            var block = new AlignedBlock(input.Length, outputBytes);
            _input = block.Take(input);
            _output = block.Take(outputBytes);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => _xof.Hash([], _input, _output);
    }
}
