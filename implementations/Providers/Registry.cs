namespace CryptoHarness.Implementations;

/// <summary>
/// The registry: every provider's room (<c>Adapters/&lt;provider&gt;/</c>), each joined by its own provider file
/// (<see cref="ProviderRooms"/>), composed into the list of implementations that tests, the gate, benchmark parameters,
/// <c>harness list</c>, the scripts' family names and the report's grouping all read. The entries themselves are declared
/// next to their adapters, each family or kind file listing its own; nothing here names a provider or an entry.
/// </summary>
public static partial class Registry
{
    /// <summary>
    /// The providers, in the order reports list them: by each room's <see cref="ProviderRoom.Place"/> (the order they
    /// first appeared when the registry was one list, which the highlights and pages rely on for ties).
    /// </summary>
    public static IReadOnlyList<ProviderRoom> Rooms { get; } = ProviderRooms.InReportOrder();

    /// <summary>
    /// Every registered implementation, family by family (in <see cref="AlgorithmFamily.All"/>'s order), and within a
    /// family provider by provider, each in its files' order. An adapter either works or is not here: no stubs.
    /// </summary>
    public static IReadOnlyList<IImplementation> Implementations { get; } =
        Rooms.SelectMany(r => r.Entries).OrderBy(i => FamilyOrder(i.Algorithm.Family)).ToArray();

    public static IReadOnlyList<Algorithm> Algorithms { get; } =
        Implementations.Select(i => i.Algorithm).Distinct().ToArray();

    /// <summary>The families that have entries, in <see cref="AlgorithmFamily.All"/>'s order.</summary>
    public static IReadOnlyList<string> Families { get; } =
        AlgorithmFamily.All.Select(f => f.Name).Where(name => Algorithms.Any(a => a.Family == name)).ToArray();

    public static IReadOnlyList<Provider> Providers { get; } =
        Rooms.Select(r => r.Provider).Where(p => Implementations.Any(i => i.Provider == p)).ToArray();

    /// <summary>The room that declares <paramref name="provider"/>; null for a provider no room declares (a test double).</summary>
    public static ProviderRoom? RoomOf(Provider provider) => Rooms.FirstOrDefault(r => r.Provider == provider);

    /// <summary>A family's place in <see cref="AlgorithmFamily.All"/>; an undeclared family sorts last (a test refuses one).</summary>
    private static int FamilyOrder(string family)
    {
        for (var i = 0; i < AlgorithmFamily.All.Count; i++)
        {
            if (AlgorithmFamily.All[i].Name == family)
            {
                return i;
            }
        }

        return int.MaxValue;
    }

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
            var names = ResolveFamilyOrAlgorithm(family);
            selected = selected.Where(i => names.Any(n => Same(i.Algorithm.Family, n) || Same(i.Algorithm.Name, n)));
        }

        if (algorithm is not null)
        {
            var name = ResolveAlgorithm(algorithm);
            selected = selected.Where(i => Same(i.Algorithm.Name, name));
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

/// <summary>
/// The rooms that joined the registry. Each provider file joins its own room from a module initializer, which the
/// runtime calls once, before any code of this assembly runs, so every room has joined before <see cref="Registry"/> is
/// first read: adding a provider edits no list here. Module initializers run in an order the compiler chooses, so the
/// order is each room's <see cref="ProviderRoom.Place"/>, never the order of joining. Kept apart from
/// <see cref="Registry"/> so that joining does not start the registry's own initialization before every room is in.
/// </summary>
/// <remarks>
/// Chosen over a reflection scan of the assembly for <c>Room</c> properties: a room is joined by code a reader can
/// follow to its provider (and a trimmer keeps), nothing is found by naming convention, and a provider file that forgets
/// to join leaves its adapters unregistered, which <c>RegistryTests</c> reports by class and by folder.
/// </remarks>
public static class ProviderRooms
{
    private static readonly List<Func<ProviderRoom>> Joined = [];
    private static bool _composed;

    /// <summary>Joins a provider's room; called from its provider file's module initializer, and nowhere else.</summary>
    /// <exception cref="InvalidOperationException">The registry has already been composed.</exception>
    public static void Join(Func<ProviderRoom> room)
    {
        lock (Joined)
        {
            if (_composed)
            {
                throw new InvalidOperationException("A provider room joined after the registry was composed; join from a [ModuleInitializer] of the providers assembly.");
            }

            Joined.Add(room);
        }
    }

    /// <summary>Every joined room, by place; the registry reads it once.</summary>
    /// <exception cref="InvalidOperationException">Two rooms share a place or a provider key.</exception>
    internal static IReadOnlyList<ProviderRoom> InReportOrder()
    {
        ProviderRoom[] rooms;
        lock (Joined)
        {
            _composed = true;
            rooms = Joined.Select(join => join()).OrderBy(r => r.Place).ToArray();
        }

        for (var i = 1; i < rooms.Length; i++)
        {
            if (rooms[i].Place == rooms[i - 1].Place)
            {
                throw new InvalidOperationException($"Providers {rooms[i - 1].Provider.Key} and {rooms[i].Provider.Key} both take place {rooms[i].Place} in the report order; give the new one a number no room has.");
            }
        }

        if (rooms.GroupBy(r => r.Provider.Key, StringComparer.Ordinal).FirstOrDefault(g => g.Count() > 1) is { } twice)
        {
            throw new InvalidOperationException($"Provider key '{twice.Key}' is declared by {twice.Count()} rooms; a key is one provider's.");
        }

        return rooms;
    }
}
