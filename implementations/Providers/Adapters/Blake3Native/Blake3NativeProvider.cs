using System.Runtime.CompilerServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Blake3Native;

/// <summary>The official Rust blake3 crate behind our C ABI shim.</summary>
public static class Blake3NativeProvider
{
    public static Provider Provider { get; } = Provider.NativeAnchor(
        "blake3-native", "The official Rust blake3 crate through a C ABI shim (implementations/Native/blake3-shim); " + NativeCalls.ShortCallNote,
        // "Rust crate blake3 …", not "blake3 crate …": a version line's first word is read as a package id when builds
        // are paired, and the NuGet package Blake3 (blake3-net) would answer to "blake3".
        () => $"Rust crate blake3 {Blake3Shim.Version}",
        NativeCalls.ShortCallNote);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 60, () => [.. Blake3NativeHashes.Entries])
    {
        Readme = "the official Rust `blake3` crate behind our small C ABI, built by `dotnet build` with cargo",
        Origin = "Debian `librust-blake3-dev`",
    };

    /// <summary>
    /// Joins the registry, and routes the library's imports to its loader (the tiny-keccak provider calls the same library), when the providers assembly loads
    /// (see <see cref="ProviderRooms"/> and <see cref="NativeResolver"/>).
    /// </summary>
    [ModuleInitializer]
    internal static void Join()
    {
        ProviderRooms.Join(() => Room);
        NativeResolver.Register(Blake3Shim.Library, () => Blake3Shim.Loader);
    }
}
