using CryptoHarness.Formatting;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Reporting.Scenarios;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.Golden;

/// <summary>
/// The report stage against golden files. The fixture is a recorded quick run of SHA-256 (samples trimmed) with one
/// failed and one unsupported entry added to exercise those sections. To refresh the golden files after an intended
/// template change, run the tests with UPDATE_GOLDEN=1 and review the diff.
/// </summary>
public sealed class ReportTests
{
    private static readonly string Fixtures = Path.Combine(AppContext.BaseDirectory, "Fixtures");

    [Fact]
    public void A_relative_out_folder_gets_the_data_in_its_own_data_folder()
    {
        // Relative to the working directory, with no "..": the form a user types (reports/<machine>).
        var relative = Path.Combine($"relative-out-{Guid.NewGuid():N}", "pages");
        var absolute = Path.GetFullPath(relative);
        try
        {
            var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));

            var written = ReportWriter.Write(ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory), summary, relative, root: absolute);

            Assert.True(File.Exists(Path.Combine(absolute, "data", "sha256.json")), string.Join("\n", written));
            Assert.All(written, path => Assert.StartsWith(absolute + Path.DirectorySeparatorChar, path, StringComparison.Ordinal));
            Assert.False(Directory.Exists(Path.Combine(absolute, relative)));
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(absolute)!, recursive: true);
        }
    }

    [Fact]
    public void A_relative_out_folder_given_to_report_is_taken_from_the_working_directory_once()
    {
        var relative = Path.Combine($"relative-cli-{Guid.NewGuid():N}", "pages");
        var absolute = Path.GetFullPath(relative);
        try
        {
            var result = Cli.Run("report", "--results", Path.Combine(Fixtures, "sha256-quick"), "--out", relative).Succeeded();
            Assert.True(File.Exists(Path.Combine(absolute, "data", "sha256.json")));
            Assert.False(Directory.Exists(Path.Combine(absolute, relative)));
        }
        finally
        {
            Directory.Delete(Path.GetDirectoryName(absolute)!, recursive: true);
        }
    }

    [Theory]
    [InlineData("sha256.md")]
    [InlineData("machine-spec.md")]
    [InlineData("index.md")]
    [InlineData("highlights.md")]
    [InlineData("charts/sha256.svg")]
    public void Rendering_the_fixture_matches_the_golden_file(string name)
    {
        using var folder = new TestFolder();
        var result = Cli.Run("report", "--results", Path.Combine(Fixtures, "sha256-quick"), "--out", folder.Path);
        Assert.Equal(0, result.ExitCode);

        var actual = File.ReadAllText(folder.Combine(name));
        var golden = Path.Combine(Fixtures, "golden", name);
        if (Environment.GetEnvironmentVariable("UPDATE_GOLDEN") == "1")
        {
            var source = Path.Combine(SourceDirectory(), "Fixtures", "golden", name);
            Directory.CreateDirectory(Path.GetDirectoryName(source)!);
            File.WriteAllText(source, actual);
            return;
        }

        Assert.Equal(File.ReadAllText(golden), actual);
    }

    [Fact]
    public void A_run_of_one_family_keeps_the_other_families_in_the_index_and_highlights()
    {
        using var folder = new TestFolder();
        var other = folder.Combine("other-summary.json");
        var json = File.ReadAllText(Path.Combine(Fixtures, "sha256-quick", "summary.json"));
        File.WriteAllText(other, json
            .Replace("\"family\": \"SHA-2\"", "\"family\": \"Other\"", StringComparison.Ordinal)
            .Replace("\"slug\": \"sha256\"", "\"slug\": \"other256\"", StringComparison.Ordinal));

        Assert.Equal(0, Cli.Run("report", "--results", Path.Combine(Fixtures, "sha256-quick"), "--out", folder.Path).ExitCode);
        Assert.Equal(0, Cli.Run("report", "--results", other, "--out", folder.Path).ExitCode);

        Assert.True(File.Exists(folder.Combine("data", "sha256.json")));
        var index = File.ReadAllText(folder.Combine("index.md"));
        Assert.Contains("### SHA-2", index, StringComparison.Ordinal);
        Assert.Contains("### Other", index, StringComparison.Ordinal);
        var highlights = File.ReadAllText(folder.Combine("highlights.md"));
        Assert.Contains("| SHA-2 |", highlights, StringComparison.Ordinal);
        Assert.Contains("| Other |", highlights, StringComparison.Ordinal);
    }

    [Fact]
    public void Highlights_ratios_are_the_ratio_of_medians_from_the_results()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var at = summary.Results.Where(r => r.SizeBytes == HighlightSizes.Default.LargeBytes).ToDictionary(r => r.Provider, r => r.MedianNs);
        var model = FamilyOverview.Highlights([summary], KindRegistry.Presentations);
        var row = Assert.Single(model.Rows);
        var insight = row.Insight;

        // One algorithm, so the geometric mean is the plain ratio: bouncycastle's median over managed's.
        var ratio = at["bouncycastle"] / at["managed"];
        var expected = ratio >= 1 ? $"{ratio:N2}× faster" : $"{1 / ratio:N2}× slower";
        Assert.Contains($"`managed` vs `bouncycastle`: {expected}", insight, StringComparison.Ordinal);
        var fastest = at.MinBy(p => p.Value).Key;
        Assert.StartsWith($"`{fastest}` at 128 KiB (1 of 1)", row.Leader, StringComparison.Ordinal);
    }

    [Fact]
    public void A_family_whose_algorithms_came_from_several_runs_lists_every_job_and_commit_and_the_span()
    {
        // A run of one algorithm replaces that algorithm's data only: the family is then two runs, not the newest one.
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var later = summary with
        {
            Run = summary.Run with { GitCommit = "later", Job = "default", Utc = summary.Run.Utc.AddHours(2) },
            Results = [.. summary.Results.Select(r => r with { Slug = "sha256-again", Algorithm = "SHA-256 again" })],
            Failures = [],
            Unsupported = [],
        };
        string Stamp(DateTimeOffset utc) => utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm 'UTC'", System.Globalization.CultureInfo.InvariantCulture);

        var run = Assert.Single(FamilyOverview.Highlights([later, summary], KindRegistry.Presentations).Runs);
        Assert.Equal([summary.Run.Job, "default"], run.Jobs);
        Assert.Equal([summary.Run.GitCommit, "later"], run.GitCommits);
        Assert.Equal($"{Stamp(summary.Run.Utc)} to {Stamp(later.Run.Utc)}", run.Utc);
        var indexed = Assert.Single(FamilyOverview.Index([later, summary], "spec.md", KindRegistry.Presentations).Families).Runs;
        Assert.Equal(run.Jobs, indexed.Jobs);
        Assert.Equal(run.GitCommits, indexed.GitCommits);
        Assert.Equal(run.Utc, indexed.Utc);

        // One run: one job, one commit, one time.
        var alone = Assert.Single(FamilyOverview.Highlights([summary], KindRegistry.Presentations).Runs);
        Assert.Equal([summary.Run.Job], alone.Jobs);
        Assert.Equal([summary.Run.GitCommit], alone.GitCommits);
        Assert.Equal(Stamp(summary.Run.Utc), alone.Utc);
    }

    [Fact]
    public void Highlights_call_a_ratio_that_rounds_to_one_level_and_give_it_three_decimals()
    {
        // bouncycastle's medians made 0.3% faster than managed's at every size: "1.00× slower" would say nothing.
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var managed = summary.Results.Where(r => r.Provider == "managed").GroupBy(r => r.SizeBytes).ToDictionary(g => g.Key, g => g.Min(r => r.MedianNs));
        var level = summary with
        {
            Results = [.. summary.Results.Select(r => r.Provider == "bouncycastle" ? r with { MedianNs = managed[r.SizeBytes] * 0.997 } : r)],
        };
        var insight = Assert.Single(FamilyOverview.Highlights([level], KindRegistry.Presentations).Rows).Insight;
        Assert.Contains("`managed` vs `bouncycastle`: level (0.997×)", insight, StringComparison.Ordinal);
        Assert.DoesNotContain("1.00×", insight, StringComparison.Ordinal);
    }

    /// <summary>
    /// The highlights compare our code with the providers by the roles and at the sizes the run recorded, not by today's
    /// registry: a file that says bouncycastle was "other" and the sizes were 8 KiB and 1 KiB renders so; one that records
    /// neither (written before they were) renders by the registry and the default sweep's sizes, as it always did.
    /// </summary>
    [Fact]
    public void Highlights_read_the_roles_and_sizes_the_run_recorded_and_fall_back_to_the_registry_and_defaults()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        Assert.Null(summary.Run.ProviderRoles);
        var today = Assert.Single(FamilyOverview.Highlights([summary], KindRegistry.Presentations).Rows);
        Assert.Contains("`managed` vs `bouncycastle`", today.Insight, StringComparison.Ordinal);
        Assert.StartsWith("At 128 KiB: ", today.Insight, StringComparison.Ordinal);

        var recorded = summary with
        {
            Run = summary.Run with
            {
                ProviderRoles = RecordedRoles.Record(Implementations.Registry.Providers)
                    .ToDictionary(r => r.Key, r => r.Key == "bouncycastle" ? "other" : r.Value),
                HighlightSizes = new HighlightSizes(8192, 1024),
            },
        };
        var page = FamilyOverview.Highlights([recorded], KindRegistry.Presentations);
        var row = Assert.Single(page.Rows);
        Assert.DoesNotContain("`managed` vs `bouncycastle`", row.Insight, StringComparison.Ordinal);
        Assert.StartsWith("At 8 KiB: ", row.Insight, StringComparison.Ordinal);
        Assert.Equal(("8 KiB", "1 KiB"), (page.Large, page.Small));
    }

    [Fact]
    public void A_run_records_every_selected_providers_role_in_registry_order_and_the_highlight_sizes()
    {
        var selected = Implementations.Registry.Implementations.Where(i => i.Algorithm.Slug == "sha256").ToArray();
        var run = RunDescription.Run(selected, "dry", "dry", Path.GetTempPath(), DateTimeOffset.UnixEpoch);
        var keys = selected.Select(i => i.Provider.Key).ToHashSet(StringComparer.Ordinal);
        Assert.Equal(Implementations.Registry.Providers.Where(p => keys.Contains(p.Key)).Select(p => p.Key), run.ProviderRoles!.Keys);
        Assert.All(run.ProviderRoles!, r => Assert.Equal(Implementations.Registry.Providers.Single(p => p.Key == r.Key).Role, RecordedRoles.Names[r.Value]));

        // Written and read back, the roles keep the registry's order: the highlights compare in it within a role.
        var json = System.Text.Json.JsonSerializer.Serialize(run with { ProviderRoles = RecordedRoles.Record(Implementations.Registry.Providers) }, SummaryFile.Options);
        var read = System.Text.Json.JsonSerializer.Deserialize<RunInfo>(json, SummaryFile.Options)!;
        Assert.Equal(Implementations.Registry.Providers.Select(p => p.Key), read.ProviderRoles!.Keys);
        Assert.Equal(HighlightSizes.Default, run.HighlightSizes);
        Assert.Equal((131072, 128), (HighlightSizes.Default.LargeBytes, HighlightSizes.Default.SmallBytes));
    }

    /// <summary>
    /// An algorithm's hardware note (SHA-256's, on the SHA extensions) is recorded only for a run on a machine that has
    /// the instruction set, and a page prints it only where the run recorded it.
    /// </summary>
    [Fact]
    public void A_hardware_note_is_recorded_and_printed_only_for_a_machine_that_has_the_instruction_set()
    {
        var sha = new Dictionary<string, bool>(StringComparer.Ordinal) { ["SHA"] = true };
        var noSha = new Dictionary<string, bool>(StringComparer.Ordinal) { ["SHA"] = false };
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.Sha256, 0, noSha).HardwareNote);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.Sha256, 0).HardwareNote);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.Sha512, 0, sha).HardwareNote);
        var recorded = RunDescription.Algorithm(Implementations.Algorithms.Sha256, 0, sha).HardwareNote;
        if (System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture != System.Runtime.InteropServices.Architecture.X64)
        {
            // The sentence is about the x86 extensions; an Arm CPU's SHA instructions are another matter.
            Assert.Null(recorded);
            return;
        }

        Assert.NotNull(recorded);
        Assert.Contains("SHA-NI", recorded, StringComparison.Ordinal);
        Assert.Equal(recorded, RunDescription.Algorithm(Implementations.Algorithms.Sha1, 0, sha).HardwareNote);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.Md5, 0, sha).HardwareNote);

        // AES-GCM's note is VAES's: recorded where the CPU has VAES, whatever its SHA.
        var vaes = new Dictionary<string, bool>(StringComparer.Ordinal) { ["VAES"] = true, ["SHA"] = false };
        Assert.Contains("VAES", RunDescription.Algorithm(Implementations.Algorithms.Aes128Gcm, 0, vaes).HardwareNote, StringComparison.Ordinal);
        Assert.NotNull(RunDescription.Algorithm(Implementations.Algorithms.Aes256Gcm, 0, vaes).HardwareNote);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.Aes128Gcm, 0, sha).HardwareNote);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.ChaCha20Poly1305, 0, vaes).HardwareNote);

        // ChaCha20-Poly1305's is AVX-512 IFMA's (OpenSSL's Poly1305); XChaCha20-Poly1305, which `os` lacks, has none.
        var ifma = new Dictionary<string, bool>(StringComparer.Ordinal) { ["AVX-512 IFMA"] = true };
        Assert.Contains("IFMA", RunDescription.Algorithm(Implementations.Algorithms.ChaCha20Poly1305, 0, ifma).HardwareNote, StringComparison.Ordinal);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.XChaCha20Poly1305, 0, ifma).HardwareNote);
        Assert.Null(RunDescription.Algorithm(Implementations.Algorithms.Aes128Gcm, 0, ifma).HardwareNote);

        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        string Page(RunSummary run) => stage.Render(run).Single(f => f.Name == "sha256.md").Content;
        Assert.DoesNotContain("**Hardware:**", Page(summary), StringComparison.Ordinal);
        // The fixture predates algorithm records; the run's own record of SHA-256 is what a run on this machine writes.
        Assert.Empty(summary.Algorithms);
        var withoutNote = summary with { Algorithms = [RunDescription.Algorithm(Implementations.Algorithms.Sha256, 0, noSha)] };
        var withNote = summary with { Algorithms = [RunDescription.Algorithm(Implementations.Algorithms.Sha256, 0, sha)] };
        Assert.DoesNotContain("**Hardware:**", Page(withoutNote), StringComparison.Ordinal);
        Assert.Contains($"> **Hardware:** {recorded}", Page(withNote), StringComparison.Ordinal);
    }

    [Fact]
    public void Same_inputs_give_byte_identical_output()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        var first = stage.Render(summary);
        var second = stage.Render(summary);
        Assert.Equal(first, second);
    }

    [Fact]
    public void Tables_are_fastest_first_with_one_unit_and_zero_allocation_as_0_B()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var page = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary).Single(f => f.Name == "sha256.md").Content;

        Assert.Contains("\n## 128 KiB (131,072 bytes)", page, StringComparison.Ordinal);
        Assert.DoesNotContain(" KB", page, StringComparison.Ordinal);
        var table = page[page.IndexOf("\n## 128 B", StringComparison.Ordinal)..page.IndexOf("\n## 1 KiB", StringComparison.Ordinal)];
        var rows = table.Split('\n').Where(l => l.StartsWith("| ", StringComparison.Ordinal) && !l.StartsWith("| Provider", StringComparison.Ordinal)).ToArray();
        Assert.Equal(4, rows.Length);
        Assert.Contains("| 1.00 |", rows[0], StringComparison.Ordinal);
        Assert.All(rows, r => Assert.Equal("0 B", r.Split('|')[8].Trim()));
        var ratios = rows.Select(r => double.Parse(r.Split('|')[5], System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        Assert.Equal(ratios.Order(), ratios);
        Assert.Contains("**FAILED**", page, StringComparison.Ordinal);
        Assert.Contains("sha256/example-native", page, StringComparison.Ordinal);
    }

    [Fact]
    public void Tables_with_interleaved_rounds_are_ordered_by_them_and_the_closing_note_says_so()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        string Page(RunSummary run) => stage.Render(run).Single(f => f.Name == "sha256.md").Content;

        IReadOnlyList<ResultRecord> Rounded(Func<ResultRecord, bool> which) => WithReversingRounds(summary.Results, which);

        Assert.Contains("Fastest first, by median. Ratio is median ÷ the fastest median", Page(summary), StringComparison.Ordinal);

        var all = Page(summary with { Results = Rounded(_ => true) });
        Assert.Contains("Fastest first, by the Ratio column, which comes from the interleaved rounds", all, StringComparison.Ordinal);
        Assert.DoesNotContain("Fastest first, by median", all, StringComparison.Ordinal);
        var table = all[all.IndexOf("\n## 128 B", StringComparison.Ordinal)..all.IndexOf("\n## 1 KiB", StringComparison.Ordinal)];
        var medians = table.Split('\n').Where(l => l.StartsWith("| ", StringComparison.Ordinal) && !l.StartsWith("| Provider", StringComparison.Ordinal))
            .Select(l => double.Parse(l.Split('|')[3], System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        Assert.Equal(medians.OrderDescending(), medians);

        var smallest = summary.Results.Min(r => r.SizeBytes);
        var mixed = Page(summary with { Results = Rounded(r => r.SizeBytes == smallest) });
        Assert.Contains("Fastest first: by the Ratio column where a table's line says its ratios come from interleaved rounds", mixed, StringComparison.Ordinal);
    }

    [Fact]
    public void The_index_and_the_highlights_name_the_row_the_rounds_put_first()
    {
        // A second managed variant, fastest of all by its median but slowest in every round: the rounds, which order
        // the page, must also pick each provider's variant and the leader, or the index and the highlights name a row
        // the page puts last.
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var fastestMedian = summary.Results.GroupBy(r => r.SizeBytes).ToDictionary(g => g.Key, g => g.Min(r => r.MedianNs));
        var lure = summary.Results.Where(r => r.Provider == "managed")
            .Select(r => r with { Variant = "lure", Id = r.Id + "-lure", MedianNs = fastestMedian[r.SizeBytes] / 2 });
        var rounded = summary with
        {
            Results = WithReversingRounds([.. summary.Results, .. lure], _ => true),
            Algorithms = [new AlgorithmInfo { Slug = "sha256", Name = "SHA-256", Family = "SHA-2", Kind = "hash", OutputBytes = 32 }],
        };
        var large = HighlightSizes.Default.LargeBytes;
        var firstOnPage = TableRatio.FastestFirst(rounded.Results.Where(r => r.SizeBytes == large))[0];
        Assert.Equal(("managed", "scalar"), (firstOnPage.Provider, firstOnPage.Variant));

        var row = Assert.Single(FamilyOverview.Highlights([rounded], KindRegistry.Presentations).Rows);
        Assert.StartsWith("`managed` at 128 KiB (1 of 1)", row.Leader, StringComparison.Ordinal);
        var indexed = Assert.Single(Assert.Single(FamilyOverview.Index([rounded], "spec.md", KindRegistry.Presentations).Families).Algorithms);
        Assert.StartsWith("managed (scalar), ", indexed.Leader, StringComparison.Ordinal);
    }

    /// <summary>
    /// The records chosen by <paramref name="which"/> given interleaved rounds that reverse their table's medians: the
    /// slowest median is the fastest in every round.
    /// </summary>
    private static IReadOnlyList<ResultRecord> WithReversingRounds(IReadOnlyList<ResultRecord> results, Func<ResultRecord, bool> which) =>
        [.. results.Select(r => !which(r) ? r : r with
        {
            Rounds = new InterleavedRecord
            {
                Table = $"t{r.SizeBytes}",
                NsPerCall = Enumerable.Repeat(1000.0 / (1 + results.Count(o => o.SizeBytes == r.SizeBytes && o.MedianNs < r.MedianNs)), 5).ToArray(),
                CallsPerRound = 10,
                AllocatedBytes = 0,
            },
        })];

    /// <summary>A syntax error, a misspelt variable, and a misspelt member of a row inside a loop.</summary>
    [Theory]
    [InlineData("### {{ algorithm }}\n\n{{ for table in tables }}\n{{ if }}\n{{ end }}\n{{ end }}\n", "(4,7)", "Expecting <expression>")]
    [InlineData("### {{ algorithmm }}\n", "(1,8)", "`algorithmm` was not found")]
    [InlineData("### {{ algorithm }}\n{{ for table in tables }}\n\n#### {{ table.titel }}\n{{ end }}\n", "(4,15)", "titel")]
    public void A_template_error_is_one_line_naming_file_line_and_column_and_writes_nothing(string template, string position, string message)
    {
        using var folder = new TestFolder();
        var result = RenderWithAlgorithmTemplate(folder, template);

        var line = HostileResultsTests.BadInput(result);
        Assert.StartsWith($"harness: {folder.Combine("templates", OneShotReport.AlgorithmTemplate)}{position}: ", line, StringComparison.Ordinal);
        Assert.Contains(message, line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Theory]
    [InlineData(128, "128 B")]
    [InlineData(1024, "1 KiB")]
    [InlineData(131072, "128 KiB")]
    [InlineData(1500, "1,500 B")]
    [InlineData(64L << 20, "64 MiB")]
    public void Sizes_are_labelled_in_binary_units(long bytes, string label) => Assert.Equal(label, Format.Size(bytes));

    /// <summary>Renders the fixture with the real machine-spec template and the given algorithm template.</summary>
    private static Cli.Result RenderWithAlgorithmTemplate(TestFolder folder, string algorithmTemplate)
    {
        var templates = folder.Combine("templates");
        Directory.CreateDirectory(templates);
        File.Copy(Path.Combine(ReportStage.DefaultTemplatesDirectory, ReportStage.MachineSpecTemplate), Path.Combine(templates, ReportStage.MachineSpecTemplate));
        File.WriteAllText(Path.Combine(templates, OneShotReport.AlgorithmTemplate), algorithmTemplate);
        return Cli.Run("report", "--results", Path.Combine(Fixtures, "sha256-quick"), "--out", folder.Combine("out"), "--templates", templates);
    }

    /// <summary>The test project's folder, which holds <c>Fixtures/</c> (this file sits one folder below it, in <c>Golden/</c>).</summary>
    private static string SourceDirectory([System.Runtime.CompilerServices.CallerFilePath] string path = "") => Path.GetDirectoryName(Path.GetDirectoryName(path))!;
}
