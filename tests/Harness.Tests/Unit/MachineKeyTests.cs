using CryptoHarness.Results;

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
}
