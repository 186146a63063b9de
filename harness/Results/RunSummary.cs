using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using CryptoHarness.Selecting.Scenarios;
using CryptoHarness.Statistics;

namespace CryptoHarness.Results;

/// <summary>
/// The normalized results of one run (<c>summary.json</c>): everything reports and comparisons read.
/// Field names are snake_case and stable; <see cref="SchemaId"/> changes when they do.
/// </summary>
public sealed record RunSummary
{
    public const string SchemaId = "crypto-harness/summary/1";

    public string Schema { get; init; } = SchemaId;

    public required RunInfo Run { get; init; }

    public required IReadOnlyList<ResultRecord> Results { get; init; }

    public required IReadOnlyList<Failure> Failures { get; init; }

    public required IReadOnlyList<Failure> Unsupported { get; init; }

    /// <summary>What the registry said about each algorithm in the run, so reports describe it without consulting the registry.</summary>
    public IReadOnlyList<AlgorithmInfo> Algorithms { get; init; } = [];

    /// <summary>The password scenario's parameter sets, in full, in the order they were run; absent in other scenarios.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<ParameterSetInfo>? ParameterSets { get; init; }

    /// <summary>The leaks scenario's constant-time checks (<c>harness leaks</c>); absent in other scenarios.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<LeakRecord>? Leaks { get; init; }
}

/// <summary>A password-hash parameter set as run: its name (or compact form, for a user's set) and every value.</summary>
public sealed record ParameterSetInfo
{
    public required string Name { get; init; }

    /// <summary>The values in words, e.g. <c>m=19456 KiB (19 MiB), t=2, p=1, 32-byte tag</c>: what every table prints.</summary>
    public required string Description { get; init; }

    public required string Source { get; init; }

    /// <summary><c>argon2</c> or <c>bcrypt</c>.</summary>
    public required string Kind { get; init; }

    public int MemoryKib { get; init; }

    public int Passes { get; init; }

    public int Lanes { get; init; }

    public int TagBytes { get; init; }

    public int Cost { get; init; }
}

/// <summary>An algorithm's parameters as measured, and the registry's note on why it is here.</summary>
public sealed record AlgorithmInfo
{
    public required string Slug { get; init; }

    public required string Name { get; init; }

    public required string Family { get; init; }

    /// <summary><c>hash</c>, <c>xof</c>, <c>mac</c> or <c>aead</c>.</summary>
    public required string Kind { get; init; }

    public required int OutputBytes { get; init; }

    public int KeyBytes { get; init; }

    public int NonceBytes { get; init; }

    public int TagBytes { get; init; }

    /// <summary>Associated data passed with every AEAD operation.</summary>
    public int AssociatedDataBytes { get; init; }

    public string Note { get; init; } = "";

    /// <summary>The registry's sentence about this machine's hardware, when the machine has what it speaks of; else null.</summary>
    public string? HardwareNote { get; init; }
}

public sealed record RunInfo
{
    public required string MachineKey { get; init; }

    public required string Cpu { get; init; }

    /// <summary>The CPU's maker, family, model and stepping, and whether under a hypervisor (<c>MachineInfo.CpuIdentity</c>); absent off x86 and in files written before it was recorded.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? CpuIdentity { get; init; }

    public required int LogicalCores { get; init; }

    public required string InstructionSetLevel { get; init; }

    public required IReadOnlyDictionary<string, bool> InstructionSets { get; init; }

    /// <summary>The host CPU's own level when this run was made at an emulated one (<c>run --isa</c>); null otherwise.</summary>
    public string? IsaEmulatedOn { get; init; }

    public required string Os { get; init; }

    public required string Runtime { get; init; }

    [JsonPropertyName("benchmarkdotnet")]
    public required string BenchmarkDotNet { get; init; }

    /// <summary>Provider key → the package or library and version that was loaded.</summary>
    public required IReadOnlyDictionary<string, string> Packages { get; init; }

    /// <summary>
    /// Provider key → how the harness called that native provider (e.g. P/Invoke without the GC transition up to
    /// 1 KiB); absent for providers called as .NET code, and in files written before it was recorded, whose package
    /// versions carried the note in parentheses.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyDictionary<string, string>? CallingNotes { get; init; }

    public required string GitCommit { get; init; }

    public required DateTimeOffset Utc { get; init; }

    /// <summary>
    /// One id per process that measured (a launch): its samples share that process's JIT, memory layout and machine
    /// state, so compare tells launches apart by it. Absent in files written before it existed.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? LaunchId { get; init; }

    public required string Job { get; init; }

    /// <summary>The job's settings in words (toolchain, warmups, iterations), so a table's footnote says how it was measured.</summary>
    public required string JobDescription { get; init; }

    /// <summary><c>oneshot</c>, <c>stream</c>, <c>batch</c>, <c>password</c> or <c>leaks</c>; absent in files written before the streaming scenario, which were one-shot.</summary>
    public string Scenario { get; init; } = OneShotSelection.ScenarioName;

    /// <summary>Chunk size of the streaming scenario; 0 for one-shot runs.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
    public int ChunkBytes { get; init; }

    /// <summary>
    /// The CPU clock rate, in hertz, that cycles per byte are derived from (see <c>MachineInfo.ClockRate</c>); absent in
    /// files written before it was recorded, or when the run could read none.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? CpuFrequencyHz { get; init; }

    /// <summary>Where <see cref="CpuFrequencyHz"/> was read, in words, so the derivation under a table can say it.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? CpuFrequencySource { get; init; }

    /// <summary>
    /// Provider key → what it stood for beside this repository's own code when the run was made (a name of
    /// <see cref="RecordedRoles.Names"/>), written in the registry's order, which the file keeps: the highlights compare
    /// <c>managed</c> with them by role, and compare trusts an unchanged non-own provider's times. Kept so an old run
    /// renders as it did even after the registry changes a role; absent in files written before it was recorded, which
    /// read the roles from today's registry (<see cref="RecordedRoles"/>).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyDictionary<string, string>? ProviderRoles { get; init; }

    /// <summary>
    /// The two payload sizes the highlights speak about (throughput-bound and latency-bound) when this run was made;
    /// absent in files written before they were recorded, which read <see cref="HighlightSizes.Default"/>.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public HighlightSizes? HighlightSizes { get; init; }
}

/// <summary>The payload sizes the highlights choose leaders at: <see cref="LargeBytes"/> for throughput, <see cref="SmallBytes"/> for latency.</summary>
/// <remarks>Both are required (the file's options respect required constructor parameters).</remarks>
public sealed record HighlightSizes(int LargeBytes, int SmallBytes)
{
    /// <summary>The default sweep's largest and smallest sizes (<see cref="Selecting.PayloadSizes.Default"/>): what a run records, and what a file that recorded none read.</summary>
    public static HighlightSizes Default { get; } = new(Selecting.PayloadSizes.Default[^1], Selecting.PayloadSizes.Default[0]);

    /// <summary>The sizes a run recorded, or <see cref="Default"/> for a file written before they were recorded.</summary>
    public static HighlightSizes Of(RunInfo run) => run.HighlightSizes ?? Default;
}

public sealed record ResultRecord : ImplementationRecord
{
    /// <summary>
    /// <c>oneshot</c> (the size sweep), <c>stream</c> (incremental, 64 KiB chunks over one large input) or <c>batch</c>
    /// (many short messages of one length).
    /// </summary>
    public string Scenario { get; init; } = OneShotSelection.ScenarioName;

    /// <summary>
    /// What was timed: <c>hash</c>, <c>mac</c>, <c>xof-32</c>/<c>xof-64</c> (output length), <c>encrypt</c> or
    /// <c>decrypt</c> (with tag verification); in the batch scenario <c>hash-batch</c> (one call of a batch API) or
    /// <c>hash-loop</c> (one single-message call per message). Absent in files written before it existed, which
    /// measured <c>hash</c> only.
    /// </summary>
    public string Operation { get; init; } = "hash";

    /// <summary>For a record that measured several implementations at once (the multi-algorithm stream pass), their ids.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<string>? Members { get; init; }

    /// <summary>Bytes hashed per operation; in the batch scenario, <see cref="BatchSize"/> × <see cref="MessageBytes"/>.</summary>
    public required int SizeBytes { get; init; }

    /// <summary>Batch scenario: how many messages one operation hashed. Absent in other scenarios.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? BatchSize { get; init; }

    /// <summary>Batch scenario: the length of each message. Absent in other scenarios.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? MessageBytes { get; init; }

    public required double MedianNs { get; init; }

    /// <summary>Batch scenario: the median ÷ the batch size, the cost of one message. Absent in other scenarios.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? PerItemNs { get; init; }

    public required double MeanNs { get; init; }

    [JsonPropertyName("stddev_ns")]
    public required double? StdDevNs { get; init; }

    /// <summary>Bounds of the 99.9% confidence interval of the mean; null when too few samples (the dry job).</summary>
    public required double? CiLowerNs { get; init; }

    public required double? CiUpperNs { get; init; }

    public required int N { get; init; }

    /// <summary>
    /// Managed bytes allocated per operation by the calling thread, counted exactly (see AllocationProbe); null if unknown.
    /// </summary>
    public required long? AllocatedBytes { get; init; }

    /// <summary>BenchmarkDotNet's figure, which counts every thread's allocations during the run (background work included).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public long? AllocatedBytesAllThreads { get; init; }

    /// <summary>Decimal megabytes (10^6 bytes) per second at the median.</summary>
    public required double MbPerS { get; init; }

    /// <summary>Decimal megabytes (10^6 bytes) per second for <paramref name="sizeBytes"/> in <paramref name="nanoseconds"/>.</summary>
    public static double MegabytesPerSecond(int sizeBytes, double nanoseconds) => sizeBytes / nanoseconds * 1e3;

    /// <summary>Per-operation time of every actual workload iteration, outliers included, for later statistics.</summary>
    public required IReadOnlyList<double> SamplesNs { get; init; }

    /// <summary>
    /// The case's share of its table's interleaved rounds (every provider of one algorithm, operation and size timed
    /// round by round in one process); absent when the job ran none or the table had one side.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public InterleavedRecord? Rounds { get; init; }

    /// <summary>Password scenario: the parameter set's name, or a user set's compact form (<c>m=65536,t=4,p=1,len=32</c>).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ParameterSet { get; init; }

    /// <summary>Password scenario, Argon2: m in KiB.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? MemoryKib { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Passes { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Lanes { get; init; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? TagBytes { get; init; }

    /// <summary>Password scenario, bcrypt: the cost (log2 rounds).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public int? Cost { get; init; }

    /// <summary>Password scenario, Argon2: memory processed per second, m·t KiB ÷ the median, in GiB/s (2^30 bytes).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? GibPerS { get; init; }

    /// <summary>
    /// The fields a scenario declares in its own folder (<see cref="ScenarioFields"/>), under the scenario's name; absent
    /// for the scenarios whose few fields predate them and sit above (batch, password), and in files written before.
    /// </summary>
    [JsonPropertyName("scenario_fields")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public ScenarioFields? Fields { get; init; }
}

/// <summary>Which implementation a record is about; every field is copied from the registry at run time.</summary>
public abstract record ImplementationRecord
{
    protected ImplementationRecord()
    {
    }

    /// <summary>The six names of a registered implementation, for a record that has no other required member (or sets them all too).</summary>
    [SetsRequiredMembers]
    protected ImplementationRecord(IImplementation implementation)
    {
        ArgumentNullException.ThrowIfNull(implementation);
        Id = implementation.Id;
        Family = implementation.Algorithm.Family;
        Algorithm = implementation.Algorithm.Name;
        Slug = implementation.Algorithm.Slug;
        Provider = implementation.Provider.Key;
        Variant = implementation.Variant;
    }

    public required string Id { get; init; }

    public required string Family { get; init; }

    public required string Algorithm { get; init; }

    public required string Slug { get; init; }

    public required string Provider { get; init; }

    public required string Variant { get; init; }
}

/// <summary>An implementation that was selected but not measured: rejected by the gate, or unsupported here.</summary>
public sealed record Failure : ImplementationRecord
{
    public Failure()
    {
    }

    /// <summary>A failure of <paramref name="implementation"/>.</summary>
    [SetsRequiredMembers]
    public Failure(IImplementation implementation, string reason)
        : base(implementation) => Reason = reason;

    /// <summary>A failure of the implementation <paramref name="subject"/> names (its six names copied).</summary>
    [SetsRequiredMembers]
    public Failure(ImplementationRecord subject, string reason)
        : base(subject) => Reason = reason;

    public required string Reason { get; init; }

    /// <summary>Password scenario: the set this implementation cannot run (the rest of its sets were measured).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ParameterSet { get; init; }

    /// <summary>Password scenario: the operations it cannot run at that set.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public IReadOnlyList<string>? Operations { get; init; }
}

/// <summary>
/// One side of an interleaved table. Records with the same <see cref="Table"/> were timed in the same rounds, so their
/// <see cref="NsPerCall"/> pair index by index, and the ratio between them is the median of the per-round ratios.
/// </summary>
public sealed record InterleavedRecord
{
    /// <summary>A token naming the table, unique per run, so rounds of two runs merged into one summary never pair.</summary>
    public required string Table { get; init; }

    /// <summary>Time per call in each measured round, in round order, with the timing loop's own cost taken out.</summary>
    public required IReadOnlyList<double> NsPerCall { get; init; }

    public required long CallsPerRound { get; init; }

    /// <summary>Bytes allocated per call on the timing thread, the least over the rounds.</summary>
    public required long AllocatedBytes { get; init; }

    /// <summary>The median of <see cref="NsPerCall"/>: derived, so not written.</summary>
    [JsonIgnore]
    public double MedianNs => SampleStatistics.Median(NsPerCall);
}
