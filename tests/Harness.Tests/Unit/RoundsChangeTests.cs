using CryptoHarness.Comparing;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// <c>compare</c> of runs made separately, when both timed their tables in interleaved rounds: a case is slower or
/// faster only if its change relative to the unchanged rows of its table (or in its own rounds, when alone) agrees.
/// </summary>
public sealed class RoundsChangeTests
{
    private static readonly RunSummary Fixture = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick"));

    private static readonly ComparisonSettings Settings = new(Threshold: 0.05, NoiseNs: 1, FalseDiscoveryRate: 0.01);

    /// <summary>One side of a row: its BenchmarkDotNet samples and its rounds, both scaled.</summary>
    /// <param name="drift">What the machine did to every row of the run (BenchmarkDotNet's samples and the rounds alike).</param>
    /// <param name="change">What the code did to this row.</param>
    private static ResultRecord Row(string provider, double ns, string table, double drift, double change, int seed, int size = 1024, int rounds = 21)
    {
        var random = new Random(seed);
        // Every row of one run sees the same per-round machine factors (same seed for the table), plus its own jitter.
        var machine = new Random(table.Sum(c => c) ^ size);
        var samples = Enumerable.Range(0, 15).Select(_ => ns * drift * change * (1 + (0.01 * random.NextDouble()))).ToArray();
        var roundTimes = Enumerable.Range(0, rounds)
            .Select(_ => ns * drift * change * (1 + (0.10 * machine.NextDouble())) * (1 + (0.005 * random.NextDouble())))
            .ToArray();
        var pattern = Fixture.Results[0];
        return pattern with
        {
            Id = provider == "managed" ? "sha256/managed/scalar" : $"sha256/{provider}",
            Provider = provider,
            Variant = provider == "managed" ? "scalar" : "",
            SizeBytes = size,
            MedianNs = samples.Order().ElementAt(7),
            MeanNs = samples.Average(),
            SamplesNs = samples,
            Rounds = new InterleavedRecord { Table = table, NsPerCall = roundTimes, CallsPerRound = 10, AllocatedBytes = 0 },
        };
    }

    private static RunSummary Run(IEnumerable<ResultRecord> rows, IReadOnlyDictionary<string, string>? packages = null) =>
        Fixture with { Run = Fixture.Run with { Packages = packages ?? Fixture.Run.Packages }, Results = [.. rows] };

    /// <summary>A table of managed, os and bouncycastle, the machine and each row's code scaled as given.</summary>
    private static RunSummary Table(string table, double drift, double managed = 1, double os = 1, double bouncycastle = 1, int seed = 0,
        IReadOnlyDictionary<string, string>? packages = null) => Run(
        [
            Row("managed", 100, table, drift, managed, seed + 1),
            Row("os", 200, table, drift, os, seed + 2),
            Row("bouncycastle", 300, table, drift, bouncycastle, seed + 3),
        ], packages);

    private static RunComparison Compare(RunSummary baseRun, RunSummary diffRun) =>
        RunComparison.Create(baseRun, "base", diffRun, "diff", Settings, 64, allowDifferentMachines: false);

    private static ComparedCase Case(RunComparison comparison, string provider) =>
        comparison.Cases.Single(c => c.Base.Provider == provider);

    [Fact]
    public void Drift_that_moves_every_row_of_a_table_alike_is_reported_as_same()
    {
        var comparison = Compare(Table("aa", drift: 1.0), Table("bb", drift: 1.2, seed: 10));

        // The medians moved 20%, significantly: the median rule alone would flag all three.
        Assert.All(comparison.Cases, c => Assert.InRange(c.Decision.RatioOfMedians, 1.15, 1.25));
        Assert.All(comparison.Cases, c => Assert.Equal(Verdict.Same, c.Decision.Verdict));
        Assert.All(comparison.Cases, c => Assert.True(c.Decision.WithinRounds));
        Assert.All(comparison.Cases, c => Assert.InRange(c.Decision.Rounds!.Change, 0.98, 1.02));
        Assert.Contains("3 moved in the medians but not in the rounds", ComparisonModel.SummaryLine(comparison), StringComparison.Ordinal);
        Assert.Contains("Rounds: 3 of the 3 cases", ComparisonModel.Build(comparison).Method, StringComparison.Ordinal);
    }

    [Fact]
    public void An_own_row_that_slowed_is_flagged_against_the_other_providers_through_drift()
    {
        var comparison = Compare(Table("aa", drift: 1.0), Table("bb", drift: 1.2, managed: 1.15, seed: 10));

        var managed = Case(comparison, "managed");
        Assert.Equal(Verdict.Slower, managed.Decision.Verdict);
        Assert.Equal(["sha256/bouncycastle", "sha256/os"], managed.Decision.Rounds!.References);
        Assert.InRange(managed.Decision.Rounds.Change, 1.12, 1.18);
        Assert.Equal(Verdict.Same, Case(comparison, "os").Decision.Verdict);
        Assert.Equal(Verdict.Same, Case(comparison, "bouncycastle").Decision.Verdict);
        Assert.Contains("rounds 1.1", ComparisonModel.Build(comparison).Slower.Single().Notes, StringComparison.Ordinal);
    }

    [Fact]
    public void A_faster_own_row_is_flagged_while_the_machine_got_slower()
    {
        // BenchmarkDotNet: 0.85 × 1.1 = 0.935, beyond the threshold; the rounds: 0.85.
        var comparison = Compare(Table("aa", drift: 1.0), Table("bb", drift: 1.1, managed: 0.80, seed: 10));

        Assert.Equal(Verdict.Faster, Case(comparison, "managed").Decision.Verdict);
    }

    [Fact]
    public void A_provider_whose_package_version_changed_is_no_reference()
    {
        var packages = Fixture.Run.Packages.ToDictionary(p => p.Key, p => p.Value, StringComparer.Ordinal);
        packages["bouncycastle"] = "Portable.BouncyCastle 9.9.9";
        var comparison = Compare(Table("aa", drift: 1.0), Table("bb", drift: 1.0, bouncycastle: 1.3, seed: 10, packages: packages));

        // Against bouncycastle's new version, managed would read 1 ÷ 1.3 faster; against os alone it did not move.
        var managed = Case(comparison, "managed").Decision;
        Assert.Equal(["sha256/os"], managed.Rounds!.References);
        Assert.InRange(managed.Rounds.Change, 0.98, 1.02);
        // os has no other unchanged provider in its table: its references are the other rows.
        Assert.Equal(["sha256/bouncycastle", "sha256/managed/scalar"], Case(comparison, "os").Decision.Rounds!.References);
        Assert.Equal(Verdict.Slower, Case(comparison, "bouncycastle").Decision.Verdict);
    }

    [Fact]
    public void A_case_alone_in_its_rounds_is_checked_against_its_own_rounds()
    {
        static RunSummary Alone(double drift, double roundsDrift, int seed)
        {
            var row = Row("bouncycastle", 300, "cc", drift, 1, seed);
            var rounds = Row("bouncycastle", 300, "cc", roundsDrift, 1, seed + 1).Rounds;
            return Run([row with { Rounds = rounds }]);
        }

        // BenchmarkDotNet's samples caught a slow stretch the rounds, spread over the run, did not.
        var drift = Compare(Alone(1.0, 1.0, 1), Alone(1.25, 1.01, 2)).Cases.Single().Decision;
        Assert.Equal(Verdict.Same, drift.Verdict);
        Assert.True(drift.WithinRounds);
        Assert.Empty(drift.Rounds!.References);

        var change = Compare(Alone(1.0, 1.0, 1), Alone(1.25, 1.25, 2)).Cases.Single().Decision;
        Assert.Equal(Verdict.Slower, change.Verdict);
    }

    [Fact]
    public void Without_rounds_on_one_side_the_medians_decide_alone()
    {
        var baseRun = Table("aa", drift: 1.0);
        baseRun = baseRun with { Results = [.. baseRun.Results.Select(r => r with { Rounds = null })] };
        var comparison = Compare(baseRun, Table("bb", drift: 1.2, seed: 10));

        Assert.All(comparison.Cases, c => Assert.Null(c.Decision.Rounds));
        Assert.All(comparison.Cases, c => Assert.Equal(Verdict.Slower, c.Decision.Verdict));
        Assert.DoesNotContain("Rounds:", ComparisonModel.Build(comparison).Method, StringComparison.Ordinal);
    }

    [Fact]
    public void Rows_of_one_table_with_different_round_counts_are_no_references()
    {
        // A hostile or damaged file: os claims managed's table but has fewer rounds; it is left out, not read past its end.
        var diff = Table("bb", drift: 1.2, seed: 10);
        diff = diff with { Results = [.. diff.Results.Select(r => r.Provider == "os" ? Row("os", 200, "bb", 1.2, 1, 12, rounds: 5) : r)] };
        var comparison = Compare(Table("aa", drift: 1.0), diff);

        Assert.Equal(["sha256/bouncycastle"], Case(comparison, "managed").Decision.Rounds!.References);
        Assert.Equal(Verdict.Same, Case(comparison, "managed").Decision.Verdict);
    }

    [Fact]
    public void A_table_of_one_provider_is_timed_in_rounds_too()
    {
        using var folder = new TestFolder();

        Cli.Run("run", "--algorithm", "Whirlpool", "--provider", "bouncycastle", "--job", "dry", "--sizes", "128", "--results", folder.Combine("results"), "--out", folder.Combine("out"), "--quiet").Succeeded();
        var summaryPath = folder.OnlySummary();
        using var summary = JsonDocument.Parse(File.ReadAllText(summaryPath));
        var record = Assert.Single(summary.RootElement.GetProperty("results").EnumerateArray());
        Assert.Equal(3, record.GetProperty("rounds").GetProperty("ns_per_call").GetArrayLength());
        // One row: nothing to take a ratio against, so the page does not claim one.
        Assert.DoesNotContain("per-round ratios", File.ReadAllText(Path.Combine(folder.Combine("out"), "whirlpool.md")), StringComparison.Ordinal);
    }
}
