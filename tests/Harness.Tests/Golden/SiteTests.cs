using System.Globalization;
using System.Xml.Linq;
using CryptoHarness.Cli;
using CryptoHarness.Formatting;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;
using CryptoHarness.Selecting;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Tests.Golden;

/// <summary>
/// The documentation side: charts, statistical notes, cycles per byte, the merge of several machines' runs, the
/// cross-machine page, and the site's generated pages against DocFX's include rules (DocFX itself is not served by the
/// package source here, so the rules are checked on the markdown as Markdig parses it: every include a block include
/// that resolves, every fragment included, every link and image resolving relative to its file, fragments excluded from
/// the build).
/// </summary>
public sealed class SiteTests
{
    private static readonly string Fixture = Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick");
    private const string OtherMachine = "apple-m2-arm64-macos-net10";

    [Fact]
    public void Cycles_per_byte_are_the_median_time_times_the_recorded_clock_rate_over_the_size()
    {
        var summary = SummaryFile.Load(Fixture);
        var hertz = summary.Run.CpuFrequencyHz!.Value;
        var page = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary).Single(f => f.Name == "sha256.md").Content;

        foreach (var record in summary.Results)
        {
            var expected = (record.MedianNs * 1e-9 * hertz / record.SizeBytes).ToString("N2", CultureInfo.InvariantCulture);
            var table = TableOf(page, record.SizeBytes);
            var row = Assert.Single(table, r => r[0] == Format.ProviderLabel(record.Provider, record.Variant));
            Assert.Equal(expected, row[6]);
        }

        Assert.Contains($"× {hertz / 1e9:N3} × 10⁹ cycles/s ÷ 131,072 bytes; the clock rate is {summary.Run.CpuFrequencySource}", page, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_a_recorded_clock_rate_cycles_per_byte_are_n_a_and_the_note_says_why()
    {
        var summary = SummaryFile.Load(Fixture);
        summary = summary with { Run = summary.Run with { CpuFrequencyHz = null, CpuFrequencySource = null } };
        var page = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary).Single(f => f.Name == "sha256.md").Content;

        Assert.All(TableOf(page, 128), row => Assert.Equal("n/a", row[6]));
        Assert.Contains("Cycles/B: n/a, this run recorded no CPU clock rate.", page, StringComparison.Ordinal);
    }

    [Fact]
    public void A_row_is_flagged_when_its_CV_is_above_5_percent_its_samples_are_bimodal_or_its_rounds_disagree_and_shows_n_and_CV()
    {
        var record = SummaryFile.Load(Fixture).Results.First(r => r.SizeBytes == 131072);
        var steady = Enumerable.Range(0, 30).Select(i => 1000.0 + i % 3).ToArray();
        var bimodal = Enumerable.Range(0, 30).Select(i => i % 2 == 0 ? 1000.0 + i % 3 : 1600.0 + i % 3).ToArray();

        var calm = record with { MeanNs = 1000, StdDevNs = 10, SamplesNs = steady };
        var noisy = calm with { StdDevNs = 60 };
        var twoModes = calm with { SamplesNs = bimodal };

        Assert.Equal("", ReportModel.StatisticalWarning(calm));
        Assert.Equal("⚠ CV 6.0% > 5%", ReportModel.StatisticalWarning(noisy));
        Assert.StartsWith("⚠ bimodal (mValue ", ReportModel.StatisticalWarning(twoModes), StringComparison.Ordinal);
        Assert.Contains("CV 6.0% > 5%; bimodal", ReportModel.StatisticalWarning(noisy with { SamplesNs = bimodal }), StringComparison.Ordinal);

        // The rounds time the same calls at other moments: 1.2× apart is this machine's noise, 2× a change of load.
        InterleavedRecord Rounds(double ns) => new() { Table = "ab", NsPerCall = [ns, ns, ns], CallsPerRound = 10, AllocatedBytes = 0 };
        var calmMedian = calm with { MedianNs = 1000 };
        Assert.Equal("", ReportModel.StatisticalWarning(calmMedian with { Rounds = Rounds(1200) }));
        Assert.Equal("⚠ the rounds' median is 2.00× this median", ReportModel.StatisticalWarning(calmMedian with { Rounds = Rounds(2000) }));
        Assert.Equal("⚠ the rounds' median is 0.40× this median", ReportModel.StatisticalWarning(calmMedian with { Rounds = Rounds(400) }));

        var summary = SummaryFile.Load(Fixture);
        var page = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary).Single(f => f.Name == "sha256.md").Content;
        var first = summary.Results.First(r => r.SizeBytes == 128);
        var row = Assert.Single(TableOf(page, 128), r => r[0] == Format.ProviderLabel(first.Provider, first.Variant));
        Assert.Equal(first.N.ToString(CultureInfo.InvariantCulture), row[8]);
        Assert.Equal($"{first.StdDevNs!.Value / first.MeanNs * 100:N1}%", row[9]);
    }

    [Fact]
    public void The_chart_has_one_line_per_provider_in_its_legend_on_a_log_scale_of_payload_size()
    {
        var summary = SummaryFile.Load(Fixture);
        var chart = Assert.Single(ReportModel.Charts(summary, "sha256", KindRegistry.Presentations));
        Assert.Equal("charts/sha256.svg", chart.File);
        var svg = XDocument.Parse(chart.Svg).Root!;
        XNamespace ns = "http://www.w3.org/2000/svg";

        var series = svg.Descendants(ns + "g").Where(g => (string?)g.Attribute("class") == "series").ToArray();
        var providers = summary.Results.Select(r => r.Provider).Distinct().ToArray();
        Assert.Equal(providers.Length, series.Length);
        var legend = svg.Descendants(ns + "g").Where(g => (string?)g.Attribute("class") == "legend").Select(g => g.Element(ns + "text")!.Value).ToArray();
        Assert.Equal(series.Select(s => (string)s.Attribute("data-label")!), legend);

        foreach (var line in series)
        {
            var provider = summary.Results.First(r => Format.ProviderLabel(r.Provider, r.Variant) == (string)line.Attribute("data-label")!);
            var records = summary.Results.Where(r => r.Id == provider.Id).OrderBy(r => r.SizeBytes).ToArray();
            var points = ((string)line.Element(ns + "polyline")!.Attribute("points")!).Split(' ')
                .Select(p => p.Split(',').Select(v => double.Parse(v, CultureInfo.InvariantCulture)).ToArray()).ToArray();
            Assert.Equal(records.Length, points.Length);
            for (var i = 1; i < points.Length; i++)
            {
                // Log scale: horizontal distance per doubling of the payload is the same everywhere.
                var perDoubling = (points[i][0] - points[i - 1][0]) / Math.Log2((double)records[i].SizeBytes / records[i - 1].SizeBytes);
                var firstPerDoubling = (points[1][0] - points[0][0]) / Math.Log2((double)records[1].SizeBytes / records[0].SizeBytes);
                Assert.Equal(firstPerDoubling, perDoubling, 0.05);
            }

            // Linear y from zero: height above the axis is proportional to MB/s.
            var baseline = svg.Descendants(ns + "line").Where(l => (string?)l.Attribute("stroke") == "#333333" && (string?)l.Attribute("y1") == (string?)l.Attribute("y2"))
                .Select(l => double.Parse((string)l.Attribute("y1")!, CultureInfo.InvariantCulture)).Max();
            var scale = (baseline - points[^1][1]) / records[^1].MbPerS;
            for (var i = 0; i < points.Length; i++)
            {
                Assert.Equal(records[i].MbPerS * scale, baseline - points[i][1], 0.05);
            }
        }
    }

    [Fact]
    public void Merge_of_runs_from_two_machines_renders_each_machine_and_the_cross_machine_page()
    {
        using var folder = new TestFolder();
        var (first, second) = TwoMachineRuns(folder);
        var root = folder.Combine("repo");

        var result = Cli.Run("merge", "--runs", folder.Combine("runs"), "--out", root);

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("Merged 2 run(s) of 2 machine(s).", result.Out, StringComparison.Ordinal);
        foreach (var summary in new[] { first, second })
        {
            var key = summary.Run.MachineKey;
            Assert.True(File.Exists(Path.Combine(root, "reports", key, "sha256.md")), key);
            Assert.True(File.Exists(Path.Combine(root, "reports", key, "charts", "sha256.svg")), key);
            Assert.True(File.Exists(Path.Combine(root, "reports", key, "data", "sha256.json")), key);
            Assert.Contains(summary.Run.Cpu, File.ReadAllText(Path.Combine(root, "machine-specs", key + ".md")), StringComparison.Ordinal);
        }

        var page = File.ReadAllText(Path.Combine(root, "reports", SiteModel.CrossMachinePage));
        var keys = new[] { first.Run.MachineKey, second.Run.MachineKey }.Order(StringComparer.Ordinal).ToArray();
        Assert.Contains($"| Algorithm | {keys[0]} | {keys[1]} |", page, StringComparison.Ordinal);
        var expected = keys.Select(k => new[] { first, second }.Single(s => s.Run.MachineKey == k))
            .Select(s => s.Results.Where(r => r.SizeBytes == HighlightSizes.Default.LargeBytes).MinBy(r => r.MedianNs)!)
            .Select(r => $"{r.MbPerS.ToString("N0", CultureInfo.InvariantCulture)} (`{Format.ProviderLabel(r.Provider, r.Variant)}`)");
        Assert.Contains($"| SHA-256 | {string.Join(" | ", expected)} |", page, StringComparison.Ordinal);
    }

    [Fact]
    public void Password_hashes_are_compared_across_machines_per_set_by_their_fastest_raw_hash_not_listed_as_throughput()
    {
        var oneShot = SummaryFile.Load(Fixture);
        ParameterSetInfo Set(string name, int lanes) => new()
        {
            Name = name, Description = $"m=1024 KiB (1 MiB), t=1, p={lanes}, 32-byte tag", Source = "", Kind = "argon2", MemoryKib = 1024, Passes = 1, Lanes = lanes, TagBytes = 32,
        };
        ResultRecord Hash(string provider, string set, double medianNs, string operation = PasswordOperationNames.HashTag) => oneShot.Results[0] with
        {
            Id = $"argon2id/{provider}", Family = "Argon2", Algorithm = "Argon2id", Slug = "argon2id", Provider = provider, Variant = "",
            Scenario = PasswordSelection.ScenarioName, Operation = operation, ParameterSet = set, SizeBytes = 0, MedianNs = medianNs, MeanNs = medianNs,
        };
        var argon2 = new AlgorithmInfo { Slug = "argon2id", Name = "Argon2id", Family = "Argon2", Kind = "passwordhash", OutputBytes = 32 };
        var here = oneShot with
        {
            Algorithms = [argon2],
            ParameterSets = [Set("p1", 1), Set("p2", 2)],
            Results = [Hash("libsodium", "p1", 2_000_000), Hash("konscious", "p1", 3_000_000), Hash("konscious", "p2", 1_500_000), Hash("libsodium", "p2", 1_000, operation: PasswordOperationNames.VerifyRight)],
        };
        var there = here with
        {
            Run = here.Run with { MachineKey = OtherMachine },
            // p2 here is another set under the same name (two lanes on four passes' worth of memory): a row of its own.
            ParameterSets = [Set("p1", 1), Set("p2", 2) with { Description = "m=4096 KiB (4 MiB), t=1, p=2, 32-byte tag", MemoryKib = 4096 }],
            Results = [Hash("konscious", "p1", 900_000), Hash("konscious", "p2", 5_000_000)],
        };
        var machines = new Dictionary<string, IReadOnlyList<RunSummary>>
        {
            [here.Run.MachineKey] = [oneShot, here],
            [OtherMachine] = [there],
        };

        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        var page = SiteModel.CrossMachine(machines, stage.Kinds, stage.Scenarios);

        Assert.DoesNotContain(page.Families.SelectMany(f => f.Rows), r => r.Algorithm == "Argon2id");
        Assert.Contains(page.Families.SelectMany(f => f.Rows), r => r.Algorithm == "SHA-256");
        var keys = new[] { here.Run.MachineKey, OtherMachine }.Order(StringComparer.Ordinal).ToArray();
        string Cell(string machine, string text) => machine == here.Run.MachineKey ? text : "n/a";
        var section = Assert.Single(page.Sections);
        Assert.Equal(["Algorithm", "Set"], section.Columns);
        Assert.Equal(
            [
                ("Argon2id", "`p1`: m=1024 KiB (1 MiB), t=1, p=1, 32-byte tag", keys.Select(k => k == OtherMachine ? "900.00 μs (`konscious`)" : "2.00 ms (`libsodium`)").ToArray()),
                ("Argon2id", "`p2`: m=1024 KiB (1 MiB), t=1, p=2, 32-byte tag", keys.Select(k => Cell(k, "1.50 ms (`konscious`)")).ToArray()),
                ("Argon2id", "`p2`: m=4096 KiB (4 MiB), t=1, p=2, 32-byte tag", keys.Select(k => k == OtherMachine ? "5.00 ms (`konscious`)" : "n/a").ToArray()),
            ],
            section.Rows.Select(r => (r.Labels[0], r.Labels[1], r.Cells.ToArray())).ToArray());
    }

    [Fact]
    public void The_site_from_merged_runs_includes_every_algorithm_and_resolves_every_include_and_image()
    {
        using var folder = new TestFolder();
        var (first, _) = TwoMachineRuns(folder);
        var root = folder.Combine("repo");
        Assert.Equal(0, Cli.Run("merge", "--runs", folder.Combine("runs"), "--out", root).ExitCode);
        var docs = folder.Combine("docs");
        CopyHandWrittenDocs(docs);

        // A leaks run's page beside the algorithm pages is no fragment: no area page includes it.
        File.WriteAllText(Path.Combine(root, "reports", first.Run.MachineKey, LeakReport.FileName), "### Constant-time check\n");

        var ambiguous = Cli.Run("site", "--reports", Path.Combine(root, "reports"), "--out", docs);
        Assert.Equal(2, ambiguous.ExitCode);
        Assert.Contains("Valid machines: " + string.Join(", ", new[] { first.Run.MachineKey, OtherMachine }.Order(StringComparer.Ordinal)), ambiguous.Error, StringComparison.Ordinal);

        var result = Cli.Run("site", "--reports", Path.Combine(root, "reports"), "--machine", first.Run.MachineKey, "--out", docs);
        Assert.Equal(0, result.ExitCode);
        CheckSite(docs, ["sha256"]);
        Assert.False(File.Exists(Path.Combine(docs, SiteModel.FragmentFolder, LeakReport.FileName)));
        Assert.Contains("Full tables: [SHA-256](benchmarks/sha256.md)", File.ReadAllText(Path.Combine(docs, "hashes.md")), StringComparison.Ordinal);
        Assert.Contains("href: benchmarks/sha256.md", File.ReadAllText(Path.Combine(docs, "toc.yml")), StringComparison.Ordinal);
        Assert.Contains(OtherMachine, File.ReadAllText(Path.Combine(docs, SiteModel.FragmentFolder, SiteModel.CrossMachinePage)), StringComparison.Ordinal);
    }

    [Fact]
    public void The_committed_site_is_what_the_committed_reports_generate_and_keeps_DocFX_include_rules()
    {
        using var committed = CommittedTree.Open();
        var docs = committed.Combine("docs");
        var machines = CryptoHarness.Cli.Commands.SiteCommand.LoadMachines(committed.Combine("reports"));
        var slugs = machines.Values.SelectMany(m => m.SelectMany(a => a.Results)).Select(r => r.Slug).Distinct().ToArray();
        CheckSite(docs, slugs);

        // Regenerated from the committed reports, the area pages and fragments come out identical: none is kept by hand.
        using var folder = new TestFolder();
        var machine = File.ReadAllText(Path.Combine(docs, SiteModel.FragmentFolder, "machine-spec.md"));
        var key = machines.Keys.Single(k => machine.Contains($"| Machine | {k} |", StringComparison.Ordinal));
        Assert.Equal(0, Cli.Run("site", "--reports", committed.Combine("reports"), "--machine", key, "--out", folder.Path).ExitCode);
        foreach (var page in Directory.EnumerateFiles(folder.Path, "*.*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(folder.Path, page);
            Assert.True(File.Exists(Path.Combine(docs, relative)), $"docs/{relative} is generated but not committed");
            Assert.True(File.ReadAllText(page) == File.ReadAllText(Path.Combine(docs, relative)), $"docs/{relative} differs from what 'harness site' generates");
        }
    }

    [Fact]
    public void Every_registry_algorithm_with_a_committed_report_is_on_a_site_page()
    {
        using var committed = CommittedTree.Open();
        var docs = committed.Combine("docs");
        var toc = TocEntries(Path.Combine(docs, "toc.yml")).ToHashSet(StringComparer.Ordinal);
        var machine = File.ReadAllText(Path.Combine(docs, SiteModel.FragmentFolder, "machine-spec.md"));
        var key = Directory.EnumerateDirectories(committed.Combine("reports")).Select(Path.GetFileName)
            .Single(k => machine.Contains($"| Machine | {k} |", StringComparison.Ordinal))!;
        var reported = Implementations.Registry.Implementations.Select(i => i.Algorithm.Slug).Distinct()
            .Where(slug => File.Exists(committed.Combine("reports", key, slug + ".md")))
            .ToArray();

        Assert.NotEmpty(reported);
        Assert.All(reported, slug => Assert.Contains($"{SiteModel.FragmentFolder}/{slug}.md", toc));
    }

    [Theory]
    [InlineData("merge", "merge needs --runs")]
    [InlineData("merge --runs /nonexistent/runs", "/nonexistent/runs: no such folder")]
    [InlineData("site --reports /nonexistent/reports", "/nonexistent/reports: no machine folder with data/")]
    public void Bad_input_to_merge_and_site_is_one_line_and_exit_2(string commandLine, string start)
    {
        var result = Cli.Run(commandLine.Split(' '));
        Assert.Equal(2, result.ExitCode);
        Assert.StartsWith("harness: " + start, Assert.Single(result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries)), StringComparison.Ordinal);
    }

    /// <summary>
    /// The site's structure, read from the markdown as Markdig parses it (<see cref="DocfxMarkdown"/>), on any site folder
    /// (the committed one is also built by DocFX and opened in a browser: <see cref="Site.SiteBrowserTests"/>): docfx.json
    /// builds the top-level pages and the algorithms' reports as pages, and takes the charts as resources; every include is
    /// a block include (on its own line: an inline one would keep only the fragment's inline markup, dropping its headings
    /// and tables) of a fragment docfx.json keeps from being a page (<see cref="SiteModel.IncludedOnly"/>), and every such
    /// fragment is included; every relative link and image resolves from its own file's folder; every other report is an
    /// algorithm's page that an area page links and the table of contents lists; so is every algorithm in <paramref name="slugs"/>.
    /// </summary>
    private static void CheckSite(string docs, IReadOnlyList<string> slugs)
    {
        using var config = JsonDocument.Parse(File.ReadAllText(Path.Combine(docs, "docfx.json")));
        var build = config.RootElement.GetProperty("build");
        var content = Assert.Single(build.GetProperty("content").EnumerateArray().ToArray());
        var built = content.GetProperty("files").EnumerateArray().Select(e => e.GetString()).ToArray();
        Assert.Contains("*.md", built);
        Assert.Contains($"{SiteModel.FragmentFolder}/*.md", built);
        Assert.Contains($"{SiteModel.FragmentFolder}/charts/*.svg", build.GetProperty("resource").EnumerateArray().SelectMany(r => r.GetProperty("files").EnumerateArray()).Select(e => e.GetString()));

        var toc = TocEntries(Path.Combine(docs, "toc.yml")).ToHashSet(StringComparer.Ordinal);
        foreach (var entry in toc)
        {
            Assert.True(File.Exists(Path.Combine(docs, entry)), $"toc.yml names {entry}, which does not exist");
        }

        var fragments = Path.Combine(docs, SiteModel.FragmentFolder);
        var files = Directory.EnumerateFiles(docs, "*.md").Concat(Directory.EnumerateFiles(fragments, "*.md"));
        var linked = new HashSet<string>(StringComparer.Ordinal);
        foreach (var file in files)
        {
            var name = Path.GetRelativePath(docs, file).Replace('\\', '/');
            var document = DocfxMarkdown.Parse(File.ReadAllText(file));
            foreach (var include in document.InlineIncludes())
            {
                Assert.Fail($"{name}({include.Line + 1}): the include of {include.Path} shares its line with text, so DocFX would keep only its inline markup");
            }

            foreach (var link in document.Links())
            {
                if (DocfxMarkdown.LocalFile(link.Url) is { } target)
                {
                    var path = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(file)!, target));
                    Assert.True(File.Exists(path), $"{name}({link.Line + 1}): link to {link.Url} does not resolve from the file's folder");
                    if (Path.GetFullPath(Path.GetDirectoryName(file)!) == Path.GetFullPath(docs).TrimEnd(Path.DirectorySeparatorChar))
                    {
                        linked.Add(Path.GetRelativePath(docs, path).Replace('\\', '/'));
                    }
                }
            }
        }

        var includedOnly = SiteModel.IncludedOnly(ScenarioRegistry.Reports).Select(f => $"{SiteModel.FragmentFolder}/{f}").ToHashSet(StringComparer.Ordinal);
        var includes = IncludesOf(docs);
        foreach (var include in includes)
        {
            Assert.True(File.Exists(Path.Combine(docs, include.Target)), $"{include.Page}: include of missing {include.Target}");
            Assert.True(includedOnly.Contains(include.Target), $"{include.Page}: {include.Target} is an algorithm's page of its own: link it, do not include it");
        }

        var included = includes.Select(i => i.Target).ToHashSet(StringComparer.Ordinal);
        foreach (var fragment in Directory.EnumerateFiles(fragments, "*.md"))
        {
            var name = $"{SiteModel.FragmentFolder}/{Path.GetFileName(fragment)}";
            if (includedOnly.Contains(name))
            {
                Assert.True(included.Contains(name), $"{name} is included by no page");
            }
            else
            {
                Assert.True(linked.Contains(name), $"{name} is linked from no area page");
                Assert.True(toc.Contains(name), $"{name} is not in toc.yml");
            }
        }

        Assert.All(slugs, slug => Assert.Contains($"{SiteModel.FragmentFolder}/{slug}.md", linked));
    }

    /// <summary>An include, its target as a path from the site folder (resolved from the including page's folder).</summary>
    private sealed record Include(string Page, string Target);

    /// <summary>The block includes of the site's pages (the top-level markdown files docfx.json builds).</summary>
    private static List<Include> IncludesOf(string docs) =>
        Directory.EnumerateFiles(docs, "*.md")
            .SelectMany(page => DocfxMarkdown.Parse(File.ReadAllText(page)).BlockIncludes()
                .Select(i => new Include(Path.GetFileName(page), Path.GetRelativePath(docs, Path.GetFullPath(Path.Combine(Path.GetDirectoryName(page)!, i.Path))).Replace('\\', '/'))))
            .ToList();

    /// <summary>The <c>href</c> values of toc.yml, at every level (<c>- name:</c> / <c>href:</c> entries and their <c>items:</c>).</summary>
    private static IEnumerable<string> TocEntries(string toc) =>
        File.ReadLines(toc)
            .Select(line => line.Trim().TrimStart('-').TrimStart())
            .Where(line => line.StartsWith("href:", StringComparison.Ordinal))
            .Select(line => line["href:".Length..].Trim());

    /// <summary>The fixture as one machine's run, and a copy as a second machine (another key, every median halved).</summary>
    private static (RunSummary First, RunSummary Second) TwoMachineRuns(TestFolder folder)
    {
        var first = SummaryFile.Load(Fixture);
        var second = first with
        {
            Run = first.Run with { MachineKey = OtherMachine, Cpu = "Apple M2", InstructionSetLevel = "arm64", Os = "macOS 14.5", Utc = first.Run.Utc.AddHours(1) },
            Results = first.Results.Select(r => r with { MedianNs = r.MedianNs / 2, MeanNs = r.MeanNs / 2, MbPerS = r.MbPerS * 2 }).ToArray(),
        };
        SummaryFile.Write(first, folder.Combine("runs", "run-linux-x64", first.Run.MachineKey, "20261121T053752Z-quick", SummaryFile.FileName));
        SummaryFile.Write(second, folder.Combine("runs", "run-macos-arm64", OtherMachine, "20261121T063752Z-quick", SummaryFile.FileName));
        return (first, second);
    }

    /// <summary>The site's hand-written files as committed (whatever a local run did to the working tree).</summary>
    private static void CopyHandWrittenDocs(string docs)
    {
        using var committed = CommittedTree.Open();
        var source = committed.Combine("docs");
        Directory.CreateDirectory(docs);
        foreach (var name in new[] { "docfx.json", "toc.yml", "index.md", "machines.md" })
        {
            File.Copy(Path.Combine(source, name), Path.Combine(docs, name));
        }
    }

    /// <summary>The cells of the table under "## &lt;size&gt;" (one-operation page), provider first.</summary>
    private static List<string[]> TableOf(string page, int size)
    {
        var start = page.IndexOf($"\n## {Format.Size(size)} (", StringComparison.Ordinal);
        var end = page.IndexOf("\n## ", start + 1, StringComparison.Ordinal);
        var table = page[start..(end < 0 ? page.Length : end)];
        return table.Split('\n')
            .Where(l => l.StartsWith("| ", StringComparison.Ordinal) && !l.StartsWith("| Provider", StringComparison.Ordinal))
            .Select(l => l.Split('|')[1..^1].Select(c => c.Trim()).ToArray())
            .ToList();
    }
}
