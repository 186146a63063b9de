using System.CommandLine;
using CryptoHarness.Reporting;
using CryptoHarness.Results;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness site [--machine KEY] [--reports DIR] [--out DIR] [--templates DIR]</c>: refreshes the documentation site's generated parts from one machine's reports: the fragments in
/// <c>docs/benchmarks/</c> (each algorithm's report, a page of its own), the cross-machine fragment, the area pages that
/// lead to them, and the table of contents.
/// </summary>
internal static class SiteCommand
{
    /// <summary>
    /// Report pages that are not site fragments: the index, and the constant-time page, which no area page includes yet
    /// (an area of its own needs its page and an entry in docs/toc.yml), so the site's include check would fail on it.
    /// </summary>
    private static readonly HashSet<string> NotFragments = ["index.md", LeakReport.FileName];

    public static Command Create(HarnessConsole console)
    {
        var machineOption = new Option<string?>("--machine") { Description = "The machine whose reports feed the site; needed when several have reports.", HelpName = "KEY" };
        var reportsOption = new Option<string?>("--reports") { Description = "The reports folder (default: the repository's reports/).", HelpName = "DIR" };
        var output = HarnessOptions.Out("The site folder (default: the repository's docs/).");
        var templates = HarnessOptions.Templates();
        var command = new Command("site", "Refreshes the documentation site from one machine's reports: docs/benchmarks/, the cross-machine fragment and the area pages.")
        {
            machineOption, reportsOption, output, templates,
        };
        command.SetAction(parsed => Site(parsed.GetValue(machineOption), parsed.GetValue(reportsOption), parsed.GetValue(output), parsed.GetValue(templates), console.Out));
        return command;
    }

    private static int Site(string? machineKey, string? reportsFolder, string? output, string? templates, TextWriter stdout)
    {
        var root = RepositoryRoot.Find();
        var reports = reportsFolder ?? Path.Combine(root, "reports");
        var docs = output ?? Path.Combine(root, "docs");
        OutputFolder.CheckFolder(docs, "out");
        var machines = LoadMachines(reports);
        if (machines.Count == 0)
        {
            throw new UsageException($"{reports}: no machine folder with data/ here; run 'harness run' (or 'harness merge') first, or pass --reports.");
        }

        var machine = machineKey ?? (machines.Count == 1
            ? machines.Keys.Single()
            : throw new UsageException($"Several machines have reports; choose one with --machine. Valid machines: {string.Join(", ", machines.Keys.Order(StringComparer.Ordinal))}."));
        if (!machines.TryGetValue(machine, out var algorithms))
        {
            throw new UsageException($"Unknown machine '{machine}'. Valid machines: {string.Join(", ", machines.Keys.Order(StringComparer.Ordinal))}.");
        }

        var stage = ScenarioRegistry.Stage(templates ?? ReportStage.DefaultTemplatesDirectory);
        var areas = SiteModel.Areas(stage.Kinds);
        var unshown = SiteModel.UnshownKinds(algorithms, stage.Kinds);
        if (unshown.Count > 0)
        {
            throw new UsageException($"No site page shows algorithm kind(s) {string.Join(", ", unshown)}: no registered kind has that name. "
                + $"Valid kinds: {string.Join(", ", stage.Kinds.All.Select(k => k.Name))} (a kind declares its site area in harness/Kinds/).");
        }

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
        fragments.Add(new(SiteModel.MachineSpecPage, stage.RenderTemplate(ReportStage.MachineSpecTemplate, ReportModel.MachineSpec(newest.Run))));
        fragments.Add(new(SiteModel.CrossMachinePage, stage.RenderTemplate(SiteModel.CrossMachineTemplate, SiteModel.CrossMachine(machines, stage.Kinds, stage.Scenarios))));

        var names = fragments.Select(f => f.Name).ToHashSet(StringComparer.Ordinal);
        var texts = fragments.ToDictionary(f => f.Name, f => f.Content, StringComparer.Ordinal);
        var models = areas.Select(area => (Area: area, Model: SiteModel.Area(stage, area, machine, algorithms, texts))).ToArray();
        var pages = models
            .Select(a => new ReportStage.RenderedFile(a.Area.Page, stage.RenderTemplate(a.Area.Template, a.Model)))
            .Append(new ReportStage.RenderedFile(SiteModel.TocPage, stage.RenderTemplate(SiteModel.TocTemplate, new SiteToc(models.Select(a => a.Model).ToArray()))))
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

        stdout.WriteLine($"Site refreshed from {machine}: {fragments.Count(f => f.Name.EndsWith(".md", StringComparison.Ordinal))} fragments, {areas.Count} area pages and the table of contents.");
        return HarnessCli.Success;
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
