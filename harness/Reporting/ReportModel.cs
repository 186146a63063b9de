using CryptoHarness.Results;

namespace CryptoHarness.Reporting;

/// <summary>
/// What the templates see: every number already formatted and every row already ordered, so templates only lay out.
/// Built from <see cref="RunSummary"/> alone; the registry is not consulted, so old runs render as they were.
/// </summary>
public static class ReportModel
{
    public static Dictionary<string, object?> MachineSpec(RunInfo run) => new()
    {
        ["machine_key"] = run.MachineKey,
        ["cpu"] = run.Cpu,
        ["logical_cores"] = run.LogicalCores,
        ["isa_level"] = run.InstructionSetLevel,
        ["instruction_sets"] = run.InstructionSets.Where(s => s.Value).Select(s => s.Key).ToArray(),
        ["missing_instruction_sets"] = run.InstructionSets.Where(s => !s.Value).Select(s => s.Key).ToArray(),
        ["os"] = run.Os,
        ["runtime"] = run.Runtime,
        ["benchmarkdotnet"] = run.BenchmarkDotNet,
        ["job"] = run.Job,
        ["job_description"] = run.JobDescription,
        ["packages"] = run.Packages.OrderBy(p => p.Key, StringComparer.Ordinal)
            .Select(p => new Dictionary<string, object?> { ["provider"] = p.Key, ["version"] = p.Value }).ToArray(),
        ["git_commit"] = run.GitCommit,
        ["utc"] = run.Utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss 'UTC'", System.Globalization.CultureInfo.InvariantCulture),
    };

    /// <summary>One model per algorithm present in the summary (measured, failed or unsupported), keyed by slug.</summary>
    public static IReadOnlyList<(string Slug, Dictionary<string, object?> Model)> Algorithms(RunSummary summary)
    {
        var slugs = summary.Results.Select(r => (r.Slug, r.Algorithm, r.Family))
            .Concat(summary.Failures.Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Concat(summary.Unsupported.Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Distinct()
            .OrderBy(s => s.Slug, StringComparer.Ordinal);

        return slugs.Select(s => (s.Slug, Algorithm(summary, s.Slug, s.Algorithm, s.Family))).ToArray();
    }

    private static Dictionary<string, object?> Algorithm(RunSummary summary, string slug, string algorithm, string family)
    {
        var results = summary.Results.Where(r => r.Slug == slug).ToArray();
        var tables = results.GroupBy(r => r.SizeBytes).OrderBy(g => g.Key).Select(SizeTable).ToArray();
        var providers = results.Select(r => r.Provider)
            .Concat(summary.Failures.Where(f => f.Slug == slug).Select(f => f.Provider))
            .Concat(summary.Unsupported.Where(f => f.Slug == slug).Select(f => f.Provider))
            .Distinct().Order(StringComparer.Ordinal)
            .Select(p => new Dictionary<string, object?>
            {
                ["provider"] = p,
                ["version"] = summary.Run.Packages.TryGetValue(p, out var version) ? version : "unknown",
            })
            .ToArray();

        return new()
        {
            ["algorithm"] = algorithm,
            ["family"] = family,
            ["slug"] = slug,
            ["run"] = MachineSpec(summary.Run),
            ["tables"] = tables,
            ["providers"] = providers,
            ["failures"] = Rows(summary.Failures.Where(f => f.Slug == slug)),
            ["unsupported"] = Rows(summary.Unsupported.Where(f => f.Slug == slug)),
        };
    }

    private static Dictionary<string, object?> SizeTable(IGrouping<int, ResultRecord> group)
    {
        var ordered = group.OrderBy(r => r.MedianNs).ThenBy(r => r.Id, StringComparer.Ordinal).ToArray();
        var fastest = ordered[0].MedianNs;
        var unit = Format.UnitFor(Math.Min(ordered.Min(r => r.MeanNs), fastest));
        return new()
        {
            ["size"] = Format.Size(group.Key),
            ["size_bytes"] = group.Key,
            ["unit"] = unit.Name,
            ["rows"] = ordered.Select(r => new Dictionary<string, object?>
            {
                ["id"] = r.Id,
                ["provider"] = r.Provider,
                ["variant"] = r.Variant,
                ["label"] = Format.ProviderLabel(r.Provider, r.Variant),
                ["mean"] = Format.Time(r.MeanNs, unit),
                ["median"] = Format.Time(r.MedianNs, unit),
                ["ci"] = r.CiLowerNs is { } lower && r.CiUpperNs is { } upper
                    ? $"{Format.Time(lower, unit)} – {Format.Time(upper, unit)}"
                    : "n/a",
                ["ratio"] = Format.Number(r.MedianNs / fastest, "N2"),
                ["mb_per_s"] = Format.Number(r.MbPerS, "N1"),
                ["allocated"] = Format.Allocated(r.AllocatedBytes),
                ["n"] = r.N,
            }).ToArray(),
        };
    }

    private static Dictionary<string, object?>[] Rows(IEnumerable<Failure> failures) =>
        failures.OrderBy(f => f.Id, StringComparer.Ordinal)
            .Select(f => new Dictionary<string, object?> { ["id"] = f.Id, ["provider"] = f.Provider, ["reason"] = f.Reason })
            .ToArray();
}
