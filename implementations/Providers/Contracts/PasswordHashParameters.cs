using System.Globalization;

namespace CryptoHarness.Implementations;

/// <summary>
/// The cost of one password hash, exactly as run: Argon2's memory (KiB), passes and lanes and the tag length, or
/// bcrypt's cost. Every table that shows a password-hash time prints these in full (<see cref="Describe"/>), so a
/// label can never say one thing while another was measured.
/// </summary>
public sealed record PasswordHashParameters
{
    /// <summary>bcrypt's output as its string encodes it: 184 bits (OpenBSD bcrypt.c keeps 23 of the 24 bytes).</summary>
    public const int BcryptTagBytes = 23;

    private PasswordHashParameters(int memoryKib, int passes, int lanes, int tagBytes, int cost)
    {
        MemoryKib = memoryKib;
        Passes = passes;
        Lanes = lanes;
        TagBytes = tagBytes;
        Cost = cost;
    }

    /// <summary>Argon2 parameters. Range checks are the implementations' (RFC 9106 section 3.1), so bad values reach them and are refused there.</summary>
    public static PasswordHashParameters Argon2(int memoryKib, int passes, int lanes, int tagBytes = 32) =>
        new(memoryKib, passes, lanes, tagBytes, 0);

    /// <summary>bcrypt at a cost of 2^<paramref name="cost"/> key-expansion rounds (4..31).</summary>
    public static PasswordHashParameters Bcrypt(int cost) => new(0, 0, 0, BcryptTagBytes, cost);

    /// <summary>Argon2 m, in KiB (1 KiB blocks).</summary>
    public int MemoryKib { get; }

    /// <summary>Argon2 t.</summary>
    public int Passes { get; }

    /// <summary>Argon2 p.</summary>
    public int Lanes { get; }

    public int TagBytes { get; }

    /// <summary>bcrypt's log2 rounds; 0 for Argon2.</summary>
    public int Cost { get; }

    public bool IsBcrypt => Cost > 0;

    /// <summary>The parameters in full, for table headings: <c>m=19456 KiB (19 MiB), t=2, p=1, 32-byte tag</c>.</summary>
    public string Describe() => IsBcrypt
        ? string.Create(CultureInfo.InvariantCulture, $"cost {Cost} (2^{Cost} = {1L << Cost:N0} rounds), {TagBytes}-byte tag")
        : string.Create(CultureInfo.InvariantCulture, $"m={MemoryKib} KiB ({MemoryInWords()}), t={Passes}, p={Lanes}, {TagBytes}-byte tag");

    /// <summary>The compact form a user types and a record carries: <c>m=19456,t=2,p=1,len=32</c> or <c>cost=10</c>.</summary>
    public string Compact() => IsBcrypt
        ? string.Create(CultureInfo.InvariantCulture, $"cost={Cost}")
        : string.Create(CultureInfo.InvariantCulture, $"m={MemoryKib},t={Passes},p={Lanes},len={TagBytes}");

    public override string ToString() => Compact();

    /// <summary>What the process may use (the machine's memory, or a container's limit); read once, as reading it allocates.</summary>
    private static readonly Lazy<long> AvailableMemoryBytes = new(() => GC.GetGCMemoryInfo().TotalAvailableMemoryBytes);

    /// <summary>Argon2 p ≤ 2^24 − 1 (RFC 9106 section 3.1).</summary>
    public const int MaxLanes = (1 << 24) - 1;

    /// <summary>
    /// What is wrong with these parameters, in one line naming the value and the valid range, or null. Argon2 by RFC
    /// 9106 section 3.1 (m ≥ 8p KiB, t ≥ 1, 1 ≤ p ≤ 2^24 − 1, tag ≥ 4 bytes) plus what this machine can give: a
    /// matrix larger than the memory available to the process is refused before anything is allocated. bcrypt: cost
    /// 4..31 (OpenBSD bcrypt.c).
    /// </summary>
    public string? Problem()
    {
        if (IsBcrypt)
        {
            return Cost is < 4 or > 31 ? string.Create(CultureInfo.InvariantCulture, $"bcrypt cost {Cost} is out of range; valid: 4 to 31.") : null;
        }

        if (Lanes is < 1 or > MaxLanes)
        {
            return string.Create(CultureInfo.InvariantCulture, $"Argon2 lanes p={Lanes} is out of range; valid: 1 to {MaxLanes}.");
        }

        if (Passes < 1)
        {
            return string.Create(CultureInfo.InvariantCulture, $"Argon2 passes t={Passes} is out of range; valid: 1 or more.");
        }

        if ((long)MemoryKib < 8L * Lanes)
        {
            return string.Create(CultureInfo.InvariantCulture, $"Argon2 memory m={MemoryKib} KiB is below 8·p = {8L * Lanes} KiB for p={Lanes}; valid: at least 8 KiB per lane.");
        }

        if (TagBytes < 4)
        {
            return string.Create(CultureInfo.InvariantCulture, $"Argon2 tag length {TagBytes} bytes is too short; valid: 4 bytes or more.");
        }

        var available = AvailableMemoryBytes.Value;
        return MemoryKib * 1024L > available
            ? string.Create(CultureInfo.InvariantCulture, $"Argon2 memory m={MemoryKib} KiB ({MemoryKib / 1048576.0:0.##} GiB) is more than this machine can give ({available / 1073741824.0:0.##} GiB available); valid: m ≤ {available / 1024} KiB.")
            : null;
    }

    private string MemoryInWords() => MemoryKib % 1024 == 0
        ? string.Create(CultureInfo.InvariantCulture, $"{MemoryKib / 1024} MiB")
        : string.Create(CultureInfo.InvariantCulture, $"{MemoryKib / 1024.0:0.##} MiB");
}
