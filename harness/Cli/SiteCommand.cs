using CryptoHarness.Reporting;
using CryptoHarness.Results;

namespace CryptoHarness.Cli;

/// <summary>
/// <c>harness merge</c>: applies several runs (one per machine, as the matrix workflow uploads them) to
/// <c>reports/&lt;machine&gt;/</c> and <c>machine-specs/</c>, then renders the cross-machine page.
/// <c>harness site</c>: refreshes the documentation site's generated parts from one machine's reports: the fragments in
/// <c>docs/benchmarks/</c>, the cross-machine fragment, and the area pages that include them.
/// </summary>
public static class SiteCommand
{
    /// <summary>
    /// Report pages that are not site fragments: the index, and the constant-time page, which no area page includes yet
    /// (an area of its own needs its page and an entry in docs/toc.yml), so the site's include check would fail on it.
    /// </summary>
    private static readonly HashSet<string> NotFragments = ["index.md", Leaks.LeakReport.FileName];

    /// <summary>A folder of per-algorithm data (<c>reports/&lt;machine&gt;/data</c>) rather than a run folder.</summary>
    public static bool IsDataFolder(string path) =>
        Directory.Exists(path)
        && !File.Exists(Path.Combine(path, SummaryFile.FileName))
        && Directory.EnumerateFiles(path, "*.json").Any();

    public static int Merge(Arguments arguments, TextWriter stdout)
    {
        var runs = arguments.Value("runs") ?? throw new UsageException("merge needs --runs <folder holding the runs' summary.json files, at any depth>.");
        if (!Directory.Exists(runs))
        {
            throw new UsageException($"{runs}: no such folder; pass the folder the matrix jobs' runs were downloaded into.");
        }

        var root = arguments.Value("out") ?? RepositoryRoot.Find();
        OutputFolder.CheckFolder(root, "out");
        var summaries = Directory.EnumerateFiles(runs, SummaryFile.FileName, SearchOption.AllDirectories)
            .Select(SummaryFile.Load)
            .OrderBy(s => s.Run.Utc)
            .ToArray();
        if (summaries.Length == 0)
        {
            throw new UsageException($"{runs}: no {SummaryFile.FileName} below this folder; valid input is a folder of run folders written by 'harness run'.");
        }

        var stage = new ReportStage(arguments.Value("templates") ?? ReportStage.DefaultTemplatesDirectory);
        var written = new List<string>();
        // Oldest first: a later run of the same machine and algorithm replaces the earlier one's data, as a later
        // `harness run` would.
        foreach (var summary in summaries)
        {
            written.AddRange(HarnessCommand.WriteReports(stage, summary, null, root));
        }

        var reports = Path.Combine(root, "reports");
        var page = stage.RenderTemplate(SiteModel.CrossMachineTemplate, SiteModel.CrossMachine(LoadMachines(reports)));
        written.AddRange(ReportStage.Write([new(SiteModel.CrossMachinePage, page)], reports, root));
        foreach (var path in written)
        {
            stdout.WriteLine($"Wrote {path}");
        }

        // A run folder the matrix uploaded without its summary was interrupted: say so rather than skip it silently.
        foreach (var marker in Directory.EnumerateFiles(runs, SummaryFile.IncompleteMarker, SearchOption.AllDirectories).Order(StringComparer.Ordinal))
        {
            stdout.WriteLine($"Skipped {Path.GetDirectoryName(marker)}: the run did not finish (no {SummaryFile.FileName}).");
        }

        stdout.WriteLine($"Merged {summaries.Length} run(s) of {summaries.Select(s => s.Run.MachineKey).Distinct().Count()} machine(s).");
        return HarnessCommand.Success;
    }

    public static int Site(Arguments arguments, TextWriter stdout)
    {
        var root = RepositoryRoot.Find();
        var reports = arguments.Value("reports") ?? Path.Combine(root, "reports");
        var docs = arguments.Value("out") ?? Path.Combine(root, "docs");
        OutputFolder.CheckFolder(docs, "out");
        var machines = LoadMachines(reports);
        if (machines.Count == 0)
        {
            throw new UsageException($"{reports}: no machine folder with data/ here; run 'harness run' (or 'harness merge') first, or pass --reports.");
        }

        var machine = arguments.Value("machine") ?? (machines.Count == 1
            ? machines.Keys.Single()
            : throw new UsageException($"Several machines have reports; choose one with --machine. Valid machines: {string.Join(", ", machines.Keys.Order(StringComparer.Ordinal))}."));
        if (!machines.TryGetValue(machine, out var algorithms))
        {
            throw new UsageException($"Unknown machine '{machine}'. Valid machines: {string.Join(", ", machines.Keys.Order(StringComparer.Ordinal))}.");
        }

        var unshown = SiteModel.UnshownKinds(algorithms);
        if (unshown.Count > 0)
        {
            throw new UsageException($"No site page shows algorithm kind(s) {string.Join(", ", unshown)}; valid areas: "
                + $"{string.Join(", ", SiteModel.Areas.Select(a => a.Key))} (add the kind to SiteModel.Areas).");
        }

        var stage = new ReportStage(arguments.Value("templates") ?? ReportStage.DefaultTemplatesDirectory);
        var source = Path.Combine(reports, machine);
        var fragments = new List<ReportStage.RenderedFile>();
        foreach (var page in Directory.EnumerateFiles(source, "*.md").Where(p => !NotFragments.Contains(Path.GetFileName(p))))
        {
            fragments.Add(new(Path.GetFileName(page), File.ReadAllText(page)));
        }

        var charts = Path.Combine(source, "charts");
        if (Directory.Exists(charts))
        {
            fragments.AddRange(Directory.EnumerateFiles(charts, "*.svg").Select(c => new ReportStage.RenderedFile($"charts/{Path.GetFileName(c)}", File.ReadAllText(c))));
        }

        var newest = algorithms.MaxBy(a => a.Run.Utc)!;
        fragments.Add(new("machine-spec.md", stage.RenderTemplate(ReportStage.MachineSpecTemplate, ReportModel.MachineSpec(newest.Run))));
        fragments.Add(new(SiteModel.CrossMachinePage, stage.RenderTemplate(SiteModel.CrossMachineTemplate, SiteModel.CrossMachine(machines))));

        var names = fragments.Select(f => f.Name).ToHashSet(StringComparer.Ordinal);
        var pages = SiteModel.Areas
            .Select(area => new ReportStage.RenderedFile(area.Page, stage.RenderTemplate(area.Template, SiteModel.Area(area, machine, algorithms, names))))
            .ToArray();

        // Everything rendered: now replace the generated fragments, removing those no longer produced.
        var fragmentFolder = Path.Combine(docs, SiteModel.FragmentFolder);
        ReportStage.Paths(fragments, fragmentFolder, docs);
        ReportStage.Paths(pages, docs);
        RemoveStale(fragmentFolder, "*.md", names);
        RemoveStale(fragmentFolder, "charts/*.svg", names);
        var written = ReportStage.Write(fragments, fragmentFolder, docs).Concat(ReportStage.Write(pages, docs)).ToArray();
        foreach (var path in written)
        {
            stdout.WriteLine($"Wrote {path}");
        }

        stdout.WriteLine($"Site refreshed from {machine}: {fragments.Count(f => f.Name.EndsWith(".md", StringComparison.Ordinal))} fragments, {pages.Length} area pages.");
        return HarnessCommand.Success;
    }

    /// <summary>Every machine folder under <paramref name="reports"/> that has per-algorithm data, with that data.</summary>
    internal static Dictionary<string, IReadOnlyList<RunSummary>> LoadMachines(string reports)
    {
        var machines = new Dictionary<string, IReadOnlyList<RunSummary>>(StringComparer.Ordinal);
        if (!Directory.Exists(reports))
        {
            return machines;
        }

        foreach (var folder in Directory.EnumerateDirectories(reports).Order(StringComparer.Ordinal))
        {
            var data = FamilyData.Load(Path.Combine(folder, "data")).Values.ToArray();
            if (data.Length > 0)
            {
                machines[Path.GetFileName(folder)] = data;
            }
        }

        return machines;
    }

    private static void RemoveStale(string folder, string pattern, HashSet<string> keep)
    {
        var directory = Path.Combine(folder, Path.GetDirectoryName(pattern) ?? "");
        if (!Directory.Exists(directory))
        {
            return;
        }

        foreach (var file in Directory.EnumerateFiles(directory, Path.GetFileName(pattern)))
        {
            var name = Path.GetRelativePath(folder, file).Replace('\\', '/');
            if (!keep.Contains(name))
            {
                File.Delete(file);
            }
        }
    }
}
