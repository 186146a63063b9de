using CryptoHarness.Statistics;

namespace CryptoHarness.Results;

/// <summary>
/// The ratio between two rows of one table, as every page and comparison quotes it: from the interleaved rounds when
/// both rows were timed in the same rounds (the median of per-round ratios, which cancels what the machine did to both),
/// else the ratio of their medians (rows of runs made separately, or of a job without rounds).
/// </summary>
public static class TableRatio
{
    /// <summary>Whether the two rows were timed in the same interleaved rounds.</summary>
    public static bool ArePaired(ResultRecord a, ResultRecord b) =>
        a.Rounds is { } left && b.Rounds is { } right
        && string.Equals(left.Table, right.Table, StringComparison.Ordinal)
        && left.NsPerCall.Count == right.NsPerCall.Count;

    /// <summary>time(a) ÷ time(b).</summary>
    public static double Of(ResultRecord a, ResultRecord b) => ArePaired(a, b)
        ? PairedRatio.Of(a.Rounds!.NsPerCall, b.Rounds!.NsPerCall).Ratio
        : a.MedianNs / b.MedianNs;

    /// <summary>
    /// The rows fastest first. When every row was timed in the same rounds, the order is by each row's per-round ratio
    /// to one reference row (the least median of the rounds; ties by id); otherwise by median.
    /// </summary>
    public static IReadOnlyList<ResultRecord> FastestFirst(IEnumerable<ResultRecord> records)
    {
        var rows = records.OrderBy(r => r.MedianNs).ThenBy(r => r.Id, StringComparer.Ordinal).ToArray();
        if (rows.Length < 2 || !rows.All(r => ArePaired(r, rows[0])))
        {
            return rows;
        }

        var reference = rows.MinBy(r => r.Rounds!.MedianNs)!;
        return rows.Select(r => (Row: r, Ratio: Of(r, reference))).OrderBy(p => p.Ratio).ThenBy(p => p.Row.Id, StringComparer.Ordinal).Select(p => p.Row).ToArray();
    }

    /// <summary>
    /// The table's first row (<see cref="FastestFirst"/>) with its MB/s taken from the timings that put it first: the
    /// median of its interleaved rounds when the table was ordered by them, else BenchmarkDotNet's median. Null for an
    /// empty table.
    /// </summary>
    /// <remarks>
    /// Every statement that names the fastest provider and a throughput quotes this. BenchmarkDotNet times each case on
    /// its own, minutes from the others, and on a shared machine one case can land in a loaded minute: on the Zen 3
    /// (2026-11-27), `os` led SHAKE256 at 128 KiB in the rounds (its runner-up 1.03 behind) with a BenchmarkDotNet median
    /// of 1,235 µs against the runner-up's 538 µs, so the fastest was quoted at 106 MB/s where the runner-up's own row
    /// read 244.
    /// </remarks>
    public static TableLeader? Leader(IEnumerable<ResultRecord> records)
    {
        var rows = FastestFirst(records);
        if (rows.Count == 0)
        {
            return null;
        }

        var first = rows[0];
        if (Method(rows) is null)
        {
            return new TableLeader(first, first.MbPerS, ByRounds: false, TiedWith: []);
        }

        // Another provider is tied with the leader when the rounds do not tell them apart: the 95% interval of its
        // per-round ratio to the leader reaches 1. Each provider by its first row, its fastest variant.
        var tied = rows.Skip(1)
            .Where(r => r.Provider != first.Provider)
            .GroupBy(r => r.Provider, StringComparer.Ordinal)
            .Select(g => g.First())
            .Where(r => PairedRatio.Of(r.Rounds!.NsPerCall, first.Rounds!.NsPerCall).Lower <= 1)
            .ToArray();
        return new TableLeader(first, ResultRecord.MegabytesPerSecond(first.SizeBytes, first.Rounds!.MedianNs), ByRounds: true, tied);
    }

    /// <summary>How the table's ratios were taken, for the line under it; null when they are ratios of medians.</summary>
    public static string? Method(IReadOnlyList<ResultRecord> rows) =>
        rows.Count >= 2 && rows.All(r => ArePaired(r, rows[0]))
            ? $"ratios are medians of per-round ratios over {rows[0].Rounds!.NsPerCall.Count} interleaved rounds"
            : null;
}

/// <summary>A table's fastest row and its throughput, as <see cref="TableRatio.Leader"/> takes them.</summary>
/// <param name="MbPerS">10⁶ bytes per second at the median of the timings that ranked the table.</param>
/// <param name="ByRounds">Whether those timings were the interleaved rounds (else BenchmarkDotNet's, the table having no rounds).</param>
/// <param name="TiedWith">
/// The other providers the rounds do not tell apart from the leader (the 95% interval of the per-round ratio reaches 1),
/// each by its fastest variant, fastest first; empty without rounds, where there is no such interval.
/// </param>
public sealed record TableLeader(ResultRecord Record, double MbPerS, bool ByRounds, IReadOnlyList<ResultRecord> TiedWith);
