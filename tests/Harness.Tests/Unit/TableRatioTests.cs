using CryptoHarness.Comparing;
using CryptoHarness.Formatting;

namespace CryptoHarness.Tests.Unit;

/// <summary>Where a table's ratios come from: the interleaved rounds when its rows share them, else the medians.</summary>
public sealed class TableRatioTests
{
    private static readonly ResultRecord Pattern =
        SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick")).Results[0];

    private static ResultRecord Row(string provider, double medianNs, string? table = null, double[]? rounds = null, int size = 1024) => Pattern with
    {
        Id = $"sha256/{provider}",
        Provider = provider,
        Variant = "",
        SizeBytes = size,
        MedianNs = medianNs,
        MeanNs = medianNs,
        SamplesNs = [medianNs],
        Rounds = table is null ? null : new InterleavedRecord { Table = table, NsPerCall = rounds!, CallsPerRound = 10, AllocatedBytes = 0 },
    };

    [Fact]
    public void Rows_of_one_table_take_the_median_of_per_round_ratios()
    {
        // BenchmarkDotNet caught b during a burst (its median 150); in the rounds, b stays 1.2 × a.
        var a = Row("a", 100, "ab", [100, 200, 110]);
        var b = Row("b", 150, "ab", [120, 240, 132]);

        Assert.True(TableRatio.ArePaired(a, b));
        Assert.Equal(1.2, TableRatio.Of(b, a), 12);
        Assert.Equal("ratios are medians of per-round ratios over 3 interleaved rounds", TableRatio.Method([a, b]));
    }

    [Fact]
    public void Rows_of_different_tables_or_without_rounds_take_the_ratio_of_medians()
    {
        var a = Row("a", 100, "ab", [100, 200, 110]);
        var otherRun = Row("b", 150, "cd", [120, 240, 132]);
        var none = Row("c", 130);

        Assert.False(TableRatio.ArePaired(a, otherRun));
        Assert.Equal(1.5, TableRatio.Of(otherRun, a), 12);
        Assert.Equal(1.3, TableRatio.Of(none, a), 12);
        Assert.Null(TableRatio.Method([a, none]));
        Assert.Null(TableRatio.Method([a]));
    }

    [Fact]
    public void The_fastest_row_is_the_fastest_in_the_rounds()
    {
        // By medians b is first; in every round a is faster.
        var a = Row("a", 110, "ab", [100, 100, 100]);
        var b = Row("b", 105, "ab", [103, 104, 102]);

        Assert.Equal(["sha256/a", "sha256/b"], TableRatio.FastestFirst([b, a]).Select(r => r.Id));
        Assert.Equal(["sha256/b", "sha256/a"], TableRatio.FastestFirst([b with { Rounds = null }, a with { Rounds = null }]).Select(r => r.Id));
    }

    [Fact]
    public void The_leader_is_quoted_at_the_throughput_of_the_timings_that_ranked_it()
    {
        // a leads in every round; BenchmarkDotNet caught it in a loaded minute (median 2,500 ns against b's 1,100).
        var a = Row("a", 2500, "ab", [1000, 1024, 1010]);
        var b = Row("b", 1100, "ab", [1050, 1060, 1040]);

        var leader = TableRatio.Leader([b, a])!;

        Assert.Equal("sha256/a", leader.Record.Id);
        Assert.True(leader.ByRounds);
        Assert.Equal(1024 / 1010.0 * 1e3, leader.MbPerS, 9);

        // Without rounds the table is ranked, and its leader quoted, by BenchmarkDotNet's medians.
        var byMedians = TableRatio.Leader([a with { Rounds = null }, b with { Rounds = null }])!;
        Assert.Equal("sha256/b", byMedians.Record.Id);
        Assert.False(byMedians.ByRounds);
        Assert.Equal(b.MbPerS, byMedians.MbPerS);
        Assert.Null(TableRatio.Leader([]));
    }

    [Fact]
    public void A_provider_the_rounds_do_not_tell_apart_from_the_leader_is_tied_with_it()
    {
        // b is faster than a in four rounds of nine and slower in five: the interval of b/a reaches 1. c is slower in
        // every round. a's second variant is the leader's own provider, never named as a tie.
        double[] times = [100, 101, 99, 100, 102, 98, 100, 101, 99];
        var a = Row("a", 100, "t", times);
        var b = Row("b", 101, "t", [101, 100, 100, 99, 103, 99, 101, 100, 100]);
        var c = Row("c", 120, "t", [.. times.Select(t => t * 1.2)]);
        var aOther = Row("a", 100.5, "t", [.. times.Select(t => t * 1.001)]) with { Id = "sha256/a/other", Variant = "other" };

        var leader = TableRatio.Leader([c, b, aOther, a])!;

        Assert.Equal("sha256/a", leader.Record.Id);
        Assert.Equal(["sha256/b"], leader.TiedWith.Select(r => r.Id));
        Assert.Equal(", tied with `b`", Format.TiedWith(leader, code: true));
        Assert.Equal("", Format.TiedWith(TableRatio.Leader([c, a])!, code: false));
    }

    [Fact]
    public void The_drift_between_runs_counts_every_pair_of_rows_and_says_which_were_paired()
    {
        RunSummary Run(params ResultRecord[] rows) => new() { Run = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick")).Run, Results = rows, Failures = [], Unsupported = [] };

        // Run 1: b/a = 1.2 in the rounds, 1.5 by medians. Run 2: b/a = 1.2 in the rounds, 1.2 by medians.
        var first = Run(Row("a", 100, "01", [100, 100, 100]), Row("b", 150, "01", [120, 120, 120]));
        var second = Run(Row("a", 100, "02", [100, 100, 100]), Row("b", 120, "02", [120, 120, 120]));

        var drift = TableRatioDrift.Of(first, second)!;

        Assert.Equal(1, drift.Pairs);
        Assert.Equal(1, drift.PairedPairs);
        Assert.Equal(0, drift.Published.Median, 12);
        Assert.Equal(0.25, drift.OfMedians.Median, 12);
        Assert.Null(TableRatioDrift.Of(first, Run(Row("a", 100))));
    }
}
