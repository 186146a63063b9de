using System.Text.Json.Serialization;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.Architecture;

/// <summary>
/// A scenario's own result fields (<see cref="ScenarioFields"/>): declared in its folder, registered with its line in
/// <see cref="ScenarioRegistry.All"/>, written under <c>scenario_fields</c> with its name, checked at load by its own
/// rule and telling its cases apart in messages, with nothing in <c>Results/</c> naming it. Proved here with a
/// scenario-like fixture (a set of files hashed together), handed to the serializer as the registry hands its own.
/// </summary>
public sealed class ScenarioFieldsTests
{
    /// <summary>The fixture scenario's fields, as a scenario folder would declare them.</summary>
    private sealed record FileSetFields : ScenarioFields
    {
        public const string Name = "files";

        [JsonPropertyName("file_count")]
        public required int FileCount { get; init; }

        public override string Scenario() => Name;

        public override string CaseDetail() => FormattableString.Invariant($"{FileCount} files");

        public override void Check(ScenarioFieldCheck check) => check.AtLeast("file_count", FileCount, 1);
    }

    private static readonly JsonSerializerOptions WithFixture = new(SummaryFile.Options)
    {
        TypeInfoResolver = ScenarioFieldTypes.Resolver(() => [ScenarioFieldsType.Of<FileSetFields>(FileSetFields.Name)]),
    };

    private static readonly RunSummary Fixture = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick"));

    private static ResultRecord Row(int files, string scenario = FileSetFields.Name) =>
        Fixture.Results[0] with { Scenario = scenario, Fields = new FileSetFields { FileCount = files } };

    private static RunSummary Run(params ResultRecord[] rows) =>
        Fixture with { Run = Fixture.Run with { Scenario = FileSetFields.Name }, Results = rows };

    /// <summary>Writes <paramref name="summary"/> with the fixture registered and loads it back as the harness loads a file.</summary>
    private static RunSummary RoundTrip(RunSummary summary, out string text)
    {
        using var folder = new TestFolder();
        var path = Path.Combine(folder.Path, SummaryFile.FileName);
        text = JsonSerializer.Serialize(summary, WithFixture);
        File.WriteAllText(path, text);
        return SummaryFile.Load(path, allowedRoot: null, WithFixture);
    }

    [Fact]
    public void A_scenarios_fields_are_written_under_its_name_and_read_back_as_its_own_type()
    {
        var read = RoundTrip(Run(Row(3), Row(5)), out var text);

        Assert.Contains("\"scenario_fields\": {\n        \"scenario\": \"files\",\n        \"file_count\": 3\n      }", text.ReplaceLineEndings("\n"), StringComparison.Ordinal);
        Assert.Equal([3, 5], read.Results.Select(r => Assert.IsType<FileSetFields>(r.Fields).FileCount));
        Assert.EndsWith(" · files · 3 files", SummaryValidation.CaseLabel(read.Results[0]), StringComparison.Ordinal);
    }

    [Fact]
    public void A_record_without_fields_writes_none_so_existing_files_keep_their_bytes()
    {
        var text = JsonSerializer.Serialize(Fixture, SummaryFile.Options);
        Assert.DoesNotContain("scenario_fields", text, StringComparison.Ordinal);
    }

    [Fact]
    public void The_scenarios_own_check_runs_at_load_and_names_the_case_and_the_field()
    {
        var error = Assert.Throws<UsageException>(() => RoundTrip(Run(Row(0)), out _));

        Assert.Contains("results[0], field 'scenario_fields.file_count': 0 is out of range; expected a whole number of 1 or more", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void Cases_that_differ_only_in_their_scenario_fields_are_distinct_and_the_same_fields_twice_are_refused()
    {
        Assert.Equal(2, RoundTrip(Run(Row(3), Row(4)), out _).Results.Count);

        var error = Assert.Throws<UsageException>(() => RoundTrip(Run(Row(3), Row(3)), out _));
        Assert.Contains("duplicate case", error.Message, StringComparison.Ordinal);
        Assert.Contains("3 files", error.Message, StringComparison.Ordinal);
    }

    /// <summary>Tables and compare tell the cases apart by what the fields say, as they do batches by their shape.</summary>
    [Fact]
    public void Pages_and_compare_name_and_key_the_case_by_its_scenario_fields()
    {
        Assert.Equal("3 files", CryptoHarness.Formatting.Format.Payload(Row(3)));
        Assert.NotEqual(
            CryptoHarness.Comparing.RunComparison.CaseKey(Row(3), Fixture.Run),
            CryptoHarness.Comparing.RunComparison.CaseKey(Row(4), Fixture.Run));
        Assert.Equal(CryptoHarness.Formatting.Format.Size(Fixture.Results[0].SizeBytes), CryptoHarness.Formatting.Format.Payload(Fixture.Results[0]));
    }

    [Fact]
    public void A_scenarios_fields_on_another_scenarios_record_are_refused()
    {
        var error = Assert.Throws<UsageException>(() => RoundTrip(Run(Row(3, scenario: "oneshot")), out _));
        Assert.Contains("field 'scenario_fields.scenario': 'files' fields on a record of scenario 'oneshot'", error.Message, StringComparison.Ordinal);
    }

    /// <summary>A file naming fields no registered scenario declares, or hiding their name, is one clear line, as every bad file is.</summary>
    [Theory]
    [InlineData("{ \"scenario\": \"no-such-scenario\", \"file_count\": 3 }")]
    [InlineData("{ \"file_count\": 3, \"scenario\": \"files\" }")]
    [InlineData("{ \"file_count\": 3 }")]
    [InlineData("[]")]
    public void Fields_of_no_registered_scenario_are_refused_on_one_line(string fields)
    {
        using var folder = new TestFolder();
        var path = Path.Combine(folder.Path, SummaryFile.FileName);
        var node = JsonSerializer.SerializeToNode(Fixture, SummaryFile.Options)!;
        node["results"]![0]!["scenario_fields"] = System.Text.Json.Nodes.JsonNode.Parse(fields);
        File.WriteAllText(path, node.ToJsonString());

        var error = Assert.Throws<UsageException>(() => SummaryFile.Load(path));
        Assert.StartsWith(path, error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
        Assert.DoesNotContain("CryptoHarness.", error.Message, StringComparison.Ordinal);
    }

    /// <summary>The registration line of a scenario with fields names its fields type once; their mark is the scenario's name.</summary>
    [Fact]
    public void A_scenario_registered_with_fields_marks_them_with_its_name()
    {
        var scenario = Scenario.WithFields<FileSetFields>(new CryptoHarness.Running.Scenarios.StreamMeasurement(), new CryptoHarness.Reporting.Scenarios.StreamReport());
        Assert.Equal(new ScenarioFieldsType("stream", typeof(FileSetFields)), scenario.Fields);
    }

    /// <summary>Each registered scenario's fields are marked with its own name, so its records pass their load check.</summary>
    [Fact]
    public void Every_registered_scenarios_fields_carry_its_name()
    {
        Assert.All(ScenarioRegistry.All.Where(s => s.Fields is not null), s =>
        {
            Assert.Equal(s.Name, s.Fields!.Scenario);
            Assert.True(typeof(ScenarioFields).IsAssignableFrom(s.Fields.Type));
        });
    }
}
