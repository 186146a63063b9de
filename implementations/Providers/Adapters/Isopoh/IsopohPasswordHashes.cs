using System.Security.Cryptography;
using Isopoh.Cryptography.Argon2;
using Isopoh.Cryptography.SecureArray;

namespace CryptoHarness.Implementations.Adapters.Isopoh;

/// <summary>
/// Isopoh.Cryptography.Argon2: every variant, any lanes, secret and associated data. Measured as a user gets it: its
/// default <see cref="SecureArray"/> call, whose buffers try to lock memory (mlock) and fall back without a word when
/// they cannot; the provider's version line says which protection this machine gave (see
/// <see cref="IsopohMemoryProtection"/>). Threads are set to the lane count, as the reference library runs them (the
/// library's own default is one thread). Its encoded string carries no associated data (PHC strings have no field for
/// it), so verifying a hash made with associated data needs the decoded route (<c>Argon2Config</c> with
/// <c>AssociatedData</c>); the harness's string cases use none.
/// </summary>
public abstract class IsopohArgon2(Algorithm algorithm, Argon2Type type) : Argon2Implementation(algorithm, IsopohProvider.Provider)
{
    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        var config = Config(password, salt, parameters);
        config.Secret = secret.IsEmpty ? null : secret.ToArray();
        config.AssociatedData = associatedData.IsEmpty ? null : associatedData.ToArray();
        try
        {
            using var argon2 = new Argon2(config);
            using var hash = argon2.Hash();
            hash.Buffer.CopyTo(tag);
        }
        finally
        {
            Clear(config);
        }
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        var config = Config(password, salt, parameters);
        try
        {
            return Argon2.Hash(config);
        }
        finally
        {
            Clear(config);
        }
    }

    /// <remarks>Isopoh answers false for a string it cannot parse, as the contract allows.</remarks>
    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        var input = password.ToArray();
        try
        {
            return Argon2.Verify(encoded, input, SecureArray.DefaultCall);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(input);
        }
    }

    private Argon2Config Config(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters) => new()
    {
        Type = type,
        Version = Argon2Version.Nineteen,
        TimeCost = parameters.Passes,
        MemoryCost = parameters.MemoryKib,
        Lanes = parameters.Lanes,
        Threads = parameters.Lanes,
        HashLength = parameters.TagBytes,
        Password = password.ToArray(),
        Salt = salt.ToArray(),
    };

    /// <summary>The config's arrays are our copies of the password and secret: wiped, since the library leaves them (ClearPassword is off by default).</summary>
    private static void Clear(Argon2Config config)
    {
        CryptographicOperations.ZeroMemory(config.Password);
        CryptographicOperations.ZeroMemory(config.Secret);
    }
}

public sealed class IsopohArgon2d() : IsopohArgon2(Algorithms.Argon2d, Argon2Type.DataDependentAddressing);

public sealed class IsopohArgon2i() : IsopohArgon2(Algorithms.Argon2i, Argon2Type.DataIndependentAddressing);

public sealed class IsopohArgon2id() : IsopohArgon2(Algorithms.Argon2id, Argon2Type.HybridAddressing);

/// <summary>Isopoh's Argon2.</summary>
public static class IsopohPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new IsopohArgon2d(),
        new IsopohArgon2i(),
        new IsopohArgon2id(),
    ];
}
