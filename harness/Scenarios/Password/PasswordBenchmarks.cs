using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Jobs;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// One password-hash operation of one implementation at one parameter set. The case travels as a plain string (id,
/// operation, set name or compact form), so an out-of-process run rebuilds it from the registry and the set list.
/// </summary>
public class PasswordBenchmarks
{
    private Workload _workload = null!;

    /// <summary>Set by the host before the run; only gate-approved ids at sets they support are put here.</summary>
    public static IReadOnlyList<string> SelectedCases { get; set; } = [];

    public static IEnumerable<string> Cases => SelectedCases;

    [ParamsSource(nameof(Cases))]
    public string Case { get; set; } = "";

    /// <summary>
    /// The preset with three warmups instead of ten: a hash at the larger sets takes 0.1–1 s, its code is jitted after
    /// the first call, and ten warmups would double the run. The measured iterations (15 in the quick job) stay, for the statistics.
    /// </summary>
    public static Job Job(JobPreset preset) =>
        preset == JobPreset.Dry ? preset.Create() : preset.Create().WithWarmupCount(3);

    [GlobalSetup]
    public void Setup()
    {
        var (id, operation, set) = PasswordWorkload.ParseKey(Case);
        _workload = PasswordWorkload.Create(Workloads.Resolve<IPasswordHashImplementation>(id), operation, PasswordWorkload.ResolveSet(set).Parameters);
    }

    [Benchmark]
    public void Run() => _workload.Run();
}
