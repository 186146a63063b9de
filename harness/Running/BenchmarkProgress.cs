using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace CryptoHarness.Running;

/// <summary>
/// Reports BenchmarkDotNet's own start and end of every case to a progress stage, so progress is counted from its events
/// rather than read from its log text.
/// </summary>
internal sealed class BenchmarkProgress(ProgressStage stage, Func<BenchmarkCase, (string Name, string Family)> describe) : EventProcessor
{
    public override void OnStartRunBenchmarksInType(Type type, IReadOnlyList<BenchmarkCase> benchmarks) => stage.SetTotal(benchmarks.Count);

    public override void OnStartRunBenchmark(BenchmarkCase benchmarkCase)
    {
        var (name, family) = describe(benchmarkCase);
        stage.Started(name, family);
    }

    public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report) => stage.Finished();
}
