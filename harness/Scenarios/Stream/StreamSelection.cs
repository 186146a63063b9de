namespace CryptoHarness.Selecting.Scenarios;

/// <summary><c>stream</c>: incremental hashing of one large input in 64 KiB chunks.</summary>
public class StreamSelection : IScenarioSelection
{
    public const string ScenarioName = "stream";

    public string Name => ScenarioName;

    public string Description => "incremental hashing of one large input in 64 KiB chunks, and one pass feeding every hasher";

    public bool TakesPasswordSets => false;

    public bool ClaimsByDefault(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven) => false;

    public string? ClaimedWhen => null;

    public IReadOnlyList<IImplementation> Measured(IReadOnlyList<IImplementation> selected) =>
        selected.Where(i => i is IStreamingHashImplementation).ToArray();

    public string NothingSelected() => "The filters select no implementation with an incremental API. Valid families for --scenario stream: "
        + $"{ScenarioSelection.Valid<IStreamingHashImplementation>(i => i.Algorithm.Family)}.";
}
