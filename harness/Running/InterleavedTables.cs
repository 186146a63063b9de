using System.Security.Cryptography;
using CryptoHarness.Interleaving;

namespace CryptoHarness.Running;

/// <summary>
/// The ratios of the one-shot tables: after BenchmarkDotNet has measured every case on its own (the absolute figures
/// the pages print), the providers of each table (one algorithm, operation and size) are timed again together, in
/// interleaved rounds in this process, in three passes over all tables (<see cref="RoundsPerPass"/>), and each case
/// keeps its rounds. A table's ratios come from those rounds.
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
    /// The records with their table's rounds attached. A table of one side has no ratio to take, but its rounds are a
    /// second measurement of the case at other moments than BenchmarkDotNet's, which <c>compare</c> reads to tell a
    /// change from drift between runs made separately. Only records of implementations in
    /// <paramref name="implementations"/> are timed again.
    /// </summary>
    public static IReadOnlyList<ResultRecord> Attach(
        IReadOnlyList<ResultRecord> results, IReadOnlyList<IImplementation> implementations, InterleavingSettings settings, RunProgress progress) =>
        Attach(results, implementations, settings, progress, static (implementation, r) => Workloads.Create(implementation, r.Operation, r.SizeBytes));

    /// <summary>
    /// As above, for any scenario whose records of one algorithm, operation, size and parameter set did the same work:
    /// <paramref name="workloadOf"/> makes the call a record timed (the password scenario's, at the record's set).
    /// </summary>
    public static IReadOnlyList<ResultRecord> Attach(
        IReadOnlyList<ResultRecord> results, IReadOnlyList<IImplementation> implementations, InterleavingSettings settings, RunProgress progress,
        Func<IImplementation, ResultRecord, Workload> workloadOf)
    {
        var byId = implementations.ToDictionary(i => i.Id, StringComparer.Ordinal);
        var tables = results
            .Where(r => r.Members is null && byId.ContainsKey(r.Id))
            .GroupBy(r => (r.Slug, r.Operation, r.SizeBytes, r.ParameterSet))
            .ToArray();
        // Each table's workloads are made once and kept for every pass, so a pass times the same objects as the last.
        var sides = tables.Select(t => t.Select(r => new InterleavedSide(r.Id, workloadOf(byId[r.Id], r).Run)).ToArray()).ToArray();
        var passes = Enumerable.Range(0, tables.Length).Select(_ => new List<InterleavedTable>()).ToArray();
        var perPass = RoundsPerPass(settings.Rounds);
        using (var stage = progress.Stage("Interleaved rounds", tables.Length * perPass.Count))
        {
            for (var pass = 0; pass < perPass.Count; pass++)
            {
                // The first pass warms every table up as the settings say; later ones find the code optimized already and
                // need only enough rounds to set the batch sizes again.
                var passSettings = pass == 0
                    ? settings with { Rounds = perPass[pass] }
                    : settings with { Rounds = perPass[pass], WarmupRounds = Math.Min(settings.WarmupRounds, 2), MinimumWarmup = TimeSpan.Zero, Seed = settings.Seed + pass };
                for (var t = 0; t < tables.Length; t++)
                {
                    var key = tables[t].Key;
                    stage.Started($"pass {pass + 1} of {perPass.Count}: {key.Slug} {key.Operation}, {key.ParameterSet ?? $"{key.SizeBytes} bytes"}, {(sides[t].Length == 1 ? "1 provider" : $"{sides[t].Length} providers")}", byId[tables[t].First().Id].Algorithm.Family);
                    passes[t].Add(InterleavedRounds.Measure(sides[t], passSettings));
                    stage.Finished();
                }
            }
        }

        var attached = new Dictionary<ResultRecord, InterleavedRecord>(ReferenceEqualityComparer.Instance);
        for (var t = 0; t < tables.Length; t++)
        {
            var rows = tables[t].ToArray();
            var token = Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(8));
            for (var i = 0; i < rows.Length; i++)
            {
                attached[rows[i]] = new InterleavedRecord
                {
                    Table = token,
                    NsPerCall = passes[t].SelectMany(p => p.Sides[i].NanosecondsPerCall).ToArray(),
                    CallsPerRound = passes[t][0].Sides[i].CallsPerBatch,
                    AllocatedBytes = passes[t].Min(p => p.Sides[i].AllocatedBytesPerCall),
                };
            }
        }

        return results.Select(r => attached.TryGetValue(r, out var rounds) ? r with { Rounds = rounds } : r).ToArray();
    }

    /// <summary>
    /// The rounds of a table split into up to <see cref="Passes"/> passes over all tables, as evenly as they go, with
    /// at least three rounds a pass.
    /// </summary>
    /// <remarks>
    /// Why passes: a neighbour on this shared machine can load it for a minute or more, and it slows the sides of a
    /// table by different factors (code that needs the core's integer units suffers more from a busy sibling thread
    /// than code that waits on memory), which no per-round ratio cancels. Timed in one stretch, a table caught in such
    /// a minute had all its rounds disturbed: two consecutive full sweeps on this machine moved the ratio between two
    /// providers by 12% at the 90th percentile, with SHA-384's and SHA-3's tables 25–30% off in one run, where their
    /// BenchmarkDotNet medians, taken minutes apart, agreed. With the rounds of each table spread over three passes
    /// minutes apart, one disturbed stretch holds a third of a table's rounds, and the median of the per-round ratios
    /// stays with the other two thirds.
    /// </remarks>
    public static IReadOnlyList<int> RoundsPerPass(int rounds)
    {
        // At least three rounds a pass, the least the loop takes (InterleavingSettings.Validate).
        var passes = Math.Clamp(rounds / 3, 1, Passes);
        return Enumerable.Range(0, passes).Select(p => (rounds / passes) + (p < rounds % passes ? 1 : 0)).ToArray();
    }

    /// <summary>How many passes over all tables the rounds are spread across.</summary>
    public const int Passes = 3;
}
