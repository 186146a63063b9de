namespace CryptoHarness.Implementations;

/// <summary>
/// A family of algorithms: what <c>--family</c> selects, what a page groups and what a pull request re-measures. Each is
/// declared once here, and every algorithm names one of these (a test checks that every registered algorithm's family
/// is in <see cref="All"/>), so a family's name is never typed twice.
/// </summary>
public sealed class AlgorithmFamily
{
    private AlgorithmFamily(string name) => Name = name;

    /// <summary>The name reports, filters and results use, e.g. <c>SHA-3</c>.</summary>
    public string Name { get; }

    public static AlgorithmFamily Sha2 { get; } = new("SHA-2");

    public static AlgorithmFamily Sha3 { get; } = new("SHA-3");

    public static AlgorithmFamily Blake2 { get; } = new("BLAKE2");

    public static AlgorithmFamily Blake3 { get; } = new("BLAKE3");

    public static AlgorithmFamily Ascon { get; } = new("Ascon");

    public static AlgorithmFamily Legacy { get; } = new("Legacy");

    public static AlgorithmFamily Regional { get; } = new("Regional");

    public static AlgorithmFamily Mac { get; } = new("MAC");

    public static AlgorithmFamily Aead { get; } = new("AEAD");

    public static AlgorithmFamily Argon2 { get; } = new("Argon2");

    public static AlgorithmFamily Bcrypt { get; } = new("bcrypt");

    /// <summary>
    /// Every family, in the order <c>harness list</c>, the registry's entries and the scripts show them (the order they
    /// had when the registry was one list, kept so pages and listings read as before).
    /// </summary>
    public static IReadOnlyList<AlgorithmFamily> All { get; } = [Sha2, Sha3, Blake2, Blake3, Ascon, Legacy, Regional, Mac, Aead, Argon2, Bcrypt];

    public override string ToString() => Name;
}
