using System.Management.Automation;
using System.Management.Automation.Runspaces;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests;

/// <summary>
/// Runs a script of <c>scripts/</c> in the real PowerShell engine (System.Management.Automation) hosted in this process,
/// as <c>pwsh -File</c> would: the default session state (core cmdlets only, as the engine ships), named parameters, and
/// the exit code pwsh gives: the script's <c>exit</c> value, 1 for a terminating error, else 0.
/// </summary>
public static class PowerShellScript
{
    /// <summary>
    /// What the script wrote: <see cref="Output"/> is its pipeline (in pwsh, the console), native commands' standard
    /// output included; <see cref="Errors"/> holds error records, native commands' standard error included (pwsh shows it
    /// on the console), and a terminating error's message last.
    /// </summary>
    public sealed record Result(int ExitCode, IReadOnlyList<string> Output, IReadOnlyList<string> Errors, IReadOnlyList<string> Warnings)
    {
        public override string ToString() =>
            $"exit {ExitCode}\nout:\n{string.Join('\n', Output)}\nerrors:\n{string.Join('\n', Errors)}\nwarnings:\n{string.Join('\n', Warnings)}";
    }

    public static string PathOf(string script) => Path.Combine(RepositoryRoot.Find(), "scripts", script);

    /// <param name="parameters">Named parameters; a switch is given as <c>true</c>.</param>
    public static Result Run(string script, params (string Name, object Value)[] parameters)
    {
        using var runspace = RunspaceFactory.CreateRunspace(InitialSessionState.CreateDefault2());
        runspace.Open();
        using var shell = PowerShell.Create(runspace);
        shell.AddCommand(PathOf(script));
        foreach (var (name, value) in parameters)
        {
            shell.AddParameter(name, value);
        }

        // Collected as it comes, so what the script printed before a terminating error is kept.
        using var output = new PSDataCollection<PSObject>();
        string? terminatingError = null;
        int exitCode;
        try
        {
            shell.Invoke(input: null, output);
            // `exit N` ends the script and leaves N in $LASTEXITCODE; a script that ends normally after a native command
            // leaves that command's code (0, since a non-zero one stops these scripts).
            exitCode = runspace.SessionStateProxy.GetVariable("LASTEXITCODE") is int code ? code : 0;
        }
        catch (RuntimeException terminating)
        {
            terminatingError = terminating.Message;
            exitCode = 1;
        }

        var errors = shell.Streams.Error.Select(e => e.ToString()).Append(terminatingError).OfType<string>().ToArray();
        return new Result(exitCode, output.Select(o => o?.ToString() ?? "").ToArray(), errors, shell.Streams.Warning.Select(w => w.Message).ToArray());
    }
}
