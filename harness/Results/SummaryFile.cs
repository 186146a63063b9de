using System.Text.Json;
using System.Text.Json.Nodes;
using CryptoHarness.Cli;

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

    /// <summary>Loads a run folder's <c>summary.json</c>, or the file itself.</summary>
    /// <exception cref="UsageException">The path is missing or is not a harness summary; the message names the file and what is missing.</exception>
    public static RunSummary Load(string path)
    {
        var file = Directory.Exists(path) ? Path.Combine(path, FileName) : path;
        if (!File.Exists(file))
        {
            throw new UsageException(Directory.Exists(path)
                ? $"{path}: no {FileName} in this folder; pass a run folder written by 'harness run' or its {FileName}."
                : $"{path}: no such file or folder.");
        }

        JsonNode? root;
        try
        {
            root = JsonNode.Parse(File.ReadAllText(file));
        }
        catch (JsonException e)
        {
            throw new UsageException($"{file}: not valid JSON ({e.Message}).");
        }

        if (root is not JsonObject obj)
        {
            throw new UsageException($"{file}: not a harness summary (expected a JSON object with 'schema', 'run' and 'results').");
        }

        if (!obj.ContainsKey("schema"))
        {
            throw new UsageException(obj.ContainsKey("Benchmarks") && obj.ContainsKey("HostEnvironmentInfo")
                ? $"{file}: this is BenchmarkDotNet's raw export; reports are made from the normalized results: pass the run folder or its {FileName}."
                : $"{file}: not a harness summary: missing 'schema' (expected \"{RunSummary.SchemaId}\").");
        }

        var schema = obj["schema"]?.GetValueKind() == JsonValueKind.String ? (string?)obj["schema"] : null;
        if (schema != RunSummary.SchemaId)
        {
            throw new UsageException($"{file}: unsupported schema '{schema}' (expected \"{RunSummary.SchemaId}\").");
        }

        try
        {
            var summary = obj.Deserialize<RunSummary>(Options)
                ?? throw new UsageException($"{file}: empty summary.");
            return LeakRecord.ProblemIn(summary.Leaks) is { } problem ? throw new UsageException($"{file}: {problem}.") : summary;
        }
        catch (JsonException e)
        {
            throw new UsageException($"{file}: {e.Message}");
        }
    }
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
