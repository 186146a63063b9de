using CryptoHarness.Cli;
using CryptoHarness.Reporting;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>
/// <c>scripts/run-benchmarks.ps1</c> and <c>scripts/update-benchmark-docs.ps1</c> as users run them: the real pwsh (the
/// local tool), calling the real harness. Every name a test expects (families, ids, the harness's messages) comes from
/// the registry or from the harness run in process, never from a list kept here.
/// </summary>
public sealed class ScriptTests
{
    private const string RunBenchmarks = "run-benchmarks.ps1";
    private const string UpdateBenchmarkDocs = "update-benchmark-docs.ps1";
    private const string HarnessCli = "harness-cli.ps1";
    private static readonly string Fixture = Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick");

    /// <summary>Commands a script may call besides the core engine's and the functions of scripts/: the programs it wraps.</summary>
    private static readonly string[] NativeCommands = ["dotnet", "docfx"];

    public static TheoryData<string> Scripts() => new(RunBenchmarks, UpdateBenchmarkDocs, HarnessCli);

    public static TheoryData<string> EntryPoints() => new(RunBenchmarks, UpdateBenchmarkDocs);

    /// <summary>
    /// The scripts keep to the language, .NET calls and the core module's commands, so they run wherever PowerShell
    /// does (no Join-Path or ConvertFrom-Json, which a trimmed host may lack). Read by pwsh's own parser from the
    /// script, so branches the other tests do not reach (the DocFX build) count too.
    /// </summary>
    [Theory]
    [MemberData(nameof(Scripts))]
    public void Scripts_parse_and_call_only_core_commands_and_what_they_wrap(string script)
    {
        var path = PowerShellScript.PathOf(script).Replace("'", "''", StringComparison.Ordinal);
        var scripts = Path.GetDirectoryName(PowerShellScript.PathOf(script))!.Replace("'", "''", StringComparison.Ordinal);
        var result = PowerShellScript.Command(
            "$errors = $null; $ast = [Management.Automation.Language.Parser]::ParseFile('" + path + "', [ref]$null, [ref]$errors); " +
            "$called = @($ast.FindAll({ $args[0] -is [Management.Automation.Language.CommandAst] }, $true) | ForEach-Object { $_.GetCommandName() } | Where-Object { $_ } | Sort-Object -Unique); " +
            "$core = @(Get-Command -Module Microsoft.PowerShell.Core | ForEach-Object Name); " +
            "$defined = @(foreach ($f in [IO.Directory]::GetFiles('" + scripts + "', '*.ps1')) { [Management.Automation.Language.Parser]::ParseFile($f, [ref]$null, [ref]$null).FindAll({ $args[0] -is [Management.Automation.Language.FunctionDefinitionAst] }, $true) | ForEach-Object Name }); " +
            "[Console]::Out.WriteLine((@{ errors = @($errors | ForEach-Object { $_.Message }); called = $called; core = $core; defined = $defined } | ConvertTo-Json -Compress))");
        Assert.True(result.ExitCode == 0, result.ToString());

        using var json = JsonDocument.Parse(string.Join('\n', result.Output));
        string[] Names(string property) => [.. json.RootElement.GetProperty(property).EnumerateArray().Select(e => e.GetString()!)];
        Assert.Empty(Names("errors"));
        var available = Names("core").Concat(Names("defined")).Concat(NativeCommands).ToHashSet(StringComparer.OrdinalIgnoreCase);
        var called = Names("called");
        Assert.NotEmpty(called);
        Assert.All(called, name => Assert.True(available.Contains(name), $"{script} calls {name}, which is neither a core command nor the scripts' own"));
    }

    /// <summary>Comment-based help is found (a blank line after #Requires) and has every part a user reads.</summary>
    [Theory]
    [MemberData(nameof(EntryPoints))]
    public void Get_Help_Full_shows_the_synopsis_description_parameters_and_examples(string script)
    {
        var path = PowerShellScript.PathOf(script).Replace("'", "''", StringComparison.Ordinal);
        var result = PowerShellScript.Command(
            "$help = Get-Help '" + path + "' -Full; " +
            "[Console]::Out.WriteLine((@{ synopsis = [string]$help.Synopsis; description = [string]($help.Description | ForEach-Object Text); " +
            "parameters = @($help.parameters.parameter | ForEach-Object { @{ name = $_.name; text = [string]($_.description | ForEach-Object Text) } }); " +
            "examples = @($help.examples.example | ForEach-Object { [string]$_.code }) } | ConvertTo-Json -Compress -Depth 4))");
        Assert.True(result.ExitCode == 0, result.ToString());

        using var json = JsonDocument.Parse(string.Join('\n', result.Output));
        var help = json.RootElement;
        var synopsis = help.GetProperty("synopsis").GetString()!;
        Assert.False(synopsis.Contains(script, StringComparison.Ordinal), $"no comment-based help found: the synopsis is the syntax line '{synopsis}'");
        Assert.True(synopsis.Length > 20, synopsis);
        Assert.True(help.GetProperty("description").GetString()!.Length > 100, help.ToString());
        var parameters = help.GetProperty("parameters").EnumerateArray().ToArray();
        Assert.NotEmpty(parameters);
        Assert.All(parameters, p => Assert.True(p.GetProperty("text").GetString()!.Length > 10, $"{script}: parameter {p.GetProperty("name")} has no description"));
        Assert.True(help.GetProperty("examples").GetArrayLength() >= 2, help.ToString());
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

        var result = PowerShellScript.Run(RunBenchmarks, ("Family", "BLAKE"), ("Job", "dry"), ("Results", results), ("DryRun", true));

        Assert.True(result.ExitCode == 0, result.ToString());
        var project = Path.Combine(RepositoryRoot.Find(), "harness");
        Assert.Equal([$"dotnet run -c Release --project {project} -- run --family BLAKE --job dry --results {results}"], result.Output);
        Assert.False(Directory.Exists(results));
    }

    /// <summary>A name as the seed's docs spell it (SHA256) goes through the script and the harness takes it.</summary>
    [Fact]
    public void A_dry_run_of_one_family_verifies_measures_and_writes_its_reports()
    {
        using var folder = new TestFolder();
        var output = folder.Combine("out");

        var result = PowerShellScript.Run(RunBenchmarks, ("Family", "SHA256"), ("Job", "dry"), ("Sizes", "128"), ("Results", folder.Combine("results")), ("Out", output));

        Assert.True(result.ExitCode == 0, result.ToString());
        var summary = SummaryFile.Load(folder.OnlySummary());
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
        Assert.Equal(2, expected.ExitCode);

        var parameters = new List<(string, object)> { ("Family", "SHA-256"), ("Results", folder.Combine("results")), ("Out", folder.Combine("out")) };
        parameters.RemoveAll(p => p.Item1 == parameter);
        parameters.Add((parameter, value));
        var result = PowerShellScript.Run(RunBenchmarks, [.. parameters]);

        Assert.True(result.ExitCode == expected.ExitCode, result.ToString());
        Assert.Equal(expected.Error.TrimEnd('\n').Split('\n'), result.Errors);
        AssertPlain(result);
        Assert.False(Directory.Exists(folder.Combine("results")));
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Fact]
    public void Without_a_family_it_names_the_valid_ones_from_the_harness_on_one_plain_line_with_exit_code_2()
    {
        var result = PowerShellScript.Run(RunBenchmarks);

        Assert.True(result.ExitCode == 2, result.ToString());
        Assert.Equal([$"run-benchmarks: -Family is required. Valid families: {string.Join(", ", Registry.Families)}; or an algorithm name from -List."], result.Errors);
        Assert.Empty(result.Output);
        AssertPlain(result);
    }

    /// <summary>
    /// The script end to end in a scratch copy of the repository (the built harness linked in, so nothing is built):
    /// it renders the run into the copy's reports/, refreshes the copy's docs/ from them, and leaves the real tree alone.
    /// </summary>
    [Fact]
    public void Update_benchmark_docs_renders_a_run_and_refreshes_the_site_of_its_own_tree()
    {
        using var folder = new TestFolder();
        var root = RepositoryRoot.Find();
        var copy = folder.Combine("repo");
        foreach (var file in new[] { "Harness.sln", "Directory.Build.props", "Directory.Packages.props", "global.json", Path.Combine(".config", "dotnet-tools.json") })
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(copy, file))!);
            File.Copy(Path.Combine(root, file), Path.Combine(copy, file));
        }

        foreach (var tree in new[] { "scripts", "templates", "docs" })
        {
            CopyTree(Path.Combine(root, tree), Path.Combine(copy, tree));
        }

        // The wrapper runs the build in harness/bin/Release/net10.0 when each part of it is newer than its sources.
        Directory.CreateSymbolicLink(Path.Combine(copy, "harness"), Path.Combine(root, "harness"));
        Directory.CreateSymbolicLink(Path.Combine(copy, "implementations"), Path.Combine(root, "implementations"));

        var summary = SummaryFile.Load(Path.Combine(Fixture, SummaryFile.FileName));
        var machine = summary.Run.MachineKey;
        var run = Path.Combine(copy, "artifacts", "results", machine, "20261121T053752Z-quick");
        Directory.CreateDirectory(run);
        File.Copy(Path.Combine(Fixture, SummaryFile.FileName), Path.Combine(run, SummaryFile.FileName));
        Assert.Equal(0, Cli.Run("report", "--results", run, "--out", folder.Combine("expected")).ExitCode);

        var realPages = new[] { Path.Combine(root, "reports", machine, "sha256.md"), Path.Combine(root, "docs", "benchmarks", "sha256.md") };
        var realWrites = realPages.Select(File.GetLastWriteTimeUtc).ToArray();

        var result = PowerShellScript.RunIn(copy, Path.Combine(copy, "scripts", UpdateBenchmarkDocs), ("Machine", machine), ("NoBuild", true));

        Assert.True(result.ExitCode == 0, result.ToString());
        AssertPlain(result);
        var page = Path.Combine(copy, "reports", machine, "sha256.md");
        Assert.True(File.ReadAllBytes(Path.Combine(folder.Combine("expected"), "sha256.md")).SequenceEqual(File.ReadAllBytes(page)), "the copy's page differs from what 'harness report' writes");
        Assert.True(File.Exists(Path.Combine(copy, "machine-specs", machine + ".md")));
        Assert.True(File.Exists(Path.Combine(copy, "docs", "benchmarks", "sha256.md")));
        Assert.Equal(realWrites, realPages.Select(File.GetLastWriteTimeUtc));
    }

    [Fact]
    public void Update_benchmark_docs_without_a_run_of_the_machine_says_where_it_looked_on_one_line_with_exit_code_2()
    {
        var result = PowerShellScript.Run(UpdateBenchmarkDocs, ("Machine", "no-such-machine"));

        Assert.True(result.ExitCode == 2, result.ToString());
        var runs = Path.Combine(RepositoryRoot.Find(), "artifacts", "results");
        Assert.Equal([$"update-benchmark-docs: no run with a summary.json under {runs} for machine no-such-machine. Run scripts/run-benchmarks.ps1 first, or pass -Results."], result.Errors);
        AssertPlain(result);
    }

    /// <summary>
    /// The wrappers' up-to-date check compares each part of the build with what that part is built from, never
    /// Harness.dll with every source. In a scratch copy of the sources, all written at one time, the build folder holds
    /// placeholders as MSBuild leaves it after a managed source changed and was built again: the managed assembly three
    /// hours after the sources (rewritten), Harness.dll, the providers' assembly and the BLAKE3 shim one hour after
    /// (left alone: the managed assembly's public surface did not change), the templates' copies with their sources'
    /// write time (MSBuild's copy keeps it). Each change gives a file another write time, in hours after the sources'.
    /// What the wrapper runs is what a <c>dotnet</c> function, defined before it, prints in place of running it.
    /// </summary>
    [Theory]
    [InlineData(true)]
    // Newer than Harness.dll, older than the managed assembly it was built into: the build is up to date.
    [InlineData(true, "implementations/Managed/Sha256.cs@2")]
    [InlineData(false, "implementations/Managed/Sha256.cs@4")]
    // Older than the managed assembly, newer than its own project's.
    [InlineData(false, "implementations/Providers/Registry.cs@2")]
    [InlineData(false, "Directory.Build.props@2")]
    [InlineData(false, "implementations/Native/Blake3Shim.targets@2")]
    [InlineData(false, "implementations/Native/blake3-shim/src/lib.rs@2")]
    [InlineData(false, "templates/site/hashes.md.sbn@2")]
    [InlineData(false, "harness/Scenarios/Batch/batch.md.sbn@2")]
    // Templates copied again after their change, newer than Harness.dll, which copying them leaves alone.
    [InlineData(true, "templates/site/hashes.md.sbn@2", "harness/bin/Release/net10.0/templates/site/hashes.md.sbn@2")]
    [InlineData(true, "harness/Scenarios/Batch/batch.md.sbn@2", "harness/bin/Release/net10.0/templates/batch.md.sbn@2")]
    public void The_wrappers_run_the_build_when_each_part_is_newer_than_its_own_sources_else_dotnet_run(bool runsTheBuild, params string[] changes)
    {
        using var folder = new TestFolder();
        var copy = ScratchSources(folder);
        var output = Path.Combine(copy, "harness", "bin", "Release", "net10.0");
        var placeholders = new[] { (typeof(HarnessCli).Assembly, 1), (typeof(Registry).Assembly, 1), (typeof(CryptoHarness.Managed.Sha256).Assembly, 3) };
        foreach (var (assembly, hours) in placeholders)
        {
            WritePlaceholder(Path.Combine(output, assembly.GetName().Name + ".dll"), hours);
        }

        WritePlaceholder(Path.Combine(output, "libblake3_shim.so"), 1);
        CopyTree(ReportStage.DefaultTemplatesDirectory, Path.Combine(output, "templates"));
        WrittenAt(Path.Combine(output, "templates"), 0);
        foreach (var change in changes)
        {
            var (file, hours) = (change.Split('@')[0], int.Parse(change.Split('@')[1], System.Globalization.CultureInfo.InvariantCulture));
            var path = Path.Combine(copy, file.Replace('/', Path.DirectorySeparatorChar));
            Assert.True(File.Exists(path), path);
            File.SetLastWriteTimeUtc(path, SourcesWritten.AddHours(hours));
        }

        var result = InvokeHarnessVersion(copy);

        Assert.True(result.ExitCode == 0, result.ToString());
        var program = $"dotnet {Path.Combine(output, "Harness.dll")} --version";
        var dotnetRun = $"dotnet run -c Release --project {Path.Combine(copy, "harness")} -- --version";
        Assert.True(result.Output.Contains(runsTheBuild ? program : dotnetRun), result.ToString());
        Assert.False(result.Output.Contains(runsTheBuild ? dotnetRun : program), result.ToString());
        if (!runsTheBuild)
        {
            // -Verbose names the file that sends it to dotnet run.
            var changed = Path.Combine(copy, changes[0].Split('@')[0].Replace('/', Path.DirectorySeparatorChar));
            Assert.True(result.Output.Any(line => line.StartsWith("VERBOSE:", StringComparison.Ordinal) && line.Contains(changed + " is newer than ", StringComparison.Ordinal)), result.ToString());
        }
    }

    /// <summary>A clean clone, never built: the wrapper goes through dotnet run, which builds it.</summary>
    [Fact]
    public void Without_a_build_the_wrappers_run_the_harness_through_dotnet_run()
    {
        using var folder = new TestFolder();
        var copy = ScratchSources(folder);

        var result = InvokeHarnessVersion(copy);

        Assert.True(result.ExitCode == 0, result.ToString());
        Assert.True(result.Output.Contains($"dotnet run -c Release --project {Path.Combine(copy, "harness")} -- --version"), result.ToString());
        var program = Path.Combine(copy, "harness", "bin", "Release", "net10.0", "Harness.dll");
        Assert.True(result.Output.Contains($"VERBOSE: Running the harness through dotnet run, which builds it first: {program} is missing."), result.ToString());
    }

    private static readonly DateTime SourcesWritten = new(2026, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    /// <summary>
    /// A scratch copy of what the wrappers' up-to-date check reads (scripts/harness-cli.ps1, the build files, the
    /// harness's, the implementations' and the templates' folders, without their build output), every file written at
    /// <see cref="SourcesWritten"/>; the copy's root.
    /// </summary>
    private static string ScratchSources(TestFolder folder)
    {
        var root = RepositoryRoot.Find();
        var copy = folder.Combine("repo");
        foreach (var file in new[] { "Directory.Build.props", "Directory.Packages.props", ".editorconfig", "global.json", Path.Combine("scripts", HarnessCli) })
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(copy, file))!);
            File.Copy(Path.Combine(root, file), Path.Combine(copy, file));
        }

        foreach (var tree in new[] { "harness", "implementations", "templates" })
        {
            foreach (var file in Directory.GetFiles(Path.Combine(root, tree), "*", SearchOption.AllDirectories))
            {
                var relative = Path.GetRelativePath(root, file);
                if (!relative.Split(Path.DirectorySeparatorChar).Any(part => part is "bin" or "obj" or "target"))
                {
                    Directory.CreateDirectory(Path.GetDirectoryName(Path.Combine(copy, relative))!);
                    File.Copy(file, Path.Combine(copy, relative));
                }
            }
        }

        WrittenAt(copy, 0);
        return copy;
    }

    private static void WrittenAt(string folder, int hours)
    {
        foreach (var file in Directory.GetFiles(folder, "*", SearchOption.AllDirectories))
        {
            File.SetLastWriteTimeUtc(file, SourcesWritten.AddHours(hours));
        }
    }

    private static void WritePlaceholder(string path, int hours)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, "placeholder");
        File.SetLastWriteTimeUtc(path, SourcesWritten.AddHours(hours));
    }

    /// <summary>
    /// <c>Invoke-Harness @('--version')</c> from the copy's harness-cli.ps1, under the wrappers' strict mode and with
    /// -Verbose's preference, where <c>dotnet</c> is a function that prints its command line instead of running it.
    /// </summary>
    private static PowerShellScript.Result InvokeHarnessVersion(string copy)
    {
        var script = Path.Combine(copy, "scripts", HarnessCli).Replace("'", "''", StringComparison.Ordinal);
        return PowerShellScript.Command(
            "Set-StrictMode -Version Latest; $ErrorActionPreference = 'Stop'; $PSStyle.OutputRendering = 'PlainText'; $VerbosePreference = 'Continue'; " +
            "function dotnet { [Console]::Out.WriteLine('dotnet ' + ($args -join ' ')) }; " +
            ". '" + script + "'; Invoke-Harness @('--version')");
    }

    /// <summary>What a redirected run prints: no colour codes, no PowerShell error box, no stack trace.</summary>
    private static void AssertPlain(PowerShellScript.Result result)
    {
        var all = string.Join('\n', result.Output.Concat(result.Errors));
        Assert.DoesNotContain('\u001b', all);
        Assert.DoesNotContain("Exception", all, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", all, StringComparison.Ordinal);
    }

    private static void CopyTree(string source, string destination)
    {
        foreach (var folder in Directory.GetDirectories(source, "*", SearchOption.AllDirectories))
        {
            if (!folder.Contains("_site", StringComparison.Ordinal) && !folder.Contains(Path.DirectorySeparatorChar + "obj", StringComparison.Ordinal))
            {
                Directory.CreateDirectory(Path.Combine(destination, Path.GetRelativePath(source, folder)));
            }
        }

        Directory.CreateDirectory(destination);
        foreach (var file in Directory.GetFiles(source, "*", SearchOption.AllDirectories))
        {
            var target = Path.Combine(destination, Path.GetRelativePath(source, file));
            if (Directory.Exists(Path.GetDirectoryName(target)))
            {
                File.Copy(file, target);
            }
        }
    }
}
