using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

/// <summary>
/// libsodium's AES-256-GCM through its precomputation API (<c>beforenm</c>/<c>afternm</c>): the key schedule is kept
/// per thread and redone only when the key changes, as the OS and BouncyCastle adapters do with their keyed objects.
/// It exists only on CPUs with AES-NI and PCLMULQDQ (libsodium documentation, "AES256-GCM"); libsodium has no AES-128-GCM.
/// </summary>
public sealed unsafe class LibsodiumAes256Gcm() : AeadImplementation(Algorithms.Aes256Gcm, LibsodiumProvider.Provider)
{
    [ThreadStatic]
    private static byte[]? t_key;

    [ThreadStatic]
    private static PrecomputedState? t_state;

    public override Support Support
    {
        get
        {
            var loaded = Libsodium.Support;
            return !loaded.IsSupported ? loaded
                : Libsodium.crypto_aead_aes256gcm_is_available() == 1 ? Support.Yes
                : Support.No("libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ, which this CPU lacks");
        }
    }

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        var state = StateFor(key);
        fixed (byte* n = nonce)
        fixed (byte* ad = associatedData)
        fixed (byte* m = plaintext)
        fixed (byte* c = ciphertext)
        fixed (byte* t = tag)
        {
            ulong tagLength;
            _ = NativeCalls.IsShort(plaintext.Length + associatedData.Length)
                ? Libsodium.crypto_aead_aes256gcm_encrypt_detached_afternm_short(c, t, &tagLength, m, (ulong)plaintext.Length, ad, (ulong)associatedData.Length, null, n, state)
                : Libsodium.crypto_aead_aes256gcm_encrypt_detached_afternm(c, t, &tagLength, m, (ulong)plaintext.Length, ad, (ulong)associatedData.Length, null, n, state);
        }
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        var state = StateFor(key);
        fixed (byte* n = nonce)
        fixed (byte* ad = associatedData)
        fixed (byte* m = plaintext)
        fixed (byte* c = ciphertext)
        fixed (byte* t = tag)
        {
            return (NativeCalls.IsShort(ciphertext.Length + associatedData.Length)
                ? Libsodium.crypto_aead_aes256gcm_decrypt_detached_afternm_short(m, null, c, (ulong)ciphertext.Length, t, ad, (ulong)associatedData.Length, n, state)
                : Libsodium.crypto_aead_aes256gcm_decrypt_detached_afternm(m, null, c, (ulong)ciphertext.Length, t, ad, (ulong)associatedData.Length, n, state)) == 0;
        }
    }

    private static byte* StateFor(ReadOnlySpan<byte> key)
    {
        var state = t_state ??= new PrecomputedState(Libsodium.crypto_aead_aes256gcm_statebytes());
        if (t_key is null || !key.SequenceEqual(t_key))
        {
            t_key = key.ToArray();
            fixed (byte* k = key)
            {
                _ = Libsodium.crypto_aead_aes256gcm_beforenm(state.Pointer, k);
            }
        }

        return state.Pointer;
    }

    /// <summary>crypto_aead_aes256gcm_state must be 16-byte aligned; lives as long as its thread.</summary>
    private sealed class PrecomputedState(nuint bytes)
    {
        public byte* Pointer { get; } = (byte*)NativeMemory.AlignedAlloc(bytes, 64);

        ~PrecomputedState()
        {
            NativeMemory.Clear(Pointer, bytes);
            NativeMemory.AlignedFree(Pointer);
        }
    }
}

/// <summary>
/// A libsodium AEAD through its detached calls, which share one signature across constructions (ChaCha20-Poly1305 IETF,
/// XChaCha20-Poly1305 IETF, AEGIS-128L, AEGIS-256), so an adapter is its pair of calls. The key goes in on every call:
/// these constructions have no key schedule to keep. Each call comes in two declarations of the same entry, the
/// <c>Short</c> one without the GC transition for inputs up to 1 KiB (see <see cref="NativeCalls"/>).
/// </summary>
public unsafe class LibsodiumDetachedAead(
    Algorithm algorithm,
    LibsodiumDetachedAead.Calls calls)
    : AeadImplementation(algorithm, LibsodiumProvider.Provider)
{
    public override Support Support => Libsodium.Support;

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        fixed (byte* k = key)
        fixed (byte* n = nonce)
        fixed (byte* ad = associatedData)
        fixed (byte* m = plaintext)
        fixed (byte* c = ciphertext)
        fixed (byte* t = tag)
        {
            ulong tagLength;
            var encrypt = NativeCalls.IsShort(plaintext.Length + associatedData.Length) ? calls.EncryptShort : calls.Encrypt;
            _ = encrypt(c, t, &tagLength, m, (ulong)plaintext.Length, ad, (ulong)associatedData.Length, null, n, k);
        }
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        fixed (byte* k = key)
        fixed (byte* n = nonce)
        fixed (byte* ad = associatedData)
        fixed (byte* m = plaintext)
        fixed (byte* c = ciphertext)
        fixed (byte* t = tag)
        {
            var decrypt = NativeCalls.IsShort(ciphertext.Length + associatedData.Length) ? calls.DecryptShort : calls.Decrypt;
            return decrypt(m, null, c, (ulong)ciphertext.Length, t, ad, (ulong)associatedData.Length, n, k) == 0;
        }
    }

    /// <summary>A construction's detached encrypt and decrypt, each with and without the GC transition.</summary>
    public readonly struct Calls(
        delegate*<byte*, byte*, ulong*, byte*, ulong, byte*, ulong, byte*, byte*, byte*, int> encrypt,
        delegate*<byte*, byte*, ulong*, byte*, ulong, byte*, ulong, byte*, byte*, byte*, int> encryptShort,
        delegate*<byte*, byte*, byte*, ulong, byte*, byte*, ulong, byte*, byte*, int> decrypt,
        delegate*<byte*, byte*, byte*, ulong, byte*, byte*, ulong, byte*, byte*, int> decryptShort)
    {
        public delegate*<byte*, byte*, ulong*, byte*, ulong, byte*, ulong, byte*, byte*, byte*, int> Encrypt { get; } = encrypt;

        public delegate*<byte*, byte*, ulong*, byte*, ulong, byte*, ulong, byte*, byte*, byte*, int> EncryptShort { get; } = encryptShort;

        public delegate*<byte*, byte*, byte*, ulong, byte*, byte*, ulong, byte*, byte*, int> Decrypt { get; } = decrypt;

        public delegate*<byte*, byte*, byte*, ulong, byte*, byte*, ulong, byte*, byte*, int> DecryptShort { get; } = decryptShort;
    }
}

public sealed unsafe class LibsodiumChaCha20Poly1305() : LibsodiumDetachedAead(
    Algorithms.ChaCha20Poly1305,
    new(&Libsodium.crypto_aead_chacha20poly1305_ietf_encrypt_detached, &Libsodium.crypto_aead_chacha20poly1305_ietf_encrypt_detached_short,
        &Libsodium.crypto_aead_chacha20poly1305_ietf_decrypt_detached, &Libsodium.crypto_aead_chacha20poly1305_ietf_decrypt_detached_short));

public sealed unsafe class LibsodiumXChaCha20Poly1305() : LibsodiumDetachedAead(
    Algorithms.XChaCha20Poly1305,
    new(&Libsodium.crypto_aead_xchacha20poly1305_ietf_encrypt_detached, &Libsodium.crypto_aead_xchacha20poly1305_ietf_encrypt_detached_short,
        &Libsodium.crypto_aead_xchacha20poly1305_ietf_decrypt_detached, &Libsodium.crypto_aead_xchacha20poly1305_ietf_decrypt_detached_short));

/// <summary>
/// libsodium's AEGIS (libsodium 1.0.19 and later; a portable path where the CPU has no AES instructions). Its detached
/// calls write 32-byte tags only; the library's own ABYTES is checked against the catalog's tag length.
/// </summary>
public unsafe class LibsodiumAegis(
    Algorithm algorithm,
    string abytesSymbol,
    delegate*<nuint> abytes,
    LibsodiumDetachedAead.Calls calls)
    : LibsodiumDetachedAead(algorithm, calls)
{
    public override Support Support
    {
        get
        {
            var loaded = Libsodium.Support;
            return !loaded.IsSupported ? loaded
                : !Libsodium.Exports(abytesSymbol) ? Support.No($"libsodium {Libsodium.Version} has no {Algorithm.Name} (added in 1.0.19)")
                : abytes() == (nuint)Algorithm.TagBytes ? Support.Yes
                : Support.No($"libsodium's {Algorithm.Name} writes {abytes()}-byte tags, not {Algorithm.TagBytes}");
        }
    }
}

public sealed unsafe class LibsodiumAegis128L() : LibsodiumAegis(
    Algorithms.Aegis128L, "crypto_aead_aegis128l_abytes", &Libsodium.crypto_aead_aegis128l_abytes,
    new(&Libsodium.crypto_aead_aegis128l_encrypt_detached, &Libsodium.crypto_aead_aegis128l_encrypt_detached_short,
        &Libsodium.crypto_aead_aegis128l_decrypt_detached, &Libsodium.crypto_aead_aegis128l_decrypt_detached_short));

public sealed unsafe class LibsodiumAegis256() : LibsodiumAegis(
    Algorithms.Aegis256, "crypto_aead_aegis256_abytes", &Libsodium.crypto_aead_aegis256_abytes,
    new(&Libsodium.crypto_aead_aegis256_encrypt_detached, &Libsodium.crypto_aead_aegis256_encrypt_detached_short,
        &Libsodium.crypto_aead_aegis256_decrypt_detached, &Libsodium.crypto_aead_aegis256_decrypt_detached_short));

/// <summary>libsodium's AEADs.</summary>
public static class LibsodiumAeads
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new LibsodiumAes256Gcm(),
        new LibsodiumChaCha20Poly1305(),
        new LibsodiumXChaCha20Poly1305(),
        new LibsodiumAegis128L(),
        new LibsodiumAegis256(),
    ];
}
