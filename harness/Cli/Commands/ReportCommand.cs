using System.CommandLine;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness report --results &lt;run folder | summary.json | reports/&lt;machine&gt;/data&gt; [--out DIR] [--templates DIR]</c>:
/// re-renders reports from normalized results, measuring nothing.
/// </summary>
internal static class ReportCommand
{
    public static Command Create(HarnessConsole console)
    {
        var results = HarnessOptions.Results("A run folder, its summary.json, or a machine's reports/<machine>/data folder.");
        results.HelpName = "RUN|summary.json|DATA";
        var output = HarnessOptions.Out("Write every file here instead of the repository's reports/ and machine-specs/.");
        var templates = HarnessOptions.Templates();
        var command = new Command("report", "Re-render reports from normalized results; given a machine's data/ folder, every page from the per-algorithm data.")
        {
            results, output, templates,
        };
        command.SetAction(parsed => Report(parsed.GetValue(results), parsed.GetValue(output), parsed.GetValue(templates), console));
        return command;
    }

    private static int Report(string? results, string? output, string? templates, HarnessConsole console)
    {
        var source = results ?? throw new UsageException("report needs --results <run folder, summary.json or a reports data folder>.");
        OutputFolder.CheckFolder(output ?? RepositoryRoot.Find(), "out");
        var stage = ScenarioRegistry.Stage(templates ?? ReportStage.DefaultTemplatesDirectory);
        if (IsDataFolder(source))
        {
            // A machine's data/ folder: re-render its pages from the per-algorithm results, measuring nothing.
            var algorithms = FamilyData.Load(source).Values.ToArray();
            var files = stage.RenderData(algorithms, output is null ? ReportWriter.SpecPath(algorithms[0].Run.MachineKey) : "machine-spec.md");
            var root = RepositoryRoot.Find();
            var target = output ?? Path.Combine(root, "reports", algorithms[0].Run.MachineKey);
            Printed.Written(console, ReportStage.Write(files, target, output ?? root));
            return HarnessCli.Success;
        }

        var summary = SummaryFile.Load(source);
        Printed.Written(console, ReportWriter.Write(stage, summary, output, RepositoryRoot.Find()));
        return HarnessCli.Success;
    }

    /// <summary>A folder of per-algorithm data (<c>reports/&lt;machine&gt;/data</c>) rather than a run folder.</summary>
    public static bool IsDataFolder(string path) =>
        Directory.Exists(path)
        && !File.Exists(Path.Combine(path, SummaryFile.FileName))
        && InputFile.Files(path, "*.json", recurse: false).Count > 0;
}
