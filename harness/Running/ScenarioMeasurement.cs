namespace CryptoHarness.Running;

/// <summary>
/// A scenario as a run sees it: its selection, and how it measures what passed the gate. Each scenario implements it
/// once, in its folder under <c>harness/Scenarios/</c>, on top of the generic BenchmarkDotNet run in <see cref="Runner"/>.
/// </summary>
public interface IScenarioMeasurement : IScenarioSelection
{
    /// <summary>The chunk size a run of this scenario records (<c>chunk_bytes</c>); 0, unless it feeds chunks (stream).</summary>
    int ChunkBytes => 0;

    /// <summary>Runs BenchmarkDotNet over <paramref name="passed"/> (the gate-approved share of its selection).</summary>
    Runner.Outcome Measure(IReadOnlyList<IImplementation> passed, RunPlan plan, string artifactsPath, RunProgress progress);
}
