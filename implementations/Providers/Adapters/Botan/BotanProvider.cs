using System.Runtime.CompilerServices;
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

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 130, () =>
    [
        .. BotanHashes.Entries,
        .. BotanMacs.Entries,
        .. BotanAeads.Entries,
        .. BotanPasswordHashes.Entries,
    ])
    {
        Readme = "Botan 2.19 (C++) through the C API its library exports (`botan/ffi.h`), P/Invoke with no shim, "
            + "called as that API's users call it: an object per algorithm and thread created once by name and "
            + "reused (a hash is `botan_hash_update` and `botan_hash_final`, which resets it; HMAC is keyed on "
            + "every call, as `os` and `bouncycastle` are; an AEAD's cipher object is keyed when the key changes, "
            + "then per message `set_associated_data`, `start` and one final `update`, whose ciphertext-with-tag "
            + "passes through a per-thread buffer to be split); short calls without the GC transition as for "
            + "libsodium. Argon2 through `botan_pwdhash` (raw tags only, no secret or associated data; lanes "
            + "computed one after another); bcrypt through `botan_bcrypt_generate` and `botan_bcrypt_is_valid` "
            + "(`$2a$` strings, work factor 4..18), its salt given through the API's custom random generator "
            + "(`botan_rng_init_custom`)",
        Origin = "Debian `libbotan-2-19`",
    };

    /// <summary>
    /// Joins the registry, and routes the library's imports to its loader, when the providers assembly loads
    /// (see <see cref="ProviderRooms"/> and <see cref="NativeResolver"/>).
    /// </summary>
    [ModuleInitializer]
    internal static void Join()
    {
        ProviderRooms.Join(() => Room);
        NativeResolver.Register(LibBotan.Library, () => LibBotan.Loader);
    }
}
