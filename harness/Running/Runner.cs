using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace CryptoHarness.Running;

/// <summary>Runs BenchmarkDotNet over gate-approved implementations and normalizes what it measured; the scenarios say what.</summary>
public static class Runner
{
    /// <summary>
    /// What a scenario measured, what failed, and what it could not run (a password set an implementation does not
    /// support: listed per set, not failed).
    /// </summary>
    public sealed record Outcome(IReadOnlyList<ResultRecord> Results, IReadOnlyList<(IImplementation Implementation, string Reason)> Failures)
    {
        public IReadOnlyList<Failure> Unsupported { get; init; } = [];
    }

    /// <summary>
    /// What a benchmark case measured: which implementation, which operation, how many bytes per operation. A scenario
    /// that records more (a batch's shape, a password set) derives its own and completes the record with it.
    /// </summary>
    public record CaseIdentity(IReadOnlyList<IImplementation> Implementations, string Id, string Operation, int SizeBytes)
    {
        /// <summary>The case's parameters in words, for the progress display and failure reasons.</summary>
        public virtual string Parameters => $"{SizeBytes} bytes";

        /// <summary>The record with what this scenario adds to the common fields.</summary>
        public virtual ResultRecord Complete(ResultRecord record) => record;
    }

    /// <summary>
    /// Runs <typeparamref name="TBenchmarks"/> and normalizes what it measured into one scenario's records;
    /// <paramref name="identify"/> names a case's identity, given the measured implementations by id.
    /// </summary>
    public static Outcome Run<TBenchmarks>(
        BenchmarkDotNet.Jobs.Job job, string artifactsPath, RunProgress progress, IEnumerable<IImplementation> implementations, string scenario,
        Func<BenchmarkCase, IReadOnlyDictionary<string, IImplementation>, CaseIdentity> identify)
    {
        var all = implementations.ToArray();
        var byId = all.ToDictionary(i => i.Id, StringComparer.Ordinal);
        CaseIdentity Identify(BenchmarkCase benchmarkCase) => identify(benchmarkCase, byId);
        return Normalize(Measure<TBenchmarks>(job, artifactsPath, progress, Identify), all, scenario, Identify);
    }

    /// <summary>
    /// Runs the benchmark class with progress counted from BenchmarkDotNet's case events. Its log goes to its own file in
    /// <paramref name="artifactsPath"/> (BenchmarkDotNet writes one for every run) and to the console only when verbose.
    /// </summary>
    private static Summary Measure<TBenchmarks>(BenchmarkDotNet.Jobs.Job job, string artifactsPath, RunProgress progress, Func<BenchmarkCase, CaseIdentity> identify)
    {
        Summary summary;
        using (var stage = progress.Stage("Measurement", total: 0))
        {
            var config = Config(job, artifactsPath, progress.ConsoleLog)
                .AddEventProcessor(new BenchmarkProgress(stage, benchmarkCase =>
                {
                    var identity = identify(benchmarkCase);
                    return ($"{identity.Id} {identity.Operation}, {identity.Parameters}",
                        string.Join(" + ", identity.Implementations.Select(i => i.Algorithm.Family).Distinct()));
                }));
            SdkVersionProbe.Apply();
            summary = BenchmarkRunner.Run<TBenchmarks>(config);
        }

        progress.WriteLine($"BenchmarkDotNet's log: {summary.LogFilePath}");
        return summary;
    }

    private static ManualConfig Config(BenchmarkDotNet.Jobs.Job job, string artifactsPath, ILogger logger) =>
        ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(JsonExporter.Full)
            .AddLogger(logger)
            .AddColumnProvider(BenchmarkDotNet.Columns.DefaultColumnProviders.Instance)
            .AddValidator(JitOptimizationsValidator.FailOnError)
            // No ExecutionValidator: it sets only [Params] properties, not [ParamsSource], and the gate has already
            // executed every selected implementation on every size.
            .WithArtifactsPath(artifactsPath)
            // The default job builds the harness and its providers again for its own process; on a busy 2-core machine
            // that took longer than BenchmarkDotNet's default two minutes, which failed every case.
            .WithBuildTimeout(TimeSpan.FromMinutes(15))
            // Case keys are longer than BenchmarkDotNet's default 20-character parameter width; keep them whole in its exports.
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(200));

    private static Outcome Normalize(
        Summary summary, IEnumerable<IImplementation> implementations, string scenario, Func<BenchmarkCase, CaseIdentity> identify)
    {
        var all = implementations.ToArray();
        if (summary.HasCriticalValidationErrors)
        {
            var errors = string.Join("; ", summary.ValidationErrors.Where(e => e.IsCritical).Select(e => e.Message.Trim()));
            return new Outcome([], all.Select(i => (i, $"BenchmarkDotNet refused to run: {errors}")).ToArray());
        }

        var results = new List<ResultRecord>();
        var failures = new List<(IImplementation, string)>();
        var cases = summary.BenchmarksCases.Select(c => (Case: c, Identity: identify(c))).ToArray();
        var measured = cases.SelectMany(c => c.Identity.Implementations).Select(i => i.Id).ToHashSet(StringComparer.Ordinal);
        failures.AddRange(all.Where(i => !measured.Contains(i.Id))
            .Select(i => (i, "BenchmarkDotNet did not run it (see the log in the run folder)")));
        foreach (var (benchmarkCase, identity) in cases)
        {
            var report = summary[benchmarkCase];
            var statistics = report?.ResultStatistics;
            if (report is null || !report.Success || statistics is null)
            {
                failures.AddRange(identity.Implementations.Select(i =>
                    (i, $"the {scenario} benchmark failed for {identity.Operation} at {identity.Parameters} (see the BenchmarkDotNet log in the run folder)")));
                continue;
            }

            var samples = report.GetResultRuns().Select(m => m.Nanoseconds / m.Operations).ToArray();
            var interval = statistics.ConfidenceInterval;
            var single = identity.Implementations.Count == 1 ? identity.Implementations[0] : null;
            results.Add(identity.Complete(new ResultRecord
            {
                Id = identity.Id,
                Family = single?.Algorithm.Family ?? "",
                Algorithm = single?.Algorithm.Name ?? string.Join(" + ", identity.Implementations.Select(i => i.Algorithm.Name).Distinct()),
                Slug = single?.Algorithm.Slug ?? identity.Id,
                Provider = single?.Provider.Key ?? "",
                Variant = single?.Variant ?? "",
                Scenario = scenario,
                Operation = identity.Operation,
                Members = single is null ? identity.Implementations.Select(i => i.Id).ToArray() : null,
                SizeBytes = identity.SizeBytes,
                MedianNs = statistics.Median,
                MeanNs = statistics.Mean,
                StdDevNs = Finite(statistics.StandardDeviation),
                CiLowerNs = Finite(interval.Lower),
                CiUpperNs = Finite(interval.Upper),
                N = statistics.N,
                AllocatedBytes = AllocationProbe.PerOperation(benchmarkCase, statistics.Median),
                AllocatedBytesAllThreads = report.GcStats.GetBytesAllocatedPerOperation(benchmarkCase),
                MbPerS = ResultRecord.MegabytesPerSecond(identity.SizeBytes, statistics.Median),
                SamplesNs = samples,
            }));
        }

        // A failure in one case makes the implementation's other numbers suspect too: report it failed, drop its rows.
        var failedIds = failures.Select(f => f.Item1.Id).ToHashSet(StringComparer.Ordinal);
        var distinctFailures = failures.GroupBy(f => f.Item1.Id).Select(g => g.First()).ToArray();
        return new Outcome(
            results.Where(r => !failedIds.Contains(r.Id) && (r.Members is null || !r.Members.Any(failedIds.Contains))).ToArray(),
            distinctFailures);
    }

    private static double? Finite(double value) => double.IsFinite(value) ? value : null;
}
