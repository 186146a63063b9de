using System.Text.Json;

namespace CryptoHarness.Cli;

/// <summary>The closing lines of a command that writes files and may have failures.</summary>
internal static class Printed
{
    /// <summary>JSON as the summary writes it, field names in camelCase as the scripts and workflows read them.</summary>
    public static readonly JsonSerializerOptions Json = new(SummaryFile.Options) { PropertyNamingPolicy = JsonNamingPolicy.CamelCase };

    /// <summary>"Wrote …" per file, "FAILED …" per failure; the exit code those failures give.</summary>
    public static int WrittenAndFailures(HarnessConsole console, IEnumerable<string> written, IEnumerable<Failure> failures)
    {
        Written(console, written);
        var failed = 0;
        foreach (var failure in failures)
        {
            console.Out.WriteLine($"FAILED {failure.Id}: {failure.Reason}");
            failed++;
        }

        return failed > 0 ? HarnessCli.ImplementationFailed : HarnessCli.Success;
    }

    public static void Written(HarnessConsole console, IEnumerable<string> written)
    {
        foreach (var path in written)
        {
            console.Out.WriteLine($"Wrote {path}");
        }
    }
}
