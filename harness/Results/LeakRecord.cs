using System.Globalization;
using System.Text.Json.Serialization;
using System.Text.RegularExpressions;

namespace CryptoHarness.Results;

/// <summary>
/// One constant-time check (<c>harness leaks</c>): an operation of one implementation timed on two classes of inputs
/// chosen at random per measurement, and Welch's t over the measurements, uncropped and cropped at dudect's percentiles.
/// Times are per call (a measurement of several calls is divided by their number).
/// </summary>
public sealed partial record LeakRecord : ImplementationRecord
{
    /// <summary>dudect's threshold: |t| above it is a leak.</summary>
    public const double Threshold = 4.5;

    public const string Leak = "leak";

    public const string NoLeakFound = "no leak found";

    /// <summary>Flagged by the first measurement, not by a second one made from scratch (or the second saw the other class slower).</summary>
    public const string NotConfirmed = "not confirmed";

    /// <summary>Flagged, but the classes' means differ by less than one cycle of the run's clock (<see cref="OneCycleNs"/>).</summary>
    public const string BelowOneCycle = "below one cycle";

    public string Scenario { get; init; } = "leaks";

    /// <summary>What was timed and which two inputs were compared, e.g. <c>verify-first-vs-last</c>.</summary>
    public required string Operation { get; init; }

    /// <summary>Class A and class B in words.</summary>
    public required string ClassA { get; init; }

    public required string ClassB { get; init; }

    /// <summary>The inputs in words: message and key lengths, or the password-hash parameter set in full.</summary>
    public required string Parameters { get; init; }

    /// <summary>Password hashes: the set's name (<c>test</c>, <c>cost4</c>, …).</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? ParameterSet { get; init; }

    /// <summary>The deliberately leaky double measured beside the real implementations; never a provider's code.</summary>
    public bool Control { get; init; }

    /// <summary>Measurements that entered the statistics, both classes (the warm-up and the percentile sample excluded).</summary>
    public required long Measurements { get; init; }

    public required long MeasurementsA { get; init; }

    public required long MeasurementsB { get; init; }

    /// <summary>Calls of the same class timed together in one measurement (1 unless one call is too short for the timer).</summary>
    public required int CallsPerMeasurement { get; init; }

    public required long WarmupCalls { get; init; }

    /// <summary>The largest |t| over the uncropped test and every crop with enough measurements in both classes.</summary>
    public required double MaxAbsT { get; init; }

    /// <summary>The crop that gave <see cref="MaxAbsT"/>: the fraction of measurements kept (below that percentile); null when uncropped.</summary>
    public double? MaxTPercentile { get; init; }

    /// <summary>How many tests (uncropped and crops) had enough measurements in both classes to count.</summary>
    public required int TestsCounted { get; init; }

    /// <summary>Class A's mean in the test that gave <see cref="MaxAbsT"/> (the uncropped one when none counted); likewise B.</summary>
    public required double MeanANs { get; init; }

    public required double MeanBNs { get; init; }

    /// <summary>
    /// The smallest difference of the two classes' means (ns per call) that would have given |t| = 4.5 with these
    /// variances and counts, 4.5·√(s_A²/n_A + s_B²/n_B), the least over the uncropped test and the crops that keep at
    /// least 90% of the measurements. Null when too few measurements were made for any of them to count.
    /// </summary>
    public required double? SmallestDetectableNs { get; init; }

    /// <summary>
    /// A flagged check (<see cref="MaxAbsT"/> above <see cref="Threshold"/>) is measured again from scratch: the largest
    /// |t| of that second measurement; null when the first flagged nothing. On this shared 2-core machine one measurement
    /// of a million calls flags a sound MAC verify now and then (|t| 6–23 over 101 crops, a different one each run), so a
    /// leak is only what shows twice, the same way round.
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? ConfirmationMaxAbsT { get; init; }

    /// <summary>Whether the second measurement's largest test has the same class slower as the first's; null with no second measurement.</summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public bool? ConfirmationSameDirection { get; init; }

    /// <summary>
    /// <see cref="Leak"/> when both measurements are above <see cref="Threshold"/> the same way round,
    /// <see cref="NotConfirmed"/> when only the first is, else <see cref="NoLeakFound"/>.
    /// </summary>
    public required string Verdict { get; init; }

    /// <summary>The smallest step of <c>Stopwatch.GetTimestamp</c> seen on this machine, in ns.</summary>
    public required double TimerResolutionNs { get; init; }

    /// <summary>What one <c>Stopwatch.GetTimestamp</c> call costs, in ns (the floor of any single measurement).</summary>
    public required double TimerOverheadNs { get; init; }

    [JsonPropertyName("elapsed_s")]
    public required double ElapsedSeconds { get; init; }

    public static string VerdictOf(double maxAbsT, double? confirmationMaxAbsT, bool? sameDirection, double differenceNs = 0, double? oneCycleNs = null) =>
        maxAbsT <= Threshold ? NoLeakFound
        : oneCycleNs is { } cycle && Math.Abs(differenceNs) < cycle ? BelowOneCycle
        : confirmationMaxAbsT > Threshold && sameDirection == true ? Leak
        : NotConfirmed;

    /// <summary>
    /// One cycle of the run's recorded clock, in ns; null when the run recorded none. A flagged difference of the classes'
    /// means below it is <see cref="BelowOneCycle"/>, not a leak: the checks look for a tag compared byte by byte, which
    /// costs cycles, and sub-cycle differences here came and went between processes on sound code (libsodium's and NSec's
    /// AEAD decryptions: 0.01–0.7 ns a call with |t| 5–29, confirmed within one process, absent in the next).
    /// </summary>
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? OneCycleNs { get; init; }

    /// <summary>The verdict these figures give (<see cref="VerdictOf"/>), which <see cref="Verdict"/> must equal.</summary>
    [JsonIgnore]
    public string DerivedVerdict => VerdictOf(MaxAbsT, ConfirmationMaxAbsT, ConfirmationSameDirection, MeanBNs - MeanANs, OneCycleNs);

    /// <summary>The first problem among a file's leak records, naming its index and case; null when all are sound.</summary>
    public static string? ProblemIn(IReadOnlyList<LeakRecord?>? records)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var i = 0; i < (records?.Count ?? 0); i++)
        {
            var record = records![i];
            if (record is null)
            {
                return $"leaks[{i}] is null";
            }

            if (record.Problem() is { } problem)
            {
                return $"leaks[{i}] ({record.Id} {record.Operation}): {problem}";
            }

            if (!seen.Add(record.CaseKey))
            {
                return $"leaks[{i}] ({record.Id} {record.Operation}): the same case twice";
            }
        }

        return null;
    }

    /// <summary>What must be equal for two checks to be of the same thing: implementation, operation and parameter set.</summary>
    [JsonIgnore]
    public string CaseKey => $"{Id} · {Operation}{(ParameterSet is null ? "" : $" · {ParameterSet}")}";

    /// <summary>
    /// What is wrong with the record, in words naming the field, or null. Checked once when a file is loaded, so the
    /// page and compare never meet a negative count, a non-finite statistic or a verdict that contradicts its |t|.
    /// </summary>
    public string? Problem()
    {
        if (Id is null || Family is null || Algorithm is null || Slug is null || Provider is null || Variant is null)
        {
            return "id, family, algorithm, slug, provider and variant are required";
        }

        // The same two patterns as every other record (SummaryValidation): names that may become part of a path, and
        // names that reach a page or a pull-request comment.
        foreach (var (field, value) in new[] { ("slug", Slug), ("family", Family), ("parameter_set", ParameterSet ?? "none") })
        {
            if (!SummaryValidation.PathName().IsMatch(value))
            {
                return $"field '{field}': {SummaryValidation.Quote(value)} is not a valid name";
            }
        }

        foreach (var (field, value) in new[] { ("id", Id), ("algorithm", Algorithm), ("provider", Provider), ("variant", Variant) })
        {
            if (!SummaryValidation.Name().IsMatch(value))
            {
                return $"field '{field}': {SummaryValidation.Quote(value)} is not a valid name";
            }
        }

        if (Operation is null || !OperationPattern().IsMatch(Operation))
        {
            return $"operation {SummaryValidation.Quote(Operation)} is not a lower-case operation name";
        }

        if (Scenario != "leaks")
        {
            return $"scenario {SummaryValidation.Quote(Scenario)} is not 'leaks'";
        }

        if (ClassA is null || ClassB is null || Parameters is null)
        {
            return "class_a, class_b and parameters are required";
        }

        // Free text that reaches the constant-time page and the comment: one line, of a bounded length, like every other.
        foreach (var (field, value) in new[] { ("class_a", ClassA), ("class_b", ClassB), ("parameters", Parameters) })
        {
            if (SummaryValidation.TextProblem(value) is { } text)
            {
                return $"field '{field}': {text}";
            }
        }

        if (Measurements < 0 || MeasurementsA < 0 || MeasurementsB < 0 || MeasurementsA + MeasurementsB != Measurements)
        {
            return string.Create(CultureInfo.InvariantCulture, $"measurements {Measurements} is not measurements_a {MeasurementsA} + measurements_b {MeasurementsB}, all 0 or more");
        }

        if (CallsPerMeasurement < 1 || WarmupCalls < 0 || TestsCounted < 0)
        {
            return "calls_per_measurement must be 1 or more, warmup_calls and tests_counted 0 or more";
        }

        foreach (var (name, value) in new[]
        {
            ("max_abs_t", MaxAbsT), ("mean_a_ns", MeanANs), ("mean_b_ns", MeanBNs), ("smallest_detectable_ns", SmallestDetectableNs ?? 0),
            ("timer_resolution_ns", TimerResolutionNs), ("timer_overhead_ns", TimerOverheadNs), ("elapsed_s", ElapsedSeconds),
        })
        {
            // Bounded as every time in a summary is, so no difference or ratio of them on the page overflows.
            if (!double.IsFinite(value) || value < 0 || value > SummaryValidation.MaxNs)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{name} {value} is not a finite number, 0 or more");
            }
        }

        if (MaxTPercentile is { } kept && !(kept > 0 && kept < 1))
        {
            return string.Create(CultureInfo.InvariantCulture, $"max_t_percentile {kept} is not a fraction between 0 and 1");
        }

        if ((ConfirmationMaxAbsT is null) != (ConfirmationSameDirection is null)
            || ConfirmationMaxAbsT is { } confirmation && !(double.IsFinite(confirmation) && confirmation >= 0))
        {
            return string.Create(CultureInfo.InvariantCulture, $"confirmation_max_abs_t {ConfirmationMaxAbsT} and confirmation_same_direction {ConfirmationSameDirection} must both be given (a finite number, 0 or more, and true or false) or neither");
        }

        if (OneCycleNs is { } cycle && !(double.IsFinite(cycle) && cycle > 0))
        {
            return string.Create(CultureInfo.InvariantCulture, $"one_cycle_ns {cycle} is not a positive finite number");
        }

        return Verdict == DerivedVerdict
            ? null
            : string.Create(CultureInfo.InvariantCulture, $"verdict {SummaryValidation.Quote(Verdict)} does not follow from max_abs_t {MaxAbsT} and its confirmation (threshold {Threshold}: '{Leak}' when both are above it the same way round and the means differ by one cycle or more, '{BelowOneCycle}' when they differ by less, '{NotConfirmed}' when only the first is above it, '{NoLeakFound}' otherwise)");
    }

    [GeneratedRegex("^[a-z0-9]+(-[a-z0-9]+)*$")]
    private static partial Regex OperationPattern();
}
