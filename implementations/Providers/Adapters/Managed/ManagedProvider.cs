using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>This repository's own code (implementations/Managed), one entry per algorithm and instruction-set path.</summary>
public static class ManagedProvider
{
    public static Provider Provider { get; } = new(
        "managed", "This repository's own C# implementations", () => PackageVersions.Of(typeof(CryptoHarness.Managed.Sha256).Assembly, "CryptoHarness.Managed"))
    {
        Role = ProviderRole.Own,
    };

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 140, () =>
    [
        .. ManagedEntries.All(),
        .. ManagedBatchSha3.All(),
        .. ManagedArgon2.All(),
        .. ManagedBcrypt.All(),
        .. ManagedBlake2b512Mac.All(),
        .. ManagedAeads.All(),
    ])
    {
        Readme = "this repository's code",
        Origin = "—",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
