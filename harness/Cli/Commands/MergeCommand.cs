using System.CommandLine;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness merge --runs DIR [--out ROOT] [--templates DIR]</c>: applies several runs (one per machine, as the matrix
/// workflow uploads them) to <c>reports/&lt;machine&gt;/</c> and <c>machine-specs/</c>, then renders the cross-machine page.
/// </summary>
internal static class MergeCommand
{
    public static Command Create(HarnessConsole console)
    {
        var runsOption = new Option<string?>("--runs") { Description = "The folder holding the runs' summary.json files, at any depth.", HelpName = "DIR" };
        var output = HarnessOptions.Out("The repository root to write reports/ and machine-specs/ under (default: this repository).");
        output.HelpName = "ROOT";
        var templates = HarnessOptions.Templates();
        var command = new Command("merge", "Every summary.json below DIR, oldest first, into reports/<machine>/ and machine-specs/, then reports/cross-machine.md.")
        {
            runsOption, output, templates,
        };
        command.SetAction(parsed => Merge(parsed.GetValue(runsOption), parsed.GetValue(output), parsed.GetValue(templates), console.Out));
        return command;
    }

    private static int Merge(string? runsFolder, string? output, string? templates, TextWriter stdout)
    {
        var runs = runsFolder ?? throw new UsageException("merge needs --runs <folder holding the runs' summary.json files, at any depth>.");
        if (!Directory.Exists(runs))
        {
            throw new UsageException($"{runs}: no such folder; pass the folder the matrix jobs' runs were downloaded into.");
        }

        var root = output ?? RepositoryRoot.Find();
        OutputFolder.CheckFolder(root, "out");
        // Links are not followed and every summary must stay inside the folder: a link loop cannot merge a run twice.
        var files = InputFile.Files(runs, SummaryFile.FileName, recurse: true);
        var summaries = files
            .Where(f => !SummaryFile.IsInterrupted(Path.GetDirectoryName(f)!))
            .Select(f => SummaryFile.Load(f, runs))
            .OrderBy(s => s.Run.Utc)
            .ToArray();
        if (summaries.Length == 0)
        {
            throw new UsageException($"{runs}: no {SummaryFile.FileName} of a finished run below this folder; valid input is a folder of run folders written by 'harness run'.");
        }

        // One machine key names one machine: two CPUs under one key would merge as one machine, the newer CPU
        // overwriting the other's spec.
        foreach (var machine in summaries.GroupBy(s => s.Run.MachineKey, StringComparer.Ordinal))
        {
            // CPUID's identity, where recorded, also tells apart CPUs whose model names are the same (a generic cloud
            // name); runs written before it was recorded cannot be told apart by it.
            var cpus = machine.Select(s => s.Run.Cpu).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToArray();
            if (cpus.Length == 1)
            {
                cpus = machine.Select(s => s.Run.CpuIdentity).OfType<string>().Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToArray();
            }

            if (cpus.Length > 1)
            {
                throw new UsageException($"{runs}: machine key {SummaryValidation.Quote(machine.Key)} is given to runs on different CPUs, {SummaryValidation.Quote(cpus[0])} and {SummaryValidation.Quote(cpus[1])}; valid: one CPU per machine key (runs of different machines have different keys).");
            }
        }

        // Each run against the data already kept for its machine, before anything is written.
        foreach (var summary in summaries)
        {
            ReportWriter.RefuseAnotherCpu(summary.Run, null, root);
        }

        var stage = ScenarioRegistry.Stage(templates ?? ReportStage.DefaultTemplatesDirectory);
        var written = new List<string>();
        // Oldest first: a later run of the same machine and algorithm replaces the earlier one's data, as a later
        // `harness run` would.
        foreach (var summary in summaries)
        {
            written.AddRange(ReportWriter.Write(stage, summary, null, root));
        }

        var reports = Path.Combine(root, "reports");
        var page = stage.RenderTemplate(SiteModel.CrossMachineTemplate, SiteModel.CrossMachine(SiteCommand.LoadMachines(reports), stage.Kinds, stage.Scenarios));
        written.AddRange(ReportStage.Write([new(SiteModel.CrossMachinePage, page)], reports, root));
        foreach (var path in written)
        {
            stdout.WriteLine($"Wrote {path}");
        }

        // A run folder the matrix uploaded without its summary was interrupted: say so rather than skip it silently.
        foreach (var marker in InputFile.Files(runs, SummaryFile.IncompleteMarker, recurse: true))
        {
            var folder = Path.GetDirectoryName(marker)!;
            stdout.WriteLine(files.Contains(Path.Combine(folder, SummaryFile.FileName), StringComparer.Ordinal)
                ? $"Skipped {folder}: interrupted (it still holds {SummaryFile.IncompleteMarker}); its {SummaryFile.FileName} was not merged."
                : $"Skipped {folder}: the run did not finish (no {SummaryFile.FileName}).");
        }

        stdout.WriteLine($"Merged {summaries.Length} run(s) of {summaries.Select(s => s.Run.MachineKey).Distinct().Count()} machine(s).");
        return HarnessCli.Success;
    }
}
