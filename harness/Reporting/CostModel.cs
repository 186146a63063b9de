using CryptoHarness.Formatting;

namespace CryptoHarness.Reporting;

/// <summary>
/// The shape behind a one-shot page's tables: per implementation and operation, time = a + b × bytes fitted by
/// <see cref="TheilSen"/> to the medians at each payload size, and, per pair of providers, the size at which their
/// lines cross. Computed from the summary alone, measuring nothing.
/// </summary>
public static class CostModel
{
    /// <summary>Above this largest relative residual a row is flagged: the measurements bend away from a straight line.</summary>
    public const double ResidualWarning = 0.10;

    /// <summary>The cost model of an algorithm page: a table per operation that has a fit, or why there is none.</summary>
    /// <param name="Unfitted">Null when a table exists or nothing was measured; otherwise why nothing was fitted.</param>
    public sealed record PageView(IReadOnlyList<TableView> Tables, string? Unfitted);

    /// <summary>One operation's fits, flattest first, and its crossovers in words (or that there are none).</summary>
    public sealed record TableView(string Title, IReadOnlyList<Row> Rows, IReadOnlyList<string> Crossovers);

    /// <summary>One implementation's fit, formatted: a in ns per call, b in ns per byte and in cycles per byte.</summary>
    public sealed record Row(string Label, string Fixed, string Slope, string Cycles, string Residual, int Sizes, string Warning);

    /// <summary>Where <see cref="Overtaker"/>'s line drops below <see cref="Overtaken"/>'s, each named by its label.</summary>
    public sealed record Crossover(double Bytes, string Overtaker, string Overtaken)
    {
        public string Sentence => $"`{Overtaker}` overtakes `{Overtaken}` above {Format.ApproximateSize(Bytes)}.";
    }

    /// <summary>The line through an implementation's medians of one operation, one point per payload size.</summary>
    public static LineFit? Fit(IEnumerable<ResultRecord> records) =>
        TheilSen.Fit(records.Select(r => ((double)r.SizeBytes, r.MedianNs)).ToArray());

    /// <param name="results">One algorithm's one-shot records, every operation.</param>
    public static PageView Page(IReadOnlyCollection<ResultRecord> results, RunInfo run, KindPresentations kinds)
    {
        var tables = results.GroupBy(r => r.Operation)
            .OrderBy(g => kinds.OperationOrder(g.Key))
            .Select(g => Table(g.Key, g.ToArray(), run.CpuFrequencyHz, kinds))
            .OfType<TableView>()
            .ToArray();
        if (tables.Length > 0 || results.Count == 0)
        {
            return new PageView(tables, null);
        }

        var most = results.GroupBy(r => (r.Id, r.Operation)).Max(g => g.Select(r => r.SizeBytes).Distinct().Count());
        return new PageView([], $"Cost model: not fitted. A line needs at least {TheilSen.MinimumPoints} payload sizes; "
            + $"no implementation here was measured at more than {most}.");
    }

    /// <summary>
    /// Every pair of providers of one operation whose fitted lines cross inside the sizes both measured, each provider by
    /// its <see cref="ReportModel.ChartVariant"/>, smallest size first. A crossover is kept only when the medians
    /// measured at every shared size are on the side of it the lines put them (the one provider faster below it, the
    /// other above), so lines fitted within each other's error, or bent away from the measurements, never announce an
    /// overtaking the measurements do not show.
    /// </summary>
    /// <param name="records">One algorithm's one-shot records of one operation.</param>
    public static IReadOnlyList<Crossover> Crossovers(IReadOnlyCollection<ResultRecord> records)
    {
        if (records.Count == 0)
        {
            return [];
        }

        var largest = records.Max(r => r.SizeBytes);
        var lines = records.GroupBy(r => r.Provider)
            .OrderBy(p => p.Key, StringComparer.Ordinal)
            .Select(p => ReportModel.ChartVariant(p, largest).DistinctBy(r => r.SizeBytes).ToDictionary(r => r.SizeBytes))
            .Select(bySize => (BySize: bySize, First: bySize.Values.First(), Fit: Fit(bySize.Values)))
            .Where(l => l.Fit is not null)
            .ToArray();

        var found = new List<Crossover>();
        for (var i = 0; i < lines.Length; i++)
        {
            for (var j = i + 1; j < lines.Length; j++)
            {
                var shared = lines[i].BySize.Keys.Intersect(lines[j].BySize.Keys).ToArray();
                if (shared.Length < 2)
                {
                    continue;
                }

                var (low, high) = (shared.Min(), shared.Max());
                if (TheilSen.Crossover(lines[i].Fit!, lines[j].Fit!, low, high) is not { } bytes)
                {
                    continue;
                }

                // Above the crossover the flatter line is the lower one.
                var (over, under) = lines[i].Fit!.Slope < lines[j].Fit!.Slope ? (lines[i], lines[j]) : (lines[j], lines[i]);
                if (shared.All(size => size < bytes
                    ? under.BySize[size].MedianNs < over.BySize[size].MedianNs
                    : over.BySize[size].MedianNs < under.BySize[size].MedianNs))
                {
                    found.Add(new Crossover(bytes, Label(over.First), Label(under.First)));
                }
            }
        }

        return found.OrderBy(c => c.Bytes).ThenBy(c => c.Overtaker, StringComparer.Ordinal).ToArray();
    }

    /// <summary>A fit as a table row; a missing fit says how many sizes there were.</summary>
    public static Row Describe(string label, LineFit? fit, int sizes, double? hertz)
    {
        if (fit is null)
        {
            return new Row(label, "n/a", "n/a", "n/a", "n/a", sizes,
                $"⚠ {sizes} size{(sizes == 1 ? "" : "s")}: a line needs at least {TheilSen.MinimumPoints}");
        }

        var warnings = new List<string>();
        if (fit.LargestRelativeResidual > ResidualWarning)
        {
            warnings.Add($"⚠ residual above {Format.Number(ResidualWarning * 100, "N0")}%: not a straight line over these sizes");
        }

        if (fit.Intercept < 0)
        {
            warnings.Add("⚠ negative a: the fixed cost is below what these sizes resolve");
        }

        return new Row(label,
            Format.Number(fit.Intercept, "N1"),
            Format.Number(fit.Slope, "N3"),
            hertz is { } hz and > 0 ? Format.Number(fit.Slope * 1e-9 * hz, "N2") : "n/a",
            $"{Format.Number(fit.LargestRelativeResidual * 100, "N1")}%",
            fit.Points,
            string.Join("; ", warnings));
    }

    /// <summary>One operation's table; null when no implementation of it has enough sizes for a line.</summary>
    private static TableView? Table(string operation, IReadOnlyCollection<ResultRecord> records, double? hertz, KindPresentations kinds)
    {
        var fits = records.GroupBy(r => r.Id, StringComparer.Ordinal)
            .Select(g => (First: g.First(), Sizes: g.Select(r => r.SizeBytes).Distinct().Count(), Fit: Fit(g)))
            .ToArray();
        if (fits.All(f => f.Fit is null))
        {
            return null;
        }

        var rows = fits.OrderBy(f => f.Fit is null)
            .ThenBy(f => f.Fit?.Slope).ThenBy(f => f.Fit?.Intercept)
            .ThenBy(f => f.First.Id, StringComparer.Ordinal)
            .Select(f => Describe(Label(f.First), f.Fit, f.Sizes, hertz))
            .ToArray();
        var crossovers = Crossovers(records).Select(c => c.Sentence).ToArray();
        var fittedProviders = fits.Where(f => f.Fit is not null).Select(f => f.First.Provider).Distinct().Count();
        var title = kinds.OperationTitle(operation);
        return new TableView(
            title.Length == 0 ? "Cost model: time = a + b × bytes" : $"Cost model · {title}",
            rows,
            crossovers.Length > 0 || fittedProviders < 2
                ? crossovers
                : ["No crossover: within the sizes both measured, no two providers swap places by both their lines and their medians."]);
    }

    private static string Label(ResultRecord record) => Format.ProviderLabel(record.Provider, record.Variant);
}
