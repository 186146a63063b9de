using System.Security.Cryptography;
using System.Text;
using Org.BouncyCastle.Crypto.Generators;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoHarness.Implementations.Adapters.BouncyCastle;

/// <summary>
/// BouncyCastle's bcrypt: the raw tag from <c>BCrypt.Generate</c> over the key bytes OpenBSD's bcrypt.c uses (the
/// password, NUL-terminated, cut at 72 bytes: built here, so <c>addTerminator</c> is false), first 23 of its 24 bytes as
/// the string keeps them; the string form from <c>OpenBsdBCrypt.Generate</c>.
/// </summary>
public sealed class BouncyCastleBcrypt() : BcryptImplementation(BouncyCastleProvider.Provider)
{
    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        RequireText(password);
        var key = new byte[Math.Min(password.Length + 1, MaxKeyBytes)];
        password[..Math.Min(password.Length, key.Length)].CopyTo(key);
        var output = Org.BouncyCastle.Crypto.Generators.BCrypt.Generate(key, salt.ToArray(), parameters.Cost, addTerminator: false);
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

/// <summary>
/// BouncyCastle's Argon2 (<see cref="Argon2BytesGenerator"/>, added in BouncyCastle.Cryptography 2.x): every variant,
/// any lanes, secret and associated data, called as a user calls it (default constructor, so lanes run one after
/// another on the calling thread). BouncyCastle has no PHC string form, so only the raw hash is measured.
/// </summary>
public abstract class BouncyCastleArgon2(Algorithm algorithm, int type) : RawOnlyArgon2Implementation(algorithm, BouncyCastleProvider.Provider)
{
    protected override string NoStringReason => "BouncyCastle has no Argon2 string (PHC) encoder or verifier";

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        var builder = new Argon2Parameters.Builder(type)
            .WithVersion(Argon2Parameters.Version13)
            .WithIterations(parameters.Passes)
            .WithMemoryAsKB(parameters.MemoryKib)
            .WithParallelism(parameters.Lanes)
            .WithSalt(salt.ToArray());
        var secretCopy = secret.IsEmpty ? null : secret.ToArray();
        if (secretCopy is not null)
        {
            builder.WithSecret(secretCopy);
        }

        if (!associatedData.IsEmpty)
        {
            builder.WithAdditional(associatedData.ToArray());
        }

        var input = password.ToArray();
        var output = new byte[tag.Length];
        try
        {
            var generator = new Argon2BytesGenerator();
            generator.Init(builder.Build());
            generator.GenerateBytes(input, output);
            output.CopyTo(tag);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(input);
            CryptographicOperations.ZeroMemory(output);
            if (secretCopy is not null)
            {
                CryptographicOperations.ZeroMemory(secretCopy);
            }

            builder.Clear();
        }
    }
}

public sealed class BouncyCastleArgon2d() : BouncyCastleArgon2(Algorithms.Argon2d, Argon2Parameters.Argon2d);

public sealed class BouncyCastleArgon2i() : BouncyCastleArgon2(Algorithms.Argon2i, Argon2Parameters.Argon2i);

public sealed class BouncyCastleArgon2id() : BouncyCastleArgon2(Algorithms.Argon2id, Argon2Parameters.Argon2id);

/// <summary>BouncyCastle's password hashes.</summary>
public static class BouncyCastlePasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BouncyCastleArgon2d(),
        new BouncyCastleArgon2i(),
        new BouncyCastleArgon2id(),
        new BouncyCastleBcrypt(),
    ];
}
