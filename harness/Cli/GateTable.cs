using CryptoHarness.Gate;
using CryptoHarness.Running;

namespace CryptoHarness.Cli;

/// <summary>The correctness gate as the commands that run it print it: a line saying what it checks, then a verdict per implementation.</summary>
internal static class GateTable
{
    public static IReadOnlyList<GateVerdict> Verify(
        IReadOnlyList<IImplementation> selected, IReadOnlyList<int> sizes, HarnessConsole console, IReadOnlyList<PasswordParameterSet>? passwordSets = null, RunProgress? progress = null)
    {
        console.Out.WriteLine($"Correctness gate: {selected.Count} implementation(s), known answers and cross-check (seed {CorrectnessGate.Seed}).");
        var verdicts = progress?.VerifyGate(selected, sizes, passwordSets) ?? CorrectnessGate.Verify(selected, sizes, passwordSets);
        var table = new ConsoleTable(["Id", "Gate", "Reason"]);
        foreach (var verdict in verdicts)
        {
            table.Add(verdict.Id, verdict.Status switch
            {
                GateStatus.Passed => "passed",
                GateStatus.Failed => "FAILED",
                _ => "unsupported",
            }, verdict.Reason ?? "");
        }

        table.WriteTo(console);
        return verdicts;
    }
}
