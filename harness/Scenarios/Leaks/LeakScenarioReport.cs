using CryptoHarness.Leaks;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>
/// The reports of a <c>leaks</c> run: the constant-time page alone (<see cref="LeakReport"/>). The machine spec describes
/// the benchmark job, which a leak check does not change, so it is left as the benchmark runs wrote it.
/// </summary>
public sealed class LeakScenarioReport : ScenarioReport
{
    public override string Name => LeakRun.ScenarioName;

    public override bool WritesMachineSpec => false;

    /// <summary>The constant-time page: no area page includes it yet.</summary>
    public override IReadOnlyList<string> PagesOffSite => [LeakReport.FileName];

    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning) =>
        [LeakReport.Render(stage, summary)];
}
