namespace CryptoHarness.Implementations;

/// <summary>
/// The one list of implementations. Tests, the gate, benchmark parameters, <c>harness list</c>, the scripts'
/// family names and the report's grouping all read it; nothing else names a family, algorithm or provider.
/// </summary>
public static class Registry
{
    /// <summary>Every registered implementation. An adapter either works or is not here: no stubs.</summary>
    public static IReadOnlyList<IImplementation> Implementations { get; } =
    [
        new ManagedSha256(),
        new OsSha256(),
        new BouncyCastleSha256(),
        new LibsodiumSha256(),

        new ManagedBlake3(),
        new Blake3NativeHash(),
    ];

    public static IReadOnlyList<Algorithm> Algorithms { get; } =
        Implementations.Select(i => i.Algorithm).Distinct().ToArray();

    public static IReadOnlyList<string> Families { get; } =
        Algorithms.Select(a => a.Family).Distinct().ToArray();

    public static IReadOnlyList<Provider> Providers { get; } =
        Implementations.Select(i => i.Provider).Distinct().ToArray();

    public static IImplementation? Find(string id) =>
        Implementations.FirstOrDefault(i => string.Equals(i.Id, id, StringComparison.Ordinal));

    /// <summary>
    /// Implementations matching every given filter exactly (case-insensitive, never by substring, so SHA-256 never
    /// selects HMAC-SHA-256). <paramref name="family"/> accepts a family name or an algorithm name.
    /// </summary>
    /// <exception cref="SelectionException">A value matches nothing; the message names it and the valid choices.</exception>
    public static IReadOnlyList<IImplementation> Select(string? family = null, string? algorithm = null, string? provider = null)
    {
        IEnumerable<IImplementation> selected = Implementations;
        if (family is not null)
        {
            var byFamily = Families.Contains(family, StringComparer.OrdinalIgnoreCase);
            var byAlgorithm = Algorithms.Any(a => Same(a.Name, family));
            if (!byFamily && !byAlgorithm)
            {
                throw new SelectionException(
                    $"Unknown family '{family}'. Valid families: {string.Join(", ", Families)}; or an algorithm: {string.Join(", ", Algorithms.Select(a => a.Name))}.");
            }

            selected = selected.Where(i => Same(i.Algorithm.Family, family) || Same(i.Algorithm.Name, family));
        }

        if (algorithm is not null)
        {
            if (!Algorithms.Any(a => Same(a.Name, algorithm)))
            {
                throw new SelectionException(
                    $"Unknown algorithm '{algorithm}'. Valid algorithms: {string.Join(", ", Algorithms.Select(a => a.Name))}.");
            }

            selected = selected.Where(i => Same(i.Algorithm.Name, algorithm));
        }

        if (provider is not null)
        {
            if (!Providers.Any(p => Same(p.Key, provider)))
            {
                throw new SelectionException(
                    $"Unknown provider '{provider}'. Valid providers: {string.Join(", ", Providers.Select(p => p.Key))}.");
            }

            selected = selected.Where(i => Same(i.Provider.Key, provider));
        }

        return selected.ToArray();
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
}

/// <summary>A filter value that names nothing in the registry.</summary>
public sealed class SelectionException(string message) : Exception(message);
