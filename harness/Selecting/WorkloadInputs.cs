namespace CryptoHarness.Selecting;

/// <summary>
/// Inputs every provider gets, the same for the gate that checks them, the benchmarks that time them and the leak
/// check; here so the gate and the leak check need not name the benchmarks.
/// </summary>
public static class WorkloadInputs
{
    /// <summary>Associated data passed to every AEAD operation, as in common protocol headers.</summary>
    public const int AssociatedDataBytes = 16;

    /// <summary>The one-shot payload of <paramref name="size"/> bytes: random bytes seeded by the size, the same in every process.</summary>
    public static byte[] Payload(int size) => Filled(size, seed: size);

    /// <summary>The key every MAC and AEAD case uses, of the algorithm's length.</summary>
    public static byte[] Key(int keyBytes) => Filled(keyBytes, seed: 1);

    /// <summary>An AEAD's first nonce; encryption then writes a counter into its first 8 bytes, a new nonce per call.</summary>
    public static byte[] Nonce(int nonceBytes) => Filled(nonceBytes, seed: 2);

    /// <summary>The associated data of every AEAD case.</summary>
    public static byte[] AssociatedData() => Filled(AssociatedDataBytes, seed: 3);

    /// <summary>
    /// Seeded random bytes. The paired comparison builds the base's workloads from these too, so both builds of a pull
    /// request hash the very bytes a run of either would.
    /// </summary>
    public static byte[] Filled(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}

/// <summary>
/// The password scenario's inputs, the same for every provider: a 28-byte password, a 16-byte salt (the size every
/// provider takes), no secret or associated data.
/// </summary>
public static class PasswordInputs
{
    public const int SaltBytes = 16;

    public static byte[] Password { get; } = "correct horse battery staple"u8.ToArray();

    public static byte[] WrongPassword { get; } = "correct horse battery stapler"u8.ToArray();

    public static byte[] Salt { get; } = BenchmarkSalt();

    /// <summary>
    /// The inputs of <paramref name="operation"/>, for the providers' <see cref="IPasswordHashImplementation.SupportFor"/>.
    /// Verifying uses the provider's own string, so it needs what encoding needs.
    /// </summary>
    public static PasswordHashInputs InputsOf(string operation) =>
        new(SaltBytes, 0, 0, operation == PasswordOperationNames.HashTag ? PasswordHashUse.Hash : PasswordHashUse.Encode);

    private static byte[] BenchmarkSalt()
    {
        var salt = new byte[SaltBytes];
        new Random(SaltBytes).NextBytes(salt);
        return salt;
    }
}
