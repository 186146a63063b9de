using System.CommandLine;
using CryptoHarness.Reporting;
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
    /// Report pages that are not site fragments: the index, and the pages a scenario or check keeps off the site
    /// (<see cref="ScenarioReport.PagesOffSite"/>: today the constant-time page).
    /// </summary>
    private static readonly HashSet<string> NotFragments = ["index.md", .. ScenarioRegistry.Reports.SelectMany(r => r.PagesOffSite)];

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
        // A page or chart that links out of the reports folder (to /etc/passwd, say) is refused, never copied into the site.
        foreach (var page in InputFile.Files(source, "*.md", recurse: false).Where(p => !NotFragments.Contains(Path.GetFileName(p))))
        {
            fragments.Add(new(FragmentName(page), InputFile.ReadAllText(page, reports, SummaryFile.MaxBytes)));
        }

        var charts = Path.Combine(source, "charts");
        if (Directory.Exists(charts))
        {
            fragments.AddRange(InputFile.Files(charts, "*.svg", recurse: false)
                .Select(c => new ReportStage.RenderedFile($"charts/{FragmentName(c)}", InputFile.ReadAllText(c, reports, SummaryFile.MaxBytes))));
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
        RemoveStale(docs, fragmentFolder, "*.md", names);
        RemoveStale(docs, fragmentFolder, "charts/*.svg", names);
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

        foreach (var folder in InputFile.Folders(reports))
        {
            if (!Directory.Exists(Path.Combine(folder, "data")))
            {
                continue;
            }

            // The folder's name becomes the machine's name on the site and in its paths: a name like any machine key.
            if (SummaryValidation.PathNameProblem(Path.GetFileName(folder)) is { } problem)
            {
                throw new UsageException($"{folder}: a machine folder whose name {problem}.");
            }

            var data = FamilyData.Load(Path.Combine(folder, "data")).Values.ToArray();
            if (data.Length > 0)
            {
                machines[Path.GetFileName(folder)] = data;
            }
        }

        return machines;
    }

    /// <summary>A report file's name as a site fragment's: a name like any other the harness writes.</summary>
    private static string FragmentName(string file)
    {
        var name = Path.GetFileName(file);
        return SummaryValidation.PathNameProblem(name) is { } problem
            ? throw new UsageException($"{file}: a report file whose name {problem}.")
            : name;
    }

    /// <summary>
    /// Removes the generated files no longer produced. The folder is confined as writes are (<see cref="OutputFolder.Resolve"/>:
    /// a linked <c>charts</c> or <c>benchmarks</c> that leads out of the site is refused), and a link found in it is
    /// removed itself, never what it points to.
    /// </summary>
    private static void RemoveStale(string docs, string folder, string pattern, HashSet<string> keep)
    {
        var directory = Path.Combine(folder, Path.GetDirectoryName(pattern) ?? "");
        OutputFolder.Resolve(docs, Path.Combine(directory, "x"));
        if (!Directory.Exists(directory))
        {
            return;
        }

        foreach (var file in InputFile.Files(directory, Path.GetFileName(pattern), recurse: false))
        {
            var name = Path.GetRelativePath(folder, file).Replace('\\', '/');
            if (!keep.Contains(name))
            {
                File.Delete(file);
            }
        }
    }
}
