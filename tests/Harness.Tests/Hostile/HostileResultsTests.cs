using System.Text.Json.Nodes;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.Hostile;

/// <summary>
/// Results files as a fork's pull request could make them (issue 14): hand-made from the recorded fixture, each fed to
/// the commands that read results. Every case ends in exit 2 with one line naming the file, the case and the field, or
/// (compare) a gate that does not pass on nothing; nothing is written outside the output folder.
/// </summary>
public sealed partial class HostileResultsTests
{
    private static readonly string FixtureFile = Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick", SummaryFile.FileName);

    // 1. Writes outside the output folder.

    [Theory]
    [InlineData("report")]
    [InlineData("merge")]
    public void A_slug_that_leads_out_of_the_output_folder_is_refused_and_nothing_is_written(string command)
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["results"]![0]!["slug"] = "../../../../escaped-slug";
        var file = Write(folder, "runs/one/summary.json", summary);
        var before = Tree(folder.Path);

        var result = command == "report"
            ? Cli.Run("report", "--results", file, "--out", folder.Combine("x", "y"))
            : Cli.Run("merge", "--runs", folder.Combine("runs"), "--out", folder.Combine("x", "y"));

        var line = BadInput(result);
        Assert.Equal($"harness: {file}: results[0], field 'slug': '../../../../escaped-slug' is not a valid name; valid: 1 to 100 of the ASCII letters, digits and . _ , = + -, starting with a letter or digit.", line);
        Assert.Equal(before, Tree(folder.Path));
        Assert.False(File.Exists(Path.Combine(Path.GetTempPath(), "escaped-slug.json")));
    }

    [Theory]
    [InlineData("report")]
    [InlineData("merge")]
    public void A_machine_key_that_leads_out_of_the_repository_is_refused_and_nothing_is_written(string command)
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["run"]!["machine_key"] = "../../etc";
        var file = Write(folder, "runs/one/summary.json", summary);
        var before = Tree(folder.Path);

        // report without --out would write into the repository's reports/ and machine-specs/; merge into --out.
        var result = command == "report"
            ? Cli.Run("report", "--results", file)
            : Cli.Run("merge", "--runs", folder.Combine("runs"), "--out", folder.Combine("repo", "root"));

        Assert.StartsWith($"harness: {file}: run, field 'machine_key': '../../etc' is not a valid name", BadInput(result), StringComparison.Ordinal);
        Assert.Equal(before, Tree(folder.Path));
    }

    [Theory]
    [InlineData("provider_roles", """{"managed": "boss"}""", "run, field 'provider_roles.managed': 'boss' is not a provider role; valid: own, managed-alternative, platform, native-anchor, other.")]
    [InlineData("provider_roles", """{"managed": null}""", "run, field 'provider_roles.managed': null is not a provider role")]
    [InlineData("provider_roles", """{"a<b": "own"}""", "run, field 'provider_roles': 'a<b' is not a valid name")]
    [InlineData("provider_roles", """["own"]""", "line ")]
    [InlineData("highlight_sizes", """{"large_bytes": 0, "small_bytes": 0}""", "run, field 'highlight_sizes.large_bytes': 0 is out of range")]
    [InlineData("highlight_sizes", """{"large_bytes": 128, "small_bytes": 131072}""", "run, field 'highlight_sizes': small_bytes 131072 is above large_bytes 128")]
    [InlineData("highlight_sizes", """{"large_bytes": 131072}""", "line ")]
    public void Recorded_roles_and_highlight_sizes_are_checked_at_load(string field, string json, string message)
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["run"]![field] = JsonNode.Parse(json);
        var file = Write(folder, "runs/one/summary.json", summary);
        var before = Tree(folder.Path);

        var line = BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));
        Assert.StartsWith($"harness: {file}: {message}", line, StringComparison.Ordinal);
        Assert.Equal(before, Tree(folder.Path));
    }

    // 2. Crashes: nulls and output locations.

    [Theory]
    [InlineData("report")]
    [InlineData("compare")]
    [InlineData("merge")]
    public void A_null_record_is_bad_input_naming_its_place(string command)
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["results"]!.AsArray().Insert(3, null);
        var file = Write(folder, "runs/one/summary.json", summary);
        var good = Write(folder, "good.json", Fixture());

        var result = command switch
        {
            "report" => Cli.Run("report", "--results", file, "--out", folder.Combine("out")),
            "compare" => Cli.Run("compare", "--base", good, "--diff", file),
            _ => Cli.Run("merge", "--runs", folder.Combine("runs"), "--out", folder.Combine("out")),
        };

        Assert.Equal($"harness: {file}: results[3]: is null; expected a result record (an object).", BadInput(result));
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Fact]
    public void Null_samples_are_bad_input_naming_the_case_and_field()
    {
        using var folder = new TestFolder();
        var line = RefusedByReport(folder, s => s["results"]![1]!["samples_ns"] = null, out var file);

        Assert.Equal($"harness: {file}: case 'sha256/bouncycastle · hash · oneshot · 1024 B', field 'samples_ns': is null; expected the per-iteration times (an array of numbers).", line);
    }

    [Fact]
    public void Run_with_results_pointing_at_a_file_is_refused_before_anything_is_measured()
    {
        using var folder = new TestFolder();
        var readme = folder.Combine("README.md");
        File.WriteAllText(readme, "# notes\n");

        var result = Cli.Run("run", "--family", "SHA-256", "--job", "dry", "--results", readme, "--out", folder.Combine("out"), "--quiet");

        Assert.Equal($"harness: --results {readme}: is a file; valid: a folder (created if missing).", BadInput(result));
        Assert.DoesNotContain("Correctness gate", result.Out, StringComparison.Ordinal);
        Assert.Equal("# notes\n", File.ReadAllText(readme));
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Theory]
    [InlineData("/sys/kernel/x")]
    [InlineData("/proc/harness-out")]
    public void Run_with_an_out_folder_that_cannot_be_written_is_refused_before_anything_is_measured(string output)
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // /sys and /proc are Linux's
        }

        using var folder = new TestFolder();
        var result = Cli.Run("run", "--family", "SHA-256", "--job", "dry", "--results", folder.Combine("results"), "--out", output, "--quiet");

        Assert.StartsWith($"harness: --out {output}: cannot write in {Path.GetDirectoryName(output)} (", BadInput(result), StringComparison.Ordinal);
        Assert.DoesNotContain("Correctness gate", result.Out, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("results")));
    }

    [Fact]
    public void Report_into_a_file_is_refused()
    {
        using var folder = new TestFolder();
        var target = folder.Combine("page.md");
        File.WriteAllText(target, "kept");

        var result = Cli.Run("report", "--results", FixtureFile, "--out", target);

        Assert.Equal($"harness: --out {target}: is a file; valid: a folder (created if missing).", BadInput(result));
        Assert.Equal("kept", File.ReadAllText(target));
    }

    [Fact]
    public void Report_into_a_folder_that_cannot_be_written_is_refused()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // /proc is Linux's; read-only even to root, unlike a folder without write permission
        }

        var result = Cli.Run("report", "--results", FixtureFile, "--out", "/proc/harness-report");

        Assert.StartsWith("harness: --out /proc/harness-report: cannot write in /proc (", BadInput(result), StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_into_a_folder_is_refused()
    {
        using var folder = new TestFolder();
        var run = Write(folder, "base.json", Fixture());

        var result = Cli.Run("compare", "--base", run, "--diff", run, "--out", folder.Path);

        Assert.Equal($"harness: --out {folder.Path}: is a folder; valid: a file to write, e.g. comment.md.", BadInput(result));
    }

    // 3. A gate that passes on nothing.

    [Fact]
    public void Compare_with_an_empty_diff_has_nothing_to_compare()
    {
        using var folder = new TestFolder();
        var baseRun = Write(folder, "base.json", Fixture());
        var empty = Fixture();
        empty["results"] = new JsonArray();
        var diffRun = Write(folder, "diff.json", empty);

        var result = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--fail-on", "never");

        Assert.Equal($"harness: nothing to compare: the diff ({diffRun}) has no measured case (its results are empty).", BadInput(result));
    }

    [Theory]
    [InlineData("job", "harness: nothing to compare: no case of the base matches one of the diff: different jobs (base quick; diff default).")]
    [InlineData("sizes", "harness: nothing to compare: no case of the base matches one of the diff: different sizes or parameter sets (base 1 KiB, 128 B, 128 KiB, 8 KiB; diff 64 KiB).")]
    [InlineData("scenario", "harness: nothing to compare: no case of the base matches one of the diff: different scenarios (base oneshot; diff stream).")]
    public void Compare_with_no_matched_case_says_why(string difference, string expected)
    {
        using var folder = new TestFolder();
        var baseRun = Write(folder, "base.json", Fixture());
        var other = Fixture();
        switch (difference)
        {
            case "job":
                other["run"]!["job"] = "default";
                break;
            case "sizes":
                other["results"] = new JsonArray(other["results"]!.AsArray().Take(1).Select(r => r!.DeepClone()).ToArray());
                other["results"]![0]!["size_bytes"] = 65536;
                break;
            case "scenario":
                foreach (var record in other["results"]!.AsArray())
                {
                    record!["scenario"] = "stream";
                }

                break;
        }

        var diffRun = Write(folder, "diff.json", other);

        Assert.Equal(expected, BadInput(Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--fail-on", "never")));
    }

    [Fact]
    public void Require_all_makes_cases_on_one_side_only_fail_the_gate()
    {
        using var folder = new TestFolder();
        var baseRun = Write(folder, "base.json", Fixture());
        var partial = Fixture();
        partial["results"] = new JsonArray(partial["results"]!.AsArray().Where(r => (string?)r!["provider"] != "libsodium").Select(r => r!.DeepClone()).ToArray());
        var diffRun = Write(folder, "diff.json", partial);

        var reported = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--fail-on", "never", "--out", folder.Combine("comment.md"));
        var gated = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--fail-on", "never", "--out", folder.Combine("comment.md"), "--require-all");

        Assert.Equal(0, reported.ExitCode);
        Assert.Equal(1, gated.ExitCode);
        Assert.Contains("Missing cases fail the gate (--require-all): 4 only in base, 0 only in diff.", gated.Out, StringComparison.Ordinal);
        Assert.Equal("", gated.Error);
    }

    // 4. Values taken on trust.

    [Theory]
    [InlineData("median_ns", 0, "field 'median_ns': 0 is not a positive finite number of nanoseconds")]
    [InlineData("median_ns", -3.5, "field 'median_ns': -3.5 is not a positive finite number of nanoseconds")]
    [InlineData("size_bytes", -5, "field 'size_bytes': -5 is negative; expected a whole number of 0 or more")]
    [InlineData("allocated_bytes", -1, "field 'allocated_bytes': -1 is negative; expected a byte count of 0 or more, or null when unknown")]
    public void Values_reports_rely_on_are_checked_at_load(string field, double value, string expected)
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["results"]![2]![field] = field is "size_bytes" or "allocated_bytes" ? JsonValue.Create((long)value) : JsonValue.Create(value);
        var file = Write(folder, "summary.json", summary);
        var good = Write(folder, "good.json", Fixture());

        foreach (var result in new[]
        {
            Cli.Run("report", "--results", file, "--out", folder.Combine("out")),
            Cli.Run("compare", "--base", good, "--diff", file, "--fail-on", "never"),
        })
        {
            var line = BadInput(result);
            Assert.StartsWith($"harness: {file}: case 'sha256/bouncycastle · hash · oneshot · ", line, StringComparison.Ordinal);
            Assert.Contains(expected, line, StringComparison.Ordinal);
        }

        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Theory]
    [InlineData("""{"table":"../x","ns_per_call":[1,2,3],"calls_per_round":4,"allocated_bytes":0}""", "field 'rounds.table': '../x' is not a table token; expected 1–32 lower-case hex digits")]
    [InlineData("""{"table":"ab12","ns_per_call":[1,-2,3],"calls_per_round":4,"allocated_bytes":0}""", "field 'rounds.ns_per_call[1]': -2 is not a positive finite number of nanoseconds")]
    [InlineData("""{"table":"ab12","ns_per_call":[],"calls_per_round":4,"allocated_bytes":0}""", "field 'rounds.ns_per_call': has 0 rounds; expected 1–10000")]
    [InlineData("""{"table":"ab12","ns_per_call":[1],"calls_per_round":0,"allocated_bytes":0}""", "field 'rounds.calls_per_round': 0 is out of range; expected a whole number of 1 or more")]
    [InlineData("""{"table":"ab12","ns_per_call":[1],"calls_per_round":3,"allocated_bytes":-8}""", "field 'rounds.allocated_bytes': -8 is negative; expected a whole number of 0 or more")]
    public void Interleaved_rounds_are_checked_at_load(string rounds, string expected)
    {
        using var folder = new TestFolder();
        var line = RefusedByReport(folder, s => s["results"]![2]!["rounds"] = JsonNode.Parse(rounds), out var file);

        Assert.StartsWith($"harness: {file}: case 'sha256/bouncycastle · hash · oneshot · ", line, StringComparison.Ordinal);
        Assert.Contains(expected, line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    [Fact]
    public void A_duplicate_case_is_refused_by_report_too()
    {
        using var folder = new TestFolder();
        var line = RefusedByReport(folder, s => s["results"]!.AsArray().Add(s["results"]![0]!.DeepClone()), out var file);

        Assert.Equal($"harness: {file}: results[16]: duplicate case 'sha256/bouncycastle · hash · oneshot · 128 B' (also results[0]); each case is measured once a run.", line);
    }

    // 5. Messages a user can act on.

    [Fact]
    public void A_missing_field_is_named_in_plain_words_with_its_line()
    {
        using var folder = new TestFolder();
        var line = RefusedByReport(folder, s => s["run"]!.AsObject().Remove("machine_key"), out _);

        Assert.Matches(@"^harness: .*summary\.json: line \d+, field 'run': missing 'machine_key'\.$", line);
        Assert.DoesNotContain("CryptoHarness.", line, StringComparison.Ordinal);
        Assert.DoesNotContain("BytePositionInLine", line, StringComparison.Ordinal);
    }

    [Fact]
    public void A_value_of_the_wrong_type_is_named_in_plain_words_with_its_line()
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["results"]![0]!["median_ns"] = "";
        var file = Write(folder, "summary.json", summary);
        var text = File.ReadAllText(file);
        var expectedLine = text[..text.IndexOf("\"median_ns\": \"\"", StringComparison.Ordinal)].Count(c => c == '\n') + 1;

        var line = BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));

        Assert.Equal($"harness: {file}: line {expectedLine}, field 'results[0].median_ns': is not a number.", line);
    }

    [Fact]
    public void Invalid_json_is_named_with_its_line_and_no_reader_internals()
    {
        using var folder = new TestFolder();
        var text = File.ReadAllText(FixtureFile);
        var file = folder.Combine("summary.json");
        File.WriteAllText(file, text[..(text.Length / 2)]);

        var line = BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));

        Assert.Matches(@"^harness: .*summary\.json: not valid JSON: line \d+: ", line);
        Assert.DoesNotContain("LineNumber", line, StringComparison.Ordinal);
        Assert.DoesNotContain("BytePositionInLine", line, StringComparison.Ordinal);
    }

    [Fact]
    public void A_BenchmarkDotNet_export_gets_the_same_message_from_report_and_compare()
    {
        using var folder = new TestFolder();
        var results = folder.Combine("run", "benchmarkdotnet", "results");
        Directory.CreateDirectory(results);
        var export = Path.Combine(results, "HashBenchmarks-report-full.json");
        File.WriteAllText(export, """{"Title":"x","HostEnvironmentInfo":{},"Benchmarks":[]}""");
        var expected = $"harness: {export}: a BenchmarkDotNet export, not a harness summary; the harness renders only runs it verified itself: measure with 'harness run' and pass its run folder or its summary.json.";

        foreach (var path in new[] { export, results, folder.Combine("run", "benchmarkdotnet") })
        {
            Assert.Equal(expected, BadInput(Cli.Run("report", "--results", path, "--out", folder.Combine("out"))));
            Assert.Equal(expected, BadInput(Cli.Run("compare", "--base", path, "--diff", path)));
        }
    }

    [Fact]
    public void An_interrupted_run_folder_says_it_did_not_finish()
    {
        using var folder = new TestFolder();
        var run = CryptoHarness.Results.RunFolder.Create(folder.Combine("results"), "amd-epyc-x86-64-v4-linux-net10", DateTimeOffset.UnixEpoch, "quick");
        var expected = $"harness: {run}: this run did not finish (interrupted before it wrote summary.json), so it has nothing to render; run 'harness run' again.";

        Assert.True(File.Exists(Path.Combine(run, SummaryFile.IncompleteMarker)));
        Assert.Equal(expected, BadInput(Cli.Run("report", "--results", run, "--out", folder.Combine("out"))));
        Assert.Equal(expected, BadInput(Cli.Run("compare", "--base", run, "--diff", run)));

        Write(folder, "results/finished/summary.json", Fixture());
        var merged = Cli.Run("merge", "--runs", folder.Combine("results"), "--out", folder.Combine("repo"));
        Assert.Equal(0, merged.ExitCode);
        Assert.Contains($"Skipped {run}: the run did not finish (no summary.json).", merged.Out, StringComparison.Ordinal);
        Assert.Contains("interrupted", CryptoHarness.Results.RunFolder.InterruptedMessage(run), StringComparison.Ordinal);
    }

    // Text that reaches the comment or a page; the size limit.

    private const string Injection = "<img src=x onerror=alert(1)> [link](https://evil.example) ![i](http://evil.example/i.png) @octocat www.evil.example";

    [Fact]
    public void Text_from_a_results_file_cannot_inject_links_images_html_or_mentions_into_the_comment()
    {
        using var folder = new TestFolder();
        var baseRun = Write(folder, "base.json", Fixture());
        var hostile = Fixture();
        hostile["run"]!["packages"]!["bouncycastle"] = Injection;
        var diffRun = Write(folder, "diff.json", hostile);
        var output = folder.Combine("comment.md");

        var result = Cli.Run("compare", "--base", baseRun, "--diff", diffRun, "--fail-on", "never", "--out", output);

        Assert.Equal(0, result.ExitCode);
        var comment = File.ReadAllText(output);
        Assert.Contains("changed version (Portable.BouncyCastle 1.8.10 → &lt;img src=x onerror=alert(1)&gt; \\[link\\](https:\u200B//evil.example) !\\[i\\](http:\u200B//evil.example/i.png) @\u200Boctocat www\u200B.evil.example)", comment, StringComparison.Ordinal);
        NoInjection(comment);
    }

    /// <summary>A provider's calling note is printed after its version, escaped like every text from a results file.</summary>
    [Fact]
    public void A_calling_note_reaches_the_page_after_the_version_and_cannot_inject()
    {
        using var folder = new TestFolder();
        var summary = Fixture();
        summary["run"]!["calling_notes"] = new JsonObject { ["os"] = Injection };
        var file = Write(folder, "summary.json", summary);

        Assert.Equal(0, Cli.Run("report", "--results", file, "--out", folder.Combine("out")).ExitCode);

        var page = File.ReadAllText(folder.Combine("out", "sha256.md"));
        NoInjection(page);
        Assert.Matches(@"`os` = [^;]+ \(&lt;img src=x", page);
    }

    [Theory]
    [InlineData("null", "field 'calling_notes.os': is null; expected text")]
    [InlineData("bad key", "field 'calling_notes': '<b>' is not a valid name")]
    public void A_broken_calling_note_is_refused_at_load_by_its_field(string what, string expected)
    {
        using var folder = new TestFolder();
        var line = RefusedByReport(folder, s => s["run"]!["calling_notes"] = what == "null" ? new JsonObject { ["os"] = null } : new JsonObject { ["<b>"] = "note" }, out _);
        Assert.Contains(expected, line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    /// <summary>Files written before calling notes were recorded carry none; they load and render as before.</summary>
    [Fact]
    public void A_summary_without_calling_notes_loads()
    {
        var summary = SummaryFile.Load(FixtureFile);
        Assert.Null(summary.Run.CallingNotes);
    }

    /// <summary>
    /// A chart's title is its image's alt attribute: a double quote (were a name ever to carry one) would end the
    /// attribute and let the rest add one of its own, so it becomes a single quote; its size is the SVG's own.
    /// </summary>
    [Fact]
    public void A_chart_title_cannot_end_its_alt_attribute_and_the_image_has_the_svg_size()
    {
        var chart = new ReportModel.Chart("charts/x.svg", "X\" onerror=\"alert(1)", "<svg width=\"720\" height=\"404\" xmlns=\"http://www.w3.org/2000/svg\"/>");
        Assert.Equal("X' onerror='alert(1)", chart.Alt);
        Assert.Equal((720, 404), (chart.Width, chart.Height));
        Assert.Equal((0, 0), SvgChart.SizeOf("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"));
    }

    [Fact]
    public void Text_from_a_results_file_cannot_inject_into_a_report_page()
    {
        using var folder = new TestFolder();
        var hostile = Fixture();
        hostile["run"]!["cpu"] = Injection;
        hostile["run"]!["cpu_identity"] = Injection;
        hostile["run"]!["packages"]!["os"] = Injection;
        hostile["failures"]![0]!["reason"] = Injection;

        var file = Write(folder, "summary.json", hostile);

        Assert.Equal(0, Cli.Run("report", "--results", file, "--out", folder.Combine("out")).ExitCode);

        foreach (var page in new[] { "sha256.md", "machine-spec.md", "index.md" })
        {
            NoInjection(File.ReadAllText(folder.Combine("out", page)));
        }

        Assert.Contains("| CPU | &lt;img src=x", File.ReadAllText(folder.Combine("out", "machine-spec.md")), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("id", "[x](https://evil.example)")]
    [InlineData("provider", "<b>os</b>")]
    [InlineData("variant", "@octocat")]
    [InlineData("algorithm", "SHA-256\nInjected line")]
    [InlineData("operation", "hash/../../x")]
    public void Names_with_markup_or_separators_are_refused_at_load(string field, string value)
    {
        using var folder = new TestFolder();
        var line = RefusedByReport(folder, s => s["results"]![0]![field] = value, out var file);

        Assert.StartsWith($"harness: {file}: results[0], field '{field}': '", line, StringComparison.Ordinal);
        Assert.Contains("is not a valid name", line, StringComparison.Ordinal);
    }

    [Fact]
    public void A_results_file_above_64_MiB_is_refused_unread()
    {
        using var folder = new TestFolder();
        var file = folder.Combine("summary.json");
        using (var stream = File.Create(file))
        {
            stream.SetLength(SummaryFile.MaxBytes + 1);
        }

        var line = BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));

        Assert.Equal($"harness: {file}: 67,108,865 bytes, more than the 64 MiB a results file may have; refused unread.", line);
    }

    [Fact]
    public void Markdown_escaping_leaves_every_name_and_text_the_harness_writes_alone()
    {
        foreach (var text in new[]
        {
            "sha256/managed/scalar", "SHA-512/224", ".NET 10.0.12, OpenSSL 3.0.19", "m=65536,t=4,p=1,len=32", "Debian GNU/Linux 12 (bookworm)",
            "libsodium refuses Argon2i below t=3 (crypto_pwhash_argon2i_OPSLIMIT_MIN); this set has t=1", "⚠ CV 5.1% > 5%",
            "/proc/cpuinfo 'cpu MHz' at the start of the run (BenchmarkDotNet's CpuInfo had no frequency)", "`managed` vs `os`: 1.20× faster",
        })
        {
            Assert.Equal(text, MarkdownText.Escape(text));
        }
    }

    [Fact]
    public void Escaping_changes_nothing_in_the_pages_of_the_committed_data()
    {
        using var committed = CommittedTree.Open();
        var escaped = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        var plain = new ReportStage(ReportStage.DefaultTemplatesDirectory, ScenarioRegistry.Reports, KindRegistry.Presentations, escape: false);
        var machines = Directory.EnumerateDirectories(committed.Combine("reports")).ToArray();
        Assert.NotEmpty(machines);
        foreach (var machine in machines)
        {
            var data = FamilyData.Load(Path.Combine(machine, "data")).Values.ToArray();
            var withEscaping = escaped.RenderData(data);
            var without = plain.RenderData(data);
            Assert.Equal(without.Select(f => f.Name), withEscaping.Select(f => f.Name));
            for (var i = 0; i < without.Count; i++)
            {
                Assert.True(without[i].Content == withEscaping[i].Content, $"{Path.GetFileName(machine)}/{without[i].Name} changes when escaped");
            }
        }
    }

    private static void NoInjection(string markdown)
    {
        // The page's own charts are <img> tags of a fixed form, their alt text escaped and without a double quote.
        markdown = ChartImage().Replace(markdown, "");
        AssertText.ContainsNone(markdown,
            "<img",
            "](https://",
            "![i](",
            "https://",
            "@octocat",
            "www.evil");
    }

    [System.Text.RegularExpressions.GeneratedRegex("""^<img src="charts/[a-z0-9-]+\.svg" alt="[^"<\n]*" width="\d+" height="\d+">$""", System.Text.RegularExpressions.RegexOptions.Multiline)]
    private static partial System.Text.RegularExpressions.Regex ChartImage();

    /// <summary>Exit 2 and exactly one line on stderr, which is returned; nothing on stderr looks like a stack trace.</summary>
    internal static string BadInput(Cli.Result result)
    {
        Assert.True(result.ExitCode == 2, $"exit {result.ExitCode}: {result.Out}{result.Error}");
        var line = Assert.Single(result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.DoesNotContain("   at ", line, StringComparison.Ordinal);
        return line;
    }

    /// <summary>
    /// The fixture with <paramref name="damage"/> done to it, written as <c>summary.json</c> (<paramref name="file"/>) and
    /// given to <c>report</c>: the one line it is refused with.
    /// </summary>
    private static string RefusedByReport(TestFolder folder, Action<JsonObject> damage, out string file)
    {
        var summary = Fixture();
        damage(summary);
        file = Write(folder, "summary.json", summary);
        return BadInput(Cli.Run("report", "--results", file, "--out", folder.Combine("out")));
    }

    internal static JsonObject Fixture() => JsonNode.Parse(File.ReadAllText(FixtureFile))!.AsObject();

    internal static string Write(TestFolder folder, string relative, JsonNode node)
    {
        var path = folder.Combine(relative.Split('/'));
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, node.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true }));
        return path;
    }

    /// <summary>Writes <paramref name="text"/> at <paramref name="path"/>, making its folder; the path.</summary>
    internal static string WriteText(string path, string text)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        File.WriteAllText(path, text);
        return path;
    }

    /// <summary>The scratch tree without the output folder.</summary>
    internal static KeyValuePair<string, string>[] Outside(string scratch, string output) =>
        Tree(scratch)
            .Where(e => !Path.Combine(scratch, e.Key).StartsWith(output, StringComparison.Ordinal))
            .ToArray();

    /// <summary>Every file and folder below <paramref name="root"/> with each file's length and content hash.</summary>
    internal static SortedDictionary<string, string> Tree(string root)
    {
        var tree = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var entry in Directory.EnumerateFileSystemEntries(root, "*", SearchOption.AllDirectories))
        {
            tree[Path.GetRelativePath(root, entry)] = File.Exists(entry)
                ? Convert.ToHexString(System.Security.Cryptography.SHA256.HashData(File.ReadAllBytes(entry)))
                : "folder";
        }

        return tree;
    }
}

/// <summary>
/// The check every write goes through, on its own: whatever validation lets through, nothing is written outside the
/// output folder a command was given.
/// </summary>
public sealed class OutputFolderTests
{
    [Theory]
    [InlineData("page.md")]
    [InlineData("charts/page.svg")]
    [InlineData("data/../page.md")]
    [InlineData("reports/machine/../../machine-specs/machine.md")]
    public void A_path_inside_the_folder_resolves_to_its_full_path(string name)
    {
        using var folder = new TestFolder();
        Assert.Equal(Path.GetFullPath(Path.Combine(folder.Path, name)), OutputFolder.Resolve(folder.Path, name));
    }

    [Theory]
    [InlineData("../page.md")]
    [InlineData("../../../../escaped-slug.md")]
    [InlineData("charts/../../page.svg")]
    [InlineData("/etc/passwd")]
    [InlineData("")]
    [InlineData(".")]
    public void A_path_that_leads_outside_the_folder_is_refused(string name)
    {
        using var folder = new TestFolder();
        var error = Assert.Throws<UsageException>(() => OutputFolder.Resolve(folder.Path, name));
        Assert.Contains("resolves outside the output folder", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_linked_folder_inside_that_points_outside_is_refused()
    {
        using var folder = new TestFolder();
        using var elsewhere = new TestFolder();
        Directory.CreateDirectory(folder.Combine("out"));
        Directory.CreateSymbolicLink(folder.Combine("out", "charts"), elsewhere.Path);

        Assert.Throws<UsageException>(() => OutputFolder.Resolve(folder.Combine("out"), "charts/page.svg"));
        Assert.Equal(folder.Combine("out", "page.md"), OutputFolder.Resolve(folder.Combine("out"), "page.md"));
    }

    [Fact]
    public void The_report_writer_checks_every_name_before_writing_any()
    {
        using var folder = new TestFolder();
        var output = folder.Combine("out");
        ReportStage.RenderedFile[] files = [new("first.md", "first"), new("../escaped.md", "escaped")];

        Assert.Throws<UsageException>(() => ReportStage.Write(files, output));

        Assert.False(Directory.Exists(output));
        Assert.False(File.Exists(folder.Combine("escaped.md")));
    }
}

/// <summary>A real run stopped by a signal (SIGTERM, as CI cancels a job, or Ctrl+C's SIGINT) while its gate runs.</summary>
public sealed partial class InterruptedRunTests
{
    private const int SigTerm = 15;

    [Fact]
    public async Task A_run_stopped_by_a_signal_says_so_and_leaves_its_folder_marked_incomplete_and_no_report()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // kill(2) from libc
        }

        using var folder = new TestFolder();
        var start = new System.Diagnostics.ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in new[] { Path.Combine(AppContext.BaseDirectory, "Harness.dll"), "run", "--family", "SHA-256", "--job", "dry", "--results", folder.Combine("results"), "--out", folder.Combine("out"), "--quiet" })
        {
            start.ArgumentList.Add(argument);
        }

        using var process = System.Diagnostics.Process.Start(start)!;
        var stderr = process.StandardError.ReadToEndAsync();
        string? line;
        while ((line = process.StandardOutput.ReadLine()) is not null && !line.StartsWith("Run folder: ", StringComparison.Ordinal))
        {
        }

        // The notice is registered before the run folder is printed, so the signal finds it; the gate comes after.
        Assert.NotNull(line);
        Assert.Equal(0, Kill(process.Id, SigTerm));
        _ = await process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync();

        var runFolder = line["Run folder: ".Length..];
        Assert.Equal(CryptoHarness.Results.RunFolder.InterruptedMessage(runFolder), (await stderr).Trim());
        Assert.True(File.Exists(Path.Combine(runFolder, SummaryFile.IncompleteMarker)));
        Assert.False(File.Exists(Path.Combine(runFolder, SummaryFile.FileName)));
        Assert.False(Directory.Exists(folder.Combine("out")));
        Assert.NotEqual(0, process.ExitCode);
    }

    [System.Runtime.InteropServices.LibraryImport("libc", EntryPoint = "kill")]
    private static partial int Kill(int pid, int signal);
}
