using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>A <c>&lt;slug&gt;-batch.md</c> page per algorithm of the run.</summary>
public sealed class BatchReport : ScenarioReport
{
    public const string BatchTemplate = "batch.md.sbn";

    /// <summary>Each algorithm's batch page, which the site shows under the algorithm's own.</summary>
    private static readonly AlgorithmSiteFragment BatchPage = new("-batch", "batches");

    public override string Name => BatchSelection.ScenarioName;

    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning)
    {
        var batch = stage.Compiled(BatchTemplate);
        return ReportModel.Batches(summary, stage.Kinds).Select(b => new ReportStage.RenderedFile(BatchPage.FileOf(b.Slug), batch(b.Model))).ToArray();
    }

    public override IReadOnlyList<AlgorithmSiteFragment> AlgorithmSiteFragments => [BatchPage];
}
