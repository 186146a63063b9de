using System.Diagnostics;
using System.Text.Json.Nodes;
using CsCheck;
using static CryptoHarness.Tests.Hostile.HostileResultsTests;

namespace CryptoHarness.Tests.Hostile;

/// <summary>
/// A property over every command that reads results (issue 28): a valid summary, a leaks summary or a
/// <c>paired.json</c>, mutated at random (names, numbers, shapes, sizes), fed to <c>report</c>, <c>merge</c>,
/// <c>compare</c>, <c>site</c> or <c>paired --from</c>, always ends in exit 0 or 2, on error one line without a stack
/// trace, nothing written outside the command's output folder, and in bounded time. CsCheck draws the mutations and
/// shrinks a failure to the fewest and simplest that still fail; few samples, so the suite stays fast (the seeded
/// mutation sweep of <see cref="HostileResultsFuzzTests"/> covers breadth).
/// </summary>
[Collection(TimedAlone.Name)]
public sealed class HostilePropertyTests
{
    private static readonly TimeSpan Bounded = TimeSpan.FromSeconds(20);

    /// <summary>Text a hostile file might carry: line breaks of every kind, references, reserved names, paths, markup, length.</summary>
    private static readonly string[] Texts =
    [
        "a\u2028### 0 slower", "b\u2029```", "c\u0085d", "e\r\nf", "owner/repo#12", "#3", "see 9775e13", "CON", "aux.md", "x.",
        "../../escaped", "/etc/passwd", "<b>x</b>", "[l](https://evil.example)", "@octocat", new string('w', 3000), "", "\ud800",
    ];

    /// <summary>Numbers at and past every bound: zero, negative, tiny, huge, past Int32, fractional.</summary>
    private static readonly double[] Numbers = [0, -1, 1e-300, 1e300, 1e15, 2147483648, 0.5, 65, 1001, 20001];

    private enum Input
    {
        Summary,
        Leaks,
        Paired,
    }

    [Fact]
    public void Every_command_survives_random_mutations_of_every_results_file()
    {
        var gen = Gen.Select(Gen.Int[0, 2], Gen.Int[0, 3], Gen.Int[0, int.MaxValue - 1].Array[1, 4],
            (input, command, mutations) => ((Input)input, command, mutations));

        using var scratch = new TestFolder();
        gen.Sample(sample => Holds(scratch, sample.Item1, sample.Item2, sample.Item3), iter: 100, threads: 1,
            print: sample => $"{sample.Item1}, command {sample.Item2}, mutations [{string.Join(", ", sample.Item3)}]");
    }

    private static void Holds(TestFolder scratch, Input input, int command, int[] mutations)
    {
        var work = scratch.Combine("a", "b", "c", "d", "e", Guid.NewGuid().ToString("N"));
        var output = Path.Combine(work, "out");
        var text = Mutate(Original(input), mutations);
        string[] args;
        if (input == Input.Paired)
        {
            args = ["paired", "--from", WriteText(Path.Combine(work, "in", PairedResultsFile.FileName), text), "--fail-on", "never", "--out", Path.Combine(output, "comment.md")];
        }
        else
        {
            switch (command)
            {
                case 0:
                    args = ["report", "--results", WriteText(Path.Combine(work, "in", "run", SummaryFile.FileName), text), "--out", output];
                    break;
                case 1:
                    WriteText(Path.Combine(work, "in", "run", SummaryFile.FileName), text);
                    args = ["merge", "--runs", Path.Combine(work, "in"), "--out", output];
                    break;
                case 2:
                    var good = WriteText(Path.Combine(work, "good", SummaryFile.FileName), Original(input));
                    args = ["compare", "--base", good, "--diff", WriteText(Path.Combine(work, "in", SummaryFile.FileName), text), "--fail-on", "never", "--out", Path.Combine(output, "comment.md")];
                    break;
                default:
                    WriteText(Path.Combine(work, "in", "reports", "machine", "data", "sha256.json"), text);
                    WriteText(Path.Combine(work, "in", "reports", "machine", "sha256.md"), "### SHA-256\n");
                    args = ["site", "--reports", Path.Combine(work, "in", "reports"), "--machine", "machine", "--out", output];
                    break;
            }
        }

        var before = Outside(scratch.Path, output);
        var watch = Stopwatch.StartNew();
        var result = Cli.Run(args);
        Assert.True(watch.Elapsed < Bounded, $"{args[0]} took {watch.Elapsed}");
        Assert.True(result.ExitCode is 0 or 2, $"{args[0]}: exit {result.ExitCode}: {result.Error}");
        if (result.ExitCode == 2)
        {
            var lines = result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries);
            Assert.True(lines.Length == 1 && lines[0].StartsWith("harness: ", StringComparison.Ordinal) && !lines[0].Contains("   at ", StringComparison.Ordinal), result.Error);
        }

        Assert.Equal(before, Outside(scratch.Path, output));
        Directory.Delete(work, recursive: true);
    }

    private static string Original(Input input) => input switch
    {
        Input.Summary => HostileResultsTests.Fixture().ToJsonString(),
        Input.Leaks => JsonSerializer.Serialize(LeaksTests.Summary([LeaksTests.SoundRecord() with { MaxAbsT = 1.5, Verdict = LeakRecord.NoLeakFound }]), SummaryFile.Options),
        _ => JsonSerializer.Serialize(PairedComparisonTests.Saved(1.0), SummaryFile.Options),
    };

    /// <summary>
    /// Each mutation picks a place in the document (any property or element) and what to do there from one drawn number:
    /// remove it, null it, put text or a number there, empty an array or repeat one of its elements past a limit.
    /// </summary>
    private static string Mutate(string json, int[] mutations)
    {
        var root = JsonNode.Parse(json)!;
        foreach (var mutation in mutations)
        {
            var slots = JsonSlots.Of(root).ToList();
            var (parent, key, index) = slots[mutation % slots.Count];
            var choice = mutation / slots.Count;
            JsonNode? value = (choice % 7) switch
            {
                0 => null,
                1 or 2 => JsonValue.Create(Texts[choice / 7 % Texts.Length]),
                3 or 4 => JsonValue.Create(Numbers[choice / 7 % Numbers.Length]),
                5 => new JsonArray(),
                _ => Repeated(key is null ? parent.AsArray()[index] : parent[key], 1 + (choice / 7 % 1200)),
            };
            if (choice % 7 == 0 && key is not null && choice % 2 == 0)
            {
                parent.AsObject().Remove(key);
            }
            else if (key is not null)
            {
                parent[key] = value;
            }
            else
            {
                parent.AsArray()[index] = value;
            }
        }

        return root.ToJsonString();
    }

    /// <summary>An array's first element repeated <paramref name="count"/> times (past the limits on samples, sizes and rows); other values as they are.</summary>
    private static JsonNode? Repeated(JsonNode? node, int count) =>
        node is JsonArray { Count: > 0 } array ? new JsonArray([.. Enumerable.Range(0, count).Select(_ => array[0]?.DeepClone())]) : node?.DeepClone();
}
