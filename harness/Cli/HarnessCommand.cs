using System.Text.Json;
using CryptoHarness.Gate;
using CryptoHarness.Implementations;
using CryptoHarness.Reporting;
using CryptoHarness.Results;
using CryptoHarness.Running;

namespace CryptoHarness.Cli;

/// <summary>
/// <c>harness list | verify | run | leaks | report | compare | touched | merge | site</c>. Exit codes: 0 success; 1 an implementation failed the gate or its
/// benchmark, or (compare) a regression was found; 2 bad input (one line naming the value and the valid choices, nothing written).
/// </summary>
public static class HarnessCommand
{
    public const int Success = 0;
    public const int ImplementationFailed = 1;
    public const int BadInput = 2;

    /// <summary>The default payload sizes: 128 B to 128 KiB, latency-bound to throughput-bound.</summary>
    public static readonly IReadOnlyList<int> DefaultSizes = [128, 1024, 8192, 131072];

    private static readonly HashSet<string> Filters = ["family", "algorithm", "provider"];

    /// <summary>
    /// <c>oneshot</c>: the size sweep; <c>stream</c>: incremental hashing of one large input in 64 KiB chunks;
    /// <c>batch</c>: many short messages of one length, a batch API against a loop of single calls.
    /// </summary>
    /// <c>password</c>: password hashes at parameter sets (the default when the filters select only password hashes).
    public static readonly IReadOnlyList<string> Scenarios = ["oneshot", "stream", "batch", "password"];

    private static readonly string[] PasswordOptions = ["argon2-set", "argon2", "bcrypt-cost"];

    public const int DefaultStreamBytes = 64 * 1024 * 1024;

    private static readonly Dictionary<string, IReadOnlySet<string>> Commands = new(StringComparer.Ordinal)
    {
        ["list"] = new HashSet<string>(Filters) { "json" },
        ["verify"] = new HashSet<string>(Filters) { "sizes", "argon2-set", "argon2", "bcrypt-cost", "isa" },
        ["run"] = new HashSet<string>(Filters) { "sizes", "job", "results", "out", "quiet", "verbose", "scenario", "stream-size", "argon2-set", "argon2", "bcrypt-cost", "isa" },
        ["leaks"] = new HashSet<string>(Filters) { "budget", "results", "out", "verbose" },
        ["report"] = new HashSet<string> { "results", "out", "templates" },
        ["merge"] = new HashSet<string> { "runs", "out", "templates" },
        ["site"] = new HashSet<string> { "machine", "reports", "out", "templates" },
        ["compare"] = new HashSet<string>
        {
            "base", "diff", "threshold", "noise", "fdr", "allocation-threshold", "fail-on", "out", "templates", "allow-different-machines", "require-all",
        },
        ["touched"] = new HashSet<string> { "changed-files", "all", "json" },
    };

    private static readonly HashSet<string> Flags = ["json", "quiet", "verbose", "allow-different-machines", "all", "require-all"];

    /// <summary>Options that may be given more than once: compare's launches of each side.</summary>
    private static readonly HashSet<string> Repeatable = ["base", "diff"];

    public static int Run(IReadOnlyList<string> args, TextWriter stdout, TextWriter stderr)
    {
        try
        {
            var arguments = Arguments.Parse(args, Commands, Flags, Repeatable);
            if (arguments.Value("isa") is { } isa && IsaRelaunch.Run(isa, args, stdout, stderr) is { } exitCode)
            {
                return exitCode;
            }

            return arguments.Command switch
            {
                "list" => List(arguments, stdout),
                "verify" => Verify(arguments, stdout),
                "run" => RunBenchmarks(arguments, stdout, stderr),
                "leaks" => LeaksCommand.Run(arguments, stdout, stderr),
                "report" => Report(arguments, stdout),
                "compare" => CompareCommand.Run(arguments, stdout),
                "merge" => SiteCommand.Merge(arguments, stdout),
                "site" => SiteCommand.Site(arguments, stdout),
                "touched" => TouchedCommand.Run(arguments, Console.In, stdout),
                _ => throw new UsageException($"Unknown command '{arguments.Command}'."),
            };
        }
        catch (Exception e) when (e is UsageException or SelectionException or TemplateException)
        {
            stderr.WriteLine($"harness: {e.Message}");
            return BadInput;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A location that passed the checks up front and failed later (a full disk, a folder removed meanwhile):
            // still one line, naming the path the runtime names.
            stderr.WriteLine($"harness: cannot read or write: {e.Message}");
            return BadInput;
        }
    }

    /// <summary>Parses a command line without running it (used to check the commands the workflows run).</summary>
    internal static Arguments Parse(IReadOnlyList<string> args) => Arguments.Parse(args, Commands, Flags, Repeatable);

    /// <summary>
    /// The filters' selection. <c>--family</c> may list several families or algorithms, comma-separated (what
    /// <c>harness touched</c> prints): the union of each, in registry order.
    /// </summary>
    internal static IReadOnlyList<IImplementation> Select(Arguments arguments)
    {
        var families = arguments.Value("family")?.Split(',', StringSplitOptions.TrimEntries);
        if (families is null || families.Length == 1)
        {
            return Registry.Select(families?[0], arguments.Value("algorithm"), arguments.Value("provider"));
        }

        var selected = families.SelectMany(f => Registry.Select(f, arguments.Value("algorithm"), arguments.Value("provider"))).ToHashSet();
        return Registry.Implementations.Where(selected.Contains).ToArray();
    }

    private static int List(Arguments arguments, TextWriter stdout)
    {
        var selected = Select(arguments);
        if (arguments.Has("json"))
        {
            var entries = selected.Select(i => new Dictionary<string, object?>
            {
                ["id"] = i.Id,
                ["family"] = i.Algorithm.Family,
                ["algorithm"] = i.Algorithm.Name,
                ["provider"] = i.Provider.Key,
                ["variant"] = i.Variant,
                ["supported"] = i.Support.IsSupported,
                ["reason"] = i.Support.Reason,
            });
            stdout.WriteLine(JsonSerializer.Serialize(entries, SummaryFile.Options));
            return Success;
        }

        var table = new TextTable("Id", "Family", "Algorithm", "Provider", "Variant", "Supported");
        foreach (var i in selected)
        {
            table.Add(i.Id, i.Algorithm.Family, i.Algorithm.Name, i.Provider.Key, i.Variant, i.Support.IsSupported ? "yes" : $"no: {i.Support.Reason}");
        }

        table.WriteTo(stdout);
        stdout.WriteLine();
        stdout.WriteLine($"Families: {string.Join(", ", Registry.Families)}");
        return Success;
    }

    private static int Verify(Arguments arguments, TextWriter stdout)
    {
        var selected = Select(arguments);
        var sizes = arguments.Sizes("sizes") ?? DefaultSizes;
        var sets = PasswordOptions.Any(arguments.Has) ? PasswordSets(arguments, selected) : [];
        var verdicts = RunGate(selected, sizes, stdout, sets);
        return verdicts.Any(v => v.Status == GateStatus.Failed) ? ImplementationFailed : Success;
    }

    internal static IReadOnlyList<GateVerdict> RunGate(
        IReadOnlyList<IImplementation> selected, IReadOnlyList<int> sizes, TextWriter stdout, IReadOnlyList<PasswordParameterSet>? passwordSets = null, RunProgress? progress = null)
    {
        stdout.WriteLine($"Correctness gate: {selected.Count} implementation(s), known answers and cross-check (seed {CorrectnessGate.Seed}).");
        var verdicts = progress?.VerifyGate(selected, sizes, passwordSets) ?? CorrectnessGate.Verify(selected, sizes, passwordSets);
        var table = new TextTable("Id", "Gate", "Reason");
        foreach (var verdict in verdicts)
        {
            table.Add(verdict.Id, verdict.Status switch
            {
                GateStatus.Passed => "passed",
                GateStatus.Failed => "FAILED",
                _ => "unsupported",
            }, verdict.Reason ?? "");
        }

        table.WriteTo(stdout);
        return verdicts;
    }

    private static int RunBenchmarks(Arguments arguments, TextWriter stdout, TextWriter stderr)
    {
        var selected = Select(arguments);
        var sizes = arguments.Sizes("sizes") ?? DefaultSizes;
        var jobName = arguments.Value("job") ?? JobPreset.Quick.Name;
        var job = JobPreset.All.FirstOrDefault(j => j.Name == jobName)
            ?? throw new UsageException($"Unknown job '{jobName}'. Valid jobs: {string.Join(", ", JobPreset.All.Select(j => j.Name))}.");
        var scenario = arguments.Value("scenario") ?? DefaultScenario(arguments, selected);
        if (!Scenarios.Contains(scenario))
        {
            throw new UsageException($"Unknown scenario '{scenario}'. Valid scenarios: {string.Join(", ", Scenarios)}.");
        }

        var streamSize = arguments.Value("stream-size");
        var streamBytes = streamSize is null ? DefaultStreamBytes : Arguments.ParseSize(streamSize)
            ?? throw new UsageException($"Invalid --stream-size '{streamSize}'. Valid: a byte count from 1 to 1GiB, plain or with KiB/MiB/GiB, e.g. 64MiB.");
        selected = ForScenario(scenario, selected);
        if (selected.Count == 0)
        {
            throw new UsageException(scenario switch
            {
                "stream" => "The filters select no implementation with an incremental API. Valid families for --scenario stream: "
                    + $"{string.Join(", ", Registry.Implementations.OfType<IStreamingHashImplementation>().Select(i => i.Algorithm.Family).Distinct())}.",
                "password" => $"The filters select no password hash. Valid families for --scenario password: {string.Join(", ", Registry.Implementations.OfType<IPasswordHashImplementation>().Select(i => i.Algorithm.Family).Distinct())}.",
                "batch" => "The filters select no implementation with a batch API. Valid for --scenario batch: "
                    + $"{string.Join(", ", BatchCapable(i => i.Algorithm.Family))} (families) or {string.Join(", ", BatchCapable(i => i.Algorithm.Name))} (algorithms), "
                    + $"with a provider that has a batch API: {string.Join(", ", BatchCapable(i => i.Provider.Key))}.",
                _ => "The filters select no implementation; see 'harness list' for the valid combinations.",
            });
        }

        var root = RepositoryRoot.Find();
        var started = DateTimeOffset.UtcNow;
        var run = DescribeRun(selected, job.Name, job.Description, root, started) with
        {
            Scenario = scenario,
            ChunkBytes = scenario == "stream" ? StreamingBenchmarks.ChunkBytes : 0,
        };
        var passwordSets = scenario == "password" ? PasswordSets(arguments, selected) : [];
        if (scenario != "password" && PasswordOptions.FirstOrDefault(arguments.Has) is { } misplaced)
        {
            throw new UsageException($"--{misplaced} applies to password hashes; valid with --scenario password or --family Argon2/bcrypt, not with --scenario {scenario}.");
        }

        var runFolder = RunFolder.Open(ResultsFolder(arguments, root), arguments.Value("out") ?? root, run.MachineKey, started, job.Name);
        using var interruption = RunFolder.SayIfInterrupted(runFolder, stderr);
        stdout.WriteLine($"Run folder: {runFolder}");

        var progress = RunProgress.Create(stdout, arguments.Has("verbose"), arguments.Has("quiet"));
        var verdicts = RunGate(selected, sizes, stdout, passwordSets, progress);
        var passed = verdicts.Where(v => v.Status == GateStatus.Passed).Select(v => v.Implementation).ToArray();
        var failures = verdicts.Where(v => v.Status == GateStatus.Failed).Select(v => ToFailure(v.Implementation, v.Reason!)).ToList();
        Failure[] unsupported = verdicts.Where(v => v.Status == GateStatus.Unsupported).Select(v => ToFailure(v.Implementation, v.Reason!)).ToArray();

        IReadOnlyList<ResultRecord> results = [];
        if (passed.Length > 0)
        {
            var artifacts = Path.Combine(runFolder, "benchmarkdotnet");
            var passwordCases = PasswordCases(passed.OfType<IPasswordHashImplementation>(), passwordSets);
            unsupported = [.. unsupported, .. passwordCases.CannotRun];
            var outcome = scenario switch
            {
                // Only implementations with a case at some set: one that can run none of them is listed per set, not failed.
                "password" => Runner.RunPassword(passed.OfType<IPasswordHashImplementation>()
                    .Where(i => passwordCases.Keys.Any(k => PasswordWorkload.ParseKey(k).Id == i.Id)).ToArray(), passwordCases.Keys, job, artifacts, progress),
                "stream" => Runner.RunStream(passed.OfType<IStreamingHashImplementation>().ToArray(), streamBytes, job, artifacts, progress),
                "batch" => Runner.RunBatch(passed.OfType<IHashImplementation>().ToArray(), job, artifacts, progress),
                _ => Runner.RunOneShot(passed, sizes, job, artifacts, progress),
            };
            results = outcome.Results;
            failures.AddRange(outcome.Failures.Select(f => ToFailure(f.Implementation, f.Reason)));
        }

        var summary = new RunSummary
        {
            Run = run,
            Results = results,
            Failures = failures,
            Unsupported = unsupported,
            Algorithms = selected.Select(i => i.Algorithm).Distinct().Select(Describe).ToArray(),
            ParameterSets = scenario == "password" ? passwordSets.Select(DescribeSet).ToArray() : null,
        };
        var summaryPath = RunFolder.Finish(runFolder, summary);

        var stage = new ReportStage(ReportStage.DefaultTemplatesDirectory);
        var written = WriteReports(stage, summary, arguments.Value("out"), root);

        stdout.WriteLine();
        ComparisonTable.Write(summary, stdout);
        stdout.WriteLine();
        stdout.WriteLine($"Summary: {summaryPath}");
        foreach (var path in written)
        {
            stdout.WriteLine($"Wrote {path}");
        }

        foreach (var failure in failures)
        {
            stdout.WriteLine($"FAILED {failure.Id}: {failure.Reason}");
        }

        return failures.Count > 0 ? ImplementationFailed : Success;
    }

    /// <summary>What of the filters' selection a scenario measures; the rest is not a failure, it has no such API here.</summary>
    internal static IReadOnlyList<IImplementation> ForScenario(string scenario, IReadOnlyList<IImplementation> selected)
    {
        switch (scenario)
        {
            case "stream":
                return selected.Where(i => i is IStreamingHashImplementation).ToArray();
            case "password":
                return selected.Where(i => i is IPasswordHashImplementation).ToArray();
            case "batch":
                // Algorithms with a batch API in the selection, and every selected hash of them: the ones without a batch
                // API are the loops of single calls the batch API is measured against.
                var batchAlgorithms = selected.OfType<IBatchHashImplementation>().Select(i => i.Algorithm).ToHashSet();
                return selected.Where(i => i is IHashImplementation && batchAlgorithms.Contains(i.Algorithm)).ToArray();
            default:
                // A batch API's one-shot call is a batch of one: not what it is for, and the one-shot tables have the
                // single-message paths. Batch entries are measured in the batch scenario, against loops of single calls.
                // Password hashes have no payload size: they are measured per parameter set in their own scenario.
                return selected.Where(i => i is not IBatchHashImplementation and not IPasswordHashImplementation).ToArray();
        }
    }

    /// <summary>
    /// <c>password</c> when the filters select only password hashes or a password option is given; else <c>oneshot</c>
    /// (which a full sweep is: password hashes are measured on request, their sets take minutes).
    /// </summary>
    private static string DefaultScenario(Arguments arguments, IReadOnlyList<IImplementation> selected) =>
        PasswordOptions.Any(arguments.Has) || (selected.Count > 0 && selected.All(i => i is IPasswordHashImplementation)) ? "password" : "oneshot";

    /// <summary>
    /// The sets to run: <c>--argon2-set</c> names (comma-separated, or <c>all</c>), <c>--argon2</c> user sets
    /// (semicolon-separated), <c>--bcrypt-cost</c> costs. Without Argon2 options every named Argon2 set but
    /// <c>high</c> (minutes per provider on 2 cores; ask for it by name); without <c>--bcrypt-cost</c>, costs 10 and 12.
    /// Only the kinds the selection holds are kept.
    /// </summary>
    internal static IReadOnlyList<PasswordParameterSet> PasswordSets(Arguments arguments, IReadOnlyList<IImplementation> selected)
    {
        var argon2 = new List<PasswordParameterSet>();
        if (arguments.Value("argon2-set") is { } names)
        {
            argon2.AddRange(names.Trim() == "all" ? PasswordParameterSets.Argon2
                : names.Split(',', StringSplitOptions.TrimEntries).Select(PasswordParameterSets.FindArgon2));
        }

        if (arguments.Value("argon2") is { } custom)
        {
            argon2.AddRange(custom.Split(';', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(PasswordParameterSets.ParseArgon2));
        }

        if (argon2.Count == 0)
        {
            argon2.AddRange(PasswordParameterSets.Argon2.Where(s => s.Name != "high"));
        }

        var bcrypt = arguments.Value("bcrypt-cost") is { } costs ? PasswordParameterSets.ParseBcryptCosts(costs) : PasswordParameterSets.Bcrypt;
        var hashes = selected.OfType<IPasswordHashImplementation>().ToArray();
        return argon2.Where(_ => hashes.Any(h => h.Algorithm != Algorithms.Bcrypt))
            .Concat(bcrypt.Where(_ => hashes.Any(h => h.Algorithm == Algorithms.Bcrypt)))
            .DistinctBy(s => s.Parameters)
            .ToArray();
    }

    /// <summary>Every (implementation, operation, set) the implementation can run, and for the rest the reason, per set.</summary>
    internal static (IReadOnlyList<string> Keys, IReadOnlyList<Failure> CannotRun) PasswordCases(
        IEnumerable<IPasswordHashImplementation> implementations, IReadOnlyList<PasswordParameterSet> sets)
    {
        var keys = new List<string>();
        var cannot = new List<Failure>();
        foreach (var implementation in implementations)
        {
            foreach (var set in sets.Where(s => s.Parameters.IsBcrypt == (implementation.Algorithm == Algorithms.Bcrypt)))
            {
                var refused = new List<(string Operation, string Reason)>();
                foreach (var operation in PasswordWorkload.OperationsOf(implementation))
                {
                    var support = implementation.SupportFor(set.Parameters, PasswordWorkload.InputsOf(operation));
                    if (support.IsSupported)
                    {
                        keys.Add(PasswordWorkload.CaseKey(implementation.Id, operation, set.Name));
                    }
                    else
                    {
                        refused.Add((operation, support.Reason!));
                    }
                }

                if (refused.Count > 0)
                {
                    cannot.Add(ToFailure(implementation, refused[0].Reason) with
                    {
                        ParameterSet = set.Name,
                        Operations = refused.Select(r => r.Operation).ToArray(),
                    });
                }
            }
        }

        return (keys, cannot);
    }

    private static ParameterSetInfo DescribeSet(PasswordParameterSet set) => new()
    {
        Name = set.Name,
        Description = set.Parameters.Describe(),
        Source = set.Source,
        Kind = set.Parameters.IsBcrypt ? "bcrypt" : "argon2",
        MemoryKib = set.Parameters.MemoryKib,
        Passes = set.Parameters.Passes,
        Lanes = set.Parameters.Lanes,
        TagBytes = set.Parameters.TagBytes,
        Cost = set.Parameters.Cost,
    };

    private static IEnumerable<string> BatchCapable(Func<IImplementation, string> name) =>
        Registry.Implementations.OfType<IBatchHashImplementation>().Select(name).Distinct();

    private static int Report(Arguments arguments, TextWriter stdout)
    {
        var source = arguments.Value("results") ?? throw new UsageException("report needs --results <run folder, summary.json or a reports data folder>.");
        var output = arguments.Value("out");
        OutputFolder.CheckFolder(output ?? RepositoryRoot.Find(), "out");
        var stage = new ReportStage(arguments.Value("templates") ?? ReportStage.DefaultTemplatesDirectory);
        if (SiteCommand.IsDataFolder(source))
        {
            // A machine's data/ folder: re-render its pages from the per-algorithm results, measuring nothing.
            var algorithms = FamilyData.Load(source).Values.ToArray();
            var files = stage.RenderData(algorithms, output is null ? SpecPath(algorithms[0].Run.MachineKey) : "machine-spec.md");
            var root = RepositoryRoot.Find();
            var target = output ?? Path.Combine(root, "reports", algorithms[0].Run.MachineKey);
            foreach (var path in ReportStage.Write(files, target, output ?? root))
            {
                stdout.WriteLine($"Wrote {path}");
            }

            return Success;
        }

        var summary = SummaryFile.Load(source);
        foreach (var path in WriteReports(stage, summary, output, RepositoryRoot.Find()))
        {
            stdout.WriteLine($"Wrote {path}");
        }

        return Success;
    }

    /// <summary>
    /// With <c>--out DIR</c>: every file into DIR, the spec as <c>machine-spec.md</c>. Otherwise the repository's
    /// <c>reports/&lt;machine&gt;/</c> and <c>machine-specs/&lt;machine&gt;.md</c> (a leaks run: its <c>constant-time.md</c> alone). A one-shot run also keeps each of its
    /// algorithms' results in <c>data/&lt;slug&gt;.json</c> there, and the family index and highlights are rendered from
    /// every algorithm's latest file, so a run of one algorithm or family updates its rows without dropping the others.
    /// Everything is rendered before anything is written, and nothing is written outside DIR (or the repository).
    /// </summary>
    internal static IReadOnlyList<string> WriteReports(ReportStage stage, RunSummary summary, string? outDirectory, string root)
    {
        var outputFolder = outDirectory ?? root;
        var directory = outDirectory ?? OutputFolder.Resolve(root, Path.Combine("reports", summary.Run.MachineKey));
        var specName = outDirectory is null ? SpecPath(summary.Run.MachineKey) : "machine-spec.md";
        if (summary.Run.Scenario == "leaks")
        {
            // Its own page only: the machine spec describes the benchmark job, which a leak check does not change.
            return ReportStage.Write([Leaks.LeakReport.Render(stage, summary)], directory);
        }

        if (summary.Run.Scenario is not ("oneshot" or "password"))
        {
            return ReportStage.Write(stage.Render(summary, specName), directory, outputFolder);
        }

        // One-shot and password runs keep each algorithm's latest results in data/; the pages that span algorithms (the
        // family index and highlights; the password overview) are rendered from those of the same scenario.
        var dataDirectory = Path.Combine(directory, "data");
        var fresh = FamilyData.Split(summary);
        var latest = FamilyData.Load(dataDirectory)
            .Where(existing => !fresh.ContainsKey(existing.Key) && existing.Value.Run.Scenario == summary.Run.Scenario)
            .Select(existing => existing.Value)
            .Concat(fresh.Values)
            .ToArray();
        var files = summary.Run.Scenario == "password"
            ? stage.Render(summary, specName, latest)
            : stage.Render(summary, specName, FamilyData.Families(latest));

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

    /// <summary>Where a machine's spec goes, relative to its reports folder: <c>../../machine-specs/&lt;machine&gt;.md</c>.</summary>
    internal static string SpecPath(string machineKey) => Path.Combine("..", "..", "machine-specs", machineKey + ".md");

    private static AlgorithmInfo Describe(Algorithm algorithm) => new()
    {
        Slug = algorithm.Slug,
        Name = algorithm.Name,
        Family = algorithm.Family,
        Kind = algorithm.Kind.ToString().ToLowerInvariant(),
        OutputBytes = algorithm.OutputBytes,
        KeyBytes = algorithm.KeyBytes,
        NonceBytes = algorithm.NonceBytes,
        TagBytes = algorithm.TagBytes,
        AssociatedDataBytes = algorithm.Kind == AlgorithmKind.Aead ? Workload.AssociatedDataBytes : 0,
        Note = algorithm.Note,
    };

    internal static Failure ToFailure(IImplementation implementation, string reason) => new()
    {
        Id = implementation.Id,
        Family = implementation.Algorithm.Family,
        Algorithm = implementation.Algorithm.Name,
        Slug = implementation.Algorithm.Slug,
        Provider = implementation.Provider.Key,
        Variant = implementation.Variant,
        Reason = reason,
    };

    /// <summary>Where run folders go: <c>--results</c>, else the repository's git-ignored <c>artifacts/results</c>.</summary>
    internal static string ResultsFolder(Arguments arguments, string root) =>
        arguments.Value("results") ?? Path.Combine(root, "artifacts", "results");

    internal static RunInfo DescribeRun(IReadOnlyList<IImplementation> selected, string jobName, string jobDescription, string root, DateTimeOffset started)
    {
        var cpu = MachineInfo.CpuName();
        var level = MachineInfo.InstructionSetLevel();
        var runtime = MachineInfo.Runtime();
        var clock = MachineInfo.ClockRate();
        return new RunInfo
        {
            MachineKey = MachineInfo.MachineKey(cpu, InstructionSetEmulation.KeyLevel(level), MachineInfo.OsKey(), runtime),
            Cpu = cpu,
            LogicalCores = Environment.ProcessorCount,
            InstructionSetLevel = level,
            IsaEmulatedOn = InstructionSetEmulation.Current is { } emulated && emulated.Level != emulated.Host ? emulated.Host : null,
            InstructionSets = MachineInfo.InstructionSets(),
            Os = MachineInfo.OsName(),
            Runtime = runtime,
            BenchmarkDotNet = typeof(BenchmarkDotNet.Running.BenchmarkRunner).Assembly.GetName().Version?.ToString(3) ?? "unknown",
            Packages = selected.Select(i => i.Provider).Distinct()
                .ToDictionary(p => p.Key, p => p.Version, StringComparer.Ordinal),
            GitCommit = MachineInfo.GitCommit(root),
            Utc = started,
            LaunchId = Guid.NewGuid().ToString("N"),
            Job = jobName,
            JobDescription = jobDescription,
            CpuFrequencyHz = clock?.Hertz,
            CpuFrequencySource = clock?.Source,
        };
    }
}
