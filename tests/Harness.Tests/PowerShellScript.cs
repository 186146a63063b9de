using System.Diagnostics;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests;

/// <summary>
/// Runs a script of <c>scripts/</c> as users run it: <c>dotnet pwsh -NoProfile -NonInteractive -File</c>, the PowerShell
/// pinned in <c>.config/dotnet-tools.json</c>, restored here once per test run (so the README's test command needs no
/// set-up of its own), with its standard output and error redirected as a CI log would take them.
/// </summary>
public static class PowerShellScript
{
    /// <summary>What the script wrote to standard output and standard error, line by line, and its exit code.</summary>
    public sealed record Result(int ExitCode, IReadOnlyList<string> Output, IReadOnlyList<string> Errors)
    {
        public override string ToString() =>
            $"exit {ExitCode}\nout:\n{string.Join('\n', Output)}\nerrors:\n{string.Join('\n', Errors)}";
    }

    public static string PathOf(string script) => Path.Combine(RepositoryRoot.Find(), "scripts", script);

    /// <param name="parameters">Named parameters; a switch is given as <c>true</c>.</param>
    public static Result Run(string script, params (string Name, object Value)[] parameters) =>
        RunIn(RepositoryRoot.Find(), PathOf(script), parameters);

    /// <summary>Runs <paramref name="scriptPath"/> with <paramref name="workingDirectory"/> as the current folder.</summary>
    public static Result RunIn(string workingDirectory, string scriptPath, params (string Name, object Value)[] parameters)
    {
        var arguments = new List<string> { "-NoProfile", "-NonInteractive", "-File", scriptPath };
        foreach (var (name, value) in parameters)
        {
            arguments.Add($"-{name}");
            if (value is not true)
            {
                arguments.Add(Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture)!);
            }
        }

        return Pwsh(workingDirectory, arguments);
    }

    /// <summary>Runs <paramref name="command"/> (PowerShell source) with <c>-Command</c>.</summary>
    public static Result Command(string command) =>
        Pwsh(RepositoryRoot.Find(), ["-NoProfile", "-NonInteractive", "-Command", command]);

    private static Result Pwsh(string workingDirectory, IEnumerable<string> arguments)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        // `dotnet pwsh` finds the local tool from the repository's manifest, whatever the script's working folder.
        start.ArgumentList.Add("tool");
        start.ArgumentList.Add("run");
        start.ArgumentList.Add("pwsh");
        start.ArgumentList.Add("--");
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["POWERSHELL_TELEMETRY_OPTOUT"] = "1";
        start.Environment["POWERSHELL_UPDATECHECK"] = "Off";
        ToolsRestored.Value.ToString();

        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return new Result(process.ExitCode, Lines(output), Lines(error.Result));
    }

    private static string[] Lines(string text) =>
        text.Length == 0 ? [] : text.ReplaceLineEndings("\n").TrimEnd('\n').Split('\n');

    /// <summary><c>dotnet tool restore</c> once: the pinned pwsh and docfx, from the package source.</summary>
    private static readonly Lazy<bool> ToolsRestored = new(() =>
    {
        var start = new ProcessStartInfo("dotnet", "tool restore")
        {
            WorkingDirectory = RepositoryRoot.Find(),
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return process.ExitCode == 0
            ? true
            : throw new InvalidOperationException($"dotnet tool restore failed ({process.ExitCode}): {output}{error.Result}");
    });
}
