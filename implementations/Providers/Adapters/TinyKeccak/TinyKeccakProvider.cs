using System.Runtime.CompilerServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.TinyKeccak;

/// <summary>The Rust tiny-keccak crate behind our C ABI shim.</summary>
public static class TinyKeccakProvider
{
    public static Provider Provider { get; } = Provider.NativeAnchor(
        "tiny-keccak", "The Rust tiny-keccak crate's KangarooTwelve (KT128) through the blake3 shim's C ABI (implementations/Native/blake3-shim); " + NativeCalls.ShortCallNote,
        () => $"tiny-keccak crate {TinyKeccakShim.Version}",
        NativeCalls.ShortCallNote);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 50, () => [.. TinyKeccakHashes.Entries])
    {
        Readme = "the Rust `tiny-keccak` crate's `KangarooTwelve` (KT128 only; the crate has no KT256 or TurboSHAKE) "
            + "behind the same C ABI library, one hasher per call",
        Origin = "Debian `librust-tiny-keccak-dev` (2.0.2)",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}
