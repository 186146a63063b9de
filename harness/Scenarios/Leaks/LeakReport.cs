using CryptoHarness.Formatting;
using System.Globalization;
using CryptoHarness.Leaks;

namespace CryptoHarness.Reporting;

/// <summary>What <c>templates/constant-time.md.sbn</c> sees: every value formatted, every row ordered.</summary>
public sealed record ConstantTimePage(
    string MachineKey,
    string Machine,
    string Run,
    string JobDescription,
    ControlLine? Control,
    IReadOnlyList<LeakTable> Tables,
    IReadOnlyList<NotMeasuredRow> Failures,
    IReadOnlyList<NotMeasuredRow> NotChecked,
    string Timer,
    string Providers);

/// <summary>The control's result in one sentence, and whether it was flagged as it must be.</summary>
public sealed record ControlLine(bool Flagged, string Text);

/// <summary>One operation: its classes, a note on what it shows, and a row per implementation.</summary>
public sealed record LeakTable(string Title, string Classes, string Note, IReadOnlyList<LeakRow> Rows);

public sealed record LeakRow(
    string Algorithm, string Implementation, string Inputs, string Measurements, string Calls, string MaxT, string Crop,
    string Difference, string Detectable, string Verdict);

/// <summary>The constant-time page, built from a <c>leaks</c> summary alone.</summary>
public static class LeakReport
{
    public const string FileName = "constant-time.md";

    public const string Template = "constant-time.md.sbn";

    /// <summary>The page of a leaks run, rendered through <see cref="Template"/>.</summary>
    public static ReportStage.RenderedFile Render(ReportStage stage, RunSummary summary)
    {
        ArgumentNullException.ThrowIfNull(stage);
        return new(FileName, stage.RenderTemplate(Template, Page(summary)));
    }

    /// <summary>Tables in this order; an operation not listed (from a newer harness) follows under its own name.</summary>
    private static readonly (string Operation, string Title, string Note)[] Sections =
    [
        (EarlyExitControl.Name, "Control: an early-exit comparison (must be flagged)",
            "No provider's code: a byte-by-byte comparison that returns at the first difference, the bug this page looks for. Flagged, it shows that this run could see a leak of its size (the difference column)."),
        (MacVerifyCase.Name, "MAC verification, forged tag",
            "Each library's own verification where it has one (NSec's `MacAlgorithm.Verify`, libsodium's `crypto_verify_64` after the keyed hash); otherwise the tag is computed and compared with `CryptographicOperations.FixedTimeEquals` (.NET 10 has no HMAC or KMAC verify call; BouncyCastle and our managed code have none)."),
        (AeadDecryptCase.Name, "AEAD decryption, forged tag",
            "The ciphertext is valid; only the tag is forged, so every call is a rejection."),
        (PasswordVerifyCase.TagName, "Password verification, the provider's own string with a wrong tag",
            "The right password against the provider's own string with one tag byte changed (re-encoded, so the string stays well formed): every call computes the whole hash, then compares."),
        (PasswordVerifyCase.PasswordName, "Password verification, right vs wrong password",
            "A difference here tells an attacker only what the answer already says (accepted or not); it matters where a caller hides the answer. The wrong password has the same length as the right one."),
    ];

    public static ConstantTimePage Page(RunSummary summary)
    {
        ArgumentNullException.ThrowIfNull(summary);
        var records = summary.Leaks ?? [];
        var run = summary.Run;
        var control = records.FirstOrDefault(r => r.Control);
        var known = Sections.Select(s => s.Operation).ToHashSet(StringComparer.Ordinal);
        var tables = Sections
            .Select(s => (s.Title, s.Note, Rows: records.Where(r => r.Operation == s.Operation).ToArray()))
            .Concat(records.Where(r => !known.Contains(r.Operation)).GroupBy(r => r.Operation).Select(g => (Title: g.Key, Note: "", Rows: g.ToArray())))
            .Where(t => t.Rows.Length > 0)
            .Select(t => new LeakTable(t.Title, $"A: {t.Rows[0].ClassA}; B: {t.Rows[0].ClassB}.", t.Note,
                t.Rows.OrderBy(r => r.Algorithm, StringComparer.Ordinal).ThenBy(r => r.Provider, StringComparer.Ordinal).ThenBy(r => r.Variant, StringComparer.Ordinal)
                    .Select(Row).ToArray()))
            .ToArray();
        return new ConstantTimePage(
            run.MachineKey,
            $"{run.Cpu}, {run.LogicalCores} logical cores, {run.Os} · {run.Runtime}",
            $"{run.Utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm 'UTC'", CultureInfo.InvariantCulture)}, commit {run.GitCommit}",
            run.JobDescription,
            control is null ? null : Control(control),
            tables,
            ReportModel.Rows(summary.Failures),
            ReportModel.Rows(summary.Unsupported),
            records.Count == 0 ? "not measured"
                : $"`Stopwatch.GetTimestamp` steps by {Time(records[0].TimerResolutionNs)} and costs {Time(records[0].TimerOverheadNs)} a reading here",
            string.Join("; ", ReportModel.Providers(summary, records.Where(r => !r.Control).Select(r => r.Provider)).Select(p => $"`{p.Provider}` = {p.Version}")));
    }

    /// <summary>"12.30 ns", "8.10 μs", "0.004 ns": each time in the unit that suits it (a table mixes nanosecond MACs and millisecond password hashes).</summary>
    public static string Time(double ns)
    {
        if (Math.Abs(ns) < 1)
        {
            // Millions of measurements resolve fractions of a nanosecond; two decimals would print them as 0.
            return $"{Format.Number(ns, "0.000")} ns";
        }

        return Format.TimeWithUnit(ns, Format.UnitFor(Math.Abs(ns)));
    }

    private static ControlLine Control(LeakRecord control)
    {
        var flagged = control.Verdict == LeakRecord.Leak;
        var size = $"{Time(Math.Abs(control.MeanBNs - control.MeanANs))} a call";
        return new ControlLine(flagged, flagged
            ? $"The control was flagged (|t| = {T(control.MaxAbsT)} after {Count(control.Measurements)} measurements, a difference of {size}): on this machine and in this run, the method sees a leak of that size."
            : $"**The control was not flagged** (|t| = {T(control.MaxAbsT)} after {Count(control.Measurements)} measurements, a difference of {size}): this run could not see a leak of that size, so \"no leak found\" below says less than it should. Run again with a larger `--budget`, on a quieter machine.");
    }

    private static LeakRow Row(LeakRecord r)
    {
        var tested = r.TestsCounted > 0;
        return new LeakRow(
            r.Algorithm,
            Format.ProviderLabel(r.Provider, r.Variant),
            r.Parameters,
            Count(r.Measurements),
            r.CallsPerMeasurement.ToString(CultureInfo.InvariantCulture),
            tested ? T(r.MaxAbsT) : "n/a",
            !tested ? "n/a" : r.MaxTPercentile is { } kept ? $"fastest {Format.Number(kept * 100, "0.#")}%" : "none",
            (r.MeanBNs >= r.MeanANs ? "+" : "−") + Time(Math.Abs(r.MeanBNs - r.MeanANs)),
            r.SmallestDetectableNs is { } detectable ? Time(detectable) : "n/a",
            r.Verdict == LeakRecord.Leak ? $"**leak** (measured again: |t| = {T(r.ConfirmationMaxAbsT ?? 0)})"
                : r.Verdict == LeakRecord.BelowOneCycle ? $"below one cycle: flagged, but B − A is under one cycle ({Time(r.OneCycleNs ?? 0)})"
                : r.Verdict == LeakRecord.NotConfirmed ? $"not confirmed: measured again, |t| = {T(r.ConfirmationMaxAbsT ?? 0)}{(r.ConfirmationSameDirection == true ? "" : ", the other way round")}"
                : tested ? $"no leak found after {Count(r.Measurements)}"
                : $"not tested: fewer than {DudectMeter.MinimumPerClass} measurements a class");
    }

    private static string T(double t) => t >= LeakCheck.MaxReportedT ? $"≥ {Format.Number(LeakCheck.MaxReportedT, "0")}" : Format.Number(t, "0.00");

    private static string Count(long count) => count.ToString("N0", CultureInfo.InvariantCulture);
}
