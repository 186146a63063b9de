using CryptoHarness.Implementations;

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
/// a file that code names, its catalog entry) selects the families of the entries it reaches, and so every family when
/// it is shared by all of them (Providers.cs, InstructionSet.cs); anything else selects every family: the harness
/// itself, the contracts, Registry.cs, build and SDK settings, templates, and any file under implementations/ that no
/// entry claims (fail safe).
/// </summary>
public static class TouchedFamilies
{
    private static readonly string[] NoBenchmarkFolders = ["docs/", "reports/", "machine-specs/", "tests/", "scripts/"];

    private static readonly string[] NoBenchmarkTopFiles = [".gitignore", ".gitattributes", ".editorconfig", "LICENSE", "LICENSE.md", "LICENSE.txt"];

    /// <summary>The workflow that does the measuring: a change to it is exercised on every family.</summary>
    private const string BenchmarkWorkflow = ".github/workflows/benchmarks.yml";

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
            var providers = entries.Select(e => e.Provider.Key).Distinct().Order(StringComparer.Ordinal);
            return families.Length == allFamilies.Length
                ? All($"shared by every family ({entries.Count} entries)")
                : new TouchedFile(path, families, false, $"code of {entries.Count} entries ({string.Join(", ", providers)})");
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
