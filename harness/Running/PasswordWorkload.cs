using System.Runtime.CompilerServices;
using static CryptoHarness.Selecting.PasswordInputs;
using static CryptoHarness.Selecting.PasswordOperationNames;

namespace CryptoHarness.Running;

/// <summary>
/// One timed password-hash operation at one parameter set, on the inputs of <see cref="PasswordInputs"/>.
/// </summary>
public abstract class PasswordWorkload : Workload
{
    /// <summary>A primary entry is timed on every operation; an alternative path on the raw hash only.</summary>
    public static IReadOnlyList<string> OperationsOf(IPasswordHashImplementation implementation) =>
        implementation.IsPrimary ? PasswordOperationNames.All : [HashTag];

    /// <summary>A case key: id, operation and set name (set names and compact sets have no spaces).</summary>
    public static string CaseKey(string id, string operation, string set) => $"{id} {operation} {set}";

    public static (string Id, string Operation, string Set) ParseKey(string key)
    {
        var parts = key.Split(' ');
        return parts.Length == 3 ? (parts[0], parts[1], parts[2]) : throw new FormatException($"'{key}' is not a password case key (id operation set).");
    }

    /// <summary>A set from its name as a case key carries it: a named set, or a user's compact form.</summary>
    public static PasswordParameterSet ResolveSet(string name)
    {
        var named = PasswordParameterSets.Argon2.Concat(PasswordParameterSets.Bcrypt)
            .FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.Ordinal));
        if (named is not null)
        {
            return named;
        }

        // A bcrypt set not among the named ones is named cost<N> by ParseBcryptCosts.
        return name.StartsWith("cost", StringComparison.Ordinal)
            ? PasswordParameterSets.ParseBcryptCosts(name["cost".Length..])[0]
            : PasswordParameterSets.ParseArgon2(name);
    }

    public static PasswordWorkload Create(IPasswordHashImplementation implementation, string operation, PasswordHashParameters parameters) => operation switch
    {
        HashTag => new TagWorkload(implementation, parameters),
        HashPhc => new EncodeWorkload(implementation, parameters),
        VerifyRight => new VerifyWorkload(implementation, parameters, Password, expected: true),
        VerifyWrong => new VerifyWorkload(implementation, parameters, WrongPassword, expected: false),
        _ => throw new InvalidOperationException($"{implementation.Id} has no password operation '{operation}'. Valid: {string.Join(", ", PasswordOperationNames.All)}."),
    };

    private sealed class TagWorkload(IPasswordHashImplementation implementation, PasswordHashParameters parameters) : PasswordWorkload
    {
        private readonly byte[] _tag = new byte[parameters.TagBytes];

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => implementation.Hash(Password, Salt, [], [], parameters, _tag);
    }

    private sealed class EncodeWorkload(IPasswordHashImplementation implementation, PasswordHashParameters parameters) : PasswordWorkload
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => _ = implementation.HashToString(Password, Salt, parameters);
    }

    /// <summary>Verifies against the provider's own string, made once; an unexpected answer means the gate missed something, so it throws.</summary>
    private sealed class VerifyWorkload(IPasswordHashImplementation implementation, PasswordHashParameters parameters, byte[] password, bool expected)
        : PasswordWorkload
    {
        private readonly string _encoded = implementation.HashToString(Password, Salt, parameters);

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            if (implementation.Verify(_encoded, password) != expected)
            {
                throw new InvalidOperationException($"{implementation.Id} verified {(expected ? "the right password as wrong" : "a wrong password as right")}.");
            }
        }
    }
}
