using CryptoHarness.Implementations;

namespace CryptoHarness.Selecting;

/// <summary>
/// The scenarios a run measures, and what of the filters' selection each one takes. <c>oneshot</c>: the size sweep;
/// <c>stream</c>: incremental hashing of one large input in 64 KiB chunks; <c>batch</c>: many short messages of one
/// length, a batch API against a loop of single calls; <c>password</c>: password hashes at parameter sets.
/// </summary>
public static class ScenarioSelection
{
    public const string OneShot = "oneshot";
    public const string Stream = "stream";
    public const string Batch = "batch";
    public const string Password = "password";

    public static IReadOnlyList<string> Names { get; } = [OneShot, Stream, Batch, Password];

    /// <summary>The scenario named, or the one-line refusal naming the valid ones.</summary>
    public static string Parse(string name) => Names.Contains(name)
        ? name
        : throw new UsageException($"Unknown scenario '{name}'. Valid scenarios: {string.Join(", ", Names)}.");

    /// <summary>
    /// <c>password</c> when the filters select only password hashes or a password option is given; else <c>oneshot</c>
    /// (which a full sweep is: password hashes are measured on request, their sets take minutes).
    /// </summary>
    public static string Default(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven) =>
        passwordOptionGiven || (selected.Count > 0 && selected.All(i => i is IPasswordHashImplementation)) ? Password : OneShot;

    /// <summary>What of the filters' selection a scenario measures; the rest is not a failure, it has no such API here.</summary>
    public static IReadOnlyList<IImplementation> ForScenario(string scenario, IReadOnlyList<IImplementation> selected)
    {
        switch (scenario)
        {
            case Stream:
                return selected.Where(i => i is IStreamingHashImplementation).ToArray();
            case Password:
                return selected.Where(i => i is IPasswordHashImplementation).ToArray();
            case Batch:
                // Algorithms with a batch API in the selection, and every selected hash of them: the ones without a batch
                // API are the loops of single calls the batch API is measured against.
                var batchAlgorithms = selected.OfType<IBatchHashImplementation>().Select(i => i.Algorithm).ToHashSet();
                return selected.Where(i => i is IHashImplementation && batchAlgorithms.Contains(i.Algorithm)).ToArray();
            default:
                // A batch API's one-shot call is a batch of one: not what it is for, and the one-shot tables have the
                // single-message paths. Batch entries are measured in the batch scenario, against loops of single calls.
                // Password hashes have no payload size: they are measured per parameter set in their own scenario.
                return selected.Where(i => i is not IBatchHashImplementation and not IPasswordHashImplementation).ToArray();
        }
    }

    /// <summary>The scenario's share of the selection; when it is empty, the one-line refusal naming what would do.</summary>
    public static IReadOnlyList<IImplementation> Require(string scenario, IReadOnlyList<IImplementation> selected)
    {
        var measured = ForScenario(scenario, selected);
        return measured.Count > 0 ? measured : throw new UsageException(scenario switch
        {
            Stream => "The filters select no implementation with an incremental API. Valid families for --scenario stream: "
                + $"{string.Join(", ", Registry.Implementations.OfType<IStreamingHashImplementation>().Select(i => i.Algorithm.Family).Distinct())}.",
            Password => $"The filters select no password hash. Valid families for --scenario password: {string.Join(", ", Registry.Implementations.OfType<IPasswordHashImplementation>().Select(i => i.Algorithm.Family).Distinct())}.",
            Batch => "The filters select no implementation with a batch API. Valid for --scenario batch: "
                + $"{string.Join(", ", BatchCapable(i => i.Algorithm.Family))} (families) or {string.Join(", ", BatchCapable(i => i.Algorithm.Name))} (algorithms), "
                + $"with a provider that has a batch API: {string.Join(", ", BatchCapable(i => i.Provider.Key))}.",
            _ => "The filters select no implementation; see 'harness list' for the valid combinations.",
        });
    }

    private static IEnumerable<string> BatchCapable(Func<IImplementation, string> name) =>
        Registry.Implementations.OfType<IBatchHashImplementation>().Select(name).Distinct();
}
