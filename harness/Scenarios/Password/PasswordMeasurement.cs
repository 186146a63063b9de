using BenchmarkDotNet.Running;
using CryptoHarness.Interleaving;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// The password scenario: every (implementation, operation, parameter set) case the implementations can run, then each
/// table (algorithm, operation, set) again in interleaved rounds for its ratios, as the one-shot sweep does.
/// </summary>
public sealed class PasswordMeasurement : PasswordSelection, IScenarioMeasurement
{
    /// <summary>The fewest interleaved rounds a table gets in each of the passes (<see cref="InterleavedTables.RoundsPerPass"/>).</summary>
    public const int MinimumRoundsPerPass = 3;

    public Runner.Outcome Measure(IReadOnlyList<IImplementation> passed, RunPlan plan, string artifactsPath, RunProgress progress)
    {
        var hashes = passed.OfType<IPasswordHashImplementation>().ToArray();
        var cases = PasswordPlan.Cases(hashes, plan.PasswordSets);
        // Only implementations with a case at some set: one that can run none of them is listed per set, not failed.
        var implementations = hashes.Where(i => cases.Keys.Any(k => PasswordWorkload.ParseKey(k).Id == i.Id)).ToArray();
        PasswordBenchmarks.SelectedCases = cases.Keys;
        static Runner.CaseIdentity Identify(BenchmarkCase benchmarkCase, IReadOnlyDictionary<string, IImplementation> byId)
        {
            var (id, operation, set) = PasswordWorkload.ParseKey((string)benchmarkCase.Parameters["Case"]);
            return new PasswordCase([byId[id]], id, operation, PasswordWorkload.ResolveSet(set));
        }

        var measured = Runner.Run<PasswordBenchmarks>(PasswordBenchmarks.Job(plan.Job), artifactsPath, progress, implementations, Name, Identify);
        return measured with
        {
            Results = InterleavedTables.Attach(measured.Results, implementations, Rounds(plan.Job.Rounds), progress, static (implementation, record) =>
                PasswordWorkload.Create((IPasswordHashImplementation)implementation, record.Operation, PasswordWorkload.ResolveSet(record.ParameterSet!).Parameters)),
            Unsupported = cases.CannotRun,
        };
    }

    /// <summary>
    /// How a password table's rounds are timed. BenchmarkDotNet runs each case to its end before the next, minutes
    /// apart, and this scenario's cases are the noisiest of a run here: two Argon2id runs on the Zen 3 (2026-11-27,
    /// median CV 6.5%) had Geralt hash in 169 ms and the libsodium it calls in 218 ms at one set, the same C code. In
    /// rounds, what the machine does lands on every provider of a round alike. A hash at owasp costs tens of
    /// milliseconds a provider, so the rounds are the costly-call settings (<see cref="InterleavingSettings.ForCostlyCalls"/>):
    /// at least <see cref="MinimumRoundsPerPass"/> a pass, nine over the three passes, and more for the cheap sets.
    /// </summary>
    public static InterleavingSettings Rounds(InterleavingSettings oneShot) => oneShot.ForCostlyCalls(copies: 1, MinimumRoundsPerPass);

    /// <summary>A password case: its parameter set, recorded field by field, and memory throughput for Argon2.</summary>
    private sealed record PasswordCase(IReadOnlyList<IImplementation> Implementations, string Id, string Operation, PasswordParameterSet Set)
        : Runner.CaseIdentity(Implementations, Id, Operation, 0)
    {
        public override string Parameters => Set.Describe();

        public override ResultRecord Complete(ResultRecord record)
        {
            var parameters = Set.Parameters;
            var argon2 = !parameters.IsBcrypt;
            return record with
            {
                ParameterSet = Set.Name,
                MemoryKib = argon2 ? parameters.MemoryKib : null,
                Passes = argon2 ? parameters.Passes : null,
                Lanes = argon2 ? parameters.Lanes : null,
                TagBytes = parameters.TagBytes,
                Cost = argon2 ? null : parameters.Cost,
                GibPerS = argon2 ? parameters.MemoryKib * 1024.0 * parameters.Passes / (record.MedianNs * 1e-9) / (1L << 30) : null,
            };
        }
    }
}
