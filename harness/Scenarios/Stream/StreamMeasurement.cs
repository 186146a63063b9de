using BenchmarkDotNet.Running;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>The streaming scenario: each incremental implementation over one large input, and one pass feeding all of them.</summary>
public sealed class StreamMeasurement : StreamSelection, IScenarioMeasurement
{
    public int ChunkBytes => StreamingBenchmarks.ChunkBytes;

    public Runner.Outcome Measure(IReadOnlyList<IImplementation> passed, RunPlan plan, string artifactsPath, RunProgress progress)
    {
        var implementations = passed.OfType<IStreamingHashImplementation>().ToArray();
        StreamingBenchmarks.SelectedCases = implementations.Select(i => i.Id)
            .Concat(implementations.Length > 1 ? [StreamingBenchmarks.MultiPassCase] : [])
            .ToArray();
        StreamingBenchmarks.SelectedIds = implementations.Select(i => i.Id).ToArray();
        var streamBytes = StreamSettings.Of(plan).StreamBytes;
        StreamingBenchmarks.StreamBytes = streamBytes;
        Runner.CaseIdentity Identify(BenchmarkCase benchmarkCase, IReadOnlyDictionary<string, IImplementation> byId)
        {
            var key = (string)benchmarkCase.Parameters["Case"];
            return key == StreamingBenchmarks.MultiPassCase
                ? new Runner.CaseIdentity(implementations, key, OperationNames.Hash, streamBytes)
                : new Runner.CaseIdentity([byId[key]], key, OperationNames.Hash, streamBytes);
        }

        return Runner.Run<StreamingBenchmarks>(StreamingBenchmarks.Job(plan.Job), artifactsPath, progress, implementations, Name, Identify);
    }
}
