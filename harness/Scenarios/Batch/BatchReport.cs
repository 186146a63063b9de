using CryptoHarness.Results;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>A <c>&lt;slug&gt;-batch.md</c> page per algorithm of the run.</summary>
public sealed class BatchReport : ScenarioReport
{
    public const string BatchTemplate = "batch.md.sbn";

    public override string Name => BatchSelection.ScenarioName;

    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning)
    {
        var batch = stage.Compiled(BatchTemplate);
        return ReportModel.Batches(summary).Select(b => new ReportStage.RenderedFile($"{b.Slug}-batch.md", batch(b.Model))).ToArray();
    }
}
