using CryptoHarness.Gate;
using CryptoHarness.Implementations;
using CryptoHarness.Results;
using CryptoHarness.Selecting;

namespace CryptoHarness.Running;

/// <summary>
/// What <c>harness run</c> measures: the scenario, the implementations it takes from the filters' selection, and its
/// parameters. <see cref="Quiet"/> hides the progress; <see cref="Verbose"/> shows BenchmarkDotNet's own log on the
/// console (it always goes to a file in the run folder).
/// </summary>
public sealed record RunPlan(
    string Scenario,
    IReadOnlyList<IImplementation> Selected,
    IReadOnlyList<int> Sizes,
    JobPreset Job,
    int StreamBytes,
    IReadOnlyList<PasswordParameterSet> PasswordSets,
    bool Quiet,
    bool Verbose);

/// <summary>A run after its gate: BenchmarkDotNet on what passed, normalized into the run's summary.</summary>
public static class BenchmarkRun
{
    public static RunSummary Measure(RunPlan plan, RunInfo run, IReadOnlyList<GateVerdict> verdicts, string runFolder, RunProgress progress)
    {
        var passed = verdicts.Where(v => v.Status == GateStatus.Passed).Select(v => v.Implementation).ToArray();
        var failures = verdicts.Where(v => v.Status == GateStatus.Failed).Select(v => RunDescription.Failure(v.Implementation, v.Reason!)).ToList();
        Failure[] unsupported = verdicts.Where(v => v.Status == GateStatus.Unsupported).Select(v => RunDescription.Failure(v.Implementation, v.Reason!)).ToArray();

        IReadOnlyList<ResultRecord> results = [];
        if (passed.Length > 0)
        {
            var artifacts = Path.Combine(runFolder, "benchmarkdotnet");
            var passwordCases = PasswordPlan.Cases(passed.OfType<IPasswordHashImplementation>(), plan.PasswordSets);
            unsupported = [.. unsupported, .. passwordCases.CannotRun];
            var outcome = plan.Scenario switch
            {
                // Only implementations with a case at some set: one that can run none of them is listed per set, not failed.
                ScenarioSelection.Password => Runner.RunPassword(passed.OfType<IPasswordHashImplementation>()
                    .Where(i => passwordCases.Keys.Any(k => PasswordWorkload.ParseKey(k).Id == i.Id)).ToArray(), passwordCases.Keys, plan.Job, artifacts, progress),
                ScenarioSelection.Stream => Runner.RunStream(passed.OfType<IStreamingHashImplementation>().ToArray(), plan.StreamBytes, plan.Job, artifacts, progress),
                ScenarioSelection.Batch => Runner.RunBatch(passed.OfType<IHashImplementation>().ToArray(), plan.Job, artifacts, progress),
                _ => Runner.RunOneShot(passed, plan.Sizes, plan.Job, artifacts, progress),
            };
            // The one-shot tables' ratios come from interleaved rounds (see InterleavedTables); the other scenarios' tables
            // compare operations of unequal work (a batch call against a loop, one pass against several) or take minutes a case.
            results = plan.Scenario == ScenarioSelection.OneShot
                ? InterleavedTables.Attach(outcome.Results, passed, plan.Job.Rounds, progress)
                : outcome.Results;
            failures.AddRange(outcome.Failures.Select(f => RunDescription.Failure(f.Implementation, f.Reason)));
        }

        return new RunSummary
        {
            Run = run,
            Results = results,
            Failures = failures,
            Unsupported = unsupported,
            Algorithms = plan.Selected.Select(i => i.Algorithm).Distinct().Select(RunDescription.Algorithm).ToArray(),
            ParameterSets = plan.Scenario == ScenarioSelection.Password ? plan.PasswordSets.Select(RunDescription.ParameterSet).ToArray() : null,
        };
    }
}
