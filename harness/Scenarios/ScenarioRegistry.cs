using System.Runtime.CompilerServices;
using CryptoHarness.Kinds;
using CryptoHarness.Reporting;
using CryptoHarness.Reporting.Scenarios;
using CryptoHarness.Running;
using CryptoHarness.Running.Scenarios;

namespace CryptoHarness.Scenarios;

/// <summary>
/// A scenario: how it selects and measures (<see cref="IScenarioMeasurement"/>, which is its selection too) and which
/// pages it renders (<see cref="ScenarioReport"/>). Its pieces live in its folder under <c>harness/Scenarios/</c>, each in
/// the namespace of its layer, so the layers still import one way; only this registration names them together.
/// </summary>
/// <param name="Options">Its own options (<c>run --stream-size</c>, …), with their parsing and help; null when it has none.</param>
/// <param name="Fields">
/// Its own result fields (a <see cref="ScenarioFields"/> record in its folder, with their check at load), written under
/// <c>scenario_fields</c> with its name (<see cref="WithFields"/> registers them so); null when it has none.
/// </param>
public sealed record Scenario(IScenarioMeasurement Measurement, ScenarioReport Report, ScenarioOptions? Options = null, ScenarioFieldsType? Fields = null)
{
    public string Name => Measurement.Name;

    /// <summary>A scenario with result fields of its own, <typeparamref name="TFields"/>, written under its name.</summary>
    public static Scenario WithFields<TFields>(IScenarioMeasurement measurement, ScenarioReport report, ScenarioOptions? options = null)
        where TFields : ScenarioFields =>
        new(measurement, report, options, ScenarioFieldsType.Of<TFields>(measurement.Name));
}

/// <summary>
/// Every scenario, once. Adding one is its folder and a line here: <c>--scenario</c>, <c>harness list</c>, the run and
/// the reports all read this list. The first is the default, and what a summary that names no scenario was.
/// </summary>
public static class ScenarioRegistry
{
    public static IReadOnlyList<Scenario> All { get; } =
    [
        new(new OneShotMeasurement(), new OneShotReport()),
        new(new StreamMeasurement(), new StreamReport(), new StreamOptions()),
        new(new BatchMeasurement(), new BatchReport()),
        new(new PasswordMeasurement(), new PasswordScenarioReport()),
    ];

    public static IReadOnlyList<string> Names { get; } = All.Select(s => s.Name).ToArray();

    /// <summary>
    /// Hands the scenarios' own result fields to the results layer, which reads and writes <c>summary.json</c> but may not
    /// name a scenario: run once when the harness loads, before any file is read, and lazy, so no scenario is built then.
    /// </summary>
    [ModuleInitializer]
    internal static void HandOverFieldTypes() =>
        ScenarioFieldTypes.Use(() => All.Select(s => s.Fields).OfType<ScenarioFieldsType>());

    /// <summary>Every scenario's own options, for <c>harness run</c> to add.</summary>
    public static IEnumerable<System.CommandLine.Option> Options => All.SelectMany(s => s.Options?.Options ?? []);

    /// <summary>
    /// Checks that a command of their own runs rather than <c>run --scenario</c>, registered for their reports: a
    /// summary naming one renders through it. Adding one is its folder, its command, and a line here.
    /// </summary>
    public static IReadOnlyList<ScenarioReport> Checks { get; } =
    [
        new LeakScenarioReport(),
    ];

    /// <summary>Every scenario's and check's report, the scenarios first (the first standing for a summary that names none).</summary>
    public static IReadOnlyList<ScenarioReport> Reports { get; } = [.. All.Select(s => s.Report), .. Checks];

    /// <summary>The scenario named, or the one-line refusal naming the valid ones.</summary>
    public static Scenario Parse(string name) => All.FirstOrDefault(s => s.Name == name)
        ?? throw new UsageException($"Unknown scenario '{name}'. Valid scenarios: {string.Join(", ", Names)}.");

    /// <summary>The scenario meant when none is named: the first that claims the selection, else the first registered.</summary>
    public static Scenario Default(IReadOnlyList<IImplementation> selected, bool passwordOptionGiven) =>
        All.FirstOrDefault(s => s.Measurement.ClaimsByDefault(selected, passwordOptionGiven)) ?? All[0];

    /// <summary>What <c>--scenario</c> says of its values and its default.</summary>
    public static string OptionHelp =>
        $"What to measure: {string.Join(", ", Names)} (default {All[0].Name}"
        + string.Concat(All.Where(s => s.Measurement.ClaimedWhen is not null).Select(s => $", or {s.Name} when {s.Measurement.ClaimedWhen}"))
        + ").";

    /// <summary>The scenarios the password options apply to, for the refusal of one given elsewhere.</summary>
    public static IEnumerable<string> TakingPasswordSets => All.Where(s => s.Measurement.TakesPasswordSets).Select(s => s.Name);

    /// <summary>A report stage that renders every registered scenario's pages, reading every registered kind.</summary>
    public static ReportStage Stage(string templatesDirectory) => new(templatesDirectory, Reports, KindRegistry.Presentations);
}
