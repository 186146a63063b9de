namespace CryptoHarness.Tests;

/// <summary>
/// Timings made up with a known truth, for the tests of the comparison rules: log-normal noise as a quiet machine shows
/// it, the occasional preemption, and the recorded fixture's summaries with such samples in place of its own.
/// </summary>
internal static class SimulatedTimes
{
    /// <summary>How many simulated cases one experiment decides: enough that 1% of them is ten cases.</summary>
    public const int Cases = 1000;

    /// <summary>One experiment: <see cref="Cases"/> cases drawn in turn from one generator seeded with <paramref name="seed"/>.</summary>
    public static T[] Experiment<T>(int seed, Func<Random, T> draw)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, Cases).Select(_ => draw(random)).ToArray();
    }

    /// <summary>The rule the single-launch and launch-spread experiments decide with: a 5% threshold, a 1% FDR.</summary>
    public static readonly CryptoHarness.Comparing.ComparisonSettings FivePercent = new(Threshold: 0.05, NoiseNs: 1, FalseDiscoveryRate: 0.01);

    /// <summary>A standard normal deviate (Box–Muller), from two uniform draws.</summary>
    private static double Gaussian(Random random) =>
        Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());

    /// <summary>exp(σZ) with Z standard normal; σ ≈ CV for small CVs.</summary>
    public static double LogNormal(Random random, double sigma) => Math.Exp(sigma * Gaussian(random));

    /// <summary>
    /// <paramref name="count"/> times around <paramref name="median"/> with a CV of <paramref name="cv"/>; a bimodal case
    /// has a fifth of its times 8% up (two code placements), and any time 3% of the time a preemption of 20–100%.
    /// </summary>
    public static double[] Sample(Random random, int count, double median, double cv, bool bimodal) =>
        Enumerable.Range(0, count).Select(_ =>
        {
            var value = median * LogNormal(random, cv);
            if (bimodal && random.NextDouble() < 0.2)
            {
                value *= 1.08;
            }

            if (random.NextDouble() < 0.03)
            {
                value *= 1.2 + (random.NextDouble() * 0.8);
            }

            return value;
        }).ToArray();

    /// <summary>The recorded quick run of SHA-256 (16 cases), from the test fixtures.</summary>
    public static RunSummary Fixture() => SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick"));

    /// <summary>Writes <paramref name="summary"/> into the folder under <paramref name="name"/>; the path.</summary>
    public static string Write(TestFolder folder, string name, RunSummary summary)
    {
        var path = folder.Combine(name);
        SummaryFile.Write(summary, path);
        return path;
    }

    /// <summary>
    /// Writes each side's launches into the folder (base1.json, base2.json, …, diff1.json, …) and runs
    /// <c>harness compare</c> with one <c>--base</c> or <c>--diff</c> a launch, then <paramref name="options"/>.
    /// </summary>
    public static Cli.Result Compare(TestFolder folder, RunSummary[] bases, RunSummary[] diffs, params string[] options) =>
        Cli.Run(
        [
            "compare",
            .. bases.SelectMany((summary, i) => new[] { "--base", Write(folder, $"base{i + 1}.json", summary) }),
            .. diffs.SelectMany((summary, i) => new[] { "--diff", Write(folder, $"diff{i + 1}.json", summary) }),
            .. options,
        ]);
}
