using CryptoHarness.Implementations.Adapters.BcryptNet;
using CryptoHarness.Implementations.Adapters.Blake3Native;
using CryptoHarness.Implementations.Adapters.Blake3Net;
using CryptoHarness.Implementations.Adapters.Botan;
using CryptoHarness.Implementations.Adapters.BouncyCastle;
using CryptoHarness.Implementations.Adapters.Isopoh;
using CryptoHarness.Implementations.Adapters.Konscious;
using CryptoHarness.Implementations.Adapters.Libargon2;
using CryptoHarness.Implementations.Adapters.Libsodium;
using CryptoHarness.Implementations.Adapters.Libxcrypt;
using CryptoHarness.Implementations.Adapters.Managed;
using CryptoHarness.Implementations.Adapters.NSec;
using CryptoHarness.Implementations.Adapters.Os;
using CryptoHarness.Implementations.Adapters.TinyKeccak;

namespace CryptoHarness.Implementations;

/// <summary>
/// The registry: every provider's room (<c>Adapters/&lt;provider&gt;/</c>), one line each, composed into the list of
/// implementations that tests, the gate, benchmark parameters, <c>harness list</c>, the scripts' family names and the
/// report's grouping all read. The entries themselves are declared next to their adapters, each family or kind file
/// listing its own; nothing here names one.
/// </summary>
public static partial class Registry
{
    /// <summary>
    /// The providers, in the order reports list them (the order they first appeared when the registry was one list,
    /// which the highlights and pages rely on for ties).
    /// </summary>
    public static IReadOnlyList<ProviderRoom> Rooms { get; } =
    [
        OsProvider.Room,
        BouncyCastleProvider.Room,
        LibsodiumProvider.Room,
        NSecProvider.Room,
        TinyKeccakProvider.Room,
        Blake3NativeProvider.Room,
        Blake3NetProvider.Room,
        Libargon2Provider.Room,
        IsopohProvider.Room,
        KonsciousProvider.Room,
        LibxcryptProvider.Room,
        BcryptNetProvider.Room,
        BotanProvider.Room,
        ManagedProvider.Room,
    ];

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
