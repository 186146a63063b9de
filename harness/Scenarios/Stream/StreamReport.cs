using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>One page for the whole run: <c>streaming.md</c>.</summary>
public sealed class StreamReport : ScenarioReport
{
    public const string StreamingTemplate = "streaming.md.sbn";

    private const string StreamingPage = "streaming.md";

    public override string Name => StreamSelection.ScenarioName;

    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning) =>
        [new(StreamingPage, stage.RenderTemplate(StreamingTemplate, ReportModel.Streaming(summary)))];

    /// <summary>The streaming page closes the hashes' area page, under a heading of its own.</summary>
    public override IReadOnlyList<AreaSiteFragment> AreaSiteFragments =>
        [new(StreamingPage, "hashes", AreaPlacement.AfterFamilies, "site/sections/streaming.md.sbn")];
}
