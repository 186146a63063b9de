using System.Globalization;

namespace CryptoHarness.Formatting;

/// <summary>How numbers read in reports: invariant culture, binary size units spelled KiB/MiB, one time unit per table.</summary>
public static class Format
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>128 → "128 B", 1024 → "1 KiB", 131072 → "128 KiB"; sizes that are not whole KiB stay in bytes.</summary>
    public static string Size(long bytes) => bytes switch
    {
        >= 1 << 20 when bytes % (1 << 20) == 0 => $"{(bytes >> 20).ToString("N0", Invariant)} MiB",
        >= 1 << 10 when bytes % (1 << 10) == 0 => $"{(bytes >> 10).ToString("N0", Invariant)} KiB",
        _ => $"{bytes.ToString("N0", Invariant)} B",
    };

    /// <summary>
    /// A size that is an estimate, not a measured payload (a crossover of fitted lines): 409.6 → "410 B", 2355 →
    /// "2.3 KiB", 3 MiB → "3 MiB"; one decimal at most above a KiB, since the fit is not finer than that.
    /// </summary>
    public static string ApproximateSize(double bytes) => bytes switch
    {
        >= 1 << 20 => $"{(bytes / (1 << 20)).ToString("#,0.#", Invariant)} MiB",
        >= 1 << 10 => $"{(bytes / (1 << 10)).ToString("#,0.#", Invariant)} KiB",
        _ => $"{bytes.ToString("N0", Invariant)} B",
    };

    /// <summary>
    /// What one operation of a record hashed: its size (<c>128 B</c>), or in the batch scenario the batch
    /// (<c>64 × 32 B</c>), since batches of equal total size are different cases; for a password hash, its parameter set;
    /// for a scenario with fields of its own, what they say of the case (<see cref="ScenarioFields.CaseDetail"/>).
    /// </summary>
    public static string Payload(ResultRecord record) =>
        record.Fields?.CaseDetail() is { } detail ? detail
        : record.ParameterSet is { } set ? set
        : record.BatchSize is { } count && record.MessageBytes is { } length ? $"{count} × {Size(length)}" : Size(record.SizeBytes);

    /// <summary>Allocated bytes per operation: zero is "0 B", never a dash; unknown is "n/a".</summary>
    public static string Allocated(long? bytes) => bytes switch
    {
        null => "n/a",
        < 1024 => $"{bytes.Value.ToString("N0", Invariant)} B",
        < 1 << 20 => $"{(bytes.Value / 1024.0).ToString("N2", Invariant)} KiB",
        _ => $"{(bytes.Value / 1048576.0).ToString("N2", Invariant)} MiB",
    };

    /// <summary>
    /// A record's allocation per operation as a table shows it: the calling thread's exact count, and what other threads
    /// allocated beside it when that is more than noise (Konscious runs its lanes on pool threads: 472 B on the caller,
    /// 19 MiB in all). BenchmarkDotNet's all-thread figure also carries the process's background work, a few KiB per
    /// operation here (7–9 KB beside BouncyCastle's single-threaded Argon2), so smaller differences are not shown.
    /// </summary>
    public static string Allocated(ResultRecord record)
    {
        var callingThread = Allocated(record.AllocatedBytes);
        if (record.AllocatedBytesAllThreads is not { } allThreads)
        {
            return callingThread;
        }

        var elsewhere = allThreads - (record.AllocatedBytes ?? 0);
        return elsewhere >= OtherThreadsNoiseBytes && elsewhere >= (record.AllocatedBytes ?? 0) / 100
            ? $"{callingThread} + {Allocated(elsewhere)} on other threads"
            : callingThread;
    }

    private const long OtherThreadsNoiseBytes = 64 * 1024;

    /// <summary>The unit in which the smallest value of a table is at least 1.</summary>
    public static TimeUnit UnitFor(double smallestNs) => smallestNs switch
    {
        < 1e3 => new("ns", 1),
        < 1e6 => new("μs", 1e3),
        < 1e9 => new("ms", 1e6),
        _ => new("s", 1e9),
    };

    public static string Time(double ns, TimeUnit unit) => (ns / unit.Nanoseconds).ToString("N2", Invariant);

    /// <summary>"12.30 μs": <see cref="Time"/> with the unit's name, for a cell or sentence that stands alone.</summary>
    public static string TimeWithUnit(double ns, TimeUnit unit) => $"{Time(ns, unit)} {unit.Name}";

    /// <summary>"12.30 μs": a time in the unit that suits it alone (<see cref="UnitFor"/> of itself).</summary>
    public static string Duration(double ns) => TimeWithUnit(ns, UnitFor(ns));

    public static string Number(double value, string format) => value.ToString(format, Invariant);

    /// <summary>How an implementation is named in tables: the provider, with its variant when it has one.</summary>
    public static string ProviderLabel(string provider, string variant) => variant.Length == 0 ? provider : $"{provider} ({variant})";

    /// <summary>
    /// ", tied with a, b" naming the providers the rounds do not tell apart from a table's leader
    /// (<see cref="TableLeader.TiedWith"/>), each in backticks when <paramref name="code"/>; empty when there are none.
    /// </summary>
    public static string TiedWith(TableLeader leader, bool code) => leader.TiedWith.Count == 0
        ? ""
        : ", tied with " + string.Join(", ", leader.TiedWith.Select(r => code ? $"`{ProviderLabel(r.Provider, r.Variant)}`" : ProviderLabel(r.Provider, r.Variant)));
}

public readonly record struct TimeUnit(string Name, double Nanoseconds);
