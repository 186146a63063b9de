using System.Text;
using Org.BouncyCastle.Crypto.Generators;

namespace CryptoHarness.Implementations;

/// <summary>
/// BouncyCastle's bcrypt: the raw tag from <c>BCrypt.Generate</c> over the key bytes OpenBSD's bcrypt.c uses (the
/// password, NUL-terminated, cut at 72 bytes), first 23 of its 24 bytes as the string keeps them; the
/// string form from <c>OpenBsdBCrypt.Generate</c>. Portable.BouncyCastle 1.8.10 has no Argon2 (it arrived in
/// BouncyCastle.Cryptography 2.x, which the package source does not serve), so bcrypt is its only password hash here.
/// </summary>
public sealed class BouncyCastleBcrypt() : BcryptImplementation(Providers.BouncyCastle)
{
    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        RequireText(password);
        var key = new byte[Math.Min(password.Length + 1, MaxKeyBytes)];
        password[..Math.Min(password.Length, key.Length)].CopyTo(key);
        var output = BCrypt.Generate(key, salt.ToArray(), parameters.Cost);
        output.AsSpan(0, tag.Length).CopyTo(tag);
        Array.Clear(key);
        Array.Clear(output);
    }

    /// <summary>bcrypt.c keys Blowfish with at most 72 bytes of the NUL-terminated password.</summary>
    private const int MaxKeyBytes = 72;

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        var characters = Characters(password);
        var encoded = OpenBsdBCrypt.Generate(Version, characters, salt.ToArray(), parameters.Cost);
        Array.Clear(characters);
        return encoded;
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        var characters = Characters(password);
        try
        {
            return OpenBsdBCrypt.CheckPassword(encoded, characters);
        }
        catch (Exception e) when (e is ArgumentException or FormatException or IndexOutOfRangeException or NullReferenceException)
        {
            // CheckPassword validates the string with ArgumentException, and a few malformed strings reach its decoder
            // first; either way the string is malformed, which the contract reports as FormatException.
            throw new FormatException($"{Id}: not a bcrypt string BouncyCastle accepts: {e.Message}", e);
        }
        finally
        {
            Array.Clear(characters);
        }
    }

    private static char[] Characters(ReadOnlySpan<byte> password)
    {
        RequireText(password);
        return Encoding.UTF8.GetChars(password.ToArray());
    }
}
