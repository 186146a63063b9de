using System.Text.Json.Serialization;

namespace CryptoHarness.Results;

/// <summary>
/// The normalized results of one run (<c>summary.json</c>): everything reports and comparisons read.
/// Field names are snake_case and stable; <see cref="SchemaId"/> changes when they do.
/// </summary>
public sealed record RunSummary
{
    public const string SchemaId = "crypto-harness/summary/1";

    [JsonPropertyName("schema")]
    public string Schema { get; init; } = SchemaId;

    [JsonPropertyName("run")]
    public required RunInfo Run { get; init; }

    [JsonPropertyName("results")]
    public required IReadOnlyList<ResultRecord> Results { get; init; }

    [JsonPropertyName("failures")]
    public required IReadOnlyList<Failure> Failures { get; init; }

    [JsonPropertyName("unsupported")]
    public required IReadOnlyList<Failure> Unsupported { get; init; }
}

public sealed record RunInfo
{
    [JsonPropertyName("machine_key")]
    public required string MachineKey { get; init; }

    [JsonPropertyName("cpu")]
    public required string Cpu { get; init; }

    [JsonPropertyName("logical_cores")]
    public required int LogicalCores { get; init; }

    [JsonPropertyName("instruction_set_level")]
    public required string InstructionSetLevel { get; init; }

    [JsonPropertyName("instruction_sets")]
    public required IReadOnlyDictionary<string, bool> InstructionSets { get; init; }

    [JsonPropertyName("os")]
    public required string Os { get; init; }

    [JsonPropertyName("runtime")]
    public required string Runtime { get; init; }

    [JsonPropertyName("benchmarkdotnet")]
    public required string BenchmarkDotNet { get; init; }

    /// <summary>Provider key → the package or library and version that was loaded.</summary>
    [JsonPropertyName("packages")]
    public required IReadOnlyDictionary<string, string> Packages { get; init; }

    [JsonPropertyName("git_commit")]
    public required string GitCommit { get; init; }

    [JsonPropertyName("utc")]
    public required DateTimeOffset Utc { get; init; }

    [JsonPropertyName("job")]
    public required string Job { get; init; }

    /// <summary>The job's settings in words (toolchain, warmups, iterations), so a table's footnote says how it was measured.</summary>
    [JsonPropertyName("job_description")]
    public required string JobDescription { get; init; }
}

public sealed record ResultRecord : ImplementationRecord
{
    [JsonPropertyName("scenario")]
    public string Scenario { get; init; } = "oneshot";

    [JsonPropertyName("size_bytes")]
    public required int SizeBytes { get; init; }

    [JsonPropertyName("median_ns")]
    public required double MedianNs { get; init; }

    [JsonPropertyName("mean_ns")]
    public required double MeanNs { get; init; }

    [JsonPropertyName("stddev_ns")]
    public required double? StdDevNs { get; init; }

    /// <summary>Bounds of the 99.9% confidence interval of the mean; null when too few samples (the dry job).</summary>
    [JsonPropertyName("ci_lower_ns")]
    public required double? CiLowerNs { get; init; }

    [JsonPropertyName("ci_upper_ns")]
    public required double? CiUpperNs { get; init; }

    [JsonPropertyName("n")]
    public required int N { get; init; }

    [JsonPropertyName("allocated_bytes")]
    public required long? AllocatedBytes { get; init; }

    /// <summary>Decimal megabytes (10^6 bytes) per second at the median.</summary>
    [JsonPropertyName("mb_per_s")]
    public required double MbPerS { get; init; }

    /// <summary>Per-operation time of every actual workload iteration, outliers included, for later statistics.</summary>
    [JsonPropertyName("samples_ns")]
    public required IReadOnlyList<double> SamplesNs { get; init; }
}

/// <summary>Which implementation a record is about; every field is copied from the registry at run time.</summary>
public abstract record ImplementationRecord
{
    [JsonPropertyName("id")]
    public required string Id { get; init; }

    [JsonPropertyName("family")]
    public required string Family { get; init; }

    [JsonPropertyName("algorithm")]
    public required string Algorithm { get; init; }

    [JsonPropertyName("slug")]
    public required string Slug { get; init; }

    [JsonPropertyName("provider")]
    public required string Provider { get; init; }

    [JsonPropertyName("variant")]
    public required string Variant { get; init; }
}

/// <summary>An implementation that was selected but not measured: rejected by the gate, or unsupported here.</summary>
public sealed record Failure : ImplementationRecord
{
    [JsonPropertyName("reason")]
    public required string Reason { get; init; }
}
