using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;
using CryptoHarness.Implementations;
using CryptoHarness.Results;

namespace CryptoHarness.Running;

/// <summary>Runs BenchmarkDotNet over gate-approved hash implementations and normalizes what it measured.</summary>
public static class HashRunner
{
    public sealed record Outcome(IReadOnlyList<ResultRecord> Results, IReadOnlyList<(IImplementation Implementation, string Reason)> Failures);

    public static Outcome Run(IReadOnlyList<IHashImplementation> implementations, IReadOnlyList<int> sizes, JobPreset job, string artifactsPath, ILogger logger)
    {
        HashBenchmarks.SelectedIds = implementations.Select(i => i.Id).ToArray();
        HashBenchmarks.SelectedSizes = sizes;

        var config = ManualConfig.CreateEmpty()
            .AddJob(job.Create())
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(JsonExporter.Full)
            .AddLogger(logger)
            .AddColumnProvider(BenchmarkDotNet.Columns.DefaultColumnProviders.Instance)
            .AddValidator(JitOptimizationsValidator.FailOnError)
            // No ExecutionValidator: it sets only [Params] properties, not [ParamsSource], and the gate has already
            // executed every selected implementation on every size.
            .WithArtifactsPath(artifactsPath)
            // Ids are longer than BenchmarkDotNet's default 20-character parameter width; keep them whole in its exports.
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(200));

        var summary = BenchmarkRunner.Run<HashBenchmarks>(config);
        return Normalize(summary, implementations);
    }

    private static Outcome Normalize(Summary summary, IReadOnlyList<IHashImplementation> implementations)
    {
        var byId = implementations.ToDictionary(i => i.Id, i => (IImplementation)i, StringComparer.Ordinal);
        var results = new List<ResultRecord>();
        var failures = new List<(IImplementation, string)>();
        if (summary.HasCriticalValidationErrors)
        {
            var errors = string.Join("; ", summary.ValidationErrors.Where(e => e.IsCritical).Select(e => e.Message.Trim()));
            return new Outcome([], implementations.Select(i => ((IImplementation)i, $"BenchmarkDotNet refused to run: {errors}")).ToArray());
        }

        var measured = summary.BenchmarksCases.Select(c => (string)c.Parameters["Id"]).ToHashSet(StringComparer.Ordinal);
        failures.AddRange(implementations.Where(i => !measured.Contains(i.Id))
            .Select(i => ((IImplementation)i, "BenchmarkDotNet did not run it (see the log in the run folder)")));
        foreach (var benchmarkCase in summary.BenchmarksCases)
        {
            var id = (string)benchmarkCase.Parameters["Id"];
            var size = (int)benchmarkCase.Parameters["Size"];
            var implementation = byId[id];
            var report = summary[benchmarkCase];
            var statistics = report?.ResultStatistics;
            if (report is null || !report.Success || statistics is null)
            {
                failures.Add((implementation, $"the benchmark run failed at {size} bytes (see the BenchmarkDotNet log in the run folder)"));
                continue;
            }

            var samples = report.GetResultRuns().Select(m => m.Nanoseconds / m.Operations).ToArray();
            var interval = statistics.ConfidenceInterval;
            results.Add(new ResultRecord
            {
                Id = id,
                Family = implementation.Algorithm.Family,
                Algorithm = implementation.Algorithm.Name,
                Slug = implementation.Algorithm.Slug,
                Provider = implementation.Provider.Key,
                Variant = implementation.Variant,
                SizeBytes = size,
                MedianNs = statistics.Median,
                MeanNs = statistics.Mean,
                StdDevNs = Finite(statistics.StandardDeviation),
                CiLowerNs = Finite(interval.Lower),
                CiUpperNs = Finite(interval.Upper),
                N = statistics.N,
                AllocatedBytes = report.GcStats.GetBytesAllocatedPerOperation(benchmarkCase),
                MbPerS = size / statistics.Median * 1e9 / 1e6,
                SamplesNs = samples,
            });
        }

        // A failure at one size makes the implementation's other numbers suspect too: report it failed, drop its rows.
        var failedIds = failures.Select(f => f.Item1.Id).ToHashSet(StringComparer.Ordinal);
        var distinctFailures = failures.GroupBy(f => f.Item1.Id).Select(g => g.First()).ToArray();
        return new Outcome(results.Where(r => !failedIds.Contains(r.Id)).ToArray(), distinctFailures);
    }

    private static double? Finite(double value) => double.IsFinite(value) ? value : null;
}
