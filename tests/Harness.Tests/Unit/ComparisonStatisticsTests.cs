using CryptoHarness.Comparing;
using Xunit.Abstractions;
using static CryptoHarness.Tests.SimulatedTimes;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// The compare decision on simulated samples with realistic noise: log-normal per-iteration times with a CV of 2–5%,
/// occasional upper outliers (3% of samples, 1.2–2× slower), and a few bimodal cases (a second mode 8% slower holding
/// a fifth of the samples). Seeds are fixed, so each test is one deterministic experiment of 1,000 cases.
/// </summary>
public sealed class ComparisonStatisticsTests(ITestOutputHelper output)
{
    private const int SamplesPerSide = 15;

    [Fact]
    public void A_versus_A_flags_at_most_one_percent_of_cases()
    {
        var pairs = Experiment(seed: 1, random => Pair(random, shift: 1.0));
        var flagged = CaseComparer.Decide(pairs, FivePercent).Count(d => d.Verdict != Verdict.Same);
        output.WriteLine($"A/A: {flagged} of {Cases} flagged");
        Assert.True(flagged <= Cases / 100, $"{flagged} of {Cases} A/A cases flagged");
    }

    [Fact]
    public void A_ten_percent_slowdown_is_detected_in_at_least_95_percent_of_cases()
    {
        var pairs = Experiment(seed: 2, random => Pair(random, shift: 1.10));
        var detected = CaseComparer.Decide(pairs, FivePercent).Count(d => d.Verdict == Verdict.Slower);
        output.WriteLine($"10% slower: {detected} of {Cases} detected");
        Assert.True(detected >= Cases * 95 / 100, $"{detected} of {Cases} slowdowns detected");
    }

    [Fact]
    public void A_ten_percent_speedup_is_detected_as_faster()
    {
        var pairs = Experiment(seed: 3, random => Pair(random, shift: 1 / 1.10));
        var decisions = CaseComparer.Decide(pairs, FivePercent);
        output.WriteLine($"10% faster: {decisions.Count(d => d.Verdict == Verdict.Faster)} of {Cases} detected");
        Assert.True(decisions.Count(d => d.Verdict == Verdict.Faster) >= Cases * 95 / 100);
        Assert.DoesNotContain(decisions, d => d.Verdict == Verdict.Slower);
    }

    [Fact]
    public void A_two_percent_change_with_a_five_percent_threshold_is_same()
    {
        var pairs = Experiment(seed: 4, random => Pair(random, shift: 1.02));
        var flagged = CaseComparer.Decide(pairs, FivePercent).Count(d => d.Verdict != Verdict.Same);
        output.WriteLine($"2% slower, 5% threshold: {flagged} of {Cases} flagged");
        Assert.Equal(0, flagged);
    }

    [Fact]
    public void A_bimodal_sample_carries_a_modality_warning()
    {
        var random = new Random(5);
        var bimodal = Enumerable.Range(0, 30).Select(i => (i % 2 == 0 ? 100.0 : 160.0) * LogNormal(random, 0.01)).ToArray();
        var unimodal = Enumerable.Range(0, 30).Select(_ => 100.0 * LogNormal(random, 0.02)).ToArray();
        var decision = CaseComparer.Decide([new SamplePair(unimodal, bimodal)], FivePercent).Single();
        Assert.NotNull(decision.ModalityWarning);
        Assert.StartsWith("diff", decision.ModalityWarning, StringComparison.Ordinal);
        Assert.Null(CaseComparer.Decide([new SamplePair(unimodal, unimodal)], FivePercent).Single().ModalityWarning);
    }

    [Fact]
    public void Benjamini_Hochberg_matches_the_textbook_example()
    {
        // Benjamini & Hochberg (1995), via R's p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") = 0.02 0.04 0.04 0.02.
        var adjusted = CaseComparer.BenjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
        Assert.Equal([0.02, 0.04, 0.04, 0.02], adjusted.Select(a => Math.Round(a, 10)));
    }

    [Fact]
    public void A_shift_below_the_noise_floor_is_same_even_when_it_is_large_in_relative_terms()
    {
        // 2 ns operations, 20% slower, but 0.4 ns is under a 1 ns floor.
        var random = new Random(6);
        var baseNs = Enumerable.Range(0, SamplesPerSide).Select(_ => 2.0 * LogNormal(random, 0.01)).ToArray();
        var diffNs = baseNs.Select(x => x * 1.2).ToArray();
        Assert.Equal(Verdict.Same, CaseComparer.Decide([new SamplePair(baseNs, diffNs)], FivePercent).Single().Verdict);
        Assert.Equal(Verdict.Slower, CaseComparer.Decide([new SamplePair(baseNs, diffNs)], FivePercent with { NoiseNs = 0.01 }).Single().Verdict);
    }

    internal static SamplePair Pair(Random random, double shift)
    {
        var median = Math.Exp(random.NextDouble() * Math.Log(1e6 / 100)) * 100; // 100 ns to 1 ms, log-uniform
        var cv = 0.02 + (random.NextDouble() * 0.03);
        var bimodal = random.NextDouble() < 0.03;
        return new SamplePair(Sample(random, SamplesPerSide, median, cv, bimodal), Sample(random, SamplesPerSide, median * shift, cv, bimodal));
    }
}
