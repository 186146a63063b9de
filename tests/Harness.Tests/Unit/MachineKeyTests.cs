namespace CryptoHarness.Tests.Unit;

/// <summary>The machine key names a report folder: the CPU as the kernel names it, without marks that name no machine.</summary>
public sealed class MachineKeyTests
{
    [Theory]
    [InlineData("AMD EPYC", "amd-epyc-x86-64-v4-linux-net10")]
    [InlineData("Intel(R) Xeon(R) Processor", "intel-xeon-x86-64-v4-linux-net10")]
    [InlineData("Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz", "intel-core-i7-8700-3-20ghz-x86-64-v4-linux-net10")]
    [InlineData("AMD Ryzen 9 7950X 16-Core Processor", "amd-ryzen-9-7950x-16-core-x86-64-v4-linux-net10")]
    [InlineData("Processor", "processor-x86-64-v4-linux-net10")]
    public void The_key_drops_trademark_marks_and_generic_words(string cpu, string key) =>
        Assert.Equal(key, MachineInfo.MachineKey(cpu, "x86-64-v4", "linux", ".NET 10.0.12"));

    /// <summary>Outside git (a published harness on a second machine) the run names the commit the build came from.</summary>
    [Fact]
    public void Outside_git_the_commit_is_the_builds()
    {
        var outside = Directory.CreateTempSubdirectory("no-git-");
        try
        {
            // A build from a git checkout carries its commit; one from a bare source tree carries none and says so.
            var built = MachineInfo.BuildCommit(typeof(MachineInfo).Assembly);
            Assert.Equal(built is null ? "unknown" : built + "-build", MachineInfo.GitCommit(outside.FullName));
            if (Directory.Exists(Path.Combine(AppContext.BaseDirectory, "..", "..", "..", "..", "..", ".git")))
            {
                Assert.Matches("^[0-9a-f]{40}$", built);
            }
        }
        finally
        {
            outside.Delete(recursive: true);
        }
    }

    /// <summary>
    /// On x86 the run records CPUID's maker, family, model and stepping (what tells a generic cloud "Intel(R) Xeon(R)
    /// Processor" apart), and the machine spec view carries it; elsewhere nothing. Old files have none.
    /// </summary>
    [Fact]
    public void The_cpu_identity_names_maker_family_model_and_stepping_and_the_spec_view_carries_it()
    {
        var identity = MachineInfo.CpuIdentity();
        if (System.Runtime.Intrinsics.X86.X86Base.IsSupported)
        {
            Assert.Matches(@"^[\x20-\x7e]{12} family \d+ model \d+ stepping \d+(, under a hypervisor)?$", identity);
        }
        else
        {
            Assert.Null(identity);
        }

        var run = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick", "summary.json")).Run;
        Assert.Null(run.CpuIdentity);
        Assert.Null(CryptoHarness.Reporting.ReportModel.MachineSpec(run).CpuIdentity);
        var recorded = CryptoHarness.Reporting.ReportModel.MachineSpec(run with { CpuIdentity = "GenuineIntel family 6 model 207 stepping 2, under a hypervisor" });
        Assert.Equal("GenuineIntel family 6 model 207 stepping 2, under a hypervisor", recorded.CpuIdentity);
    }
}
