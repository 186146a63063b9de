using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

/// <summary>What an algorithm does, and so which contract its implementations follow.</summary>
public enum AlgorithmKind
{
    /// <summary>Fixed-length digest of a message: <see cref="IHashImplementation"/>.</summary>
    Hash,

    /// <summary>Extendable output: any output length, optionally a customization string: <see cref="IXofImplementation"/>.</summary>
    Xof,

    /// <summary>Keyed message authentication code: <see cref="IMacImplementation"/>.</summary>
    Mac,

    /// <summary>Authenticated encryption with associated data: <see cref="IAeadImplementation"/>.</summary>
    Aead,

    /// <summary>
    /// Password hashing (Argon2, bcrypt): measured per parameter set, not per payload size: <see cref="IPasswordHashImplementation"/>.
    /// </summary>
    PasswordHash,
}

/// <summary>
/// One algorithm as the harness knows it: its family, its name, its sizes and its known answers.
/// Every implementation of the algorithm, from any provider, must reproduce the known answers.
/// </summary>
public sealed class Algorithm
{
    public Algorithm(AlgorithmFamily family, string name, int outputBytes, int blockBytes, IReadOnlyList<KnownAnswer> knownAnswers,
        [CallerFilePath] string catalogFile = "")
    {
        ArgumentNullException.ThrowIfNull(family);
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(outputBytes);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(blockBytes);
        Family = family.Name;
        Name = name;
        OutputBytes = outputBytes;
        BlockBytes = blockBytes;
        KnownAnswers = knownAnswers;
        Slug = ToSlug(name);
        CatalogFile = catalogFile;
    }

    /// <summary>
    /// The catalog file that defines the algorithm and its known answers, as the compiler saw it (see
    /// <see cref="SourceRoot"/>): a change to it selects the algorithm's family for measurement in a pull request.
    /// </summary>
    public string CatalogFile { get; }

    /// <summary>The family's name, e.g. <c>SHA-2</c>: one of <see cref="AlgorithmFamily.All"/>, declared there once.</summary>
    public string Family { get; }

    /// <summary>The algorithm as its standard names it, e.g. <c>SHA-256</c>.</summary>
    public string Name { get; }

    /// <summary>File-name form of <see cref="Name"/>, used for report files and ids (<c>sha256</c>, <c>sha512-256</c>).</summary>
    public string Slug { get; }

    public int OutputBytes { get; }

    /// <summary>The compression block size; the gate checks every length up to a few blocks past it.</summary>
    public int BlockBytes { get; }

    public IReadOnlyList<KnownAnswer> KnownAnswers { get; }

    public AlgorithmKind Kind { get; init; } = AlgorithmKind.Hash;

    /// <summary>
    /// Why a family is here when it is not a modern first choice (legacy checksums, regional standards); printed on
    /// the algorithm's report page. Empty for the rest.
    /// </summary>
    public string Note { get; init; } = "";

    /// <summary>
    /// A sentence the algorithm's page prints only for a run on a machine with a given instruction set, to explain
    /// figures that come from that hardware rather than from the code measured; null for none.
    /// </summary>
    public HardwareNote? HardwareNote { get; init; }

    /// <summary>Key length used by the benchmarks and the cross-check (MAC, AEAD); 0 for unkeyed algorithms.</summary>
    public int KeyBytes { get; init; }

    /// <summary>AEAD nonce length.</summary>
    public int NonceBytes { get; init; }

    /// <summary>AEAD tag length.</summary>
    public int TagBytes { get; init; }

    /// <summary>Whether the algorithm takes a customization string (cSHAKE, KMAC); the gate then cross-checks with one.</summary>
    public bool Customizable { get; init; }

    /// <summary>
    /// Output lengths the benchmarks measure. One entry, <see cref="OutputBytes"/>, except for extendable output,
    /// which is measured at each length listed here.
    /// </summary>
    public IReadOnlyList<int> BenchmarkOutputs
    {
        get => _benchmarkOutputs ?? [OutputBytes];
        init => _benchmarkOutputs = value;
    }

    private readonly IReadOnlyList<int>? _benchmarkOutputs;

    public override string ToString() => Name;

    /// <summary>
    /// Lower case; a final all-digit word joins the word before it when that word ends in a letter (SHA-256 → sha256,
    /// BLAKE2b-512 → blake2b512, HMAC-SHA-256 → hmac-sha256); other hyphens stay (SHA3-256 → sha3-256,
    /// AES-256-GCM → aes-256-gcm); a slash becomes a hyphen (SHA-512/256 → sha512-256).
    /// </summary>
    public static string ToSlug(string name)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        var parts = name.ToLowerInvariant().Split('/');
        for (var i = 0; i < parts.Length; i++)
        {
            var words = parts[i].Split('-', StringSplitOptions.RemoveEmptyEntries).ToList();
            if (words.Count >= 2 && words[^1].All(char.IsAsciiDigit) && char.IsAsciiLetter(words[^2][^1]))
            {
                words[^2] += words[^1];
                words.RemoveAt(words.Count - 1);
            }

            parts[i] = string.Join('-', words);
        }

        return string.Join('-', parts);
    }
}

/// <summary>A published input/output pair, with the document it comes from.</summary>
/// <param name="Source">Where the vector is published (standard and section), so a failure can be checked by hand.</param>
/// <param name="Description">The input in words, for messages (e.g. <c>"abc"</c>, <c>1025 bytes of i mod 251</c>).</param>
/// <param name="Input">The message (for an AEAD, the plaintext).</param>
/// <param name="ExpectedHex">
/// The expected output, lower-case hex. A hash's may be longer than its default output (the BLAKE3 file's extended
/// output): the default-length prefix is compared. An XOF's length is the output length asked for. An AEAD's is the
/// ciphertext followed by the tag.
/// </param>
public sealed record KnownAnswer(string Source, string Description, byte[] Input, string ExpectedHex)
{
    public byte[] Key { get; init; } = [];

    /// <summary>cSHAKE's and KMAC's customization string S (NIST SP 800-185).</summary>
    public byte[] Customization { get; init; } = [];

    public byte[] Nonce { get; init; } = [];

    public byte[] AssociatedData { get; init; } = [];

    /// <summary>A password hash's cost (<see cref="Input"/> is the password, <see cref="Nonce"/> the salt, <see cref="Key"/> Argon2's secret K).</summary>
    public PasswordHashParameters? PasswordParameters { get; init; }

    /// <summary>
    /// A password hash's published encoded string (PHC or modular crypt format) that <see cref="Input"/> must verify
    /// against; empty when the source publishes only the raw output.
    /// </summary>
    public string Encoded { get; init; } = "";
}

/// <summary>A sentence for the pages of runs on one architecture whose CPU has one instruction set.</summary>
/// <param name="Architecture">The process architecture the sentence is true of.</param>
/// <param name="InstructionSet">The instruction set as the run's machine spec names it (<c>SHA</c>, <c>AES</c>, …).</param>
/// <param name="Text">The sentence.</param>
public sealed record HardwareNote(System.Runtime.InteropServices.Architecture Architecture, string InstructionSet, string Text);
