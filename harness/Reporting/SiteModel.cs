using CryptoHarness.Formatting;

namespace CryptoHarness.Reporting;

/// <summary>
/// One area page of the documentation site: <c>docs/&lt;Key&gt;.md</c>, rendered from <c>templates/site/&lt;Key&gt;.md.sbn</c>
/// (which holds its title and introduction), showing the algorithms of every kind that declares it.
/// </summary>
public sealed record SiteArea(string Key)
{
    public string Page => Key + ".md";

    public string Template => $"site/{Key}.md.sbn";
}

/// <summary>
/// An area page (<c>templates/site/&lt;area&gt;.md.sbn</c>): by family, each algorithm's chart, leader and link to its
/// own page, and the scenarios' sections.
/// </summary>
/// <param name="Page">The area page's file, relative to the site's root (the toc links it).</param>
/// <param name="Leading">The scenarios' sections before the families (<see cref="AreaPlacement.BeforeFamilies"/>), each as its template rendered it.</param>
/// <param name="Trailing">Those after the families.</param>
public sealed record AreaPage(string MachineKey, string Page, IReadOnlyList<AreaFamily> Families, IReadOnlyList<RenderedMarkdown> Leading, IReadOnlyList<RenderedMarkdown> Trailing);

public sealed record AreaFamily(string Family, IReadOnlyList<AreaAlgorithm> Algorithms);

/// <param name="Page">The algorithm's own page (its report), relative to the site's root.</param>
/// <param name="OwnHeading">
/// Whether the algorithm gets a heading under its family's: not when it is the family's only algorithm and has the
/// family's name (BLAKE3), where a second heading would say the same and take the same anchor.
/// </param>
/// <param name="Chart">The chart of its primary operation (the one the leader is named by), relative to the site's root; null where it has none (password hashes are charted per parameter set on their page).</param>
/// <param name="Leader">The fastest provider at the large and the small size, or null where none was measured at them.</param>
/// <param name="Beside">The scenarios' further pages of the algorithm that exist (<see cref="ScenarioReport.AlgorithmSiteFragments"/>).</param>
public sealed record AreaAlgorithm(string Name, string Page, bool OwnHeading, ReportModel.Chart? Chart, string? Leader, IReadOnlyList<BesidePage> Beside);

/// <param name="Label">What the page shows of the algorithm (e.g. batches of short messages).</param>
public sealed record BesidePage(string Label, string Page);

/// <summary>The site's table of contents (<c>templates/site/toc.yml.sbn</c>): every area page with its algorithms' pages, by family.</summary>
public sealed record SiteToc(IReadOnlyList<AreaPage> Areas);

/// <summary>The model of a scenario's section of an area page (<see cref="AreaSiteFragment.Template"/>).</summary>
/// <param name="Include">The scenario's page, relative to the area page.</param>
public sealed record AreaSection(string Include);

/// <summary>The cross-machine page (<c>cross-machine.md.sbn</c>): a column per machine, a table per family.</summary>
/// <param name="Size">The payload size compared, as a label.</param>
/// <param name="Sections">What scenarios add below the families (<see cref="ScenarioReport.CrossMachineSection"/>), e.g. password hashes per parameter set.</param>
public sealed record CrossMachinePage(
    string Size, IReadOnlyList<MachineColumn> Machines, IReadOnlyList<CrossMachineFamily> Families, IReadOnlyList<CrossMachineSection> Sections);

/// <summary>A scenario's table on the cross-machine page: its own leading columns, then one cell per machine.</summary>
/// <param name="Columns">The headings of the leading columns (e.g. Algorithm, Set).</param>
public sealed record CrossMachineSection(string Title, string Introduction, IReadOnlyList<string> Columns, IReadOnlyList<CrossMachineSectionRow> Rows);

/// <param name="Labels">One per leading column.</param>
/// <param name="Cells">Per machine, in the order of the page's columns.</param>
public sealed record CrossMachineSectionRow(IReadOnlyList<string> Labels, IReadOnlyList<string> Cells);

/// <param name="CpuIdentity">CPUID's identity of the machine's newest run; null where that run recorded none.</param>
/// <param name="Jobs">The jobs the machine's data comes from, each in backticks.</param>
/// <param name="Measured">The day, or first and last day, of the machine's runs.</param>
public sealed record MachineColumn(string Key, string Cpu, string? CpuIdentity, int LogicalCores, string IsaLevel, string Os, string Runtime, string Jobs, string Measured);

public sealed record CrossMachineFamily(string Family, IReadOnlyList<CrossMachineRow> Rows);

/// <param name="Cells">Per machine, in the order of the columns: MB/s and the provider, or "n/a".</param>
public sealed record CrossMachineRow(string Algorithm, IReadOnlyList<string> Cells);

/// <summary>
/// What the site's pages and the cross-machine page see. An area page lists one include per algorithm whose fragment
/// exists, so an algorithm appears on the site as soon as a run has written its report, and never before.
/// </summary>
public static class SiteModel
{
    /// <summary>The folder under <c>docs/</c> holding the generated fragments; excluded from the build as pages of their own.</summary>
    public const string FragmentFolder = "benchmarks";

    public const string CrossMachinePage = "cross-machine.md";

    public const string MachineSpecPage = "machine-spec.md";

    public const string HighlightsFile = "highlights.md";

    /// <summary>
    /// The fragments that pages include rather than link (the overview's highlights and machine spec, the cross-machine
    /// table, the scenarios' area sections): docfx.json keeps them from being pages of their own. Every other report under
    /// <see cref="FragmentFolder"/> is an algorithm's page.
    /// </summary>
    public static IReadOnlyList<string> IncludedOnly(IEnumerable<ScenarioReport> scenarios) =>
        [HighlightsFile, MachineSpecPage, CrossMachinePage, .. scenarios.SelectMany(s => s.AreaSiteFragments).Select(f => f.File).Distinct(StringComparer.Ordinal)];

    /// <summary>The table of contents, generated so that every area and every algorithm's page is in it.</summary>
    public const string TocPage = "toc.yml";

    public const string TocTemplate = "site/toc.yml.sbn";

    public const string CrossMachineTemplate = "cross-machine.md.sbn";

    /// <summary>Every area a kind declares (<see cref="IKindPresentation.SiteArea"/>), in the order of the kinds.</summary>
    public static IReadOnlyList<SiteArea> Areas(KindPresentations kinds) =>
        kinds.All.Select(k => k.SiteArea).Distinct(StringComparer.Ordinal).Select(key => new SiteArea(key)).ToArray();

    /// <summary>
    /// The algorithms of a machine's data as the registry described them; for files written before summaries carried
    /// that description, from the records themselves, the kind read off the operation timed (see <see cref="KindOf"/>).
    /// </summary>
    public static IReadOnlyList<AlgorithmInfo> AlgorithmsOf(IEnumerable<RunSummary> algorithms, KindPresentations kinds) =>
        algorithms.SelectMany(a => a.Algorithms.Count > 0
                ? a.Algorithms
                : a.Results.Select(r => new AlgorithmInfo { Slug = r.Slug, Name = r.Algorithm, Family = r.Family, Kind = KindOf(r.Operation, kinds), OutputBytes = 0 }))
            .DistinctBy(a => a.Slug)
            .ToArray();

    /// <summary>
    /// The kind whose operation a record timed; an operation no kind has stands as its own kind name, which no area
    /// shows, so the site refuses it by name (<see cref="UnshownKinds"/>) rather than file it under a guess.
    /// </summary>
    private static string KindOf(string operation, KindPresentations kinds) => kinds.Owning(operation)?.Name ?? operation;

    /// <summary>
    /// The model of one area page. <paramref name="fragments"/> are the fragment files present by name (e.g.
    /// <c>sha256.md</c>, <c>streaming.md</c>, <c>charts/sha256.svg</c>) with their text; <paramref name="algorithms"/>
    /// the machine's per-algorithm data. The scenarios' sections are rendered through <paramref name="stage"/>, whose
    /// scenarios and kinds decide what is shown.
    /// </summary>
    public static AreaPage Area(ReportStage stage, SiteArea area, string machineKey, IReadOnlyList<RunSummary> algorithms, IReadOnlyDictionary<string, string> fragments)
    {
        var infos = AlgorithmsOf(algorithms, stage.Kinds)
            .Where(a => stage.Kinds.Named(a.Kind)?.SiteArea == area.Key && fragments.ContainsKey(a.Slug + ".md"))
            .ToArray();
        var beside = stage.Scenarios.SelectMany(s => s.AlgorithmSiteFragments).ToArray();
        var sections = stage.Scenarios.SelectMany(s => s.AreaSiteFragments).Where(f => f.Area == area.Key && fragments.ContainsKey(f.File)).ToArray();
        RenderedMarkdown[] Sections(AreaPlacement placement) => sections.Where(f => f.Placement == placement)
            // A section is a block: the area page puts the blank line before it and the line break after it.
            .Select(f => new RenderedMarkdown(stage.RenderTemplate(f.Template, new AreaSection(Include(f.File))).Trim('\n')))
            .ToArray();
        return new AreaPage(
            machineKey,
            area.Page,
            infos.GroupBy(a => a.Family).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new AreaFamily(
                g.Key,
                g.OrderBy(a => a.Name, StringComparer.Ordinal)
                    .Select(a => new AreaAlgorithm(
                        a.Name,
                        Include(a.Slug + ".md"),
                        g.Count() > 1 || a.Name != g.Key,
                        ChartOf(algorithms, a.Slug, stage.Kinds, fragments),
                        FamilyOverview.AlgorithmLeader(algorithms.Where(s => s.Results.Any(r => r.Slug == a.Slug)), a.Slug, stage.Kinds),
                        beside.Where(f => fragments.ContainsKey(f.FileOf(a.Slug))).Select(f => new BesidePage(f.Label, Include(f.FileOf(a.Slug)))).ToArray()))
                    .ToArray())).ToArray(),
            Sections(AreaPlacement.BeforeFamilies),
            Sections(AreaPlacement.AfterFamilies));
    }

    /// <summary>
    /// The chart of an algorithm's primary operation as its page shows it: the file the run wrote (whose own width and
    /// height the area page gives its image), titled as on the page; null where the page has none.
    /// </summary>
    private static ReportModel.Chart? ChartOf(IReadOnlyList<RunSummary> algorithms, string slug, KindPresentations kinds, IReadOnlyDictionary<string, string> fragments)
    {
        var summary = algorithms.Where(s => FamilyOverview.PrimaryRecords(s, kinds).Any(r => r.Slug == slug)).MaxBy(s => s.Run.Utc);
        return summary is null
            ? null
            : ReportModel.Charts(summary, slug, kinds)
                .Where(c => fragments.ContainsKey(c.File))
                .Select(c => new ReportModel.Chart(Include(c.File), c.Title, fragments[c.File]))
                .FirstOrDefault();
    }

    /// <summary>The algorithm kinds in the data that no area shows: each would be silently missing from the site.</summary>
    public static IReadOnlyList<string> UnshownKinds(IEnumerable<RunSummary> algorithms, KindPresentations kinds) =>
        AlgorithmsOf(algorithms, kinds).Select(a => a.Kind).Distinct()
            .Where(kind => kinds.Named(kind) is null)
            .Order(StringComparer.Ordinal)
            .ToArray();

    private static string Include(string fragment) => $"{FragmentFolder}/{fragment}";

    /// <summary>
    /// Per algorithm, the fastest provider's throughput on each machine at the highlights' large size (as the newest run
    /// of all recorded it, <see cref="HighlightSizes"/>), in its primary operation (as the highlights read it).
    /// <paramref name="machines"/> maps a machine key to its per-algorithm data.
    /// </summary>
    public static CrossMachinePage CrossMachine(IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines, KindPresentations kinds, IReadOnlyList<ScenarioReport> scenarios)
    {
        var keys = machines.Keys.Order(StringComparer.Ordinal).ToArray();
        var size = machines.Values.SelectMany(m => m).MaxBy(a => a.Run.Utc) is { } newest ? HighlightSizes.Of(newest.Run).LargeBytes : HighlightSizes.Default.LargeBytes;
        var best = keys.ToDictionary(k => k, k => machines[k]
            .SelectMany(m => FamilyOverview.PrimaryRecords(m, kinds))
            .Where(r => r.SizeBytes == size)
            .GroupBy(r => r.Slug)
            .ToDictionary(g => g.Key, g => TableRatio.Leader(g)!), StringComparer.Ordinal);
        // Only algorithms some machine measured at the size: one measured otherwise (a password hash, per parameter set)
        // would be a row of n/a, and its scenario gives it a section of its own.
        var algorithms = AlgorithmsOf(keys.SelectMany(k => machines[k]), kinds).Where(a => keys.Any(k => best[k].ContainsKey(a.Slug))).ToArray();

        return new CrossMachinePage(
            Format.Size(size),
            keys.Select(k =>
            {
                var run = machines[k].MaxBy(a => a.Run.Utc)!.Run;
                return new MachineColumn(
                    k,
                    run.Cpu,
                    ReportModel.Optional(run.CpuIdentity),
                    run.LogicalCores,
                    run.InstructionSetLevel,
                    run.Os,
                    run.Runtime,
                    string.Join(", ", machines[k].Select(a => a.Run.Job).Distinct().Order(StringComparer.Ordinal).Select(j => $"`{j}`")),
                    MeasuredRange(machines[k]));
            }).ToArray(),
            algorithms.GroupBy(a => a.Family).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new CrossMachineFamily(
                g.Key,
                g.OrderBy(a => a.Name, StringComparer.Ordinal).Select(a => new CrossMachineRow(
                    a.Name,
                    keys.Select(k => best[k].TryGetValue(a.Slug, out var r)
                        ? $"{Format.Number(r.MbPerS, "N0")} (`{Format.ProviderLabel(r.Record.Provider, r.Record.Variant)}`{Format.TiedWith(r, code: true)})"
                        : "n/a").ToArray())).ToArray())).ToArray(),
            scenarios.Select(r => r.CrossMachineSection(keys, machines)).OfType<CrossMachineSection>().Where(section => section.Rows.Count > 0).ToArray());
    }

    private static string MeasuredRange(IEnumerable<RunSummary> algorithms)
    {
        var days = algorithms.Select(a => a.Run.Utc.UtcDateTime.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture))
            .Distinct().Order(StringComparer.Ordinal).ToArray();
        return days.Length == 1 ? days[0] : $"{days[0]} to {days[^1]}";
    }
}
