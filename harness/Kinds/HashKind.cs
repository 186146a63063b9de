using System.Runtime.CompilerServices;
using CryptoHarness.Formatting;
using static CryptoHarness.Kinds.KindChecks;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Kinds;

/// <summary>A hash: one output per input; timed as <c>hash</c>.</summary>
public sealed class HashKind : KindContract<IHashImplementation>
{
    public override AlgorithmKind Kind => AlgorithmKind.Hash;

    public override string SiteArea => "hashes";

    public override string? Parameters(AlgorithmInfo algorithm) => $"{algorithm.OutputBytes}-byte output.";

    public override OperationLabel? Label(string operation) => operation == Hash ? new(0, "") : null;

    public override IEnumerable<(Probe Probe, string What)> Probes(Algorithm algorithm) => HashProbes(algorithm);

    public override IReadOnlyList<string> Operations(IImplementation implementation) => [Hash];

    protected override Workload? CreateWorkload(IHashImplementation hash, string operation, byte[] input) =>
        operation == Hash ? new HashWorkload(hash, input) : null;

    protected override string? CheckAnswer(IHashImplementation hash, KnownAnswer answer)
    {
        var output = new byte[hash.OutputBytes];
        hash.Hash(answer.Input, output);

        // A published output may be longer than the default (BLAKE3's extended output): compare its prefix.
        return Mismatch(Prefix(answer, output.Length), output);
    }

    private static IEnumerable<(Probe Probe, string What)> HashProbes(Algorithm algorithm)
    {
        yield return ((implementation, input, _, _) =>
        {
            var output = new byte[algorithm.OutputBytes];
            ((IHashImplementation)implementation).Hash(input, output);
            return output;
        }, "hash");
    }

    /// <summary>Input and digest in one pinned block, each at a 64-byte boundary (see <see cref="AlignedBlock"/>).</summary>
    private sealed class HashWorkload : Workload
    {
        private readonly IHashImplementation _hash;
        private readonly ArraySegment<byte> _input;
        private readonly ArraySegment<byte> _output;

        public HashWorkload(IHashImplementation hash, byte[] input)
        {
            _hash = hash;
            var block = new AlignedBlock(input.Length, hash.OutputBytes);
            _input = block.Take(input);
            _output = block.Take(hash.OutputBytes);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => _hash.Hash(_input, _output);
    }
}
