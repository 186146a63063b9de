using System.CommandLine;
using CryptoHarness.Gate;
using CryptoHarness.Selecting;

namespace CryptoHarness.Cli.Commands;

/// <summary><c>harness verify [filters] [--sizes …] [password options] [--isa LEVEL]</c>: the correctness gate alone; exit 1 if any fails.</summary>
internal static class VerifyCommand
{
    public static Command Create(HarnessConsole console)
    {
        var filters = new Filters();
        var sizes = HarnessOptions.Sizes();
        var password = new PasswordOptions();
        var isa = HarnessOptions.Isa();
        var command = new Command("verify", "The correctness gate alone: known answers, then a cross-check of all providers of each algorithm. Exit 1 if any fails.")
        {
            sizes, isa,
        };
        filters.AddTo(command);
        password.AddTo(command);
        command.SetAction(parsed =>
        {
            if (parsed.GetValue(isa) is { } level && IsaRelaunch.Run(level, parsed, console.Out, console.Error) is { } exitCode)
            {
                return exitCode;
            }

            var selected = filters.Select(parsed);
            var sets = password.FirstGiven(parsed) is not null ? password.Sets(parsed, selected) : [];
            var verdicts = GateTable.Verify(selected, parsed.GetValue(sizes) ?? PayloadSizes.Default, console, sets);
            return verdicts.Any(v => v.Status == GateStatus.Failed) ? HarnessCli.ImplementationFailed : HarnessCli.Success;
        });
        return command;
    }
}
