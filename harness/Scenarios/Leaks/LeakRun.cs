using System.Globalization;
using CryptoHarness.Gate;

namespace CryptoHarness.Leaks;

/// <summary>
/// The constant-time check as a run (<c>harness leaks</c>): what it takes of the filters' selection, its budget, and the
/// measurement of every check after the gate, with the control beside them. The command only parses, opens the run
/// folder, runs the gate and writes; a check that throws or answers wrongly while timed is a failure, a leak a finding.
/// </summary>
public static class LeakRun
{
    /// <summary>The scenario name a leaks run records (<c>run.scenario</c>) and its job.</summary>
    public const string ScenarioName = "leaks";

    /// <summary>
    /// Seconds per operation, warm-up included. About 65 operations over every provider here (MAC verify, AEAD
    /// decrypt, two password-verify checks per password hash, the control) make a full run about two and a half minutes.
    /// </summary>
    public const double DefaultBudgetSeconds = 2;

    public const double MinBudgetSeconds = 0.01;

    public const double MaxBudgetSeconds = 3600;

    /// <summary>Seeds the class sequence of each check (plus its index), so a run's draws can be reproduced.</summary>
    public const int Seed = 0x1EA6_2026;

    /// <summary>What <c>--budget</c> says of itself.</summary>
    public static string BudgetHelp => string.Create(CultureInfo.InvariantCulture,
        $"Seconds per operation, warm-up included, from {MinBudgetSeconds} to {MaxBudgetSeconds} (default {DefaultBudgetSeconds}).");

    /// <summary>Seconds per operation, a decimal number within the valid range.</summary>
    public static TimeSpan Budget(string text) =>
        double.TryParse(text, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var seconds)
            && seconds >= MinBudgetSeconds && seconds <= MaxBudgetSeconds
            ? TimeSpan.FromSeconds(seconds)
            : throw new UsageException(string.Create(CultureInfo.InvariantCulture,
                $"Invalid --budget '{text}'. Valid: seconds per operation, from {MinBudgetSeconds} to {MaxBudgetSeconds}, e.g. {DefaultBudgetSeconds} or 0.5."));

    /// <summary>The filters' selection that has a verify or decrypt path; when none has, the one-line refusal naming what would do.</summary>
    public static IReadOnlyList<IImplementation> Select(IReadOnlyList<IImplementation> filtered)
    {
        var selected = filtered.Where(LeakSelection.Applies).ToArray();
        return selected.Length > 0
            ? selected
            : throw new UsageException($"The filters select nothing with a verify or decrypt path. Valid families for leaks: {string.Join(", ", LeakSelection.Families)}.");
    }

    /// <summary>The payload sizes the gate checks before any check is timed: the lengths the checks use.</summary>
    public static IReadOnlyList<int> GateSizes { get; } = [LeakCase.MessageBytes];

    /// <summary>The password sets the gate checks before any check is timed: those the password checks use.</summary>
    public static IReadOnlyList<PasswordParameterSet> GatePasswordSets => LeakSelection.PasswordSets;

    /// <summary>The job a leaks run records, in words.</summary>
    public static string Description(TimeSpan budget) => string.Create(CultureInfo.InvariantCulture,
        $"dudect, {budget.TotalSeconds:0.##} s per operation (a quarter of it warm-up), a class drawn at random per measurement, Welch's t uncropped and at 100 crops, leak when |t| > {LeakRecord.Threshold} in two measurements the same way round");

    /// <summary>
    /// Runs every check of what passed the gate (<paramref name="verdicts"/>, taken at <see cref="GateSizes"/> and
    /// <see cref="GatePasswordSets"/>), printing a line per check to <paramref name="stdout"/>; the run's summary.
    /// </summary>
    public static RunSummary Measure(RunInfo run, IReadOnlyList<GateVerdict> verdicts, TimeSpan budget, TextWriter stdout)
    {
        var failures = verdicts.Where(v => v.Status == GateStatus.Failed).Select(v => RunDescription.Failure(v.Implementation, v.Reason!)).ToList();
        var unsupported = verdicts.Where(v => v.Status == GateStatus.Unsupported).Select(v => RunDescription.Failure(v.Implementation, v.Reason!)).ToList();
        var (cases, cannotRun) = LeakSelection.Cases(verdicts.Where(v => v.Status == GateStatus.Passed).Select(v => v.Implementation));
        unsupported.AddRange(cannotRun.Select(c => RunDescription.Failure(c.Implementation, c.Reason)));

        var timer = TimerFacts.Measure();
        stdout.WriteLine();
        stdout.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"Constant-time check (dudect): {cases.Count} operation(s), {budget.TotalSeconds:0.##} s each, about {cases.Count * budget.TotalSeconds / 60:0.#} min. Timer step {timer.ResolutionNs:0.#} ns, cost {timer.OverheadNs:0.#} ns a reading."));
        var oneCycleNs = run.CpuFrequencyHz is { } hz and > 0 ? 1e9 / hz : (double?)null;
        var records = new List<LeakRecord>();
        for (var i = 0; i < cases.Count; i++)
        {
            var leakCase = cases[i];
            stdout.Write($"[{i + 1}/{cases.Count}] {leakCase.Subject.Id} {leakCase.Operation}{(leakCase.ParameterSet is { } set ? $" at {set}" : "")}: ");
            LeakRecord record;
            try
            {
                record = LeakCheck.RunConfirmed(leakCase, budget, timer, Seed + i) with { OneCycleNs = oneCycleNs };
                record = record with { Verdict = record.DerivedVerdict };
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                // The gate passed it and its inputs were made, so this is the implementation failing mid-measurement.
                failures.Add(new(leakCase.Subject, $"threw {e.GetType().Name} while timed: {e.Message}"));
                stdout.WriteLine($"FAILED: threw {e.GetType().Name}");
                continue;
            }

            if (leakCase.WrongAnswers > 0)
            {
                failures.Add(new(leakCase.Subject, $"{leakCase.WrongAnswerMeaning} ({leakCase.WrongAnswers} of its calls while timed)"));
                stdout.WriteLine($"FAILED: {leakCase.WrongAnswerMeaning}");
                continue;
            }

            records.Add(record);
            stdout.WriteLine(record.TestsCounted == 0
                ? string.Create(CultureInfo.InvariantCulture, $"not tested: {record.Measurements:N0} measurements, fewer than {DudectMeter.MinimumPerClass} a class; raise --budget ({record.ElapsedSeconds:0.0} s)")
                : string.Create(CultureInfo.InvariantCulture, $"{(record.Verdict == LeakRecord.Leak ? "LEAK" : record.Verdict)}, max |t| = {record.MaxAbsT:0.00} after {record.Measurements:N0} measurements{(record.ConfirmationMaxAbsT is { } again ? $", measured again: {again:0.00}{(record.ConfirmationSameDirection == true ? "" : " the other way round")}" : "")} ({record.ElapsedSeconds:0.0} s)"));
        }

        return new RunSummary
        {
            Run = run,
            Results = [],
            Failures = failures,
            Unsupported = unsupported,
            Leaks = records,
        };
    }

    /// <summary>Whether the control (an early-exit comparison) went unflagged: this run could not see a leak of its size.</summary>
    public static bool ControlMissed(RunSummary summary) =>
        summary.Leaks?.FirstOrDefault(r => r.Control) is { Verdict: not LeakRecord.Leak };
}
