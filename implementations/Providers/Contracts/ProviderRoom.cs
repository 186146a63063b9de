using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

/// <summary>
/// One provider's folder under <c>Adapters/</c> as the registry sees it: the provider's facts, its place in the reports'
/// order, what the README says of it, and the entries its files declare (each family or kind file lists its own). The
/// provider file that builds the room also joins it to the registry (<see cref="ProviderRooms.Join"/>), so no list
/// elsewhere names the provider.
/// </summary>
public sealed class ProviderRoom
{
    private readonly Lazy<IReadOnlyList<IImplementation>> _entries;

    /// <param name="provider">The provider's facts.</param>
    /// <param name="place">
    /// Where reports list the provider: rooms are ordered by it (ties refused), and the highlights and pages rely on
    /// that order for ties, so a provider's place never changes once its pages are committed; a new one takes a number
    /// no room has.
    /// </param>
    /// <param name="entries">The provider's entries, one spread per family or kind file of its folder.</param>
    public ProviderRoom(Provider provider, int place, Func<IEnumerable<IImplementation>> entries, [CallerFilePath] string file = "")
    {
        Provider = provider;
        Place = place;
        File = file;
        _entries = new(() => entries().ToArray());
    }

    public Provider Provider { get; }

    /// <summary>Where reports list the provider (see the constructor's <c>place</c>).</summary>
    public int Place { get; }

    /// <summary>
    /// What runs, for the README's provider table (markdown, one line): the library, the calls the adapters make, and
    /// what it lacks or does differently. The table is generated from it (<c>RegistryTests</c>, <c>UPDATE_GOLDEN=1</c>).
    /// </summary>
    public required string Readme { get; init; }

    /// <summary>
    /// Where a provider that is not a NuGet package comes from, as the README's table says it (<c>the runtime</c>,
    /// <c>Debian `libargon2-1`</c>); null for a NuGet provider, whose package id and pinned version the table shows.
    /// </summary>
    public string? Origin { get; init; }

    /// <summary>
    /// The file that declares the provider and composes its entries, as the compiler saw it (see <see cref="SourceRoot"/>):
    /// a change to it selects every family of the provider for measurement in a pull request.
    /// </summary>
    public string File { get; }

    /// <summary>The provider's entries in the order its files declare them.</summary>
    public IReadOnlyList<IImplementation> Entries => _entries.Value;

    public override string ToString() => Provider.Key;
}
