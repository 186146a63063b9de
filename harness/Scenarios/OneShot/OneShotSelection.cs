namespace CryptoHarness.Selecting.Scenarios;

/// <summary><c>oneshot</c>: the size sweep, every operation of every implementation at every payload size.</summary>
public class OneShotSelection : IScenarioSelection
{
    public const string ScenarioName = "oneshot";

    public string Name => ScenarioName;

    public string Description => "the size sweep: every operation of every implementation at every payload size";

    public bool TakesPasswordSets => false;

    /// <summary>Never claimed: it is the default because it is registered first (a full sweep is one-shot).</summary>
    public bool ClaimsByDefault(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven) => false;

    public string? ClaimedWhen => null;

    /// <summary>
    /// A batch API's one-shot call is a batch of one: not what it is for, and the one-shot tables have the single-message
    /// paths. Batch entries are measured in the batch scenario, against loops of single calls. Password hashes have no
    /// payload size: they are measured per parameter set in their own scenario.
    /// </summary>
    public IReadOnlyList<IImplementation> Measured(IReadOnlyList<IImplementation> selected) =>
        selected.Where(i => i is not IBatchHashImplementation and not IPasswordHashImplementation).ToArray();

    public string NothingSelected() => "The filters select no implementation; see 'harness list' for the valid combinations.";
}
