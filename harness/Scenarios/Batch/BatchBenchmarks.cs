using BenchmarkDotNet.Attributes;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// Many independent short messages of one length, laid end to end as a level of a Merkle tree is. An implementation
/// with a batch API hashes the batch in one call; every other implementation of the algorithm hashes the same messages
/// in a loop of single calls, so every case does the same work and the ratio of medians is the ratio of costs.
/// </summary>
public class BatchBenchmarks
{
    private Workload _workload = null!;

    /// <summary>Set by the host before the run; only gate-approved ids are ever put here.</summary>
    public static IReadOnlyList<string> SelectedIds { get; set; } = [];

    public static IEnumerable<string> Cases => SelectedIds;

    public static IEnumerable<int> BatchSizeValues => BatchSelection.BatchSizes;

    public static IEnumerable<int> MessageLengthValues => BatchSelection.MessageLengths;

    [ParamsSource(nameof(Cases))]
    public string Case { get; set; } = "";

    [ParamsSource(nameof(BatchSizeValues))]
    public int BatchSize { get; set; }

    [ParamsSource(nameof(MessageLengthValues))]
    public int MessageBytes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _workload = Workloads.CreateBatch(Workloads.Resolve<IHashImplementation>(Case), BatchSize, MessageBytes);
    }

    [Benchmark]
    public void Run() => _workload.Run();
}
