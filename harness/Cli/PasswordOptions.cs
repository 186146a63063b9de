using System.CommandLine;
using CryptoHarness.Running;

namespace CryptoHarness.Cli;

/// <summary>The password-hash cost options of one command: <c>--argon2-set</c>, <c>--argon2</c>, <c>--bcrypt-cost</c>.</summary>
internal sealed class PasswordOptions
{
    private readonly Option<IReadOnlyList<PasswordParameterSet>?> _argon2Set = HarnessOptions.Argon2Set();
    private readonly Option<IReadOnlyList<PasswordParameterSet>?> _argon2 = HarnessOptions.Argon2();
    private readonly Option<IReadOnlyList<PasswordParameterSet>?> _bcryptCost = HarnessOptions.BcryptCost();

    public void AddTo(Command command)
    {
        command.Options.Add(_argon2Set);
        command.Options.Add(_argon2);
        command.Options.Add(_bcryptCost);
    }

    /// <summary>The first of these options the command line gives (<c>--argon2-set</c>…), or null.</summary>
    public string? FirstGiven(ParseResult parsed) =>
        new Option[] { _argon2Set, _argon2, _bcryptCost }.FirstOrDefault(o => parsed.GetResult(o) is not null)?.Name;

    public IReadOnlyList<PasswordParameterSet> Sets(ParseResult parsed, IReadOnlyList<IImplementation> selected) =>
        PasswordPlan.Sets(parsed.GetValue(_argon2Set), parsed.GetValue(_argon2), parsed.GetValue(_bcryptCost), selected);
}
