using CryptoHarness.Interleaving;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The interleaved loop's bookkeeping: rounds, order, allocation. Nothing here asserts on a time: the tests must pass on
/// a loaded machine, and what the times mean is checked by running the harness (README, "How ratios are measured").
/// </summary>
public sealed class InterleavedRoundsTests
{
    private static readonly InterleavingSettings Short = new(WarmupRounds: 2, Rounds: 12, BatchTime: TimeSpan.FromMilliseconds(0.2),
        MinimumWarmup: TimeSpan.Zero, Seed: 7);

    private static InterleavedSide Spinning(string name) => new(name, () => Thread.SpinWait(20));

    [Fact]
    public void Every_side_runs_once_a_round_in_an_order_that_changes()
    {
        var table = InterleavedRounds.Measure([Spinning("a"), Spinning("b"), Spinning("c")], Short);

        Assert.Equal(["a", "b", "c"], table.Sides.Select(s => s.Name));
        Assert.All(table.Sides, s => Assert.Equal(Short.Rounds, s.NanosecondsPerCall.Count));
        Assert.All(table.Sides, s => Assert.All(s.NanosecondsPerCall, ns => Assert.True(ns > 0 && double.IsFinite(ns))));
        Assert.All(table.Sides, s => Assert.True(s.CallsPerBatch >= 1));
        var rounds = Enumerable.Range(0, Short.Rounds).Select(r => table.Sides.Select(s => s.Positions[r]).ToArray()).ToArray();
        Assert.All(rounds, positions => Assert.Equal([0, 1, 2], positions.Order()));
        Assert.True(rounds.Select(p => string.Join(",", p)).Distinct().Count() > 1, "every round ran the sides in the same order");
        // Every side ran first at least once in 12 rounds of 3 (a fixed order would put one side first every time).
        Assert.All(table.Sides, s => Assert.Contains(0, s.Positions));
    }

    [Fact]
    public void The_calls_are_the_sides_own()
    {
        var counts = new long[2];
        var table = InterleavedRounds.Measure([new("a", () => counts[0]++), new("b", () => counts[1]++)], Short);
        // Each side ran at least its measured batches; none ran the other's calls.
        Assert.True(counts[0] >= table.Sides[0].CallsPerBatch * Short.Rounds);
        Assert.True(counts[1] >= table.Sides[1].CallsPerBatch * Short.Rounds);
    }

    [Fact]
    public void Allocation_is_counted_per_side()
    {
        object? kept = null;
        var table = InterleavedRounds.Measure(
        [
            new("allocates", () => kept = new byte[100]),
            new("does not", () => Thread.SpinWait(5)),
        ], Short);

        GC.KeepAlive(kept);
        Assert.InRange(table.Sides[0].AllocatedBytesPerCall, 100, 200);
        Assert.Equal(0, table.Sides[1].AllocatedBytesPerCall);
    }

    [Fact]
    public void The_same_seed_gives_the_same_order_and_another_seed_another()
    {
        int[][] Positions(int seed) => InterleavedRounds.Measure([Spinning("a"), Spinning("b"), Spinning("c"), Spinning("d")], Short with { Seed = seed })
            .Sides.Select(s => s.Positions.ToArray()).ToArray();

        Assert.Equal(Positions(1), Positions(1));
        Assert.NotEqual(Positions(1), Positions(2));
    }

    [Theory]
    [InlineData(2, 1)]
    [InlineData(10_001, 1)]
    [InlineData(10, -1)]
    [InlineData(10, 0)]
    public void Settings_out_of_range_are_refused(int rounds, double batchMilliseconds)
    {
        var settings = Short with { Rounds = rounds, BatchTime = TimeSpan.FromMilliseconds(batchMilliseconds) };
        Assert.Throws<ArgumentOutOfRangeException>(() => InterleavedRounds.Measure([new("a", () => { })], settings));
    }

    [Fact]
    public void A_table_without_sides_is_refused() =>
        Assert.Throws<ArgumentException>(() => InterleavedRounds.Measure([], Short));
}

public sealed class InterleavedPassesTests
{
    [Theory]
    [InlineData(21, new[] { 7, 7, 7 })]
    [InlineData(22, new[] { 8, 7, 7 })]
    [InlineData(8, new[] { 4, 4 })]
    [InlineData(5, new[] { 5 })]
    [InlineData(3, new[] { 3 })]
    public void A_tables_rounds_are_spread_over_passes_of_at_least_three(int rounds, int[] expected)
    {
        Assert.Equal(expected, CryptoHarness.Running.InterleavedTables.RoundsPerPass(rounds));
        Assert.Equal(rounds, CryptoHarness.Running.InterleavedTables.RoundsPerPass(rounds).Sum());
    }
}
