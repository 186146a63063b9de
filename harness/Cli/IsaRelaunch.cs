using System.CommandLine;
using System.Diagnostics;
using System.Runtime.InteropServices;

namespace CryptoHarness.Cli;

/// <summary>
/// <c>--isa LEVEL</c>: the command runs again in a child process whose runtime hides the instruction sets above LEVEL
/// (<see cref="InstructionSetEmulation"/>), so the gate and every measurement take that level's paths, and the run is
/// recorded as emulated. BenchmarkDotNet's own child processes (the <c>default</c> job) inherit the switches.
/// </summary>
internal static class IsaRelaunch
{
    /// <summary>Null when the command should run in this process; otherwise the child's exit code, its output relayed.</summary>
    public static int? Run(EmulatedLevel level, ParseResult parsed, TextWriter stdout, TextWriter stderr)
    {
        // The command line as parsed (an --opt=value split in two) starts the command again.
        var args = parsed.Tokens.Select(t => t.Value).ToArray();
        var name = level.Name;
        if (RuntimeInformation.ProcessArchitecture != Architecture.X64)
        {
            throw new UsageException($"--isa emulates x86-64 levels; this machine is {RuntimeInformation.ProcessArchitecture}.");
        }

        if (InstructionSetEmulation.Current is { } current)
        {
            // The child: check that the runtime really hid what the level lacks before anything is verified or timed.
            return current.Level == name && level.Holds() ? null
                : throw new UsageException($"--isa {name}: the runtime still reports {MachineInfo.InstructionSetLevel()} with {string.Join(" ", level.Switches.Select(s => $"{s.Key}={s.Value}"))}; this .NET may not honour those switches.");
        }

        var host = MachineInfo.InstructionSetLevel();
        if (Rank(host) < Rank(name))
        {
            throw new UsageException($"--isa {name}: this CPU is {host}, and a level can only be emulated at or below the CPU's own. Valid here: {string.Join(", ", InstructionSetEmulation.Names.Where(n => Rank(n) <= Rank(host)))}.");
        }

        if (name == host)
        {
            return null; // the host's own level: a plain run
        }

        return Relaunch(level, host, args, stdout, stderr);
    }

    private static int Relaunch(EmulatedLevel level, string host, IReadOnlyList<string> args, TextWriter stdout, TextWriter stderr)
    {
        var process = Environment.ProcessPath ?? throw new UsageException("--isa: cannot tell which program is running to start it again.");
        var start = new ProcessStartInfo(process)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };

        // Under `dotnet Harness.dll` the host is dotnet and the harness its first argument; under the apphost, itself.
        if (Path.GetFileNameWithoutExtension(process).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            start.ArgumentList.Add(typeof(IsaRelaunch).Assembly.Location);
        }

        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        foreach (var (variable, value) in level.Switches)
        {
            start.Environment[variable] = value;
        }

        start.Environment[InstructionSetEmulation.LevelVariable] = level.Name;
        start.Environment[InstructionSetEmulation.HostVariable] = host;

        using var child = Process.Start(start) ?? throw new UsageException($"--isa {level.Name}: could not start {process}.");
        var gate = new object();
        child.OutputDataReceived += (_, e) => Relay(e.Data, stdout, gate);
        child.ErrorDataReceived += (_, e) => Relay(e.Data, stderr, gate);
        child.BeginOutputReadLine();
        child.BeginErrorReadLine();
        child.WaitForExit();
        return child.ExitCode;
    }

    private static void Relay(string? line, TextWriter writer, object gate)
    {
        if (line is null)
        {
            return;
        }

        lock (gate)
        {
            writer.WriteLine(line);
        }
    }

    /// <summary>x86-64-v4 above v3 above v2 above plain x86-64 above no SIMD at all.</summary>
    private static int Rank(string level) => level switch
    {
        "x86-64-v4" => 4,
        "x86-64-v3" => 3,
        "x86-64-v2" => 2,
        "x86-64" => 1,
        _ => 0,
    };
}
