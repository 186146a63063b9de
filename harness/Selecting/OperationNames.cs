namespace CryptoHarness.Selecting;

/// <summary>
/// The operation names a benchmark case is measured under and a result record carries. The benchmarks write them, the
/// gate and the leak check choose inputs by them, reports and comparisons select records by them; they live here, below
/// all of those, so that none has to name the benchmarks to know them.
/// </summary>
public static class OperationNames
{
    public const string Hash = "hash";
    public const string Mac = "mac";
    public const string Encrypt = "encrypt";
    public const string Decrypt = "decrypt";

    /// <summary>Batch scenario: one call of an implementation's batch API over the whole batch.</summary>
    public const string HashBatch = "hash-batch";

    /// <summary>Batch scenario: one single-message hash call per message of the batch, in a loop.</summary>
    public const string HashLoop = "hash-loop";

    public static string Xof(int outputBytes) => $"xof-{outputBytes}";
}

/// <summary>The password scenario's operations, in the order reports list them.</summary>
public static class PasswordOperationNames
{
    /// <summary>The raw tag.</summary>
    public const string HashTag = "hash";

    /// <summary>Hash and encode: PHC string for Argon2, modular crypt string for bcrypt.</summary>
    public const string HashPhc = "hash-phc";

    /// <summary>Verify the right password against the provider's own string.</summary>
    public const string VerifyRight = "verify";

    /// <summary>Verify a wrong password: the whole hash is still computed, then the comparison fails.</summary>
    public const string VerifyWrong = "verify-wrong";

    public static IReadOnlyList<string> All { get; } = [HashTag, HashPhc, VerifyRight, VerifyWrong];
}
