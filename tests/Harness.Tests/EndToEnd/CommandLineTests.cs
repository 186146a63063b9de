using System.Text.RegularExpressions;
using CryptoHarness.Cli;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>The command line as System.CommandLine parses it: help on every command, --version, --opt=value, tables.</summary>
public sealed class CommandLineTests
{
    /// <summary>Every command the root offers, read from the parser itself, so a new command is covered without listing it here.</summary>
    private static string[] CommandNames() => HarnessCli.Parse(["--help"]).RootCommandResult.Command.Subcommands.Select(c => c.Name).ToArray();

    public static TheoryData<string> Commands() => new(CommandNames());

    [Fact]
    public void Root_help_exits_0_and_lists_every_command()
    {
        var result = Cli.Run("--help");

        Assert.Equal(0, result.ExitCode);
        Assert.Empty(result.Error);
        Assert.Contains("Usage:\n  harness [command] [options]", result.Out.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.Equal(["list", "verify", "run", "leaks", "report", "compare", "paired", "touched", "merge", "site"], CommandNames());
        foreach (var command in CommandNames())
        {
            Assert.Contains($"  {command} ", result.Out, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void Command_help_exits_0_and_lists_its_options(string command)
    {
        var result = Cli.Run(command, "--help");

        Assert.Equal(0, result.ExitCode);
        Assert.Empty(result.Error);
        Assert.Contains($"Usage:\n  harness {command} [options]", result.Out.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        var options = HarnessCli.Parse([command]).CommandResult.Command.Options.Where(o => !o.Hidden).ToArray();
        Assert.NotEmpty(options);
        foreach (var option in options)
        {
            Assert.Contains(option.Name, result.Out, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void The_readme_command_table_names_every_command_and_only_options_it_takes()
    {
        var readme = File.ReadAllLines(Path.Combine(RepositoryRoot.Find(), "README.md"));
        var rows = readme.SkipWhile(l => l != "## Commands").TakeWhile(l => !l.StartsWith("Filters are", StringComparison.Ordinal))
            .Where(l => l.StartsWith("| `", StringComparison.Ordinal))
            .Select(l => l.Split("` |", 2)[0][3..])
            .ToArray();

        Assert.Equal(CommandNames().Order(StringComparer.Ordinal), rows.Select(r => r.Split(' ')[0]).Order(StringComparer.Ordinal));
        foreach (var row in rows)
        {
            var command = HarnessCli.Parse([row.Split(' ')[0]]).CommandResult.Command;
            foreach (var option in Regex.Matches(row, "--[a-z0-9-]+").Select(m => m.Value))
            {
                Assert.True(command.Options.Any(o => o.Name == option), $"README: '{command.Name}' has no option {option}");
            }

            if (row.Contains("[filters]", StringComparison.Ordinal))
            {
                Assert.Contains(command.Options, o => o.Name == "--family");
            }
        }
    }

    [Fact]
    public void Version_exits_0_and_prints_the_assembly_version()
    {
        var result = Cli.Run("--version");

        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith(typeof(HarnessCli).Assembly.GetName().Version!.ToString(3), result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void An_option_and_its_value_may_be_joined_by_an_equals_sign()
    {
        var spaced = Cli.Run("list", "--family", "SHA-256", "--provider", "os", "--json");
        var joined = Cli.Run("list", "--family=SHA-256", "--provider=os", "--json");

        Assert.Equal(0, joined.ExitCode);
        Assert.Contains("\"provider\": \"os\"", joined.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("\"provider\": \"managed\"", joined.Out, StringComparison.Ordinal);
        Assert.Equal(spaced.Out, joined.Out);
    }

    /// <summary>Scripts take job, scenario and family names from <c>list --json</c>: every one the harness knows, whatever the filters.</summary>
    [Fact]
    public void List_json_names_every_family_job_and_scenario()
    {
        var listed = Cli.Run("list", "--family", "SHA-256", "--json");
        Assert.Equal(0, listed.ExitCode);
        using var document = System.Text.Json.JsonDocument.Parse(listed.Out);
        var root = document.RootElement;
        Assert.Equal(Registry.Families, root.GetProperty("families").EnumerateArray().Select(f => f.GetString()));
        Assert.Equal(JobPreset.All.Select(j => (j.Name, j.Description)),
            root.GetProperty("jobs").EnumerateArray().Select(j => (j.GetProperty("name").GetString()!, j.GetProperty("description").GetString()!)));
        Assert.Equal(ScenarioRegistry.Names, root.GetProperty("scenarios").EnumerateArray().Select(s => s.GetProperty("name").GetString()));
        Assert.All(root.GetProperty("implementations").EnumerateArray(), e => Assert.Equal("SHA-256", e.GetProperty("algorithm").GetString()));
    }

    [Fact]
    public void A_repeatable_option_takes_every_launch()
    {
        var parsed = HarnessCli.Parse(["compare", "--base", "a", "--base=b", "--diff", "c"]);

        Assert.Empty(parsed.Errors);
        Assert.Equal(["a", "b"], parsed.GetValue<string[]>("--base")!);
    }

    [Fact]
    public void Tables_are_plain_text_when_not_interactive_and_drawn_when_interactive()
    {
        using var plainOut = new StringWriter();
        using var drawnOut = new StringWriter();
        Assert.Equal(0, HarnessCli.Run(["list", "--family", "SHA-256"], new HarnessConsole(plainOut, TextWriter.Null, TextReader.Null, Interactive: false)));
        Assert.Equal(0, HarnessCli.Run(["list", "--family", "SHA-256"], new HarnessConsole(drawnOut, TextWriter.Null, TextReader.Null, Interactive: true)));
        var plain = plainOut.ToString();
        var drawn = drawnOut.ToString();

        // Plain: a header line, a dashed rule, one line per entry, as logs and scripts read it.
        var lines = plain.Split('\n');
        Assert.StartsWith("Id ", lines[0], StringComparison.Ordinal);
        Assert.Matches("^-+  -+", lines[1]);
        Assert.Contains("sha256/os", plain, StringComparison.Ordinal);

        // Drawn: the same cells inside a border.
        Assert.NotEqual(plain, drawn);
        Assert.Contains("sha256/os", drawn, StringComparison.Ordinal);
        Assert.Matches("[│|]", drawn);
        Assert.DoesNotMatch("^-+  -+", drawn.Split('\n')[1]);
    }
}
