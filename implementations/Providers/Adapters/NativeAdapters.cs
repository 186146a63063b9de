using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Native;

namespace CryptoHarness.Implementations;

// Native providers: libsodium (C) and the Rust blake3 and tiny-keccak crates. Spans are pinned with `fixed`; nothing is copied.
// libsodium's hash functions have no failure mode and return 0 always (libsodium documentation, "Hashing").
// One-shot calls on inputs up to 1 KiB take the declarations without the GC transition (NativeCalls says why).

public sealed unsafe class LibsodiumSha256() : HashImplementation(Algorithms.Sha256, Providers.Libsodium), IStreamingHashImplementation
{
    public override Support Support => Libsodium.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = NativeCalls.IsShort(source.Length)
                ? Libsodium.crypto_hash_sha256_short(output, input, (ulong)source.Length)
                : Libsodium.crypto_hash_sha256(output, input, (ulong)source.Length);
        }
    }

    public IIncrementalHash CreateIncremental() => new Incremental();

    private sealed class Incremental() : LibsodiumIncremental(Libsodium.crypto_hash_sha256_statebytes())
    {
        protected override int Init(byte* state) => Libsodium.crypto_hash_sha256_init(state);

        protected override int Update(byte* state, byte* input, ulong length) => Libsodium.crypto_hash_sha256_update(state, input, length);

        protected override int Final(byte* state, byte* output) => Libsodium.crypto_hash_sha256_final(state, output);
    }
}

public sealed unsafe class LibsodiumSha512() : HashImplementation(Algorithms.Sha512, Providers.Libsodium), IStreamingHashImplementation
{
    public override Support Support => Libsodium.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = NativeCalls.IsShort(source.Length)
                ? Libsodium.crypto_hash_sha512_short(output, input, (ulong)source.Length)
                : Libsodium.crypto_hash_sha512(output, input, (ulong)source.Length);
        }
    }

    public IIncrementalHash CreateIncremental() => new Incremental();

    private sealed class Incremental() : LibsodiumIncremental(Libsodium.crypto_hash_sha512_statebytes())
    {
        protected override int Init(byte* state) => Libsodium.crypto_hash_sha512_init(state);

        protected override int Update(byte* state, byte* input, ulong length) => Libsodium.crypto_hash_sha512_update(state, input, length);

        protected override int Final(byte* state, byte* output) => Libsodium.crypto_hash_sha512_final(state, output);
    }
}

/// <summary>libsodium's generic hash is unkeyed BLAKE2b with the output length asked for.</summary>
public abstract unsafe class LibsodiumBlake2b(Algorithm algorithm) : HashImplementation(algorithm, Providers.Libsodium), IStreamingHashImplementation
{
    public override Support Support => Libsodium.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = NativeCalls.IsShort(source.Length)
                ? Libsodium.crypto_generichash_short(output, (nuint)destination.Length, input, (ulong)source.Length, null, 0)
                : Libsodium.crypto_generichash(output, (nuint)destination.Length, input, (ulong)source.Length, null, 0);
        }
    }

    public IIncrementalHash CreateIncremental() => new Incremental(OutputBytes);

    private sealed class Incremental(int outputBytes) : LibsodiumIncremental(Libsodium.crypto_generichash_statebytes())
    {
        protected override int Init(byte* state) => Libsodium.crypto_generichash_init(state, null, 0, (nuint)outputBytes);

        protected override int Update(byte* state, byte* input, ulong length) => Libsodium.crypto_generichash_update(state, input, length);

        protected override int Final(byte* state, byte* output) => Libsodium.crypto_generichash_final(state, output, (nuint)outputBytes);
    }
}

public sealed class LibsodiumBlake2b256() : LibsodiumBlake2b(Algorithms.Blake2b256);

public sealed class LibsodiumBlake2b512() : LibsodiumBlake2b(Algorithms.Blake2b512);

/// <summary>
/// A libsodium init/update/final state in native memory, aligned as its headers require (64 bytes covers them all),
/// wiped and freed on dispose. The return values are ignored: these calls have no failure mode.
/// </summary>
internal abstract unsafe class LibsodiumIncremental : IIncrementalHash
{
    private readonly nuint _stateBytes;
    private byte* _state;
    private bool _initialized;

    protected LibsodiumIncremental(nuint stateBytes)
    {
        _stateBytes = stateBytes;
        _state = (byte*)NativeMemory.AlignedAlloc(stateBytes, 64);
    }

    protected abstract int Init(byte* state);

    protected abstract int Update(byte* state, byte* input, ulong length);

    protected abstract int Final(byte* state, byte* output);

    public void Append(ReadOnlySpan<byte> source)
    {
        EnsureInitialized();
        fixed (byte* input = source)
        {
            _ = Update(_state, input, (ulong)source.Length);
        }
    }

    public void Finish(Span<byte> destination)
    {
        EnsureInitialized();
        fixed (byte* output = destination)
        {
            _ = Final(_state, output);
        }

        _initialized = false;
    }

    public void Dispose()
    {
        if (_state is not null)
        {
            NativeMemory.Clear(_state, _stateBytes);
            NativeMemory.AlignedFree(_state);
            _state = null;
        }
    }

    private void EnsureInitialized()
    {
        ObjectDisposedException.ThrowIf(_state is null, this);
        if (!_initialized)
        {
            _ = Init(_state);
            _initialized = true;
        }
    }
}

/// <summary>
/// The Rust crate's one-shot <c>blake3::hash</c> (single-threaded, its SIMD dispatch), called as Blake3.NET calls it:
/// without the GC transition up to 1 KiB, with it beyond (see <see cref="NativeCalls"/>).
/// </summary>
public sealed unsafe class Blake3NativeHash() : HashImplementation(Algorithms.Blake3, Providers.Blake3Native), IStreamingHashImplementation
{
    public IIncrementalHash CreateIncremental() => new Incremental(OutputBytes);

    /// <summary>The crate's Hasher, owned by Rust; freed on dispose.</summary>
    private sealed class Incremental(int outputBytes) : IIncrementalHash
    {
        private IntPtr _hasher = Blake3Shim.harness_blake3_hasher_new();

        public void Append(ReadOnlySpan<byte> source)
        {
            ObjectDisposedException.ThrowIf(_hasher == IntPtr.Zero, this);
            fixed (byte* input = source)
            {
                Blake3Shim.harness_blake3_hasher_update(_hasher, input, (nuint)source.Length);
            }
        }

        public void Finish(Span<byte> destination)
        {
            ObjectDisposedException.ThrowIf(_hasher == IntPtr.Zero, this);
            fixed (byte* output = destination)
            {
                Blake3Shim.harness_blake3_hasher_finalize_reset(_hasher, output, (nuint)outputBytes);
            }
        }

        public void Dispose()
        {
            Blake3Shim.harness_blake3_hasher_free(_hasher);
            _hasher = IntPtr.Zero;
        }
    }

    public override Support Support => Blake3Shim.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            if (NativeCalls.IsShort(source.Length))
            {
                Blake3Shim.harness_blake3_hash_short(input, (nuint)source.Length, output, (nuint)destination.Length);
            }
            else
            {
                Blake3Shim.harness_blake3_hash(input, (nuint)source.Length, output, (nuint)destination.Length);
            }
        }
    }
}

/// <summary>
/// libsodium's AES-256-GCM through its precomputation API (<c>beforenm</c>/<c>afternm</c>): the key schedule is kept
/// per thread and redone only when the key changes, as the OS and BouncyCastle adapters do with their keyed objects.
/// It exists only on CPUs with AES-NI and PCLMULQDQ (libsodium documentation, "AES256-GCM"); libsodium has no AES-128-GCM.
/// </summary>
public sealed unsafe class LibsodiumAes256Gcm() : AeadImplementation(Algorithms.Aes256Gcm, Providers.Libsodium)
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
    : AeadImplementation(algorithm, Providers.Libsodium)
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

/// <summary>libsodium's generic hash with a key: keyed BLAKE2b (RFC 7693), 64-byte output.</summary>
public sealed unsafe class LibsodiumBlake2b512Mac() : MacImplementation(Algorithms.Blake2b512Mac, Providers.Libsodium)
{
    public override Support Support => Libsodium.Support;

    public override Support SupportForKey(int keyBytes) => Blake2bMacKeys.SupportFor(keyBytes);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* k = key)
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = NativeCalls.IsShort(source.Length)
                ? Libsodium.crypto_generichash_short(output, (nuint)destination.Length, input, (ulong)source.Length, k, (nuint)key.Length)
                : Libsodium.crypto_generichash(output, (nuint)destination.Length, input, (ulong)source.Length, k, (nuint)key.Length);
        }
    }

    /// <summary>
    /// The generic hash has no verify call of its own; libsodium's way to compare a 64-byte tag is <c>crypto_verify_64</c>
    /// (constant time), which is what a libsodium user calls after recomputing it.
    /// </summary>
    protected override bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
    {
        Span<byte> computed = stackalloc byte[Libsodium.Verify64Bytes];
        MacCore(key, customization, source, computed);
        bool equal;
        fixed (byte* expected = computed)
        fixed (byte* given = tag)
        {
            equal = Libsodium.crypto_verify_64(expected, given) == 0;
        }

        // The right tag is what a forger lacks: it does not stay behind on the stack.
        System.Security.Cryptography.CryptographicOperations.ZeroMemory(computed);
        return equal;
    }
}

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

/// <summary>
/// KT128 through the Rust tiny-keccak crate's <c>KangarooTwelve</c> (one hasher per call, as the crate's users make
/// it), without the GC transition up to 1 KiB, with it beyond (see <see cref="NativeCalls"/>). The XOF contract's
/// customization string is KangarooTwelve's C.
/// </summary>
public sealed unsafe class TinyKeccakKt128() : XofImplementation(Algorithms.Kt128, Providers.TinyKeccak)
{
    public override Support Support => TinyKeccakShim.Support;

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* custom = customization)
        fixed (byte* output = destination)
        {
            if (NativeCalls.IsShort(source.Length + customization.Length))
            {
                TinyKeccakShim.harness_k12_hash_short(input, (nuint)source.Length, custom, (nuint)customization.Length, output, (nuint)destination.Length);
            }
            else
            {
                TinyKeccakShim.harness_k12_hash(input, (nuint)source.Length, custom, (nuint)customization.Length, output, (nuint)destination.Length);
            }
        }
    }
}
