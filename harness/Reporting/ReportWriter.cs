namespace CryptoHarness.Reporting;

/// <summary>Where a run's reports go, and writing them: the pages, the per-algorithm data, the machine spec.</summary>
public static class ReportWriter
{
    /// <summary>
    /// With <c>--out DIR</c>: every file into DIR, the spec as <c>machine-spec.md</c>. Otherwise the repository's
    /// <c>reports/&lt;machine&gt;/</c> and <c>machine-specs/&lt;machine&gt;.md</c> (the spec only for a scenario that writes one, <see cref="ScenarioReport.WritesMachineSpec"/>). A run
    /// of a scenario that keeps algorithm data (<see cref="ScenarioReport.KeepsAlgorithmData"/>) also keeps each of its
    /// algorithms' results in <c>data/&lt;slug&gt;.json</c> there, and the pages that span algorithms are rendered from
    /// every algorithm's latest file of that scenario, so a run of one algorithm or family updates its rows without dropping the others.
    /// Everything is rendered before anything is written, and nothing is written outside DIR (or the repository).
    /// </summary>
    public static IReadOnlyList<string> Write(ReportStage stage, RunSummary summary, string? outDirectory, string root)
    {
        // Absolute from here on: a relative --out combined once more under itself put the data in <out>/<out>/data.
        var outputFolder = outDirectory is null ? root : Path.GetFullPath(outDirectory);
        var directory = FolderFor(summary.Run, outDirectory, root);
        var specName = outDirectory is null ? SpecPath(summary.Run.MachineKey) : "machine-spec.md";
        if (stage.Named(summary.Run.Scenario) is not { KeepsAlgorithmData: true } report)
        {
            return ReportStage.Write(stage.Render(summary, specName), directory, outputFolder);
        }

        // The pages that span algorithms (the family index and highlights; the password overview) are rendered from every
        // algorithm's latest results of the same scenario.
        var dataDirectory = Path.Combine(directory, "data");
        var fresh = FamilyData.Split(summary);
        var kept = FamilyData.Load(dataDirectory);
        RefuseAnotherCpu(summary.Run, kept.Values, directory);
        var latest = kept
            .Where(existing => !fresh.ContainsKey(existing.Key) && existing.Value.Run.Scenario == summary.Run.Scenario)
            .Select(existing => existing.Value)
            .Concat(fresh.Values)
            .ToArray();
        var files = stage.Render(summary, specName, report.Spanning(latest));

        ReportStage.Paths(files, directory, outputFolder);
        var data = fresh.Select(f => (Path: OutputFolder.Resolve(outputFolder, Path.Combine(dataDirectory, f.Key + ".json")), Summary: f.Value)).ToArray();
        var written = new List<string>();
        foreach (var (path, familySummary) in data)
        {
            SummaryFile.Write(familySummary, path);
            written.Add(path);
        }

        written.AddRange(ReportStage.Write(files, directory, outputFolder));
        return written;
    }

    /// <summary>The folder a run's pages go to: DIR with <c>--out DIR</c>, else <c>reports/&lt;machine&gt;/</c> in the repository.</summary>
    private static string FolderFor(RunInfo run, string? outDirectory, string root) =>
        outDirectory is null ? OutputFolder.Resolve(root, Path.Combine("reports", run.MachineKey)) : Path.GetFullPath(outDirectory);

    /// <summary>
    /// Refuses to add a run to a folder whose kept data was measured on another CPU, as CPUID tells them apart
    /// (<see cref="RunInfo.CpuIdentity"/>): a cloud guest's model name is often generic ("Intel(R) Xeon(R) Processor"
    /// was a Sapphire Rapids one day and an Emerald Rapids another), so one machine key can name two CPUs, and their
    /// pages would mix one CPU's rows under the other's spec. Data written before the identity was recorded cannot be
    /// told apart and is accepted. Called before measuring, too, so a long run does not end in this refusal.
    /// </summary>
    public static void RefuseAnotherCpu(RunInfo run, string? outDirectory, string root)
    {
        var directory = FolderFor(run, outDirectory, root);
        RefuseAnotherCpu(run, FamilyData.Load(Path.Combine(directory, "data")).Values, directory);
    }

    private static void RefuseAnotherCpu(RunInfo run, IEnumerable<RunSummary> kept, string directory)
    {
        if (run.CpuIdentity is not { } identity)
        {
            return;
        }

        var other = kept.Select(k => k.Run.CpuIdentity).FirstOrDefault(k => k is not null && k != identity);
        if (other is not null)
        {
            throw new UsageException(
                $"{directory}: holds runs of CPU {SummaryValidation.Quote(other)} under machine key {SummaryValidation.Quote(run.MachineKey)}, and this run's CPU is {SummaryValidation.Quote(identity)}; valid: one CPU per machine key (move that folder and its machine spec aside, or write this run elsewhere with --out).");
        }
    }

    /// <summary>Where a machine's spec goes, relative to its reports folder: <c>../../machine-specs/&lt;machine&gt;.md</c>.</summary>
    public static string SpecPath(string machineKey) => Path.Combine("..", "..", "machine-specs", machineKey + ".md");
}
