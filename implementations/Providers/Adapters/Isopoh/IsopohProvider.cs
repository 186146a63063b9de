using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.Isopoh;

/// <summary>Isopoh.Cryptography.Argon2, a managed Argon2.</summary>
public static class IsopohProvider
{
    public const string Package = "Isopoh.Cryptography.Argon2";

    public static Provider Provider { get; } = Provider.FromPackage(
        "isopoh", Package, typeof(global::Isopoh.Cryptography.Argon2.Argon2), $"{Package}, a managed C# Argon2 with buffers it tries to lock in memory", ProviderRole.ManagedAlternative,
        () => "memory protection " + IsopohMemoryProtection.Describe());

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 90, () => [.. IsopohPasswordHashes.Entries])
    {
        Readme = "Isopoh's managed Argon2d/i/id, as a user gets it: its buffers try to lock memory and silently settle"
            + " for less; the version line says which protection the measuring machine gave",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
