using System.CommandLine;
using CryptoHarness.Reporting;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness run [filters] [--job …] [--sizes …] [--scenario …] [each scenario's options: --stream-size …] [password options] [--isa LEVEL]
/// [--results DIR] [--out DIR] [--quiet] [--verbose]</c>: the gate, then BenchmarkDotNet on what passed, then
/// <c>summary.json</c>, the reports and the closing comparison table.
/// </summary>
internal static class RunCommand
{
    public static Command Create(HarnessConsole console)
    {
        var gate = new GateOptions();
        var job = HarnessOptions.Job();
        var scenario = HarnessOptions.Parsed("--scenario", ScenarioRegistry.OptionHelp, string.Join("|", ScenarioRegistry.Names), ScenarioRegistry.Parse);
        var results = HarnessOptions.RunFolders();
        var output = HarnessOptions.Out("Write the reports here instead of the repository's reports/ and machine-specs/.");
        var quiet = new Option<bool>("--quiet") { Description = "No progress display or lines (BenchmarkDotNet's log still goes to its file in the run folder)." };
        var verbose = HarnessOptions.Verbose();
        var command = new Command("run", "Gate, then BenchmarkDotNet on what passed, then summary.json and the reports.")
        {
            job, scenario,
        };
        foreach (var option in ScenarioRegistry.Options)
        {
            command.Options.Add(option);
        }

        foreach (var option in new Option[] { results, output, quiet, verbose })
        {
            command.Options.Add(option);
        }

        gate.AddTo(command);
        command.SetAction(parsed =>
        {
            if (gate.RunAtIsaLevel(parsed, console) is { } exitCode)
            {
                return exitCode;
            }

            var selected = gate.Filters.Select(parsed);
            var misplaced = gate.Password.FirstGiven(parsed);
            var named = parsed.GetValue(scenario) ?? ScenarioRegistry.Default(selected, misplaced is not null);
            var chosen = named.Measurement;
            selected = ScenarioSelection.Require(chosen, selected);
            if (!chosen.TakesPasswordSets && misplaced is not null)
            {
                throw new UsageException($"{misplaced} applies to password hashes; valid with --scenario {string.Join(" or ", ScenarioRegistry.TakingPasswordSets)} "
                    + $"or --family Argon2/bcrypt, not with --scenario {chosen.Name}.");
            }

            var plan = new RunPlan(chosen, selected, gate.Sizes(parsed), parsed.GetValue(job) ?? JobPreset.Quick,
                chosen.TakesPasswordSets ? gate.Password.Sets(parsed, selected) : [],
                named.Options?.Settings(parsed),
                parsed.GetValue(quiet), parsed.GetValue(verbose));
            return Run(plan, parsed.GetValue(results), parsed.GetValue(output), console);
        });
        return command;
    }

    private static int Run(RunPlan plan, string? results, string? output, HarnessConsole console)
    {
        var root = RepositoryRoot.Find();
        var started = DateTimeOffset.UtcNow;
        var run = RunDescription.Run(plan.Selected, plan.Job.Name, plan.Job.Description, root, started) with
        {
            Scenario = plan.Scenario.Name,
            ChunkBytes = plan.Scenario.ChunkBytes,
        };
        // Before measuring: a folder of another CPU's pages would refuse this run's only at the end.
        ReportWriter.RefuseAnotherCpu(run, output, root);
        var runFolder = RunFolder.Open(results ?? RunFolder.DefaultParent(root), output ?? root, run.MachineKey, started, plan.Job.Name);
        using var interruption = RunFolder.SayIfInterrupted(runFolder, console.Error);
        console.Out.WriteLine($"Run folder: {runFolder}");

        var progress = RunProgress.Create(console.Out, plan.Verbose, plan.Quiet);
        var verdicts = GateTable.Verify(plan.Selected, plan.Sizes, console, plan.PasswordSets, progress);
        var summary = BenchmarkRun.Measure(plan, run, verdicts, runFolder, progress);
        var summaryPath = RunFolder.Finish(runFolder, summary);
        var written = ReportWriter.Write(ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory), summary, output, root);

        console.Out.WriteLine();
        var table = new ConsoleTable(ComparisonTable.Headers);
        foreach (var row in ComparisonTable.Rows(summary))
        {
            table.Add(row);
        }

        table.WriteTo(console);
        console.Out.WriteLine();
        console.Out.WriteLine($"Summary: {summaryPath}");
        return Printed.WrittenAndFailures(console, written, summary.Failures);
    }
}
