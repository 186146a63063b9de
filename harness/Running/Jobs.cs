using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using CryptoHarness.Interleaving;

namespace CryptoHarness.Running;

/// <summary>
/// The named jobs. <c>dry</c> proves the pipeline, <c>quick</c> compares, <c>default</c> publishes. <see cref="Rounds"/>:
/// how the one-shot tables' interleaved rounds are timed after BenchmarkDotNet (always in the harness's own process).
/// </summary>
public sealed record JobPreset(string Name, string Description, Func<Job> Create, InterleavingSettings Rounds)
{
    /// <summary>The dry job's rounds: enough to run the code path, too short to mean anything.</summary>
    private static readonly InterleavingSettings DryRounds = new(WarmupRounds: 0, Rounds: 3, BatchTime: TimeSpan.FromMilliseconds(0.05),
        MinimumWarmup: TimeSpan.Zero, Seed: 1);

    /// <summary>One invocation, no warmup, in process: checks that everything runs, measures nothing worth quoting.</summary>
    public static JobPreset Dry { get; } = new("dry", "in process, 1 iteration of 1 invocation, no warmup (pipeline check only: not a measurement)",
        () => Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("dry"), DryRounds);

    /// <summary>
    /// In process, short iterations: the SHA-256 family at four sizes in under a minute on 2 cores. Fifteen samples
    /// give a usable median and CI for ratios within one run; publishable numbers come from <c>default</c>.
    /// </summary>
    /// <remarks>
    /// No forced GC between iterations. BenchmarkDotNet's default collects twice (and waits for finalizers) before each
    /// of a case's ~60 iterations; in one process after the gate has run every provider, each of those blocking
    /// collections took tens of milliseconds here (a profile of the full sweep showed the benchmark thread in native GC
    /// code and the finalizer thread busy), so a case cost 4.3 s for 0.8 s of iterations and the sweep of 672 cases
    /// would have taken 48 minutes; without them 0.86 s a case. A provider that allocates still pays for its garbage:
    /// the collections it causes fall inside its iterations, as they do for a caller.
    /// </remarks>
    public static JobPreset Quick { get; } = new("quick", "in process, 10 warmup + 15 measured iterations of about 25 ms each, no forced GC between iterations",
        () => Job.Default
            .WithToolchain(InProcessEmitToolchain.Instance)
            .WithWarmupCount(10)
            .WithIterationCount(15)
            .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(25))
            .WithGcForce(false)
            .WithId("quick"),
        InterleavingSettings.QuickAfterInProcessRun);

    /// <summary>BenchmarkDotNet's defaults, out of process, with its own toolchain for the running .NET version.</summary>
    public static JobPreset Default { get; } = new("default", "out of process, BenchmarkDotNet default warmup and iteration counts",
        () => Job.Default.WithId("default"), InterleavingSettings.Quick);

    public static IReadOnlyList<JobPreset> All { get; } = [Dry, Quick, Default];
}
