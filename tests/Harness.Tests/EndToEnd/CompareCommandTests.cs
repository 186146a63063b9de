using static CryptoHarness.Tests.SimulatedTimes;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>
/// <c>harness compare</c> end to end on summaries made from the recorded fixture, with simulated samples so the
/// outcome is known: the same commands the benchmark workflow runs.
/// </summary>
public sealed class CompareCommandTests
{
    [Fact]
    public void A_run_compared_with_itself_has_nothing_slower_and_exits_0()
    {
        using var folder = new TestFolder();
        var run = Write(folder, "base.json", WithSamples(seed: 1, scale: 1.0));
        var result = Cli.Run("compare", "--base", run, "--diff", run, "--out", folder.Combine("comment.md"), "--fail-on", "slower");
        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith("0 slower, 0 faster, 16 same — geomean 1.00×", result.Out, StringComparison.Ordinal);
        var comment = File.ReadAllText(folder.Combine("comment.md"));
        Assert.Contains("<details><summary>All 16 matched cases</summary>", comment, StringComparison.Ordinal);
    }

    [Fact]
    public void Samples_scaled_by_1_10_are_all_slower_and_exit_1_unless_fail_on_never()
    {
        using var folder = new TestFolder();
        var baseRun = Write(folder, "base.json", WithSamples(seed: 2, scale: 1.0));
        var diffRun = Write(folder, "diff.json", WithSamples(seed: 3, scale: 1.10));

        var failing = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--threshold", "5%", "--noise", "1ns", "--fail-on", "slower", "--out", folder.Combine("comment.md"));
        Assert.Equal(1, failing.ExitCode);
        Assert.StartsWith("16 slower, 0 faster, 0 same", failing.Out, StringComparison.Ordinal);
        var comment = File.ReadAllText(folder.Combine("comment.md"));
        Assert.Contains("#### Slower", comment, StringComparison.Ordinal);
        Assert.DoesNotContain("#### Faster", comment, StringComparison.Ordinal);
        Assert.Contains("| SHA-2 | 16 | 0 | 0 |", comment, StringComparison.Ordinal);

        var reporting = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--fail-on", "never", "--out", folder.Combine("comment2.md"));
        Assert.Equal(0, reporting.ExitCode);
    }

    [Fact]
    public void Different_machines_are_refused_with_the_difference_named_unless_allowed()
    {
        using var folder = new TestFolder();
        var summary = WithSamples(seed: 4, scale: 1.0);
        var baseRun = Write(folder, "base.json", summary);
        var other = summary with { Run = summary.Run with { MachineKey = "intel-xeon-x86-64-v3-linux-net10", Cpu = "Intel Xeon" } };
        var diffRun = Write(folder, "diff.json", other);

        var refused = Cli.Run("compare", "--base", baseRun, "--diff", diffRun);
        Assert.Equal(2, refused.ExitCode);
        Assert.Contains("CPU: AMD EPYC vs Intel Xeon", refused.Error, StringComparison.Ordinal);

        var allowed = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--allow-different-machines");
        Assert.Equal(0, allowed.ExitCode);
        var lines = allowed.Out.Split('\n');
        Assert.Contains("different machines", lines.First(l => l.StartsWith("> ", StringComparison.Ordinal)), StringComparison.Ordinal);
    }

    [Fact]
    public void A_changed_competitor_version_is_flagged_beside_its_deltas()
    {
        using var folder = new TestFolder();
        var summary = WithSamples(seed: 5, scale: 1.0);
        var packages = summary.Run.Packages.ToDictionary(p => p.Key, p => p.Key == "bouncycastle" ? "Portable.BouncyCastle 1.9.0" : p.Value);
        var diff = WithSamples(seed: 6, scale: 1.0, slowProvider: "bouncycastle") with { Run = summary.Run with { Packages = packages } };

        var result = Compare(folder, [summary], [diff], "--fail-on", "never");
        AssertText.ContainsAll(result.Out, "Provider `bouncycastle` changed version (Portable.BouncyCastle 1.8.10 → Portable.BouncyCastle 1.9.0)", "package changed: Portable.BouncyCastle 1.8.10 → Portable.BouncyCastle 1.9.0");
    }

    [Fact]
    public void Allocation_from_zero_is_a_regression_of_its_own()
    {
        using var folder = new TestFolder();
        var summary = WithSamples(seed: 7, scale: 1.0);
        var allocating = summary with
        {
            Results = summary.Results.Select(r => r.Id == "sha256/os" && r.SizeBytes == 128 ? r with { AllocatedBytes = 24 } : r).ToArray(),
        };

        var result = Compare(folder, [summary], [allocating]);
        Assert.Equal(1, result.ExitCode);
        AssertText.ContainsAll(result.Out, "1 allocation regression(s)", "| sha256/os · hash · oneshot · 128 B · job quick · .NET 10.0.12 | 0 B | 24 B |");
    }

    [Fact]
    public void Cases_on_one_side_only_are_listed_not_dropped()
    {
        using var folder = new TestFolder();
        var summary = WithSamples(seed: 8, scale: 1.0);
        var result = Compare(folder, [summary], [summary with { Results = summary.Results.Where(r => r.Provider != "libsodium").ToArray() }]);
        Assert.Equal(0, result.ExitCode);
        AssertText.ContainsAll(result.Out, "4 case(s) only in base, 0 only in diff", "Only in base (not measured in diff): `sha256/libsodium · hash · oneshot · 128 B");
    }

    [Theory]
    [InlineData("duplicate", "duplicate case 'sha256/bouncycastle · hash · oneshot · 128 B")]
    [InlineData("no-samples", "has no samples")]
    [InlineData("truncated", "not valid JSON")]
    [InlineData("empty-statistic", "median_ns")]
    public void Malformed_runs_are_refused_naming_the_file_and_the_case(string damage, string expected)
    {
        using var folder = new TestFolder();
        var good = Write(folder, "base.json", WithSamples(seed: 9, scale: 1.0));
        var text = File.ReadAllText(good);
        var summary = JsonSerializer.Deserialize<RunSummary>(text, SummaryFile.Options)!;
        var bad = folder.Combine("bad.json");
        switch (damage)
        {
            case "duplicate":
                SummaryFile.Write(summary with { Results = [.. summary.Results, summary.Results[0]] }, bad);
                break;
            case "no-samples":
                SummaryFile.Write(summary with { Results = summary.Results.Select((r, i) => i == 2 ? r with { SamplesNs = [] } : r).ToArray() }, bad);
                break;
            case "truncated":
                File.WriteAllText(bad, text[..(text.Length / 2)]);
                break;
            case "empty-statistic":
                // BenchmarkDotNet writes NaN as an empty string; a summary carrying one is refused.
                var index = text.IndexOf("\"median_ns\": ", StringComparison.Ordinal);
                var end = text.IndexOf(',', index);
                File.WriteAllText(bad, text[..index] + "\"median_ns\": \"\"" + text[end..]);
                break;
        }

        var result = Cli.Run("compare", "--base", good, "--diff", bad);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(bad, result.Error, StringComparison.Ordinal);
        Assert.Contains(expected, result.Error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--threshold", "0%", "Invalid --threshold '0%'")]
    [InlineData("--threshold", "abc", "Invalid --threshold 'abc'")]
    [InlineData("--noise", "-1ns", "Invalid --noise '-1ns'")]
    [InlineData("--fail-on", "faster", "Invalid --fail-on 'faster'")]
    public void Bad_options_exit_2_with_the_valid_choices(string option, string value, string expected)
    {
        using var folder = new TestFolder();
        var run = Write(folder, "base.json", WithSamples(seed: 10, scale: 1.0));
        var result = Cli.Run("compare", "--base", run, "--diff", run, option, value);
        Assert.Equal(2, result.ExitCode);
        Assert.StartsWith("harness: " + expected, result.Error, StringComparison.Ordinal);
        Assert.Contains("Valid", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_missing_run_folder_exits_2_naming_it()
    {
        using var folder = new TestFolder();
        var result = Cli.Run("compare", "--base", folder.Combine("nope"), "--diff", folder.Combine("nope"));
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(folder.Combine("nope"), result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_results_folder_of_one_run_is_that_run()
    {
        using var folder = new TestFolder();
        // What `run --results DIR` leaves: DIR/<machine>/<time>-<job>/summary.json.
        var baseResults = folder.Combine("base-results");
        var diffResults = folder.Combine("diff-results");
        var summary = WithSamples(seed: 7, scale: 1.0);
        RunFolder.Finish(RunFolder.Create(baseResults, summary.Run.MachineKey, summary.Run.Utc, "quick"), summary);
        RunFolder.Finish(RunFolder.Create(diffResults, summary.Run.MachineKey, summary.Run.Utc, "quick"), WithSamples(seed: 8, scale: 1.10));

        var result = Cli.Run("compare", "--base", baseResults, "--diff", diffResults, "--fail-on", "never", "--out", folder.Combine("comment.md"));

        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith("16 slower, 0 faster, 0 same", result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void A_results_folder_of_several_runs_is_refused_naming_them()
    {
        using var folder = new TestFolder();
        var results = folder.Combine("results");
        var summary = WithSamples(seed: 9, scale: 1.0);
        var first = RunFolder.Create(results, summary.Run.MachineKey, summary.Run.Utc, "quick");
        var second = RunFolder.Create(results, summary.Run.MachineKey, summary.Run.Utc, "quick");
        RunFolder.Finish(first, summary);
        RunFolder.Finish(second, summary);

        var result = Cli.Run("compare", "--base", results, "--diff", first, "--out", folder.Combine("comment.md"));

        Assert.Equal(2, result.ExitCode);
        var line = Assert.Single(result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"harness: --base {results}: 2 runs in this folder; valid: one of them", line, StringComparison.Ordinal);
        Assert.Contains(Path.GetRelativePath(results, first), line, StringComparison.Ordinal);
        Assert.Contains(Path.GetRelativePath(results, second), line, StringComparison.Ordinal);
        Assert.False(File.Exists(folder.Combine("comment.md")));
    }

    /// <summary>The fixture with 15 simulated samples per case around its recorded median (2% CV).</summary>
    private static RunSummary WithSamples(int seed, double scale, string? slowProvider = null)
    {
        var summary = Fixture();
        var random = new Random(seed);
        return summary with
        {
            Failures = [],
            Unsupported = [],
            Results = summary.Results.Select(r =>
            {
                var factor = slowProvider is null || r.Provider == slowProvider ? scale : 1.0;
                var samples = Enumerable.Range(0, 15).Select(_ => r.MedianNs * factor * LogNormal(random, 0.02)).ToArray();
                return r with { SamplesNs = samples, MedianNs = r.MedianNs * factor, MeanNs = r.MeanNs * factor };
            }).ToArray(),
        };
    }
}
