using System.Security.Cryptography;

namespace CryptoHarness.Implementations.Adapters.Konscious;

/// <summary>
/// Konscious.Security.Cryptography.Argon2: every variant, any lanes (it runs them on as many tasks), secret and
/// associated data. Called as its README shows: a new object per hash, <c>GetBytes(tag length)</c>. It has no string
/// form, so only the raw hash is measured.
/// </summary>
public abstract class KonsciousArgon2(Algorithm algorithm) : RawOnlyArgon2Implementation(algorithm, KonsciousProvider.Provider)
{
    protected override string NoStringReason => "Konscious has no Argon2 string (PHC) encoder or verifier";

    protected abstract global::Konscious.Security.Cryptography.Argon2 Create(byte[] password);

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        var input = password.ToArray();
        var secretCopy = secret.IsEmpty ? null : secret.ToArray();
        byte[]? output = null;
        try
        {
            using var argon2 = Create(input);
            argon2.Salt = salt.ToArray();
            argon2.KnownSecret = secretCopy;
            argon2.AssociatedData = associatedData.IsEmpty ? null : associatedData.ToArray();
            argon2.Iterations = parameters.Passes;
            argon2.MemorySize = parameters.MemoryKib;
            argon2.DegreeOfParallelism = parameters.Lanes;
            output = argon2.GetBytes(tag.Length);
            output.CopyTo(tag);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(input);
            CryptographicOperations.ZeroMemory(secretCopy);
            CryptographicOperations.ZeroMemory(output);
        }
    }
}

public sealed class KonsciousArgon2d() : KonsciousArgon2(Algorithms.Argon2d)
{
    protected override global::Konscious.Security.Cryptography.Argon2 Create(byte[] password) => new global::Konscious.Security.Cryptography.Argon2d(password);
}

public sealed class KonsciousArgon2i() : KonsciousArgon2(Algorithms.Argon2i)
{
    protected override global::Konscious.Security.Cryptography.Argon2 Create(byte[] password) => new global::Konscious.Security.Cryptography.Argon2i(password);
}

public sealed class KonsciousArgon2id() : KonsciousArgon2(Algorithms.Argon2id)
{
    protected override global::Konscious.Security.Cryptography.Argon2 Create(byte[] password) => new global::Konscious.Security.Cryptography.Argon2id(password);
}

/// <summary>Konscious's Argon2.</summary>
public static class KonsciousPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new KonsciousArgon2d(),
        new KonsciousArgon2i(),
        new KonsciousArgon2id(),
    ];
}
