using CryptoHarness.Comparing;
using CryptoHarness.Statistics;
using Xunit.Abstractions;
using static CryptoHarness.Tests.SimulatedTimes;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The paired (interleaved) rule against the launch rule under the same simulated machine, beside
/// <see cref="LaunchSpreadTests"/>. The machine: a drift that moves every measurement taken in the same stretch of time
/// alike (frequency, a neighbour's load), log-normal with 5–10% sd between stretches, and a per-measurement noise of
/// CV 1–3% with 3% outliers of +20–100%. The launch rule sees base and diff in different stretches, two launches a side
/// (each its own stretch); the paired rule sees base and head in the same rounds, each round its own stretch shared by
/// both sides, plus the same per-measurement noise and outliers on each side independently (a burst that catches one
/// side's batch and not the other's). Seeds are fixed; the figures are written to the test output.
/// </summary>
public sealed class InterleavedRuleTests(ITestOutputHelper output)
{
    private const int Rounds = 21;
    private const int SamplesPerLaunch = 15;

    [Theory]
    [InlineData(0.05, 0.10)]
    [InlineData(0.10, 0.10)]
    public void In_A_versus_A_the_paired_rule_flags_at_most_one_case_in_a_hundred_where_the_launch_rule_flags_many(double minDrift, double maxDrift)
    {
        var settings = new ComparisonSettings(Threshold: 0.05);
        var random = new Random(21);
        var (paired, launches) = Simulate(random, shift: 1.0, minDrift, maxDrift);

        var pairedFlagged = PairedComparer.Decide(paired, settings).Count(d => d.Verdict != Verdict.Same);
        var launchFlagged = CaseComparer.Decide(launches, settings).Count(d => d.Verdict != Verdict.Same);
        output.WriteLine($"A/A, drift {minDrift:P0}–{maxDrift:P0} sd: paired {pairedFlagged} of {Cases} flagged; launch rule (2 launches a side) {launchFlagged}");

        Assert.True(pairedFlagged <= Cases / 100, $"{pairedFlagged} of {Cases} flagged");
        Assert.True(pairedFlagged < launchFlagged, $"paired {pairedFlagged}, launches {launchFlagged}");
    }

    /// <summary>
    /// A change is only reported beyond the threshold, so a 5% or 3% slowdown is looked for with a 2% threshold. The
    /// launch rule cannot tell such a change from the drift; the paired rule's sign test can, less surely at 3% with
    /// 21 rounds whose per-side noise here (CV 1–3% and bursts) is well above what 4 ms batches show on a quiet machine.
    /// The floors guard against a rule that stops detecting; the figures are in the test output and the README.
    /// </summary>
    [Theory]
    [InlineData(1.05, 85)]
    [InlineData(1.03, 35)]
    public void A_small_slowdown_is_detected_by_the_paired_rule_under_drift_far_more_often_than_by_launches(double shift, int percentAtLeast)
    {
        var settings = new ComparisonSettings(Threshold: 0.02);
        var random = new Random(22);
        var (paired, launches) = Simulate(random, shift, 0.05, 0.10);

        var decisions = PairedComparer.Decide(paired, settings);
        var pairedDetected = decisions.Count(d => d.Verdict == Verdict.Slower);
        var pairedWrong = decisions.Count(d => d.Verdict == Verdict.Faster);
        var launchDetected = CaseComparer.Decide(launches, settings).Count(d => d.Verdict == Verdict.Slower);
        output.WriteLine($"{shift - 1:P0} slower, drift 5–10% sd, threshold 2%: paired {pairedDetected} of {Cases} detected ({pairedWrong} called faster); launch rule {launchDetected}");

        Assert.True(pairedDetected >= Cases * percentAtLeast / 100, $"{pairedDetected} of {Cases} detected");
        Assert.Equal(0, pairedWrong);
        Assert.True(pairedDetected >= 2 * launchDetected, $"paired {pairedDetected}, launches {launchDetected}");
    }

    [Fact]
    public void Without_drift_the_paired_rule_loses_nothing_against_the_launch_rule()
    {
        var settings = new ComparisonSettings(Threshold: 0.05);
        var random = new Random(23);
        var (paired, launches) = Simulate(random, shift: 1.10, 0, 0);

        var pairedDetected = PairedComparer.Decide(paired, settings).Count(d => d.Verdict == Verdict.Slower);
        var launchDetected = CaseComparer.Decide(launches, settings).Count(d => d.Verdict == Verdict.Slower);
        output.WriteLine($"10% slower, no drift: paired {pairedDetected} of {Cases} detected; launch rule {launchDetected}");
        Assert.True(pairedDetected >= Cases * 99 / 100, $"{pairedDetected} of {Cases} detected");
    }

    /// <summary>
    /// Code placement: each copy of a build (its own load context) runs a little faster or slower than another for as
    /// long as the process lives, by where its code landed; every round runs the same copies, so the rounds cannot see
    /// it. Simulated from what A/A pairs of one build measured here (SHA-256 and BLAKE3, 40 cases): the sd of copies'
    /// relative times was 0.3% at the median case and 0.8% at the 90th percentile quiet, 0.7% and 2.5% under a CPU hog,
    /// up to 2.7% (managed SHA-256 at 128 B: 10% between its fastest and slowest of eight copies); the per-round noise of
    /// a copy's half-millisecond batch 1.0% quiet, 2.7% under the hog. So: a log-normal factor per copy with an sd drawn
    /// per case from 0 to 1.5%, per-batch noise of 1 to 4% at eight copies (÷ √8 for one copy, whose batches are eight
    /// times as long), and the bursts of <see cref="Noisy"/>. One copy a side: the placement of head against base is a
    /// tight, consistent ratio the sign test takes for a change (94 of 1000 A/A cases flagged at a 2% threshold). Eight
    /// copies a side: the rank test across copies sees the spread (0 flagged; 3% found in 747, 5% in 987). The floors
    /// guard those figures against a rule that stops detecting; the real runs are in the README.
    /// </summary>
    [Theory]
    [InlineData(1, 1.00, 5, 100)]
    [InlineData(8, 1.00, 0, 1)]
    [InlineData(8, 1.03, 70, 100)]
    [InlineData(8, 1.05, 95, 100)]
    public void Copies_a_side_keep_placement_from_passing_for_a_change(int copies, double shift, int percentAtLeast, int percentAtMost)
    {
        var settings = new ComparisonSettings(Threshold: 0.02);
        var cases = Experiment(seed: 24, random => SimulateCopies(random, copies, shift));

        var decisions = PairedComparer.Decide(cases, settings);
        var slower = decisions.Count(d => d.Verdict == Verdict.Slower);
        var flagged = decisions.Count(d => d.Verdict != Verdict.Same);
        output.WriteLine($"{copies} cop(ies) a side, placement sd 0–1.5%, head {shift:0.00}× base, threshold 2%: {slower} of {Cases} slower, {flagged} flagged");

        var reported = shift == 1.0 ? flagged : slower;
        Assert.True(reported >= Cases * percentAtLeast / 100, $"{reported} of {Cases}");
        Assert.True(reported <= Cases * percentAtMost / 100, $"{reported} of {Cases}");
    }

    private static PairedSamples SimulateCopies(Random random, int copies, double shift)
    {
        var median = Math.Exp(random.NextDouble() * Math.Log(1e6 / 100)) * 100;
        var placementSd = random.NextDouble() * 0.015;
        var cv = (0.01 + (random.NextDouble() * 0.03)) * Math.Sqrt(copies / 8.0);
        var basePlacement = Enumerable.Range(0, copies).Select(_ => LogNormal(random, placementSd)).ToArray();
        var headPlacement = Enumerable.Range(0, copies).Select(_ => LogNormal(random, placementSd)).ToArray();
        var baseCopies = Enumerable.Range(0, copies).Select(_ => new double[Rounds]).ToArray();
        var headCopies = Enumerable.Range(0, copies).Select(_ => new double[Rounds]).ToArray();
        for (var r = 0; r < Rounds; r++)
        {
            var stretch = LogNormal(random, 0.05 + (random.NextDouble() * 0.05));
            for (var c = 0; c < copies; c++)
            {
                baseCopies[c][r] = Noisy(random, median * basePlacement[c] * stretch, cv);
                headCopies[c][r] = Noisy(random, median * headPlacement[c] * shift * stretch, cv);
            }
        }

        return copies == 1
            ? new PairedSamples(baseCopies[0], headCopies[0])
            : new PairedSamples(PairedCopies.PerRoundGeometricMean(baseCopies), PairedCopies.PerRoundGeometricMean(headCopies), baseCopies, headCopies);
    }

    private static (PairedSamples[] Paired, SamplePair[] Launches) Simulate(
        Random random, double shift, double minDrift, double maxDrift)
    {
        var paired = new PairedSamples[Cases];
        var launches = new SamplePair[Cases];
        for (var c = 0; c < Cases; c++)
        {
            var median = Math.Exp(random.NextDouble() * Math.Log(1e6 / 100)) * 100; // 100 ns to 1 ms, log-uniform
            var drift = minDrift + (random.NextDouble() * (maxDrift - minDrift));
            var cv = 0.01 + (random.NextDouble() * 0.02);
            double Measure(double center) => Noisy(random, center, cv);

            var baseRounds = new double[Rounds];
            var headRounds = new double[Rounds];
            for (var r = 0; r < Rounds; r++)
            {
                var stretch = LogNormal(random, drift);
                baseRounds[r] = Measure(median * stretch);
                headRounds[r] = Measure(median * shift * stretch);
            }

            paired[c] = new PairedSamples(baseRounds, headRounds);
            double[] Launch(double center)
            {
                var stretch = LogNormal(random, drift);
                return Enumerable.Range(0, SamplesPerLaunch).Select(_ => Measure(center * stretch)).ToArray();
            }

            launches[c] = new SamplePair([Launch(median), Launch(median)], [Launch(median * shift), Launch(median * shift)]);
        }

        return (paired, launches);
    }

    private static double Noisy(Random random, double center, double cv)
    {
        var value = center * LogNormal(random, cv);
        return random.NextDouble() < 0.03 ? value * (1.2 + (random.NextDouble() * 0.8)) : value;
    }
}
