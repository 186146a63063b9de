using CryptoHarness.Formatting;
using CryptoHarness.Implementations;
using CryptoHarness.Results;
using CryptoHarness.Selecting;
using CryptoHarness.Selecting.Scenarios;

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

/// <summary>An area page (<c>templates/site/&lt;area&gt;.md.sbn</c>): an include per algorithm, by family, and the scenarios' sections.</summary>
/// <param name="Leading">The scenarios' sections before the families (<see cref="AreaPlacement.BeforeFamilies"/>), each as its template rendered it.</param>
/// <param name="Trailing">Those after the families.</param>
public sealed record AreaPage(string MachineKey, IReadOnlyList<AreaFamily> Families, IReadOnlyList<RenderedMarkdown> Leading, IReadOnlyList<RenderedMarkdown> Trailing);

public sealed record AreaFamily(string Family, IReadOnlyList<AreaAlgorithm> Algorithms);

/// <param name="Include">The algorithm's fragment, relative to the page.</param>
/// <param name="Beside">The scenarios' further pages of the algorithm that exist (<see cref="ScenarioReport.AlgorithmSiteFragments"/>).</param>
public sealed record AreaAlgorithm(string Name, string Include, IReadOnlyList<BesideInclude> Beside);

/// <param name="Label">What the include is titled after the algorithm's name.</param>
public sealed record BesideInclude(string Label, string Include);

/// <summary>The model of a scenario's section of an area page (<see cref="AreaSiteFragment.Template"/>).</summary>
/// <param name="Include">The scenario's page, relative to the area page.</param>
public sealed record AreaSection(string Include);

/// <summary>The cross-machine page (<c>cross-machine.md.sbn</c>): a column per machine, a table per family.</summary>
/// <param name="Size">The payload size compared, as a label.</param>
/// <param name="PasswordHashes">Password hashes, which have no throughput at a size: per (algorithm, parameter set) the fastest raw hash.</param>
public sealed record CrossMachinePage(
    string Size, IReadOnlyList<MachineColumn> Machines, IReadOnlyList<CrossMachineFamily> Families, IReadOnlyList<CrossMachinePasswordRow> PasswordHashes);

/// <param name="Set">The set's name; <paramref name="Description"/> its values as the run that measured it first described them.</param>
/// <param name="Cells">Per machine, in the order of the columns: the median time and the provider, or "n/a".</param>
public sealed record CrossMachinePasswordRow(string Algorithm, string Set, string Description, IReadOnlyList<string> Cells);

/// <param name="Jobs">The jobs the machine's data comes from, each in backticks.</param>
/// <param name="Measured">The day, or first and last day, of the machine's runs.</param>
public sealed record MachineColumn(string Key, string Cpu, int LogicalCores, string IsaLevel, string Os, string Runtime, string Jobs, string Measured);

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
    /// The model of one area page. <paramref name="fragments"/> are the fragment file names present (e.g.
    /// <c>sha256.md</c>, <c>streaming.md</c>); <paramref name="algorithms"/> the machine's per-algorithm data. The
    /// scenarios' sections are rendered through <paramref name="stage"/>, whose scenarios and kinds decide what is shown.
    /// </summary>
    public static AreaPage Area(ReportStage stage, SiteArea area, string machineKey, IReadOnlyList<RunSummary> algorithms, IReadOnlySet<string> fragments)
    {
        var infos = AlgorithmsOf(algorithms, stage.Kinds)
            .Where(a => stage.Kinds.Named(a.Kind)?.SiteArea == area.Key && fragments.Contains(a.Slug + ".md"))
            .ToArray();
        var beside = stage.Scenarios.SelectMany(s => s.AlgorithmSiteFragments).ToArray();
        var sections = stage.Scenarios.SelectMany(s => s.AreaSiteFragments).Where(f => f.Area == area.Key && fragments.Contains(f.File)).ToArray();
        RenderedMarkdown[] Sections(AreaPlacement placement) => sections.Where(f => f.Placement == placement)
            // A section is a block: the area page puts the blank line before it and the line break after it.
            .Select(f => new RenderedMarkdown(stage.RenderTemplate(f.Template, new AreaSection(Include(f.File))).Trim('\n')))
            .ToArray();
        return new AreaPage(
            machineKey,
            infos.GroupBy(a => a.Family).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new AreaFamily(
                g.Key,
                g.OrderBy(a => a.Name, StringComparer.Ordinal)
                    .Select(a => new AreaAlgorithm(
                        a.Name,
                        Include(a.Slug + ".md"),
                        beside.Where(f => fragments.Contains(f.FileOf(a.Slug))).Select(f => new BesideInclude(f.Label, Include(f.FileOf(a.Slug)))).ToArray()))
                    .ToArray())).ToArray(),
            Sections(AreaPlacement.BeforeFamilies),
            Sections(AreaPlacement.AfterFamilies));
    }

    /// <summary>The algorithm kinds in the data that no area shows: each would be silently missing from the site.</summary>
    public static IReadOnlyList<string> UnshownKinds(IEnumerable<RunSummary> algorithms, KindPresentations kinds) =>
        AlgorithmsOf(algorithms, kinds).Select(a => a.Kind).Distinct()
            .Where(kind => kinds.Named(kind) is null)
            .Order(StringComparer.Ordinal)
            .ToArray();

    private static string Include(string fragment) => $"{FragmentFolder}/{fragment}";

    /// <summary>
    /// Per algorithm, the fastest provider's throughput on each machine at <see cref="FamilyOverview.LargeSize"/>, in its
    /// primary operation (as the highlights read it). <paramref name="machines"/> maps a machine key to its per-algorithm data.
    /// </summary>
    public static CrossMachinePage CrossMachine(IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines, KindPresentations kinds)
    {
        var keys = machines.Keys.Order(StringComparer.Ordinal).ToArray();
        var best = keys.ToDictionary(k => k, k => machines[k]
            .SelectMany(m => FamilyOverview.PrimaryRecords(m, kinds))
            .Where(r => r.SizeBytes == FamilyOverview.LargeSize)
            .GroupBy(r => r.Slug)
            .ToDictionary(g => g.Key, g => g.MinBy(r => r.MedianNs)!), StringComparer.Ordinal);
        var passwordKind = RunDescription.KindName(AlgorithmKind.PasswordHash);
        var algorithms = AlgorithmsOf(keys.SelectMany(k => machines[k]), kinds).Where(a => a.Kind != passwordKind).ToArray();

        return new CrossMachinePage(
            Format.Size(FamilyOverview.LargeSize),
            keys.Select(k =>
            {
                var run = machines[k].MaxBy(a => a.Run.Utc)!.Run;
                return new MachineColumn(
                    k,
                    run.Cpu,
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
                        ? $"{Format.Number(r.MbPerS, "N0")} (`{Format.ProviderLabel(r.Provider, r.Variant)}`)"
                        : "n/a").ToArray())).ToArray())).ToArray(),
            PasswordRows(keys, machines));
    }

    /// <summary>
    /// Per algorithm and parameter set measured on any machine, each machine's fastest raw hash (the operation every
    /// provider offers). Sets are matched by name: a named set has fixed values and a user's set is named by them.
    /// </summary>
    private static CrossMachinePasswordRow[] PasswordRows(string[] keys, IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines)
    {
        var hashes = keys.ToDictionary(k => k, k => machines[k].SelectMany(s => s.Results)
            .Where(r => r.Scenario == PasswordSelection.ScenarioName && r.Operation == PasswordOperationNames.HashTag && r.ParameterSet is not null)
            .ToArray(), StringComparer.Ordinal);
        var sets = keys.SelectMany(k => machines[k]).SelectMany(s => s.ParameterSets ?? []).DistinctBy(s => s.Name).ToArray();
        return keys.SelectMany(k => hashes[k])
            .Select(r => (r.Algorithm, Set: r.ParameterSet!))
            .Distinct()
            .OrderBy(p => p.Algorithm, StringComparer.Ordinal)
            .ThenBy(p => Array.FindIndex(sets, s => s.Name == p.Set))
            .Select(p => new CrossMachinePasswordRow(
                p.Algorithm,
                p.Set,
                sets.FirstOrDefault(s => s.Name == p.Set)?.Description ?? p.Set,
                keys.Select(k => hashes[k].Where(r => r.Algorithm == p.Algorithm && r.ParameterSet == p.Set).MinBy(r => r.MedianNs) is { } fastest
                    ? $"{Format.Time(fastest.MedianNs, Format.UnitFor(fastest.MedianNs))} {Format.UnitFor(fastest.MedianNs).Name} (`{Format.ProviderLabel(fastest.Provider, fastest.Variant)}`)"
                    : "n/a").ToArray()))
            .ToArray();
    }

    private static string MeasuredRange(IEnumerable<RunSummary> algorithms)
    {
        var days = algorithms.Select(a => a.Run.Utc.UtcDateTime.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture))
            .Distinct().Order(StringComparer.Ordinal).ToArray();
        return days.Length == 1 ? days[0] : $"{days[0]} to {days[^1]}";
    }
}
