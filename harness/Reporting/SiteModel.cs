using CryptoHarness.Formatting;
using CryptoHarness.Results;

namespace CryptoHarness.Reporting;

/// <summary>One page of the documentation site: its file under <c>docs/</c>, its template, and the kinds it shows.</summary>
public sealed record SiteArea(string Key, string Title, Func<string, bool> Shows)
{
    public string Page => Key + ".md";

    public string Template => $"site/{Key}.md.sbn";
}

/// <summary>An area page of the site (<c>templates/site/&lt;area&gt;.md.sbn</c>): an include per algorithm, by family.</summary>
/// <param name="Streaming">The streaming fragment's include path; null when there is none.</param>
/// <param name="Overview">The password-hashing overview's include path; null when there is none.</param>
public sealed record AreaPage(string Title, string MachineKey, IReadOnlyList<AreaFamily> Families, string? Streaming, string? Overview);

public sealed record AreaFamily(string Family, IReadOnlyList<AreaAlgorithm> Algorithms);

/// <param name="Include">The algorithm's fragment, relative to the page.</param>
/// <param name="Batch">Its batch fragment; null when there is none.</param>
public sealed record AreaAlgorithm(string Name, string Include, string? Batch);

/// <summary>The cross-machine page (<c>cross-machine.md.sbn</c>): a column per machine, a table per family.</summary>
/// <param name="Size">The payload size compared, as a label.</param>
public sealed record CrossMachinePage(string Size, IReadOnlyList<MachineColumn> Machines, IReadOnlyList<CrossMachineFamily> Families);

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

    /// <summary>The password-hashing overview the password report writes beside the algorithm pages.</summary>
    public const string PasswordOverview = "password-hashing.md";

    /// <summary>Every area by the algorithm kinds (<see cref="AlgorithmInfo.Kind"/>) it shows; a kind shown nowhere is an error.</summary>
    public static readonly IReadOnlyList<SiteArea> Areas =
    [
        new("hashes", "Hashes", kind => kind == "hash"),
        new("xofs-and-macs", "XOFs and MACs", kind => kind is "xof" or "mac"),
        new("aead", "AEAD", kind => kind == "aead"),
        new("password-hashing", "Password hashing", kind => kind.StartsWith("password", StringComparison.Ordinal)),
    ];

    /// <summary>
    /// The algorithms of a machine's data as the registry described them; for files written before summaries carried
    /// that description, from the records themselves, the kind read off the operation timed.
    /// </summary>
    public static IReadOnlyList<AlgorithmInfo> AlgorithmsOf(IEnumerable<RunSummary> algorithms) =>
        algorithms.SelectMany(a => a.Algorithms.Count > 0
                ? a.Algorithms
                : a.Results.Select(r => new AlgorithmInfo { Slug = r.Slug, Name = r.Algorithm, Family = r.Family, Kind = KindOf(r.Operation), OutputBytes = 0 }))
            .DistinctBy(a => a.Slug)
            .ToArray();

    private static string KindOf(string operation) => operation switch
    {
        "encrypt" or "decrypt" => "aead",
        "mac" => "mac",
        _ when operation.StartsWith("xof-", StringComparison.Ordinal) => "xof",
        _ => "hash",
    };

    /// <summary>
    /// The model of one area page. <paramref name="fragments"/> are the fragment file names present (e.g.
    /// <c>sha256.md</c>, <c>streaming.md</c>); <paramref name="algorithms"/> the machine's per-algorithm data.
    /// </summary>
    public static AreaPage Area(SiteArea area, string machineKey, IReadOnlyList<RunSummary> algorithms, IReadOnlySet<string> fragments)
    {
        var infos = AlgorithmsOf(algorithms).Where(a => area.Shows(a.Kind) && fragments.Contains(a.Slug + ".md")).ToArray();
        string? IncludeIfPresent(string fragment) => fragments.Contains(fragment) ? Include(fragment) : null;
        return new AreaPage(
            area.Title,
            machineKey,
            infos.GroupBy(a => a.Family).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => new AreaFamily(
                g.Key,
                g.OrderBy(a => a.Name, StringComparer.Ordinal)
                    .Select(a => new AreaAlgorithm(a.Name, Include(a.Slug + ".md"), IncludeIfPresent(a.Slug + "-batch.md")))
                    .ToArray())).ToArray(),
            IncludeIfPresent("streaming.md"),
            IncludeIfPresent(PasswordOverview));
    }

    /// <summary>The algorithm kinds in the data that no area shows: each would be silently missing from the site.</summary>
    public static IReadOnlyList<string> UnshownKinds(IEnumerable<RunSummary> algorithms) =>
        AlgorithmsOf(algorithms).Select(a => a.Kind).Distinct()
            .Where(kind => !Areas.Any(area => area.Shows(kind)))
            .Order(StringComparer.Ordinal)
            .ToArray();

    private static string Include(string fragment) => $"{FragmentFolder}/{fragment}";

    /// <summary>
    /// Per algorithm, the fastest provider's throughput on each machine at <see cref="FamilyOverview.LargeSize"/>, in its
    /// primary operation (as the highlights read it). <paramref name="machines"/> maps a machine key to its per-algorithm data.
    /// </summary>
    public static CrossMachinePage CrossMachine(IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines)
    {
        var keys = machines.Keys.Order(StringComparer.Ordinal).ToArray();
        var best = keys.ToDictionary(k => k, k => machines[k]
            .SelectMany(FamilyOverview.PrimaryRecords)
            .Where(r => r.SizeBytes == FamilyOverview.LargeSize)
            .GroupBy(r => r.Slug)
            .ToDictionary(g => g.Key, g => g.MinBy(r => r.MedianNs)!), StringComparer.Ordinal);
        var algorithms = AlgorithmsOf(keys.SelectMany(k => machines[k]));

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
                        : "n/a").ToArray())).ToArray())).ToArray());
    }

    private static string MeasuredRange(IEnumerable<RunSummary> algorithms)
    {
        var days = algorithms.Select(a => a.Run.Utc.UtcDateTime.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture))
            .Distinct().Order(StringComparer.Ordinal).ToArray();
        return days.Length == 1 ? days[0] : $"{days[0]} to {days[^1]}";
    }
}
