using System.Security.Cryptography;
using CryptoHarness.Implementations;
using CryptoHarness.Interleaving;
using CryptoHarness.Results;

namespace CryptoHarness.Running;

/// <summary>
/// The ratios of the one-shot tables: after BenchmarkDotNet has measured every case on its own (the absolute figures
/// the pages print), the providers of each table (one algorithm, operation and size) are timed again together, in
/// interleaved rounds in this process, and each case keeps its rounds. A table's ratios come from those rounds.
/// </summary>
/// <remarks>
/// Why both: BenchmarkDotNet runs a case to its end before the next, so the two sides of a ratio are minutes apart on
/// a shared machine; its per-case statistics (pilot, warm-up, outliers, confidence interval) are what a reader of one
/// row needs. The rounds cost about 0.15 s a case at the quick settings, timed by the same workloads BenchmarkDotNet
/// timed (<see cref="Workloads.Create"/>), so the two agree on what a call is.
/// </remarks>
public static class InterleavedTables
{
    /// <summary>
    /// The records with their table's rounds attached; a table of one side keeps none (there is no ratio to take).
    /// Only records of implementations in <paramref name="implementations"/> are timed again.
    /// </summary>
    public static IReadOnlyList<ResultRecord> Attach(
        IReadOnlyList<ResultRecord> results, IReadOnlyList<IImplementation> implementations, InterleavingSettings settings, RunProgress progress)
    {
        var byId = implementations.ToDictionary(i => i.Id, StringComparer.Ordinal);
        var tables = results
            .Where(r => r.Members is null && byId.ContainsKey(r.Id))
            .GroupBy(r => (r.Slug, r.Operation, r.SizeBytes))
            .Where(g => g.Count() > 1)
            .ToArray();
        var attached = new Dictionary<ResultRecord, InterleavedRecord>(ReferenceEqualityComparer.Instance);
        using (var stage = progress.Stage("Interleaved rounds", tables.Length))
        {
            foreach (var table in tables)
            {
                var rows = table.ToArray();
                stage.Started($"{table.Key.Slug} {table.Key.Operation}, {table.Key.SizeBytes} bytes: {rows.Length} providers", byId[rows[0].Id].Algorithm.Family);
                var sides = rows.Select(r => new InterleavedSide(r.Id, Workloads.Create(byId[r.Id], r.Operation, r.SizeBytes).Run)).ToArray();
                var measured = InterleavedRounds.Measure(sides, settings);
                var token = Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(8));
                for (var i = 0; i < rows.Length; i++)
                {
                    var side = measured.Sides[i];
                    attached[rows[i]] = new InterleavedRecord
                    {
                        Table = token,
                        NsPerCall = side.NanosecondsPerCall,
                        CallsPerRound = side.CallsPerBatch,
                        AllocatedBytes = side.AllocatedBytesPerCall,
                    };
                }

                stage.Finished();
            }
        }

        return results.Select(r => attached.TryGetValue(r, out var rounds) ? r with { Rounds = rounds } : r).ToArray();
    }
}
