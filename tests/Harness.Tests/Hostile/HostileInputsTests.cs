using System.Diagnostics;
using System.Text.Json.Nodes;
using CryptoHarness.Reporting;

namespace CryptoHarness.Tests.Hostile;

/// <summary>
/// The second round of hostile inputs (issue 28), one class of defect per region: line breaks that reached the bot's
/// comment, cost that grew faster than the input, writes through a link that is not the last one, caps read from a
/// link, pipes that blocked every command, link loops, sizes that overflowed, extremes that became Infinity, merge
/// integrity, site copying what a link points to, and the smaller ones (backlinks, Windows names, echoed arguments).
/// </summary>
[Collection(TimedAlone.Name)]
public sealed partial class HostileInputsTests
{
    /// <summary>A generous bound for what takes a second or less: a test fails on a hang or minutes, never on noise.</summary>
    private static readonly TimeSpan Bounded = TimeSpan.FromSeconds(20);

    /// <summary>The largest file allowed takes a few seconds on a quiet machine; the bound leaves room for a loaded one.</summary>
    private static readonly TimeSpan LargestBounded = TimeSpan.FromSeconds(45);

    // 1. Line breaks reach the bot's comment.

    [Fact]
    public void A_line_separator_in_a_paired_reason_is_refused_and_never_reaches_the_comment()
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        var results = PairedComparisonTests.Saved(1.0);
        PairedResultsFile.Write(results with
        {
            NotPaired = [results.NotPaired[0] with { Reason = "x\u2028### Benchmark comparison: 0 slower\u2029```" }],
        }, saved);

        var line = HostileResultsTests.BadInput(Cli.Run("paired", "--from", saved, "--out", folder.Combine("comment.md")));

        Assert.Contains("reason", line, StringComparison.Ordinal);
        Assert.Contains("U+2028", line, StringComparison.Ordinal);
        Assert.False(File.Exists(folder.Combine("comment.md")));
    }

    [Theory]
    [InlineData("a\u2028### heading")]
    [InlineData("a\u2029```")]
    [InlineData("a\u0085b")]
    [InlineData("a\rb\nc")]
    [InlineData("a\u000Bb\u000Cc")]
    public void Every_line_break_is_folded_to_a_space_before_rendering(string text)
    {
        var escaped = MarkdownText.Escape(text);

        Assert.Equal(escaped, escaped.ReplaceLineEndings(" "));
        Assert.DoesNotContain(escaped, c => char.IsControl(c) || c is '\u2028' or '\u2029');
    }

    [Theory]
    [InlineData("class_a", "first\u2028### 0 slower")]
    [InlineData("class_b", "x\ny")]
    [InlineData("parameters", null)]
    public void A_leak_record_s_free_text_is_one_line_of_bounded_length(string field, string? value)
    {
        using var folder = new TestFolder();
        var path = folder.Combine("summary.json");
        var summary = JsonSerializer.SerializeToNode(LeaksTests.Summary([LeaksTests.SoundRecord() with { MaxAbsT = 1.5, Verdict = LeakRecord.NoLeakFound }]), SummaryFile.Options)!;
        summary["leaks"]![0]![field] = value ?? new string('p', SummaryValidation.MaxTextLength + 1);
        File.WriteAllText(path, summary.ToJsonString());

        var line = HostileResultsTests.BadInput(Cli.Run("report", "--results", path, "--out", folder.Combine("out")));

        Assert.Contains($"field '{field}'", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Theory]
    [InlineData("CON")]
    [InlineData("machine.")]
    [InlineData("odd name")]
    public void A_machine_folder_whose_name_is_not_a_machine_key_never_reaches_the_site(string machine)
    {
        using var folder = new TestFolder();
        var reports = SiteReports(folder, machine);

        var line = HostileResultsTests.BadInput(Cli.Run("site", "--reports", reports, "--out", folder.Combine("docs")));

        Assert.Contains("a machine folder whose name", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("docs")));
    }

    // 2. Cost grows faster than the input: every count has a limit, refused in one line at once.

    [Fact]
    public void More_rows_in_one_rounds_table_than_a_real_run_has_are_refused_at_once()
    {
        using var folder = new TestFolder();
        var summary = HostileResultsTests.Fixture();
        var results = summary["results"]!.AsArray();
        var template = results[0]!.DeepClone().AsObject();
        results.Clear();
        for (var i = 0; i < 5_000; i++)
        {
            var row = template.DeepClone().AsObject();
            row["id"] = $"sha256/p{i}";
            row["rounds"] = new JsonObject { ["table"] = "ab12", ["ns_per_call"] = new JsonArray(1.0, 2.0, 3.0), ["calls_per_round"] = 1, ["allocated_bytes"] = 0 };
            results.Add(row);
        }

        var file = HostileResultsTests.Write(folder, "diff/summary.json", summary);
        var good = HostileResultsTests.Write(folder, "base/summary.json", HostileResultsTests.Fixture());

        var watch = Stopwatch.StartNew();
        var line = HostileResultsTests.BadInput(Cli.Run("compare", "--base", good, "--diff", file));

        Assert.Contains($"more than {SummaryValidation.MaxRowsPerTable} records share the table 'ab12'", line, StringComparison.Ordinal);
        Assert.True(watch.Elapsed < Bounded, $"{watch.Elapsed}");
    }

    [Theory]
    [InlineData("samples", "samples; at most 1,000 are read")]
    [InlineData("sizes", "is measured at more than 64 sizes")]
    [InlineData("records", "records; at most 20,000 are read")]
    public void Counts_above_the_limits_are_refused_in_one_line(string what, string expected)
    {
        using var folder = new TestFolder();
        var summary = HostileResultsTests.Fixture();
        var results = summary["results"]!.AsArray();
        switch (what)
        {
            case "samples":
                results[0]!["samples_ns"] = new JsonArray([.. Enumerable.Range(1, 100_000).Select(i => JsonValue.Create(1000.0 + i))]);
                break;
            case "sizes":
                var template = results[0]!.DeepClone();
                for (var size = 1; size <= 100; size++)
                {
                    var record = template.DeepClone();
                    record["size_bytes"] = 100_000 + size;
                    results.Add(record);
                }

                break;
            default:
                var failure = summary["failures"]![0]!;
                for (var i = 0; i < SummaryValidation.MaxRecords; i++)
                {
                    summary["failures"]!.AsArray().Add(failure.DeepClone());
                }

                break;
        }

        var file = HostileResultsTests.Write(folder, "summary.json", summary);
        var watch = Stopwatch.StartNew();

        var line = HostileResultsTests.BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));

        Assert.Contains(expected, line, StringComparison.Ordinal);
        Assert.True(watch.Elapsed < Bounded, $"{watch.Elapsed}");
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    /// <summary>
    /// The largest file the limits allow on every count at once (32 implementations sharing each rounds table, 16 sizes,
    /// the file's whole allowance of samples and rounds): compare and report finish it in seconds.
    /// </summary>
    [Fact]
    public void The_largest_file_the_limits_allow_is_compared_and_reported_in_bounded_time()
    {
        using var folder = new TestFolder();
        var baseFile = HostileResultsTests.Write(folder, "base/summary.json", Largest(1.0));
        var diffFile = HostileResultsTests.Write(folder, "diff/summary.json", Largest(1.1));

        var watch = Stopwatch.StartNew();
        var compared = Cli.Run("compare", "--base", baseFile, "--diff", diffFile, "--fail-on", "never", "--out", folder.Combine("comment.md"));
        var compareTime = watch.Elapsed;
        Assert.True(compared.ExitCode == 0, compared.Error);
        watch.Restart();
        var reported = Cli.Run("report", "--results", baseFile, "--out", folder.Combine("out"));
        Assert.True(reported.ExitCode == 0, reported.Error);

        Assert.True(compareTime < LargestBounded && watch.Elapsed < LargestBounded, $"compare {compareTime}, report {watch.Elapsed}");
    }

    private static JsonObject Largest(double scale)
    {
        const int Implementations = SummaryValidation.MaxRowsPerTable;
        const int Sizes = 16;
        const int Records = Implementations * Sizes;
        var samples = Math.Min(SummaryValidation.MaxSamples, SummaryValidation.MaxTotalSamples / Records);
        const int Rounds = SummaryValidation.MaxTotalRounds / Records;
        var summary = HostileResultsTests.Fixture();
        var results = summary["results"]!.AsArray();
        var template = results[0]!.DeepClone().AsObject();
        results.Clear();
        var random = new Random(28);
        for (var id = 0; id < Implementations; id++)
        {
            for (var size = 0; size < Sizes; size++)
            {
                var row = template.DeepClone().AsObject();
                row["id"] = $"sha256/p{id}";
                row["size_bytes"] = 64 << size;
                row["samples_ns"] = new JsonArray([.. Enumerable.Range(0, samples).Select(_ => JsonValue.Create(scale * (1000 + random.Next(100))))]);
                row["rounds"] = new JsonObject
                {
                    ["table"] = $"{size + 1:x}",
                    ["ns_per_call"] = new JsonArray([.. Enumerable.Range(0, Rounds).Select(_ => JsonValue.Create(scale * (1000 + random.Next(100))))]),
                    ["calls_per_round"] = 1,
                    ["allocated_bytes"] = 0,
                };
                results.Add(row);
            }
        }

        return summary;
    }

    // 3. Writes escape through a link that is not the last one.

    [Fact]
    public void A_link_in_the_middle_of_a_linked_folder_s_target_is_followed_and_refused()
    {
        using var folder = new TestFolder();
        using var outside = new TestFolder();
        var output = folder.Combine("out");
        Directory.CreateDirectory(output);
        Directory.CreateSymbolicLink(folder.Combine("out", "sub"), outside.Path);
        Directory.CreateDirectory(Path.Combine(outside.Path, "x"));
        // charts -> sub/x: a link to a path inside, whose own first folder leads outside.
        Directory.CreateSymbolicLink(folder.Combine("out", "charts"), "sub/x");

        Assert.Throws<UsageException>(() => OutputFolder.Resolve(output, "charts/page.svg"));
        Assert.Throws<UsageException>(() => OutputFolder.Resolve(output, "sub/page.md"));
        Assert.Equal(Path.Combine(output, "page.md"), OutputFolder.Resolve(output, "page.md"));
    }

    [Fact]
    public void The_atomic_writer_never_writes_through_a_planted_temporary_name()
    {
        using var folder = new TestFolder();
        using var outside = new TestFolder();
        var victim = outside.WriteFile("victim.txt", "kept");
        var target = folder.Combine("page.md");
        // The name the writer used to take, and a link at the target itself.
        File.CreateSymbolicLink(folder.Combine($".page.md.{Environment.ProcessId}.tmp"), victim);

        AtomicFile.WriteAllText(target, "written");

        Assert.Equal("kept", File.ReadAllText(victim));
        Assert.Equal("written", File.ReadAllText(target));
        File.Delete(target);
        File.CreateSymbolicLink(target, victim);
        AtomicFile.WriteAllText(target, "again");
        Assert.Equal("kept", File.ReadAllText(victim));
        Assert.Null(new FileInfo(target).LinkTarget);
    }

    [Fact]
    public void Site_cleanup_does_not_delete_through_a_linked_charts_folder()
    {
        using var folder = new TestFolder();
        using var outside = new TestFolder();
        var stale = outside.WriteFile("stale.svg", "<svg/>");
        var reports = SiteReports(folder, "machine");
        var docs = folder.Combine("docs");
        Directory.CreateDirectory(Path.Combine(docs, SiteModel.FragmentFolder));
        Directory.CreateSymbolicLink(Path.Combine(docs, SiteModel.FragmentFolder, "charts"), outside.Path);

        var line = HostileResultsTests.BadInput(Cli.Run("site", "--reports", reports, "--out", docs));

        Assert.Contains("resolves outside the output folder", line, StringComparison.Ordinal);
        Assert.True(File.Exists(stale));
    }

    // 4. The cap is read from the opened file, not from a link; 5. a pipe never blocks; 10. no link leads out.

    [Fact]
    public void A_summary_that_links_to_a_large_file_is_refused_by_the_file_s_own_size()
    {
        using var folder = new TestFolder();
        using var outside = new TestFolder();
        var large = Path.Combine(outside.Path, "large.json");
        using (var stream = File.Create(large))
        {
            stream.SetLength(SummaryFile.MaxBytes + 4096);
        }

        var link = folder.Combine("summary.json");
        File.CreateSymbolicLink(link, large);
        Directory.CreateDirectory(folder.Combine("run"));
        File.CreateSymbolicLink(folder.Combine("run", "summary.json"), large);

        // Named directly: the user's choice, but its size is the file's.
        Assert.Contains("67,112,960 bytes, more than the 64 MiB", HostileResultsTests.BadInput(Cli.Run("report", "--results", link, "--out", folder.Combine("out"))), StringComparison.Ordinal);
        // Found in a folder: it may not lead out of it.
        Assert.Contains("through a link, outside", HostileResultsTests.BadInput(Cli.Run("report", "--results", folder.Combine("run"), "--out", folder.Combine("out"))), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("report")]
    [InlineData("merge")]
    [InlineData("compare")]
    [InlineData("site")]
    [InlineData("paired")]
    public async Task A_pipe_or_device_named_like_a_results_file_is_refused_without_blocking(string command)
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // mkfifo(3) from libc
        }

        using var folder = new TestFolder();
        var run = folder.Combine("runs", "one");
        Directory.CreateDirectory(run);
        var reports = SiteReports(folder, "machine");
        var fifo = command switch
        {
            "site" => Path.Combine(reports, "machine", "data", "sha256.json"),
            "paired" => folder.Combine("paired.json"),
            _ => Path.Combine(run, SummaryFile.FileName),
        };
        File.Delete(fifo);
        Assert.Equal(0, MakeFifo(fifo, Convert.ToInt32("600", 8)));
        var good = HostileResultsTests.Write(folder, "good/summary.json", HostileResultsTests.Fixture());
        string[] args = command switch
        {
            "report" => ["report", "--results", run, "--out", folder.Combine("out")],
            "merge" => ["merge", "--runs", folder.Combine("runs"), "--out", folder.Combine("out")],
            "compare" => ["compare", "--base", good, "--diff", run],
            "site" => ["site", "--reports", reports, "--out", folder.Combine("out")],
            _ => ["paired", "--from", fifo],
        };

        // On a hang the wait times out and the test fails, rather than the suite waiting forever.
        var result = await Task.Run(() => Cli.Run(args)).WaitAsync(Bounded);

        Assert.Contains("not a regular file", HostileResultsTests.BadInput(result), StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Fact]
    public async Task A_summary_linked_to_a_device_is_refused_unread()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        using var folder = new TestFolder();
        var link = folder.Combine("summary.json");
        File.CreateSymbolicLink(link, "/dev/zero");

        var result = await Task.Run(() => Cli.Run("report", "--results", link, "--out", folder.Combine("out"))).WaitAsync(Bounded);
        Assert.Contains("not a regular file", HostileResultsTests.BadInput(result), StringComparison.Ordinal);
    }

    [Fact]
    public void Site_never_copies_what_a_linked_page_points_to()
    {
        using var folder = new TestFolder();
        using var outside = new TestFolder();
        var secret = outside.WriteFile("passwd", "root:x:0:0:secret\n");
        var reports = SiteReports(folder, "machine");
        File.CreateSymbolicLink(Path.Combine(reports, "machine", "passwd.md"), secret);
        var docs = folder.Combine("docs");

        var line = HostileResultsTests.BadInput(Cli.Run("site", "--reports", reports, "--out", docs));

        Assert.Contains("passwd.md: leads to", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(docs) && Directory.EnumerateFiles(docs, "*", SearchOption.AllDirectories).Any(f => File.ReadAllText(f).Contains("secret", StringComparison.Ordinal)));
    }

    // 6. Link loops are never followed.

    [Fact]
    public void Merge_over_folders_with_link_loops_merges_each_run_once()
    {
        using var folder = new TestFolder();
        var runs = folder.Combine("runs");
        HostileResultsTests.Write(folder, "runs/a/summary.json", HostileResultsTests.Fixture());
        Directory.CreateSymbolicLink(folder.Combine("runs", "a", "loop"), folder.Combine("runs", "a"));
        Directory.CreateSymbolicLink(folder.Combine("runs", "up"), runs);

        var result = Cli.Run("merge", "--runs", runs, "--out", folder.Combine("out"));

        Assert.True(result.ExitCode == 0, result.Error);
        Assert.Contains("Merged 1 run(s) of 1 machine(s).", result.Out, StringComparison.Ordinal);
    }

    [Fact]
    public void A_link_loop_on_a_read_path_is_refused()
    {
        using var folder = new TestFolder();
        File.CreateSymbolicLink(folder.Combine("a.json"), folder.Combine("b.json"));
        File.CreateSymbolicLink(folder.Combine("b.json"), folder.Combine("a.json"));

        var line = HostileResultsTests.BadInput(Cli.Run("report", "--results", folder.Combine("a.json"), "--out", folder.Combine("out")));

        Assert.Contains("a link loop", line, StringComparison.Ordinal);
    }

    // 7. --sizes overflows: in BadInputTests. 8. Finite extremes.

    [Fact]
    public void A_paired_time_that_would_make_an_infinite_ratio_is_refused()
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        var results = PairedComparisonTests.Saved(1.0);
        var only = results.Cases[0];
        PairedResultsFile.Write(results with
        {
            Cases = [only with { BaseNs = [.. only.BaseNs.Select(_ => 1e300)], HeadNs = [.. only.HeadNs.Select(_ => 1e-300)] }],
        }, saved);

        var line = HostileResultsTests.BadInput(Cli.Run("paired", "--from", saved));

        Assert.Contains("nanoseconds a time may be", line, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("stddev_ns", 1e300)]
    [InlineData("median_ns", 1e-300)]
    [InlineData("mb_per_s", 1e300)]
    public void Values_that_would_make_Infinity_or_NaN_on_a_page_are_refused(string field, double value)
    {
        using var folder = new TestFolder();
        var summary = HostileResultsTests.Fixture();
        summary["results"]![0]![field] = value;
        var file = HostileResultsTests.Write(folder, "summary.json", summary);

        var line = HostileResultsTests.BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));

        Assert.Contains($"field '{field}'", line, StringComparison.Ordinal);
    }

    // 9. merge tells the truth.

    [Fact]
    public void A_run_folder_still_marked_incomplete_is_skipped_by_merge_and_refused_by_report_and_compare()
    {
        using var folder = new TestFolder();
        var interrupted = folder.Combine("runs", "b");
        HostileResultsTests.Write(folder, "runs/a/summary.json", HostileResultsTests.Fixture());
        var later = HostileResultsTests.Fixture();
        later["run"]!["utc"] = "2030-01-01T00:00:00+00:00";
        HostileResultsTests.Write(folder, "runs/b/summary.json", later);
        File.WriteAllText(Path.Combine(interrupted, SummaryFile.IncompleteMarker), "not finished\n");

        var merged = Cli.Run("merge", "--runs", folder.Combine("runs"), "--out", folder.Combine("out"));
        Assert.True(merged.ExitCode == 0, merged.Error);
        Assert.Contains($"Skipped {interrupted}: interrupted (it still holds {SummaryFile.IncompleteMarker}); its summary.json was not merged.", merged.Out, StringComparison.Ordinal);
        Assert.Contains("Merged 1 run(s)", merged.Out, StringComparison.Ordinal);

        Assert.Contains("interrupted", HostileResultsTests.BadInput(Cli.Run("report", "--results", interrupted, "--out", folder.Combine("out2"))), StringComparison.Ordinal);
        Assert.Contains("interrupted", HostileResultsTests.BadInput(Cli.Run("compare", "--base", folder.Combine("runs", "a"), "--diff", interrupted)), StringComparison.Ordinal);
    }

    /// <summary>
    /// <paramref name="runs"/> written as <c>a/</c>, <c>b/</c>, … in the folder <paramref name="batch"/> of
    /// <paramref name="folder"/>, then merged into its <c>out</c>: the one line merge refuses them with.
    /// </summary>
    private static string MergeRefuses(TestFolder folder, string batch, params JsonObject[] runs)
    {
        for (int i = 0; i < runs.Length; i++)
        {
            HostileResultsTests.Write(folder, $"{batch}/{(char)('a' + i)}/summary.json", runs[i]);
        }

        return HostileResultsTests.BadInput(Cli.Run("merge", "--runs", folder.Combine(batch), "--out", folder.Combine("out")));
    }

    [Fact]
    public void One_machine_key_with_two_cpus_is_refused_naming_both()
    {
        using var folder = new TestFolder();
        var first = HostileResultsTests.Fixture();
        var second = HostileResultsTests.Fixture();
        first["run"]!["cpu"] = "AMD EPYC 7763";
        second["run"]!["cpu"] = "Intel Xeon Platinum 8370C";
        var line = MergeRefuses(folder, "runs", first, second);

        Assert.Contains("'AMD EPYC 7763' and 'Intel Xeon Platinum 8370C'", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out", "reports")));
    }

    /// <summary>
    /// Two CPUs with one generic model name (a cloud guest's "Intel(R) Xeon(R) Processor") are told apart by CPUID:
    /// merge refuses them in one batch, and refuses a run whose machine folder already keeps another CPU's data,
    /// writing nothing; runs recorded before the identity existed are accepted beside either.
    /// </summary>
    [Fact]
    public void One_machine_key_with_two_cpu_identities_is_refused_in_a_batch_and_against_kept_data()
    {
        using var folder = new TestFolder();
        var sapphire = HostileResultsTests.Fixture();
        var emerald = HostileResultsTests.Fixture();
        var unrecorded = HostileResultsTests.Fixture();
        sapphire["run"]!["cpu_identity"] = "GenuineIntel family 6 model 143 stepping 8, under a hypervisor";
        emerald["run"]!["cpu_identity"] = "GenuineIntel family 6 model 207 stepping 2, under a hypervisor";
        emerald["run"]!["utc"] = "2030-01-01T00:00:00+00:00";
        var line = MergeRefuses(folder, "batch", sapphire, emerald);
        Assert.Contains("'GenuineIntel family 6 model 143 stepping 8", line, StringComparison.Ordinal);
        Assert.Contains("'GenuineIntel family 6 model 207 stepping 2", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out", "reports")));

        // The older run without an identity and the Sapphire Rapids one merge; the Emerald Rapids one then meets kept data.
        HostileResultsTests.Write(folder, "first/a/summary.json", unrecorded);
        HostileResultsTests.Write(folder, "first/b/summary.json", sapphire);
        var merged = Cli.Run("merge", "--runs", folder.Combine("first"), "--out", folder.Combine("out"));
        Assert.True(merged.ExitCode == 0, merged.Error);
        var kept = Directory.GetFiles(folder.Combine("out", "reports"), "*", SearchOption.AllDirectories).ToDictionary(f => f, File.ReadAllText);

        line = MergeRefuses(folder, "second", emerald);
        Assert.Contains("holds runs of CPU 'GenuineIntel family 6 model 143 stepping 8", line, StringComparison.Ordinal);
        Assert.Contains("this run's CPU is 'GenuineIntel family 6 model 207 stepping 2", line, StringComparison.Ordinal);
        Assert.Equal(kept, Directory.GetFiles(folder.Combine("out", "reports"), "*", SearchOption.AllDirectories).ToDictionary(f => f, File.ReadAllText));
    }

    /// <summary>`run` checks the folder its pages go to before measuring anything, so a long run does not end refused.</summary>
    [Fact]
    public void A_run_into_another_cpus_folder_is_refused_before_measuring()
    {
        if (CryptoHarness.Results.MachineInfo.CpuIdentity() is null)
        {
            return; // Off x86 no identity is recorded, so there is nothing to tell apart.
        }

        using var folder = new TestFolder();
        var other = HostileResultsTests.Fixture();
        other["run"]!["cpu_identity"] = "OtherVendor1 family 1 model 1 stepping 1";
        HostileResultsTests.Write(folder, "out/data/sha256.json", other);

        var line = HostileResultsTests.BadInput(Cli.Run("run", "--algorithm", "MD5", "--job", "quick", "--sizes", "128", "--results", folder.Combine("results"), "--out", folder.Combine("out")));

        Assert.Contains("holds runs of CPU 'OtherVendor1 family 1 model 1 stepping 1'", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("results")));
    }

    // 11. Backlinks, Windows names, echoed arguments.

    [Theory]
    [InlineData("fixes owner/repo#12", "fixes owner/repo#\u200B12")]
    [InlineData("see #3.", "see #\u200B3.")]
    [InlineData("commit 9775e13 broke it", "commit 9\u200B775e13 broke it")]
    [InlineData("owner/repo@9775e13abc", "owner/repo@\u200B9\u200B775e13abc")]
    [InlineData("9775e130ac5f11c7ef5a1e2f3a6a2b1d2c3d4e5f", "9775e130ac5f11c7ef5a1e2f3a6a2b1d2c3d4e5f")]
    [InlineData("size 1048576 and #x and defaced", "size 1048576 and #x and defaced")]
    public void Issue_references_and_commit_hashes_are_neutralised_like_mentions(string text, string expected)
    {
        Assert.Equal(expected, MarkdownText.Escape(text));
    }

    [Theory]
    [InlineData("CON")]
    [InlineData("nul")]
    [InlineData("aux.md")]
    [InlineData("COM1")]
    [InlineData("lpt9.x")]
    [InlineData("sha256.")]
    public void Names_Windows_reserves_are_refused_as_file_and_folder_names(string name)
    {
        using var folder = new TestFolder();
        var summary = HostileResultsTests.Fixture();
        summary["results"]![0]!["slug"] = name;
        var file = HostileResultsTests.Write(folder, "summary.json", summary);

        var line = HostileResultsTests.BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));

        Assert.Contains("Windows reserves it", line, StringComparison.Ordinal);
        Assert.DoesNotMatch(SummaryValidation.PathName(), name);
    }

    [Fact]
    public void An_error_never_echoes_a_huge_argument_in_full()
    {
        var huge = new string('9', 100_000);

        var line = HostileResultsTests.BadInput(Cli.Run("run", "--sizes", huge));

        Assert.True(line.Length < 200, $"{line.Length} characters");
    }

    /// <summary>A reports folder with one machine's data (the recorded fixture) and page, as the site reads it.</summary>
    internal static string SiteReports(TestFolder folder, string machine)
    {
        HostileResultsTests.Write(folder, $"reports/{machine}/data/sha256.json", HostileResultsTests.Fixture());
        File.WriteAllText(folder.Combine("reports", machine, "sha256.md"), "### SHA-256\n");
        return folder.Combine("reports");
    }

    [System.Runtime.InteropServices.LibraryImport("libc", EntryPoint = "mkfifo", StringMarshalling = System.Runtime.InteropServices.StringMarshalling.Utf8)]
    private static partial int MakeFifo(string path, int mode);
}
