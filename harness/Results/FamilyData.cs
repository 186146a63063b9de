namespace CryptoHarness.Results;

/// <summary>
/// The latest one-shot results of each algorithm, kept beside the reports as <c>data/&lt;algorithm slug&gt;.json</c>: each
/// is a <see cref="RunSummary"/> cut down to one algorithm, with the run it came from, so a run of one algorithm replaces
/// that algorithm's results and nothing else. Families are assembled from them for the index and the highlights.
/// </summary>
public static class FamilyData
{
    /// <summary>One summary per algorithm present in <paramref name="summary"/>, keyed by the algorithm's slug.</summary>
    public static Dictionary<string, RunSummary> Split(RunSummary summary)
    {
        var slugs = summary.Algorithms.Select(a => a.Slug)
            .Concat(summary.Results.Where(r => r.Members is null).Select(r => r.Slug))
            .Concat(summary.Failures.Select(f => f.Slug))
            .Concat(summary.Unsupported.Select(f => f.Slug))
            .Distinct(StringComparer.Ordinal);
        return slugs.ToDictionary(slug => slug, slug => summary with
        {
            Results = summary.Results.Where(r => r.Slug == slug).ToArray(),
            Failures = summary.Failures.Where(f => f.Slug == slug).ToArray(),
            Unsupported = summary.Unsupported.Where(f => f.Slug == slug).ToArray(),
            Algorithms = summary.Algorithms.Where(a => a.Slug == slug).ToArray(),
        }, StringComparer.Ordinal);
    }

    /// <summary>
    /// One summary per family from per-algorithm summaries. Each ratio the highlights compute is within one algorithm,
    /// so within one run; the family's run information is its most recent algorithm's.
    /// </summary>
    public static IReadOnlyList<RunSummary> Families(IEnumerable<RunSummary> algorithms) =>
        algorithms.GroupBy(FamilyOf)
            .Where(g => g.Key.Length > 0)
            .Select(g =>
            {
                var newest = g.MaxBy(s => s.Run.Utc)!;
                return newest with
                {
                    Results = g.SelectMany(s => s.Results).ToArray(),
                    Failures = g.SelectMany(s => s.Failures).ToArray(),
                    Unsupported = g.SelectMany(s => s.Unsupported).ToArray(),
                    Algorithms = g.SelectMany(s => s.Algorithms).ToArray(),
                };
            })
            .ToArray();

    /// <summary>The family a one-family (or one-algorithm) summary belongs to; empty if it names none.</summary>
    public static string FamilyOf(RunSummary summary) =>
        summary.Algorithms.Select(a => a.Family)
            .Concat(summary.Results.Select(r => r.Family))
            .Concat(summary.Failures.Select(f => f.Family))
            .Concat(summary.Unsupported.Select(f => f.Family))
            .FirstOrDefault(f => f.Length > 0) ?? "";

    /// <summary>Every family file in <paramref name="directory"/>, keyed by file name; none if the folder does not exist.</summary>
    public static Dictionary<string, RunSummary> Load(string directory)
    {
        if (!Directory.Exists(directory))
        {
            return new(StringComparer.Ordinal);
        }

        return InputFile.Files(directory, "*.json", recurse: false)
            .ToDictionary(path => Path.GetFileNameWithoutExtension(path), path => SummaryFile.Load(path, directory), StringComparer.Ordinal);
    }
}
