using System.CommandLine;
using System.Globalization;
using CryptoHarness.Gate;
using CryptoHarness.Implementations;
using CryptoHarness.Leaks;
using CryptoHarness.Reporting;
using CryptoHarness.Results;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness leaks [--family F] [--algorithm A] [--provider P] [--budget SECONDS] [--results DIR] [--out DIR]</c>: the
/// constant-time check of every verify and decrypt path the filters select (see <see cref="LeakSelection"/>), after the
/// correctness gate, with the control beside them; <c>summary.json</c> (scenario <c>leaks</c>) and <c>constant-time.md</c>.
/// Exit 1 only when an implementation failed the gate or answered wrongly while timed: a leak is a finding, not a failure.
/// </summary>
internal static class LeaksCommand
{
    /// <summary>
    /// Seconds per operation, warm-up included. About 65 operations over every provider here (MAC verify, AEAD
    /// decrypt, two password-verify checks per password hash, the control) make a full run about two and a half minutes.
    /// </summary>
    public const double DefaultBudgetSeconds = 2;

    public const double MinBudgetSeconds = 0.01;

    public const double MaxBudgetSeconds = 3600;

    /// <summary>Seeds the class sequence of each check (plus its index), so a run's draws can be reproduced.</summary>
    public const int Seed = 0x1EA6_2026;

    public static Command Create(HarnessConsole console)
    {
        var filters = new Filters();
        var budget = HarnessOptions.Parsed("--budget", string.Create(CultureInfo.InvariantCulture,
            $"Seconds per operation, warm-up included, from {MinBudgetSeconds} to {MaxBudgetSeconds} (default {DefaultBudgetSeconds})."), "SECONDS", text => (TimeSpan?)Budget(text));
        var results = HarnessOptions.Results("Where run folders go (default artifacts/results in the repository).");
        var output = HarnessOptions.Out("Write constant-time.md here instead of the repository's reports/<machine>/.");
        var command = new Command("leaks", "Gate, then a constant-time check (dudect) of every MAC verify, AEAD decrypt and password verify path the filters select, beside a deliberately leaky control.")
        {
            budget, results, output,
        };
        filters.AddTo(command);
        command.SetAction(parsed => Run(filters.Select(parsed), parsed.GetValue(budget) ?? TimeSpan.FromSeconds(DefaultBudgetSeconds),
            parsed.GetValue(results), parsed.GetValue(output), console));
        return command;
    }

    private static int Run(IReadOnlyList<IImplementation> filtered, TimeSpan budget, string? results, string? output, HarnessConsole console)
    {
        var stdout = console.Out;
        var selected = filtered.Where(LeakSelection.Applies).ToArray();
        if (selected.Length == 0)
        {
            throw new UsageException($"The filters select nothing with a verify or decrypt path. Valid families for leaks: {string.Join(", ", LeakSelection.Families)}.");
        }

        var root = RepositoryRoot.Find();
        var started = DateTimeOffset.UtcNow;
        var run = RunDescription.Run(selected, "leaks", Description(budget), root, started) with { Scenario = "leaks" };
        var runFolder = RunFolder.Open(results ?? RunFolder.DefaultParent(root), output ?? root, run.MachineKey, started, "leaks");
        using var interruption = RunFolder.SayIfInterrupted(runFolder, console.Error);
        stdout.WriteLine($"Run folder: {runFolder}");

        // The gate at the lengths and password sets the checks use: nothing is timed before its answers are verified.
        var verdicts = GateTable.Verify(selected, [LeakCase.MessageBytes], console, LeakSelection.PasswordSets, RunProgress.Create(console.Out, verbose: false));
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
                failures.Add(FailureOf(leakCase.Subject, $"threw {e.GetType().Name} while timed: {e.Message}"));
                stdout.WriteLine($"FAILED: threw {e.GetType().Name}");
                continue;
            }

            if (leakCase.WrongAnswers > 0)
            {
                failures.Add(FailureOf(leakCase.Subject, $"{leakCase.WrongAnswerMeaning} ({leakCase.WrongAnswers} of its calls while timed)"));
                stdout.WriteLine($"FAILED: {leakCase.WrongAnswerMeaning}");
                continue;
            }

            records.Add(record);
            stdout.WriteLine(record.TestsCounted == 0
                ? string.Create(CultureInfo.InvariantCulture, $"not tested: {record.Measurements:N0} measurements, fewer than {DudectMeter.MinimumPerClass} a class; raise --budget ({record.ElapsedSeconds:0.0} s)")
                : string.Create(CultureInfo.InvariantCulture, $"{(record.Verdict == LeakRecord.Leak ? "LEAK" : record.Verdict)}, max |t| = {record.MaxAbsT:0.00} after {record.Measurements:N0} measurements{(record.ConfirmationMaxAbsT is { } again ? $", measured again: {again:0.00}{(record.ConfirmationSameDirection == true ? "" : " the other way round")}" : "")} ({record.ElapsedSeconds:0.0} s)"));
        }

        var summary = new RunSummary
        {
            Run = run,
            Results = [],
            Failures = failures,
            Unsupported = unsupported,
            Leaks = records,
        };
        var summaryPath = RunFolder.Finish(runFolder, summary);
        var written = ReportWriter.Write(ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory), summary, output, root);

        stdout.WriteLine();
        if (records.FirstOrDefault(r => r.Control) is { Verdict: not LeakRecord.Leak })
        {
            stdout.WriteLine("WARNING: the control (an early-exit comparison) was not flagged: this run could not see a leak of its size; raise --budget or quieten the machine.");
        }

        stdout.WriteLine($"Summary: {summaryPath}");
        return Printed.WrittenAndFailures(console, written, failures);
    }

    /// <summary>Seconds per operation, a decimal number within the valid range.</summary>
    internal static TimeSpan Budget(string text)
    {
        return double.TryParse(text, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var seconds)
            && seconds >= MinBudgetSeconds && seconds <= MaxBudgetSeconds
            ? TimeSpan.FromSeconds(seconds)
            : throw new UsageException(string.Create(CultureInfo.InvariantCulture,
                $"Invalid --budget '{text}'. Valid: seconds per operation, from {MinBudgetSeconds} to {MaxBudgetSeconds}, e.g. {DefaultBudgetSeconds} or 0.5."));
    }

    private static string Description(TimeSpan budget) => string.Create(CultureInfo.InvariantCulture,
        $"dudect, {budget.TotalSeconds:0.##} s per operation (a quarter of it warm-up), a class drawn at random per measurement, Welch's t uncropped and at 100 crops, leak when |t| > {LeakRecord.Threshold} in two measurements the same way round");

    private static Failure FailureOf(LeakSubject subject, string reason) => new()
    {
        Id = subject.Id,
        Family = subject.Family,
        Algorithm = subject.Algorithm,
        Slug = subject.Slug,
        Provider = subject.Provider,
        Variant = subject.Variant,
        Reason = reason,
    };
}
