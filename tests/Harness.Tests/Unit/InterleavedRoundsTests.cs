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

    /// <summary>
    /// A side that takes at least 2 ms a call against a budget of 1 ms takes the fewest rounds whatever the machine does
    /// (a slower machine only makes it slower); a cheap side against an hour takes every round.
    /// </summary>
    [Fact]
    public void Rounds_within_a_time_take_as_many_as_fit_between_the_minimum_and_the_most()
    {
        var costly = InterleavedRounds.Measure([Sleeping("a", 2), Sleeping("b", 2)], Short with { RoundsWithin = TimeSpan.FromMilliseconds(1), MinimumRounds = 4 });
        Assert.All(costly.Sides, s => Assert.Equal(4, s.NanosecondsPerCall.Count));
        Assert.All(costly.Sides, s => Assert.Equal(4, s.Positions.Count));

        var cheap = InterleavedRounds.Measure([Spinning("a"), Spinning("b")], Short with { RoundsWithin = TimeSpan.FromHours(1), MinimumRounds = 4 });
        Assert.All(cheap.Sides, s => Assert.Equal(Short.Rounds, s.NanosecondsPerCall.Count));
    }

    [Theory]
    [InlineData(0, 3)]
    [InlineData(1, 2)]
    [InlineData(1, 13)]
    public void Rounds_within_a_time_out_of_range_are_refused(double milliseconds, int minimum)
    {
        var settings = Short with { RoundsWithin = TimeSpan.FromMilliseconds(milliseconds), MinimumRounds = minimum };
        Assert.Throws<ArgumentOutOfRangeException>(() => InterleavedRounds.Measure([new("a", () => { })], settings));
    }

    /// <summary>
    /// Counted from the first calibrating call, a warm-up shorter than the calibration leaves no warm-up round: each side
    /// (at least 5 ms a call, far over its 0.2 ms batch) is called once to calibrate and once a measured round. Counted
    /// from the first warm-up round, the same settings run one warm-up round first.
    /// </summary>
    [Fact]
    public void A_warm_up_counted_from_the_first_call_is_over_once_costly_sides_are_calibrated()
    {
        var settings = Short with { WarmupRounds = 0, MinimumWarmup = TimeSpan.FromMilliseconds(1), Rounds = 3 };
        long Calls(bool fromFirstCall)
        {
            var calls = 0L;
            var table = InterleavedRounds.Measure([new("a", () => { calls++; Thread.Sleep(5); })], settings with { WarmupFromFirstCall = fromFirstCall });
            Assert.Equal(1, table.Sides[0].CallsPerBatch);
            return calls;
        }

        Assert.Equal(1 + 3, Calls(fromFirstCall: true));
        Assert.Equal(1 + 1 + 3, Calls(fromFirstCall: false));
    }

    /// <summary>
    /// A side called once just before the table (its output checked) and known to fill a batch is not called again to
    /// calibrate, and with the warm-up counted from the first call that call counts; one known to be cheap still is.
    /// </summary>
    [Fact]
    public void A_call_made_before_the_table_stands_for_the_calibration_when_it_fills_a_batch()
    {
        var settings = Short with { WarmupRounds = 0, MinimumWarmup = TimeSpan.FromMilliseconds(1), Rounds = 3, WarmupFromFirstCall = true };
        long Calls(double calledOnceNs)
        {
            var calls = 0L;
            InterleavedRounds.Measure([new("a", () => { calls++; Thread.Sleep(5); }) { CalledOnceNs = calledOnceNs }], settings);
            return calls;
        }

        Assert.Equal(3, Calls(calledOnceNs: 5e6));
        Assert.Equal(1 + 3, Calls(calledOnceNs: 10));
    }

    private static InterleavedSide Sleeping(string name, int milliseconds) => new(name, () => Thread.Sleep(milliseconds));
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
