using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>A page and charts per algorithm; from every algorithm's latest data, the family index and the highlights.</summary>
public sealed class OneShotReport : ScenarioReport
{
    public const string AlgorithmTemplate = "algorithm.md.sbn";
    public const string IndexTemplate = "index.md.sbn";
    public const string HighlightsTemplate = "highlights.md.sbn";

    public override string Name => OneShotSelection.ScenarioName;

    public override bool KeepsAlgorithmData => true;

    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning)
    {
        var algorithm = stage.Compiled(AlgorithmTemplate);
        foreach (var (slug, model) in ReportModel.Algorithms(summary, stage.Kinds))
        {
            yield return new($"{slug}.md", algorithm(model));
            foreach (var chart in ReportModel.Charts(summary, slug, stage.Kinds))
            {
                yield return new(chart.File, chart.Svg);
            }
        }

        if (spanning is { Count: > 0 })
        {
            yield return new("index.md", stage.RenderTemplate(IndexTemplate, FamilyOverview.Index(spanning, machineSpecName, stage.Kinds)));
            yield return new("highlights.md", stage.RenderTemplate(HighlightsTemplate, FamilyOverview.Highlights(spanning, stage.Kinds)));
        }
    }

    /// <summary>Each algorithm's pages from the run that measured it; the index and highlights from all of them.</summary>
    public override IEnumerable<ReportStage.RenderedFile> PagesFromData(ReportStage stage, IReadOnlyList<RunSummary> algorithms, string machineSpecName)
    {
        var newest = algorithms.MaxBy(a => a.Run.Utc)!;
        return algorithms.SelectMany(a => Pages(stage, a, machineSpecName, null))
            .Concat(Pages(stage, newest with { Results = [], Failures = [], Unsupported = [] }, machineSpecName, Spanning(algorithms)));
    }
}
