#if CALIBRATED_SLOWDOWN
using System.Globalization;
using System.Reflection;

namespace CryptoHarness.Managed;

/// <summary>
/// TEST-ONLY. Compiled only into a build made with <c>-p:CalibratedSlowdownPercent=N</c> (which defines
/// <c>CALIBRATED_SLOWDOWN</c> and stamps the percentage as assembly metadata); a normal build has no such type, and a
/// test checks that. It makes one-shot managed SHA-256 and BLAKE3 do N% more of their own work per call, as a known
/// slowdown for checking that the paired comparison of a pull request detects one.
/// </summary>
/// <remarks>
/// The extra work is the same computation again on a scratch output, so it costs what the call costs at every size and
/// on every instruction-set path, with nothing to calibrate per machine:
/// <list type="bullet">
/// <item>below <see cref="PrefixBytes"/>, the whole call again once every 100/N calls (a running per-thread count, so
/// exactly N extra calls in every 100). A timing batch of k calls then holds k·N/100 extra calls, give or take one:
/// within one point of N for batches of 100 calls or more, which a 4 ms batch is up to 8 KiB here;</item>
/// <item>from <see cref="PrefixBytes"/> up, the first <see cref="PrefixBytes"/> of the input hashed again once for every
/// <see cref="PrefixBytes"/>·100/N bytes hashed (a running byte count): a call of 128 KiB does 0.4 (5%) extra prefix
/// hashes on average, where one extra whole call per 20 would leave most batches of a slow path (6 calls of scalar
/// SHA-256) with none. 16 KiB is 16 BLAKE3 chunks, so the prefix runs BLAKE3's widest vector path as the whole call does.</item>
/// </list>
/// </remarks>
internal static class CalibratedSlowdown
{
    public const int PrefixBytes = 16 * 1024;

    /// <summary>The N of <c>-p:CalibratedSlowdownPercent=N</c>, from the assembly metadata the build stamped.</summary>
    public static readonly int Percent = int.Parse(
        typeof(CalibratedSlowdown).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "CalibratedSlowdownPercent").Value!,
        CultureInfo.InvariantCulture);

    [ThreadStatic]
    private static long t_callDebt;

    [ThreadStatic]
    private static long t_byteDebt;

    public delegate void HashAgain(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path);

    public static void AfterCall(ReadOnlySpan<byte> source, InstructionSet path, HashAgain again)
    {
        Span<byte> scratch = stackalloc byte[32];
        if (source.Length < PrefixBytes)
        {
            t_callDebt += Percent;
            if (t_callDebt >= 100)
            {
                t_callDebt -= 100;
                again(source, scratch, path);
            }

            return;
        }

        t_byteDebt += (long)source.Length * Percent;
        while (t_byteDebt >= 100L * PrefixBytes)
        {
            t_byteDebt -= 100L * PrefixBytes;
            again(source[..PrefixBytes], scratch, path);
        }
    }
}
#endif
