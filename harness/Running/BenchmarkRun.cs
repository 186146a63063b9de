using CryptoHarness.Gate;
using CryptoHarness.Kinds;

namespace CryptoHarness.Running;

/// <summary>
/// What <c>harness run</c> measures: the scenario, the implementations it takes from the filters' selection, and its
/// parameters: the sizes, the password sets (which the gate checks too), and what the scenario's own options gave
/// (<see cref="Settings"/>; null when it has none). <see cref="Quiet"/> hides the progress; <see cref="Verbose"/> shows BenchmarkDotNet's own log on the
/// console (it always goes to a file in the run folder).
/// </summary>
public sealed record RunPlan(
    IScenarioMeasurement Scenario,
    IReadOnlyList<IImplementation> Selected,
    IReadOnlyList<int> Sizes,
    JobPreset Job,
    IReadOnlyList<PasswordParameterSet> PasswordSets,
    ScenarioSettings? Settings,
    bool Quiet,
    bool Verbose);

/// <summary>A run after its gate: BenchmarkDotNet on what passed, normalized into the run's summary.</summary>
public static class BenchmarkRun
{
    /// <summary>
    /// One measurement at a time in a process: a scenario hands its selection to BenchmarkDotNet's benchmark class
    /// through static parameter sources, which a second run in the same process (tests run the CLI in process, in
    /// parallel) would replace mid-run.
    /// </summary>
    private static readonly Lock Measuring = new();

    public static RunSummary Measure(RunPlan plan, RunInfo run, IReadOnlyList<GateVerdict> verdicts, string runFolder, RunProgress progress)
    {
        var passed = verdicts.Where(v => v.Status == GateStatus.Passed).Select(v => v.Implementation).ToArray();
        var failures = verdicts.Where(v => v.Status == GateStatus.Failed).Select(v => RunDescription.Failure(v.Implementation, v.Reason!)).ToList();
        Failure[] unsupported = verdicts.Where(v => v.Status == GateStatus.Unsupported).Select(v => RunDescription.Failure(v.Implementation, v.Reason!)).ToArray();

        IReadOnlyList<ResultRecord> results = [];
        if (passed.Length > 0)
        {
            var artifacts = Path.Combine(runFolder, "benchmarkdotnet");
            Runner.Outcome outcome;
            lock (Measuring)
            {
                outcome = plan.Scenario.Measure(passed, plan, artifacts, progress);
            }

            unsupported = [.. unsupported, .. outcome.Unsupported];
            results = outcome.Results;
            failures.AddRange(outcome.Failures.Select(f => RunDescription.Failure(f.Implementation, f.Reason)));
        }

        return new RunSummary
        {
            Run = run,
            Results = results,
            Failures = failures,
            Unsupported = unsupported,
            Algorithms = plan.Selected.Select(i => i.Algorithm).Distinct()
                .Select(a => RunDescription.Algorithm(a, KindRegistry.Of(a.Kind)?.AssociatedDataBytes ?? 0, run.InstructionSets)).ToArray(),
            ParameterSets = plan.Scenario.TakesPasswordSets ? plan.PasswordSets.Select(RunDescription.ParameterSet).ToArray() : null,
        };
    }
}
