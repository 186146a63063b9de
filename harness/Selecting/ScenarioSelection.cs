namespace CryptoHarness.Selecting;

/// <summary>
/// A scenario as the selection sees it: its name, what it measures, and what of the filters' selection it takes. Each
/// scenario implements it once, in its folder under <c>harness/Scenarios/</c>; the list of scenarios is
/// <c>CryptoHarness.Scenarios.ScenarioRegistry.All</c>.
/// </summary>
public interface IScenarioSelection
{
    /// <summary>The name <c>--scenario</c> takes and results files record (<c>scenario</c>).</summary>
    string Name { get; }

    /// <summary>One line for <c>--help</c> and <c>harness list</c>.</summary>
    string Description { get; }

    /// <summary>Whether the password options (parameter sets, costs) apply to it.</summary>
    bool TakesPasswordSets { get; }

    /// <summary>
    /// Whether this scenario is meant when none is named; the first registered scenario is meant when none claims it.
    /// </summary>
    bool ClaimsByDefault(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven);

    /// <summary>When it claims the selection, in words for <c>--help</c>; null for a scenario that never does.</summary>
    string? ClaimedWhen { get; }

    /// <summary>What of the filters' selection it measures; the rest is not a failure, it has no such API here.</summary>
    IReadOnlyList<IImplementation> Measured(IReadOnlyList<IImplementation> selected);

    /// <summary>The one-line refusal when <see cref="Measured"/> leaves nothing, naming what would do.</summary>
    string NothingSelected();
}

public static class ScenarioSelection
{
    /// <summary>The scenario's share of the selection; when it is empty, the one-line refusal naming what would do.</summary>
    public static IReadOnlyList<IImplementation> Require(IScenarioSelection scenario, IReadOnlyList<IImplementation> selected)
    {
        var measured = scenario.Measured(selected);
        return measured.Count > 0 ? measured : throw new UsageException(scenario.NothingSelected());
    }

    /// <summary>The distinct names of the registry's implementations of one contract: a refusal's list of valid choices.</summary>
    public static string Valid<TImplementation>(Func<IImplementation, string> name) where TImplementation : IImplementation =>
        string.Join(", ", Registry.Implementations.OfType<TImplementation>().Select(i => name(i)).Distinct());
}
