using CryptoHarness.Formatting;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting;

/// <summary>A batch page (<c>batch.md.sbn</c>): per message length, each implementation's time per message by batch size.</summary>
public sealed record BatchPage(
    string Algorithm, string Family, string? Parameters, RunView Run, IReadOnlyList<BatchTable> Tables,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures, IReadOnlyList<NotMeasuredRow> Unsupported);

/// <summary>One message length: a column per batch size, a row per implementation, and the crossover in words.</summary>
public sealed record BatchTable(string Title, string Unit, IReadOnlyList<int> BatchSizes, IReadOnlyList<BatchRow> Rows, string Crossover);

/// <param name="Cells">The time per message at each of the table's batch sizes, "n/a" where not measured.</param>
public sealed record BatchRow(string Label, string TimedAs, IReadOnlyList<string> Cells);

/// <summary>The batch scenario's page models.</summary>
public static partial class ReportModel
{
    /// <summary>
    /// One page per algorithm of a batch run (measured, failed or unsupported), keyed by slug: per message length, each
    /// implementation's time per message at each batch size, and the crossover.
    /// </summary>
    public static IReadOnlyList<(string Slug, BatchPage Model)> Batches(RunSummary summary, KindPresentations kinds) =>
        PageAlgorithms(summary, summary.Results.Where(IsBatch))
            .Select(s => (s.Slug, Batch(summary, s.Slug, s.Algorithm, s.Family, kinds)))
            .ToArray();

    private static BatchPage Batch(RunSummary summary, string slug, string algorithm, string family, KindPresentations kinds)
    {
        var results = summary.Results.Where(r => r.Slug == slug && IsBatch(r)).ToArray();
        var info = summary.Algorithms.FirstOrDefault(a => a.Slug == slug);
        return new BatchPage(
            algorithm,
            family,
            info is null ? null : Parameters(info, kinds),
            MachineSpec(summary.Run),
            results.GroupBy(r => r.MessageBytes!.Value).OrderBy(g => g.Key).Select(g => BatchTable(g.Key, g.ToArray())).ToArray(),
            ProvidersOf(summary, slug, results),
            Rows(summary.Failures.Where(f => f.Slug == slug)),
            Rows(summary.Unsupported.Where(f => f.Slug == slug)));
    }

    private static bool IsBatch(ResultRecord r) => r.Scenario == BatchSelection.ScenarioName && r.BatchSize is not null && r.MessageBytes is not null;

    /// <summary>The cost of one message: the median of one operation ÷ the batch size.</summary>
    private static double PerItem(ResultRecord r) => r.PerItemNs ?? r.MedianNs / r.BatchSize!.Value;

    /// <summary>Rows are implementations, fastest first at the largest batch; columns are batch sizes; cells are time per message.</summary>
    private static BatchTable BatchTable(int messageBytes, IReadOnlyList<ResultRecord> records)
    {
        var batchSizes = records.Select(r => r.BatchSize!.Value).Distinct().Order().ToArray();
        var unit = Format.UnitFor(records.Min(PerItem));
        var rows = records.GroupBy(r => r.Id, StringComparer.Ordinal)
            .Select(g => (Id: g.Key, First: g.First(), ByBatch: g.ToDictionary(r => r.BatchSize!.Value)))
            .OrderBy(row => row.ByBatch.TryGetValue(batchSizes[^1], out var r) ? PerItem(r) : double.PositiveInfinity)
            .ThenBy(row => row.Id, StringComparer.Ordinal);
        return new BatchTable(
            $"{Format.Number(messageBytes, "N0")}-byte messages",
            unit.Name,
            batchSizes,
            rows.Select(row => new BatchRow(
                Format.ProviderLabel(row.First.Provider, row.First.Variant),
                row.First.Operation == OperationNames.HashBatch ? "one batch call" : "one call per message",
                batchSizes.Select(n => row.ByBatch.TryGetValue(n, out var r) ? Format.Time(PerItem(r), unit) : "n/a").ToArray())).ToArray(),
            Crossover(records));
    }

    /// <summary>
    /// The smallest measured batch size at which the fastest implementation timed through a batch API beats (a lower
    /// median per message than) the fastest loop of single calls, stated with both numbers; or that it never does.
    /// <paramref name="records"/> are one message length's batch results.
    /// </summary>
    public static string Crossover(IReadOnlyCollection<ResultRecord> records)
    {
        var batchApi = records.Where(r => r.Operation == OperationNames.HashBatch).ToArray();
        var loops = records.Where(r => r.Operation == OperationNames.HashLoop).ToArray();
        if (batchApi.Length == 0 || loops.Length == 0)
        {
            return $"Crossover: none to state; no {(batchApi.Length == 0 ? "batch API" : "loop of single calls")} was measured at this length.";
        }

        var unit = Format.UnitFor(records.Min(PerItem));
        string Time(ResultRecord r) => Format.TimeWithUnit(PerItem(r), unit);
        string Label(ResultRecord r) => $"`{Format.ProviderLabel(r.Provider, r.Variant)}`";

        var contests = records.Select(r => r.BatchSize!.Value).Distinct().Order()
            .Select(n => (Size: n, Batch: batchApi.Where(r => r.BatchSize == n).MinBy(PerItem), Loop: loops.Where(r => r.BatchSize == n).MinBy(PerItem)))
            .Where(c => c.Batch is not null && c.Loop is not null)
            .Select(c => (c.Size, Batch: c.Batch!, Loop: c.Loop!, Wins: PerItem(c.Batch!) < PerItem(c.Loop!)))
            .ToArray();
        if (contests.Length == 0)
        {
            return "Crossover: none to state; no batch size was measured both through a batch API and as a loop of single calls.";
        }

        var first = Array.FindIndex(contests, c => c.Wins);
        if (first < 0)
        {
            var last = contests[^1];
            return $"Crossover: never in the measured range (batches of {contests[0].Size} to {last.Size}): at every batch size the fastest loop of single calls "
                + $"is at least as fast as the fastest batch API; at a batch of {last.Size}, {Label(last.Loop)} takes {Time(last.Loop)} per message "
                + $"and {Label(last.Batch)} {Time(last.Batch)}.";
        }

        var win = contests[first];
        var losses = contests.Skip(first + 1).Where(c => !c.Wins).Select(c => c.Size.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        return $"Crossover: a batch of {win.Size} is the smallest measured at which the fastest batch API beats the fastest loop of single calls: "
            + $"{Label(win.Batch)} takes {Time(win.Batch)} per message, {Label(win.Loop)} {Time(win.Loop)}."
            + (losses.Length switch
            {
                0 => "",
                1 => $" It does not hold at every larger size: not at a batch of {losses[0]}.",
                _ => $" It does not hold at every larger size: not at batches of {string.Join(", ", losses[..^1])} and {losses[^1]}.",
            });
    }
}
