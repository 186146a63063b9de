using CryptoHarness.Implementations;

namespace CryptoHarness.Results;

/// <summary>
/// The latest one-shot results of each family, kept beside the reports as <c>data/&lt;family slug&gt;.json</c>: each is a
/// <see cref="RunSummary"/> cut down to one family, with the run it came from.
/// </summary>
public static class FamilyData
{
    /// <summary>One summary per family present in <paramref name="summary"/>, keyed by the family's slug.</summary>
    public static Dictionary<string, RunSummary> Split(RunSummary summary)
    {
        var families = summary.Algorithms.Select(a => a.Family)
            .Concat(summary.Results.Select(r => r.Family))
            .Concat(summary.Failures.Select(f => f.Family))
            .Concat(summary.Unsupported.Select(f => f.Family))
            .Where(f => f.Length > 0)
            .Distinct(StringComparer.Ordinal);
        return families.ToDictionary(Algorithm.ToSlug, family => summary with
        {
            Results = summary.Results.Where(r => r.Family == family).ToArray(),
            Failures = summary.Failures.Where(f => f.Family == family).ToArray(),
            Unsupported = summary.Unsupported.Where(f => f.Family == family).ToArray(),
            Algorithms = summary.Algorithms.Where(a => a.Family == family).ToArray(),
        }, StringComparer.Ordinal);
    }

    /// <summary>Every family file in <paramref name="directory"/>, keyed by file name; none if the folder does not exist.</summary>
    public static Dictionary<string, RunSummary> Load(string directory)
    {
        if (!Directory.Exists(directory))
        {
            return new(StringComparer.Ordinal);
        }

        return Directory.EnumerateFiles(directory, "*.json")
            .Order(StringComparer.Ordinal)
            .ToDictionary(path => Path.GetFileNameWithoutExtension(path), SummaryFile.Load, StringComparer.Ordinal);
    }
}
