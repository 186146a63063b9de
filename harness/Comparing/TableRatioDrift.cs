using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>
/// How far the ratios between the providers of a table moved from one run to the other: for every pair of rows of a
/// one-shot table (same algorithm, operation and size) measured in both, |ln(ratio in diff ÷ ratio in base)|, quoted as
/// a percentage. Two runs of the same commit should move no ratio; this is how reproducible their tables are.
/// </summary>
/// <param name="Pairs">Pairs of rows in both runs.</param>
/// <param name="Published">Median and 90th percentile of the change of the ratios as the pages print them (per-round where both runs had rounds).</param>
/// <param name="OfMedians">The same for ratios of medians, what the pages printed before interleaved rounds.</param>
/// <param name="PairedPairs">Pairs whose ratio came from interleaved rounds in both runs.</param>
public sealed record TableRatioDrift(int Pairs, (double Median, double P90) Published, (double Median, double P90) OfMedians, int PairedPairs)
{
    /// <summary>Null when no table has two rows in both runs.</summary>
    public static TableRatioDrift? Of(RunSummary baseRun, RunSummary diffRun)
    {
        static Dictionary<(string Slug, string Operation, int Size), Dictionary<string, ResultRecord>> Tables(RunSummary run) =>
            run.Results.Where(r => r.Members is null && r.BatchSize is null && r.ParameterSet is null)
                .GroupBy(r => (r.Slug, r.Operation, r.SizeBytes))
                .ToDictionary(g => g.Key, g => g.GroupBy(r => r.Id, StringComparer.Ordinal).ToDictionary(r => r.Key, r => r.First(), StringComparer.Ordinal));

        var before = Tables(baseRun);
        var after = Tables(diffRun);
        var published = new List<double>();
        var ofMedians = new List<double>();
        var paired = 0;
        foreach (var (key, baseRows) in before)
        {
            if (!after.TryGetValue(key, out var diffRows))
            {
                continue;
            }

            var ids = baseRows.Keys.Where(diffRows.ContainsKey).Order(StringComparer.Ordinal).ToArray();
            for (var i = 0; i < ids.Length; i++)
            {
                for (var j = i + 1; j < ids.Length; j++)
                {
                    var (a0, b0, a1, b1) = (baseRows[ids[i]], baseRows[ids[j]], diffRows[ids[i]], diffRows[ids[j]]);
                    published.Add(Change(TableRatio.Of(a0, b0), TableRatio.Of(a1, b1)));
                    ofMedians.Add(Change(a0.MedianNs / b0.MedianNs, a1.MedianNs / b1.MedianNs));
                    paired += TableRatio.ArePaired(a0, b0) && TableRatio.ArePaired(a1, b1) ? 1 : 0;
                }
            }
        }

        return published.Count == 0 ? null : new TableRatioDrift(published.Count, Summary(published), Summary(ofMedians), paired);
    }

    /// <summary>The relative change of a ratio, symmetric: 2% up and 2% down read the same.</summary>
    private static double Change(double before, double after) => Math.Exp(Math.Abs(Math.Log(after / before))) - 1;

    private static (double Median, double P90) Summary(List<double> changes)
    {
        var sorted = changes.Order().ToArray();
        return (SampleStatistics.Median(sorted), SampleStatistics.NearestRank(sorted, 0.9));
    }
}
