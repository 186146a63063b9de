using BenchmarkDotNet.Attributes;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// One operation of one implementation on one payload. The case travels as a plain string (registry id and operation,
/// so out-of-process runs embed it intact) and is looked up in the registry again on the measuring side.
/// </summary>
public class OneShotBenchmarks
{
    private Workload _workload = null!;

    /// <summary>Set by the host before the run; only gate-approved ids are ever put here.</summary>
    public static IReadOnlyList<string> SelectedCases { get; set; } = [];

    public static IReadOnlyList<int> SelectedSizes { get; set; } = [];

    public static IEnumerable<string> Cases => SelectedCases;

    public static IEnumerable<int> Sizes => SelectedSizes;

    [ParamsSource(nameof(Cases))]
    public string Case { get; set; } = "";

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var (id, operation) = Workloads.ParseCaseKey(Case);
        _workload = Workloads.Create(Workloads.Resolve<IImplementation>(id), operation, Size);
    }

    [Benchmark]
    public void Run() => _workload.Run();
}
