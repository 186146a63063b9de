using CryptoHarness.Formatting;
using CryptoHarness.Running;
using CryptoHarness.Selecting;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>The real pipeline (gate, BenchmarkDotNet, summary, report) with the dry job on one algorithm.</summary>
public sealed class EndToEndTests
{
    [Fact]
    public void Dry_run_of_SHA_256_verifies_measures_and_writes_the_markdown()
    {
        using var folder = new TestFolder();
        var output = folder.Combine("out");
        using var summary = DryRunOfSha256(folder, "--sizes", "128,1024");
        var records = summary.RootElement.GetProperty("results").EnumerateArray().ToArray();
        // Batch entries are measured in the batch scenario only.
        var providers = CryptoHarness.Implementations.Registry.Select(algorithm: "SHA-256")
            .Where(i => i.Support.IsSupported && i is not CryptoHarness.Implementations.IBatchHashImplementation).ToArray();
        Assert.Equal(providers.Length * 2, records.Length);
        Assert.All(records, r => Assert.Equal("SHA-256", r.GetProperty("algorithm").GetString()));
        Assert.Equal("dry", summary.RootElement.GetProperty("run").GetProperty("job").GetString());
        // Each size's table was timed again in interleaved rounds: one token per table, the job's count of rounds each.
        var rounds = records.Select(r => (Size: r.GetProperty("size_bytes").GetInt32(), Rounds: r.GetProperty("rounds"))).ToArray();
        Assert.All(rounds, r => Assert.Equal(JobPreset.Dry.Rounds.Rounds, r.Rounds.GetProperty("ns_per_call").GetArrayLength()));
        Assert.Equal(2, rounds.Select(r => r.Rounds.GetProperty("table").GetString()).Distinct().Count());
        Assert.All(rounds.GroupBy(r => r.Size), table => Assert.Single(table.Select(r => r.Rounds.GetProperty("table").GetString()).Distinct()));

        var page = File.ReadAllText(Path.Combine(output, "sha256.md"));
        AssertText.ContainsAll(page,
            "ratios are medians of per-round ratios over 3 interleaved rounds",
            "\n# SHA-256",
            "\n## 128 B (128 bytes)",
            "\n## 1 KiB (1,024 bytes)");
        foreach (var implementation in providers)
        {
            Assert.Contains($"| {Format.ProviderLabel(implementation.Provider.Key, implementation.Variant)} |", page, StringComparison.Ordinal);
        }

        Assert.Contains("The rounds checked against BenchmarkDotNet", File.ReadAllText(Path.Combine(output, "highlights.md")), StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(output, "machine-spec.md")));
        Assert.False(File.Exists(Path.Combine(output, "blake3.md")));
        Assert.NotEmpty(Directory.GetFiles(folder.Combine("results"), "*-report-full.json", SearchOption.AllDirectories));
    }

    [Fact]
    public void Dry_batch_run_of_SHA_256_writes_the_per_message_table_and_records_with_the_batch_fields()
    {
        using var folder = new TestFolder();
        var output = folder.Combine("out");
        using var summary = DryRunOfSha256(folder, "--scenario", "batch");
        Assert.Equal("batch", summary.RootElement.GetProperty("run").GetProperty("scenario").GetString());
        var records = summary.RootElement.GetProperty("results").EnumerateArray().ToArray();
        var measured = CryptoHarness.Implementations.Registry.Select(algorithm: "SHA-256").Where(i => i.Support.IsSupported).ToArray();
        var batchSizes = BatchSelection.BatchSizes;
        var messageLengths = BatchSelection.MessageLengths;
        Assert.Equal(measured.Length * batchSizes.Count * messageLengths.Count, records.Length);
        Assert.All(records, r =>
        {
            Assert.Equal("batch", r.GetProperty("scenario").GetString());
            var batchSize = r.GetProperty("batch_size").GetInt32();
            var messageBytes = r.GetProperty("message_bytes").GetInt32();
            Assert.Contains(batchSize, batchSizes);
            Assert.Contains(messageBytes, messageLengths);
            Assert.Equal(batchSize * messageBytes, r.GetProperty("size_bytes").GetInt32());
            Assert.Equal(r.GetProperty("median_ns").GetDouble() / batchSize, r.GetProperty("per_item_ns").GetDouble(), 9);
            var implementation = measured.Single(i => i.Id == r.GetProperty("id").GetString());
            Assert.Equal(implementation is CryptoHarness.Implementations.IBatchHashImplementation ? "hash-batch" : "hash-loop", r.GetProperty("operation").GetString());
        });

        var page = File.ReadAllText(Path.Combine(output, "sha256-batch.md"));
        AssertText.ContainsAll(page,
            "\n# SHA-256: batches of short messages",
            "\n## 32-byte messages",
            "\n## 64-byte messages",
            $"| Implementation | Timed as |{string.Concat(batchSizes.Select(n => $" {n} |"))}");
        foreach (var implementation in measured)
        {
            Assert.Contains($"| {Format.ProviderLabel(implementation.Provider.Key, implementation.Variant)} |", page, StringComparison.Ordinal);
        }

        Assert.Equal(messageLengths.Count, page.Split("\nCrossover: ").Length - 1);
        Assert.False(File.Exists(Path.Combine(output, "sha256.md")));
    }

    /// <summary>
    /// <c>run --family SHA-256 --job dry</c> with <paramref name="options"/>, results under <c>results</c> and reports
    /// under <c>out</c> in <paramref name="folder"/>; the summary it wrote, after checking it exited 0.
    /// </summary>
    private static JsonDocument DryRunOfSha256(TestFolder folder, params string[] options)
    {
        Cli.Run(["run", "--family", "SHA-256", .. options, "--job", "dry", "--results", folder.Combine("results"), "--out", folder.Combine("out"), "--quiet"]).Succeeded();
        return JsonDocument.Parse(File.ReadAllText(folder.OnlySummary()));
    }
}
