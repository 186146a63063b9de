using System.Runtime.CompilerServices;
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
/// Each one-shot hash, MAC and AEAD entry is a field of its signature's struct (<see cref="Sha2Entries"/>,
/// <see cref="GenericHash"/>, <see cref="AeadEncrypt"/>, <see cref="AeadDecrypt"/>), called without the GC transition
/// for inputs up to <see cref="NativeCalls.SuppressTransitionMaxBytes"/> and with it beyond (see
/// <see cref="NativeCalls"/>). <c>crypto_verify_64</c> compares 64 bytes and never takes the transition.
/// Initialization, the incremental calls (fed 64 KiB at a time) and password hashing keep it.
/// </remarks>
internal static unsafe partial class Libsodium
{
    internal const string Library = "libsodium";

    // The bare name, not a file name: the runtime adds the platform's prefix and suffix and looks first in the
    // directories deps.json lists for the package's native asset, so a system libsodium never stands in for it.
    internal static readonly NativeLibraryLoader Loader = new(
        Library, "restore the NuGet package libsodium (a reference of CryptoHarness.Providers); its runtimes/<rid>/native has no library for this platform",
        [Library], Initialize);

    public static Support Support => Loader.Support;

    public static string Version => Support.IsSupported
        ? Marshal.PtrToStringUTF8(sodium_version_string()) ?? "unknown"
        : "not loaded";

    // 0: initialised now; 1: already initialised; -1: failure.
    private static Support Initialize() => sodium_init() >= 0 ? Support.Yes : Support.No("sodium_init() failed");

    [LibraryImport(Library)]
    private static partial int sodium_init();

    [LibraryImport(Library)]
    private static partial IntPtr sodium_version_string();

    /// <summary>An exported symbol's address, so a test can tell which file on disk the library was loaded from.</summary>
    internal static IntPtr ExportAddress(string symbol) => NativeLibrary.GetExport(Loader.Handle, symbol);

    internal static readonly Sha2Entries Sha256 = new("crypto_hash_sha256");

    internal static readonly Sha2Entries Sha512 = new("crypto_hash_sha512");

    /// <summary>BLAKE2b (libsodium's generic hash), output 1..64 bytes, key 0..64 bytes.</summary>
    internal static readonly GenericHash crypto_generichash = new(Loader.Export(nameof(crypto_generichash)));

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

    internal static readonly AeadEncrypt crypto_aead_aes256gcm_encrypt_detached_afternm = new(Loader.Export(nameof(crypto_aead_aes256gcm_encrypt_detached_afternm)));

    internal static readonly AeadDecrypt crypto_aead_aes256gcm_decrypt_detached_afternm = new(Loader.Export(nameof(crypto_aead_aes256gcm_decrypt_detached_afternm)));

    internal static readonly AeadEncrypt crypto_aead_chacha20poly1305_ietf_encrypt_detached = new(Loader.Export(nameof(crypto_aead_chacha20poly1305_ietf_encrypt_detached)));

    internal static readonly AeadDecrypt crypto_aead_chacha20poly1305_ietf_decrypt_detached = new(Loader.Export(nameof(crypto_aead_chacha20poly1305_ietf_decrypt_detached)));

    internal static readonly AeadEncrypt crypto_aead_xchacha20poly1305_ietf_encrypt_detached = new(Loader.Export(nameof(crypto_aead_xchacha20poly1305_ietf_encrypt_detached)));

    internal static readonly AeadDecrypt crypto_aead_xchacha20poly1305_ietf_decrypt_detached = new(Loader.Export(nameof(crypto_aead_xchacha20poly1305_ietf_decrypt_detached)));

    // AEGIS (libsodium documentation, "AEGIS-256" and "AEGIS-128L"; crypto_aead_aegis128l.h, crypto_aead_aegis256.h):
    // the detached calls always write a crypto_aead_aegis*_ABYTES = 32-byte tag; there is no 16-byte form.
    internal const int AegisTagBytes = 32;

    [LibraryImport(Library)]
    internal static partial nuint crypto_aead_aegis128l_abytes();

    [LibraryImport(Library)]
    internal static partial nuint crypto_aead_aegis256_abytes();

    internal static readonly AeadEncrypt crypto_aead_aegis128l_encrypt_detached = new(Loader.Export(nameof(crypto_aead_aegis128l_encrypt_detached)));

    internal static readonly AeadDecrypt crypto_aead_aegis128l_decrypt_detached = new(Loader.Export(nameof(crypto_aead_aegis128l_decrypt_detached)));

    internal static readonly AeadEncrypt crypto_aead_aegis256_encrypt_detached = new(Loader.Export(nameof(crypto_aead_aegis256_encrypt_detached)));

    internal static readonly AeadDecrypt crypto_aead_aegis256_decrypt_detached = new(Loader.Export(nameof(crypto_aead_aegis256_decrypt_detached)));

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

    /// <summary>
    /// A SHA-2 of libsodium's (crypto_hash_sha256.h, crypto_hash_sha512.h): the one-shot <c>name</c> and
    /// <c>name_statebytes</c>, <c>name_init</c>, <c>name_update</c>, <c>name_final</c>, the same calls under each name,
    /// so they are resolved from it. The incremental calls (fed 64 KiB at a time) keep the GC transition.
    /// </summary>
    internal readonly struct Sha2Entries(string name)
    {
        public OneShotHash Hash { get; } = new(Loader.Export(name));

        public delegate* unmanaged[Cdecl]<nuint> StateBytes { get; } = (delegate* unmanaged[Cdecl]<nuint>)Loader.Export(name + "_statebytes");

        public delegate* unmanaged[Cdecl]<byte*, int> Init { get; } = (delegate* unmanaged[Cdecl]<byte*, int>)Loader.Export(name + "_init");

        public delegate* unmanaged[Cdecl]<byte*, byte*, ulong, int> Update { get; } =
            (delegate* unmanaged[Cdecl]<byte*, byte*, ulong, int>)Loader.Export(name + "_update");

        public delegate* unmanaged[Cdecl]<byte*, byte*, int> Final { get; } = (delegate* unmanaged[Cdecl]<byte*, byte*, int>)Loader.Export(name + "_final");
    }

    /// <summary>crypto_hash_sha256 and crypto_hash_sha512: (out, in, inlen).</summary>
    internal readonly struct OneShotHash(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(bool isShort, byte* output, byte* input, ulong inputLength) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, byte*, ulong, int>)address)(output, input, inputLength)
            : CallLong(output, input, inputLength);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(byte* output, byte* input, ulong inputLength) =>
            ((delegate* unmanaged[Cdecl]<byte*, byte*, ulong, int>)address)(output, input, inputLength);
    }

    /// <summary>crypto_generichash: (out, outlen, in, inlen, key, keylen).</summary>
    internal readonly struct GenericHash(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(bool isShort, byte* output, nuint outputLength, byte* input, ulong inputLength, byte* key, nuint keyLength) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, byte*, ulong, byte*, nuint, int>)address)(
                output, outputLength, input, inputLength, key, keyLength)
            : CallLong(output, outputLength, input, inputLength, key, keyLength);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(byte* output, nuint outputLength, byte* input, ulong inputLength, byte* key, nuint keyLength) =>
            ((delegate* unmanaged[Cdecl]<byte*, nuint, byte*, ulong, byte*, nuint, int>)address)(output, outputLength, input, inputLength, key, keyLength);
    }

    /// <summary>
    /// The detached encryption every AEAD here shares: (c, mac, maclen_p, m, mlen, ad, adlen, nsec, npub, k), the last
    /// the key, or AES-256-GCM's precomputed state for its <c>…_afternm</c> form.
    /// </summary>
    internal readonly struct AeadEncrypt(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(
            bool isShort, byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength, byte* secretNonce, byte* nonce, byte* key) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, byte*, ulong*, byte*, ulong, byte*, ulong, byte*, byte*, byte*, int>)address)(
                ciphertext, tag, tagLength, plaintext, plaintextLength, associatedData, associatedDataLength, secretNonce, nonce, key)
            : CallLong(ciphertext, tag, tagLength, plaintext, plaintextLength, associatedData, associatedDataLength, secretNonce, nonce, key);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(
            byte* ciphertext, byte* tag, ulong* tagLength, byte* plaintext, ulong plaintextLength, byte* associatedData, ulong associatedDataLength, byte* secretNonce, byte* nonce, byte* key) =>
            ((delegate* unmanaged[Cdecl]<byte*, byte*, ulong*, byte*, ulong, byte*, ulong, byte*, byte*, byte*, int>)address)(
                ciphertext, tag, tagLength, plaintext, plaintextLength, associatedData, associatedDataLength, secretNonce, nonce, key);
    }

    /// <summary>The detached decryption: (m, nsec, c, clen, mac, ad, adlen, npub, k); 0 when the tag verifies.</summary>
    internal readonly struct AeadDecrypt(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(
            bool isShort, byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength, byte* nonce, byte* key) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, byte*, byte*, ulong, byte*, byte*, ulong, byte*, byte*, int>)address)(
                plaintext, secretNonce, ciphertext, ciphertextLength, tag, associatedData, associatedDataLength, nonce, key)
            : CallLong(plaintext, secretNonce, ciphertext, ciphertextLength, tag, associatedData, associatedDataLength, nonce, key);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(
            byte* plaintext, byte* secretNonce, byte* ciphertext, ulong ciphertextLength, byte* tag, byte* associatedData, ulong associatedDataLength, byte* nonce, byte* key) =>
            ((delegate* unmanaged[Cdecl]<byte*, byte*, byte*, ulong, byte*, byte*, ulong, byte*, byte*, int>)address)(
                plaintext, secretNonce, ciphertext, ciphertextLength, tag, associatedData, associatedDataLength, nonce, key);
    }
}
