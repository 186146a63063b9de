using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting.Scenarios;

/// <summary>A page and charts per password hash, each from its own latest results, and the overview from all of them.</summary>
public sealed class PasswordScenarioReport : ScenarioReport
{
    public const string PasswordTemplate = "password.md.sbn";
    public const string PasswordOverviewTemplate = "password-hashing.md.sbn";

    /// <summary>The overview of every password hash, beside their pages.</summary>
    private const string OverviewPage = "password-hashing.md";

    public override string Name => PasswordSelection.ScenarioName;

    public override bool KeepsAlgorithmData => true;

    /// <summary>
    /// A run of one algorithm keeps the others' pages as they were: each page from that algorithm's latest summary in
    /// <paramref name="spanning"/> (or the run alone), the overview from all of them.
    /// </summary>
    public override IEnumerable<ReportStage.RenderedFile> Pages(ReportStage stage, RunSummary summary, string machineSpecName, IReadOnlyList<RunSummary>? spanning)
    {
        IReadOnlyList<RunSummary> latest = spanning is { Count: > 0 } ? spanning : [summary];
        var password = stage.Compiled(PasswordTemplate);
        foreach (var algorithm in latest)
        {
            foreach (var (slug, model) in PasswordReport.Algorithms(algorithm))
            {
                yield return new($"{slug}.md", password(model));
                foreach (var chart in PasswordReport.Charts(algorithm, slug))
                {
                    yield return new(chart.File, chart.Svg);
                }
            }
        }

        yield return new(OverviewPage, stage.RenderTemplate(PasswordOverviewTemplate, PasswordReport.Overview(latest)));
    }

    /// <summary>Password hashes have no throughput at a size: per algorithm and parameter set, each machine's fastest raw hash.</summary>
    public override CrossMachineSection? CrossMachineSection(IReadOnlyList<string> machineKeys, IReadOnlyDictionary<string, IReadOnlyList<RunSummary>> machines) =>
        new("Password hashes",
            "Per algorithm and parameter set, the fastest raw hash on each machine: its median time over the timings that ranked its table (the interleaved rounds where the run had them, else BenchmarkDotNet's), with the provider that reached it and any provider the rounds do not tell apart from it. The set's values are in full on each algorithm's page.",
            ["Algorithm", "Set"],
            PasswordReport.CrossMachineRows(machineKeys, machines));

    /// <summary>The overview opens the password-hashing area page, before the algorithms' pages.</summary>
    public override IReadOnlyList<AreaSiteFragment> AreaSiteFragments =>
        [new(OverviewPage, "password-hashing", AreaPlacement.BeforeFamilies, "site/sections/password-hashing-overview.md.sbn")];
}
