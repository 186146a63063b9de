using System.Management.Automation;
using System.Management.Automation.Language;
using System.Management.Automation.Runspaces;
using CryptoHarness.Cli;
using CryptoHarness.Implementations;
using CryptoHarness.Results;

namespace CryptoHarness.Tests;

/// <summary>
/// <c>scripts/run-benchmarks.ps1</c> and <c>scripts/update-benchmark-docs.ps1</c> as users run them: through the real
/// PowerShell engine, calling the real <c>dotnet run</c> of the harness. Every name a test expects (families, ids, the
/// harness's messages) comes from the registry or from the harness run in process, never from a list kept here.
/// </summary>
public sealed class ScriptTests
{
    private const string RunBenchmarks = "run-benchmarks.ps1";
    private const string UpdateBenchmarkDocs = "update-benchmark-docs.ps1";
    private const string HarnessCli = "harness-cli.ps1";
    private static readonly string Fixture = Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick");

    /// <summary>Commands a script may call besides the engine's and the functions of scripts/: the programs it wraps.</summary>
    private static readonly string[] NativeCommands = ["dotnet", "docfx"];

    public static TheoryData<string> Scripts() => new(RunBenchmarks, UpdateBenchmarkDocs, HarnessCli);

    /// <summary>
    /// The bare engine has the core cmdlets only; a script that calls Join-Path or ConvertFrom-Json works in pwsh and
    /// fails in it. Read from the parsed script, so branches the other tests do not reach (the DocFX build) count too.
    /// </summary>
    [Theory]
    [MemberData(nameof(Scripts))]
    public void Scripts_parse_and_call_only_what_the_bare_engine_has(string script)
    {
        var ast = Parser.ParseFile(PowerShellScript.PathOf(script), out _, out var parseErrors);
        Assert.Empty(parseErrors);

        using var runspace = RunspaceFactory.CreateRunspace(InitialSessionState.CreateDefault2());
        runspace.Open();
        using var shell = PowerShell.Create(runspace);
        var available = shell.AddCommand("Get-Command").Invoke().Select(c => ((CommandInfo)c.BaseObject).Name).ToHashSet(StringComparer.OrdinalIgnoreCase);
        // The wrappers dot-source the shared harness-cli.ps1, so its functions are theirs.
        var defined = Directory.GetFiles(Path.GetDirectoryName(PowerShellScript.PathOf(script))!, "*.ps1")
            .SelectMany(file => Parser.ParseFile(file, out _, out _).FindAll(a => a is FunctionDefinitionAst, searchNestedScriptBlocks: true))
            .Select(a => ((FunctionDefinitionAst)a).Name);
        available.UnionWith(defined);
        available.UnionWith(NativeCommands);

        var called = ast.FindAll(a => a is CommandAst, searchNestedScriptBlocks: true).Select(a => ((CommandAst)a).GetCommandName()).OfType<string>().Distinct().ToArray();
        Assert.NotEmpty(called);
        Assert.All(called, name => Assert.True(available.Contains(name), $"{script} calls {name}, which the bare PowerShell engine does not have"));
    }

    [Fact]
    public void List_prints_every_registry_entry_and_family()
    {
        var result = PowerShellScript.Run(RunBenchmarks, ("List", true));

        Assert.True(result.ExitCode == 0, result.ToString());
        var printed = string.Join('\n', result.Output);
        Assert.All(Registry.Implementations, i => Assert.Contains(i.Id, printed, StringComparison.Ordinal));
        Assert.All(Registry.Families, f => Assert.Contains(f, printed, StringComparison.Ordinal));
    }

    [Fact]
    public void DryRun_prints_the_harness_command_and_runs_nothing()
    {
        using var folder = new TestFolder();
        var results = folder.Combine("results");

        var result = PowerShellScript.Run(RunBenchmarks, ("Family", "SHA-256"), ("Job", "dry"), ("Results", results), ("DryRun", true));

        Assert.True(result.ExitCode == 0, result.ToString());
        var project = Path.Combine(RepositoryRoot.Find(), "harness");
        Assert.Equal([$"dotnet run -c Release --project {project} -- run --family SHA-256 --job dry --results {results}"], result.Output);
        Assert.False(Directory.Exists(results));
    }

    [Fact]
    public void A_dry_run_of_one_family_verifies_measures_and_writes_its_reports()
    {
        using var folder = new TestFolder();
        var output = folder.Combine("out");

        var result = PowerShellScript.Run(RunBenchmarks, ("Family", "SHA-256"), ("Job", "dry"), ("Sizes", "128"), ("Results", folder.Combine("results")), ("Out", output));

        Assert.True(result.ExitCode == 0, result.ToString());
        var summary = SummaryFile.Load(Directory.GetFiles(folder.Combine("results"), SummaryFile.FileName, SearchOption.AllDirectories).Single());
        Assert.Equal("dry", summary.Run.Job);
        // The one-shot sweep measures every supported SHA-256 entry but the batch APIs, which have their own scenario.
        var measured = Registry.Select(algorithm: "SHA-256").Where(i => i.Support.IsSupported && i is not IBatchHashImplementation).Select(i => i.Id);
        Assert.Equal(measured.Order(StringComparer.Ordinal), summary.Results.Select(r => r.Id).Order(StringComparer.Ordinal));
        Assert.All(summary.Results, r => Assert.Equal(128, r.SizeBytes));
        Assert.True(File.Exists(Path.Combine(output, "sha256.md")), result.ToString());
    }

    /// <summary>
    /// Names the script does not keep reach the harness as given, and the harness's refusal is what the user sees: its
    /// own line (the same one it prints run in process), its exit code, and nothing written.
    /// </summary>
    [Theory]
    [InlineData("Family", "SHA", "run --family SHA")]
    [InlineData("Job", "fast", "run --family SHA-256 --job fast")]
    [InlineData("Scenario", "sweep", "run --family SHA-256 --scenario sweep")]
    public void A_bad_name_fails_with_the_harnesss_own_message_and_exit_code(string parameter, string value, string harnessCommand)
    {
        using var folder = new TestFolder();
        var expected = Cli.Run([.. harnessCommand.Split(' '), "--results", folder.Combine("expected"), "--out", folder.Combine("expected")]);
        Assert.NotEqual(0, expected.ExitCode);

        var parameters = new List<(string, object)> { ("Family", "SHA-256"), ("Results", folder.Combine("results")), ("Out", folder.Combine("out")) };
        parameters.RemoveAll(p => p.Item1 == parameter);
        parameters.Add((parameter, value));
        var result = PowerShellScript.Run(RunBenchmarks, [.. parameters]);

        Assert.True(result.ExitCode == expected.ExitCode, result.ToString());
        Assert.Equal(expected.Error.TrimEnd('\n').Split('\n'), result.Errors);
        Assert.False(Directory.Exists(folder.Combine("results")));
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Fact]
    public void Without_a_family_it_names_the_valid_ones_from_the_harness()
    {
        var result = PowerShellScript.Run(RunBenchmarks);

        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"-Family is required. Valid families: {string.Join(", ", Registry.Families)}; or an algorithm name from -List.", result.Errors[^1]);
    }

    [Fact]
    public void Update_benchmark_docs_renders_a_run_as_harness_report_does()
    {
        using var folder = new TestFolder();
        var run = folder.Combine("runs", "fixture-machine", "20261121T053752Z-quick");
        Directory.CreateDirectory(run);
        File.Copy(Path.Combine(Fixture, SummaryFile.FileName), Path.Combine(run, SummaryFile.FileName));
        Assert.Equal(0, Cli.Run("report", "--results", run, "--out", folder.Combine("expected")).ExitCode);

        var result = PowerShellScript.Run(UpdateBenchmarkDocs, ("Results", run), ("Out", folder.Combine("out")));

        Assert.True(result.ExitCode == 0, result.ToString());
        var expected = Directory.GetFiles(folder.Combine("expected"), "*", SearchOption.AllDirectories).Select(f => Path.GetRelativePath(folder.Combine("expected"), f)).Order(StringComparer.Ordinal).ToArray();
        Assert.Contains("sha256.md", expected);
        Assert.Equal(expected, Directory.GetFiles(folder.Combine("out"), "*", SearchOption.AllDirectories).Select(f => Path.GetRelativePath(folder.Combine("out"), f)).Order(StringComparer.Ordinal));
        Assert.All(expected, file => Assert.True(
            File.ReadAllBytes(Path.Combine(folder.Combine("expected"), file)).SequenceEqual(File.ReadAllBytes(Path.Combine(folder.Combine("out"), file))),
            $"{file} differs from what 'harness report' writes"));
    }

    [Fact]
    public void Update_benchmark_docs_without_a_run_of_the_machine_says_where_it_looked()
    {
        var result = PowerShellScript.Run(UpdateBenchmarkDocs, ("Machine", "no-such-machine"));

        Assert.Equal(1, result.ExitCode);
        var runs = Path.Combine(RepositoryRoot.Find(), "artifacts", "results");
        Assert.Equal($"No run with a summary.json under {runs} for machine no-such-machine. Run scripts/run-benchmarks.ps1 first, or pass -Results.", result.Errors[^1]);
    }
}
