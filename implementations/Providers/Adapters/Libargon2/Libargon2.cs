using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libargon2;

/// <summary>
/// The Argon2 reference implementation (phc-winner-argon2, argon2.h), as the distribution packages it (Debian:
/// libargon2-1). It runs every variant, any number of lanes (on that many threads) and takes a secret and associated
/// data through <c>argon2_ctx</c>. It wipes its memory matrix after use by default (FLAG_clear_internal_memory).
/// </summary>
internal static unsafe partial class Libargon2
{
    internal const string Library = "argon2";

    internal static readonly NativeLibraryLoader Loader = NativeLibraryLoader.FromDistribution(
        Library, "libargon2-1", ["libargon2.so.1", "libargon2.so", "libargon2.1.dylib", "libargon2.dylib", "argon2.dll"]);

    public static Support Support => Loader.Support;

    /// <summary>ARGON2_VERSION_13.</summary>
    internal const uint Version13 = 0x13;

    internal const int Ok = 0;

    /// <summary>ARGON2_VERIFY_MISMATCH: the string parsed and the password is wrong.</summary>
    internal const int VerifyMismatch = -35;

    /// <summary>ARGON2_DECODING_FAIL and ARGON2_DECODING_LENGTH_FAIL: the encoded string is malformed.</summary>
    internal const int DecodingFail = -32;

    internal const int DecodingLengthFail = -34;

    /// <summary>argon2_context, field for field (argon2.h); callbacks null, flags 0 (ARGON2_DEFAULT_FLAGS).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct Context
    {
        public byte* Out;
        public uint OutLength;
        public byte* Password;
        public uint PasswordLength;
        public byte* Salt;
        public uint SaltLength;
        public byte* Secret;
        public uint SecretLength;
        public byte* AssociatedData;
        public uint AssociatedDataLength;
        public uint TimeCost;
        public uint MemoryCost;
        public uint Lanes;
        public uint Threads;
        public uint Version;
        public IntPtr AllocateCallback;
        public IntPtr FreeCallback;
        public uint Flags;
    }

    [LibraryImport(Library)]
    internal static partial int argon2_ctx(Context* context, int type);

    [LibraryImport(Library)]
    internal static partial int argon2_hash(uint timeCost, uint memoryCost, uint parallelism, byte* password, nuint passwordLength, byte* salt, nuint saltLength,
        byte* hash, nuint hashLength, byte* encoded, nuint encodedLength, int type, uint version);

    [LibraryImport(Library)]
    internal static partial int argon2_verify(byte* encoded, byte* password, nuint passwordLength, int type);

    [LibraryImport(Library)]
    internal static partial nuint argon2_encodedlen(uint timeCost, uint memoryCost, uint parallelism, uint saltLength, uint hashLength, int type);

    [LibraryImport(Library)]
    internal static partial IntPtr argon2_error_message(int errorCode);

    public static string ErrorMessage(int code) => Marshal.PtrToStringUTF8(argon2_error_message(code)) ?? $"error {code}";
}
