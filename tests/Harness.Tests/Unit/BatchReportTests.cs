using CryptoHarness.Comparing;
using CryptoHarness.Reporting;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Unit;

/// <summary>The batch page and the crossover sentence, from hand-made results whose answer is known.</summary>
public sealed class BatchReportTests
{
    private static readonly string Fixtures = Path.Combine(AppContext.BaseDirectory, "Fixtures");

    private static readonly ResultRecord BatchPattern = MadeUpResults.Pattern("SHA-2", "SHA-256", "sha256", "batch");

    private static ResultRecord Record(string provider, string variant, int batchSize, double perItemNs, int messageBytes = 32)
    {
        var operation = variant.StartsWith("multibuffer", StringComparison.Ordinal) ? OperationNames.HashBatch : OperationNames.HashLoop;
        return BatchPattern.Timed(provider, variant, operation, batchSize * messageBytes, perItemNs * batchSize) with
        {
            BatchSize = batchSize,
            MessageBytes = messageBytes,
            PerItemNs = perItemNs,
        };
    }

    /// <summary>os costs 120 ns a message at every size; avx2 falls from 150 to 60, crossing between 8 and 16.</summary>
    private static ResultRecord[] CrossingAtSixteen() =>
    [
        .. new[] { 8, 16, 32, 64, 128 }.Select(n => Record("os", "", n, 120)),
        .. new[] { (8, 150.0), (16, 95), (32, 80), (64, 70), (128, 60) }.Select(p => Record("managed", "multibuffer-avx2", p.Item1, p.Item2)),
        .. new[] { (8, 400.0), (16, 399), (32, 398), (64, 397), (128, 396) }.Select(p => Record("managed", "multibuffer-scalar", p.Item1, p.Item2)),
    ];

    [Fact]
    public void The_crossover_is_the_smallest_batch_at_which_the_fastest_batch_api_beats_the_fastest_loop()
    {
        Assert.Equal(
            "Crossover: a batch of 16 is the smallest measured at which the fastest batch API beats the fastest loop of single calls: "
            + "`managed (multibuffer-avx2)` takes 95.00 ns per message, `os` 120.00 ns.",
            ReportModel.Crossover(CrossingAtSixteen()));
    }

    [Fact]
    public void A_batch_api_that_never_wins_is_said_to_never_cross_in_the_measured_range()
    {
        ResultRecord[] records =
        [
            .. new[] { 8, 16, 128 }.Select(n => Record("os", "", n, 120)),
            .. new[] { 8, 16, 128 }.Select(n => Record("managed", "multibuffer-scalar", n, 120)),
        ];
        Assert.Equal(
            "Crossover: never in the measured range (batches of 8 to 128): at every batch size the fastest loop of single calls is at least as fast "
            + "as the fastest batch API; at a batch of 128, `os` takes 120.00 ns per message and `managed (multibuffer-scalar)` 120.00 ns.",
            ReportModel.Crossover(records));
    }

    [Fact]
    public void A_crossover_that_does_not_hold_at_larger_batches_says_where()
    {
        ResultRecord[] records =
        [
            .. new[] { 8, 16, 32, 64, 128 }.Select(n => Record("os", "", n, 100)),
            .. new[] { (8, 90.0), (16, 95), (32, 110), (64, 99), (128, 101) }.Select(p => Record("managed", "multibuffer-avx512", p.Item1, p.Item2)),
        ];
        var sentence = ReportModel.Crossover(records);
        Assert.StartsWith("Crossover: a batch of 8 is the smallest measured", sentence, StringComparison.Ordinal);
        Assert.EndsWith(" It does not hold at every larger size: not at batches of 32 and 128.", sentence, StringComparison.Ordinal);
    }

    [Fact]
    public void The_batch_page_is_a_per_message_table_by_batch_size_fastest_first_with_the_crossover()
    {
        var fixture = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var summary = fixture with { Run = fixture.Run with { Scenario = "batch" }, Results = CrossingAtSixteen(), Failures = [], Unsupported = [] };

        var files = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary);

        Assert.Equal(["sha256-batch.md", "machine-spec.md"], files.Select(f => f.Name));
        var page = files[0].Content;
        var table = page.Split('\n').SkipWhile(l => !l.StartsWith("| Implementation", StringComparison.Ordinal)).TakeWhile(l => l.StartsWith('|')).ToArray();
        Assert.Equal(
        [
            "| Implementation | Timed as | 8 | 16 | 32 | 64 | 128 |",
            "|:---------------|:---------|----:|----:|----:|----:|----:|",
            "| managed (multibuffer-avx2) | one batch call | 150.00 | 95.00 | 80.00 | 70.00 | 60.00 |",
            "| os | one call per message | 120.00 | 120.00 | 120.00 | 120.00 | 120.00 |",
            "| managed (multibuffer-scalar) | one batch call | 400.00 | 399.00 | 398.00 | 397.00 | 396.00 |",
        ], table);
        Assert.Contains("\n## 32-byte messages\n\nTime per message (ns), by batch size:", page, StringComparison.Ordinal);
        Assert.Contains("\n" + ReportModel.Crossover(CrossingAtSixteen()) + "\n", page, StringComparison.Ordinal);
    }

    [Fact]
    public void Batches_of_equal_total_size_are_different_cases_when_comparing()
    {
        var run = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick")).Run;
        var sixtyFourOfThirtyTwo = Record("os", "", 64, 100, messageBytes: 32);
        var thirtyTwoOfSixtyFour = Record("os", "", 32, 100, messageBytes: 64);
        Assert.Equal(sixtyFourOfThirtyTwo.SizeBytes, thirtyTwoOfSixtyFour.SizeBytes);

        Assert.NotEqual(RunComparison.CaseKey(sixtyFourOfThirtyTwo, run), RunComparison.CaseKey(thirtyTwoOfSixtyFour, run));
        Assert.Contains("· batch · 64 × 32 B ·", RunComparison.CaseKey(sixtyFourOfThirtyTwo, run), StringComparison.Ordinal);
    }
}
