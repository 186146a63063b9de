using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>
/// Our Argon2 (RFC 9106) on one compression-function path. Every path is an entry, so the reports show what each buys
/// and the gate checks each; the path the library picks by default is the primary entry, timed on every operation,
/// the others on the raw hash only. Strings are encoded and verified by <see cref="Argon2Phc"/> on the same path.
/// </summary>
public sealed class ManagedArgon2(Algorithm algorithm, Argon2Type type, InstructionSet path)
    : Argon2Implementation(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
{
    public static IEnumerable<IImplementation> All() =>
        from algorithm in new[] { (Algorithms.Argon2d, Argon2Type.Argon2d), (Algorithms.Argon2i, Argon2Type.Argon2i), (Algorithms.Argon2id, Argon2Type.Argon2id) }
        from path in Enum.GetValues<InstructionSet>()
        select new ManagedArgon2(algorithm.Item1, algorithm.Item2, path);

    public override Support Support => Support.WhenCpuHas(Argon2.IsSupported(path), $"this CPU lacks {Variant}");

    public override bool IsPrimary => path == Argon2.DefaultPath;

    public override IReadOnlyList<Type> CodeTypes => [typeof(Argon2), typeof(Argon2Phc)];

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag) =>
        Argon2.Hash(type, Managed(parameters), password, salt, tag, secret, associatedData, path);

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters) =>
        Argon2Phc.HashToString(type, Managed(parameters), password, salt, parameters.TagBytes, path);

    /// <summary>The PHC identifier this entry's variant writes, e.g. <c>$argon2id$</c>.</summary>
    private readonly string _prefix = $"${type.ToString().ToLowerInvariant()}$";

    /// <summary>
    /// A string of another variant is refused as the reference library refuses it, rather than verified as that
    /// variant: this entry is one algorithm's.
    /// </summary>
    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password) =>
        encoded.StartsWith(_prefix, StringComparison.Ordinal)
            ? Argon2Phc.Verify(encoded, password, path)
            : throw new FormatException($"{Id} verifies {_prefix} strings; this one starts '{encoded[..Math.Min(encoded.Length, 12)]}'.");

    private static Argon2Parameters Managed(PasswordHashParameters parameters) =>
        new((uint)parameters.MemoryKib, (uint)parameters.Passes, parameters.Lanes);
}

/// <summary>
/// Our bcrypt (<see cref="Bcrypt"/>, <c>$2b$</c>), on its only path: the raw tag, the string, and verification of the
/// strings every provider writes.
/// </summary>
public sealed class ManagedBcrypt() : BcryptImplementation(ManagedProvider.Provider, InstructionSets.VariantName(InstructionSet.Scalar))
{
    public static IEnumerable<IImplementation> All() => [new ManagedBcrypt()];

    public override IReadOnlyList<Type> CodeTypes => [typeof(Bcrypt)];

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        RequireText(password);
        Bcrypt.HashData(password, salt, parameters.Cost, tag);
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        RequireText(password);
        return Bcrypt.HashToString(password, salt, parameters.Cost);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        RequireText(password);
        return Bcrypt.Verify(encoded, password);
    }
}
