using CryptoHarness.Results;

namespace CryptoHarness.Reporting;

/// <summary>
/// A scenario as the reports see it: which pages a run of it renders. Each scenario derives one, in its folder under
/// <c>harness/Scenarios/</c>; <see cref="ReportStage"/> renders a summary through the one named by its
/// <c>run.scenario</c>.
/// </summary>
public abstract class ScenarioReport
{
    /// <summary>The scenario's name as results files record it.</summary>
    public abstract string Name { get; }

    /// <summary>
    /// Whether its runs keep each algorithm's latest results in <c>data/&lt;slug&gt;.json</c>, so a run of one algorithm
    /// updates its pages without dropping the others' and the pages that span algorithms are rendered from all of them.
    /// </summary>
    public virtual bool KeepsAlgorithmData => false;

    /// <summary>
    /// What its pages that span algorithms read, from every algorithm's latest per-algorithm summary; by default those
    /// summaries as they are.
    /// </summary>
    public virtual IReadOnlyList<RunSummary> Spanning(IReadOnlyList<RunSummary> latest) => latest;

    /// <summary>
    /// The pages of <paramref name="summary"/> (the machine spec aside, which <paramref name="machineSpecName"/> names for links): its own, and given <paramref name="spanning"/>
    /// (see <see cref="Spanning"/>) the pages that span algorithms.
    /// </summary>
    public abstract IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning);

    /// <summary>
    /// The pages from a data folder's per-algorithm summaries of this scenario (the machine spec aside); by default the
    /// pages of the first with every one spanning.
    /// </summary>
    public virtual IEnumerable<ReportStage.RenderedFile> PagesFromData(ReportStage stage, IReadOnlyList<RunSummary> algorithms, string machineSpecName) =>
        Pages(stage, algorithms[0], machineSpecName, Spanning(algorithms));
}
