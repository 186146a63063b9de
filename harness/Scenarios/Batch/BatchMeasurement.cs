using BenchmarkDotNet.Running;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// The batch scenario: every batch size and message length, each implementation through its batch API or, without one,
/// in a loop of single calls over the same messages.
/// </summary>
public sealed class BatchMeasurement : BatchSelection, IScenarioMeasurement
{
    public Runner.Outcome Measure(IReadOnlyList<IImplementation> passed, RunPlan plan, string artifactsPath, RunProgress progress)
    {
        var implementations = passed.OfType<IHashImplementation>().ToArray();
        BatchBenchmarks.SelectedIds = implementations.Select(i => i.Id).ToArray();
        static Runner.CaseIdentity Identify(BenchmarkCase benchmarkCase, IReadOnlyDictionary<string, IImplementation> byId)
        {
            var implementation = byId[(string)benchmarkCase.Parameters["Case"]];
            var batchSize = (int)benchmarkCase.Parameters["BatchSize"];
            var messageBytes = (int)benchmarkCase.Parameters["MessageBytes"];
            return new BatchCase([implementation], implementation.Id, Workloads.BatchOperationOf(implementation), batchSize, messageBytes);
        }

        return Runner.Run<BatchBenchmarks>(plan.Job.Create(), artifactsPath, progress, implementations, Name, Identify);
    }

    /// <summary>A batch case: how many messages of how many bytes, and the cost per message.</summary>
    private sealed record BatchCase(IReadOnlyList<IImplementation> Implementations, string Id, string Operation, int BatchSize, int MessageBytes)
        : Runner.CaseIdentity(Implementations, Id, Operation, BatchSize * MessageBytes)
    {
        public override string Parameters => $"a batch of {BatchSize} × {MessageBytes} bytes";

        public override ResultRecord Complete(ResultRecord record) => record with
        {
            BatchSize = BatchSize,
            MessageBytes = MessageBytes,
            PerItemNs = record.MedianNs / BatchSize,
        };
    }
}
