using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

/// <summary>
/// Base of every password-hash adapter: checks the parameters' kind, range and tag length and the provider's own
/// limits once, then calls a bare <c>…Core</c>.
/// </summary>
public abstract class PasswordHashImplementation(Algorithm algorithm, Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : Implementation(algorithm, provider, variant, adapterFile), IPasswordHashImplementation
{
    /// <inheritdoc cref="IPasswordHashImplementation.IsPrimary"/>
    /// <remarks>Virtual here, not only the interface's default: a derived adapter's own member would not replace it.</remarks>
    public virtual bool IsPrimary => true;

    /// <summary>Whether the algorithm is bcrypt (parameters are a cost) rather than Argon2 (memory, passes, lanes).</summary>
    protected abstract bool TakesBcryptCost { get; }

    public Support SupportFor(PasswordHashParameters parameters, PasswordHashInputs inputs)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        if (parameters.IsBcrypt != TakesBcryptCost)
        {
            return Support.No(TakesBcryptCost ? $"{Algorithm.Name} takes a bcrypt cost, not {parameters.Compact()}" : $"{Algorithm.Name} takes Argon2 parameters, not {parameters.Compact()}");
        }

        return parameters.Problem() is { } problem ? Support.No(problem) : SupportCore(parameters, inputs);
    }

    // One call site for every provider: see HashImplementation.cs on why it is compiled without a profile.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Hash(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        Require(parameters, new PasswordHashInputs(salt.Length, secret.Length, associatedData.Length, PasswordHashUse.Hash));
        if (tag.Length != parameters.TagBytes)
        {
            // Not RequireLength: its message argument would be built (and allocated) on every call, not only on failure.
            throw new ArgumentException($"Tag is {tag.Length} bytes; {Id} at {parameters.Compact()} writes {parameters.TagBytes}.", nameof(tag));
        }

        HashCore(password, salt, secret, associatedData, parameters, tag);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public string HashToString(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        Require(parameters, new PasswordHashInputs(salt.Length, 0, 0, PasswordHashUse.Encode));
        return HashToStringCore(password, salt, parameters);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public bool Verify(string encoded, ReadOnlySpan<byte> password)
    {
        ArgumentNullException.ThrowIfNull(encoded);
        return VerifyCore(encoded, password);
    }

    /// <summary>The provider's own limits; the common range checks have passed.</summary>
    protected virtual Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) => Support.Yes;

    protected abstract void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag);

    protected abstract string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters);

    protected abstract bool VerifyCore(string encoded, ReadOnlySpan<byte> password);

    private void Require(PasswordHashParameters parameters, PasswordHashInputs inputs)
    {
        var support = SupportFor(parameters, inputs);
        if (!support.IsSupported)
        {
            throw new ArgumentException($"{Id} cannot hash at {parameters.Compact()} with a {inputs.SaltBytes}-byte salt: {support.Reason}", nameof(parameters));
        }
    }
}

/// <summary>Base of the Argon2 adapters (<see cref="Algorithms.Argon2d"/>, <see cref="Algorithms.Argon2i"/>, <see cref="Algorithms.Argon2id"/>).</summary>
public abstract class Argon2Implementation(Algorithm algorithm, Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : PasswordHashImplementation(algorithm, provider, variant, adapterFile)
{
    /// <summary>RFC 9106 section 3.1: the salt is at least 8 bytes (16 recommended).</summary>
    public const int MinSaltBytes = 8;

    protected sealed override bool TakesBcryptCost => false;

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.SaltBytes < MinSaltBytes && inputs.Use != PasswordHashUse.Verify
            ? Support.No($"a {inputs.SaltBytes}-byte salt is below Argon2's minimum of {MinSaltBytes} bytes (RFC 9106 section 3.1)")
            : Support.Yes;
}

/// <summary>Base of the bcrypt adapters: a 16-byte salt, no secret or associated data, a password of UTF-8 text.</summary>
public abstract class BcryptImplementation(Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : PasswordHashImplementation(Algorithms.Bcrypt, provider, variant, adapterFile)
{
    /// <summary>bcrypt's salt is 128 bits (OpenBSD bcrypt.c, BCRYPT_MAXSALT).</summary>
    public const int SaltBytes = 16;

    /// <summary>The version this harness produces; $2a$ and $2y$ verify too.</summary>
    public const string Version = "2b";

    protected sealed override bool TakesBcryptCost => true;

    /// <summary>
    /// bcrypt hashes a NUL-terminated string (OpenBSD bcrypt.c), so a password is UTF-8 text without NUL; a byte
    /// sequence that is not would be hashed differently by each provider, so it is refused.
    /// </summary>
    protected static void RequireText(ReadOnlySpan<byte> password)
    {
        if (password.Contains((byte)0) || !System.Text.Unicode.Utf8.IsValid(password))
        {
            throw new ArgumentException("A bcrypt password is UTF-8 text without NUL characters.", nameof(password));
        }
    }

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.Use == PasswordHashUse.Verify ? Support.Yes
        : inputs.SaltBytes != SaltBytes ? Support.No($"bcrypt takes a {SaltBytes}-byte salt, not {inputs.SaltBytes} bytes")
        : inputs.SecretBytes > 0 || inputs.AssociatedDataBytes > 0 ? Support.No("bcrypt takes no secret or associated data")
        : Support.Yes;
}

/// <summary>
/// Base of the Argon2 adapters whose library computes raw tags only (BouncyCastle, Konscious): the string uses are
/// refused with the reason, so their tables list the provider instead of leaving a hole, and nothing encodes on their
/// behalf (that would time our encoder, not theirs).
/// </summary>
public abstract class RawOnlyArgon2Implementation(Algorithm algorithm, Provider provider, [CallerFilePath] string adapterFile = "")
    : Argon2Implementation(algorithm, provider, "", adapterFile)
{
    /// <summary>Why the library has no string form, for the tables.</summary>
    protected abstract string NoStringReason { get; }

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.Use == PasswordHashUse.Hash ? base.SupportCore(parameters, inputs) : Support.No(NoStringReason);

    protected sealed override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters) =>
        throw new NotSupportedException($"{Id}: {NoStringReason}.");

    protected sealed override bool VerifyCore(string encoded, ReadOnlySpan<byte> password) =>
        throw new NotSupportedException($"{Id}: {NoStringReason}.");
}
