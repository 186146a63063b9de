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
    /// Its pages the documentation site leaves out (none by default): a page no area page includes yet, so the site's
    /// include check would fail on it; an area of its own needs its page and an entry in docs/toc.yml.
    /// </summary>
    public virtual IReadOnlyList<string> PagesOffSite => [];

    /// <summary>Whether a run of it also writes the machine spec; a check that changes nothing of the benchmark job (<c>leaks</c>) does not.</summary>
    public virtual bool WritesMachineSpec => true;

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

    /// <summary>
    /// Its pages the documentation site includes under an algorithm's own page (<c>&lt;slug&gt;.md</c>, which any scenario
    /// may write and every area page includes), on the area page of the algorithm's kind; none by default.
    /// </summary>
    public virtual IReadOnlyList<AlgorithmSiteFragment> AlgorithmSiteFragments => [];

    /// <summary>Its pages the documentation site includes once, on an area page, each through a small template of its own; none by default.</summary>
    public virtual IReadOnlyList<AreaSiteFragment> AreaSiteFragments => [];

    /// <summary>
    /// Its table on the cross-machine page, from every machine's per-algorithm summaries (<paramref name="machineKeys"/>
    /// in the page's column order), for results the page's throughput tables cannot show; none by default.
    /// </summary>
    public virtual CrossMachineSection? CrossMachineSection(IReadOnlyList<string> machineKeys, IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines) => null;
}

/// <summary>A scenario's page per algorithm, <c>&lt;slug&gt;&lt;Suffix&gt;.md</c>, included on the site as "&lt;algorithm&gt;: &lt;Label&gt;".</summary>
public sealed record AlgorithmSiteFragment(string Suffix, string Label)
{
    public string FileOf(string slug) => $"{slug}{Suffix}.md";
}

/// <summary>
/// A scenario's page that the area page <paramref name="Area"/> (a kind's <c>SiteArea</c>) includes once, when the
/// machine's reports have it: rendered through <paramref name="Template"/> (under <c>templates/</c>, its model an
/// <see cref="AreaSection"/>), before or after the algorithms.
/// </summary>
/// <param name="File">The page, as the scenario writes it beside the algorithm pages.</param>
public sealed record AreaSiteFragment(string File, string Area, AreaPlacement Placement, string Template);

public enum AreaPlacement
{
    /// <summary>Between the area's introduction and its first family.</summary>
    BeforeFamilies,

    /// <summary>After the last family.</summary>
    AfterFamilies,
}
