using System.Text.RegularExpressions;
using CryptoHarness.Cli;
using CryptoHarness.Formatting;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Running;

namespace CryptoHarness.Tests.Architecture;

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

    /// <summary>A kind is found by the name results files record for its algorithms, and no two kinds share one.</summary>
    [Fact]
    public void Every_kind_is_found_by_the_name_its_algorithms_are_recorded_under()
    {
        foreach (var algorithm in Registry.Implementations.Select(i => i.Algorithm).Distinct())
        {
            var recorded = RunDescription.Algorithm(algorithm, 0).Kind;
            Assert.Same(KindRegistry.Of(algorithm.Kind), KindRegistry.Presentations.Named(recorded));
        }

        Assert.Equal(KindRegistry.All.Count, KindRegistry.All.Select(k => k.Name).Distinct(StringComparer.Ordinal).Count());
    }

    /// <summary>
    /// Every operation the one-shot sweep times is labelled by its own kind and by no other, so a record's operation
    /// finds the kind that orders and titles it.
    /// </summary>
    [Fact]
    public void Every_timed_operation_is_labelled_by_its_own_kind_alone()
    {
        foreach (var implementation in Registry.Implementations)
        {
            var kind = KindRegistry.Of(implementation)!;
            foreach (var operation in kind.Operations(implementation))
            {
                Assert.NotNull(kind.Label(operation));
                Assert.Single(KindRegistry.All, k => k.Label(operation) is not null);
            }
        }
    }

    /// <summary>Every kind the one-shot sweep times states the parameters its page's tables were measured with.</summary>
    [Fact]
    public void Every_kind_with_timed_operations_states_its_parameters()
    {
        foreach (var implementation in Registry.Implementations.Where(i => Workloads.OperationsOf(i).Count > 0))
        {
            var info = RunDescription.Algorithm(implementation.Algorithm, KindRegistry.Of(implementation)!.AssociatedDataBytes);
            Assert.False(string.IsNullOrWhiteSpace(ReportModel.Parameters(info, KindRegistry.Presentations)), $"{implementation.Algorithm.Name} ({info.Kind}) has no parameters sentence");
        }
    }

    /// <summary>The operations of one page in their kind's order, and the titles beside the size, as the pages have always had them.</summary>
    [Fact]
    public void A_kind_orders_and_titles_its_operations()
    {
        var kinds = KindRegistry.Presentations;
        Assert.Equal(["xof-32", "xof-64", "xof-128"], new[] { "xof-128", "xof-64", "xof-32" }.OrderBy(kinds.OperationOrder));
        Assert.Equal(["encrypt", "decrypt"], new[] { "decrypt", "encrypt" }.OrderBy(kinds.OperationOrder));
        Assert.Equal(["", "", "64-byte output", "Encrypt", "Decrypt and verify"], new[] { "hash", "mac", "xof-64", "encrypt", "decrypt" }.Select(kinds.OperationTitle));
    }

    /// <summary>An operation or a kind name no kind has (a hand-edited file) is shown by its own name and last, or states no parameters; it never throws.</summary>
    [Fact]
    public void A_name_no_kind_has_falls_back_without_throwing()
    {
        var kinds = KindRegistry.Presentations;
        Assert.Null(kinds.Named("frobnicate"));
        Assert.Null(kinds.Owning("frobnicate"));
        Assert.Equal("frobnicate", kinds.OperationTitle("frobnicate"));
        Assert.Equal(["hash", "frobnicate"], new[] { "frobnicate", "hash" }.OrderBy(kinds.OperationOrder));
        Assert.Null(ReportModel.Parameters(new AlgorithmInfo { Slug = "x", Name = "X", Family = "X", Kind = "frobnicate", OutputBytes = 32 }, kinds));
    }
}
