using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Botan;

/// <summary>
/// Botan 2 (C++), through the C API its library exports for other languages (<c>botan/ffi.h</c>), as the distribution
/// packages it (Debian: libbotan-2-19). No shim: every call below is an exported function of the library. The API is
/// object-based: a hash, MAC or cipher is created once by name (<c>botan_hash_init(&amp;h, "SHA-3(256)", 0)</c>), used
/// for many messages, and destroyed; each function returns 0 or a negative <c>BOTAN_FFI_ERROR</c>, and catches every
/// C++ exception before it reaches the caller.
/// </summary>
/// <remarks>
/// The update and final calls of hashes and MACs, a MAC's keying, and the AEAD calls are fields of their signature's
/// struct (<see cref="ObjectInput"/>, <see cref="ObjectOutput"/>, <see cref="CipherUpdate"/>), called without the GC
/// transition for inputs up to <see cref="NativeCalls.SuppressTransitionMaxBytes"/> and with it beyond (see
/// <see cref="NativeCalls"/>): they run for as long as their input takes, never block, and never call back into .NET.
/// Creating objects, keying a cipher and password hashing keep the transition.
/// </remarks>
internal static unsafe partial class LibBotan
{
    internal const string Library = "botan-2";

    internal static readonly NativeLibraryLoader Loader = NativeLibraryLoader.FromDistribution(
        Library, "libbotan-2-19", ["libbotan-2.so.19", "libbotan-2.so", "libbotan-2.19.dylib", "libbotan-2.dylib", "botan.dll"], Check);

    public static Support Support => Loader.Support;

    /// <summary>"Botan 2.19.3" and the distribution's package version where it records one.</summary>
    public static string Version
    {
        get
        {
            if (!Support.IsSupported)
            {
                return "not loaded";
            }

            var package = Loader.PackageVersion;
            var version = $"Botan {botan_version_major()}.{botan_version_minor()}.{botan_version_patch()}";
            return package is null ? version : $"{version} (package {package})";
        }
    }

    /// <summary>
    /// Botan 2.8 added <c>botan_pwdhash</c> and the names of the errors; older Botan 2 lacks them and Botan 3 is
    /// another library (libbotan-3), so the loaded one is checked once.
    /// </summary>
    private static Support Check() => botan_version_major() == 2 && botan_version_minor() >= 8
        ? Support.Yes
        : Support.No($"the loaded Botan is {botan_version_major()}.{botan_version_minor()}; the adapters need Botan 2.8 or later 2.x");

    internal const int Success = 0;

    /// <summary>BOTAN_FFI_INVALID_VERIFIER: a well-formed password hash string that the password does not match.</summary>
    internal const int InvalidVerifier = 1;

    /// <summary>BOTAN_FFI_ERROR_BAD_MAC: the AEAD tag did not verify.</summary>
    internal const int BadMac = -2;

    /// <summary>BOTAN_CIPHER_INIT_FLAG_DECRYPT (the encrypting direction is 0).</summary>
    internal const uint CipherDecrypt = 1;

    /// <summary>BOTAN_CIPHER_UPDATE_FLAG_FINAL: the input is the whole rest of the message.</summary>
    internal const uint UpdateFinal = 1;

    /// <summary>Throws with the library's name for <paramref name="result"/> unless it is <see cref="Success"/>.</summary>
    internal static void Check(int result, string function, string what)
    {
        if (result != Success)
        {
            Fail(result, function, what);
        }
    }

    private static void Fail(int result, string function, string what) =>
        throw new InvalidOperationException($"{function}({what}) failed: {ErrorDescription(result)} ({result})");

    public static string ErrorDescription(int result) => Marshal.PtrToStringUTF8(botan_error_description(result)) ?? "unknown error";

    /// <summary>Writes <paramref name="text"/> (ASCII) and a NUL into <paramref name="destination"/>; the bytes written, NUL included.</summary>
    internal static int NulTerminated(ReadOnlySpan<char> text, Span<byte> destination)
    {
        var length = System.Text.Encoding.ASCII.GetBytes(text, destination);
        destination[length] = 0;
        return length + 1;
    }

    [LibraryImport(Library)]
    private static partial IntPtr botan_error_description(int error);

    [LibraryImport(Library)]
    private static partial uint botan_version_major();

    [LibraryImport(Library)]
    private static partial uint botan_version_minor();

    [LibraryImport(Library)]
    private static partial uint botan_version_patch();

    // Hashes, MACs and ciphers are objects (ffi.h: "Hash functions", "Message Authentication Codes", "Cipher modes"),
    // made and destroyed by the same two calls under each kind's prefix.
    internal static readonly ObjectKind HashObject = new("botan_hash");

    internal static readonly ObjectKind MacObject = new("botan_mac");

    internal static readonly ObjectKind CipherObject = new("botan_cipher");

    // Hashes.
    internal static readonly ObjectInput botan_hash_update = new(Loader.Export(nameof(botan_hash_update)));

    /// <summary>Writes the digest and resets the object for the next message (ffi.h: "The hash object is reset").</summary>
    internal static readonly ObjectOutput botan_hash_final = new(Loader.Export(nameof(botan_hash_final)));

    [LibraryImport(Library)]
    internal static partial int botan_hash_clear(IntPtr hash);

    // MACs.

    internal static readonly ObjectInput botan_mac_set_key = new(Loader.Export(nameof(botan_mac_set_key)));

    internal static readonly ObjectInput botan_mac_update = new(Loader.Export(nameof(botan_mac_update)));

    internal static readonly ObjectOutput botan_mac_final = new(Loader.Export(nameof(botan_mac_final)));

    // Ciphers: an AEAD is keyed once, then per message given its associated data, started with its nonce, and run by
    // one update with the final flag over the whole message.

    [LibraryImport(Library)]
    internal static partial int botan_cipher_set_key(IntPtr cipher, byte* key, nuint keyLength);

    internal static readonly ObjectInput botan_cipher_set_associated_data = new(Loader.Export(nameof(botan_cipher_set_associated_data)));

    internal static readonly ObjectInput botan_cipher_start = new(Loader.Export(nameof(botan_cipher_start)));

    internal static readonly CipherUpdate botan_cipher_update = new(Loader.Export(nameof(botan_cipher_update)));

    // Password hashing (ffi.h, "Password hashing" and "Bcrypt password hashing").

    /// <summary>For Argon2 the parameters are M (KiB), t (passes), p (lanes), in that order (Argon2_Family::from_params).</summary>
    [LibraryImport(Library)]
    internal static partial int botan_pwdhash(
        byte* algorithm, nuint parameter1, nuint parameter2, nuint parameter3, byte* output, nuint outputLength,
        byte* password, nuint passwordLength, byte* salt, nuint saltLength);

    [LibraryImport(Library)]
    internal static partial int botan_rng_init_custom(
        IntPtr* rng, byte* name, void* context,
        delegate* unmanaged[Cdecl]<void*, byte*, nuint, int> get,
        delegate* unmanaged[Cdecl]<void*, byte*, nuint, int> addEntropy,
        delegate* unmanaged[Cdecl]<void*, void> destroy);

    [LibraryImport(Library)]
    internal static partial int botan_rng_destroy(IntPtr rng);

    /// <summary>Writes a NUL-terminated <c>$2a$</c> string of 60 characters; the work factor must be 4..18 (ffi_pkey.cpp).</summary>
    [LibraryImport(Library)]
    internal static partial int botan_bcrypt_generate(byte* output, nuint* outputLength, byte* password, IntPtr rng, nuint workFactor, uint flags);

    /// <summary>0 when the password matches, <see cref="InvalidVerifier"/> when it does not or the string is malformed.</summary>
    [LibraryImport(Library)]
    internal static partial int botan_bcrypt_is_valid(byte* password, byte* hash);

    /// <summary>
    /// A kind of object: <c>prefix_init(&amp;object, name, flags)</c> and <c>prefix_destroy(object)</c>, resolved from the
    /// prefix. Both keep the GC transition: an object is made once per thread and algorithm.
    /// </summary>
    internal readonly struct ObjectKind(string prefix)
    {
        public string InitName { get; } = prefix + "_init";

        public delegate* unmanaged[Cdecl]<IntPtr*, byte*, uint, int> Init { get; } =
            (delegate* unmanaged[Cdecl]<IntPtr*, byte*, uint, int>)Loader.Export(prefix + "_init");

        public delegate* unmanaged[Cdecl]<IntPtr, int> Destroy { get; } = (delegate* unmanaged[Cdecl]<IntPtr, int>)Loader.Export(prefix + "_destroy");
    }

    /// <summary>An object's call with an input: (object, bytes, length): hash and MAC update, MAC key, cipher associated data and nonce.</summary>
    internal readonly struct ObjectInput(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(bool isShort, IntPtr handle, byte* input, nuint length) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<IntPtr, byte*, nuint, int>)address)(handle, input, length)
            : CallLong(handle, input, length);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(IntPtr handle, byte* input, nuint length) =>
            ((delegate* unmanaged[Cdecl]<IntPtr, byte*, nuint, int>)address)(handle, input, length);
    }

    /// <summary>An object's final call: (object, output); hash and MAC final.</summary>
    internal readonly struct ObjectOutput(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(bool isShort, IntPtr handle, byte* output) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<IntPtr, byte*, int>)address)(handle, output)
            : CallLong(handle, output);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(IntPtr handle, byte* output) =>
            ((delegate* unmanaged[Cdecl]<IntPtr, byte*, int>)address)(handle, output);
    }

    /// <summary>botan_cipher_update: (cipher, flags, output, output_size, output_written, input, input_size, input_consumed).</summary>
    internal readonly struct CipherUpdate(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int Call(
            bool isShort, IntPtr cipher, uint flags, byte* output, nuint outputSize, nuint* outputWritten, byte* input, nuint inputSize, nuint* inputConsumed) => isShort
            ? ((delegate* unmanaged[Cdecl, SuppressGCTransition]<IntPtr, uint, byte*, nuint, nuint*, byte*, nuint, nuint*, int>)address)(
                cipher, flags, output, outputSize, outputWritten, input, inputSize, inputConsumed)
            : CallLong(cipher, flags, output, outputSize, outputWritten, input, inputSize, inputConsumed);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private int CallLong(
            IntPtr cipher, uint flags, byte* output, nuint outputSize, nuint* outputWritten, byte* input, nuint inputSize, nuint* inputConsumed) =>
            ((delegate* unmanaged[Cdecl]<IntPtr, uint, byte*, nuint, nuint*, byte*, nuint, nuint*, int>)address)(
                cipher, flags, output, outputSize, outputWritten, input, inputSize, inputConsumed);
    }
}

/// <summary>
/// One Botan object (hash, MAC or cipher) owned by one thread: created by name once, reused for every message, and
/// destroyed when the thread's last reference goes (Botan's objects are not safe to share between threads).
/// </summary>
internal sealed unsafe class BotanObject : IDisposable
{
    private readonly delegate* unmanaged[Cdecl]<IntPtr, int> _destroy;

    private BotanObject(ReadOnlySpan<char> name, uint flags, LibBotan.ObjectKind kind)
    {
        Handle = Create(name, flags, kind);
        _destroy = kind.Destroy;
    }

    public IntPtr Handle { get; private set; }

    /// <summary>The longest name passed to an <c>…_init</c> call, NUL included ("Keccak-1600(512)", "SHAKE-256(nnnnn)").</summary>
    private const int NameBytes = 64;

    public static BotanObject Hash(ReadOnlySpan<char> name) => new(name, 0, LibBotan.HashObject);

    public static BotanObject Mac(ReadOnlySpan<char> name) => new(name, 0, LibBotan.MacObject);

    public static BotanObject Cipher(ReadOnlySpan<char> name, uint direction) => new(name, direction, LibBotan.CipherObject);

    /// <summary>Replaces the object with a new one of <paramref name="name"/> (a SHAKE of another output length).</summary>
    public void ReplaceHash(ReadOnlySpan<char> name)
    {
        var handle = Create(name, 0, LibBotan.HashObject);
        _ = _destroy(Handle);
        Handle = handle;
    }

    private static IntPtr Create(ReadOnlySpan<char> name, uint flags, LibBotan.ObjectKind kind)
    {
        Span<byte> text = stackalloc byte[NameBytes];
        LibBotan.NulTerminated(name, text);
        IntPtr handle;
        fixed (byte* n = text)
        {
            LibBotan.Check(kind.Init(&handle, n, flags), kind.InitName, name.ToString());
        }

        return handle;
    }

    /// <summary>Destroys the object now rather than at finalization.</summary>
    public void Dispose()
    {
        if (Handle != IntPtr.Zero)
        {
            _ = _destroy(Handle);
            Handle = IntPtr.Zero;
        }

        GC.SuppressFinalize(this);
    }

    ~BotanObject()
    {
        if (Handle != IntPtr.Zero)
        {
            _ = _destroy(Handle);
        }
    }
}
