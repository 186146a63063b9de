using System.Text.Json;

namespace CryptoHarness.Results;

/// <summary>Reads and writes <c>summary.json</c>. Writes go to a temporary file first, then replace the target.</summary>
public static class SummaryFile
{
    public const string FileName = "summary.json";

    public static readonly JsonSerializerOptions Options = new()
    {
        WriteIndented = true,
        RespectRequiredConstructorParameters = true,
        IndentSize = 2,
        // Readable text ("3 warmup + 15"); the file is data for our own tools, never embedded in HTML.
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    public static void Write(RunSummary summary, string path) =>
        AtomicFile.WriteAllText(path, JsonSerializer.Serialize(summary, Options) + "\n");

    /// <summary>
    /// Results files above this size are refused before they are parsed: a summary of every family with its samples
    /// is a few MiB, and a results file may come from a fork's pull request.
    /// </summary>
    public const long MaxBytes = 64L << 20;

    /// <summary>
    /// Written into a run folder when it is created and removed once its <see cref="FileName"/> is written: a folder that
    /// still holds it is a run that was interrupted or crashed.
    /// </summary>
    public const string IncompleteMarker = "INCOMPLETE.txt";

    /// <summary>Loads a run folder's <c>summary.json</c>, or the file itself, and checks it (<see cref="SummaryValidation"/>).</summary>
    /// <exception cref="UsageException">
    /// The path is missing, too large, not JSON, not a harness summary, or holds a value reports cannot rely on; the
    /// message names the file, and where it can, the line, the case and the field.
    /// </exception>
    public static RunSummary Load(string path)
    {
        var file = Directory.Exists(path) ? Path.Combine(path, FileName) : path;
        if (!File.Exists(file))
        {
            if (!Directory.Exists(path))
            {
                throw new UsageException($"{path}: no such file or folder.");
            }

            if (File.Exists(Path.Combine(path, IncompleteMarker)))
            {
                throw new UsageException($"{path}: this run did not finish (interrupted before it wrote {FileName}), so it has nothing to render; run 'harness run' again.");
            }

            throw new UsageException(BenchmarkDotNetExportIn(path) is { } export
                ? BenchmarkDotNetMessage(export)
                : $"{path}: no {FileName} in this folder; pass a run folder written by 'harness run' or its {FileName}.");
        }

        string text;
        try
        {
            var length = new FileInfo(file).Length;
            if (length > MaxBytes)
            {
                throw new UsageException(FormattableString.Invariant($"{file}: {length:N0} bytes, more than the {MaxBytes >> 20} MiB a results file may have; refused unread."));
            }

            text = File.ReadAllText(file);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"{file}: cannot be read ({e.Message}).");
        }

        // A document, not a JsonNode tree: it tolerates a name given twice in an object, which a tree would throw on.
        string? schema;
        try
        {
            using var document = JsonDocument.Parse(text);
            var root = document.RootElement;
            if (root.ValueKind != JsonValueKind.Object)
            {
                throw new UsageException($"{file}: not a harness summary (expected a JSON object with 'schema', 'run' and 'results').");
            }

            if (!root.TryGetProperty("schema", out var schemaElement))
            {
                throw new UsageException(root.TryGetProperty("Benchmarks", out _) && root.TryGetProperty("HostEnvironmentInfo", out _)
                    ? BenchmarkDotNetMessage(file)
                    : $"{file}: not a harness summary: missing 'schema' (expected \"{RunSummary.SchemaId}\").");
            }

            schema = schemaElement.ValueKind == JsonValueKind.String ? schemaElement.GetString() : null;
        }
        catch (JsonException e)
        {
            throw new UsageException($"{file}: not valid JSON: {JsonErrors.Describe(e)}.");
        }

        if (schema != RunSummary.SchemaId)
        {
            throw new UsageException($"{file}: unsupported schema {SummaryValidation.Quote(schema)} (expected \"{RunSummary.SchemaId}\").");
        }

        RunSummary summary;
        try
        {
            // From the text rather than the parsed tree, so an error knows its line.
            summary = JsonSerializer.Deserialize<RunSummary>(text, Options)
                ?? throw new UsageException($"{file}: empty summary.");
        }
        catch (JsonException e)
        {
            throw new UsageException($"{file}: {JsonErrors.Describe(e)}.");
        }

        SummaryValidation.Check(summary, file);
        return summary;
    }

    /// <summary>What a BenchmarkDotNet export is told, by report, merge, site and compare alike.</summary>
    public static string BenchmarkDotNetMessage(string file) =>
        $"{file}: a BenchmarkDotNet export, not a harness summary; the harness renders only runs it verified itself: measure with 'harness run' and pass its run folder or its {FileName}.";

    /// <summary>
    /// A BenchmarkDotNet JSON export in <paramref name="folder"/> or its <c>results/</c> (where BenchmarkDotNet puts
    /// them), by BenchmarkDotNet's file name; null if none.
    /// </summary>
    public static string? BenchmarkDotNetExportIn(string folder) =>
        new[] { folder, Path.Combine(folder, "results") }
            .Where(Directory.Exists)
            .SelectMany(d => Directory.EnumerateFiles(d, "*-report*.json").Order(StringComparer.Ordinal))
            .FirstOrDefault();
}

/// <summary>System.Text.Json's errors in plain words: the line, the field, and what was expected, without .NET type names.</summary>
internal static partial class JsonErrors
{
    public static string Describe(JsonException e)
    {
        var line = e.LineNumber is { } number ? $"line {number + 1}" : null;
        var field = e.Path is { Length: > 1 } path ? path.TrimStart('$').TrimStart('.') : null;
        var message = e.Message;
        string problem;
        if (message.Contains("missing required properties", StringComparison.Ordinal))
        {
            var names = MissingNames().Matches(message[message.IndexOf("missing required properties", StringComparison.Ordinal)..]).Select(m => m.Groups[1].Value).ToArray();
            problem = names.Length == 0 ? "a required field is missing" : $"missing {string.Join(", ", names.Select(n => $"'{n}'"))}";
        }
        else if (ConvertedTo().Match(message) is { Success: true } conversion)
        {
            problem = $"is not {Expected(conversion.Groups[1].Value)}";
        }
        else
        {
            // The reader's own description ("'x' is an invalid start of a value"), without its position suffix.
            problem = PositionSuffix().Replace(message, "").Trim().TrimEnd('.');
            if (problem.Contains("Expected depth to be zero", StringComparison.Ordinal) || problem.Contains("end of data", StringComparison.Ordinal))
            {
                problem = "the file ends before the JSON does (truncated?)";
            }
        }

        if (problem.Contains("System.", StringComparison.Ordinal) || problem.Contains("CryptoHarness.", StringComparison.Ordinal))
        {
            problem = "a value of the wrong kind";
        }

        var where = string.Join(", ", new[] { line, field is null ? null : $"field '{field}'" }.Where(p => p is not null));
        // The reader may quote what it stopped at; a message stays on one line.
        return string.Concat((where.Length == 0 ? problem : $"{where}: {problem}").Select(c => char.IsControl(c) ? ' ' : c));
    }

    private static string Expected(string type) => type switch
    {
        _ when type.Contains("Dictionary", StringComparison.Ordinal) => "an object (names to values)",
        _ when type.Contains("List", StringComparison.Ordinal) || type.EndsWith("[]", StringComparison.Ordinal) => "an array",
        _ when type.Contains("Double", StringComparison.Ordinal) => "a number",
        _ when type.Contains("Int32", StringComparison.Ordinal) => "a whole number from -2147483648 to 2147483647",
        _ when type.Contains("Int64", StringComparison.Ordinal) => "a whole number",
        _ when type.Contains("Boolean", StringComparison.Ordinal) => "true or false",
        _ when type.Contains("DateTimeOffset", StringComparison.Ordinal) => "a date and time such as \"2026-01-31T12:00:00+00:00\"",
        _ when type.Contains("String", StringComparison.Ordinal) => "a string",
        _ => "an object",
    };

    [System.Text.RegularExpressions.GeneratedRegex(@"'([^']+)'")]
    private static partial System.Text.RegularExpressions.Regex MissingNames();

    [System.Text.RegularExpressions.GeneratedRegex(@"could not be converted to ([^\s]+?)\.?(\s|$)")]
    private static partial System.Text.RegularExpressions.Regex ConvertedTo();

    [System.Text.RegularExpressions.GeneratedRegex(@"\s*(Path: .*|LineNumber: .*)$")]
    private static partial System.Text.RegularExpressions.Regex PositionSuffix();
}

/// <summary>Write to a temporary file beside the target, then move it over: a reader never sees half a file.</summary>
public static class AtomicFile
{
    public static void WriteAllText(string path, string content)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        Directory.CreateDirectory(directory);
        var temporary = Path.Combine(directory, $".{Path.GetFileName(path)}.{Environment.ProcessId}.tmp");
        try
        {
            File.WriteAllText(temporary, content, new System.Text.UTF8Encoding(false));
            File.Move(temporary, path, overwrite: true);
        }
        finally
        {
            File.Delete(temporary);
        }
    }
}
