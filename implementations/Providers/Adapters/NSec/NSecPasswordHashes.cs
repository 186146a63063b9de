using NSecArgon2Parameters = NSec.Cryptography.Argon2Parameters;
using NSecPasswordAlgorithm = NSec.Cryptography.PasswordBasedKeyDerivationAlgorithm;

namespace CryptoHarness.Implementations.Adapters.NSec;

/// <summary>
/// NSec's Argon2id: <c>PasswordBasedKeyDerivationAlgorithm.Argon2id(parameters).DeriveBytes(password, salt, tag)</c>, over
/// libsodium's crypto_pwhash. It inherits libsodium's limits (one lane, a 16-byte salt, no secret or associated data)
/// and adds one of its own: a tag under 16 bytes is the first bytes of a 16-byte tag (NSec asks libsodium for its
/// minimum and truncates), not Argon2's tag of that length, whose length enters H0 (RFC 9106 section 3.2). NSec has no
/// encoded-string form, so, like the other raw-only providers, it neither writes nor verifies PHC strings. Each limit is
/// a <see cref="PasswordHashImplementation.SupportFor"/> refusal with its reason, so tables list NSec beside the others
/// instead of leaving a hole.
/// </summary>
public sealed class NSecArgon2id() : RawOnlyArgon2Implementation(Algorithms.Argon2id, NSecProvider.Provider)
{
    /// <summary>crypto_pwhash_argon2id_SALTBYTES, NSec's MinSaltSize and MaxSaltSize.</summary>
    public const int SaltBytes = 16;

    /// <summary>crypto_pwhash_argon2id_BYTES_MIN: below it NSec truncates a 16-byte tag.</summary>
    public const int MinTagBytes = 16;

    /// <summary>
    /// The algorithm object of the last parameters on this thread: NSec validates and self-tests in its constructor, which a
    /// caller hashing many passwords at one cost does once.
    /// </summary>
    [ThreadStatic]
    private static (PasswordHashParameters Parameters, NSecPasswordAlgorithm Algorithm)? t_cached;

    public override Support Support => NSecLibrary.Support;

    protected override string NoStringReason => "NSec.Cryptography has no encoded-string (PHC) API: it derives raw bytes only";

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.Use != PasswordHashUse.Hash ? base.SupportCore(parameters, inputs)
        : parameters.Lanes != 1 ? Support.No($"NSec runs Argon2id with one lane only (p=1; libsodium's crypto_pwhash takes no p); this set has p={parameters.Lanes}")
        : inputs.SecretBytes > 0 || inputs.AssociatedDataBytes > 0 ? Support.No("NSec's Argon2id takes no secret or associated data")
        : inputs.SaltBytes != SaltBytes ? Support.No($"NSec takes a {SaltBytes}-byte salt, not {inputs.SaltBytes} bytes")
        : parameters.TagBytes < MinTagBytes ? Support.No($"NSec writes a tag under {MinTagBytes} bytes as the start of a {MinTagBytes}-byte tag, not Argon2's {parameters.TagBytes}-byte tag")
        : base.SupportCore(parameters, inputs);

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag) =>
        AlgorithmFor(parameters).DeriveBytes(password, salt, tag);

    private static NSecPasswordAlgorithm AlgorithmFor(PasswordHashParameters parameters)
    {
        if (t_cached is { } cached && cached.Parameters == parameters)
        {
            return cached.Algorithm;
        }

        var algorithm = NSecPasswordAlgorithm.Argon2id(new NSecArgon2Parameters
        {
            DegreeOfParallelism = parameters.Lanes,
            MemorySize = parameters.MemoryKib,
            NumberOfPasses = parameters.Passes,
        });
        t_cached = (parameters, algorithm);
        return algorithm;
    }
}

/// <summary>NSec's password hashes.</summary>
public static class NSecPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new NSecArgon2id(),
    ];
}
