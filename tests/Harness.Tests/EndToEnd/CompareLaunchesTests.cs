using static CryptoHarness.Tests.SimulatedTimes;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>
/// <c>harness compare</c> with two launches a side, as the benchmark workflow runs it, on summaries made from the
/// recorded fixture with simulated samples: every sample of a launch carries that launch's offset.
/// </summary>
public sealed class CompareLaunchesTests
{
    [Fact]
    public void Two_launches_a_side_whose_processes_differ_are_not_flagged_when_the_code_is_the_same()
    {
        using var folder = new TestFolder();
        // Launch offsets as seen on this machine: base 0% and +12%, diff +14% and +15%. One launch a side flags the 14%;
        // two a side see the diff 8% above the pooled base median, within the 12% spread between the base launches,
        // and report same, saying why.
        RunSummary[] bases = [Launch(seed: 1, offset: 1.00), Launch(seed: 2, offset: 1.12)];
        RunSummary[] diffs = [Launch(seed: 3, offset: 1.14), Launch(seed: 4, offset: 1.15)];

        var single = Compare(folder, bases[..1], diffs[..1]);
        Assert.Equal(1, single.ExitCode);
        Assert.Contains("16 slower", single.Out, StringComparison.Ordinal);

        var result = Compare(folder, bases, diffs, "--out", folder.Combine("comment.md"));
        Assert.Equal(0, result.ExitCode);
        Assert.StartsWith("0 slower, 0 faster, 16 same", result.Out, StringComparison.Ordinal);
        Assert.Contains("— 16 within the spread between launches", result.Out, StringComparison.Ordinal);
        var comment = File.ReadAllText(folder.Combine("comment.md"));
        AssertText.ContainsAll(comment,
            "(2 launches: ",
            "the largest ratio between the medians of two launches of the same side",
            "% spread between launches");
    }

    [Fact]
    public void A_slowdown_beyond_the_launch_spread_is_slower()
    {
        using var folder = new TestFolder();
        var result = Compare(
            folder, [Launch(seed: 5, offset: 1.00), Launch(seed: 6, offset: 1.02)], [Launch(seed: 7, offset: 1.10), Launch(seed: 8, offset: 1.11)]);
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("16 slower, 0 faster, 0 same", result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void The_same_launch_twice_on_one_side_is_refused_naming_both()
    {
        using var folder = new TestFolder();
        var summary = Launch(seed: 9, offset: 1.0);
        var first = Write(folder, "a.json", summary);
        var copy = Write(folder, "b.json", summary);
        var diff = Write(folder, "diff.json", Launch(seed: 10, offset: 1.0));

        var result = Cli.Run("compare", "--base", first, "--base", copy, "--diff", diff);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains($"{first} and {copy} are the same base launch", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Launches_of_different_commits_on_one_side_are_refused()
    {
        using var folder = new TestFolder();
        var other = Launch(seed: 12, offset: 1.0);
        var result = Compare(
            folder, [Launch(seed: 11, offset: 1.0), other with { Run = other.Run with { GitCommit = "0123456789abcdef" } }], [Launch(seed: 13, offset: 1.0)]);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("The base launches differ", result.Error, StringComparison.Ordinal);
        Assert.Contains("0123456789abcdef", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_run_records_its_launch_and_accepts_several_families()
    {
        using var folder = new TestFolder();
        for (var launch = 1; launch <= 2; launch++)
        {
            Cli.Run("run", "--family", "SHA-256,BLAKE3", "--job", "dry", "--sizes", "128", "--results", folder.Combine($"launch{launch}"), "--out", folder.Combine($"out{launch}"), "--quiet").Succeeded();
        }

        var summaries = Enumerable.Range(1, 2)
            .Select(n => folder.OnlySummary($"launch{n}"))
            .Select(SummaryFile.Load).ToArray();
        Assert.All(summaries, s => Assert.Matches("^[0-9a-f]{32}$", s.Run.LaunchId));
        Assert.NotEqual(summaries[0].Run.LaunchId, summaries[1].Run.LaunchId);
        Assert.Equal(["SHA-256", "BLAKE3"], summaries[0].Algorithms.Select(a => a.Name));
    }

    /// <summary>The fixture as one launch: 15 samples a case around its recorded median × the launch's offset, 1% CV.</summary>
    private static RunSummary Launch(int seed, double offset)
    {
        var summary = Fixture();
        var random = new Random(seed);
        return summary with
        {
            Run = summary.Run with { LaunchId = $"launch-{seed}" },
            Failures = [],
            Unsupported = [],
            Results = summary.Results.Select(r => r with
            {
                SamplesNs = Enumerable.Range(0, 15).Select(_ => r.MedianNs * offset * LogNormal(random, 0.01)).ToArray(),
            }).ToArray(),
        };
    }
}
