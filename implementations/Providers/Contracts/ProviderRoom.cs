using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

/// <summary>
/// One provider's folder under <c>Adapters/</c> as the registry sees it: the provider's facts and the entries its
/// files declare (each family or kind file lists its own). <see cref="Registry"/> composes the rooms, one line each.
/// </summary>
public sealed class ProviderRoom
{
    private readonly Lazy<IReadOnlyList<IImplementation>> _entries;

    /// <param name="entries">The provider's entries, one spread per family or kind file of its folder.</param>
    public ProviderRoom(Provider provider, Func<IEnumerable<IImplementation>> entries, [CallerFilePath] string file = "")
    {
        Provider = provider;
        File = file;
        _entries = new(() => entries().ToArray());
    }

    public Provider Provider { get; }

    /// <summary>
    /// The file that declares the provider and composes its entries, as the compiler saw it (see <see cref="SourceRoot"/>):
    /// a change to it selects every family of the provider for measurement in a pull request.
    /// </summary>
    public string File { get; }

    /// <summary>The provider's entries in the order its files declare them.</summary>
    public IReadOnlyList<IImplementation> Entries => _entries.Value;

    public override string ToString() => Provider.Key;
}
