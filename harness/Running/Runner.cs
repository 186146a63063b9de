using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;
using CryptoHarness.Implementations;
using CryptoHarness.Results;
using CryptoHarness.Selecting;

namespace CryptoHarness.Running;

/// <summary>Runs BenchmarkDotNet over gate-approved implementations and normalizes what it measured, for every scenario.</summary>
public static class Runner
{
    public sealed record Outcome(IReadOnlyList<ResultRecord> Results, IReadOnlyList<(IImplementation Implementation, string Reason)> Failures);

    /// <summary>
    /// What a benchmark case measured: which implementation, which operation, how many bytes per operation, and for the
    /// batch scenario how many messages of how many bytes those were.
    /// </summary>
    private sealed record CaseIdentity(IReadOnlyList<IImplementation> Implementations, string Id, string Operation, int SizeBytes)
    {
        public int? BatchSize { get; init; }

        public int? MessageBytes { get; init; }

        public PasswordParameterSet? Set { get; init; }

        public string Parameters => BatchSize is { } count ? $"a batch of {count} × {MessageBytes} bytes"
            : Set is { } set ? set.Describe()
            : $"{SizeBytes} bytes";
    }

    /// <summary>The one-shot sweep: every operation of every implementation at every size.</summary>
    public static Outcome RunOneShot(IReadOnlyList<IImplementation> implementations, IReadOnlyList<int> sizes, JobPreset job, string artifactsPath, RunProgress progress)
    {
        OneShotBenchmarks.SelectedCases = implementations
            .SelectMany(i => Workload.OperationsOf(i).Select(o => Workload.CaseKey(i.Id, o)))
            .ToArray();
        OneShotBenchmarks.SelectedSizes = sizes;
        var byId = implementations.ToDictionary(i => i.Id, StringComparer.Ordinal);
        CaseIdentity Identify(BenchmarkCase benchmarkCase)
        {
            var (id, operation) = Workload.ParseCaseKey((string)benchmarkCase.Parameters["Case"]);
            return new CaseIdentity([byId[id]], id, operation, (int)benchmarkCase.Parameters["Size"]);
        }

        var summary = Measure<OneShotBenchmarks>(job.Create(), artifactsPath, progress, Identify);
        return Normalize(summary, implementations, "oneshot", Identify);
    }

    /// <summary>The streaming scenario: each incremental implementation over one large input, and one pass feeding all of them.</summary>
    public static Outcome RunStream(IReadOnlyList<IStreamingHashImplementation> implementations, int streamBytes, JobPreset job, string artifactsPath, RunProgress progress)
    {
        StreamingBenchmarks.SelectedCases = implementations.Select(i => i.Id)
            .Concat(implementations.Count > 1 ? [StreamingBenchmarks.MultiPassCase] : [])
            .ToArray();
        StreamingBenchmarks.SelectedIds = implementations.Select(i => i.Id).ToArray();
        StreamingBenchmarks.StreamBytes = streamBytes;
        var byId = implementations.ToDictionary(i => i.Id, i => (IImplementation)i, StringComparer.Ordinal);
        CaseIdentity Identify(BenchmarkCase benchmarkCase)
        {
            var key = (string)benchmarkCase.Parameters["Case"];
            return key == StreamingBenchmarks.MultiPassCase
                ? new CaseIdentity(implementations, key, OperationNames.Hash, streamBytes)
                : new CaseIdentity([byId[key]], key, OperationNames.Hash, streamBytes);
        }

        var summary = Measure<StreamingBenchmarks>(StreamingBenchmarks.Job(job), artifactsPath, progress, Identify);
        return Normalize(summary, implementations, "stream", Identify);
    }

    /// <summary>
    /// The batch scenario: every batch size and message length, each implementation through its batch API or, without
    /// one, in a loop of single calls over the same messages.
    /// </summary>
    public static Outcome RunBatch(IReadOnlyList<IHashImplementation> implementations, JobPreset job, string artifactsPath, RunProgress progress)
    {
        BatchBenchmarks.SelectedIds = implementations.Select(i => i.Id).ToArray();
        var byId = implementations.ToDictionary(i => i.Id, i => (IImplementation)i, StringComparer.Ordinal);
        CaseIdentity Identify(BenchmarkCase benchmarkCase)
        {
            var implementation = byId[(string)benchmarkCase.Parameters["Case"]];
            var batchSize = (int)benchmarkCase.Parameters["BatchSize"];
            var messageBytes = (int)benchmarkCase.Parameters["MessageBytes"];
            return new CaseIdentity([implementation], implementation.Id, Workload.BatchOperationOf(implementation), batchSize * messageBytes)
            {
                BatchSize = batchSize,
                MessageBytes = messageBytes,
            };
        }

        var summary = Measure<BatchBenchmarks>(job.Create(), artifactsPath, progress, Identify);
        return Normalize(summary, implementations, "batch", Identify);
    }

    /// <summary>The password scenario: every given (implementation, operation, parameter set) case.</summary>
    public static Outcome RunPassword(IReadOnlyList<IPasswordHashImplementation> implementations, IReadOnlyList<string> caseKeys, JobPreset job, string artifactsPath, RunProgress progress)
    {
        PasswordBenchmarks.SelectedCases = caseKeys;
        var byId = implementations.ToDictionary(i => i.Id, i => (IImplementation)i, StringComparer.Ordinal);
        CaseIdentity Identify(BenchmarkCase benchmarkCase)
        {
            var (id, operation, set) = PasswordWorkload.ParseKey((string)benchmarkCase.Parameters["Case"]);
            return new CaseIdentity([byId[id]], id, operation, 0) { Set = PasswordWorkload.ResolveSet(set) };
        }

        var summary = Measure<PasswordBenchmarks>(PasswordBenchmarks.Job(job), artifactsPath, progress, Identify);
        return Normalize(summary, implementations, "password", Identify);
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
            results.Add(new ResultRecord
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
                BatchSize = identity.BatchSize,
                MessageBytes = identity.MessageBytes,
                MedianNs = statistics.Median,
                PerItemNs = identity.BatchSize is { } count ? statistics.Median / count : null,
                MeanNs = statistics.Mean,
                StdDevNs = Finite(statistics.StandardDeviation),
                CiLowerNs = Finite(interval.Lower),
                CiUpperNs = Finite(interval.Upper),
                N = statistics.N,
                AllocatedBytes = AllocationProbe.PerOperation(benchmarkCase, statistics.Median),
                AllocatedBytesAllThreads = report.GcStats.GetBytesAllocatedPerOperation(benchmarkCase),
                MbPerS = identity.SizeBytes / statistics.Median * 1e9 / 1e6,
                SamplesNs = samples,
                ParameterSet = identity.Set?.Name,
                MemoryKib = identity.Set is { Parameters.IsBcrypt: false } argon2 ? argon2.Parameters.MemoryKib : null,
                Passes = identity.Set is { Parameters.IsBcrypt: false } ? identity.Set.Parameters.Passes : null,
                Lanes = identity.Set is { Parameters.IsBcrypt: false } ? identity.Set.Parameters.Lanes : null,
                TagBytes = identity.Set?.Parameters.TagBytes,
                Cost = identity.Set is { Parameters.IsBcrypt: true } ? identity.Set.Parameters.Cost : null,
                GibPerS = identity.Set is { Parameters.IsBcrypt: false } memory
                    ? memory.Parameters.MemoryKib * 1024.0 * memory.Parameters.Passes / (statistics.Median * 1e-9) / (1L << 30)
                    : null,
            });
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
