using CryptoHarness.Formatting;
using CryptoHarness.Reporting;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// A password page ranks and compares each operation's rows by the run's interleaved rounds when they were timed in the
/// same rounds, as the one-shot pages do, and by median otherwise; from hand-made results whose answer is known.
/// </summary>
public sealed class PasswordRatioTests
{
    private static readonly RunSummary Fixture = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick"));

    private static readonly ResultRecord PasswordPattern = MadeUpResults.Pattern("Argon2", "Argon2id", "argon2id", "password");

    private static ResultRecord Row(string provider, string operation, double medianNs, string? table = null, double[]? rounds = null) =>
        PasswordPattern.Timed(provider, "", operation, 0, medianNs) with
        {
            ParameterSet = "test",
            Rounds = table is null ? null : new InterleavedRecord { Table = table, NsPerCall = rounds!, CallsPerRound = 1, AllocatedBytes = 0 },
        };

    private static RunSummary Summary(params ResultRecord[] results) => Fixture with
    {
        Results = results,
        Failures = [],
        Unsupported = [],
        ParameterSets = [new ParameterSetInfo { Name = "test", Description = "m=1024 KiB (1 MiB), t=1, p=1, 32-byte tag", Source = "", Kind = "argon2" }],
    };

    [Fact]
    public void Rows_timed_in_the_same_rounds_are_ranked_by_them_and_the_line_under_the_table_says_so()
    {
        // BenchmarkDotNet caught managed in a loaded minute (its median 130 against libsodium's 100); in the rounds,
        // which both sides ran in turn, libsodium took 1.1 × managed's time in every round.
        var page = PasswordReport.Algorithms(Summary(
            Row("libsodium", "hash", 100, "t", [110, 220, 132]),
            Row("managed", "hash", 130, "t", [100, 200, 120]))).Single().Model;

        var table = page.Tables.Single();
        Assert.Equal([("managed", "1.00"), ("libsodium", "1.10")], table.Rows.Select(r => (r.Label, r.Ratio)));
        Assert.Equal("Ratios are medians of per-round ratios over 3 interleaved rounds of each operation's rows.", table.RatioMethod);
    }

    [Fact]
    public void Rows_without_shared_rounds_are_ranked_by_median_and_the_line_names_which_ratios_are_of_medians()
    {
        var page = PasswordReport.Algorithms(Summary(
            Row("libsodium", "hash", 100, "t", [110, 220, 132]),
            Row("managed", "hash", 130, "t", [100, 200, 120]),
            Row("managed", "verify", 150),
            Row("libsodium", "verify", 120))).Single().Model;

        var rows = page.Tables.Single().Rows;
        Assert.Equal(
            [("managed", "hash", "1.00"), ("libsodium", "hash", "1.10"), ("libsodium", "verify", "1.00"), ("managed", "verify", "1.25")],
            rows.Select(r => (r.Label, r.Operation, r.Ratio)));
        Assert.Equal(
            "Ratios are medians of per-round ratios over 3 interleaved rounds where an operation's rows were timed together, else ratios of medians.",
            page.Tables.Single().RatioMethod);
    }

    [Fact]
    public void A_page_of_medians_only_has_no_line_under_its_table()
    {
        var page = PasswordReport.Algorithms(Summary(Row("libsodium", "hash", 100), Row("managed", "hash", 130))).Single().Model;

        Assert.Equal([("libsodium", "1.00"), ("managed", "1.30")], page.Tables.Single().Rows.Select(r => (r.Label, r.Ratio)));
        Assert.Null(page.Tables.Single().RatioMethod);
    }

    [Fact]
    public void The_cross_machine_cell_names_the_leader_of_the_rounds_with_its_median_over_them_and_its_ties()
    {
        var summary = Summary(
            Row("libsodium", "hash", 100, "t", [110, 220, 132]),
            Row("managed", "hash", 130, "t", [100, 200, 120]),
            Row("geralt", "hash", 140, "t", [99, 202, 121])); // per-round ratios to managed 0.99, 1.01, 1.008: not told apart

        var row = PasswordReport.CrossMachineRows(["m"], new Dictionary<string, IReadOnlyList<RunSummary>> { ["m"] = [summary] }).Single();

        // managed's median over the rounds, 120 ns, not BenchmarkDotNet's 130; libsodium, 1.1 × in every round, is not tied.
        Assert.Equal($"{Format.Duration(120)} (`managed`, tied with `geralt`)", row.Cells.Single());
    }
}
