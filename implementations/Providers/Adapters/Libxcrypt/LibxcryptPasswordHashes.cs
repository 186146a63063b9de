using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libxcrypt;

/// <summary>
/// libxcrypt's bcrypt through <c>crypt_rn</c>. The raw tag is read back from the string it returns; a string it
/// cannot parse gives NULL, so its verification says false for malformed and wrong alike. The per-thread
/// <c>crypt_data</c> holds password-derived state, so it is wiped after every call.
/// </summary>
public sealed unsafe class LibxcryptBcrypt() : BcryptImplementation(LibxcryptProvider.Provider)
{
    /// <summary><c>$2b$NN$</c>: version, two-digit cost, separators.</summary>
    private const int PrefixLength = 7;

    private static readonly int SaltChars = BcryptBase64.EncodedLength(SaltBytes);

    /// <summary>A bcrypt string: prefix, 22 salt characters, 31 tag characters.</summary>
    private static readonly int EncodedLength = PrefixLength + SaltChars + BcryptBase64.EncodedLength(PasswordHashParameters.BcryptTagBytes);

    [ThreadStatic]
    private static byte* t_data;

    public override Support Support => Libxcrypt.Support;

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        Span<byte> result = stackalloc byte[EncodedLength];
        Crypt(password, salt, parameters.Cost, result);
        if (!BcryptBase64.TryDecode(result[(PrefixLength + SaltChars)..], tag))
        {
            throw new InvalidOperationException($"{Id}: crypt_rn returned a string whose tag does not decode");
        }

        CryptographicOperations.ZeroMemory(result);
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        Span<byte> result = stackalloc byte[EncodedLength];
        Crypt(password, salt, parameters.Cost, result);
        return Encoding.ASCII.GetString(result);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        RequireText(password);
        var setting = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length + 1] : new byte[encoded.Length + 1];
        if (!NulTerminatedAscii.TryWrite(encoded, setting))
        {
            return false;
        }

        // A matching password reproduces the string; crypt_rn's NULL or a string of another length is not a match.
        var result = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length] : new byte[encoded.Length];
        var length = CryptRn(password, setting, result);
        var matches = length == encoded.Length && CryptographicOperations.FixedTimeEquals(result, setting[..^1]);
        CryptographicOperations.ZeroMemory(result);
        return matches;
    }

    /// <summary>Writes the <see cref="EncodedLength"/>-character string crypt_rn returns for this password, salt and cost.</summary>
    private void Crypt(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int cost, Span<byte> encoded)
    {
        RequireText(password);
        Span<byte> setting = stackalloc byte[PrefixLength + SaltChars + 1];
        setting.Clear();
        "$2b$"u8.CopyTo(setting);
        setting[4] = (byte)('0' + (cost / 10));
        setting[5] = (byte)('0' + (cost % 10));
        setting[6] = (byte)'$';
        BcryptBase64.Encode(salt, setting[PrefixLength..]);
        var length = CryptRn(password, setting, encoded);
        if (length != EncodedLength)
        {
            throw new InvalidOperationException($"{Id}: crypt_rn refused cost {cost} (it returned {(length < 0 ? "NULL" : $"{length} characters")})");
        }
    }

    /// <summary>
    /// crypt_rn over the NUL-terminated <paramref name="setting"/>: the result's length, copied into
    /// <paramref name="result"/> when it fits, or -1 for NULL. The password copy and crypt_data are wiped either way.
    /// </summary>
    private static int CryptRn(ReadOnlySpan<byte> password, ReadOnlySpan<byte> setting, Span<byte> result)
    {
        Span<byte> phrase = stackalloc byte[password.Length + 1];
        NulTerminatedAscii.WritePassword(password, phrase);
        var data = Data();
        try
        {
            fixed (byte* phraseBytes = phrase)
            fixed (byte* settingBytes = setting)
            {
                var output = Libxcrypt.crypt_rn(phraseBytes, settingBytes, data, Libxcrypt.DataBytes);
                if (output is null)
                {
                    return -1;
                }

                var text = MemoryMarshal.CreateReadOnlySpanFromNullTerminated(output);
                if (text.Length <= result.Length)
                {
                    text.CopyTo(result);
                }

                return text.Length;
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(phrase);
            NativeMemory.Clear(data, Libxcrypt.DataBytes);
        }
    }

    private static byte* Data()
    {
        if (t_data is null)
        {
            t_data = (byte*)NativeMemory.AllocZeroed(Libxcrypt.DataBytes);
        }

        return t_data;
    }
}

/// <summary>libxcrypt's bcrypt.</summary>
public static class LibxcryptPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new LibxcryptBcrypt(),
    ];
}
