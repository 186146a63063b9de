using System.Text.RegularExpressions;
using CryptoHarness.Cli;
using CryptoHarness.Gate.Kinds;
using CryptoHarness.Implementations;
using CryptoHarness.Running;

namespace CryptoHarness.Tests;

/// <summary>
/// The kind plug-in contract: every algorithm kind has exactly one registered contract, every registered kind is
/// reached by the registry's algorithms, and nothing outside <c>harness/Kinds/</c> switches on the kind.
/// </summary>
public sealed class KindPluginTests
{
    [Fact]
    public void Every_algorithm_kind_has_exactly_one_contract()
    {
        foreach (var kind in Enum.GetValues<AlgorithmKind>())
        {
            Assert.Single(KindRegistry.All, k => k.Kind == kind);
        }
    }

    [Fact]
    public void Every_registered_kind_is_reached_by_a_registry_algorithm_and_every_implementation_follows_its_kind()
    {
        foreach (var kind in KindRegistry.All)
        {
            Assert.Contains(Registry.Implementations, i => i.Algorithm.Kind == kind.Kind);
        }

        foreach (var implementation in Registry.Implementations)
        {
            Assert.True(KindRegistry.Of(implementation)!.FollowsContract(implementation), $"{implementation.Id} does not follow the {implementation.Algorithm.Kind} contract");
        }
    }

    /// <summary>Every operation a kind declares can be timed: its workload is made, and one call of it runs.</summary>
    [Fact]
    public void Every_declared_operation_makes_a_workload_that_runs()
    {
        foreach (var implementation in Registry.Implementations.Where(i => i.Support.IsSupported).GroupBy(i => i.Algorithm).Select(g => g.First()))
        {
            foreach (var operation in Workloads.OperationsOf(implementation))
            {
                Workloads.Create(implementation, operation, 64).Run();
            }
        }
    }

    [Fact]
    public void An_operation_a_kind_does_not_have_is_refused_by_name()
    {
        var hash = Registry.Implementations.First(i => i.Algorithm.Kind == AlgorithmKind.Hash && i.Support.IsSupported);
        var refusal = Assert.Throws<InvalidOperationException>(() => Workloads.Create(hash, "encrypt", 64));
        Assert.Contains("no operation 'encrypt'", refusal.Message, StringComparison.Ordinal);
    }

    /// <summary>The gate and the benchmarks read kinds through their contracts: no <c>AlgorithmKind.X</c> outside <c>harness/Kinds/</c>.</summary>
    [Fact]
    public void No_code_outside_the_kinds_folder_switches_on_the_kind()
    {
        var harness = Path.Combine(RepositoryRoot.Find(), "harness");
        var kinds = Path.Combine(harness, "Kinds") + Path.DirectorySeparatorChar;
        var separator = Path.DirectorySeparatorChar;
        var offences = Directory.EnumerateFiles(harness, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.StartsWith(kinds, StringComparison.Ordinal)
                && !f.Contains($"{separator}obj{separator}", StringComparison.Ordinal) && !f.Contains($"{separator}bin{separator}", StringComparison.Ordinal))
            .SelectMany(f => Regex.Matches(File.ReadAllText(f), @"\bAlgorithmKind\.\w+").Select(m => $"{Path.GetRelativePath(harness, f)}: {m.Value}"))
            .ToArray();
        Assert.True(offences.Length == 0, "kind switches outside harness/Kinds/:\n" + string.Join('\n', offences));
    }
}
