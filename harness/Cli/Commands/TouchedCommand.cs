using System.CommandLine;
using System.Text.Json;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness touched --changed-files &lt;file | -&gt; [--all] [--json]</c>: the families a change must measure. The first line
/// is the filter to pass to <c>run --family</c> (families comma-separated), or <c>all</c>, or <c>none</c>; then one
/// line per changed file with what it selects and why. <c>--json</c> prints the same as one object, with the number
/// of one-shot cases the selection measures per launch (for the workflow's time budget). <c>--all</c> selects every
/// family whatever the files (the workflow's <c>benchmark-all</c> label), still listing what each file selects.
/// </summary>
internal static class TouchedCommand
{
    /// <summary>What <c>--json</c> prints. A file's families are <c>"all"</c> or a list, as the workflow reads them.</summary>
    private sealed record Selection(string Filter, bool All, IReadOnlyList<string> Families, int Cases, IReadOnlyList<FileSelection> Files);

    private sealed record FileSelection(string Path, object Families, string Reason);

    public static Command Create(HarnessConsole console)
    {
        var changedFiles = new Option<string?>("--changed-files") { Description = "A file with one repository-relative path per line, or - for standard input.", HelpName = "FILE|-" };
        var all = new Option<bool>("--all") { Description = "Select every family whatever the files (the workflow's benchmark-all label)." };
        var json = HarnessOptions.Json();
        var command = new Command("touched", "The families a change must measure: the --family filter, then what each changed file selects and why.")
        {
            changedFiles, all, json,
        };
        command.SetAction(parsed => Run(parsed.GetValue(changedFiles), parsed.GetValue(all), parsed.GetValue(json), console));
        return command;
    }

    private static int Run(string? changedFiles, bool all, bool json, HarnessConsole console)
    {
        var stdin = console.In;
        var stdout = console.Out;
        var source = changedFiles
            ?? throw new UsageException("touched needs --changed-files <file with one path per line, or - for standard input>.");
        string[] lines;
        if (source == "-")
        {
            lines = stdin.ReadToEnd().Split('\n');
        }
        else if (File.Exists(source))
        {
            lines = File.ReadAllLines(source);
        }
        else
        {
            throw new UsageException($"--changed-files '{source}': no such file. Valid: a file with one repository-relative path per line, or - for standard input.");
        }

        var map = SourceMap.Build(Registry.Implementations, RepositoryRoot.Find());
        var selection = TouchedFamilies.Select(lines, map, Registry.Implementations);
        if (all)
        {
            selection = selection with { Families = Registry.Families, All = true };
        }

        // A full sweep is the default scenario's.
        var measured = ScenarioRegistry.All[0].Measurement.Measured(Registry.Implementations.Where(i => selection.Families.Contains(i.Algorithm.Family)).ToArray());
        var cases = measured.Sum(i => Workloads.OperationsOf(i).Count) * PayloadSizes.Default.Count;
        if (json)
        {
            var files = selection.Files.Select(f => new FileSelection(f.Path, f.All ? "all" : f.Families, f.Reason)).ToArray();
            stdout.WriteLine(JsonSerializer.Serialize(new Selection(selection.Filter, selection.All, selection.Families, cases, files), Printed.Json));
            return HarnessCli.Success;
        }

        stdout.WriteLine(selection.Filter);
        foreach (var file in selection.Files)
        {
            var families = file.All ? "all" : file.Families.Count == 0 ? "none" : string.Join(",", file.Families);
            stdout.WriteLine($"  {file.Path} -> {families}: {file.Reason}");
        }

        stdout.WriteLine($"  {cases} one-shot case(s) per launch");
        return HarnessCli.Success;
    }
}
