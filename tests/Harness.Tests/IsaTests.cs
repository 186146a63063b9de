using System.Diagnostics;
using CryptoHarness.Results;

namespace CryptoHarness.Tests;

/// <summary><c>--isa</c>: a child process at an emulated level, what it records, and what the pages say.</summary>
public sealed class IsaTests
{
    [Fact]
    public void The_gate_runs_again_in_a_child_that_cannot_see_the_hidden_instruction_sets()
    {
        var host = MachineInfo.InstructionSetLevel();
        if (host != "x86-64-v4")
        {
            // A lower CPU: asking for v4 is refused with one line and exit 2, which is the other half of the rule.
            var refused = Harness("verify", "--family", "BLAKE3", "--isa", "x86-64-v4");
            Assert.Equal(2, refused.ExitCode);
            Assert.StartsWith("harness: --isa x86-64-v4: this CPU is", refused.Error, StringComparison.Ordinal);
            return;
        }

        Assert.Contains("blake3/managed/avx512", Harness("verify", "--family", "BLAKE3").Out, StringComparison.Ordinal);
        var emulated = Harness("verify", "--family", "BLAKE3", "--isa", "x86-64-v3");
        Assert.True(emulated.ExitCode == 0, emulated.Out + emulated.Error);
        Assert.Contains("blake3/managed/avx2", emulated.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("avx512", emulated.Out, StringComparison.Ordinal);

        var scalar = Harness("verify", "--family", "BLAKE3", "--isa", "scalar");
        Assert.True(scalar.ExitCode == 0, scalar.Out + scalar.Error);
        Assert.Contains("blake3/managed/scalar", scalar.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("ssse3", scalar.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void An_emulated_level_is_marked_in_the_machine_key_and_explained_on_the_pages()
    {
        Assert.Equal("", InstructionSetEmulation.Note("x86-64-v4", null));
        Assert.Equal("", InstructionSetEmulation.Note("x86-64-v4", "x86-64-v4"));
        var note = InstructionSetEmulation.Note("x86-64-v3", "x86-64-v4");
        Assert.StartsWith("x86-64-v3 emulated on an x86-64-v4 CPU", note, StringComparison.Ordinal);
        Assert.Contains("microarchitecture", note, StringComparison.Ordinal);
        // A plain process is not emulated, so its key level is the measured one.
        Assert.Null(InstructionSetEmulation.Current);
        Assert.Equal("x86-64-v3", InstructionSetEmulation.KeyLevel("x86-64-v3"));
    }

    private static Cli.Result Harness(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Harness.dll"));
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return new Cli.Result(process.ExitCode, output, error.Result);
    }
}
