using System.Text.Json;

namespace CryptoHarness.Results;

/// <summary>Reads and writes <c>summary.json</c>. Writes go to a temporary file first, then replace the target.</summary>
public static class SummaryFile
{
    public const string FileName = "summary.json";

    public static readonly JsonSerializerOptions Options = new()
    {
        WriteIndented = true,
        // Field names are the properties' names in snake_case (size_bytes for SizeBytes), derived rather than typed a
        // second time beside each property; the few that differ (stddev_ns, elapsed_s, benchmarkdotnet, scenario_fields)
        // name theirs with [JsonPropertyName]. Renaming a property renames its field, so a rename is a schema change:
        // the committed summaries and data/*.json files the golden tests load and render would no longer match.
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        RespectRequiredConstructorParameters = true,
        IndentSize = 2,
        // Readable text ("3 warmup + 15"); the file is data for our own tools, never embedded in HTML.
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        // The scenarios' own record fields (ScenarioFields), registered by the scenario registry, a layer above.
        TypeInfoResolver = ScenarioFieldTypes.Registered,
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
    public static RunSummary Load(string path) => Load(path, allowedRoot: null);

    /// <inheritdoc cref="Load(string)"/>
    /// <param name="path">The run folder or the file.</param>
    /// <param name="allowedRoot">The folder a file found by a walk must not lead out of through a link; null for a file the user named.</param>
    public static RunSummary Load(string path, string? allowedRoot) => Load(path, allowedRoot, Options);

    /// <inheritdoc cref="Load(string, string?)"/>
    /// <param name="options">The serializer's options: <see cref="Options"/>, or in tests its copy with other scenario fields.</param>
    internal static RunSummary Load(string path, string? allowedRoot, JsonSerializerOptions options)
    {
        var isFolder = Directory.Exists(path);
        var file = isFolder ? Path.Combine(path, FileName) : path;
        if (!File.Exists(file) && new FileInfo(file).LinkTarget is null)
        {
            if (!isFolder)
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

        // A run folder still marked incomplete beside its summary stopped between writing the two: not a finished run.
        if (Path.GetFileName(file) == FileName && IsInterrupted(Path.GetDirectoryName(Path.GetFullPath(file))!))
        {
            throw new UsageException(Interrupted(Path.GetDirectoryName(file) is { Length: > 0 } folder ? folder : "."));
        }

        // A folder the user named bounds where its summary may lead; a file named directly is the user's own choice.
        var text = InputFile.ReadAllText(file, isFolder ? path : allowedRoot, MaxBytes);

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
            summary = JsonSerializer.Deserialize<RunSummary>(text, options)
                ?? throw new UsageException($"{file}: empty summary.");
        }
        catch (JsonException e)
        {
            throw new UsageException($"{file}: {JsonErrors.Describe(e)}.");
        }
        catch (NotSupportedException)
        {
            // The one shape the reader refuses this way: scenario_fields that name no registered scenario's fields first.
            var names = string.Join(", ", ScenarioFieldTypes.Names);
            throw new UsageException($"{file}: a 'scenario_fields' object must begin with 'scenario' naming a scenario with fields of its own; valid: {(names.Length == 0 ? "none, no scenario has any" : names)}.");
        }

        SummaryValidation.Check(summary, file);
        return summary;
    }

    /// <summary>Whether <paramref name="runFolder"/> holds <see cref="IncompleteMarker"/>: a run that was interrupted, whatever else it holds.</summary>
    public static bool IsInterrupted(string runFolder) =>
        File.Exists(Path.Combine(runFolder, IncompleteMarker)) || new FileInfo(Path.Combine(runFolder, IncompleteMarker)).LinkTarget is not null;

    /// <summary>What report, compare and merge say of an interrupted run folder.</summary>
    public static string Interrupted(string runFolder) =>
        $"{runFolder}: this run did not finish (interrupted: it still holds {IncompleteMarker} beside its {FileName}), so it has nothing to render or compare; run 'harness run' again.";

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
            .SelectMany(d => InputFile.Files(d, "*-report*.json", recurse: false))
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

/// <summary>
/// Write to a temporary file beside the target, then move it over: a reader never sees half a file. The temporary name
/// is unpredictable and created exclusively (it fails rather than follow a link planted under that name), and the move
/// replaces a link at the target rather than writing through it.
/// </summary>
public static class AtomicFile
{
    public static void WriteAllText(string path, string content)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        Directory.CreateDirectory(directory);
        var temporary = Path.Combine(directory, $".{Path.GetFileName(path)}.{Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(12))}.tmp");
        var created = false;
        try
        {
            using (var stream = new FileStream(temporary, new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.Write, Share = FileShare.None }))
            {
                created = true;
                var bytes = new System.Text.UTF8Encoding(false).GetBytes(content);
                stream.Write(bytes);
            }

            File.Move(temporary, path, overwrite: true);
            created = false;
        }
        finally
        {
            if (created)
            {
                File.Delete(temporary);
            }
        }
    }
}
