using BenchmarkDotNet.Running;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// The one-shot sweep: every operation of every implementation at every size, then each table (algorithm, operation,
/// size) again in interleaved rounds for its ratios.
/// </summary>
public sealed class OneShotMeasurement : OneShotSelection, IScenarioMeasurement
{
    public Runner.Outcome Measure(IReadOnlyList<IImplementation> passed, RunPlan plan, string artifactsPath, RunProgress progress)
    {
        OneShotBenchmarks.SelectedCases = passed
            .SelectMany(i => Workloads.OperationsOf(i).Select(o => Workloads.CaseKey(i.Id, o)))
            .ToArray();
        OneShotBenchmarks.SelectedSizes = plan.Sizes;
        static Runner.CaseIdentity Identify(BenchmarkCase benchmarkCase, IReadOnlyDictionary<string, IImplementation> byId)
        {
            var (id, operation) = Workloads.ParseCaseKey((string)benchmarkCase.Parameters["Case"]);
            return new Runner.CaseIdentity([byId[id]], id, operation, (int)benchmarkCase.Parameters["Size"]);
        }

        var measured = Runner.Run<OneShotBenchmarks>(plan.Job.Create(), artifactsPath, progress, passed, Name, Identify);
        // The tables' ratios come from interleaved rounds (see InterleavedTables); the other scenarios' tables compare
        // operations of unequal work (a batch call against a loop, one pass against several) or take minutes a case.
        return measured with { Results = InterleavedTables.Attach(measured.Results, passed, plan.Job.Rounds, progress) };
    }
}
