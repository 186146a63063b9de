using System.Text.RegularExpressions;
using CryptoHarness.Cli;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Architecture;

/// <summary>
/// The scenario plug-in contract: every registered scenario is reachable from <c>--scenario</c>, the run and the
/// reports, and nothing outside a scenario's folder and the registration knows its name; nor does anything outside
/// <c>harness/Kinds/</c> compare a kind's name or the name of an operation a kind times.
/// </summary>
public sealed class ScenarioPluginTests
{
    public static TheoryData<string> Names() => new(ScenarioRegistry.Names);

    /// <summary>A scenario's own options are declared in its folder and registered with it: <c>run</c> takes and lists every one.</summary>
    [Fact]
    public void Run_takes_and_lists_every_registered_scenarios_own_options()
    {
        var options = ScenarioRegistry.Options.Select(o => o.Name).ToArray();
        Assert.Contains("--stream-size", options);
        var help = Cli.Run("run", "--help");
        Assert.Equal(0, help.ExitCode);
        Assert.All(options, name => Assert.Contains(name + " <", help.Out, StringComparison.Ordinal));
    }

    /// <summary>
    /// A check run by a command of its own (<c>leaks</c>) registers its report: a summary naming it renders through
    /// that report (its page alone, no machine spec), and its page stays off the site until an area includes it.
    /// </summary>
    /// <summary>
    /// A scenario's page templates live in its folder and ship beside the shared ones under their file names: each name
    /// is one template's only, and each is where the harness renders from.
    /// </summary>
    [Fact]
    public void A_scenarios_own_templates_ship_beside_the_shared_ones_under_names_no_other_template_has()
    {
        var root = RepositoryRoot.Find();
        var own = Directory.EnumerateFiles(Path.Combine(root, "harness", "Scenarios"), "*.sbn", SearchOption.AllDirectories).ToArray();
        var shared = Directory.EnumerateFiles(Path.Combine(root, "templates"), "*.sbn", SearchOption.AllDirectories).Select(Path.GetFileName).ToArray();
        var names = own.Select(Path.GetFileName).ToArray();

        Assert.Contains("batch.md.sbn", names);
        Assert.Equal(names.Length, names.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.Empty(names.Intersect(shared, StringComparer.OrdinalIgnoreCase));
        Assert.All(own, file => Assert.Equal(
            File.ReadAllText(file),
            File.ReadAllText(Path.Combine(ReportStage.DefaultTemplatesDirectory, Path.GetFileName(file)))));
    }

    /// <summary>A templates folder given with <c>--templates</c> (a copy of the repository's <c>templates/</c>) renders a scenario's page from the shipped template it lacks.</summary>
    [Fact]
    public void A_templates_folder_without_a_scenarios_own_template_renders_it_from_the_shipped_one()
    {
        using var folder = new TestFolder();
        var stage = new ReportStage(folder.Path, ScenarioRegistry.Reports, KindRegistry.Presentations);
        Assert.False(File.Exists(folder.Combine("batch.md.sbn")));

        Assert.Equal(
            ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).RenderTemplate("batch.md.sbn", BatchModel()),
            stage.RenderTemplate("batch.md.sbn", BatchModel()));
        var missing = Assert.Throws<UsageException>(() => stage.RenderTemplate("no-such.md.sbn", BatchModel()));
        Assert.StartsWith(folder.Combine("no-such.md.sbn") + ": template not found", missing.Message, StringComparison.Ordinal);
    }

    private static BatchPage BatchModel()
    {
        var summary = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick"));
        var record = summary.Results.First(r => r.Provider == "managed");
        var batch = summary with
        {
            Run = summary.Run with { Scenario = CryptoHarness.Selecting.Scenarios.BatchSelection.ScenarioName },
            Results = [record with { Scenario = CryptoHarness.Selecting.Scenarios.BatchSelection.ScenarioName, Operation = "hash-batch", BatchSize = 4, MessageBytes = 64, SizeBytes = 256, PerItemNs = record.MedianNs / 4 }],
        };
        return ReportModel.Batches(batch, KindRegistry.Presentations)[0].Model;
    }

    [Fact]
    public void The_leaks_check_is_registered_for_its_report()
    {
        var leaks = Assert.Single(ScenarioRegistry.Checks);
        Assert.Equal("leaks", leaks.Name);
        Assert.Contains(leaks, ScenarioRegistry.Reports);
        Assert.DoesNotContain("leaks", ScenarioRegistry.Names);
        Assert.Same(leaks, ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).ReportOf("leaks"));
        Assert.False(leaks.WritesMachineSpec);
        Assert.Equal([LeakReport.FileName], leaks.PagesOffSite);
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void A_registered_scenario_name_parses_to_that_scenario(string name)
    {
        var scenario = ScenarioRegistry.Parse(name);
        Assert.Equal(name, scenario.Name);
        Assert.Equal(name, scenario.Report.Name);
    }

    [Fact]
    public void Scenario_names_are_unique()
    {
        Assert.Equal(ScenarioRegistry.Names.Count, ScenarioRegistry.Names.Distinct(StringComparer.Ordinal).Count());
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void The_report_stage_renders_a_summary_of_a_registered_scenario_through_its_report(string name)
    {
        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        Assert.Same(ScenarioRegistry.Parse(name).Report, stage.Named(name));
        Assert.Same(ScenarioRegistry.Parse(name).Report, stage.ReportOf(name));
    }

    [Fact]
    public void A_summary_naming_no_scenario_renders_as_the_first()
    {
        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        Assert.Null(stage.Named("no-such-scenario"));
        Assert.Same(ScenarioRegistry.All[0].Report, stage.ReportOf("no-such-scenario"));
    }

    /// <summary>Each scenario measures something the registry has, so it can be run; and refuses an empty share in one line.</summary>
    [Theory]
    [MemberData(nameof(Names))]
    public void A_registered_scenario_takes_some_of_the_registry_and_refuses_nothing_in_one_line(string name)
    {
        var scenario = ScenarioRegistry.Parse(name).Measurement;
        Assert.NotEmpty(scenario.Measured(Registry.Implementations));
        var refusal = Assert.Throws<UsageException>(() => ScenarioSelection.Require(scenario, []));
        Assert.DoesNotContain('\n', refusal.Message);
        Assert.False(string.IsNullOrWhiteSpace(scenario.Description));
    }

    [Fact]
    public void The_default_is_the_first_scenario_unless_one_claims_the_selection()
    {
        Assert.Same(ScenarioRegistry.All[0], ScenarioRegistry.Default(Registry.Implementations, passwordOptionGiven: false));
        var passwordHashes = Registry.Implementations.Where(i => i is IPasswordHashImplementation).ToArray();
        Assert.True(ScenarioRegistry.Default(passwordHashes, passwordOptionGiven: false).Measurement.TakesPasswordSets);
    }

    /// <summary>The scenario types named outside their folder, each for a reason that is no switch on the scenario.</summary>
    private static readonly (string File, string Type)[] NamedOutside =
    [
        // The results format's default for files written before the scenario was recorded, which were all one-shot.
        ("Results/RunSummary.cs", "OneShotSelection"),
        // The site's cross-machine table is one-shot throughput at the highlights' size, in the highlights' operation.
        ("Reporting/SiteModel.cs", "FamilyOverview"),
        // The paired comparison of two builds times one-shot and password-hash cases (its own loop over two load
        // contexts, not a scenario's benchmarks): it selects as those scenarios do (the password one claiming a selection
        // as it does in run) and keys its cases as compare keys them.
        ("Cli/Commands/PairedCommand.cs", "OneShotMeasurement"),
        ("Cli/Commands/PairedCommand.cs", "PasswordMeasurement"),
        ("Comparing/PairedComparison.cs", "OneShotSelection"),
        ("Comparing/PairedComparison.cs", "PasswordSelection"),
        // The gate checks every batch implementation at the batches and lengths the batch scenario measures, besides its own edge cases.
        ("Gate/CorrectnessGate.Batch.cs", "BatchSelection"),
        // compare of two leaks runs matches their checks by verdict; the leak check's own rule, beside its records.
        ("Comparing/RunComparison.cs", "LeakComparison"),
        ("Comparing/RunComparison.cs", "LeakChange"),
        // The leak check is run by a command of its own, not 'run --scenario': the command parses, opens the run folder,
        // runs the gate and writes; the check itself (selection, budget, measurement loop) is LeakRun, in its folder.
        ("Cli/Commands/LeaksCommand.cs", "LeakRun"),
    ];

    /// <summary>A scenario name as a string compared with (==, !=, is, or, and, case) or switched to (=&gt;).</summary>
    private static Regex ComparedWith(string name) =>
        new($@"(?:==|!=|\bis\b(?:\s+not)?|\bor\b|\band\b|\bcase\b)\s*\(?\s*""{Regex.Escape(name)}""|""{Regex.Escape(name)}""\s*(?:=>|==|!=|\bor\b|\band\b)");

    [Theory]
    [InlineData("if (summary.Run.Scenario == \"stream\")")]
    [InlineData("summary.Run.Scenario is not (\"oneshot\" or \"password\")")]
    [InlineData("\"batch\" => Runner.RunBatch(passed)")]
    [InlineData("case \"password\":")]
    public void The_name_check_sees_a_comparison(string code)
    {
        Assert.Contains(ScenarioRegistry.Names, n => ComparedWith(n).IsMatch(code));
    }

    [Fact]
    public void The_name_check_passes_other_uses_of_the_word()
    {
        Assert.DoesNotContain(ScenarioRegistry.Names, n => ComparedWith(n).IsMatch("kind.StartsWith(\"password\", StringComparison.Ordinal)"));
    }

    /// <summary>
    /// Nothing in the harness outside <c>harness/Scenarios/</c> spells a scenario's name as a string, or names a
    /// scenario's own types but for <see cref="NamedOutside"/>: adding a scenario is its folder and one registration line.
    /// </summary>
    [Fact]
    public void No_code_outside_the_scenario_folders_switches_on_a_scenario_name()
    {
        var harness = Path.Combine(RepositoryRoot.Find(), "harness");
        var scenarios = Path.Combine(harness, "Scenarios") + Path.DirectorySeparatorChar;
        var ownTypes = Directory.EnumerateFiles(scenarios, "*.cs", SearchOption.AllDirectories)
            .Where(f => Path.GetDirectoryName(f) + Path.DirectorySeparatorChar != scenarios)
            .SelectMany(f => Regex.Matches(File.ReadAllText(f), @"^\s*(?:(?:public|internal|private|sealed|static|abstract|partial)\s+)*(?:class|record|interface)\s+(\w+)", RegexOptions.Multiline).Select(m => m.Groups[1].Value))
            .Where(t => t != "ReportModel")
            .Distinct()
            .ToArray();
        Assert.Contains("OneShotSelection", ownTypes);

        var offences = new List<string>();
        foreach (var (relative, code) in HarnessCodeOutside(harness, "Scenarios"))
        {
            offences.AddRange(ScenarioRegistry.Names.Where(n => ComparedWith(n).IsMatch(code)).Select(n => $"{relative}: \"{n}\""));
            offences.AddRange(ownTypes.Where(t => Regex.IsMatch(code, $@"\b{t}\b") && !NamedOutside.Contains((relative, t))).Select(t => $"{relative}: {t}"));
        }

        Assert.True(offences.Count == 0, "scenario names outside harness/Scenarios/:\n" + string.Join('\n', offences));
    }

    /// <summary>
    /// The code of every harness source file outside <c>harness/&lt;folder&gt;/</c> (and the build's own output), by its
    /// path from <c>harness/</c>, with its comment lines left out.
    /// </summary>
    private static IEnumerable<(string Relative, string Code)> HarnessCodeOutside(string harness, string folder)
    {
        var separator = Path.DirectorySeparatorChar;
        var excluded = Path.Combine(harness, folder) + separator;
        return Directory.EnumerateFiles(harness, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.StartsWith(excluded, StringComparison.Ordinal)
                && !f.Contains($"{separator}obj{separator}", StringComparison.Ordinal) && !f.Contains($"{separator}bin{separator}", StringComparison.Ordinal))
            .Select(f => (Path.GetRelativePath(harness, f).Replace('\\', '/'),
                string.Join('\n', File.ReadAllLines(f).Where(l => !l.TrimStart().StartsWith("//", StringComparison.Ordinal)))));
    }

    /// <summary>
    /// What a kind is known by in a results file: its name (<c>algorithms[].kind</c>) and the names of the operations it
    /// times (<c>results[].operation</c>), as the kinds declare them for the registry's algorithms.
    /// </summary>
    private static readonly string[] KindWords = KindRegistry.All.Select(k => k.Name)
        .Concat(Registry.Implementations.SelectMany(i => KindRegistry.Of(i)!.Operations(i)))
        .Distinct(StringComparer.Ordinal)
        .ToArray();

    /// <summary>
    /// The kind words compared outside <c>harness/Kinds/</c>, each for a reason that is no switch of the reports, the
    /// site or the run on a kind.
    /// </summary>
    private static readonly (string File, string Word)[] KindWordsOutside =
    [
        // The paired comparison binds another build's implementations by reflection, through delegates of the kind's
        // shape, so it cannot call that build's kind contracts; it parses the XOF operation's output length as XofKind does.
        ("Pairing/BoundWorkload.cs", "xof-"),
    ];

    /// <summary>
    /// A kind word compared as a string (as <see cref="ComparedWith"/> sees it), looked up in a list
    /// (<c>Contains("hash")</c>), or matched by a prefix of three or more characters (<c>StartsWith("password")</c>,
    /// <c>StartsWith("xof-")</c>): the literals so used in <paramref name="code"/>.
    /// </summary>
    private static IEnumerable<string> KindWordsComparedIn(string code) =>
        KindWords.Where(w => ComparedWith(w).IsMatch(code) || Regex.IsMatch(code, $@"\.Contains\(\s*""{Regex.Escape(w)}""\s*\)"))
            .Concat(Regex.Matches(code, @"\.(?:StartsWith|EndsWith)\(\s*""([^""]{3,})""").Select(m => m.Groups[1].Value)
                .Where(prefix => KindWords.Any(w => w.StartsWith(prefix, StringComparison.Ordinal))))
            .Distinct(StringComparer.Ordinal);

    /// <summary>The checks the old site and report models failed: each of these lines switched on a kind.</summary>
    [Theory]
    [InlineData("new(\"hashes\", \"Hashes\", kind => kind == \"hash\"),")]
    [InlineData("new(\"xofs-and-macs\", \"XOFs and MACs\", kind => kind is \"xof\" or \"mac\"),")]
    [InlineData("new(\"password-hashing\", \"Password hashing\", kind => kind.StartsWith(\"password\", StringComparison.Ordinal)),")]
    [InlineData("\"encrypt\" or \"decrypt\" => \"aead\",")]
    [InlineData("\"aead\" => $\"{info.KeyBytes}-byte key\",")]
    [InlineData("_ when operation.StartsWith(\"xof-\", StringComparison.Ordinal) => $\"{operation[4..]}-byte output\",")]
    [InlineData("var primary = operations.Contains(\"hash\") ? \"hash\"")]
    public void The_kind_check_sees_a_comparison(string code)
    {
        Assert.NotEmpty(KindWordsComparedIn(code));
    }

    [Theory]
    [InlineData("var primary = bySlug.Select(r => r.Operation).Distinct().Order(StringComparer.Ordinal).MinBy(kinds.OperationOrder);")]
    [InlineData("algorithm.Name.StartsWith(\"KMAC\", StringComparison.Ordinal)")]
    [InlineData("public string Operation { get; init; } = \"hash\";")]
    public void The_kind_check_passes_code_that_names_no_kind(string code)
    {
        Assert.Empty(KindWordsComparedIn(code));
    }

    /// <summary>
    /// Nothing in the harness outside <c>harness/Kinds/</c> (the reports, the site, the scenarios' folders included)
    /// compares a kind's name or its operations' names, but for <see cref="KindWordsOutside"/>: what the pages say of a
    /// kind, and which site area shows it, the kind declares (<see cref="CryptoHarness.Formatting.IKindPresentation"/>).
    /// </summary>
    [Fact]
    public void No_code_outside_the_kinds_folder_compares_a_kind_name_or_a_kind_operation()
    {
        Assert.Contains("xof-32", KindWords);
        var harness = Path.Combine(RepositoryRoot.Find(), "harness");
        var offences = HarnessCodeOutside(harness, "Kinds")
            .SelectMany(f => KindWordsComparedIn(f.Code).Where(w => !KindWordsOutside.Contains((f.Relative, w))).Select(w => $"{f.Relative}: \"{w}\""))
            .ToArray();
        Assert.True(offences.Length == 0, "kind names compared outside harness/Kinds/:\n" + string.Join('\n', offences));
    }
}
