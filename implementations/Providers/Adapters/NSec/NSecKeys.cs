using System.Security.Cryptography;
using NSecAlgorithm = NSec.Cryptography.Algorithm;
using NSecHashAlgorithm = NSec.Cryptography.HashAlgorithm;
using NSecKey = NSec.Cryptography.Key;
using NSecKeyBlobFormat = NSec.Cryptography.KeyBlobFormat;

namespace CryptoHarness.Implementations.Adapters.NSec;

// NSec.Cryptography: each adapter is the span call an NSec user makes, on NSec's own algorithm objects. NSec binds a
// key to one algorithm instance (Key.Import), so the keyed adapters keep the imported Key per thread and import again
// only when the caller's key changes, as the OS adapters keep their AesGcm objects. NSec runs on the libsodium of the
// NuGet package libsodium, the same file the libsodium provider loads, so beside it this provider shows what the
// managed layer costs.

/// <summary>Whether NSec could start libsodium here, decided once.</summary>
internal static class NSecLibrary
{
    private static readonly Lazy<Support> Started = new(Start);

    public static Support Support => Started.Value;

    private static Support Start()
    {
        try
        {
            // The first algorithm object runs NSec's initialization: it loads libsodium, checks its version against
            // the one NSec was built for, and calls sodium_init. It reports a missing library by throwing.
            _ = NSecHashAlgorithm.Sha256;
            return Support.Yes;
        }
        catch (Exception e) when (e is PlatformNotSupportedException or InvalidOperationException or TypeInitializationException or DllNotFoundException)
        {
            return Support.No($"NSec could not start libsodium: {e.Message}");
        }
    }
}

/// <summary>The NSec algorithm a key of a given length is imported for (NSec fixes the key size per instance).</summary>
internal interface INSecKeyed
{
    NSecAlgorithm KeyAlgorithm(int keyBytes);
}

/// <summary>
/// One imported key per thread for <typeparamref name="TSelf"/>'s adapter, replaced (and the old one disposed and its
/// copy wiped) only when the caller's key changes; NSec keeps the key itself in secure memory.
/// </summary>
internal static class NSecKeys<TSelf>
{
    [ThreadStatic]
    private static byte[]? t_raw;

    [ThreadStatic]
    private static NSecKey? t_key;

    public static NSecKey For(ReadOnlySpan<byte> raw, INSecKeyed owner)
    {
        if (t_key is { } cached && raw.SequenceEqual(t_raw))
        {
            return cached;
        }

        t_key?.Dispose();
        if (t_raw is not null)
        {
            CryptographicOperations.ZeroMemory(t_raw);
        }

        t_key = NSecKey.Import(owner.KeyAlgorithm(raw.Length), raw, NSecKeyBlobFormat.RawSymmetricKey);
        t_raw = raw.ToArray();
        return t_key;
    }
}
