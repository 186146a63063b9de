using System.Text.Json;
using CryptoHarness.Implementations;
using CryptoHarness.Results;
using CryptoHarness.Running;
using CryptoHarness.Selecting;

namespace CryptoHarness.Cli;

/// <summary>
/// <c>harness touched --changed-files &lt;file | -&gt; [--all] [--json]</c>: the families a change must measure. The first line
/// is the filter to pass to <c>run --family</c> (families comma-separated), or <c>all</c>, or <c>none</c>; then one
/// line per changed file with what it selects and why. <c>--json</c> prints the same as one object, with the number
/// of one-shot cases the selection measures per launch (for the workflow's time budget). <c>--all</c> selects every
/// family whatever the files (the workflow's <c>benchmark-all</c> label), still listing what each file selects.
/// </summary>
public static class TouchedCommand
{
    public static int Run(Arguments arguments, TextReader stdin, TextWriter stdout)
    {
        var source = arguments.Value("changed-files")
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
        if (arguments.Has("all"))
        {
            selection = selection with { Families = Registry.Families, All = true };
        }

        var measured = HarnessCommand.ForScenario("oneshot", Registry.Implementations.Where(i => selection.Families.Contains(i.Algorithm.Family)).ToArray());
        var cases = measured.Sum(i => Workload.OperationsOf(i).Count) * HarnessCommand.DefaultSizes.Count;
        if (arguments.Has("json"))
        {
            stdout.WriteLine(JsonSerializer.Serialize(new Dictionary<string, object?>
            {
                ["filter"] = selection.Filter,
                ["all"] = selection.All,
                ["families"] = selection.Families,
                ["cases"] = cases,
                ["files"] = selection.Files.Select(f => new Dictionary<string, object?>
                {
                    ["path"] = f.Path,
                    ["families"] = f.All ? "all" : f.Families,
                    ["reason"] = f.Reason,
                }),
            }, SummaryFile.Options));
            return HarnessCommand.Success;
        }

        stdout.WriteLine(selection.Filter);
        foreach (var file in selection.Files)
        {
            var families = file.All ? "all" : file.Families.Count == 0 ? "none" : string.Join(",", file.Families);
            stdout.WriteLine($"  {file.Path} -> {families}: {file.Reason}");
        }

        stdout.WriteLine($"  {cases} one-shot case(s) per launch");
        return HarnessCommand.Success;
    }
}
