using System.Text.Json.Nodes;
using static CryptoHarness.Tests.Hostile.HostileResultsTests;

namespace CryptoHarness.Tests.Hostile;

/// <summary>
/// <c>report</c>, <c>merge</c>, <c>site</c> and <c>compare</c> on a few thousand mutations of the recorded fixture (fields
/// deleted, nulled or retyped; names with path characters, markup and odd Unicode; huge, negative and fractional
/// numbers; arrays emptied, duplicated or holding null; text cut short), inside a scratch folder. For each: exit 0 or 2,
/// on error one line and no stack trace, and no file created or changed outside the command's output folder (the
/// scratch tree is listed before and after). The seed is fixed, so a failure names a mutant that fails again.
/// </summary>
public sealed class HostileResultsFuzzTests
{
    private const int Seed = 14;
    private const int Mutants = 2400;

    private static readonly string[] Commands = ["report", "merge", "site", "compare"];

    /// <summary>Strings a hostile file might carry where a name or text is expected.</summary>
    private static readonly string[] HostileStrings =
    [
        "../../../../escaped", "..", ".", "/etc/passwd", "a/b", "a\\b", "C:\\Windows\\x", "con", "x\u0000y", "%2e%2e%2f", "．．／x",
        "\u202Eevil", "a\nb", "", " ", "<script>alert(1)</script>", "[a](https://evil.example)", "![i](x.png)", "@octocat",
        "www.evil.example", "e\u0301", "🔥", "\ud800", "\uFEFF", new string('a', 5000), "sha256", "SHA-2", "hash", "oneshot",
    ];

    private static readonly JsonNode?[] HostileNumbers =
    [
        0, -1, -5, 1.5, 1e308, -1e308, 2147483648L, -2147483649L, long.MaxValue, 5e-324, 131072, 3,
    ];

    [Fact]
    public void Mutated_summaries_exit_0_or_2_with_one_line_and_write_only_into_the_output_folder()
    {
        var random = new Random(Seed);
        var fixture = HostileResultsTests.Fixture();
        using var scratch = new TestFolder();
        // Deeper than any "../" a mutation carries, so an escape would land inside the scratch tree, where the listing sees it.
        var work = scratch.Combine("a", "b", "c", "d", "e", "f");
        var good = HostileResultsTests.Write(scratch, "a/b/c/d/e/f/good/summary.json", fixture);
        var outcomes = new Dictionary<string, int>(StringComparer.Ordinal);

        for (var i = 0; i < Mutants; i++)
        {
            var command = Commands[i % Commands.Length];
            var (text, description) = Mutate(fixture, random);
            var input = Path.Combine(work, "in");
            var output = Path.Combine(work, "out");
            string[] args;
            switch (command)
            {
                case "report":
                    args = ["report", "--results", WriteText(Path.Combine(input, "summary.json"), text), "--out", output];
                    break;
                case "merge":
                    WriteText(Path.Combine(input, "run", "summary.json"), text);
                    args = ["merge", "--runs", input, "--out", output];
                    break;
                case "site":
                    WriteText(Path.Combine(input, "reports", "machine", "data", "sha256.json"), text);
                    WriteText(Path.Combine(input, "reports", "machine", "sha256.md"), "### SHA-256\n");
                    args = ["site", "--reports", Path.Combine(input, "reports"), "--machine", "machine", "--out", output];
                    break;
                default:
                    args = ["compare", "--base", good, "--diff", WriteText(Path.Combine(input, "summary.json"), text), "--fail-on", "never", "--out", Path.Combine(output, "comment.md")];
                    break;
            }

            var before = Outside(scratch.Path, output);
            Cli.Result result;
            try
            {
                result = Cli.Run(args);
            }
            catch (Exception e)
            {
                Assert.Fail($"mutant {i} ({command}; {description}) threw {e.GetType().Name}: {e.Message}");
                throw;
            }

            Assert.True(result.ExitCode is 0 or 2, $"mutant {i} ({command}; {description}): exit {result.ExitCode}: {result.Error}");
            if (result.ExitCode == 2)
            {
                var lines = result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries);
                Assert.True(lines.Length == 1 && lines[0].StartsWith("harness: ", StringComparison.Ordinal) && !lines[0].Contains("   at ", StringComparison.Ordinal),
                    $"mutant {i} ({command}; {description}): {result.Error}");
            }

            var after = Outside(scratch.Path, output);
            Assert.True(before.SequenceEqual(after), $"mutant {i} ({command}; {description}) changed {string.Join(", ", after.Except(before).Concat(before.Except(after)).Select(e => e.Key))} outside {output}");

            var key = $"{command} exit {result.ExitCode}";
            outcomes[key] = outcomes.GetValueOrDefault(key) + 1;
            Directory.Delete(input, recursive: true);
            if (Directory.Exists(output))
            {
                Directory.Delete(output, recursive: true);
            }
        }

        // The mutations reach both sides: some are refused, some still render (they are not all rejected by one check).
        Assert.All(Commands, c => Assert.True(outcomes.GetValueOrDefault($"{c} exit 0") > 0 && outcomes.GetValueOrDefault($"{c} exit 2") > 0,
            $"{c}: {string.Join(", ", outcomes.Select(o => $"{o.Key}: {o.Value}"))}"));
    }

    /// <summary>One to three mutations of a copy of <paramref name="fixture"/>, as the text written to disk, and what was done.</summary>
    private static (string Text, string Description) Mutate(JsonObject fixture, Random random)
    {
        var root = fixture.DeepClone().AsObject();
        var done = new List<string>();
        var count = 1 + random.Next(3);
        for (var m = 0; m < count; m++)
        {
            var slots = JsonSlots.Of(root).ToList();
            var (parent, key, index) = slots[random.Next(slots.Count)];
            var path = key ?? $"[{index}]";
            JsonNode? Current() => key is not null ? parent[key] : parent.AsArray()[index];
            void Set(JsonNode? value)
            {
                if (key is not null)
                {
                    parent[key] = value;
                }
                else
                {
                    parent.AsArray()[index] = value;
                }
            }

            switch (random.Next(9))
            {
                case 0 when key is not null:
                    parent.AsObject().Remove(key);
                    done.Add($"deleted {path}");
                    break;
                case 1:
                    Set(null);
                    done.Add($"nulled {path}");
                    break;
                case 2:
                    var retyped = random.Next(5) switch
                    {
                        0 => (JsonNode?)JsonValue.Create("12"),
                        1 => JsonValue.Create(7),
                        2 => new JsonArray(),
                        3 => new JsonObject(),
                        _ => JsonValue.Create(true),
                    };
                    done.Add($"retyped {path} to {retyped?.ToJsonString()}");
                    Set(retyped);
                    break;
                case 3 or 4 when Current() is JsonValue value && value.GetValueKind() == System.Text.Json.JsonValueKind.String:
                    var text = HostileStrings[random.Next(HostileStrings.Length)];
                    Set(JsonValue.Create(text));
                    done.Add($"{path} = {Short(text)}");
                    break;
                case 5 or 6 when Current() is JsonValue value && value.GetValueKind() == System.Text.Json.JsonValueKind.Number:
                    var number = HostileNumbers[random.Next(HostileNumbers.Length)];
                    Set(number?.DeepClone());
                    done.Add($"{path} = {number?.ToJsonString()}");
                    break;
                case 7 when Current() is JsonArray array:
                    switch (random.Next(3))
                    {
                        case 0:
                            array.Clear();
                            done.Add($"emptied {path}");
                            break;
                        case 1:
                            array.Add(null);
                            done.Add($"null appended to {path}");
                            break;
                        default:
                            if (array.Count > 0)
                            {
                                array.Add(array[random.Next(array.Count)]?.DeepClone());
                            }

                            done.Add($"duplicated an element of {path}");
                            break;
                    }

                    break;
                default:
                    // A common case: a name that becomes a path, or a statistic, mutated directly.
                    var results = root["results"] as JsonArray;
                    if (results is { Count: > 0 } && results[random.Next(results.Count)] is JsonObject record)
                    {
                        var field = new[] { "slug", "family", "operation", "id", "median_ns", "size_bytes", "samples_ns", "allocated_bytes" }[random.Next(8)];
                        JsonNode? value = field is "median_ns" or "size_bytes" or "allocated_bytes"
                            ? HostileNumbers[random.Next(HostileNumbers.Length)]?.DeepClone()
                            : field == "samples_ns" ? new JsonArray(JsonValue.Create(random.Next(3) - 1.0))
                            : JsonValue.Create(HostileStrings[random.Next(HostileStrings.Length)]);
                        record[field] = value;
                        done.Add($"record.{field} = {Short(value?.ToJsonString() ?? "null")}");
                    }

                    break;
            }
        }

        var json = root.ToJsonString();
        if (random.Next(20) == 0)
        {
            var cut = random.Next(json.Length);
            done.Add($"cut at {cut}");
            json = json[..cut];
        }

        return (json, string.Join("; ", done));
    }

    private static string Short(string text) => text.Length > 40 ? text[..40] + "…" : text;
}
