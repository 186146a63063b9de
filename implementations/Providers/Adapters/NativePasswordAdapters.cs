using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using CryptoHarness.Implementations.Native;

namespace CryptoHarness.Implementations;

// Native password hashes: libsodium's crypto_pwhash (Argon2id, Argon2i), the Argon2 reference library (all three
// variants) and libxcrypt's bcrypt. Spans are pinned with `fixed`; strings cross as NUL-terminated ASCII.

/// <summary>
/// libsodium's Argon2: one lane only (its API has no p; it always runs p=1), a 16-byte salt, a tag of 16 bytes or
/// more, no secret or associated data; Argon2i needs at least three passes. Its string form draws its own random
/// 16-byte salt and writes a 32-byte tag; it verifies any Argon2 string of its variant.
/// </summary>
public abstract unsafe class LibsodiumArgon2(Algorithm algorithm, int alg) : Argon2Implementation(algorithm, Providers.Libsodium)
{
    public override Support Support => Libsodium.Support;

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs)
    {
        if (inputs.Use == PasswordHashUse.Verify)
        {
            // crypto_pwhash_str_verify parses p and t from the string and runs any lane count (seen: p=4 strings
            // from the reference library verify), unlike its hashing calls.
            return Support.Yes;
        }

        if (parameters.Lanes != 1)
        {
            return Support.No($"libsodium runs Argon2 with one lane only (p=1); this set has p={parameters.Lanes}");
        }

        if (alg == Libsodium.PwhashAlgArgon2i13 && parameters.Passes < Libsodium.PwhashArgon2iOpsLimitMin)
        {
            return Support.No($"libsodium refuses Argon2i below t={Libsodium.PwhashArgon2iOpsLimitMin} (crypto_pwhash_argon2i_OPSLIMIT_MIN); this set has t={parameters.Passes}");
        }

        if (inputs.SecretBytes > 0 || inputs.AssociatedDataBytes > 0)
        {
            return Support.No("libsodium's crypto_pwhash takes no secret or associated data");
        }

        if (inputs.Use == PasswordHashUse.Encode)
        {
            return parameters.TagBytes == Libsodium.PwhashStrTagBytes
                ? Support.Yes
                : Support.No($"libsodium's string form always writes a {Libsodium.PwhashStrTagBytes}-byte tag; this set asks for {parameters.TagBytes}");
        }

        return inputs.SaltBytes != Libsodium.PwhashSaltBytes ? Support.No($"libsodium takes a {Libsodium.PwhashSaltBytes}-byte salt, not {inputs.SaltBytes} bytes")
            : parameters.TagBytes < Libsodium.PwhashBytesMin ? Support.No($"libsodium writes tags of {Libsodium.PwhashBytesMin} bytes or more; this set asks for {parameters.TagBytes}")
            : Support.Yes;
    }

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        fixed (byte* output = tag)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        {
            if (Libsodium.crypto_pwhash(output, (ulong)tag.Length, input, (ulong)password.Length, saltBytes,
                (ulong)parameters.Passes, (nuint)(parameters.MemoryKib * 1024L), alg) != 0)
            {
                throw new InvalidOperationException($"{Id}: crypto_pwhash failed at {parameters.Compact()} (libsodium returns -1 when it cannot allocate the memory)");
            }
        }
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        Span<byte> encoded = stackalloc byte[Libsodium.PwhashStrBytes];
        fixed (byte* output = encoded)
        fixed (byte* input = password)
        {
            var opsLimit = (ulong)parameters.Passes;
            var memLimit = (nuint)(parameters.MemoryKib * 1024L);
            var result = alg == Libsodium.PwhashAlgArgon2id13
                ? Libsodium.crypto_pwhash_argon2id_str(output, input, (ulong)password.Length, opsLimit, memLimit)
                : Libsodium.crypto_pwhash_argon2i_str(output, input, (ulong)password.Length, opsLimit, memLimit);
            if (result != 0)
            {
                throw new InvalidOperationException($"{Id}: crypto_pwhash_str failed at {parameters.Compact()}");
            }
        }

        return Encoding.ASCII.GetString(encoded[..encoded.IndexOf((byte)0)]);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        var bytes = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length + 1] : new byte[encoded.Length + 1];
        if (!NulTerminatedAscii.TryWrite(encoded, bytes))
        {
            return false;
        }

        fixed (byte* text = bytes)
        fixed (byte* input = password)
        {
            return Libsodium.crypto_pwhash_str_verify(text, input, (ulong)password.Length) == 0;
        }
    }
}

public sealed class LibsodiumArgon2id() : LibsodiumArgon2(Algorithms.Argon2id, Libsodium.PwhashAlgArgon2id13);

public sealed class LibsodiumArgon2i() : LibsodiumArgon2(Algorithms.Argon2i, Libsodium.PwhashAlgArgon2i13);

/// <summary>
/// The Argon2 reference library: every variant, any lanes (run on as many threads), secret and associated data.
/// A verification error other than a mismatch means the string did not parse or names parameters it refuses.
/// </summary>
public abstract unsafe class Libargon2Argon2(Algorithm algorithm, int type) : Argon2Implementation(algorithm, Providers.Libargon2)
{
    public override Support Support => Libargon2.Support;

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        fixed (byte* output = tag)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        fixed (byte* secretBytes = secret)
        fixed (byte* associated = associatedData)
        {
            var context = new Libargon2.Context
            {
                Out = output,
                OutLength = (uint)tag.Length,
                Password = input,
                PasswordLength = (uint)password.Length,
                Salt = saltBytes,
                SaltLength = (uint)salt.Length,
                Secret = secretBytes,
                SecretLength = (uint)secret.Length,
                AssociatedData = associated,
                AssociatedDataLength = (uint)associatedData.Length,
                TimeCost = (uint)parameters.Passes,
                MemoryCost = (uint)parameters.MemoryKib,
                Lanes = (uint)parameters.Lanes,
                Threads = (uint)parameters.Lanes,
                Version = Libargon2.Version13,
            };
            var result = Libargon2.argon2_ctx(&context, type);
            if (result != Libargon2.Ok)
            {
                throw new InvalidOperationException($"{Id}: argon2_ctx failed at {parameters.Compact()}: {Libargon2.ErrorMessage(result)}");
            }
        }
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        var (t, m, p) = ((uint)parameters.Passes, (uint)parameters.MemoryKib, (uint)parameters.Lanes);
        var length = (int)Libargon2.argon2_encodedlen(t, m, p, (uint)salt.Length, (uint)parameters.TagBytes, type);
        Span<byte> encoded = length <= 512 ? stackalloc byte[length] : new byte[length];
        fixed (byte* output = encoded)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        {
            var result = Libargon2.argon2_hash(t, m, p, input, (nuint)password.Length, saltBytes, (nuint)salt.Length,
                null, (nuint)parameters.TagBytes, output, (nuint)length, type, Libargon2.Version13);
            if (result != Libargon2.Ok)
            {
                throw new InvalidOperationException($"{Id}: argon2_hash failed at {parameters.Compact()}: {Libargon2.ErrorMessage(result)}");
            }
        }

        return Encoding.ASCII.GetString(encoded[..encoded.IndexOf((byte)0)]);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        var bytes = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length + 1] : new byte[encoded.Length + 1];
        if (!NulTerminatedAscii.TryWrite(encoded, bytes))
        {
            throw new FormatException($"{Id}: the encoded string is not NUL-free ASCII.");
        }

        int result;
        fixed (byte* text = bytes)
        fixed (byte* input = password)
        {
            result = Libargon2.argon2_verify(text, input, (nuint)password.Length, type);
        }

        return result switch
        {
            Libargon2.Ok => true,
            Libargon2.VerifyMismatch => false,
            _ => throw new FormatException($"{Id}: argon2_verify refused the string: {Libargon2.ErrorMessage(result)}"),
        };
    }
}

public sealed class Libargon2Argon2d() : Libargon2Argon2(Algorithms.Argon2d, 0);

public sealed class Libargon2Argon2i() : Libargon2Argon2(Algorithms.Argon2i, 1);

public sealed class Libargon2Argon2id() : Libargon2Argon2(Algorithms.Argon2id, 2);

/// <summary>
/// libxcrypt's bcrypt through <c>crypt_rn</c>. The raw tag is read back from the string it returns; a string it
/// cannot parse gives NULL, so its verification says false for malformed and wrong alike. The per-thread
/// <c>crypt_data</c> holds password-derived state, so it is wiped after every call.
/// </summary>
public sealed unsafe class LibxcryptBcrypt() : BcryptImplementation(Providers.Libxcrypt)
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
        password.CopyTo(phrase);
        phrase[^1] = 0;
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

/// <summary>An encoded password-hash string as the NUL-terminated ASCII native verifiers read.</summary>
internal static class NulTerminatedAscii
{
    /// <summary>Strings up to this length are converted on the stack, so verifying allocates nothing.</summary>
    public const int StackLimit = 511;

    /// <summary>
    /// Writes <paramref name="text"/> and a NUL into <paramref name="destination"/> (at least one byte longer than the
    /// text); false if it holds a NUL or a non-ASCII character, which no encoded string does.
    /// </summary>
    public static bool TryWrite(string text, Span<byte> destination)
    {
        if (!Ascii.IsValid(text) || text.Contains('\0', StringComparison.Ordinal))
        {
            return false;
        }

        destination[Encoding.ASCII.GetBytes(text, destination)] = 0;
        return true;
    }
}
