using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.Blake3Net;

/// <summary>Blake3.NET, a managed SIMD BLAKE3.</summary>
public static class Blake3NetProvider
{
    public const string Package = "Blake3";

    public static Provider Provider { get; } = Provider.FromPackage(
        "blake3-net", Package, typeof(global::Blake3.Hasher), $"Blake3.NET (package {Package}), a fully managed SIMD BLAKE3 for .NET", ProviderRole.ManagedAlternative);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 70, () => [.. Blake3NetHashes.Entries])
    {
        Readme = "Blake3.NET, a fully managed SIMD BLAKE3 (Vector128/256/512), through its static span call "
            + "`Hasher.Hash(input, output)` and, for streams, a `Hasher` per stream",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
