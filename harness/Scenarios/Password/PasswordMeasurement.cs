using BenchmarkDotNet.Running;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Running.Scenarios;

/// <summary>The password scenario: every (implementation, operation, parameter set) case the implementations can run.</summary>
public sealed class PasswordMeasurement : PasswordSelection, IScenarioMeasurement
{
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

        return Runner.Run<PasswordBenchmarks>(PasswordBenchmarks.Job(plan.Job), artifactsPath, progress, implementations, Name, Identify)
            with { Unsupported = cases.CannotRun };
    }

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
