namespace CryptoHarness.Selecting;

/// <summary>What the filters <c>--family</c>, <c>--algorithm</c> and <c>--provider</c> select from the registry.</summary>
public static class ImplementationSelection
{
    /// <summary>
    /// <paramref name="families"/> may list several families or algorithms, comma-separated (what <c>harness touched</c>
    /// prints): the union of each, in registry order.
    /// </summary>
    public static IReadOnlyList<IImplementation> Select(string? families, string? algorithm, string? provider)
    {
        var names = families?.Split(',', StringSplitOptions.TrimEntries);
        if (names is null || names.Length == 1)
        {
            return Registry.Select(names?[0], algorithm, provider);
        }

        var selected = names.SelectMany(f => Registry.Select(f, algorithm, provider)).ToHashSet();
        return Registry.Implementations.Where(selected.Contains).ToArray();
    }
}
