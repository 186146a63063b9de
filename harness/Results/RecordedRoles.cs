namespace CryptoHarness.Results;

/// <summary>
/// Provider roles as <c>summary.json</c> records them (<see cref="RunInfo.ProviderRoles"/>): written from the registry at
/// run time, read back when the run is rendered or compared, so a role the registry changes later does not change an old
/// run's pages. A file written before roles were recorded reads today's registry, as every file did then.
/// </summary>
public static class RecordedRoles
{
    /// <summary>Each role by the name a file records it with.</summary>
    public static IReadOnlyDictionary<string, ProviderRole> Names { get; } = new Dictionary<string, ProviderRole>(StringComparer.Ordinal)
    {
        ["own"] = ProviderRole.Own,
        ["managed-alternative"] = ProviderRole.ManagedAlternative,
        ["platform"] = ProviderRole.Platform,
        ["native-anchor"] = ProviderRole.NativeAnchor,
        ["other"] = ProviderRole.Other,
    };

    /// <summary>The roles of <paramref name="providers"/>, in the registry's order, as a run records them.</summary>
    public static IReadOnlyDictionary<string, string> Record(IEnumerable<Provider> providers)
    {
        var used = providers.Select(p => p.Key).ToHashSet(StringComparer.Ordinal);
        // A Dictionary filled and never removed from enumerates, and so is written and read back, in insertion order.
        return Registry.Providers.Where(p => used.Contains(p.Key))
            .ToDictionary(p => p.Key, p => NameOf(p.Role), StringComparer.Ordinal);
    }

    /// <summary>
    /// Every provider's role as <paramref name="run"/> knew it, in the order it recorded them; for a file that recorded
    /// none, every provider of today's registry, in its order. Names are checked at load (<see cref="SummaryValidation"/>).
    /// </summary>
    public static IReadOnlyList<(string Provider, ProviderRole Role)> Of(RunInfo run) =>
        run.ProviderRoles is { } recorded
            ? recorded.Select(r => (r.Key, Names[r.Value])).ToArray()
            : Registry.Providers.Select(p => (p.Key, p.Role)).ToArray();

    public static string NameOf(ProviderRole role) => Names.First(n => n.Value == role).Key;
}
