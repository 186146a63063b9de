using CryptoHarness.Results;

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

    /// <summary>A record of one check, with its verdict, from what was measured.</summary>
    public static LeakRecord ToRecord(LeakCase leakCase, LeakMeasurement measurement, TimerFacts timer)
    {
        ArgumentNullException.ThrowIfNull(leakCase);
        ArgumentNullException.ThrowIfNull(measurement);
        var uncropped = measurement.Tests[0];
        var counted = measurement.Tests.Where(t => t.A.Count >= DudectMeter.MinimumPerClass && t.B.Count >= DudectMeter.MinimumPerClass).ToArray();

        var largest = counted.MaxBy(t => Math.Abs(t.T));

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
            MeanANs = uncropped.A.Mean,
            MeanBNs = uncropped.B.Mean,
            // The uncropped test holds the most measurements: if it does not count, no crop does.
            SmallestDetectableNs = counted.Length > 0 ? LeakRecord.Threshold * WelchTest.StandardError(uncropped.A, uncropped.B) : null,
            Verdict = LeakRecord.VerdictOf(maxAbsT),
            TimerResolutionNs = timer.ResolutionNs,
            TimerOverheadNs = timer.OverheadNs,
            ElapsedSeconds = measurement.Elapsed.TotalSeconds,
        };
    }

    /// <summary>Far beyond any threshold; stands for "the classes never overlapped".</summary>
    public const double MaxReportedT = 1e6;

}
