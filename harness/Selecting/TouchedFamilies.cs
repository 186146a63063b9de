namespace CryptoHarness.Selecting;

/// <summary>Why one changed file selects what it selects.</summary>
/// <param name="Families">The families it selects; every family when <paramref name="All"/>, none for documentation and tests.</param>
public sealed record TouchedFile(string Path, IReadOnlyList<string> Families, bool All, string Reason);

/// <summary>The families a pull request must measure: every family when any file selects all.</summary>
public sealed record TouchedSelection(IReadOnlyList<TouchedFile> Files, IReadOnlyList<string> Families, bool All)
{
    /// <summary><c>all</c>, <c>none</c>, or the families comma-separated, as <c>--family</c> takes them.</summary>
    public string Filter => All ? "all" : Families.Count == 0 ? "none" : string.Join(',', Families);
}

/// <summary>
/// Maps the files a change touches to the families whose measurements it can move. Rules, in order:
/// files that never reach a benchmark (docs/, reports/, machine-specs/, tests/, scripts/, markdown and git files at the
/// top, workflows other than the benchmark's) select none; a file of an implementation (its adapter, its managed code or
/// a file that code names, its catalog entry, its provider's file) selects the families of the entries it reaches, so a
/// file in one provider's folder selects that provider's families only (a family file: the families of the entries it
/// declares), and every family when it is shared by all of them (InstructionSet.cs); anything else selects every family:
/// the harness itself, the contracts, the registry's composition, build and SDK settings, templates, and any file under
/// implementations/ that no entry claims (fail safe). Each file's reason says which rule chose it.
/// </summary>
public static class TouchedFamilies
{
    private static readonly string[] NoBenchmarkFolders = ["docs/", "reports/", "machine-specs/", "tests/", "scripts/"];

    private static readonly string[] NoBenchmarkTopFiles = [".gitignore", ".gitattributes", ".editorconfig", "LICENSE", "LICENSE.md", "LICENSE.txt"];

    /// <summary>The workflow that does the measuring: a change to it is exercised on every family.</summary>
    private const string BenchmarkWorkflow = ".github/workflows/benchmarks.yml";

    /// <summary>The file that composes every provider's room into the registry.</summary>
    private const string RegistryFile = "implementations/Providers/Registry.cs";

    private const string ContractsFolder = "implementations/Providers/Contracts/";

    public static TouchedSelection Select(IEnumerable<string> changedFiles, SourceMap map, IReadOnlyList<IImplementation> registry)
    {
        var allFamilies = registry.Select(i => i.Algorithm.Family).Distinct().ToArray();
        var files = changedFiles
            .Select(f => f.Trim().Replace('\\', '/'))
            .Where(f => f.Length > 0)
            .Distinct(StringComparer.Ordinal)
            .Select(f => Classify(f, map, allFamilies))
            .ToArray();
        var all = files.Any(f => f.All);
        var selected = all ? allFamilies : allFamilies.Where(family => files.Any(f => f.Families.Contains(family))).ToArray();
        return new TouchedSelection(files, selected, all);
    }

    private static TouchedFile Classify(string path, SourceMap map, string[] allFamilies)
    {
        TouchedFile None(string reason) => new(path, [], false, reason);
        TouchedFile All(string reason) => new(path, allFamilies, true, reason);

        if (NoBenchmarkFolders.Any(folder => path.StartsWith(folder, StringComparison.Ordinal)))
        {
            return None("documentation, results or tests: no benchmarked code");
        }

        if (path.StartsWith(".github/", StringComparison.Ordinal))
        {
            return path == BenchmarkWorkflow ? All("the benchmark workflow itself") : None("repository automation, not the benchmark");
        }

        if (!path.Contains('/') && (path.EndsWith(".md", StringComparison.OrdinalIgnoreCase) || NoBenchmarkTopFiles.Contains(path, StringComparer.Ordinal)))
        {
            return None("documentation or repository settings: no benchmarked code");
        }

        var entries = map.EntriesOf(path);
        if (entries.Count > 0)
        {
            var families = allFamilies.Where(family => entries.Any(e => e.Algorithm.Family == family)).ToArray();
            var providers = entries.Select(e => e.Provider.Key).Distinct().Order(StringComparer.Ordinal).ToArray();
            var whose = providers.Length == 1 ? $"provider {providers[0]}" : $"providers {string.Join(", ", providers)}";
            var count = entries.Count == 1 ? "1 entry" : $"{entries.Count} entries";
            var what = Registry.Rooms.FirstOrDefault(r => SourceRoot.Relative(r.File) == path) is { } room
                ? $"the file of provider {room.Provider.Key} (its facts and its list of entries), {count}"
                : $"code of {count} of {whose}";
            return families.Length == allFamilies.Length
                ? All($"shared by every family ({count} of {whose})")
                : new TouchedFile(path, families, false, $"{what}, in {string.Join(", ", families)}");
        }

        if (path == RegistryFile)
        {
            return All("the registry's composition of every provider: every family");
        }

        if (path.StartsWith(ContractsFolder, StringComparison.Ordinal))
        {
            return All("the contracts every adapter and the harness build on: every family");
        }

        if (path.StartsWith("harness/", StringComparison.Ordinal))
        {
            return All("the harness measures every family");
        }

        if (path.StartsWith("implementations/", StringComparison.Ordinal))
        {
            return All("under implementations/ but no registry entry claims it: fail safe");
        }

        if (path.StartsWith("templates/", StringComparison.Ordinal))
        {
            return All("templates render every family's pages and the comparison");
        }

        return All("shared build or SDK setting, or a file no rule knows: fail safe");
    }
}
