using System.Text;

namespace CryptoHarness.Implementations.Adapters.BcryptNet;

/// <summary>
/// BCrypt.Net-Next: <c>HashPassword(text, salt string)</c> with a <c>$2b$</c> setting built from the caller's salt (its
/// <c>GenerateSalt(cost, 'b')</c> draws a random one in the same form; plain <c>HashPassword(text)</c> would write
/// <c>$2a$</c>), and <c>Verify(text, hash)</c>. The raw tag is the string's last 31 characters decoded. Passwords are
/// .NET strings here, so they are UTF-8 text, as every bcrypt provider requires.
/// </summary>
public sealed class BcryptNetBcrypt() : BcryptImplementation(BcryptNetProvider.Provider)
{
    /// <summary><c>$2b$NN$</c>: version, two-digit cost, separators.</summary>
    private const int PrefixLength = 7;

    private static readonly int SaltChars = BcryptBase64.EncodedLength(SaltBytes);

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        var encoded = HashToStringCore(password, salt, parameters);
        if (!BcryptBase64.TryDecode(Encoding.ASCII.GetBytes(encoded, PrefixLength + SaltChars, encoded.Length - PrefixLength - SaltChars), tag))
        {
            throw new InvalidOperationException($"{Id}: HashPassword returned a string whose tag does not decode");
        }
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        RequireText(password);
        Span<byte> setting = stackalloc byte[PrefixLength + SaltChars];
        "$2b$"u8.CopyTo(setting);
        setting[4] = (byte)('0' + (parameters.Cost / 10));
        setting[5] = (byte)('0' + (parameters.Cost % 10));
        setting[6] = (byte)'$';
        BcryptBase64.Encode(salt, setting[PrefixLength..]);
        return BCrypt.Net.BCrypt.HashPassword(Encoding.UTF8.GetString(password), Encoding.ASCII.GetString(setting));
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        RequireText(password);
        try
        {
            return BCrypt.Net.BCrypt.Verify(Encoding.UTF8.GetString(password), encoded);
        }
        catch (Exception e) when (e is ArgumentException or BCrypt.Net.SaltParseException or BCrypt.Net.BcryptAuthenticationException)
        {
            // A malformed string surfaces as an index error or the library's own parse exceptions; the contract
            // reports it as FormatException.
            throw new FormatException($"{Id}: not a bcrypt string BCrypt.Net-Next accepts: {e.Message}", e);
        }
    }
}

/// <summary>BCrypt.Net-Next's bcrypt.</summary>
public static class BcryptNetPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BcryptNetBcrypt(),
    ];
}
