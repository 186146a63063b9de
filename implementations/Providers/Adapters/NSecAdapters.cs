using System.Security.Cryptography;
using NSecAeadAlgorithm = NSec.Cryptography.AeadAlgorithm;
using NSecAlgorithm = NSec.Cryptography.Algorithm;
using NSecHashAlgorithm = NSec.Cryptography.HashAlgorithm;
using NSecKey = NSec.Cryptography.Key;
using NSecKeyBlobFormat = NSec.Cryptography.KeyBlobFormat;
using NSecMacAlgorithm = NSec.Cryptography.MacAlgorithm;

namespace CryptoHarness.Implementations;

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

/// <summary>An NSec hash, one-shot: <c>HashAlgorithm.Hash(data, hash)</c>.</summary>
public abstract class NSecHash(Algorithm algorithm) : HashImplementation(algorithm, Providers.NSec)
{
    public override Support Support => NSecLibrary.Support;

    /// <summary>NSec's algorithm object, read on use: touching it starts libsodium, which <see cref="Support"/> decides first.</summary>
    protected abstract NSecHashAlgorithm Digest { get; }

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => Digest.Hash(source, destination);
}

public sealed class NSecSha256() : NSecHash(Algorithms.Sha256)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Sha256;
}

public sealed class NSecSha512() : NSecHash(Algorithms.Sha512)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Sha512;
}

/// <summary>Unkeyed BLAKE2b-256 (NSec's <c>Blake2b_256</c>).</summary>
public sealed class NSecBlake2b256() : NSecHash(Algorithms.Blake2b256)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Blake2b_256;
}

/// <summary>Unkeyed BLAKE2b-512 (NSec's <c>Blake2b_512</c>).</summary>
public sealed class NSecBlake2b512() : NSecHash(Algorithms.Blake2b512)
{
    protected override NSecHashAlgorithm Digest => NSecHashAlgorithm.Blake2b_512;
}

/// <summary>
/// An NSec MAC: <c>MacAlgorithm.Mac(key, data, mac)</c> (and <c>Verify</c>) under a Key imported for an instance of the key's length.
/// NSec refuses keys outside its stated sizes, so <see cref="SupportForKey"/> lists them and the gate leaves them out.
/// </summary>
public abstract class NSecMac<TSelf>(Algorithm algorithm, int minKeyBytes, int maxKeyBytes) : MacImplementation(algorithm, Providers.NSec), INSecKeyed
    where TSelf : NSecMac<TSelf>
{
    public override Support Support => NSecLibrary.Support;

    public override Support SupportForKey(int keyBytes) =>
        keyBytes >= minKeyBytes && keyBytes <= maxKeyBytes ? Support.Yes
        : Support.No($"NSec imports {Algorithm.Name} keys of {(minKeyBytes == maxKeyBytes ? $"exactly {minKeyBytes}" : $"{minKeyBytes} to {maxKeyBytes}")} bytes; this one is {keyBytes}");

    public abstract NSecAlgorithm KeyAlgorithm(int keyBytes);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var imported = NSecKeys<TSelf>.For(key, this);
        ((NSecMacAlgorithm)imported.Algorithm).Mac(imported, source, destination);
    }

    /// <summary>NSec's own <c>MacAlgorithm.Verify(key, data, mac)</c>, as its users verify.</summary>
    protected override bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
    {
        var imported = NSecKeys<TSelf>.For(key, this);
        return ((NSecMacAlgorithm)imported.Algorithm).Verify(imported, source, tag);
    }
}

/// <summary>HMAC-SHA-256; NSec takes exactly 32-byte keys (its <c>HmacSha256.MinKeySize</c> and <c>MaxKeySize</c>).</summary>
public sealed class NSecHmacSha256()
    : NSecMac<NSecHmacSha256>(Algorithms.HmacSha256, NSec.Cryptography.HmacSha256.MinKeySize, NSec.Cryptography.HmacSha256.MaxKeySize)
{
    public override NSecAlgorithm KeyAlgorithm(int keyBytes) => new NSec.Cryptography.HmacSha256(keyBytes, Algorithm.OutputBytes);
}

/// <summary>HMAC-SHA-512; NSec takes 32- to 64-byte keys.</summary>
public sealed class NSecHmacSha512()
    : NSecMac<NSecHmacSha512>(Algorithms.HmacSha512, NSec.Cryptography.HmacSha512.MinKeySize, NSec.Cryptography.HmacSha512.MaxKeySize)
{
    public override NSecAlgorithm KeyAlgorithm(int keyBytes) => new NSec.Cryptography.HmacSha512(keyBytes, Algorithm.OutputBytes);
}

/// <summary>Keyed BLAKE2b with 64-byte output; NSec takes 16- to 64-byte keys (libsodium's recommended minimum).</summary>
public sealed class NSecBlake2b512Mac()
    : NSecMac<NSecBlake2b512Mac>(Algorithms.Blake2b512Mac, NSec.Cryptography.Blake2bMac.MinKeySize, NSec.Cryptography.Blake2bMac.MaxKeySize)
{
    public override NSecAlgorithm KeyAlgorithm(int keyBytes) => new NSec.Cryptography.Blake2bMac(keyBytes, Algorithm.OutputBytes);
}

/// <summary>
/// An NSec AEAD. NSec writes and reads ciphertext and tag as one buffer (ciphertext ‖ tag), while the contract keeps them
/// apart, so the adapter goes through a per-thread buffer and copies the ciphertext (and, to decrypt, the tag) across:
/// one memory copy of the message per call, what a caller holding the two separately would also pay.
/// </summary>
public abstract class NSecAead<TSelf>(Algorithm algorithm) : AeadImplementation(algorithm, Providers.NSec), INSecKeyed
    where TSelf : NSecAead<TSelf>
{
    [ThreadStatic]
    private static byte[]? t_sealed;

    public override Support Support => NSecLibrary.Support;

    /// <summary>NSec's algorithm object, read on use: touching it starts libsodium, which <see cref="Support"/> decides first.</summary>
    protected abstract NSecAeadAlgorithm Aead { get; }

    public NSecAlgorithm KeyAlgorithm(int keyBytes) => Aead;

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        var sealedBytes = Sealed(plaintext.Length + tag.Length);
        Aead.Encrypt(NSecKeys<TSelf>.For(key, this), nonce, associatedData, plaintext, sealedBytes);
        sealedBytes[..plaintext.Length].CopyTo(ciphertext);
        sealedBytes[plaintext.Length..].CopyTo(tag);
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        var sealedBytes = Sealed(ciphertext.Length + tag.Length);
        ciphertext.CopyTo(sealedBytes);
        tag.CopyTo(sealedBytes[ciphertext.Length..]);
        return Aead.Decrypt(NSecKeys<TSelf>.For(key, this), nonce, associatedData, sealedBytes, plaintext);
    }

    /// <summary>The per-thread ciphertext ‖ tag buffer, grown when a longer message arrives, as exactly <paramref name="length"/> bytes.</summary>
    private static Span<byte> Sealed(int length)
    {
        if (t_sealed is null || t_sealed.Length < length)
        {
            t_sealed = new byte[length];
        }

        return t_sealed.AsSpan(0, length);
    }
}

/// <summary>NSec's AES-256-GCM is libsodium's, which exists only on CPUs with AES-NI and PCLMULQDQ.</summary>
public sealed class NSecAes256Gcm() : NSecAead<NSecAes256Gcm>(Algorithms.Aes256Gcm)
{
    public override Support Support =>
        NSecLibrary.Support is { IsSupported: false } missing ? missing
        : NSec.Cryptography.Aes256Gcm.IsSupported ? Support.Yes
        : Support.No("NSec's AES-256-GCM (libsodium's) needs AES-NI and PCLMULQDQ, which this CPU lacks");

    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.Aes256Gcm;
}

public sealed class NSecChaCha20Poly1305() : NSecAead<NSecChaCha20Poly1305>(Algorithms.ChaCha20Poly1305)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.ChaCha20Poly1305;
}

public sealed class NSecXChaCha20Poly1305() : NSecAead<NSecXChaCha20Poly1305>(Algorithms.XChaCha20Poly1305)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.XChaCha20Poly1305;
}

/// <summary>AEGIS-128L with NSec's only tag length, 32 bytes.</summary>
public sealed class NSecAegis128L() : NSecAead<NSecAegis128L>(Algorithms.Aegis128L)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.Aegis128L;
}

/// <summary>AEGIS-256 with NSec's only tag length, 32 bytes.</summary>
public sealed class NSecAegis256() : NSecAead<NSecAegis256>(Algorithms.Aegis256)
{
    protected override NSecAeadAlgorithm Aead => NSecAeadAlgorithm.Aegis256;
}
