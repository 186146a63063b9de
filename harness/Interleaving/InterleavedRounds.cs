using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace CryptoHarness.Interleaving;

/// <summary>One contender of an interleaved table: the name it is reported under and the call that is timed.</summary>
public sealed record InterleavedSide(string Name, Action Call)
{
    /// <summary>
    /// How long one call of this side took just before the table (a check of its output), or null. A call that alone
    /// took a quarter of the batch or more calibrates the side as the calibration's first call would have, so it is not
    /// called again to calibrate; under <see cref="InterleavingSettings.WarmupFromFirstCall"/> the warm-up counts it.
    /// </summary>
    public double? CalledOnceNs { get; init; }
}

/// <summary>
/// How long an interleaved table is timed. <see cref="BatchTime"/> is one side's share of a round; every side gets the
/// same share, so a round of k sides takes about k × BatchTime.
/// </summary>
public sealed record InterleavingSettings(int WarmupRounds, int Rounds, TimeSpan BatchTime, TimeSpan MinimumWarmup, int Seed)
{
    /// <summary>
    /// The quick job's rounds: 21 measured rounds of 4 ms a side after at least 4 warm-up rounds and 250 ms. The warm-up
    /// is long enough for the runtime's tiered compilation (a method is promoted after 30 calls and a 100 ms quiet delay)
    /// to finish before the first measured round, so no side is timed in tier 0 while another is already optimized.
    /// </summary>
    public static InterleavingSettings Quick { get; } = new(WarmupRounds: 4, Rounds: 21, BatchTime: TimeSpan.FromMilliseconds(4),
        MinimumWarmup: TimeSpan.FromMilliseconds(250), Seed: 20261124);

    /// <summary>
    /// <see cref="Quick"/> after BenchmarkDotNet has run every case in this process (the quick job): each side's code
    /// has run for its 25 iterations of about 25 ms here already and is optimized, so the warm-up only sets the batch
    /// sizes and settles caches, and 50 ms does. It saves about 40 s of a full sweep's two minutes of rounds.
    /// </summary>
    public static InterleavingSettings QuickAfterInProcessRun { get; } = Quick with { MinimumWarmup = TimeSpan.FromMilliseconds(50) };

    /// <summary>
    /// When set, <see cref="Rounds"/> is the most: the table is timed in as many rounds as fit in this time, estimated
    /// from the warm-up's fastest rounds, but never fewer than <see cref="MinimumRounds"/>. For calls whose cost ranges
    /// from microseconds to a second (a password hash at a tiny set or at a large one), so a cheap one still gets every
    /// round and a costly one takes a few instead of minutes.
    /// </summary>
    public TimeSpan? RoundsWithin { get; init; }

    /// <summary>The fewest measured rounds under <see cref="RoundsWithin"/>.</summary>
    public int MinimumRounds { get; init; } = 3;

    /// <summary>
    /// Whether <see cref="MinimumWarmup"/> counts from the table's first call (the calibration's, or a call made just
    /// before the table, <see cref="InterleavedSide.CalledOnceNs"/>) rather than from the first warm-up round. With
    /// <see cref="WarmupRounds"/> 0, sides whose calls take longer than the batch (a password hash: sixteen copies of a
    /// 20 ms hash called once take a third of a second) are measured once calibrated, their batches one call; cheap ones
    /// still warm up for the rest of the time.
    /// </summary>
    public bool WarmupFromFirstCall { get; init; }

    /// <summary>
    /// These settings for calls that cost from microseconds to a second (password hashes at a tiny set and at a large
    /// one): no warm-up rounds, <see cref="MinimumWarmup"/> counted from the first call (<see cref="WarmupFromFirstCall"/>),
    /// and as many of <see cref="Rounds"/> as fit in twice the time these settings' rounds give one side, times
    /// <paramref name="copies"/>, but at least <paramref name="minimumRounds"/>. A cheap call keeps its rounds; a costly
    /// one is calibrated on its first call, is called once a batch and gets the fewest.
    /// </summary>
    public InterleavingSettings ForCostlyCalls(int copies, int minimumRounds) => this with
    {
        WarmupRounds = 0,
        WarmupFromFirstCall = true,
        RoundsWithin = BatchTime * Rounds * 2 * copies,
        MinimumRounds = minimumRounds,
    };

    /// <summary>Refuses settings that would measure nothing or forever; they come from code or from the command line.</summary>
    public void Validate()
    {
        if (Rounds is < 3 or > 10_000 || WarmupRounds is < 0 or > 10_000)
        {
            throw new ArgumentOutOfRangeException(nameof(Rounds), $"rounds must be 3–10000 and warm-up rounds 0–10000, not {Rounds} and {WarmupRounds}");
        }

        if (RoundsWithin is { } within && (within <= TimeSpan.Zero || MinimumRounds < 3 || MinimumRounds > Rounds))
        {
            throw new ArgumentOutOfRangeException(nameof(RoundsWithin), $"rounds within a time need a positive time and 3 to {Rounds} rounds at least, not {within} and {MinimumRounds}");
        }

        if (BatchTime <= TimeSpan.Zero || BatchTime > TimeSpan.FromSeconds(10) || MinimumWarmup < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(BatchTime), $"batch time must be above 0 and at most 10 s, not {BatchTime}");
        }
    }
}

/// <summary>
/// What one side measured: its calls per batch and, for every measured round in order, the time per call with the
/// timing loop's own cost taken out. Round i of every side of a table ran in the same round, so per-round ratios pair.
/// <see cref="Positions"/> says where in each round the side ran (0 first), to check that no position is favoured.
/// </summary>
public sealed record SideRounds(string Name, long CallsPerBatch, IReadOnlyList<double> NanosecondsPerCall, IReadOnlyList<int> Positions, long AllocatedBytesPerCall);

/// <summary>An interleaved table: every side's rounds, and the per-call cost of the timing loop that was subtracted.</summary>
public sealed record InterleavedTable(IReadOnlyList<SideRounds> Sides, double LoopOverheadNs);

/// <summary>
/// Times the sides of one table in rounds: each round runs one batch of every side, in a fresh random order, so whatever
/// the machine does (frequency changes, a neighbour's load, a collection) lands on the sides of a round alike and cancels
/// out of their per-round ratios.
/// </summary>
/// <remarks>
/// Steps: a rough calibration of calls per batch; warm-up rounds, discarded, until both <see cref="InterleavingSettings.WarmupRounds"/>
/// and <see cref="InterleavingSettings.MinimumWarmup"/> have passed; calls per batch set again from the fastest warm-up
/// round (tiering may have sped a side up, a neighbour slowed one down), or from the calibration where no warm-up round
/// was left to run; then the measured rounds, <see cref="InterleavingSettings.Rounds"/> or as many as fit in
/// <see cref="InterleavingSettings.RoundsWithin"/>. The loop's own cost per call (the delegate call)
/// is measured each round on an empty delegate (its batch sized, like the sides', from its fastest warm-up round), and its median subtracted, as BenchmarkDotNet subtracts its overhead.
/// Allocation is counted on this thread per batch; a side's figure is the least over the measured rounds, so a runtime
/// allocation that happens to land in one batch is not charged to that side.
/// </remarks>
public static class InterleavedRounds
{
    private static readonly Action Empty = static () => { };

    public static InterleavedTable Measure(IReadOnlyList<InterleavedSide> sides, InterleavingSettings settings)
    {
        settings.Validate();
        if (sides.Count == 0)
        {
            throw new ArgumentException("an interleaved table needs at least one side", nameof(sides));
        }

        var batchNs = settings.BatchTime.TotalNanoseconds;
        var calledBefore = sides.Sum(s => s.CalledOnceNs ?? 0);
        var firstCall = Stopwatch.GetTimestamp() - (long)(calledBefore / 1e9 * Stopwatch.Frequency);
        var calibrated = sides.Select(s => s.CalledOnceNs is { } once && once >= batchNs / 4 ? (Calls: CallsFor(once, batchNs), NsPerCall: once) : Calibrate(s.Call, batchNs)).ToArray();
        var calls = calibrated.Select(c => c.Calls).ToArray();

        // The empty delegate is called once before it is calibrated: its first call compiles it, and calibrated on that
        // call, a fresh process's first table timed it one call a batch, so the clock's own cost and any preemption
        // read as loop cost and were taken off every side (83 and 390 ns a call, against about 2 ns later, in the first
        // table of two processes on the AMD EPYC (Zen 3), the second with the machine loaded; once, in harness paired,
        // more than the call itself, which left a hundredth of the call as its time).
        TimeBatch(Empty, 1);
        var overheadCalls = Calibrate(Empty, batchNs / 4).Calls;
        var fastestOverheadNsPerCall = double.MaxValue;
        var random = new Random(settings.Seed);
        var order = Enumerable.Range(0, sides.Count).ToArray();

        // Warm-up: the same rounds as measured ones, discarded. Each side's batch is then sized from its fastest warm-up
        // round, not its last: tiering only makes a side faster and a neighbour only slower, so the fastest round is the
        // least disturbed estimate. Sized from one preempted round, a side's batches would be a fraction of the other's for
        // the whole table, and on a loaded machine a short batch that fits in one time slice reads faster than a long one
        // that does not (A/A pairs on this machine at load 9 on 2 cores showed median per-round ratios of 0.5 and 1.9
        // before this change; not seen since, though the load was lower).
        var fastestNsPerCall = new double[sides.Count];
        Array.Fill(fastestNsPerCall, double.MaxValue);
        var warmupStarted = settings.WarmupFromFirstCall ? firstCall : Stopwatch.GetTimestamp();
        var warmupRounds = 0;
        for (; warmupRounds < settings.WarmupRounds || Stopwatch.GetElapsedTime(warmupStarted) < settings.MinimumWarmup; warmupRounds++)
        {
            random.Shuffle(order);
            foreach (var side in order)
            {
                fastestNsPerCall[side] = Math.Min(fastestNsPerCall[side], TimeBatch(sides[side].Call, calls[side]) / calls[side]);
            }

            fastestOverheadNsPerCall = Math.Min(fastestOverheadNsPerCall, TimeBatch(Empty, overheadCalls) / overheadCalls);
        }

        // Without a warm-up round (WarmupFromFirstCall, and the calibration took the whole warm-up), its estimate stands.
        if (warmupRounds == 0)
        {
            fastestNsPerCall = calibrated.Select(c => c.NsPerCall).ToArray();
        }

        for (var side = 0; side < sides.Count; side++)
        {
            calls[side] = CallsFor(fastestNsPerCall[side], batchNs);
        }

        // The empty delegate's batch is sized again from its fastest warm-up round too: a calibration preempted part-way
        // would otherwise leave it a handful of calls a batch for the whole table.
        if (warmupRounds > 0)
        {
            overheadCalls = CallsFor(fastestOverheadNsPerCall, batchNs / 4);
        }

        var rounds = MeasuredRounds(settings, calls, fastestNsPerCall);
        var perCall = new double[sides.Count][];
        var positions = new int[sides.Count][];
        var allocated = new long[sides.Count];
        Array.Fill(allocated, long.MaxValue);
        for (var side = 0; side < sides.Count; side++)
        {
            perCall[side] = new double[rounds];
            positions[side] = new int[rounds];
        }

        var overhead = new double[rounds];
        for (var round = 0; round < rounds; round++)
        {
            random.Shuffle(order);
            for (var position = 0; position < order.Length; position++)
            {
                var side = order[position];
                positions[side][round] = position;
                var before = GC.GetAllocatedBytesForCurrentThread();
                perCall[side][round] = TimeBatch(sides[side].Call, calls[side]) / calls[side];
                allocated[side] = Math.Min(allocated[side], (GC.GetAllocatedBytesForCurrentThread() - before) / calls[side]);
            }

            overhead[round] = TimeBatch(Empty, overheadCalls) / overheadCalls;
        }

        Array.Sort(overhead);
        var loopOverhead = overhead[overhead.Length / 2];
        return new InterleavedTable(
            sides.Select((s, i) => new SideRounds(s.Name, calls[i], perCall[i].Select(ns => Net(ns, loopOverhead)).ToArray(), positions[i], allocated[i])).ToArray(),
            loopOverhead);
    }

    /// <summary>
    /// <see cref="InterleavingSettings.Rounds"/>, or under <see cref="InterleavingSettings.RoundsWithin"/> as many as fit
    /// in that time at the warm-up's fastest pace (a round is every side's batch), within the minimum and the most.
    /// </summary>
    private static int MeasuredRounds(InterleavingSettings settings, long[] calls, double[] nsPerCall)
    {
        if (settings.RoundsWithin is not { } within)
        {
            return settings.Rounds;
        }

        var roundNs = calls.Select((count, side) => count * nsPerCall[side]).Sum();
        return (int)Math.Clamp(Math.Floor(within.TotalNanoseconds / Math.Max(roundNs, 1)), settings.MinimumRounds, settings.Rounds);
    }

    /// <summary>
    /// The call's time with the loop's cost taken out; never below a hundredth of the measured time, so a call as cheap
    /// as the loop itself keeps a positive time rather than a meaningless zero or negative one.
    /// </summary>
    private static double Net(double nanoseconds, double overhead) => Math.Max(nanoseconds - overhead, nanoseconds / 100);

    /// <summary>
    /// Doubles the calls until a batch takes a quarter of the target, then scales to the whole target; with the last
    /// batch's time per call.
    /// </summary>
    private static (long Calls, double NsPerCall) Calibrate(Action call, double targetNs)
    {
        long count = 1;
        while (true)
        {
            var elapsed = TimeBatch(call, count);
            if (elapsed >= targetNs / 4 || count >= 1L << 40)
            {
                return (CallsFor(elapsed / count, targetNs), elapsed / count);
            }

            count *= 2;
        }
    }

    private static long CallsFor(double nsPerCall, double targetNs) => (long)Math.Clamp(targetNs / Math.Max(nsPerCall, 0.01), 1, 1L << 40);

    /// <summary>
    /// The one timing loop every side and the empty delegate go through. Compiled fully optimized from its first call
    /// (no tiering, no on-stack replacement part-way through a batch), so its cost is the same for every side and round.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static double TimeBatch(Action call, long count)
    {
        var started = Stopwatch.GetTimestamp();
        for (var i = 0L; i < count; i++)
        {
            call();
        }

        var ended = Stopwatch.GetTimestamp();
        return (ended - started) * (1e9 / Stopwatch.Frequency);
    }
}
