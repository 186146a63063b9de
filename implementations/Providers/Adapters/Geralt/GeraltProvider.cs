using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations.Adapters.Geralt;

/// <summary>Geralt, a span-based .NET API over the same libsodium file the libsodium provider loads.</summary>
public static class GeraltProvider
{
    public const string Package = "Geralt";

    public static Provider Provider { get; } = Provider.FromPackage(
        "geralt", Package, typeof(global::Geralt.BLAKE2b), $"{Package}, a span-based .NET API over libsodium", ProviderRole.Other);

    /// <summary>The provider's room: its place in the report order, what the README's table says of it, and its entries (one line per family or kind file of this folder, each file listing its own).</summary>
    public static ProviderRoom Room { get; } = new(Provider, place: 45, () =>
    [
        .. GeraltHashes.Entries,
        .. GeraltMacs.Entries,
        .. GeraltAeads.Entries,
        .. GeraltPasswordHashes.Entries,
    ])
    {
        Readme = "Geralt, a span-based API over the same libsodium file: BLAKE2b, keyed BLAKE2b, AEADs, Argon2id (p=1)",
    };

    /// <summary>Joins the registry when the providers assembly loads (see <see cref="ProviderRooms"/>).</summary>
    [ModuleInitializer]
    internal static void Join() => ProviderRooms.Join(() => Room);
}

/// <summary>Whether Geralt could start libsodium here, decided once.</summary>
internal static class GeraltLibrary
{
    private static readonly Lazy<Support> Started = new(Start);

    public static Support Support => Started.Value;

    private static Support Start()
    {
        try
        {
            // Geralt's first call runs its static initialization, which loads libsodium and calls sodium_init; a
            // missing library surfaces as an exception from that first call.
            Span<byte> digest = stackalloc byte[global::Geralt.BLAKE2b.HashSize];
            global::Geralt.BLAKE2b.ComputeHash(digest, ReadOnlySpan<byte>.Empty);
            return Support.Yes;
        }
        catch (Exception e) when (e is TypeInitializationException or DllNotFoundException or EntryPointNotFoundException or InvalidOperationException)
        {
            return Support.No($"Geralt could not start libsodium: {e.Message}");
        }
    }
}
