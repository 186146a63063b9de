namespace CryptoHarness.Running;

/// <summary>Which password parameter sets a run measures, and which (implementation, operation, set) cases that makes.</summary>
public static class PasswordPlan
{
    /// <summary><c>--argon2-set</c>: named sets, comma-separated, or <c>all</c>.</summary>
    public static IReadOnlyList<PasswordParameterSet> NamedArgon2Sets(string names) =>
        names.Trim() == "all" ? PasswordParameterSets.Argon2 : names.Split(',', StringSplitOptions.TrimEntries).Select(PasswordParameterSets.FindArgon2).ToArray();

    /// <summary><c>--argon2</c>: a user's own sets, semicolon-separated.</summary>
    public static IReadOnlyList<PasswordParameterSet> CustomArgon2Sets(string text) =>
        text.Split(';', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(PasswordParameterSets.ParseArgon2).ToArray();

    /// <summary>
    /// The sets to run: the named and the user's Argon2 sets, and the bcrypt costs. Without Argon2 sets every named Argon2
    /// set but <c>high</c> (minutes per provider on 2 cores; ask for it by name); without bcrypt costs, 10 and 12. Only the
    /// kinds the selection holds are kept.
    /// </summary>
    public static IReadOnlyList<PasswordParameterSet> Sets(
        IReadOnlyList<PasswordParameterSet>? namedArgon2, IReadOnlyList<PasswordParameterSet>? customArgon2, IReadOnlyList<PasswordParameterSet>? bcryptCosts,
        IReadOnlyList<IImplementation> selected)
    {
        PasswordParameterSet[] given = [.. namedArgon2 ?? [], .. customArgon2 ?? []];
        var argon2 = given.Length > 0 ? given : PasswordParameterSets.Argon2.Where(s => s.Name != "high").ToArray();

        var bcrypt = bcryptCosts ?? PasswordParameterSets.Bcrypt;
        var hashes = selected.OfType<IPasswordHashImplementation>().ToArray();
        return argon2.Where(_ => hashes.Any(h => h.Algorithm != Algorithms.Bcrypt))
            .Concat(bcrypt.Where(_ => hashes.Any(h => h.Algorithm == Algorithms.Bcrypt)))
            .DistinctBy(s => s.Parameters)
            .ToArray();
    }

    /// <summary>Every (implementation, operation, set) the implementation can run, and for the rest the reason, per set.</summary>
    public static (IReadOnlyList<string> Keys, IReadOnlyList<Failure> CannotRun) Cases(
        IEnumerable<IPasswordHashImplementation> implementations, IReadOnlyList<PasswordParameterSet> sets)
    {
        var keys = new List<string>();
        var cannot = new List<Failure>();
        foreach (var implementation in implementations)
        {
            foreach (var set in sets.Where(s => s.Parameters.IsBcrypt == (implementation.Algorithm == Algorithms.Bcrypt)))
            {
                var refused = new List<(string Operation, string Reason)>();
                foreach (var operation in PasswordWorkload.OperationsOf(implementation))
                {
                    var support = implementation.SupportFor(set.Parameters, PasswordInputs.InputsOf(operation));
                    if (support.IsSupported)
                    {
                        keys.Add(PasswordWorkload.CaseKey(implementation.Id, operation, set.Name));
                    }
                    else
                    {
                        refused.Add((operation, support.Reason!));
                    }
                }

                if (refused.Count > 0)
                {
                    cannot.Add(RunDescription.Failure(implementation, refused[0].Reason) with
                    {
                        ParameterSet = set.Name,
                        Operations = refused.Select(r => r.Operation).ToArray(),
                    });
                }
            }
        }

        return (keys, cannot);
    }
}
