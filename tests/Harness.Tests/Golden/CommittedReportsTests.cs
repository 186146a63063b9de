using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Tests.Golden;

/// <summary>
/// The committed reports are what the committed data renders to, byte for byte: each machine's <c>reports/&lt;machine&gt;/data</c>
/// rendered again (<c>harness report --results reports/&lt;machine&gt;/data</c>, into a folder of its own) gives every
/// page, chart, the index, the highlights and the machine spec exactly as committed. A change to how results are read
/// or rendered that would make an old run render differently later fails here.
/// </summary>
public sealed class CommittedReportsTests
{
    [Fact]
    public void Rendering_each_machines_committed_data_gives_its_committed_pages_byte_for_byte()
    {
        using var committed = CommittedTree.Open();
        var machines = Directory.EnumerateDirectories(committed.Combine("reports"))
            .Where(m => Directory.Exists(Path.Combine(m, "data")))
            .Order(StringComparer.Ordinal)
            .ToArray();
        Assert.NotEmpty(machines);

        var stage = ScenarioRegistry.Stage(ReportStage.DefaultTemplatesDirectory);
        foreach (var machine in machines)
        {
            var key = Path.GetFileName(machine);
            var algorithms = FamilyData.Load(Path.Combine(machine, "data")).Values.ToArray();
            // As 'report' renders a data folder into the repository: the machine spec beside reports/, in machine-specs/.
            var files = stage.RenderData(algorithms, ReportWriter.SpecPath(key));
            Assert.Contains(files, f => f.Name == "highlights.md");
            Assert.Contains(files, f => f.Name == "index.md");
            foreach (var file in files)
            {
                var path = Path.GetFullPath(Path.Combine(machine, file.Name));
                Assert.True(File.Exists(path), $"{key}: {file.Name} is rendered from the committed data but not committed");
                Assert.True(file.Content == File.ReadAllText(path), $"{key}: {file.Name} differs from what the committed data renders to");
            }
        }
    }
}
