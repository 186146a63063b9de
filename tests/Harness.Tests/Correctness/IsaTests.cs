using System.Diagnostics;

namespace CryptoHarness.Tests.Correctness;

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
        var emulated = Harness("verify", "--family", "BLAKE3", "--isa", "x86-64-v3").Succeeded();
        Assert.Contains("blake3/managed/avx2", emulated.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("avx512", emulated.Out, StringComparison.Ordinal);

        var scalar = Harness("verify", "--family", "BLAKE3", "--isa", "scalar").Succeeded();
        Assert.Contains("blake3/managed/scalar", scalar.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("ssse3", scalar.Out, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("x86-64-v3", "AVX2", "no_avx512")]
    [InlineData("x86-64-v2", "SSE41", "no_avx512,no_avx2")]
    [InlineData("scalar", "Portable", "no_avx512,no_avx2,no_sse41,no_sse2")]
    public void The_rust_crate_runs_the_code_of_the_level_the_run_shows(string level, string platform, string features)
    {
        if (MachineInfo.InstructionSetLevel() != "x86-64-v4" || !Blake3Shim.Support.IsSupported)
        {
            return; // Nothing is hidden below the CPU's own level, and without cargo there is no crate to load.
        }

        Assert.Equal("1.3.1, running its AVX512 code", Blake3Shim.Version[Blake3Shim.Version.IndexOf("1.", StringComparison.Ordinal)..]);
        using var folder = new TestFolder();
        Harness("run", "--isa", level, "--algorithm", "BLAKE3", "--provider", "blake3-native", "--sizes", "128", "--job", "dry",
            "--results", folder.Combine("results"), "--out", folder.Combine("out"), "--quiet").Succeeded();
        var summary = SummaryFile.Load(Path.GetDirectoryName(folder.OnlySummary())!);
        Assert.EndsWith($", running its {platform} code (the build for the instruction-set level this run shows: cargo features {features})",
            summary.Run.Packages["blake3-native"], StringComparison.Ordinal);
        Assert.Contains("the Rust crate (`blake3-native`) ran a build whose CPU detection stops at this level", File.ReadAllText(folder.Combine("out", "blake3.md")), StringComparison.Ordinal);
    }

    [Theory]
    // What the runtime shows (AVX-512, AVX2, SSE4.1), what the CPU has (the same three): the level's build, and whether
    // the full build would have used more than the run shows (only then is the level's build loaded).
    [InlineData(true, true, true, true, true, true, null, false)]
    [InlineData(false, true, true, true, true, true, "v3", true)]
    [InlineData(false, true, true, false, true, true, "v3", false)]
    [InlineData(false, false, true, true, true, true, "v2", true)]
    [InlineData(false, false, true, false, false, true, "v2", false)]
    [InlineData(false, false, false, false, false, true, "scalar", true)]
    public void The_build_follows_what_the_runtime_shows_and_is_needed_only_where_the_cpu_has_more(
        bool showsAvx512, bool showsAvx2, bool showsSse41, bool cpuAvx512, bool cpuAvx2, bool cpuSse41, string? suffix, bool cpuHasHigher)
    {
        var choice = Blake3ShimLevel.For(showsAvx512, showsAvx2, showsSse41, cpuAvx512, cpuAvx2, cpuSse41);
        Assert.Equal((suffix, cpuHasHigher), (choice.Suffix, choice.CpuHasHigher));
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
