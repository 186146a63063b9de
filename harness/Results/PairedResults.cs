using System.Text.Json;
using System.Text.Json.Serialization;

namespace CryptoHarness.Results;

/// <summary>
/// What <c>harness paired</c> measured (<c>paired.json</c>): for every case it could pair, the base's and the head's time
/// per call in each interleaved round (round i of both ran in the same round); for every case it could not, why. The
/// decision is made from this file, so the pull-request comment can be made again from it by a harness that did not
/// measure (the comment workflow's, from the default branch).
/// </summary>
public sealed record PairedResults
{
    [JsonPropertyName("machine_key")]
    public required string MachineKey { get; init; }

    [JsonPropertyName("runtime")]
    public required string Runtime { get; init; }

    [JsonPropertyName("utc")]
    public required DateTimeOffset Utc { get; init; }

    [JsonPropertyName("base_commit")]
    public required string BaseCommit { get; init; }

    [JsonPropertyName("head_commit")]
    public required string HeadCommit { get; init; }

    /// <summary>Measured rounds per case and one side's share of a round, as the timing loop was set.</summary>
    [JsonPropertyName("rounds")]
    public required int Rounds { get; init; }

    [JsonPropertyName("batch_ms")]
    public required double BatchMs { get; init; }

    /// <summary>Notes on how either build was made that the reader must know (a test-only slowdown build).</summary>
    [JsonPropertyName("notes")]
    public required IReadOnlyList<string> Notes { get; init; }

    [JsonPropertyName("cases")]
    public required IReadOnlyList<PairedCaseRecord> Cases { get; init; }

    [JsonPropertyName("not_paired")]
    public required IReadOnlyList<NotPairedRecord> NotPaired { get; init; }
}

/// <summary>One case timed in interleaved rounds: nanoseconds per call per round, base and head, and allocation per call.</summary>
public sealed record PairedCaseRecord
{
    [JsonPropertyName("id")]
    public required string Id { get; init; }

    [JsonPropertyName("family")]
    public required string Family { get; init; }

    [JsonPropertyName("operation")]
    public required string Operation { get; init; }

    [JsonPropertyName("size_bytes")]
    public required int SizeBytes { get; init; }

    [JsonPropertyName("base_ns")]
    public required IReadOnlyList<double> BaseNs { get; init; }

    [JsonPropertyName("head_ns")]
    public required IReadOnlyList<double> HeadNs { get; init; }

    [JsonPropertyName("base_allocated_bytes")]
    public required long BaseAllocatedBytes { get; init; }

    [JsonPropertyName("head_allocated_bytes")]
    public required long HeadAllocatedBytes { get; init; }
}

/// <summary>
/// An entry, or one of its cases, that was not paired and why; <see cref="Operation"/> and <see cref="SizeBytes"/> are
/// null when the whole entry was left out.
/// </summary>
public sealed record NotPairedRecord
{
    [JsonPropertyName("id")]
    public required string Id { get; init; }

    [JsonPropertyName("family")]
    public required string Family { get; init; }

    [JsonPropertyName("operation")]
    public string? Operation { get; init; }

    [JsonPropertyName("size_bytes")]
    public int? SizeBytes { get; init; }

    [JsonPropertyName("reason")]
    public required string Reason { get; init; }
}

/// <summary>Reads and writes <c>paired.json</c>; a file read back is untrusted input, checked as <see cref="SummaryValidation"/> checks summaries.</summary>
public static class PairedResultsFile
{
    public const string FileName = "paired.json";

    public static void Write(PairedResults results, string path) =>
        AtomicFile.WriteAllText(path, JsonSerializer.Serialize(results, SummaryFile.Options) + "\n");

    /// <exception cref="UsageException">Missing, too large, not JSON, or a value out of range; the message names the file and the field.</exception>
    public static PairedResults Load(string path)
    {
        if (!File.Exists(path))
        {
            throw new UsageException($"--from '{path}': no such file; valid: a {FileName} written by 'harness paired --save'.");
        }

        if (new FileInfo(path).Length > SummaryFile.MaxBytes)
        {
            throw new UsageException($"{path}: larger than {SummaryFile.MaxBytes >> 20} MiB; not a {FileName} of this harness.");
        }

        PairedResults? results;
        try
        {
            results = JsonSerializer.Deserialize<PairedResults>(File.ReadAllText(path), SummaryFile.Options);
        }
        catch (JsonException e)
        {
            throw new UsageException($"{path}: not a {FileName} ({JsonErrors.Describe(e)}).");
        }

        if (results is null)
        {
            throw new UsageException($"{path}: not a {FileName} (null).");
        }

        Check(results, path);
        return results;
    }

    /// <summary>Every name a valid name, every time positive and finite, both sides the same number of rounds, no case twice.</summary>
    public static void Check(PairedResults results, string file)
    {
        void Fail(string where, string what) => throw new UsageException($"{file}: {where}: {what}.");
        void Name(string where, string field, string? value, bool pathName = false)
        {
            if (value is null || !(pathName ? SummaryValidation.PathName() : SummaryValidation.Name()).IsMatch(value))
            {
                Fail(where, $"{field} {SummaryValidation.Quote(value)} is not a valid name");
            }
        }

        void Text(string where, string field, string? value)
        {
            if (value is null || value.Length > SummaryValidation.MaxTextLength || value.Any(c => char.IsControl(c) || char.GetUnicodeCategory(c) == System.Globalization.UnicodeCategory.Format))
            {
                Fail(where, $"{field} is missing, too long or holds control characters");
            }
        }

        Name("run", "machine_key", results.MachineKey, pathName: true);
        Name("run", "runtime", results.Runtime);
        Name("run", "base_commit", results.BaseCommit);
        Name("run", "head_commit", results.HeadCommit);
        if (results.Rounds is < 3 or > 10_000 || !(results.BatchMs > 0 && results.BatchMs <= 10_000))
        {
            Fail("run", "rounds must be 3–10000 and batch_ms above 0");
        }

        if (results.Notes is null || results.Cases is null || results.NotPaired is null)
        {
            Fail("run", "notes, cases and not_paired must be lists");
        }

        foreach (var note in results.Notes!)
        {
            Text("run", "a note", note);
        }

        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var c in results.Cases!)
        {
            if (c is null)
            {
                Fail("cases", "a case is null");
            }

            var where = $"case {SummaryValidation.Quote(c!.Id)} {SummaryValidation.Quote(c.Operation)} {c.SizeBytes} B";
            Name(where, "id", c.Id);
            Name(where, "family", c.Family, pathName: true);
            Name(where, "operation", c.Operation, pathName: true);
            if (c.SizeBytes < 0 || c.BaseAllocatedBytes < 0 || c.HeadAllocatedBytes < 0)
            {
                Fail(where, "size and allocations must not be negative");
            }

            if (c.BaseNs is null || c.HeadNs is null || c.BaseNs.Count != c.HeadNs.Count || c.BaseNs.Count < 3 || c.BaseNs.Count > 10_000)
            {
                Fail(where, "base_ns and head_ns must hold the same number of rounds, 3 to 10000");
            }

            if (c.BaseNs!.Concat(c.HeadNs!).Any(ns => !(ns > 0 && double.IsFinite(ns))))
            {
                Fail(where, "a time is not a positive finite number");
            }

            if (!seen.Add($"{c.Id} {c.Operation} {c.SizeBytes}"))
            {
                Fail(where, "the case appears twice");
            }
        }

        foreach (var n in results.NotPaired!)
        {
            if (n is null)
            {
                Fail("not_paired", "an entry is null");
            }

            var where = $"not paired {SummaryValidation.Quote(n!.Id)}";
            Name(where, "id", n.Id);
            Name(where, "family", n.Family, pathName: true);
            if (n.Operation is not null)
            {
                Name(where, "operation", n.Operation, pathName: true);
            }

            if (n.SizeBytes is < 0)
            {
                Fail(where, "size must not be negative");
            }

            Text(where, "reason", n.Reason);
        }
    }
}
