using CryptoHarness.Gate;

namespace CryptoHarness.Tests;

/// <summary>
/// The arrange-and-assert of every gate test with a faulty double: the gate runs over the double and sound providers,
/// the double alone fails, and its reason names the check that caught it.
/// </summary>
public static class GateAssert
{
    /// <summary>
    /// Runs the gate over <paramref name="implementations"/> (in that order: the first sound one is the cross-check's
    /// reference) and asserts that <paramref name="broken"/> failed with a reason that contains each of
    /// <paramref name="reasonParts"/>. Returns its verdict for checks of another shape.
    /// </summary>
    public static GateVerdict Fails(
        IImplementation broken, IReadOnlyList<IImplementation> implementations, IReadOnlyCollection<int> sizes, params string[] reasonParts) =>
        Failure(broken, CorrectnessGate.Verify(implementations, sizes), reasonParts);

    /// <summary>As <see cref="Fails"/>, and every other implementation passed: the fault is blamed on the double only.</summary>
    public static GateVerdict FailsAlone(
        IImplementation broken, IReadOnlyList<IImplementation> implementations, IReadOnlyCollection<int> sizes, params string[] reasonParts)
    {
        var verdicts = CorrectnessGate.Verify(implementations, sizes);
        var failure = Failure(broken, verdicts, reasonParts);
        Assert.All(verdicts.Where(v => v.Implementation != broken), v => Assert.Equal(GateStatus.Passed, v.Status));
        return failure;
    }

    /// <summary>Runs the gate over <paramref name="implementations"/> and asserts that all passed, naming any that did not and why.</summary>
    public static void AllPass(IReadOnlyList<IImplementation> implementations, IReadOnlyCollection<int> sizes) =>
        Assert.All(CorrectnessGate.Verify(implementations, sizes), v => Assert.True(v.Status == GateStatus.Passed, $"{v.Id}: {v.Reason}"));

    private static GateVerdict Failure(IImplementation broken, IReadOnlyList<GateVerdict> verdicts, string[] reasonParts)
    {
        var failure = verdicts.Single(v => v.Implementation == broken);
        Assert.Equal(GateStatus.Failed, failure.Status);
        foreach (var part in reasonParts)
        {
            Assert.Contains(part, failure.Reason, StringComparison.Ordinal);
        }

        return failure;
    }
}
