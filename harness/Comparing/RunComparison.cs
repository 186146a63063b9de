using CryptoHarness.Formatting;
using System.Globalization;
using CryptoHarness.Reporting;
using CryptoHarness.Statistics;

namespace CryptoHarness.Comparing;

/// <summary>One case present in both runs, with its decision.</summary>
/// <param name="Base">The case's record in the first base launch that has it (for its identity and allocation).</param>
/// <param name="BaseLaunches">How many base launches measured it; likewise <paramref name="DiffLaunches"/>.</param>
public sealed record ComparedCase(string Key, ResultRecord Base, ResultRecord Diff, CaseDecision Decision, bool AllocationRegressed, string? PackageChange)
{
    public int BaseLaunches { get; init; } = 1;

    public int DiffLaunches { get; init; } = 1;
}

/// <summary>One process's results (a <c>summary.json</c>) and the path it was read from, for messages.</summary>
public sealed record Launch(RunSummary Summary, string Name)
{
    /// <summary>The run's launch id, or for files written before launch ids, the file it came from.</summary>
    public string Identity => Summary.Run.LaunchId ?? Path.GetFullPath(Name);
}

/// <summary>
/// Compares two runs case by case. Cases match on implementation id, scenario, parameters (payload size, or batch size
/// and message length), job and runtime; cases on one side only are kept and listed.
/// </summary>
public sealed class RunComparison
{
    private RunComparison(IReadOnlyList<Launch> baseLaunches, IReadOnlyList<Launch> diffLaunches, ComparisonSettings settings, long allocationThreshold,
        IReadOnlyList<ComparedCase> cases, IReadOnlyList<string> onlyBase, IReadOnlyList<string> onlyDiff, IReadOnlyList<string> warnings)
    {
        BaseLaunches = baseLaunches;
        DiffLaunches = diffLaunches;
        Settings = settings;
        AllocationThresholdBytes = allocationThreshold;
        Cases = cases;
        OnlyInBase = onlyBase;
        OnlyInDiff = onlyDiff;
        Warnings = warnings;
    }

    public IReadOnlyList<Launch> BaseLaunches { get; }

    public IReadOnlyList<Launch> DiffLaunches { get; }

    /// <summary>The first base launch: its machine, packages and job stand for the side (launches of a side must agree).</summary>
    public RunSummary BaseRun => BaseLaunches[0].Summary;

    public RunSummary DiffRun => DiffLaunches[0].Summary;

    /// <summary>Whether either side has several launches, so the launch-spread rule applies.</summary>
    public bool SeveralLaunches => BaseLaunches.Count > 1 || DiffLaunches.Count > 1;

    /// <summary>Cases significant and beyond the threshold but within the spread between launches: reported as same.</summary>
    public int WithinLaunchSpread => Cases.Count(c => c.Decision.WithinLaunchSpread);

    /// <summary>Cases significant and beyond the threshold in the medians whose rounds did not move so: reported as same.</summary>
    public int WithinRounds => Cases.Count(c => c.Decision.WithinRounds);

    /// <summary>Cases whose decision also rested on their interleaved rounds in both runs.</summary>
    public int CheckedByRounds => Cases.Count(c => c.Decision.Rounds is not null);

    public ComparisonSettings Settings { get; }

    public long AllocationThresholdBytes { get; }

    public IReadOnlyList<ComparedCase> Cases { get; }

    public IReadOnlyList<string> OnlyInBase { get; }

    public IReadOnlyList<string> OnlyInDiff { get; }

    public IReadOnlyList<string> Warnings { get; }

    /// <summary>The constant-time checks (<c>leaks</c> runs) on both sides, by verdict; they never make a case slower or faster.</summary>
    public IReadOnlyList<Leaks.LeakChange> LeakChanges => _leakChanges ??=
        Leaks.LeakComparison.Match(BaseLaunches.Select(l => l.Summary), DiffLaunches.Select(l => l.Summary));

    private IReadOnlyList<Leaks.LeakChange>? _leakChanges;

    public int Slower => Cases.Count(c => c.Decision.Verdict == Verdict.Slower);

    public int Faster => Cases.Count(c => c.Decision.Verdict == Verdict.Faster);

    public int Same => Cases.Count(c => c.Decision.Verdict == Verdict.Same);

    public int AllocationRegressions => Cases.Count(c => c.AllocationRegressed);

    /// <summary>Geometric mean of diff ÷ base medians over all matched cases; below 1 is faster.</summary>
    public double GeometricMeanRatio => SampleStatistics.GeometricMean(Cases.Select(c => c.Decision.RatioOfMedians)) ?? 1;

    /// <summary>Compares one launch a side.</summary>
    public static RunComparison Create(RunSummary baseRun, string baseName, RunSummary diffRun, string diffName,
        ComparisonSettings settings, long allocationThresholdBytes, bool allowDifferentMachines) =>
        Create([new Launch(baseRun, baseName)], [new Launch(diffRun, diffName)], settings, allocationThresholdBytes, allowDifferentMachines);

    /// <summary>
    /// Compares the launches of the base with those of the diff. Every launch of a side must come from the same commit
    /// and job; a case's samples are pooled over the launches of a side that measured it, and the spread between those
    /// launches enters the decision (see <see cref="CaseComparer"/>).
    /// </summary>
    /// <exception cref="UsageException">
    /// The runs come from different machines and that is not allowed, a side mixes commits or jobs, a launch is given
    /// twice, or a run has a duplicate or empty case.
    /// </exception>
    public static RunComparison Create(IReadOnlyList<Launch> baseLaunches, IReadOnlyList<Launch> diffLaunches,
        ComparisonSettings settings, long allocationThresholdBytes, bool allowDifferentMachines)
    {
        if (baseLaunches.Count == 0 || diffLaunches.Count == 0)
        {
            throw new UsageException("compare needs at least one --base and one --diff.");
        }

        SameMeasurement("base", baseLaunches);
        SameMeasurement("diff", diffLaunches);
        var baseRun = baseLaunches[0].Summary;
        var diffRun = diffLaunches[0].Summary;
        var warnings = new List<string>();
        var machineDifferences = baseLaunches.Skip(1).Concat(diffLaunches)
            .SelectMany(l => MachineDifferences(baseRun.Run, l.Summary.Run))
            .Distinct(StringComparer.Ordinal)
            .ToList();
        if (machineDifferences.Count > 0)
        {
            var named = string.Join("; ", machineDifferences);
            if (!allowDifferentMachines)
            {
                throw new UsageException($"The runs come from different machines ({named}); timings are not comparable. Pass --allow-different-machines to compare anyway.");
            }

            warnings.Add($"The runs come from different machines ({named}): differences below reflect the machines as much as the code.");
        }

        var baseIndexes = baseLaunches.Select(l => Index(l.Summary, l.Name)).ToArray();
        var diffIndexes = diffLaunches.Select(l => Index(l.Summary, l.Name)).ToArray();
        var baseCases = FirstOfEach(baseIndexes);
        var diffCases = FirstOfEach(diffIndexes);
        var keys = InCaseOrder(baseCases.Keys.Intersect(diffCases.Keys, StringComparer.Ordinal), baseCases);
        // Leak checks are compared by verdict (LeakComparison); the control is in every leaks run, so it alone is nothing.
        var leakChecksInCommon = Leaks.LeakComparison.Match(baseLaunches.Select(l => l.Summary), diffLaunches.Select(l => l.Summary))
            .Count(c => !c.Control);
        if (keys.Length == 0 && leakChecksInCommon == 0)
        {
            // A gate that compared nothing must not pass: say why no case matched.
            throw new UsageException($"nothing to compare: {NothingInCommon(baseLaunches, diffLaunches, [.. baseCases.Values], [.. diffCases.Values])}.");
        }

        var changedPackages = baseRun.Run.Packages
            .Where(p => diffRun.Run.Packages.TryGetValue(p.Key, out var version) && version != p.Value)
            .ToDictionary(p => p.Key, p => $"{p.Value} → {diffRun.Run.Packages[p.Key]}", StringComparer.Ordinal);
        foreach (var (provider, change) in changedPackages.OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            warnings.Add($"Provider `{provider}` changed version ({change}): its deltas reflect the library upgrade, not our code.");
        }

        IReadOnlyList<ResultRecord> Measured(Dictionary<string, ResultRecord>[] indexes, string key) =>
            indexes.Where(index => index.ContainsKey(key)).Select(index => index[key]).ToArray();
        var rounds = RoundsChange.Read(keys, baseIndexes, diffIndexes, RoundsChange.UnchangedProviders(baseRun.Run, diffRun.Run));
        var decisions = CaseComparer.Decide(
            keys.Select(k => new SamplePair(
                Measured(baseIndexes, k).Select(r => r.SamplesNs).ToArray(),
                Measured(diffIndexes, k).Select(r => r.SamplesNs).ToArray())
            {
                Rounds = rounds.GetValueOrDefault(k),
            }).ToArray(),
            settings);
        var cases = keys.Select((k, i) =>
        {
            var b = Measured(baseIndexes, k);
            var d = Measured(diffIndexes, k);
            // An increase only when every diff launch allocates more than every base launch (allocation is counted
            // exactly, so launches normally agree).
            var before = b.Max(r => r.AllocatedBytes);
            var after = d.Min(r => r.AllocatedBytes);
            var allocation = b.All(r => r.AllocatedBytes is not null) && d.All(r => r.AllocatedBytes is not null)
                && ((before == 0 && after > 0) || after - before > allocationThresholdBytes);
            return new ComparedCase(k, b[0], d[0], decisions[i], allocation, changedPackages.GetValueOrDefault(b[0].Provider))
            {
                BaseLaunches = b.Count,
                DiffLaunches = d.Count,
            };
        }).ToArray();

        return new RunComparison(baseLaunches, diffLaunches, settings, allocationThresholdBytes, cases,
            InCaseOrder(baseCases.Keys.Except(diffCases.Keys, StringComparer.Ordinal), baseCases),
            InCaseOrder(diffCases.Keys.Except(baseCases.Keys, StringComparer.Ordinal), diffCases),
            warnings);
    }

    /// <summary>Why no case of the base matches one of the diff, in the terms of the case key.</summary>
    private static string NothingInCommon(IReadOnlyList<Launch> baseLaunches, IReadOnlyList<Launch> diffLaunches,
        ResultRecord[] baseCases, ResultRecord[] diffCases)
    {
        string Names(IReadOnlyList<Launch> launches) => string.Join(", ", launches.Select(l => l.Name));
        if (baseCases.Length == 0 || diffCases.Length == 0)
        {
            return baseCases.Length == 0
                ? $"the base ({Names(baseLaunches)}) has no measured case (its results are empty)"
                : $"the diff ({Names(diffLaunches)}) has no measured case (its results are empty)";
        }

        var reasons = new List<string>();
        void Disjoint(string what, IEnumerable<string> inBase, IEnumerable<string> inDiff)
        {
            var b = inBase.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToArray();
            var d = inDiff.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToArray();
            if (!b.Intersect(d, StringComparer.Ordinal).Any())
            {
                reasons.Add($"different {what} (base {Few(b)}; diff {Few(d)})");
            }
        }

        Disjoint("jobs", baseLaunches.Select(l => l.Summary.Run.Job), diffLaunches.Select(l => l.Summary.Run.Job));
        Disjoint("runtimes", baseLaunches.Select(l => l.Summary.Run.Runtime), diffLaunches.Select(l => l.Summary.Run.Runtime));
        Disjoint("scenarios", baseCases.Select(r => r.Scenario), diffCases.Select(r => r.Scenario));
        Disjoint("implementations", baseCases.Select(r => r.Id), diffCases.Select(r => r.Id));
        Disjoint("operations", baseCases.Select(r => r.Operation), diffCases.Select(r => r.Operation));
        Disjoint("sizes or parameter sets", baseCases.Select(Format.Payload), diffCases.Select(Format.Payload));
        return "no case of the base matches one of the diff: "
            + (reasons.Count > 0 ? string.Join("; ", reasons) : "each implementation, operation, scenario and size is on one side only");
    }

    private static string Few(string[] values) =>
        string.Join(", ", values.Take(4)) + (values.Length > 4 ? $" and {values.Length - 4} more" : "");

    /// <summary>The case key: what must be equal for two measurements to be of the same thing.</summary>
    public static string CaseKey(ResultRecord r, RunInfo run) =>
        $"{r.Id} · {r.Operation} · {r.Scenario} · {Format.Payload(r)} · job {run.Job} · {run.Runtime}";

    /// <summary>
    /// By implementation id, then operation, then scenario, then message length and batch size, then payload size, each
    /// as a number (128 B before 1 KiB), then what a scenario's own fields say of the case.
    /// </summary>
    private static string[] InCaseOrder(IEnumerable<string> keys, Dictionary<string, ResultRecord> records) =>
        keys.OrderBy(k => records[k].Id, StringComparer.Ordinal)
            .ThenBy(k => records[k].Operation, StringComparer.Ordinal)
            .ThenBy(k => records[k].Scenario, StringComparer.Ordinal)
            .ThenBy(k => records[k].MessageBytes ?? 0)
            .ThenBy(k => records[k].BatchSize ?? 0)
            .ThenBy(k => records[k].SizeBytes)
            .ThenBy(k => records[k].Fields?.CaseDetail(), StringComparer.Ordinal)
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

    /// <summary>Each case's record in the first launch that has it.</summary>
    private static Dictionary<string, ResultRecord> FirstOfEach(IEnumerable<Dictionary<string, ResultRecord>> indexes)
    {
        var first = new Dictionary<string, ResultRecord>(StringComparer.Ordinal);
        foreach (var (key, record) in indexes.SelectMany(index => index))
        {
            first.TryAdd(key, record);
        }

        return first;
    }

    /// <summary>
    /// Launches of one side repeat one measurement: one commit, one job, each launch once (a launch given twice would
    /// make the spread between launches read as zero). A run compared with itself, base against diff, is allowed.
    /// </summary>
    private static void SameMeasurement(string side, IReadOnlyList<Launch> launches)
    {
        var repeated = launches.GroupBy(l => l.Identity, StringComparer.Ordinal).FirstOrDefault(g => g.Count() > 1);
        if (repeated is not null)
        {
            throw new UsageException(
                $"{string.Join(" and ", repeated.Select(l => l.Name))} are the same {side} launch ({repeated.Key}): give each launch once, or the spread between launches reads as zero.");
        }

        var first = launches[0];
        foreach (var other in launches.Skip(1))
        {
            if (other.Summary.Run.GitCommit != first.Summary.Run.GitCommit || other.Summary.Run.Job != first.Summary.Run.Job)
            {
                throw new UsageException(
                    $"The {side} launches differ: {first.Name} is commit {first.Summary.Run.GitCommit}, job {first.Summary.Run.Job}; {other.Name} is commit {other.Summary.Run.GitCommit}, job {other.Summary.Run.Job}. Launches of one side repeat the same measurement.");
            }
        }
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
