using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CryptoHarness.Leaks;

/// <summary>What this machine's <see cref="Stopwatch.GetTimestamp"/> can resolve and what reading it costs.</summary>
public readonly record struct TimerFacts(double ResolutionNs, double OverheadNs)
{
    public static double NsPerTick => 1e9 / Stopwatch.Frequency;

    /// <summary>
    /// The smallest nonzero step seen between two readings, and the cost of one reading: the mean over 10,000 readings
    /// in the quickest of ten rounds, so a round another process interrupts does not count.
    /// </summary>
    public static TimerFacts Measure()
    {
        var smallest = long.MaxValue;
        for (var i = 0; i < 1000; i++)
        {
            var before = Stopwatch.GetTimestamp();
            long after;
            do
            {
                after = Stopwatch.GetTimestamp();
            }
            while (after == before);
            smallest = Math.Min(smallest, after - before);
        }

        const int Readings = 10_000;
        var quickest = long.MaxValue;
        for (var round = 0; round < 10; round++)
        {
            var start = Stopwatch.GetTimestamp();
            for (var i = 0; i < Readings; i++)
            {
                _ = Stopwatch.GetTimestamp();
            }

            quickest = Math.Min(quickest, Stopwatch.GetTimestamp() - start);
        }

        return new(smallest * NsPerTick, quickest * NsPerTick / Readings);
    }
}

/// <summary>What one check measured: every test's statistics (times in ns per call) and how it was run.</summary>
public sealed record LeakMeasurement(
    IReadOnlyList<TTestResult> Tests, int CallsPerMeasurement, long WarmupCalls, int PercentileSample, TimeSpan Elapsed);

/// <summary>
/// dudect's measurement loop. Per operation: a warm-up of a quarter of the budget alternating the classes (long enough
/// for the runtime to recompile the code under test at its optimized tier: a method is promoted after 30 calls once
/// 100 ms pass without new tier-0 code, and the rest of the budget is left for measuring); a choice of how many calls
/// one measurement times; a first sample whose percentiles set the crops (not counted); then, until the budget ends,
/// measurements of one class chosen at random each, its inputs copied into a slot also drawn at random
/// (<see cref="LeakCase.Prepare"/>), timed with <see cref="Stopwatch.GetTimestamp"/> around the calls and nothing else. Randomising the class per measurement makes any drift (frequency, a background task, tiering
/// finishing late) fall on both classes alike, so it adds noise but not a difference.
/// </summary>
public static class DudectMeter
{
    public const double WarmupShare = 0.25;

    /// <summary>Share of the measuring time, and most measurements, that the percentile sample takes.</summary>
    public const double PercentileShare = 0.1;

    public const int PercentileSampleSize = 1000;

    /// <summary>
    /// A test counts once each class has this many measurements in it. dudect waits for 10,000; password hashes of a
    /// millisecond give a few thousand in the default budget, so the floor is lower and the count is reported beside |t|.
    /// </summary>
    public const int MinimumPerClass = 100;

    /// <summary>One measurement must span this many times the timer's resolution or cost, whichever is larger, before a single call is timed alone.</summary>
    public const int TimerMultiple = 10;

    public const int MaxCallsPerMeasurement = 1024;

    public static LeakMeasurement Measure(LeakCase leakCase, TimeSpan budget, TimerFacts timer, int seed)
    {
        ArgumentNullException.ThrowIfNull(leakCase);
        var started = Stopwatch.GetTimestamp();
        var budgetTicks = (long)(budget.TotalSeconds * Stopwatch.Frequency);
        var deadline = started + budgetTicks;

        var warmupEnd = started + (long)(budgetTicks * WarmupShare);
        long warmupCalls = 0;
        do
        {
            var inputClass = (int)(warmupCalls & 1);
            leakCase.Prepare(inputClass, (int)(warmupCalls % LeakCase.ClassInputSlots));
            leakCase.Run(inputClass);
            warmupCalls++;
        }
        while (Stopwatch.GetTimestamp() < warmupEnd);

        var random = new Random(seed);
        var calls = CallsPerMeasurement(leakCase, timer, random);

        var sampleEnd = Stopwatch.GetTimestamp() + (long)((deadline - Stopwatch.GetTimestamp()) * PercentileShare);
        var sample = new List<double>(PercentileSampleSize);
        while (sample.Count < PercentileSampleSize && Stopwatch.GetTimestamp() < sampleEnd)
        {
            sample.Add(Measurement(leakCase, random.Next(2), calls, random));
        }

        var tests = new CroppedTTests(sample);
        long end;
        do
        {
            var inputClass = random.Next(2);
            tests.Add(inputClass, Measurement(leakCase, inputClass, calls, random));
            end = Stopwatch.GetTimestamp();
        }
        while (end < deadline);

        var nsPerCall = TimerFacts.NsPerTick / calls;
        return new LeakMeasurement(
            tests.Results().Select(t => t with { A = t.A.Scale(nsPerCall), B = t.B.Scale(nsPerCall) }).ToArray(),
            calls, warmupCalls, sample.Count, Stopwatch.GetElapsedTime(started, end));
    }

    /// <summary>
    /// 1 when a call is long enough for the timer; else the smallest power of two of calls that is, each timed several
    /// times and the shortest kept (an interrupt only lengthens a timing).
    /// </summary>
    internal static int CallsPerMeasurement(LeakCase leakCase, TimerFacts timer, Random random)
    {
        var targetTicks = TimerMultiple * Math.Max(timer.ResolutionNs, timer.OverheadNs) / TimerFacts.NsPerTick;
        var calls = 1;
        while (calls < MaxCallsPerMeasurement)
        {
            var shortest = double.MaxValue;
            for (var i = 0; i < 5; i++)
            {
                shortest = Math.Min(shortest, Measurement(leakCase, i & 1, calls, random));
            }

            if (shortest >= targetTicks)
            {
                break;
            }

            calls *= 2;
        }

        return calls;
    }

    /// <summary>One measurement: the class's inputs put in a slot drawn at random (not timed), then the calls timed.</summary>
    private static double Measurement(LeakCase leakCase, int inputClass, int calls, Random random)
    {
        leakCase.Prepare(inputClass, random.Next(LeakCase.ClassInputSlots));
        return TimeCalls(leakCase, inputClass, calls);
    }

    /// <summary>
    /// The timed region: two timestamps around <paramref name="calls"/> calls of one class. Compiled fully optimized on its
    /// first call (no tier-0 code in the loop that times), and never inlined, so it is the same code for every case.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static double TimeCalls(LeakCase leakCase, int inputClass, int calls)
    {
        var start = Stopwatch.GetTimestamp();
        for (var i = 0; i < calls; i++)
        {
            leakCase.Run(inputClass);
        }

        return Stopwatch.GetTimestamp() - start;
    }
}
