using System.CommandLine;
using CryptoHarness.Gate;

namespace CryptoHarness.Cli.Commands;

/// <summary><c>harness verify [filters] [--sizes …] [password options] [--isa LEVEL]</c>: the correctness gate alone; exit 1 if any fails.</summary>
internal static class VerifyCommand
{
    public static Command Create(HarnessConsole console)
    {
        var gate = new GateOptions();
        var command = new Command("verify", "The correctness gate alone: known answers, then a cross-check of all providers of each algorithm. Exit 1 if any fails.");
        gate.AddTo(command);
        command.SetAction(parsed =>
        {
            if (gate.RunAtIsaLevel(parsed, console) is { } exitCode)
            {
                return exitCode;
            }

            var selected = gate.Filters.Select(parsed);
            var sets = gate.Password.FirstGiven(parsed) is not null ? gate.Password.Sets(parsed, selected) : [];
            var verdicts = GateTable.Verify(selected, gate.Sizes(parsed), console, sets);
            return verdicts.Any(v => v.Status == GateStatus.Failed) ? HarnessCli.ImplementationFailed : HarnessCli.Success;
        });
        return command;
    }
}
