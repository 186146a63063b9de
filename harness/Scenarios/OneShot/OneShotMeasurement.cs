using BenchmarkDotNet.Running;
using CryptoHarness.Implementations;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>The one-shot sweep: every operation of every implementation at every size.</summary>
public sealed class OneShotMeasurement : OneShotSelection, IScenarioMeasurement
{
    public int ChunkBytes => 0;

    public Runner.Outcome Measure(IReadOnlyList<IImplementation> passed, RunPlan plan, string artifactsPath, RunProgress progress)
    {
        OneShotBenchmarks.SelectedCases = passed
            .SelectMany(i => Workloads.OperationsOf(i).Select(o => Workloads.CaseKey(i.Id, o)))
            .ToArray();
        OneShotBenchmarks.SelectedSizes = plan.Sizes;
        var byId = passed.ToDictionary(i => i.Id, StringComparer.Ordinal);
        Runner.CaseIdentity Identify(BenchmarkCase benchmarkCase)
        {
            var (id, operation) = Workloads.ParseCaseKey((string)benchmarkCase.Parameters["Case"]);
            return new Runner.CaseIdentity([byId[id]], id, operation, (int)benchmarkCase.Parameters["Size"]);
        }

        return Runner.Run<OneShotBenchmarks>(plan.Job.Create(), artifactsPath, progress, passed, Name, Identify);
    }
}
