using CryptoHarness.Formatting;
using CryptoHarness.Statistics;

namespace CryptoHarness.Reporting;

/// <summary>The terminal's comparison table at the end of a run: per algorithm and size, fastest first.</summary>
public static class ComparisonTable
{
    public static IReadOnlyList<string> Headers { get; } = ["Algorithm", "Operation", "Size or set", "Provider", "Median", "Ratio", "Throughput", "Allocated", "CV"];

    /// <summary>One row of cells per result, in the order of <see cref="Headers"/>.</summary>
    public static IEnumerable<IReadOnlyList<string>> Rows(RunSummary summary)
    {
        // A batch is compared across its two operations (a batch call, a loop of single calls): they did the same work.
        var groups = summary.Results
            .GroupBy(r => (r.Algorithm, Operation: r.BatchSize is null ? r.Operation : "", r.MessageBytes, r.BatchSize, r.SizeBytes, r.ParameterSet))
            .OrderBy(g => g.Key.Algorithm, StringComparer.Ordinal).ThenBy(g => g.Key.Operation, StringComparer.Ordinal)
            .ThenBy(g => g.Key.MessageBytes).ThenBy(g => g.Key.BatchSize).ThenBy(g => g.Key.SizeBytes).ThenBy(g => g.Key.ParameterSet, StringComparer.Ordinal);
        foreach (var group in groups)
        {
            var ordered = TableRatio.FastestFirst(group);
            var unit = Format.UnitFor(ordered[0].MedianNs);
            foreach (var r in ordered)
            {
                var cv = SampleStatistics.CoefficientOfVariation(r.StdDevNs, r.MeanNs) is { } ratio ? Format.Number(ratio * 100, "N1") + "%" : "n/a";
                yield return [r.Algorithm, r.Operation, Format.Payload(r), r.Members is null ? Format.ProviderLabel(r.Provider, r.Variant) : $"{r.Members.Count} hashers",
                    Format.TimeWithUnit(r.MedianNs, unit), Format.Number(TableRatio.Of(r, ordered[0]), "N2"),
                    r.GibPerS is { } gib ? $"{Format.Number(gib, "N2")} GiB/s" : r.Cost is not null ? "" : $"{Format.Number(r.MbPerS, "N1")} MB/s",
                    Format.Allocated(r), cv];
            }
        }
    }
}
