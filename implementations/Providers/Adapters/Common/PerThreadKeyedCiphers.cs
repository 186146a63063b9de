using System.Security.Cryptography;

namespace CryptoHarness.Implementations.Adapters.Common;

/// <summary>
/// Our keyed AEAD objects (key schedule, GHASH powers, …) as a caller keeps them: one per thread and registry entry,
/// rebuilt only when the key changes, as the OS and BouncyCastle adapters keep theirs. Each instance is one entry's
/// slot in a per-thread array, so entries that share a cipher type (the paths of one algorithm) never share an object.
/// </summary>
internal sealed class PerThreadKeyedCiphers<TCipher>(Func<byte[], TCipher> create)
    where TCipher : class, IDisposable
{
    private static int s_entries;

    [ThreadStatic]
    private static (byte[] Key, TCipher Cipher)?[]? t_cached;

    private readonly int _slot = Interlocked.Increment(ref s_entries) - 1;

    /// <summary>This thread's cipher for <paramref name="key"/>; a stale one is disposed and its key copy wiped.</summary>
    public TCipher For(ReadOnlySpan<byte> key)
    {
        var cache = t_cached;
        if (cache is not null && _slot < cache.Length && cache[_slot] is { } cached && key.SequenceEqual(cached.Key))
        {
            return cached.Cipher;
        }

        if (cache is null || _slot >= cache.Length)
        {
            Array.Resize(ref cache, Math.Max(_slot + 1, Volatile.Read(ref s_entries)));
            t_cached = cache;
        }

        if (cache[_slot] is { } stale)
        {
            stale.Cipher.Dispose();
            CryptographicOperations.ZeroMemory(stale.Key);
        }

        var copy = key.ToArray();
        var cipher = create(copy);
        cache[_slot] = (copy, cipher);
        return cipher;
    }
}
