using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.BcryptNet;

/// <summary>BCrypt.Net-Next, the most installed managed bcrypt.</summary>
public static class BcryptNetProvider
{
    public const string Package = "BCrypt.Net-Next";

    public static Provider Provider { get; } = Provider.FromPackage(
        "bcrypt-net", Package, typeof(BCrypt.Net.BCrypt), $"{Package}, the most installed managed bcrypt for .NET", ProviderRole.ManagedAlternative);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 120, () => [.. BcryptNetPasswordHashes.Entries])
    {
        Readme = "BCrypt.Net-Next, `$2b$` strings from a `GenerateSalt(cost, 'b')`-style setting",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
