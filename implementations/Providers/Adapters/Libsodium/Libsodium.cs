using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

/// <summary>
/// libsodium, the native C anchor, from the NuGet package <c>libsodium</c> (pinned in Directory.Packages.props), which
/// ships the library for each runtime under <c>runtimes/&lt;rid&gt;/native</c>; the build records it in the app's
/// deps.json, so the runtime's probing finds it on Linux, Windows and macOS without a system package, and the same file
/// NSec loads. <c>sodium_init</c> must succeed before any other call.
/// </summary>
/// <remarks>
/// Each one-shot hash, MAC and AEAD entry is declared twice: as itself, and as <c>…_short</c> without the GC
/// transition for inputs up to <see cref="NativeCalls.SuppressTransitionMaxBytes"/> (see <see cref="NativeCalls"/>).
/// <c>crypto_verify_64</c> compares 64 bytes and never takes the transition. Initialization, the incremental calls
/// (fed 64 KiB at a time) and password hashing keep it.
/// </remarks>
internal static unsafe partial class Libsodium
{
    internal const string Library = "libsodium";

    // Registered before the first call into the library, wherever that call comes from.
    static Libsodium() => NativeResolver.Register(Library, () => Loader.Handle);

    // The bare name, not a file name: the runtime adds the platform's prefix and suffix and looks first in the
    // directories deps.json lists for the package's native asset, so a system libsodium never stands in for it.
    internal static readonly NativeLibraryLoader Loader = new(
        Library, "restore the NuGet package libsodium (a reference of CryptoHarness.Providers); its runtimes/<rid>/native has no library for this platform",
        Library);

    private static readonly Lazy<Support> Initialized = new(Initialize);

    public static Support Support => Initialized.Value;

    public static string Version => Support.IsSupported
        ? Marshal.PtrToStringUTF8(sodium_version_string()) ?? "unknown"
        : "not loaded";

    private static Support Initialize()
    {
        if (!Loader.IsLoaded)
        {
            return Loader.Support;
        }

        // 0: initialised now; 1: already initialised; -1: failure.
        return sodium_init() >= 0 ? Support.Yes : Support.No("sodium_init() failed");
    }

    [LibraryImport(Library)]
    private static partial int sodium_init();

    [LibraryImport(Library)]
    private static partial IntPtr sodium_version_string();

    /// <summary>An exported symbol's address, so a test can tell which file on disk the library was loaded from.</summary>
    internal static IntPtr ExportAddress(string symbol) => NativeLibrary.GetExport(Loader.Handle, symbol);

    /// <summary>Whether the loaded library has <paramref name="symbol"/> (an older one lacks later additions such as AEGIS).</summary>
    internal static bool Exports(string symbol) => Loader.IsLoaded && NativeLibrary.TryGetExport(Loader.Handle, symbol, out _);

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha256(byte* output, byte* input, ulong inputLength);

    [LibraryImport(Library, EntryPoint = "crypto_hash_sha256")]
    [SuppressGCTransition]
    internal static partial int crypto_hash_sha256_short(byte* output, byte* input, ulong inputLength);

    [LibraryImport(Library)]
    internal static partial nuint crypto_hash_sha256_statebytes();

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha256_init(byte* state);

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha256_update(byte* state, byte* input, ulong inputLength);

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha256_final(byte* state, byte* output);

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha512(byte* output, byte* input, ulong inputLength);

    [LibraryImport(Library, EntryPoint = "crypto_hash_sha512")]
    [SuppressGCTransition]
    internal static partial int crypto_hash_sha512_short(byte* output, byte* input, ulong inputLength);

    [LibraryImport(Library)]
    internal static partial nuint crypto_hash_sha512_statebytes();

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha512_init(byte* state);

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha512_update(byte* state, byte* input, ulong inputLength);

    [LibraryImport(Library)]
    internal static partial int crypto_hash_sha512_final(byte* state, byte* output);

    /// <summary>BLAKE2b (libsodium's generic hash), output 1..64 bytes, key 0..64 bytes.</summary>
    [LibraryImport(Library)]
    internal static partial int crypto_generichash(byte* output, nuint outputLength, byte* input, ulong inputLength, byte* key, nuint keyLength);

    [LibraryImport(Library, EntryPoint = "crypto_generichash")]
    [SuppressGCTransition]
    internal static partial int crypto_generichash_short(byte* output, nuint outputLength, byte* input, ulong inputLength, byte* key, nuint keyLength);

    [LibraryImport(Library)]
    internal static partial nuint crypto_generichash_statebytes();

    [LibraryImport(Library)]
    internal static partial int crypto_generichash_init(byte* state, byte* key, nuint keyLength, nuint outputLength);

    [LibraryImport(Library)]
    internal static partial int crypto_generichash_update(byte* state, byte* input, ulong inputLength);

    [LibraryImport(Library)]
    internal static partial int crypto_generichash_final(byte* state, byte* output, nuint outputLength);

    /// <summary>The length <see cref="crypto_verify_64"/> compares: keyed BLAKE2b's 64-byte tag.</summary>
    internal const int Verify64Bytes = 64;

    /// <summary>0 when the two 64-byte buffers are equal, -1 otherwise, in time independent of their contents.</summary>
    [LibraryImport(Library)]
    [SuppressGCTransition]
    internal static partial int crypto_verify_64(byte* x, byte* y);

    /// <summary>1 when the CPU has AES-NI and PCLMULQDQ; libsodium's AES-GCM exists only then.</summary>
    [LibraryImport(Library)]
    internal static partial int crypto_aead_aes256gcm_is_available();

    [LibraryImport(Library)]
    internal static partial nuint crypto_aead_aes256gcm_statebytes();

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aes256gcm_beforenm(byte* state, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aes256gcm_encrypt_detached_afternm(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* state);

    [LibraryImport(Library, EntryPoint = "crypto_aead_aes256gcm_encrypt_detached_afternm")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_aes256gcm_encrypt_detached_afternm_short(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* state);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aes256gcm_decrypt_detached_afternm(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* state);

    [LibraryImport(Library, EntryPoint = "crypto_aead_aes256gcm_decrypt_detached_afternm")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_aes256gcm_decrypt_detached_afternm_short(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* state);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_chacha20poly1305_ietf_encrypt_detached(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_chacha20poly1305_ietf_encrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_chacha20poly1305_ietf_encrypt_detached_short(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_chacha20poly1305_ietf_decrypt_detached(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_chacha20poly1305_ietf_decrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_chacha20poly1305_ietf_decrypt_detached_short(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_xchacha20poly1305_ietf_encrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_xchacha20poly1305_ietf_encrypt_detached_short(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_xchacha20poly1305_ietf_decrypt_detached(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_xchacha20poly1305_ietf_decrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_xchacha20poly1305_ietf_decrypt_detached_short(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    // AEGIS (libsodium documentation, "AEGIS-256" and "AEGIS-128L"; crypto_aead_aegis128l.h, crypto_aead_aegis256.h):
    // the detached calls always write a crypto_aead_aegis*_ABYTES = 32-byte tag; there is no 16-byte form.
    internal const int AegisTagBytes = 32;

    [LibraryImport(Library)]
    internal static partial nuint crypto_aead_aegis128l_abytes();

    [LibraryImport(Library)]
    internal static partial nuint crypto_aead_aegis256_abytes();

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aegis128l_encrypt_detached(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_aegis128l_encrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_aegis128l_encrypt_detached_short(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aegis128l_decrypt_detached(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_aegis128l_decrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_aegis128l_decrypt_detached_short(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aegis256_encrypt_detached(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_aegis256_encrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_aegis256_encrypt_detached_short(
        byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength,
        byte* secretNonce, byte* nonce, byte* key);

    [LibraryImport(Library)]
    internal static partial int crypto_aead_aegis256_decrypt_detached(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    [LibraryImport(Library, EntryPoint = "crypto_aead_aegis256_decrypt_detached")]
    [SuppressGCTransition]
    internal static partial int crypto_aead_aegis256_decrypt_detached_short(
        byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength,
        byte* nonce, byte* key);

    // Password hashing (libsodium documentation, "Password hashing"; crypto_pwhash.h). libsodium's Argon2 runs one
    // lane (p=1) only; the salt is exactly crypto_pwhash_SALTBYTES; outputs are 16 bytes or more.
    internal const int PwhashAlgArgon2i13 = 1;
    internal const int PwhashAlgArgon2id13 = 2;
    internal const int PwhashSaltBytes = 16;
    internal const int PwhashBytesMin = 16;

    /// <summary>crypto_pwhash_argon2i_OPSLIMIT_MIN: libsodium refuses Argon2i with fewer than three passes.</summary>
    internal const int PwhashArgon2iOpsLimitMin = 3;

    /// <summary>crypto_pwhash_STRBYTES: the encoded string buffer, NUL included.</summary>
    internal const int PwhashStrBytes = 128;

    /// <summary>The tag length crypto_pwhash_str writes (STR_HASHBYTES in libsodium's pwhash_argon2i.c and pwhash_argon2id.c).</summary>
    internal const int PwhashStrTagBytes = 32;

    [LibraryImport(Library)]
    internal static partial int crypto_pwhash(byte* output, ulong outputLength, byte* password, ulong passwordLength, byte* salt, ulong opsLimit, nuint memLimit, int algorithm);

    [LibraryImport(Library)]
    internal static partial int crypto_pwhash_argon2id_str(byte* output, byte* password, ulong passwordLength, ulong opsLimit, nuint memLimit);

    [LibraryImport(Library)]
    internal static partial int crypto_pwhash_argon2i_str(byte* output, byte* password, ulong passwordLength, ulong opsLimit, nuint memLimit);

    /// <summary>Verifies an $argon2id$ or $argon2i$ string: 0 on a match, -1 on a mismatch or a string it cannot parse.</summary>
    [LibraryImport(Library)]
    internal static partial int crypto_pwhash_str_verify(byte* encoded, byte* password, ulong passwordLength);
}
