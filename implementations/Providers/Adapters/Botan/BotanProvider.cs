using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Botan;

/// <summary>Botan 2 (C++) through its C API, the distribution's library.</summary>
public static class BotanProvider
{
    /// <summary>
    /// Botan 2 (C++) through the C API its library exports, no shim: an object per algorithm and thread, created once by
    /// name and reused (hashes and MACs: update and final; AEADs: keyed once, then associated data, start and one final
    /// update per message); bcrypt's salt goes in through the API's custom random number generator.
    /// </summary>
    public static Provider Provider { get; } = Provider.NativeAnchor(
        "botan", "Botan 2 (C++), the distribution's libbotan-2, through its C API (botan/ffi.h) with an object per algorithm created once and reused; "
            + NativeCalls.ShortCallNote,
        () => LibBotan.Version,
        NativeCalls.ShortCallNote);

    /// <summary>The provider's entries: one line per family or kind file of this folder, each file listing its own.</summary>
    public static ProviderRoom Room { get; } = new(Provider, () =>
    [
        .. BotanHashes.Entries,
        .. BotanMacs.Entries,
        .. BotanAeads.Entries,
        .. BotanPasswordHashes.Entries,
    ]);
}
