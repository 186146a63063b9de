namespace CryptoHarness.Selecting.Scenarios;

/// <summary><c>batch</c>: many short messages of one length, a batch API against a loop of single calls.</summary>
public class BatchSelection : IScenarioSelection
{
    public const string ScenarioName = "batch";

    /// <summary>The batches measured: from the lane count of a 256-bit vector to eight full steps of a 512-bit one. The gate checks them too.</summary>
    public static IReadOnlyList<int> BatchSizes { get; } = [8, 16, 32, 64, 128];

    /// <summary>The message lengths measured: one digest (hashing hashes) and two (a Merkle tree's inner node: one block of message, one of padding).</summary>
    public static IReadOnlyList<int> MessageLengths { get; } = [32, 64];

    public string Name => ScenarioName;

    public string Description => "many short messages of one length: a batch API against a loop of single calls";

    public bool TakesPasswordSets => false;

    public bool ClaimsByDefault(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven) => false;

    public string? ClaimedWhen => null;

    /// <summary>
    /// Algorithms with a batch API in the selection, and every selected hash of them: the ones without a batch API are the
    /// loops of single calls the batch API is measured against.
    /// </summary>
    public IReadOnlyList<IImplementation> Measured(IReadOnlyList<IImplementation> selected)
    {
        var batchAlgorithms = selected.OfType<IBatchHashImplementation>().Select(i => i.Algorithm).ToHashSet();
        return selected.Where(i => i is IHashImplementation && batchAlgorithms.Contains(i.Algorithm)).ToArray();
    }

    public string NothingSelected() => "The filters select no implementation with a batch API. Valid for --scenario batch: "
        + $"{ScenarioSelection.Valid<IBatchHashImplementation>(i => i.Algorithm.Family)} (families) or {ScenarioSelection.Valid<IBatchHashImplementation>(i => i.Algorithm.Name)} (algorithms), "
        + $"with a provider that has a batch API: {ScenarioSelection.Valid<IBatchHashImplementation>(i => i.Provider.Key)}.";
}
