using CryptoHarness.Formatting;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting;

/// <summary>The one-shot scenario's algorithm pages and their charts.</summary>
public static partial class ReportModel
{
    /// <summary>One model per algorithm of a one-shot run (measured, failed or unsupported), keyed by slug.</summary>
    public static IReadOnlyList<(string Slug, AlgorithmPage Model)> Algorithms(RunSummary summary, KindPresentations kinds) =>
        PageAlgorithms(summary, summary.Results.Where(r => r.Scenario == OneShotSelection.ScenarioName))
            .Select(s => (s.Slug, Algorithm(summary, s.Slug, s.Algorithm, s.Family, kinds)))
            .ToArray();

    private static AlgorithmPage Algorithm(RunSummary summary, string slug, string algorithm, string family, KindPresentations kinds)
    {
        var results = summary.Results.Where(r => r.Slug == slug && r.Scenario == OneShotSelection.ScenarioName).ToArray();
        var tables = results.GroupBy(r => (r.Operation, r.SizeBytes))
            .OrderBy(g => kinds.OperationOrder(g.Key.Operation)).ThenBy(g => g.Key.SizeBytes)
            .Select(g => SizeTable(g.Key.Operation, g.Key.SizeBytes, g, summary.Run, kinds))
            .ToArray();
        var info = summary.Algorithms.FirstOrDefault(a => a.Slug == slug);

        return new AlgorithmPage(
            algorithm,
            family,
            Optional(info?.Note),
            Optional(info?.HardwareNote),
            info is null ? null : Parameters(info, kinds),
            MachineSpec(summary.Run),
            tables,
            Charts(summary, slug, kinds),
            Clock(summary.Run),
            CostModel.Page(results, summary.Run, kinds),
            ProvidersOf(summary, slug, results),
            Rows(summary.Failures.Where(f => f.Slug == slug)),
            Rows(summary.Unsupported.Where(f => f.Slug == slug)));
    }

    /// <summary>
    /// One chart per operation of a one-shot algorithm: MB/s against payload size, one series per provider. A provider
    /// with several variants is drawn by the one fastest at the largest size, at every size, so a line is one
    /// implementation, never a splice of several. Named <c>charts/&lt;slug&gt;.svg</c>, or
    /// <c>charts/&lt;slug&gt;-&lt;operation&gt;.svg</c> when the page has several operations.
    /// </summary>
    public static IReadOnlyList<Chart> Charts(RunSummary summary, string slug, KindPresentations kinds)
    {
        var results = summary.Results.Where(r => r.Slug == slug && r.Scenario == OneShotSelection.ScenarioName).ToArray();
        var operations = results.Select(r => r.Operation).Distinct().OrderBy(kinds.OperationOrder).ToArray();
        var providerOrder = summary.Run.Packages.Keys.Concat(results.Select(r => r.Provider)).Distinct().Order(StringComparer.Ordinal).ToList();
        var charts = new List<Chart>();
        foreach (var operation in operations)
        {
            var records = results.Where(r => r.Operation == operation).ToArray();
            var largest = records.Max(r => r.SizeBytes);
            var series = records.GroupBy(r => r.Provider)
                .Select(p =>
                {
                    var chosen = ChartVariant(p, largest);
                    return (Provider: p.Key, Series: new ChartSeries(Format.ProviderLabel(p.Key, chosen.Key),
                        chosen.OrderBy(r => r.SizeBytes).Select(r => ((double)r.SizeBytes, r.MbPerS)).ToArray()));
                })
                .OrderByDescending(s => s.Series.Points.Where(pt => pt.X == largest).Select(pt => pt.Y).DefaultIfEmpty(0).Max())
                .ThenBy(s => s.Provider, StringComparer.Ordinal)
                .ToArray();
            var title = kinds.OperationTitle(operation);
            var name = summary.Algorithms.FirstOrDefault(a => a.Slug == slug)?.Name ?? records[0].Algorithm;
            var chartTitle = $"{name}{(title.Length == 0 ? "" : $", {title.ToLowerInvariant()}")}: throughput by payload size";
            var providerOf = series.ToDictionary(s => s.Series.Label, s => s.Provider, StringComparer.Ordinal);
            var markers = CostModel.Crossovers(records)
                .Select(c => new ChartMarker(c.Bytes, $"{c.Overtaker} overtakes {c.Overtaken} above {Format.ApproximateSize(c.Bytes)}"))
                .ToArray();
            var svg = SvgChart.LogXLine(chartTitle, "Payload size (log scale)", "MB/s (10⁶ bytes per second, at the median)",
                series.Select(s => s.Series).ToArray(), x => Format.Size((long)x), label => providerOrder.IndexOf(providerOf[label]), markers);
            var file = operations.Length == 1 ? $"charts/{slug}.svg" : $"charts/{slug}-{operation}.svg";
            charts.Add(new Chart(file, chartTitle, svg));
        }

        return charts;
    }
}
