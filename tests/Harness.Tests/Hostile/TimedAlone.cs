namespace CryptoHarness.Tests.Hostile;

/// <summary>
/// The tests that bound how long the harness may take on a hostile file, run after the parallel tests, with none beside
/// them: their bounds are for the harness alone. In parallel with the rest of the suite on a 2-core machine, compare of
/// the largest file the limits allow took 52 s against its 45 s bound (8 s alone).
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class TimedAlone
{
    public const string Name = "Timed alone";
}
