using BenchmarkDotNet.Running;

namespace CryptoHarness.Running;

/// <summary>
/// Bytes allocated per operation by the calling thread, counted exactly with <see cref="GC.GetAllocatedBytesForCurrentThread"/>.
/// </summary>
/// <remarks>
/// BenchmarkDotNet (0.14, and 0.15 alike) counts <see cref="GC.GetTotalAllocatedBytes(bool)"/>, every thread's allocations, so the
/// runtime's background work (tiered compilation, timers) lands on long operations: it reported 12–63 B per call at
/// 128 KiB even for native libsodium, which allocates nothing managed. The reports' "Allocated" column comes from here;
/// BenchmarkDotNet's figure is kept beside it in summary.json. The case is rebuilt in this process exactly as the
/// benchmark built it (same class, same parameter values, same global setup), warmed up, then run for about 2 ms, three times.
/// </remarks>
public static class AllocationProbe
{
    /// <summary>
    /// Per round. Bytes are counted exactly, so a round needs only enough calls to spread an odd runtime allocation
    /// thin; at 20 ms a round the probe took 60–80 ms of most cases' ~0.85 s, for the same figures.
    /// </summary>
    private const double TargetNanoseconds = 2e6;

    public static long PerOperation(BenchmarkCase benchmarkCase, double medianNs)
    {
        var descriptor = benchmarkCase.Descriptor;
        var instance = Activator.CreateInstance(descriptor.Type)!;
        foreach (var parameter in benchmarkCase.Parameters.Items)
        {
            descriptor.Type.GetProperty(parameter.Name)!.SetValue(instance, parameter.Value);
        }

        descriptor.GlobalSetupMethod?.Invoke(instance, null);
        try
        {
            var run = (Action)Delegate.CreateDelegate(typeof(Action), instance, descriptor.WorkloadMethod);
            var count = (int)Math.Clamp(TargetNanoseconds / Math.Max(medianNs, 1), 1, 10_000);
            for (var i = 0; i < Math.Min(count, 16); i++)
            {
                run();
            }

            // The least of three rounds: an allocation the operation makes shows in every round; one the runtime makes
            // on this thread now and then (seen once at 128 KiB in the first full sweep: 138 B/op for a path that
            // allocates nothing) does not.
            var least = long.MaxValue;
            for (var round = 0; round < 3; round++)
            {
                var before = GC.GetAllocatedBytesForCurrentThread();
                for (var i = 0; i < count; i++)
                {
                    run();
                }

                least = Math.Min(least, (GC.GetAllocatedBytesForCurrentThread() - before) / count);
            }

            return least;
        }
        finally
        {
            descriptor.GlobalCleanupMethod?.Invoke(instance, null);
        }
    }
}
