namespace CryptoHarness.Implementations;

/// <summary>
/// One algorithm as the harness knows it: its family, its name, its sizes and its known answers.
/// Every implementation of the algorithm, from any provider, must reproduce the known answers.
/// </summary>
public sealed class Algorithm
{
    public Algorithm(string family, string name, int outputBytes, int blockBytes, IReadOnlyList<KnownAnswer> knownAnswers)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(family);
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(outputBytes);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(blockBytes);
        Family = family;
        Name = name;
        OutputBytes = outputBytes;
        BlockBytes = blockBytes;
        KnownAnswers = knownAnswers;
        Slug = ToSlug(name);
    }

    /// <summary>The family, e.g. <c>SHA-2</c>.</summary>
    public string Family { get; }

    /// <summary>The algorithm as its standard names it, e.g. <c>SHA-256</c>.</summary>
    public string Name { get; }

    /// <summary>File-name form of <see cref="Name"/>, used for report files and ids (<c>sha256</c>, <c>sha512-256</c>).</summary>
    public string Slug { get; }

    public int OutputBytes { get; }

    /// <summary>The compression block size; the gate checks every length up to a few blocks past it.</summary>
    public int BlockBytes { get; }

    public IReadOnlyList<KnownAnswer> KnownAnswers { get; }

    public override string ToString() => Name;

    /// <summary>
    /// A two-part name joins its parts (SHA-256 → sha256, BLAKE2b-512 → blake2b512); a longer one keeps its hyphens
    /// (AES-256-GCM → aes-256-gcm); a slash becomes a hyphen (SHA-512/256 → sha512-256).
    /// </summary>
    public static string ToSlug(string name)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        var parts = name.ToLowerInvariant().Split('/');
        for (var i = 0; i < parts.Length; i++)
        {
            var words = parts[i].Split('-', StringSplitOptions.RemoveEmptyEntries);
            parts[i] = words.Length == 2 ? words[0] + words[1] : string.Join('-', words);
        }

        return string.Join('-', parts);
    }
}

/// <summary>A published input/output pair, with the document it comes from.</summary>
/// <param name="Source">Where the vector is published (standard and section), so a failure can be checked by hand.</param>
/// <param name="Description">The input in words, for messages (e.g. <c>"abc"</c>, <c>1025 bytes of i mod 251</c>).</param>
/// <param name="Input">The message.</param>
/// <param name="ExpectedHex">The expected output, lower-case hex; may be longer than the default output (extendable output).</param>
public sealed record KnownAnswer(string Source, string Description, byte[] Input, string ExpectedHex);
