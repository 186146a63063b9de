using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

/// <summary>
/// A libsodium AEAD through its detached calls, which share one signature across constructions (ChaCha20-Poly1305 IETF,
/// XChaCha20-Poly1305 IETF, AEGIS-128L, AEGIS-256, and AES-256-GCM's <c>…_afternm</c> form), so an adapter is its pair
/// of calls. The key goes in on every call: these constructions have no key schedule to keep. Each call is made
/// without the GC transition for inputs up to 1 KiB (see <see cref="NativeCalls"/>).
/// </summary>
public unsafe class LibsodiumDetachedAead(
    Algorithm algorithm,
    LibsodiumDetachedAead.Calls calls)
    : AeadImplementation(algorithm, LibsodiumProvider.Provider)
{
    public override Support Support => Libsodium.Support;

    /// <summary>What the calls take as their last argument: the key itself, pinned, for these constructions.</summary>
    protected virtual byte* KeyArgument(ReadOnlySpan<byte> key, byte* pinnedKey) => pinnedKey;

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        _ = Run(encrypt: true, key, nonce, associatedData, plaintext, ciphertext, tag);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        Run(encrypt: false, key, nonce, associatedData, ciphertext, plaintext, tag) == 0;

    /// <summary>
    /// One message through the detached encrypt (which writes <paramref name="tag"/>) or decrypt (which reads it and
    /// returns 0 when it verifies); inlined into each caller with <paramref name="encrypt"/> a constant.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Run(
        bool encrypt, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output, ReadOnlySpan<byte> tag)
    {
        fixed (byte* k = key)
        fixed (byte* n = nonce)
        fixed (byte* ad = associatedData)
        fixed (byte* i = input)
        fixed (byte* o = output)
        fixed (byte* t = tag)
        {
            var isShort = NativeCalls.IsShort(input.Length + associatedData.Length);
            var keyArgument = KeyArgument(key, k);
            if (encrypt)
            {
                ulong tagLength;
                return calls.Encrypt.Call(isShort, o, t, &tagLength, i, (ulong)input.Length, ad, (ulong)associatedData.Length, null, n, keyArgument);
            }

            return calls.Decrypt.Call(isShort, o, null, i, (ulong)input.Length, t, ad, (ulong)associatedData.Length, n, keyArgument);
        }
    }

    /// <summary>A construction's detached encrypt and decrypt.</summary>
    public readonly struct Calls
    {
        internal Calls(Libsodium.AeadEncrypt encrypt, Libsodium.AeadDecrypt decrypt)
        {
            Encrypt = encrypt;
            Decrypt = decrypt;
        }

        internal Libsodium.AeadEncrypt Encrypt { get; }

        internal Libsodium.AeadDecrypt Decrypt { get; }
    }
}

/// <summary>
/// libsodium's AES-256-GCM through its precomputation API (<c>beforenm</c>/<c>afternm</c>): the key schedule is kept
/// per thread and redone only when the key changes, as the OS and BouncyCastle adapters do with their keyed objects,
/// and the calls take it where the other constructions take the key. It exists only on CPUs with AES-NI and PCLMULQDQ
/// (libsodium documentation, "AES256-GCM"); libsodium has no AES-128-GCM.
/// </summary>
public sealed unsafe class LibsodiumAes256Gcm() : LibsodiumDetachedAead(
    Algorithms.Aes256Gcm,
    new(Libsodium.crypto_aead_aes256gcm_encrypt_detached_afternm, Libsodium.crypto_aead_aes256gcm_decrypt_detached_afternm))
{
    [ThreadStatic]
    private static byte[]? t_key;

    [ThreadStatic]
    private static PrecomputedState? t_state;

    public override Support Support => Libsodium.Support.Then(static () => Support.WhenCpuHas(
        Libsodium.crypto_aead_aes256gcm_is_available() == 1, "libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ, which this CPU lacks"));

    protected override byte* KeyArgument(ReadOnlySpan<byte> key, byte* pinnedKey)
    {
        var state = t_state ??= new PrecomputedState(Libsodium.crypto_aead_aes256gcm_statebytes());
        if (t_key is null || !key.SequenceEqual(t_key))
        {
            t_key = key.ToArray();
            _ = Libsodium.crypto_aead_aes256gcm_beforenm(state.Pointer, pinnedKey);
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

public sealed unsafe class LibsodiumChaCha20Poly1305() : LibsodiumDetachedAead(
    Algorithms.ChaCha20Poly1305,
    new(Libsodium.crypto_aead_chacha20poly1305_ietf_encrypt_detached, Libsodium.crypto_aead_chacha20poly1305_ietf_decrypt_detached));

public sealed unsafe class LibsodiumXChaCha20Poly1305() : LibsodiumDetachedAead(
    Algorithms.XChaCha20Poly1305,
    new(Libsodium.crypto_aead_xchacha20poly1305_ietf_encrypt_detached, Libsodium.crypto_aead_xchacha20poly1305_ietf_decrypt_detached));

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
    public override Support Support => Libsodium.Support.Then(() =>
        !Libsodium.Loader.Exports(abytesSymbol) ? Support.No($"libsodium {Libsodium.Version} has no {Algorithm.Name} (added in 1.0.19)")
        : abytes() == (nuint)Algorithm.TagBytes ? Support.Yes
        : Support.No($"libsodium's {Algorithm.Name} writes {abytes()}-byte tags, not {Algorithm.TagBytes}"));
}

public sealed unsafe class LibsodiumAegis128L() : LibsodiumAegis(
    Algorithms.Aegis128L, "crypto_aead_aegis128l_abytes", &Libsodium.crypto_aead_aegis128l_abytes,
    new(Libsodium.crypto_aead_aegis128l_encrypt_detached, Libsodium.crypto_aead_aegis128l_decrypt_detached));

public sealed unsafe class LibsodiumAegis256() : LibsodiumAegis(
    Algorithms.Aegis256, "crypto_aead_aegis256_abytes", &Libsodium.crypto_aead_aegis256_abytes,
    new(Libsodium.crypto_aead_aegis256_encrypt_detached, Libsodium.crypto_aead_aegis256_decrypt_detached));

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
