using System.CommandLine;
using CryptoHarness.Leaks;
using CryptoHarness.Reporting;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness leaks [--family F] [--algorithm A] [--provider P] [--budget SECONDS] [--results DIR] [--out DIR]</c>: the
/// constant-time check (<see cref="LeakRun"/>, in <c>harness/Scenarios/Leaks/</c>) of every verify and decrypt path the
/// filters select, after the correctness gate; <c>summary.json</c> (scenario <c>leaks</c>) and <c>constant-time.md</c>.
/// Exit 1 only when an implementation failed the gate or answered wrongly while timed: a leak is a finding, not a failure.
/// </summary>
internal static class LeaksCommand
{
    public static Command Create(HarnessConsole console)
    {
        var filters = new Filters();
        var budget = HarnessOptions.Parsed("--budget", LeakRun.BudgetHelp, "SECONDS", text => (TimeSpan?)LeakRun.Budget(text));
        var results = HarnessOptions.RunFolders();
        var output = HarnessOptions.Out("Write constant-time.md here instead of the repository's reports/<machine>/.");
        var command = new Command(LeakRun.ScenarioName, "Gate, then a constant-time check (dudect) of every MAC verify, AEAD decrypt and password verify path the filters select, beside a deliberately leaky control.")
        {
            budget, results, output,
        };
        filters.AddTo(command);
        command.SetAction(parsed => Run(LeakRun.Select(filters.Select(parsed)), parsed.GetValue(budget) ?? TimeSpan.FromSeconds(LeakRun.DefaultBudgetSeconds),
            parsed.GetValue(results), parsed.GetValue(output), console));
        return command;
    }

    private static int Run(IReadOnlyList<Implementations.IImplementation> selected, TimeSpan budget, string? results, string? output, HarnessConsole console)
    {
        var root = RepositoryRoot.Find();
        var started = DateTimeOffset.UtcNow;
        var run = RunDescription.Run(selected, LeakRun.ScenarioName, LeakRun.Description(budget), root, started) with { Scenario = LeakRun.ScenarioName };
        var runFolder = RunFolder.Open(results ?? RunFolder.DefaultParent(root), output ?? root, run.MachineKey, started, LeakRun.ScenarioName);
        using var interruption = RunFolder.SayIfInterrupted(runFolder, console.Error);
        console.Out.WriteLine($"Run folder: {runFolder}");

        // The gate at the lengths and password sets the checks use: nothing is timed before its answers are verified.
        var verdicts = GateTable.Verify(selected, LeakRun.GateSizes, console, LeakRun.GatePasswordSets, RunProgress.Create(console.Out, verbose: false));
        var summary = LeakRun.Measure(run, verdicts, budget, console.Out);
        var summaryPath = RunFolder.Finish(runFolder, summary);
        var written = ReportWriter.Write(ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory), summary, output, root);

        console.Out.WriteLine();
        if (LeakRun.ControlMissed(summary))
        {
            console.Out.WriteLine("WARNING: the control (an early-exit comparison) was not flagged: this run could not see a leak of its size; raise --budget or quieten the machine.");
        }

        console.Out.WriteLine($"Summary: {summaryPath}");
        return Printed.WrittenAndFailures(console, written, summary.Failures);
    }
}
