using CryptoHarness.Reporting;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Unit;

/// <summary>The Argon2 page's lane table, from hand-made results whose answer is known.</summary>
public sealed class LaneScalingTests
{
    private static ParameterSetInfo Set(string name, int memoryKib, int passes, int lanes, int tagBytes = 32) => new()
    {
        Name = name,
        Description = name,
        Source = "",
        Kind = "argon2",
        MemoryKib = memoryKib,
        Passes = passes,
        Lanes = lanes,
        TagBytes = tagBytes,
    };

    private static readonly ResultRecord PasswordPattern = MadeUpResults.Pattern("Argon2", "Argon2id", "argon2id", "password");

    private static ResultRecord Hash(string provider, string variant, string set, double medianMs, string operation = "hash") =>
        PasswordPattern.Timed(provider, variant, operation, 0, medianMs * 1e6) with { ParameterSet = set };

    [Fact]
    public void Each_implementation_at_p_lanes_is_divided_by_itself_at_one_lane_of_the_same_memory_passes_and_tag()
    {
        ParameterSetInfo[] sets =
        [
            Set("default", 65536, 4, 4),
            Set("default-p1", 65536, 4, 1),
            Set("rfc9106", 65536, 3, 4),   // no one-lane set with t=3: no rows
            Set("short-tag", 65536, 4, 1, tagBytes: 16), // another tag: not the baseline
        ];
        ResultRecord[] results =
        [
            Hash("managed", "avx512", "default", 30),
            Hash("managed", "avx512", "default-p1", 70),
            Hash("managed", "avx2", "default", 36),       // no one-lane result of its own: no row
            Hash("konscious", "", "default", 200),
            Hash("konscious", "", "default-p1", 210),
            Hash("managed", "avx512", "rfc9106", 22),
            Hash("managed", "avx512", "short-tag", 1),
            Hash("konscious", "", "default", 1, operation: "verify"), // only the raw hash counts
        ];

        var rows = PasswordReport.LaneScaling(sets, results, logicalCores: 2);

        Assert.Equal(2, rows.Count);
        Assert.Equal(("managed (avx512)", "default-p1", "default", 4, "70.00 ms", "30.00 ms", "0.429", "0.500"),
            (rows[0].Label, rows[0].OneLaneSet, rows[0].ManyLaneSet, rows[0].Lanes, rows[0].OneLaneMedian, rows[0].ManyLaneMedian, rows[0].Ratio, rows[0].Ideal));
        Assert.Equal(("konscious", "0.952", "0.500"), (rows[1].Label, rows[1].Ratio, rows[1].Ideal));
    }

    [Fact]
    public void Spreading_alone_gives_one_over_the_lanes_when_there_are_more_cores_than_lanes()
    {
        ParameterSetInfo[] sets = [Set("p2", 1024, 1, 2), Set("p1", 1024, 1, 1)];
        ResultRecord[] results = [Hash("managed", "", "p2", 0.6), Hash("managed", "", "p1", 1)];

        var row = Assert.Single(PasswordReport.LaneScaling(sets, results, logicalCores: 8));
        Assert.Equal(("0.600", "0.500"), (row.Ratio, row.Ideal));
    }

    [Fact]
    public void Without_a_one_lane_set_of_the_same_work_there_is_no_table()
    {
        ParameterSetInfo[] sets = [Set("default", 65536, 4, 4), Set("owasp", 19456, 2, 1)];
        ResultRecord[] results = [Hash("managed", "", "default", 30), Hash("managed", "", "owasp", 10)];

        Assert.Empty(PasswordReport.LaneScaling(sets, results, logicalCores: 2));
    }

    [Fact]
    public void A_run_with_a_set_and_its_one_lane_twin_prints_the_lane_table()
    {
        using var folder = new TestFolder();
        Cli.Run("run", "--algorithm", "Argon2id", "--provider", "managed", "--argon2-set", "test", "--argon2", "m=1024,t=1,p=2", "--job", "dry",
            "--results", folder.Combine("results"), "--out", folder.Combine("out"), "--quiet").Succeeded();

        var page = File.ReadAllText(folder.Combine("out", "argon2id.md"));
        Assert.Contains("\n## Lanes: the same work on one lane and on several", page, StringComparison.Ordinal);
        var spreadingAlone = (1.0 / Math.Min(2, Environment.ProcessorCount)).ToString("N3", System.Globalization.CultureInfo.InvariantCulture);
        Assert.Matches(@"\| managed \([a-z0-9]+\) \| `test` \| [0-9.,]+ [mµμ]?s \| `m=1024,t=1,p=2,len=32` \(p=2\) \| [0-9.,]+ [mµμ]?s \| [0-9.]+ \| " + spreadingAlone.Replace(".", @"\.") + @" \|", page);
    }
}
