using System.Runtime.InteropServices;
using System.Text;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// P/Invoke into the reference implementations the Argon2 tests compare against: the Argon2 team's C code as
/// Debian's <c>libargon2.so.1</c> (package libargon2-1), and libsodium 1.0.18's <c>crypto_pwhash</c> family.
/// </summary>
internal static unsafe partial class Argon2Reference
{
    private const string Argon2Library = "libargon2.so.1";
    private const string SodiumLibrary = "libsodium.so.23";

    /// <summary>ARGON2_VERSION_13 of argon2.h.</summary>
    private const uint Version13 = 0x13;

    public static bool SodiumAvailable { get; } = NativeLibrary.TryLoad(SodiumLibrary, out _) && sodium_init() >= 0;

    /// <summary>argon2_ctx with every input, one thread per lane as the reference's own CLI would use.</summary>
    public static byte[] Hash(
        Argon2Type type, uint m, uint t, int p, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt,
        ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData, int tagLength)
    {
        var tag = new byte[tagLength];
        fixed (byte* o = tag)
        fixed (byte* pwd = password)
        fixed (byte* s = salt)
        fixed (byte* k = secret)
        fixed (byte* x = associatedData)
        {
            var context = new Argon2Context
            {
                Out = o, OutLength = (uint)tagLength,
                Password = pwd, PasswordLength = (uint)password.Length,
                Salt = s, SaltLength = (uint)salt.Length,
                Secret = k, SecretLength = (uint)secret.Length,
                AssociatedData = x, AssociatedDataLength = (uint)associatedData.Length,
                TimeCost = t, MemoryCost = m, Lanes = (uint)p, Threads = (uint)p,
                Version = Version13,
            };
            int result = argon2_ctx(&context, (int)type);
            if (result != 0)
            {
                throw new InvalidOperationException($"argon2_ctx failed: {Marshal.PtrToStringUTF8(argon2_error_message(result))}");
            }
        }

        return tag;
    }

    /// <summary>argon2_hash with an encoded buffer: the reference's PHC string.</summary>
    public static string HashEncoded(Argon2Type type, uint m, uint t, int p, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int tagLength)
    {
        nuint length = argon2_encodedlen(t, m, (uint)p, (uint)salt.Length, (uint)tagLength, (int)type);
        var encoded = new byte[(int)length];
        var tag = new byte[tagLength];
        fixed (byte* pwd = password)
        fixed (byte* s = salt)
        fixed (byte* h = tag)
        fixed (byte* e = encoded)
        {
            int result = argon2_hash(t, m, (uint)p, pwd, (nuint)password.Length, s, (nuint)salt.Length, h, (nuint)tagLength, e, length, (int)type, Version13);
            if (result != 0)
            {
                throw new InvalidOperationException($"argon2_hash failed: {Marshal.PtrToStringUTF8(argon2_error_message(result))}");
            }
        }

        return Encoding.ASCII.GetString(encoded, 0, Array.IndexOf(encoded, (byte)0));
    }

    /// <summary>argon2_verify: 0 (ARGON2_OK) when the password matches.</summary>
    public static int Verify(Argon2Type type, string encoded, ReadOnlySpan<byte> password)
    {
        byte[] text = Encoding.ASCII.GetBytes(encoded + "\0");
        fixed (byte* e = text)
        fixed (byte* pwd = password)
        {
            return argon2_verify(e, pwd, (nuint)password.Length, (int)type);
        }
    }

    /// <summary>crypto_pwhash with crypto_pwhash_ALG_ARGON2ID13 (2): p = 1, salt 16 bytes.</summary>
    public static byte[] SodiumHash(uint m, uint t, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int tagLength)
    {
        var tag = new byte[tagLength];
        fixed (byte* o = tag)
        fixed (byte* pwd = password)
        fixed (byte* s = salt)
        {
            if (crypto_pwhash(o, (ulong)tagLength, pwd, (ulong)password.Length, s, t, (nuint)m * 1024, 2) != 0)
            {
                throw new InvalidOperationException("crypto_pwhash failed.");
            }
        }

        return tag;
    }

    /// <summary>crypto_pwhash_str: libsodium's PHC string (Argon2id, 16-byte salt, 32-byte tag).</summary>
    public static string SodiumHashString(uint m, uint t, ReadOnlySpan<byte> password)
    {
        var text = new byte[128];
        fixed (byte* o = text)
        fixed (byte* pwd = password)
        {
            if (crypto_pwhash_str(o, pwd, (ulong)password.Length, t, (nuint)m * 1024) != 0)
            {
                throw new InvalidOperationException("crypto_pwhash_str failed.");
            }
        }

        return Encoding.ASCII.GetString(text, 0, Array.IndexOf(text, (byte)0));
    }

    /// <summary>crypto_pwhash_str_verify: 0 when the password matches.</summary>
    public static int SodiumVerify(string encoded, ReadOnlySpan<byte> password)
    {
        byte[] text = Encoding.ASCII.GetBytes(encoded + "\0");
        fixed (byte* e = text)
        fixed (byte* pwd = password)
        {
            return crypto_pwhash_str_verify(e, pwd, (ulong)password.Length);
        }
    }

    /// <summary>struct Argon2_Context of argon2.h (20171227 and 20190702 alike).</summary>
    [StructLayout(LayoutKind.Sequential)]
    private struct Argon2Context
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
        public nint AllocateCallback;
        public nint FreeCallback;
        public uint Flags;
    }

    [LibraryImport(Argon2Library)]
    private static partial int argon2_ctx(Argon2Context* context, int type);

    [LibraryImport(Argon2Library)]
    private static partial nint argon2_error_message(int errorCode);

    [LibraryImport(Argon2Library)]
    private static partial int argon2_hash(
        uint tCost, uint mCost, uint parallelism, byte* pwd, nuint pwdLength, byte* salt, nuint saltLength,
        byte* hash, nuint hashLength, byte* encoded, nuint encodedLength, int type, uint version);

    [LibraryImport(Argon2Library)]
    private static partial int argon2_verify(byte* encoded, byte* pwd, nuint pwdLength, int type);

    [LibraryImport(Argon2Library)]
    private static partial nuint argon2_encodedlen(uint tCost, uint mCost, uint parallelism, uint saltLength, uint hashLength, int type);

    [LibraryImport(SodiumLibrary)]
    private static partial int sodium_init();

    [LibraryImport(SodiumLibrary)]
    private static partial int crypto_pwhash(
        byte* output, ulong outputLength, byte* password, ulong passwordLength, byte* salt, ulong opsLimit, nuint memLimit, int algorithm);

    [LibraryImport(SodiumLibrary)]
    private static partial int crypto_pwhash_str(byte* output, byte* password, ulong passwordLength, ulong opsLimit, nuint memLimit);

    [LibraryImport(SodiumLibrary)]
    private static partial int crypto_pwhash_str_verify(byte* encoded, byte* password, ulong passwordLength);
}
