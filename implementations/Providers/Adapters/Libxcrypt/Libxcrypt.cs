using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libxcrypt;

/// <summary>
/// libxcrypt, the system's password hashing library (Debian: libcrypt1, libcrypt.so.1), which implements bcrypt
/// ($2b$, $2a$, $2y$) in C. <c>crypt_rn</c> is the reentrant form: it writes into a caller-provided
/// <c>struct crypt_data</c> and returns NULL on failure instead of a failure token (crypt(3)).
/// </summary>
internal static unsafe partial class Libxcrypt
{
    internal const string Library = "crypt";

    internal static readonly NativeLibraryLoader Loader = NativeLibraryLoader.FromDistribution(
        Library, "libcrypt1", ["libcrypt.so.1", "libcrypt.so.2", "libcrypt.so"], Check);

    public static Support Support => Loader.Support;

    /// <summary>sizeof(struct crypt_data) in libxcrypt (crypt.h: CRYPT_DATA_INTERNAL_SIZE plus the output fields).</summary>
    internal const int DataBytes = 32768;

    [LibraryImport(Library)]
    internal static partial byte* crypt_rn(byte* phrase, byte* setting, byte* data, int size);

    /// <summary>Older libcrypt (glibc's before libxcrypt) has no bcrypt: check once with a known string.</summary>
    private static Support Check()
    {
        var data = NativeMemory.AllocZeroed(DataBytes);
        try
        {
            fixed (byte* setting = "$2b$04$......................\0"u8)
            fixed (byte* phrase = "\0"u8)
            {
                return crypt_rn(phrase, setting, (byte*)data, DataBytes) is not null
                    ? Support.Yes
                    : Support.No("the system's libcrypt has no bcrypt ($2b$); libxcrypt 4.x has it");
            }
        }
        finally
        {
            NativeMemory.Free(data);
        }
    }
}
