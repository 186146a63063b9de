using System.Globalization;
using System.Xml.Linq;
using CryptoHarness.Formatting;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The cost model: Theil–Sen lines and crossovers against inputs whose answer is known, and the pages that print them.
/// Every time here is made up or read from a fixture; nothing asserts on a timing taken by the test.
/// </summary>
public sealed class CostModelTests
{
    private static readonly string Fixtures = Path.Combine(AppContext.BaseDirectory, "Fixtures");

    /// <summary>Today's sweep: 128 B, 1 KiB, 8 KiB, 128 KiB.</summary>
    private static readonly int[] Sweep = [128, 1024, 8192, 131072];

    private static (double X, double Y)[] Line(double a, double b, IEnumerable<int> sizes) =>
        sizes.Select(x => ((double)x, a + (b * x))).ToArray();

    /// <summary>A SHA-256 record of the quick fixture, as the pattern of the made-up ones.</summary>
    private static readonly ResultRecord Pattern = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick")).Results[0];

    private static ResultRecord Record(string provider, string variant, string operation, int size, double ns) =>
        Pattern.Timed(provider, variant, operation, size, ns);

    private static ResultRecord[] Records(string provider, double a, double b, string operation = "hash", string variant = "", IEnumerable<int>? sizes = null) =>
        (sizes ?? Sweep).Select(x => Record(provider, variant, operation, x, a + (b * x))).ToArray();

    [Fact]
    public void An_exact_line_is_recovered_exactly()
    {
        var fit = TheilSen.Fit(Line(250, 0.55, Sweep))!;

        Assert.Equal(250, fit.Intercept, 9);
        Assert.Equal(0.55, fit.Slope, 12);
        Assert.Equal(0, fit.LargestRelativeResidual, 12);
        Assert.Equal(4, fit.Points);
    }

    [Fact]
    public void One_wild_size_among_five_leaves_the_line_where_the_others_put_it()
    {
        int[] sizes = [128, 1024, 8192, 32768, 131072];
        var points = Line(400, 2.5, sizes);
        points[2] = (points[2].X, points[2].Y * 3); // a disturbed 8 KiB: three times its time

        var fit = TheilSen.Fit(points)!;

        Assert.Equal(400, fit.Intercept, 6);
        Assert.Equal(2.5, fit.Slope, 9);
        // The wild size is the one the line misses, by the factor it was disturbed: (3y − y) ÷ 3y.
        Assert.Equal(2.0 / 3, fit.LargestRelativeResidual, 9);

        // Least squares on the same points would not have stayed on the line.
        var meanX = points.Average(p => p.X);
        var meanY = points.Average(p => p.Y);
        var leastSquares = points.Sum(p => (p.X - meanX) * (p.Y - meanY)) / points.Sum(p => (p.X - meanX) * (p.X - meanX));
        Assert.True(Math.Abs(leastSquares - 2.5) > 0.01, $"least squares slope {leastSquares}");
    }

    [Fact]
    public void With_four_sizes_a_wild_inner_size_is_ignored_too()
    {
        var points = Line(400, 2.5, Sweep);
        points[1] = (points[1].X, points[1].Y * 2);

        var fit = TheilSen.Fit(points)!;

        Assert.Equal(400, fit.Intercept, 6);
        Assert.Equal(2.5, fit.Slope, 9);
    }

    [Theory]
    [InlineData(new[] { 128, 1024 })]
    [InlineData(new[] { 128 })]
    [InlineData(new int[0])]
    [InlineData(new[] { 128, 128, 1024 })] // three records but two sizes
    public void Fewer_than_three_sizes_give_no_fit(int[] sizes)
    {
        Assert.Null(TheilSen.Fit(Line(100, 1, sizes)));
        Assert.Null(CostModel.Fit(Records("os", 100, 1, sizes: sizes)));
    }

    [Fact]
    public void Two_lines_cross_where_a_plus_b_x_are_equal()
    {
        // os: 1000 + 0.5x; managed: 100 + 1.0x; equal at x = 900 ÷ 0.5 = 1800 bytes.
        var os = TheilSen.Fit(Line(1000, 0.5, Sweep))!;
        var managed = TheilSen.Fit(Line(100, 1.0, Sweep))!;

        Assert.Equal(1800, TheilSen.Crossover(os, managed, 128, 131072)!.Value, 6);
        Assert.Equal(1800, TheilSen.Crossover(managed, os, 128, 131072)!.Value, 6);

        var crossover = Assert.Single(CostModel.Crossovers([.. Records("os", 1000, 0.5), .. Records("managed", 100, 1.0)]));
        Assert.Equal(1800, crossover.Bytes, 6);
        Assert.Equal("os", crossover.Overtaker);
        Assert.Equal("managed", crossover.Overtaken);
        Assert.Equal("`os` overtakes `managed` above 1.8 KiB.", crossover.Sentence);
    }

    [Fact]
    public void Lines_that_meet_outside_the_measured_sizes_or_never_give_no_crossover()
    {
        // Equal at 500 bytes, below the smallest size both measured (1 KiB).
        var sizes = new[] { 1024, 8192, 131072 };
        var first = TheilSen.Fit(Line(100, 0.5, sizes))!;
        var second = TheilSen.Fit(Line(50, 0.6, sizes))!;
        Assert.Null(TheilSen.Crossover(first, second, 1024, 131072));
        Assert.Empty(CostModel.Crossovers([.. Records("os", 100, 0.5, sizes: sizes), .. Records("managed", 50, 0.6, sizes: sizes)]));

        // Equal at 500 bytes, measured from 128 B: inside.
        Assert.Single(CostModel.Crossovers([.. Records("os", 100, 0.5), .. Records("managed", 50, 0.6)]));

        // Parallel lines never meet.
        Assert.Null(TheilSen.Crossover(TheilSen.Fit(Line(100, 0.5, Sweep))!, TheilSen.Fit(Line(300, 0.5, Sweep))!, 128, 131072));
    }

    [Fact]
    public void Lines_that_cross_against_the_measurements_give_no_crossover()
    {
        // managed is faster than os at every measured size, but its 128 KiB time drags its line's slope below os's…
        var os = Records("os", 1000, 0.5);
        var managed = Records("managed", 100, 0.6);
        managed[^1] = managed[^1] with { MedianNs = 60000 };
        Assert.True(managed[0].MedianNs < os[0].MedianNs && managed[^1].MedianNs < os[^1].MedianNs);
        Assert.NotNull(TheilSen.Crossover(CostModel.Fit(os)!, CostModel.Fit(managed)!, 128, 131072));

        // …so the lines meet inside the range while the measurements at both ends say managed leads: no overtaking.
        Assert.Empty(CostModel.Crossovers([.. os, .. managed]));
    }

    [Fact]
    public void A_crossover_that_a_measured_size_contradicts_is_not_stated()
    {
        // The lines meet at 1.8 KiB (managed's disturbed 8 KiB is an inner point, which Theil–Sen ignores), but managed
        // was measured faster at 8 KiB, above that size: the measurements do not show os overtaking there.
        var os = Records("os", 1000, 0.5);
        var managed = Records("managed", 100, 1.0);
        managed[2] = managed[2] with { MedianNs = 4000 };
        Assert.Equal(1800, TheilSen.Crossover(CostModel.Fit(os)!, CostModel.Fit(managed)!, 128, 131072)!.Value, 6);

        Assert.Empty(CostModel.Crossovers([.. os, .. managed]));
    }

    [Fact]
    public void A_provider_is_fitted_by_its_variant_fastest_at_the_largest_size()
    {
        ResultRecord[] records =
        [
            .. Records("os", 1000, 0.5),
            .. Records("managed", 100, 1.0, variant: "avx2"),
            .. Records("managed", 50, 2.0, variant: "scalar"),
        ];

        var crossover = Assert.Single(CostModel.Crossovers(records));

        Assert.Equal("managed (avx2)", crossover.Overtaken);
        Assert.Equal(1800, crossover.Bytes, 6);
    }

    [Fact]
    public void Every_operation_is_fitted_on_its_own()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        ResultRecord[] results =
        [
            .. Records("os", 1000, 0.5, "encrypt"), .. Records("managed", 100, 1.0, "encrypt"),
            .. Records("os", 2000, 0.5, "decrypt"), .. Records("managed", 200, 1.0, "decrypt"),
        ];

        var page = CostModel.Page(results, summary.Run, KindRegistry.Presentations);

        Assert.Equal(new[] { "Cost model · Encrypt", "Cost model · Decrypt and verify" }, page.Tables.Select(t => t.Title));
        Assert.Equal(new[] { "`os` overtakes `managed` above 1.8 KiB." }, page.Tables[0].Crossovers);
        Assert.Equal(new[] { "`os` overtakes `managed` above 3.5 KiB." }, page.Tables[1].Crossovers);
        Assert.Equal(new[] { "os", "managed" }, page.Tables[1].Rows.Select(r => r.Label));
        Assert.Equal("2,000.0", page.Tables[1].Rows[0].Fixed);
        Assert.Equal("0.500", page.Tables[1].Rows[0].Slope);
    }

    [Fact]
    public void Without_three_sizes_the_page_says_the_model_is_not_fitted()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        summary = summary with { Results = [.. summary.Results.Where(r => r.SizeBytes <= 1024)] };

        var page = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary).Single(f => f.Name == "sha256.md").Content;

        Assert.DoesNotContain("\n## Cost model", page, StringComparison.Ordinal);
        Assert.Contains("Cost model: not fitted. A line needs at least 3 payload sizes; no implementation here was measured at more than 2.", page, StringComparison.Ordinal);
    }

    [Fact]
    public void The_algorithm_page_shows_a_and_b_of_every_implementation_and_the_crossover_in_words_and_on_the_chart()
    {
        // A recorded quick run (reports/amd-epyc-x86-64-v4-linux-net10/data/sha256.json) in which managed and libsodium
        // cross; given a clock rate here, since that run recorded none.
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-crossover"));
        const double Hertz = 2.5e9;
        summary = summary with { Run = summary.Run with { CpuFrequencyHz = Hertz, CpuFrequencySource = "given by the test" } };

        var files = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary);
        var page = files.Single(f => f.Name == "sha256.md").Content;

        foreach (var implementation in summary.Results.GroupBy(r => r.Id))
        {
            var fit = CostModel.Fit(implementation)!;
            var first = implementation.First();
            var row = string.Join(" | ", Format.ProviderLabel(first.Provider, first.Variant),
                fit.Intercept.ToString("N1", CultureInfo.InvariantCulture), fit.Slope.ToString("N3", CultureInfo.InvariantCulture),
                (fit.Slope * 1e-9 * Hertz).ToString("N2", CultureInfo.InvariantCulture),
                (fit.LargestRelativeResidual * 100).ToString("N1", CultureInfo.InvariantCulture) + "%", "4");
            Assert.Contains($"| {row} |", page, StringComparison.Ordinal);
        }

        var managed = CostModel.Fit(summary.Results.Where(r => r.Provider == "managed"))!;
        var libsodium = CostModel.Fit(summary.Results.Where(r => r.Provider == "libsodium"))!;
        var bytes = TheilSen.Crossover(managed, libsodium, 128, 131072)!.Value;
        var sentence = $"`managed (scalar)` overtakes `libsodium` above {Format.ApproximateSize(bytes)}.";
        Assert.Contains($"- {sentence}", page, StringComparison.Ordinal);
        Assert.Contains("b in cycles/B is b × 2.500 cycles/ns", page, StringComparison.Ordinal);

        var svg = XDocument.Parse(files.Single(f => f.Name == "charts/sha256.svg").Content).Root!;
        XNamespace ns = "http://www.w3.org/2000/svg";
        var marker = Assert.Single(svg.Descendants(ns + "g"), g => (string?)g.Attribute("class") == "marker");
        Assert.Equal(bytes, double.Parse((string)marker.Attribute("data-x")!, CultureInfo.InvariantCulture), 0.01);
        Assert.Equal(sentence.Replace("`", "", StringComparison.Ordinal).TrimEnd('.'), marker.Element(ns + "title")!.Value);
    }

    [Fact]
    public void Without_a_clock_cycles_per_byte_of_the_fit_are_n_a_and_ns_per_byte_remain()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-crossover"));
        Assert.Null(summary.Run.CpuFrequencyHz);

        var page = CostModel.Page(summary.Results, summary.Run, KindRegistry.Presentations);

        Assert.All(page.Tables.Single().Rows, r =>
        {
            Assert.Equal("n/a", r.Cycles);
            Assert.NotEqual("n/a", r.Slope);
        });
        var rendered = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary).Single(f => f.Name == "sha256.md").Content;
        Assert.Contains("b in cycles/B is n/a, this run recorded no CPU clock rate", rendered, StringComparison.Ordinal);
    }

    [Fact]
    public void The_highlights_give_the_fixed_cost_and_cost_per_byte_of_the_family_leader()
    {
        var summary = SummaryFile.Load(Path.Combine(Fixtures, "sha256-quick"));
        var leader = summary.Results.Where(r => r.SizeBytes == HighlightSizes.Default.LargeBytes).MinBy(r => r.MedianNs)!;
        var fit = CostModel.Fit(summary.Results.Where(r => r.Id == leader.Id))!;

        var cost = Assert.Single(FamilyOverview.Highlights([summary], KindRegistry.Presentations).Costs);

        Assert.Equal("SHA-2", cost.Family);
        Assert.Equal("SHA-256", cost.Algorithm);
        Assert.Equal(Format.ProviderLabel(leader.Provider, leader.Variant), cost.Line.Label);
        Assert.Equal(fit.Intercept.ToString("N1", CultureInfo.InvariantCulture), cost.Line.Fixed);
        Assert.Equal(fit.Slope.ToString("N3", CultureInfo.InvariantCulture), cost.Line.Slope);
        Assert.Equal((fit.Slope * 1e-9 * summary.Run.CpuFrequencyHz!.Value).ToString("N2", CultureInfo.InvariantCulture), cost.Line.Cycles);

        var highlights = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory).Render(summary, families: [summary]).Single(f => f.Name == "highlights.md").Content;
        Assert.Contains($"| SHA-2 | SHA-256 | {cost.Line.Label} | {cost.Line.Fixed} | {cost.Line.Slope} | {cost.Line.Cycles} | {cost.Line.Residual} | {cost.Line.Warning} |", highlights, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(409.6, "410 B")]
    [InlineData(2355, "2.3 KiB")]
    [InlineData(1800, "1.8 KiB")]
    [InlineData(3 * 1048576.0, "3 MiB")]
    public void Estimated_sizes_are_labelled_in_binary_units(double bytes, string label) => Assert.Equal(label, Format.ApproximateSize(bytes));
}
