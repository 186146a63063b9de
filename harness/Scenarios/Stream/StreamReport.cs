using CryptoHarness.Results;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>One page for the whole run: <c>streaming.md</c>.</summary>
public sealed class StreamReport : ScenarioReport
{
    public const string StreamingTemplate = "streaming.md.sbn";

    public override string Name => StreamSelection.ScenarioName;

    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning) =>
        [new("streaming.md", stage.RenderTemplate(StreamingTemplate, ReportModel.Streaming(summary)))];
}
