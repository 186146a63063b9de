using System.Globalization;
using CryptoHarness.Cli;
using CryptoHarness.Reporting;
using CryptoHarness.Results;

namespace CryptoHarness.Comparing;

/// <summary>One case present in both runs, with its decision.</summary>
public sealed record ComparedCase(string Key, ResultRecord Base, ResultRecord Diff, CaseDecision Decision, bool AllocationRegressed, string? PackageChange);

/// <summary>
/// Compares two runs case by case. Cases match on implementation id, scenario, parameters (payload size, or batch size
/// and message length), job and runtime; cases on one side only are kept and listed.
/// </summary>
public sealed class RunComparison
{
    private RunComparison(RunSummary baseRun, RunSummary diffRun, ComparisonSettings settings, long allocationThreshold,
        IReadOnlyList<ComparedCase> cases, IReadOnlyList<string> onlyBase, IReadOnlyList<string> onlyDiff, IReadOnlyList<string> warnings)
    {
        BaseRun = baseRun;
        DiffRun = diffRun;
        Settings = settings;
        AllocationThresholdBytes = allocationThreshold;
        Cases = cases;
        OnlyInBase = onlyBase;
        OnlyInDiff = onlyDiff;
        Warnings = warnings;
    }

    public RunSummary BaseRun { get; }

    public RunSummary DiffRun { get; }

    public ComparisonSettings Settings { get; }

    public long AllocationThresholdBytes { get; }

    public IReadOnlyList<ComparedCase> Cases { get; }

    public IReadOnlyList<string> OnlyInBase { get; }

    public IReadOnlyList<string> OnlyInDiff { get; }

    public IReadOnlyList<string> Warnings { get; }

    public int Slower => Cases.Count(c => c.Decision.Verdict == Verdict.Slower);

    public int Faster => Cases.Count(c => c.Decision.Verdict == Verdict.Faster);

    public int Same => Cases.Count(c => c.Decision.Verdict == Verdict.Same);

    public int AllocationRegressions => Cases.Count(c => c.AllocationRegressed);

    /// <summary>Geometric mean of diff ÷ base medians over all matched cases; below 1 is faster.</summary>
    public double GeometricMeanRatio => Cases.Count == 0 ? 1 : Math.Exp(Cases.Average(c => Math.Log(c.Decision.RatioOfMedians)));

    /// <summary>
    /// Compares <paramref name="baseRun"/> with <paramref name="diffRun"/>.
    /// </summary>
    /// <exception cref="UsageException">The runs come from different machines and that is not allowed, or a run has a duplicate or empty case.</exception>
    public static RunComparison Create(RunSummary baseRun, string baseName, RunSummary diffRun, string diffName,
        ComparisonSettings settings, long allocationThresholdBytes, bool allowDifferentMachines)
    {
        var warnings = new List<string>();
        var machineDifferences = MachineDifferences(baseRun.Run, diffRun.Run);
        if (machineDifferences.Count > 0)
        {
            var named = string.Join("; ", machineDifferences);
            if (!allowDifferentMachines)
            {
                throw new UsageException($"The runs come from different machines ({named}); timings are not comparable. Pass --allow-different-machines to compare anyway.");
            }

            warnings.Add($"The runs come from different machines ({named}): differences below reflect the machines as much as the code.");
        }

        var baseCases = Index(baseRun, baseName);
        var diffCases = Index(diffRun, diffName);
        var keys = InCaseOrder(baseCases.Keys.Intersect(diffCases.Keys, StringComparer.Ordinal), baseCases);

        var changedPackages = baseRun.Run.Packages
            .Where(p => diffRun.Run.Packages.TryGetValue(p.Key, out var version) && version != p.Value)
            .ToDictionary(p => p.Key, p => $"{p.Value} → {diffRun.Run.Packages[p.Key]}", StringComparer.Ordinal);
        foreach (var (provider, change) in changedPackages.OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            warnings.Add($"Provider `{provider}` changed version ({change}): its deltas reflect the library upgrade, not our code.");
        }

        var decisions = CaseComparer.Decide(
            keys.Select(k => new SamplePair(baseCases[k].SamplesNs, diffCases[k].SamplesNs)).ToArray(), settings);
        var cases = keys.Select((k, i) =>
        {
            var b = baseCases[k];
            var d = diffCases[k];
            var allocation = b.AllocatedBytes is { } before && d.AllocatedBytes is { } after
                && ((before == 0 && after > 0) || after - before > allocationThresholdBytes);
            return new ComparedCase(k, b, d, decisions[i], allocation, changedPackages.GetValueOrDefault(b.Provider));
        }).ToArray();

        return new RunComparison(baseRun, diffRun, settings, allocationThresholdBytes, cases,
            InCaseOrder(baseCases.Keys.Except(diffCases.Keys, StringComparer.Ordinal), baseCases),
            InCaseOrder(diffCases.Keys.Except(baseCases.Keys, StringComparer.Ordinal), diffCases),
            warnings);
    }

    /// <summary>The case key: what must be equal for two measurements to be of the same thing.</summary>
    public static string CaseKey(ResultRecord r, RunInfo run) =>
        $"{r.Id} · {r.Operation} · {r.Scenario} · {Format.Payload(r)} · job {run.Job} · {run.Runtime}";

    /// <summary>
    /// By implementation id, then operation, then scenario, then message length and batch size, then payload size, each
    /// as a number (128 B before 1 KiB).
    /// </summary>
    private static string[] InCaseOrder(IEnumerable<string> keys, Dictionary<string, ResultRecord> records) =>
        keys.OrderBy(k => records[k].Id, StringComparer.Ordinal)
            .ThenBy(k => records[k].Operation, StringComparer.Ordinal)
            .ThenBy(k => records[k].Scenario, StringComparer.Ordinal)
            .ThenBy(k => records[k].MessageBytes ?? 0)
            .ThenBy(k => records[k].BatchSize ?? 0)
            .ThenBy(k => records[k].SizeBytes)
            .ToArray();

    private static Dictionary<string, ResultRecord> Index(RunSummary run, string name)
    {
        var index = new Dictionary<string, ResultRecord>(StringComparer.Ordinal);
        foreach (var result in run.Results)
        {
            var key = CaseKey(result, run.Run);
            if (!index.TryAdd(key, result))
            {
                throw new UsageException($"{name}: duplicate case '{key}'.");
            }

            if (result.SamplesNs is null || result.SamplesNs.Count == 0)
            {
                throw new UsageException($"{name}: case '{key}' has no samples (samples_ns is empty).");
            }

            if (result.SamplesNs.Any(s => !double.IsFinite(s) || s <= 0))
            {
                throw new UsageException($"{name}: case '{key}' has a sample that is not a positive finite number.");
            }
        }

        return index;
    }

    private static List<string> MachineDifferences(RunInfo a, RunInfo b)
    {
        var differences = new List<string>();
        void Check(string what, string x, string y)
        {
            if (!string.Equals(x, y, StringComparison.Ordinal))
            {
                differences.Add($"{what}: {x} vs {y}");
            }
        }

        Check("machine key", a.MachineKey, b.MachineKey);
        Check("CPU", a.Cpu, b.Cpu);
        Check("instruction sets", Describe(a.InstructionSets), Describe(b.InstructionSets));
        Check("OS", a.Os, b.Os);
        Check("runtime", a.Runtime, b.Runtime);
        return differences;
    }

    private static string Describe(IReadOnlyDictionary<string, bool> sets) =>
        string.Join(" ", sets.Where(s => s.Value).Select(s => s.Key).Order(StringComparer.Ordinal));

    public static string Percent(double value) => value.ToString("+0.0;-0.0;0.0", CultureInfo.InvariantCulture) + "%";
}
