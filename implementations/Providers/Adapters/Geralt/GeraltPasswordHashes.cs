using Argon2idCalls = Geralt.Argon2id;

namespace CryptoHarness.Implementations.Adapters.Geralt;

/// <summary>
/// Geralt's Argon2id, libsodium's crypto_pwhash underneath: <c>Argon2id.DeriveKey(tag, password, salt, iterations,
/// memorySize)</c> for raw tags, <c>ComputeHash</c> for the PHC string (which draws its own 16-byte salt and writes a
/// 32-byte tag) and <c>VerifyHash</c>. It inherits libsodium's limits (one lane, a 16-byte salt, a tag of 16 bytes or
/// more, no secret or associated data) and takes the memory in bytes as an <see cref="int"/>, so sets above 2 GiB are
/// refused too. It verifies Argon2id strings only, of any lane count; another prefix is its
/// <see cref="FormatException"/>.
/// </summary>
public sealed class GeraltArgon2id() : Argon2Implementation(Algorithms.Argon2id, GeraltProvider.Provider)
{
    /// <summary>The tag libsodium's string form writes (crypto_pwhash_STRBYTES's hash part).</summary>
    public const int StringTagBytes = 32;

    public override Support Support => GeraltLibrary.Support;

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.Use == PasswordHashUse.Verify ? Support.Yes
        : parameters.Lanes != 1 ? Support.No($"Geralt runs Argon2id with one lane only (p=1; libsodium's crypto_pwhash takes no p); this set has p={parameters.Lanes}")
        : parameters.MemoryKib * 1024L > int.MaxValue ? Support.No($"Geralt takes the memory in bytes as an Int32, at most {int.MaxValue}; this set has m={parameters.MemoryKib} KiB")
        : inputs.SecretBytes > 0 || inputs.AssociatedDataBytes > 0 ? Support.No("Geralt's Argon2id takes no secret or associated data")
        : inputs.Use == PasswordHashUse.Encode
            ? parameters.TagBytes == StringTagBytes ? base.SupportCore(parameters, inputs)
            : Support.No($"Geralt's string form always writes a {StringTagBytes}-byte tag; this set asks for {parameters.TagBytes}")
        : inputs.SaltBytes != Argon2idCalls.SaltSize ? Support.No($"Geralt takes a {Argon2idCalls.SaltSize}-byte salt, not {inputs.SaltBytes} bytes")
        : parameters.TagBytes < Argon2idCalls.MinKeySize ? Support.No($"Geralt writes tags of {Argon2idCalls.MinKeySize} bytes or more; this set asks for {parameters.TagBytes}")
        : base.SupportCore(parameters, inputs);

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag) =>
        Argon2idCalls.DeriveKey(tag, password, salt, parameters.Passes, parameters.MemoryKib * 1024);

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        // Geralt fills a fixed-size buffer and pads the string with NULs, as libsodium's crypto_pwhash_str does.
        Span<char> encoded = stackalloc char[Argon2idCalls.HashSize];
        Argon2idCalls.ComputeHash(encoded, password, parameters.Passes, parameters.MemoryKib * 1024);
        var end = encoded.IndexOf('\0');
        return new string(end < 0 ? encoded : encoded[..end]);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        try
        {
            return Argon2idCalls.VerifyHash(encoded, password);
        }
        catch (Exception e) when (e is ArgumentException or FormatException)
        {
            // Geralt checks the string's length (ArgumentException) before its prefix (FormatException); either way
            // the string is malformed, and the message says whose verdict it is.
            throw new FormatException($"{Id}: not an Argon2id string Geralt accepts: {e.Message}", e);
        }
    }
}

/// <summary>Geralt's password hashes.</summary>
public static class GeraltPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new GeraltArgon2id(),
    ];
}
