using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>
/// A case's change between two runs as their interleaved rounds measured it: diff ÷ base of the case's time relative to
/// its references, the other rows of its table timed in the same rounds (per round, the case's time ÷ the geometric mean
/// of the references' times; per launch, the median over rounds; per side, the median over launches).
/// </summary>
/// <param name="Change">diff ÷ base; above 1 is slower.</param>
/// <param name="References">The implementation ids the case was measured against; empty when the case was alone in its
/// rounds and its own round times were compared.</param>
public sealed record RoundsReading(double Change, IReadOnlyList<string> References);

/// <summary>
/// Reads <see cref="RoundsReading"/> for the cases of a comparison of runs made separately.
/// </summary>
/// <remarks>
/// Why: BenchmarkDotNet's medians of two runs made minutes or days apart move with the machine. On this shared machine,
/// two consecutive quick sweeps of the same commit differed by more than 5% in a sixth of their cases, all rows of a
/// table alike, so comparing the medians alone flagged 14% of the cases of an A/A comparison. The rows of one table are
/// timed in the same rounds, so what the machine did to the table cancels from the case's time relative to rows that did
/// not change. The references are the rows of providers that are not this repository's own code (by their role in the
/// registry) and whose package version is the same in both runs; when a table has none, its other rows; when the case
/// was alone in its rounds (one provider implements the algorithm), its own round times, a second measurement taken at
/// other moments than BenchmarkDotNet's.
/// </remarks>
public static class RoundsChange
{
    /// <summary>Readings by case key, for the keys whose record has rounds in every launch of both sides that measured it.</summary>
    /// <param name="unchangedProviders">Providers whose code cannot have changed between the runs.</param>
    public static IReadOnlyDictionary<string, RoundsReading> Read(
        IReadOnlyList<string> keys,
        IReadOnlyList<IReadOnlyDictionary<string, ResultRecord>> baseLaunches,
        IReadOnlyList<IReadOnlyDictionary<string, ResultRecord>> diffLaunches,
        IReadOnlySet<string> unchangedProviders)
    {
        var baseTables = baseLaunches.Select(Tables).ToArray();
        var diffTables = diffLaunches.Select(Tables).ToArray();
        var readings = new Dictionary<string, RoundsReading>(StringComparer.Ordinal);
        foreach (var key in keys)
        {
            var baseRows = TableRowsOf(key, baseLaunches, baseTables);
            var diffRows = TableRowsOf(key, diffLaunches, diffTables);
            if (baseRows is null || diffRows is null)
            {
                continue;
            }

            // The same references on both sides, present in every launch, with as many rounds as the case.
            var common = baseRows.Concat(diffRows)
                .Select(launch => launch.Others.Select(r => r.Id).ToHashSet(StringComparer.Ordinal))
                .Aggregate((a, b) => { a.IntersectWith(b); return a; });
            var providerOf = baseRows[0].Others.ToDictionary(r => r.Id, r => r.Provider, StringComparer.Ordinal);
            var unchanged = common.Where(id => unchangedProviders.Contains(providerOf[id])).ToArray();
            var references = (unchanged.Length > 0 ? unchanged : [.. common]).Order(StringComparer.Ordinal).ToArray();
            var before = SampleStatistics.Median(baseRows.Select(launch => Level(launch, references)).ToArray());
            var after = SampleStatistics.Median(diffRows.Select(launch => Level(launch, references)).ToArray());
            readings[key] = new RoundsReading(after / before, references);
        }

        return readings;
    }

    /// <summary>The case's record and the other rows of its rounds, in one launch.</summary>
    private sealed record TableRows(ResultRecord Case, IReadOnlyList<ResultRecord> Others);

    /// <summary>The records of one launch by table token.</summary>
    private static ILookup<string, ResultRecord> Tables(IReadOnlyDictionary<string, ResultRecord> launch) =>
        launch.Values.Where(r => r.Rounds is not null).ToLookup(r => r.Rounds!.Table, StringComparer.Ordinal);

    /// <summary>Null unless every launch that measured the case has its rounds.</summary>
    private static TableRows[]? TableRowsOf(string key, IReadOnlyList<IReadOnlyDictionary<string, ResultRecord>> launches, ILookup<string, ResultRecord>[] tables)
    {
        var rows = new List<TableRows>();
        for (var i = 0; i < launches.Count; i++)
        {
            if (!launches[i].TryGetValue(key, out var record))
            {
                continue;
            }

            if (record.Rounds is not { } rounds)
            {
                return null;
            }

            // Rows of the same rounds have as many round times; a file where they differ pairs nothing.
            var others = tables[i][rounds.Table]
                .Where(r => !ReferenceEquals(r, record) && r.Rounds!.NsPerCall.Count == rounds.NsPerCall.Count)
                .DistinctBy(r => r.Id, StringComparer.Ordinal)
                .ToArray();
            rows.Add(new TableRows(record, others));
        }

        return rows.Count == 0 ? null : rows.ToArray();
    }

    /// <summary>The median over rounds of the case's time ÷ the geometric mean of the references' times in that round.</summary>
    private static double Level(TableRows launch, string[] references)
    {
        var own = launch.Case.Rounds!.NsPerCall;
        if (references.Length == 0)
        {
            return SampleStatistics.Median(own);
        }

        var referenceRounds = references.Select(id => launch.Others.First(r => string.Equals(r.Id, id, StringComparison.Ordinal)).Rounds!.NsPerCall).ToArray();
        var reference = Enumerable.Range(0, own.Count).Select(round => SampleStatistics.GeometricMean(referenceRounds.Select(times => times[round]))!.Value).ToArray();
        return SampleStatistics.Median(PairedRatio.Ratios(own, reference));
    }

    /// <summary>
    /// Providers that cannot have changed between the two runs: given a role by both runs as they recorded them
    /// (<see cref="RecordedRoles"/>; a file that recorded none reads today's registry), this repository's own code in
    /// neither, and with the same package version recorded in both (or in neither).
    /// </summary>
    public static IReadOnlySet<string> UnchangedProviders(RunInfo baseRun, RunInfo diffRun)
    {
        var baseRoles = RecordedRoles.Of(baseRun).ToDictionary(p => p.Provider, p => p.Role, StringComparer.Ordinal);
        return RecordedRoles.Of(diffRun)
            .Where(p => p.Role != ProviderRole.Own
                && baseRoles.TryGetValue(p.Provider, out var role) && role != ProviderRole.Own
                && string.Equals(baseRun.Packages.GetValueOrDefault(p.Provider), diffRun.Packages.GetValueOrDefault(p.Provider), StringComparison.Ordinal))
            .Select(p => p.Provider)
            .ToHashSet(StringComparer.Ordinal);
    }
}
