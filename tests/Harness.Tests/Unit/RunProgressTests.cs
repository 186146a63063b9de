using CryptoHarness.Running;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// Progress as a log reads it (a test's writer is never an interactive terminal, as CI's output is not): plain lines
/// with the counts, the family and case, and the times; BenchmarkDotNet's log on the console only with --verbose.
/// </summary>
public sealed class RunProgressTests
{
    [Fact]
    public void A_writer_that_is_not_the_console_gets_plain_lines_never_the_live_display()
    {
        Assert.False(RunProgress.IsInteractive(new StringWriter()));
        Assert.False(RunProgress.Create(new StringWriter(), verbose: false).IsLive);
    }

    [Fact]
    public void Plain_progress_writes_a_line_at_every_tenth_and_every_new_family_and_one_at_the_end()
    {
        var writer = new StringWriter();
        var progress = RunProgress.Create(writer, verbose: false);
        using (var stage = progress.Stage("Measurement", 40))
        {
            for (var i = 0; i < 40; i++)
            {
                stage.Started($"case {i}", i < 25 ? "SHA-2" : "BLAKE3");
                stage.Finished();
            }
        }

        var lines = writer.ToString().Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        Assert.Equal("Measurement: 0/40 (0%), SHA-2: case 0; elapsed 0:00", lines[0]);
        // Nine tenths (10% … 90%; 100% is the closing line), the family change at case 25, the start and the end.
        Assert.Equal(12, lines.Length);
        Assert.Contains(lines, l => l.StartsWith("Measurement: 4/40 (10%), SHA-2: case 3; elapsed", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.StartsWith("Measurement: 25/40 (62%), BLAKE3: case 25; elapsed", StringComparison.Ordinal));
        Assert.All(lines[1..^1], l => Assert.Matches(@"elapsed \d+:\d\d, about \d+:\d\d left$", l));
        Assert.Matches(@"^Measurement: 40/40 done in \d+:\d\d\.$", lines[^1]);
    }

    [Fact]
    public void Quiet_progress_writes_nothing()
    {
        var writer = new StringWriter();
        using (var stage = RunProgress.Create(writer, verbose: false, quiet: true).Stage("Measurement", 3))
        {
            stage.Started("case", "SHA-2");
            stage.Finished(3);
        }

        Assert.Empty(writer.ToString());
    }

    [Fact]
    public void A_dry_run_shows_gate_and_measurement_progress_and_keeps_BenchmarkDotNets_log_in_its_file_unless_verbose()
    {
        using var folder = new TestFolder();
        var plain = Cli.Run("run", "--family", "SHA-256", "--job", "dry", "--sizes", "128", "--results", folder.Combine("plain"), "--out", folder.Combine("plain-out")).Succeeded();
        var verbose = Cli.Run("run", "--family", "SHA-256", "--job", "dry", "--sizes", "128", "--results", folder.Combine("verbose"), "--out", folder.Combine("verbose-out"), "--verbose").Succeeded();

        var cases = CryptoHarness.Implementations.Registry.Select(algorithm: "SHA-256")
            .Count(i => i.Support.IsSupported && i is not CryptoHarness.Implementations.IBatchHashImplementation);
        Assert.Matches(@"Correctness gate: \d+/\d+ done in", plain.Out);
        Assert.Contains($"Measurement: {cases}/{cases} done in", plain.Out, StringComparison.Ordinal);
        Assert.DoesNotContain("// ***** BenchmarkRunner: Start", plain.Out, StringComparison.Ordinal);
        var log = Assert.Single(Directory.GetFiles(folder.Combine("plain"), "*.log", SearchOption.AllDirectories));
        Assert.Contains("// ***** BenchmarkRunner: Start", File.ReadAllText(log), StringComparison.Ordinal);
        Assert.Contains($"BenchmarkDotNet's log: {log}", plain.Out, StringComparison.Ordinal);
        Assert.Contains("// ***** BenchmarkRunner: Start", verbose.Out, StringComparison.Ordinal);
    }
}
