namespace CryptoHarness.Leaks;

/// <summary>One constant-time check present on both sides of a comparison, with its verdict on each.</summary>
/// <param name="BaseLeaks">How many base launches flagged it, of <paramref name="BaseLaunches"/>; likewise for the diff.</param>
public sealed record LeakChange(string Case, int BaseLeaks, int BaseLaunches, double BaseMaxAbsT, int DiffLeaks, int DiffLaunches, double DiffMaxAbsT, bool Control)
{
    /// <summary>Flagged in every diff launch and in no base launch.</summary>
    public bool NewLeak => DiffLeaks == DiffLaunches && BaseLeaks == 0;

    /// <summary>Flagged in every base launch and in no diff launch.</summary>
    public bool NoLongerFlagged => BaseLeaks == BaseLaunches && DiffLeaks == 0;
}

/// <summary>
/// How <c>compare</c> treats <c>leaks</c> runs: by verdict, never by time. A check matches on implementation, operation
/// and parameter set; it is a new leak only when every diff launch flagged it and no base launch did (and the reverse
/// for one no longer flagged), so one noisy launch does not flip it. Leak checks never fail the comparison: their
/// timings are a different measurement from the benchmarks' (one call at a time, two classes), and a flag is a finding
/// to look at, not a regression of speed.
/// </summary>
public static class LeakComparison
{
    public static IReadOnlyList<LeakChange> Match(IEnumerable<RunSummary> baseLaunches, IEnumerable<RunSummary> diffLaunches)
    {
        var baseSide = Index(baseLaunches);
        var diffSide = Index(diffLaunches);
        return baseSide.Keys.Intersect(diffSide.Keys, StringComparer.Ordinal).Order(StringComparer.Ordinal)
            .Select(key =>
            {
                var before = baseSide[key];
                var after = diffSide[key];
                return new LeakChange(key,
                    before.Count(r => r.Verdict == LeakRecord.Leak), before.Count, before.Max(r => r.MaxAbsT),
                    after.Count(r => r.Verdict == LeakRecord.Leak), after.Count, after.Max(r => r.MaxAbsT),
                    before[0].Control);
            })
            .ToArray();
    }

    private static Dictionary<string, List<LeakRecord>> Index(IEnumerable<RunSummary> launches)
    {
        var index = new Dictionary<string, List<LeakRecord>>(StringComparer.Ordinal);
        foreach (var record in launches.SelectMany(l => l.Leaks ?? []))
        {
            if (!index.TryGetValue(record.CaseKey, out var records))
            {
                index[record.CaseKey] = records = [];
            }

            records.Add(record);
        }

        return index;
    }
}
