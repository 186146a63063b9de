namespace CryptoHarness.Selecting.Scenarios;

/// <summary><c>password</c>: password hashes at parameter sets.</summary>
public class PasswordSelection : IScenarioSelection
{
    public const string ScenarioName = "password";

    public string Name => ScenarioName;

    public string Description => "password hashes at parameter sets (Argon2 memory and passes, bcrypt costs)";

    public bool TakesPasswordSets => true;

    /// <summary>
    /// When the filters select only password hashes or a password option is given (a full sweep leaves password hashes
    /// out: their sets take minutes, they are measured on request).
    /// </summary>
    public bool ClaimsByDefault(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven) =>
        passwordOptionGiven || (selected.Count > 0 && selected.All(i => i is IPasswordHashImplementation));

    public string? ClaimedWhen => "only password hashes are selected";

    public IReadOnlyList<IImplementation> Measured(IReadOnlyList<IImplementation> selected) =>
        selected.Where(i => i is IPasswordHashImplementation).ToArray();

    public string NothingSelected() =>
        $"The filters select no password hash. Valid families for --scenario password: {ScenarioSelection.Valid<IPasswordHashImplementation>(i => i.Algorithm.Family)}.";
}
