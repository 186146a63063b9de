using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests.Site;

/// <summary>
/// The committed site built by the real DocFX, the repository's local tool (<c>.config/dotnet-tools.json</c>), as the
/// README builds it: <c>dotnet tool restore</c>, then <c>dotnet docfx build docs/docfx.json --warningsAsErrors</c>, into a
/// temporary folder so that no <c>_site</c> is written into the repository. Built once for the tests that look at it.
/// </summary>
public sealed partial class DocfxBuild : IDisposable
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(5);

    private readonly CommittedTree _committed;
    private readonly TestFolder _output = new();

    public DocfxBuild()
    {
        _committed = CommittedTree.Open();
        var repository = RepositoryRoot.Find();
        var clock = Stopwatch.StartNew();
        var restore = Run(repository, "tool", "restore");
        if (restore.ExitCode != 0)
        {
            Failure = $"dotnet tool restore exited {restore.ExitCode}:\n{restore.Output}";
            return;
        }

        var build = Run(repository, "docfx", "build", _committed.Combine("docs", "docfx.json"), "--warningsAsErrors", "--output", _output.Path);
        Elapsed = clock.Elapsed;
        ExitCode = build.ExitCode;
        Output = build.Output;
        Warnings = Count(WarningsLine(), build.Output);
        Errors = Count(ErrorsLine(), build.Output);
    }

    /// <summary>Why the build did not run (the tool could not be restored); null when it ran.</summary>
    public string? Failure { get; }

    public int ExitCode { get; } = -1;

    public string Output { get; } = "";

    /// <summary>DocFX's own count of warnings and errors, from its closing lines; -1 where it printed none.</summary>
    public int Warnings { get; } = -1;

    public int Errors { get; } = -1;

    /// <summary>The restore and the build together.</summary>
    public TimeSpan Elapsed { get; }

    /// <summary>The built site (DocFX's output folder).</summary>
    public string Site => _output.Path;

    private static int Count(Regex line, string output) =>
        line.Matches(output) is { Count: > 0 } matches ? int.Parse(matches[^1].Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) : -1;

    [GeneratedRegex(@"^\s*(\d+) warning\(s\)\s*$", RegexOptions.Multiline)]
    private static partial Regex WarningsLine();

    [GeneratedRegex(@"^\s*(\d+) error\(s\)\s*$", RegexOptions.Multiline)]
    private static partial Regex ErrorsLine();

    /// <summary><c>dotnet</c> with <paramref name="arguments"/> in <paramref name="directory"/>, where the tool manifest is found; stdout and stderr together.</summary>
    private static (int ExitCode, string Output) Run(string directory, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet", arguments)
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        var output = new StringBuilder();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Append(e.Data);
        process.ErrorDataReceived += (_, e) => Append(e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(Limit))
        {
            process.Kill(entireProcessTree: true);
            return (-1, $"dotnet {string.Join(' ', arguments)}: still running after {Limit.TotalMinutes} minutes, stopped.\n{output}");
        }

        process.WaitForExit(); // the output handlers have run
        return (process.ExitCode, output.ToString());

        void Append(string? line)
        {
            if (line is not null)
            {
                lock (output)
                {
                    output.AppendLine(line);
                }
            }
        }
    }

    public void Dispose()
    {
        _output.Dispose();
        _committed.Dispose();
    }
}
