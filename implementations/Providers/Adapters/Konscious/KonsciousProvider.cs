using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.Konscious;

/// <summary>Konscious.Security.Cryptography.Argon2, the most installed managed Argon2.</summary>
public static class KonsciousProvider
{
    public const string Package = "Konscious.Security.Cryptography.Argon2";

    public static Provider Provider { get; } = Provider.FromPackage(
        "konscious", Package, typeof(global::Konscious.Security.Cryptography.Argon2id), $"{Package}, the most installed managed Argon2 for .NET", ProviderRole.ManagedAlternative);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 100, () => [.. KonsciousPasswordHashes.Entries])
    {
        Readme = "Konscious's managed Argon2d/i/id (raw tags only: it has no string form)",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
