namespace CryptoHarness.Leaks;

/// <summary>One check from start to record: a clean heap, the measurement, and the verdict.</summary>
public static class LeakCheck
{
    public static LeakRecord Run(LeakCase leakCase, TimeSpan budget, TimerFacts timer, int seed)
    {
        // A collection owed to the previous check would otherwise land in this one's first measurements.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        return ToRecord(leakCase, DudectMeter.Measure(leakCase, budget, timer, seed), timer);
    }

    /// <summary>
    /// The check, and when it flags something a second measurement from scratch with another class sequence: a leak is
    /// what both see the same way round (<see cref="LeakRecord.ConfirmationMaxAbsT"/>). The record keeps the first
    /// measurement's figures.
    /// </summary>
    public static LeakRecord RunConfirmed(LeakCase leakCase, TimeSpan budget, TimerFacts timer, int seed)
    {
        var first = Run(leakCase, budget, timer, seed);
        return first.MaxAbsT > LeakRecord.Threshold ? Confirm(first, Run(leakCase, budget, timer, seed + ConfirmationSeedOffset)) : first;
    }

    /// <summary><paramref name="first"/> with the second measurement's largest |t|, its direction, and the verdict of both.</summary>
    public static LeakRecord Confirm(LeakRecord first, LeakRecord second)
    {
        ArgumentNullException.ThrowIfNull(first);
        ArgumentNullException.ThrowIfNull(second);
        var sameDirection = Math.Sign(second.MeanBNs - second.MeanANs) == Math.Sign(first.MeanBNs - first.MeanANs);
        return first with
        {
            ConfirmationMaxAbsT = second.MaxAbsT,
            ConfirmationSameDirection = sameDirection,
            Verdict = LeakRecord.VerdictOf(first.MaxAbsT, second.MaxAbsT, sameDirection),
            ElapsedSeconds = first.ElapsedSeconds + second.ElapsedSeconds,
        };
    }

    /// <summary>Keeps the confirmation's class sequence apart from every check's first one (seeds are the run's seed plus the check's index).</summary>
    public const int ConfirmationSeedOffset = 1_000_003;

    /// <summary>A record of one check, with its verdict, from what was measured.</summary>
    public static LeakRecord ToRecord(LeakCase leakCase, LeakMeasurement measurement, TimerFacts timer)
    {
        ArgumentNullException.ThrowIfNull(leakCase);
        ArgumentNullException.ThrowIfNull(measurement);
        var uncropped = measurement.Tests[0];
        var counted = measurement.Tests.Where(t => t.A.Count >= DudectMeter.MinimumPerClass && t.B.Count >= DudectMeter.MinimumPerClass).ToArray();

        var largest = counted.MaxBy(t => Math.Abs(t.T));
        var shown = largest ?? uncropped;

        // Sensitivity from the tests that keep nearly every measurement, so that a shift of every call shows nearly whole
        // in them; the slowest tenth they drop is where a busy machine's preemptions swamp the uncropped variance.
        var detectable = counted.Where(t => t.KeptFraction is null or >= DetectableMinimumKept)
            .Select(t => LeakRecord.Threshold * WelchTest.StandardError(t.A, t.B))
            .DefaultIfEmpty(double.NaN)
            .Min();

        // Two classes that never overlap give an infinite t; the file keeps numbers finite.
        var maxAbsT = largest is null ? 0 : Math.Min(Math.Abs(largest.T), MaxReportedT);
        var subject = leakCase.Subject;
        return new LeakRecord
        {
            Id = subject.Id,
            Family = subject.Family,
            Algorithm = subject.Algorithm,
            Slug = subject.Slug,
            Provider = subject.Provider,
            Variant = subject.Variant,
            Control = subject.Control,
            Operation = leakCase.Operation,
            ClassA = leakCase.ClassA,
            ClassB = leakCase.ClassB,
            Parameters = leakCase.Parameters,
            ParameterSet = leakCase.ParameterSet,
            Measurements = uncropped.A.Count + uncropped.B.Count,
            MeasurementsA = uncropped.A.Count,
            MeasurementsB = uncropped.B.Count,
            CallsPerMeasurement = measurement.CallsPerMeasurement,
            WarmupCalls = measurement.WarmupCalls,
            MaxAbsT = maxAbsT,
            MaxTPercentile = largest?.KeptFraction,
            TestsCounted = counted.Length,
            MeanANs = shown.A.Mean,
            MeanBNs = shown.B.Mean,
            SmallestDetectableNs = double.IsFinite(detectable) ? detectable : null,
            Verdict = LeakRecord.VerdictOf(maxAbsT, null, null),
            TimerResolutionNs = timer.ResolutionNs,
            TimerOverheadNs = timer.OverheadNs,
            ElapsedSeconds = measurement.Elapsed.TotalSeconds,
        };
    }

    /// <summary>Far beyond any threshold; stands for "the classes never overlapped".</summary>
    public const double MaxReportedT = 1e6;

    /// <summary>The tests the smallest detectable difference is read from: the uncropped one and the crops keeping at least this share.</summary>
    public const double DetectableMinimumKept = 0.9;
}
