using CryptoHarness.Formatting;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.Golden;

/// <summary>
/// The site's area pages come from the kinds and the scenarios: each kind declares the area that shows its algorithms,
/// each scenario the pages of its own that the areas include, so a kind or a scenario added in its own files reaches
/// the site without an edit to the site model or to another's template.
/// </summary>
public sealed class SiteAreaTests
{
    private static readonly string CrossoverFixture = Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-crossover");

    private static string SiteTemplates => Path.Combine(ReportStage.DefaultTemplatesDirectory, "site");

    /// <summary>
    /// Every area a kind declares has its page template and its entry in the site's table of contents, and every area
    /// template is some kind's area, so no page is rendered that no kind fills.
    /// </summary>
    [Fact]
    public void Every_kind_has_an_area_with_a_template_and_a_toc_entry_and_every_area_template_shows_some_kind()
    {
        var areas = SiteModel.Areas(KindRegistry.Presentations);
        Assert.All(KindRegistry.All, kind => Assert.Contains(areas, a => a.Key == kind.SiteArea));
        using var committed = CommittedTree.Open();
        var toc = File.ReadAllText(committed.Combine("docs", "toc.yml"));
        foreach (var area in areas)
        {
            Assert.True(File.Exists(Path.Combine(ReportStage.DefaultTemplatesDirectory, area.Template)), $"area {area.Key} has no template {area.Template}");
            Assert.Contains($"href: {area.Page}", toc, StringComparison.Ordinal);
        }

        var templates = Directory.EnumerateFiles(SiteTemplates, "*.md.sbn").Select(f => Path.GetFileName(f)[..^".md.sbn".Length]);
        Assert.Equal(templates.Order(StringComparer.Ordinal), areas.Select(a => a.Key).Order(StringComparer.Ordinal));
    }

    /// <summary>A scenario's site pages go to an area some kind declares, through a template that exists.</summary>
    [Fact]
    public void Every_scenario_site_fragment_names_a_declared_area_and_an_existing_template()
    {
        var areas = SiteModel.Areas(KindRegistry.Presentations).Select(a => a.Key).ToArray();
        var fragments = ScenarioRegistry.Reports.SelectMany(r => r.AreaSiteFragments).ToArray();
        Assert.NotEmpty(fragments);
        foreach (var fragment in fragments)
        {
            Assert.Contains(fragment.Area, areas);
            Assert.True(File.Exists(Path.Combine(ReportStage.DefaultTemplatesDirectory, fragment.Template)), fragment.Template);
        }

        Assert.NotEmpty(ScenarioRegistry.Reports.SelectMany(r => r.AlgorithmSiteFragments));
    }

    /// <summary>
    /// docfx.json builds every report under <c>benchmarks/</c> as a page of its own, except the fragments pages include
    /// (the highlights, the machine spec, the cross-machine table and the scenarios' area sections): each would be a
    /// page no link or toc leads to, and an included one that became a page would be built twice.
    /// </summary>
    [Fact]
    public void DocFX_builds_every_report_as_a_page_but_the_fragments_that_pages_include()
    {
        using var committed = CommittedTree.Open();
        using var config = System.Text.Json.JsonDocument.Parse(File.ReadAllText(committed.Combine("docs", "docfx.json")));
        var content = Assert.Single(config.RootElement.GetProperty("build").GetProperty("content").EnumerateArray());
        Assert.Contains(content.GetProperty("files").EnumerateArray(), f => f.GetString() == $"{SiteModel.FragmentFolder}/*.md");
        var excluded = content.GetProperty("exclude").EnumerateArray().Select(e => e.GetString()!)
            .Where(e => e.StartsWith(SiteModel.FragmentFolder + "/", StringComparison.Ordinal));
        Assert.Equal(
            SiteModel.IncludedOnly(ScenarioRegistry.Reports).Select(f => $"{SiteModel.FragmentFolder}/{f}").Order(StringComparer.Ordinal),
            excluded.Order(StringComparer.Ordinal));
    }

    /// <summary>A kind the registry does not have, declared only in its own class (a test double), with its area.</summary>
    private sealed class SpongeKind(string area) : IKindPresentation
    {
        public string Name => "sponge";

        public string SiteArea => area;

        public string? Parameters(AlgorithmInfo algorithm) => $"{algorithm.OutputBytes}-byte squeeze.";

        public OperationLabel? Label(string operation) => operation == "squeeze" ? new(0, "") : null;
    }

    /// <summary>A scenario the registry does not have, declaring its site pages only in its own report.</summary>
    private sealed class SpongeScenarioReport : ScenarioReport
    {
        public override string Name => "sponge";

        public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning) => [];

        public override IReadOnlyList<AlgorithmSiteFragment> AlgorithmSiteFragments => [new("-absorb", "absorbing")];

        public override IReadOnlyList<AreaSiteFragment> AreaSiteFragments =>
            [new("sponge-overview.md", "hashes", AreaPlacement.AfterFamilies, "site/sections/sponge-overview.md.sbn")];
    }

    [Fact]
    public void A_kind_and_a_scenario_added_in_their_own_classes_reach_the_area_page()
    {
        using var folder = new TestFolder();
        var templates = folder.Combine("templates");
        CopyFolder(ReportStage.DefaultTemplatesDirectory, templates);
        File.WriteAllText(Path.Combine(templates, "site", "sections", "sponge-overview.md.sbn"), "## Sponges\n\n[!INCLUDE[Sponges]({{ include }})]\n");
        var kinds = new KindPresentations([.. KindRegistry.All, new SpongeKind("hashes")]);
        var stage = new ReportStage(templates, [.. ScenarioRegistry.Reports, new SpongeScenarioReport()], kinds);
        var summary = SummaryFile.Load(CrossoverFixture) with
        {
            Algorithms = [new AlgorithmInfo { Slug = "keccak-p", Name = "Keccak-p", Family = "Sponge", Kind = "sponge", OutputBytes = 64 }],
        };
        var fragments = new[] { "keccak-p.md", "keccak-p-absorb.md", "sponge-overview.md" }.ToDictionary(f => f, _ => "", StringComparer.Ordinal);

        Assert.Empty(SiteModel.UnshownKinds([summary], kinds));
        Assert.Equal(["sponge"], SiteModel.UnshownKinds([summary], KindRegistry.Presentations));
        var area = Assert.Single(SiteModel.Areas(kinds), a => a.Key == "hashes");
        var model = SiteModel.Area(stage, area, "machine", [summary], fragments);
        var page = stage.RenderTemplate(area.Template, model);

        // Its page (no chart or leader: the fixture measured no Keccak-p) and the scenario's page beside it, linked.
        Assert.Contains("\n## Sponge\n\n### Keccak-p\n\nFull tables: [Keccak-p](benchmarks/keccak-p.md); [absorbing](benchmarks/keccak-p-absorb.md).\n", page, StringComparison.Ordinal);
        Assert.EndsWith("\n\n## Sponges\n\n[!INCLUDE[Sponges](benchmarks/sponge-overview.md)]\n", page, StringComparison.Ordinal);
        var toc = stage.RenderTemplate(SiteModel.TocTemplate, new SiteToc([model]));
        Assert.Contains("- href: hashes.md\n  items:\n  - name: \"Sponge\"\n    items:\n    - name: \"Keccak-p\"\n      href: benchmarks/keccak-p.md\n"
            + "    - name: \"Keccak-p: absorbing\"\n      href: benchmarks/keccak-p-absorb.md\n", toc, StringComparison.Ordinal);
        Assert.Contains(SiteModel.IncludedOnly([new SpongeScenarioReport()]), f => f == "sponge-overview.md");

        // A kind opening an area of its own: the area is listed, and rendering it needs only its template.
        Assert.Contains(SiteModel.Areas(new KindPresentations([.. KindRegistry.All, new SpongeKind("sponges")])), a => a.Key == "sponges");
    }

    /// <summary>
    /// <c>{{ part 'name' }}</c> renders a part several pages share in the page's context: a value it prints is escaped
    /// once, as in the page itself; the part is found as a template is (the --templates folder, then the shipped one);
    /// a name that is rooted, climbs out of the folder or is no <c>.sbn</c> file fails at the call with its position.
    /// </summary>
    [Fact]
    public void A_part_renders_escaped_once_is_found_as_a_template_is_and_stays_inside_the_templates_folder()
    {
        using var folder = new TestFolder();
        Directory.CreateDirectory(folder.Combine("parts"));
        folder.WriteFile(Path.Combine("parts", "value.md.sbn"), "## Part\n\n{{ value }}\n");
        folder.WriteFile("outside.md.sbn", "outside\n");
        folder.WriteFile("page.md.sbn", "# Page\n\n{{ part 'parts/value.md.sbn' ~}}\nafter\n");
        var stage = new ReportStage(folder.Path, ScenarioRegistry.Reports, KindRegistry.Presentations);
        const string Hostile = "[x](https://example.com) <b>|";
        var model = new { Value = Hostile };

        Assert.Equal($"# Page\n\n## Part\n\n{MarkdownText.Escape(Hostile)}\nafter\n", stage.RenderTemplate("page.md.sbn", model));

        // A part this folder lacks is the shipped one, as a page template is.
        folder.WriteFile("shipped.md.sbn", "{{ part 'site/partials/fastest-note.md.sbn' }}");
        Assert.StartsWith("A \"Fastest\" line names", stage.RenderTemplate("shipped.md.sbn", model), StringComparison.Ordinal);

        foreach (var name in new[] { "../outside.md.sbn", "parts/../outside.md.sbn", folder.Combine("outside.md.sbn"), "parts/value.md", "parts//value.md.sbn" })
        {
            folder.WriteFile("bad.md.sbn", $"text\n{{{{ part '{name}' }}}}\n");
            var refused = Assert.Throws<TemplateException>(() => stage.RenderTemplate("bad.md.sbn", model));
            Assert.StartsWith($"{folder.Combine("bad.md.sbn")}(2,", refused.Message, StringComparison.Ordinal);
            Assert.Contains("a part is named by a relative path to a .sbn file inside the templates folder", refused.Message, StringComparison.Ordinal);
        }

        folder.WriteFile("missing.md.sbn", "{{ part 'parts/none.md.sbn' }}");
        var missing = Assert.Throws<TemplateException>(() => stage.RenderTemplate("missing.md.sbn", model));
        Assert.Contains("template not found", missing.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// A results file whose algorithm names a kind no kind has (hand-edited, or from a fork): its page renders, saying
    /// nothing of parameters; the site refuses it in one line naming the kind and the valid ones.
    /// </summary>
    [Fact]
    public void An_unknown_kind_renders_its_page_without_parameters_and_the_site_refuses_it_in_one_line()
    {
        using var folder = new TestFolder();
        var summary = SummaryFile.Load(CrossoverFixture);
        summary = summary with { Algorithms = [summary.Algorithms[0] with { Kind = "frobnicate" }] };
        var data = folder.Combine("reports", summary.Run.MachineKey, "data");
        SummaryFile.Write(summary, Path.Combine(data, "sha256.json"));

        var report = Cli.Run("report", "--results", data, "--out", folder.Combine("out"));
        Assert.Equal(0, report.ExitCode);
        var page = File.ReadAllText(folder.Combine("out", "sha256.md"));
        Assert.DoesNotContain("Parameters:", page, StringComparison.Ordinal);
        Assert.Contains("| Provider |", page, StringComparison.Ordinal);

        var site = Cli.Run("site", "--reports", folder.Combine("reports"), "--out", folder.Combine("docs"));
        var line = HostileResultsTests.BadInput(site);
        Assert.Equal("harness: No site page shows algorithm kind(s) frobnicate: no registered kind has that name. "
            + $"Valid kinds: {string.Join(", ", KindRegistry.All.Select(k => k.Name))} (a kind declares its site area in harness/Kinds/).", line);
        Assert.False(Directory.Exists(folder.Combine("docs")));
    }

    private static void CopyFolder(string source, string target)
    {
        foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories))
        {
            var destination = Path.Combine(target, Path.GetRelativePath(source, file));
            Directory.CreateDirectory(Path.GetDirectoryName(destination)!);
            File.Copy(file, destination);
        }
    }
}
