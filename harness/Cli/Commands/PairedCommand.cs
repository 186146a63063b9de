using System.CommandLine;
using System.Globalization;
using System.Reflection;
using CryptoHarness.Comparing;
using CryptoHarness.Interleaving;
using CryptoHarness.Pairing;
using CryptoHarness.Reporting;
using CryptoHarness.Running;
using CryptoHarness.Running.Scenarios;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness paired --base-build DIR [filters] [--sizes …] [password options] [--copies N] [--rounds N] [--threshold 2%] [--noise 1ns] [--fdr 1%]
/// [--fail-on slower|never] [--out comment.md] [--save paired.json]</c>: loads the base build's implementations beside
/// this harness's own (the head), times both in the same interleaved rounds case by case (one-shot cases per payload
/// size, password hashes per parameter set), and writes the comparison comment of <c>compare</c>, saying which cases
/// were paired and why the others were not. <c>--from paired.json</c>
/// makes the comment again from a saved measurement, measuring nothing. Exit 1 on a slower case or an allocation
/// increase (with <c>--fail-on slower</c>, the default), 2 on bad input.
/// </summary>
internal static class PairedCommand
{
    public static Command Create(HarnessConsole console)
    {
        var filters = new Filters();
        var sizes = HarnessOptions.Sizes();
        var baseBuild = new Option<string?>("--base-build")
        {
            Description = "The base's build output folder: <base checkout>/implementations/Providers/bin/Release/net10.0 or <base checkout>/harness/bin/Release/net10.0.",
            HelpName = "DIR",
        };
        var from = new Option<string?>("--from") { Description = "Make the comment from a saved paired.json (--save) instead of measuring.", HelpName = "paired.json" };
        var copies = HarnessOptions.Parsed("--copies",
            $"Copies of each build to load and time in every round, 1 to {PairedResultsFile.MaxCopies} (default {DefaultCopies}); the spread between copies of one build is what a change must exceed.", "N", ParseCopies);
        var rounds = HarnessOptions.Parsed("--rounds",
            $"Measured interleaved rounds per case, 3 to 10000 (default {InterleavingSettings.Quick.Rounds}; a password-hash case, whose calls take milliseconds, "
            + $"gets a one-shot case's time in as many of those as fit, at least {MinimumPasswordRounds}, or all {InterleavingSettings.Quick.Rounds} with --copies 1: "
            + $"{MinimumPasswordRounds} at --argon2-set owasp, where Argon2id's 23 cases take about 70 s on 2 cores).", "N", ParseRounds);
        var password = new PasswordOptions();
        var threshold = HarnessOptions.Parsed("--threshold", $"The smallest change that counts, a percentage (default {DefaultThreshold}).", DefaultThreshold,
            text => CompareCommand.Percentage("threshold", text));
        var noise = HarnessOptions.Parsed("--noise", $"Differences below this duration are noise (default {CompareCommand.DefaultNoise}).", CompareCommand.DefaultNoise,
            text => CompareCommand.Duration("noise", text));
        var fdr = HarnessOptions.Parsed("--fdr", $"The false discovery rate over all cases (default {CompareCommand.DefaultFalseDiscoveryRate}).", CompareCommand.DefaultFalseDiscoveryRate,
            text => CompareCommand.Percentage("fdr", text));
        var failOn = HarnessOptions.Parsed("--fail-on", $"When to exit 1: {string.Join(" or ", CompareCommand.FailOnNames)} (default slower).",
            string.Join("|", CompareCommand.FailOnNames), CompareCommand.ParseFailOn);
        var output = new Option<string?>("--out") { Description = "Write the comment to this file, printing only its summary line.", HelpName = "comment.md" };
        var save = new Option<string?>("--save") { Description = "Also write the measurement (every round of every case) to this file, for --from.", HelpName = "paired.json" };
        var templates = HarnessOptions.Templates();
        var command = new Command("paired",
            "Times the base build and this build in the same interleaved rounds, case by case, and says which cases got slower or faster: one-shot cases per payload size, "
            + "and password hashes per parameter set (--argon2-set, --argon2, --bcrypt-cost, as run takes them) when only they are selected or a password option is given.")
        {
            sizes, baseBuild, from, copies, rounds, threshold, noise, fdr, failOn, output, save, templates,
        };
        filters.AddTo(command);
        password.AddTo(command);
        command.SetAction(parsed =>
        {
            var settings = new ComparisonSettings(
                Threshold: parsed.GetValue(threshold) ?? CompareCommand.Percentage("threshold", DefaultThreshold)!.Value,
                NoiseNs: parsed.GetValue(noise) ?? CompareCommand.Duration("noise", CompareCommand.DefaultNoise)!.Value,
                FalseDiscoveryRate: parsed.GetValue(fdr) ?? CompareCommand.Percentage("fdr", CompareCommand.DefaultFalseDiscoveryRate)!.Value);
            var basePath = parsed.GetValue(baseBuild);
            var fromPath = parsed.GetValue(from);
            var outPath = parsed.GetValue(output);
            var savePath = parsed.GetValue(save);
            if (basePath is not null && fromPath is not null)
            {
                throw new UsageException("Give --base-build (measure) or --from (a saved paired.json), not both.");
            }

            if (basePath is null && fromPath is null)
            {
                throw new UsageException("paired needs --base-build <the base's build output folder> (or --from <paired.json> to make the comment again).");
            }

            if (fromPath is not null && (savePath is not null || parsed.GetResult(rounds) is not null || parsed.GetResult(sizes) is not null || parsed.GetResult(copies) is not null))
            {
                throw new UsageException("--save, --rounds, --copies and --sizes apply when measuring (--base-build), not with --from.");
            }

            if (fromPath is not null && password.FirstGiven(parsed) is { } passwordOption)
            {
                throw new UsageException($"{passwordOption} applies when measuring (--base-build), not with --from.");
            }

            if (outPath is not null)
            {
                OutputFolder.CheckFile(outPath, "out");
            }

            if (savePath is not null)
            {
                OutputFolder.CheckFile(savePath, "save");
            }

            var stage = ScenarioRegistry.Stage(parsed.GetValue(templates) ?? ReportStage.DefaultTemplatesDirectory);
            PairedResults results;
            if (fromPath is not null)
            {
                results = PairedResultsFile.Load(fromPath);
            }
            else
            {
                // Selected and validated before anything is loaded or measured.
                var (oneShot, passwordCases, leftOut) = Select(filters, password, parsed);
                var copyCount = parsed.GetValue(copies) ?? DefaultCopies;

                // Each copy gets its share of the quick job's batch time, so a round takes as long whatever the copies.
                var timing = InterleavingSettings.Quick with
                {
                    Rounds = parsed.GetValue(rounds) ?? InterleavingSettings.Quick.Rounds,
                    BatchTime = InterleavingSettings.Quick.BatchTime / copyCount,
                };
                var plan = new PairedPlan(oneShot.Select(i => i.Id).ToArray(), parsed.GetValue(sizes) ?? PayloadSizes.Default, timing, copyCount)
                {
                    PasswordCases = passwordCases,
                    PasswordSettings = PasswordSettings(timing, copyCount, parsed.GetValue(rounds)),
                };
                results = Measure(basePath!, plan, console, leftOut > 0
                    ? $"Password hashes ({leftOut} entr(ies)) are left out of a selection that holds other kinds, as run's one-shot sweep leaves them out; "
                        + "select only Argon2 or bcrypt, or give --argon2-set, --argon2 or --bcrypt-cost, to pair them."
                    : null);
                if (savePath is not null)
                {
                    PairedResultsFile.Write(results, Path.GetFullPath(savePath));
                }
            }

            var comparison = PairedComparison.Create(results, settings);
            var comment = stage.RenderTemplate(ReportStage.ComparisonTemplate, comparison.Comment());
            if (outPath is null)
            {
                console.Out.Write(comment);
            }
            else
            {
                var path = Path.GetFullPath(outPath);
                AtomicFile.WriteAllText(path, comment);
                console.Out.WriteLine(comparison.SummaryLine);
                console.Out.WriteLine($"Wrote {path}");
            }

            if (savePath is not null)
            {
                console.Out.WriteLine($"Saved {Path.GetFullPath(savePath)}");
            }

            var regressed = comparison.Slower > 0 || comparison.AllocationRegressions > 0;
            return regressed && (parsed.GetValue(failOn) ?? CompareCommand.FailOn.Slower) == CompareCommand.FailOn.Slower
                ? HarnessCli.ImplementationFailed
                : HarnessCli.Success;
        });
        return command;
    }

    /// <summary>
    /// Eight copies a side: the rank test across copies (<see cref="Statistics.PairedCopies.RankTestAbove"/>) then
    /// reaches p = 1/12870 when the two builds' copies do not overlap, small enough to survive Benjamini–Hochberg over a
    /// family's cases; with four it could not go below 1/70. Each copy gets an eighth of the batch time, so a round costs
    /// what one copy a side did (SHA-256 and BLAKE3, 40 cases: 22.7 s against 20.2 s at four copies, under a CPU hog).
    /// </summary>
    internal const int DefaultCopies = 8;

    /// <summary>
    /// 2%, where <c>compare</c> of separate runs uses 5%: base and head share every round and eight placements each, so a
    /// build against itself flags nothing at 2% and a 3% change is found (the README's figures); separate runs carry
    /// what moves between processes and machines, which 2% would take for changes.
    /// </summary>
    internal const string DefaultThreshold = "2%";

    /// <summary>
    /// The fewest rounds of a password-hash case, where a hash takes milliseconds (Argon2id at owasp, m=19 MiB and t=2:
    /// 7–85 ms here by provider; bcrypt at cost 10 about 50 ms): a round of eight copies a side is 16 hashes, and the
    /// quick settings' 21 rounds would take most of a minute per case. With copies the decision is the rank test across
    /// them, each copy one observation (its time relative to every round's, median over the rounds), which three rounds
    /// give, robust to one disturbed round; so <c>paired --family Argon2id --argon2-set owasp</c>, 23 cases, takes
    /// about 70 s on 2 cores (71 and 72 s here, the machine shared), of which three rounds of 16 copies are 48 hashes a
    /// case and the check 16 more.
    /// </summary>
    internal const int MinimumPasswordRounds = 3;

    /// <summary>
    /// How a password-hash case is timed. Each copy gets the one-shot share of the batch, so it makes one call a round
    /// where a hash takes longer, and a few at the tiny sets. The case gets the time a one-shot case's measured rounds
    /// take (21 rounds of every copy's batch), in as many of the 21 rounds as fit at the warm-up's pace, at least
    /// <see cref="MinimumPasswordRounds"/>: the tiny sets, microseconds a hash, keep all 21 (with three, an A/A pair of
    /// libsodium at m=64 KiB read 0.64 here under load; with 21, 0.99–1.01), and owasp's take three. With one copy a side
    /// the decision is the sign test over the rounds, whose smallest p-value at three is 1/4, so it keeps all 21. No
    /// warm-up rounds beyond the quick settings' quarter of a second, counted from the check's call of each copy, which
    /// also stands for its first calibrating call: 16 copies of a 16 ms hash are past the quarter second, so a costly
    /// hash is measured at once, one call a round (a case costs 16 × (1 + 3) hashes); a cheap one still calibrates and
    /// warms up, for tiering to finish. <c>--rounds</c> fixes the count for every case.
    /// </summary>
    private static InterleavingSettings PasswordSettings(InterleavingSettings oneShot, int copies, int? rounds) =>
        rounds is not null
            ? oneShot with { WarmupRounds = 0, WarmupFromFirstCall = true }
            : oneShot.ForCostlyCalls(copies, minimumRounds: copies > 1 ? MinimumPasswordRounds : oneShot.Rounds);

    /// <summary>
    /// What to pair: the one-shot entries the filters select, and the password-hash cases when the password scenario
    /// would claim the selection in <c>run</c> (only password hashes are selected, or a password option is given), at
    /// the sets the password options choose, parsed and defaulted as <c>run</c> does. A selection that mixes them
    /// without a password option pairs its one-shot entries only, as <c>run</c>'s sweep measures them alone: a full
    /// <c>paired</c> stays the one-shot comparison it was, and password sets, which take minutes, are asked for.
    /// </summary>
    /// <returns>The one-shot entries, the password-hash cases, and how many selected password hashes were left out.</returns>
    private static (IReadOnlyList<IImplementation> OneShot, IReadOnlyList<PairedPasswordCase> PasswordCases, int LeftOut) Select(
        Filters filters, PasswordOptions password, ParseResult parsed)
    {
        var oneShotScenario = ScenarioRegistry.All.Select(s => s.Measurement).OfType<OneShotMeasurement>().Single();
        var passwordScenario = ScenarioRegistry.All.Select(s => s.Measurement).OfType<PasswordMeasurement>().Single();
        var selected = filters.Select(parsed);
        var passwordOption = password.FirstGiven(parsed);
        var oneShot = oneShotScenario.Measured(selected);
        var hashes = passwordScenario.Measured(selected).OfType<IPasswordHashImplementation>().ToArray();
        if (passwordOption is not null && hashes.Length == 0)
        {
            throw new UsageException($"{passwordOption} applies to password hashes, and the filters select none; valid families: "
                + $"{ScenarioSelection.Valid<IPasswordHashImplementation>(i => i.Algorithm.Family)}.");
        }

        if (!passwordScenario.ClaimsByDefault(selected, passwordOption is not null))
        {
            return (ScenarioSelection.Require(oneShotScenario, selected), [], hashes.Length);
        }

        var sets = password.Sets(parsed, hashes);
        var (keys, cannotRun) = PasswordPlan.Cases(hashes, sets);
        if (keys.Count == 0 && oneShot.Count == 0)
        {
            throw new UsageException("The selected password hashes run none of the sets, so there is nothing to pair: "
                + string.Join("; ", cannotRun.Take(3).Select(f => $"{f.Id} at {f.ParameterSet}: {f.Reason}")) + (cannotRun.Count > 3 ? "; …" : "") + ".");
        }

        var cases = keys
            .Select(PasswordWorkload.ParseKey)
            .Select(key => new PairedPasswordCase(key.Id, key.Operation, sets.First(s => s.Name == key.Set)))
            .ToArray();
        return (oneShot, cases, 0);
    }

    private static int? ParseCopies(string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value is >= 1 and <= PairedResultsFile.MaxCopies
            ? value
            : throw new UsageException($"Invalid --copies '{text}'. Valid: a whole number from 1 to {PairedResultsFile.MaxCopies}, e.g. {DefaultCopies}.");

    private static int? ParseRounds(string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value is >= 3 and <= 10_000
            ? value
            : throw new UsageException($"Invalid --rounds '{text}'. Valid: a whole number from 3 to 10000, e.g. {InterleavingSettings.Quick.Rounds}.");

    /// <param name="note">A line to print once the builds are loaded (what the selection left out), or null.</param>
    private static PairedResults Measure(string baseFolder, PairedPlan plan, HarnessConsole console, string? note)
    {
        // The head is this harness's own build, loaded the same way as the base, into collectible contexts of its own
        // rather than called in the default context, so both sides run under the same rules (code in a collectible
        // context reaches statics through another indirection and the JIT treats its static readonly values
        // differently). What loading alike cannot equalise is where each copy's code lands; hence several copies a
        // side (PairedCopies).
        var baseCopies = Enumerable.Range(0, plan.Copies).Select(_ => Load(baseFolder, "--base-build")).ToArray();
        var headCopies = Enumerable.Range(0, plan.Copies).Select(_ => Load(AppContext.BaseDirectory, "the running harness's folder")).ToArray();
        var baseContext = baseCopies[0].Context;
        var cpu = MachineInfo.CpuName();
        var runtime = MachineInfo.Runtime();
        var machineKey = MachineInfo.MachineKey(cpu, InstructionSetEmulation.KeyLevel(MachineInfo.InstructionSetLevel()), MachineInfo.OsKey(), runtime);
        var what = new[]
        {
            plan.Ids.Count > 0 ? $"{plan.Ids.Count} entr(ies) at {plan.Sizes.Count} size(s)" : null,
            plan.PasswordCases.Count > 0
                ? $"{plan.PasswordCases.Count} password-hash case(s) of {plan.PasswordCases.Select(c => c.Id).Distinct(StringComparer.Ordinal).Count()} entr(ies) "
                    + $"at {string.Join(", ", plan.PasswordCases.Select(c => c.Set.Name).Distinct(StringComparer.Ordinal))}"
                : null,
        };
        console.Error.WriteLine($"Pairing {string.Join(" and ", what.OfType<string>())}, {plan.Copies} cop(ies) a side, with the base build in {baseContext.Folder}");
        if (note is not null)
        {
            console.Error.WriteLine(note);
        }

        return PairedMeasurement.Measure(baseCopies.Select(c => c.Registry).ToArray(), headCopies.Select(c => c.Registry).ToArray(), plan,
            CommitOf(baseContext.Folder), MachineInfo.GitCommit(RepositoryRoot.Find()),
            machineKey, runtime, BuildNotes.Of(baseCopies[0].Managed, headCopies[0].Managed), line => console.Error.WriteLine(line));
    }

    private static (BuildRegistry Registry, Assembly Managed, BuildLoadContext Context) Load(string folder, string what)
    {
        var context = BuildLoadContext.Open(folder, what);
        try
        {
            return (BuildRegistry.Of(context.LoadProviders(), [context.DepsFile]), context.LoadFromAssemblyName(new AssemblyName("CryptoHarness.Managed")), context);
        }
        catch (Exception e) when (e is BadImageFormatException or FileLoadException or FileNotFoundException or ContractChangedException)
        {
            throw new UsageException($"{what} '{folder}': not a loadable build of this harness's providers ({e.Message.Split('\n')[0]}).");
        }
    }

    /// <summary>The commit of the checkout the base build folder lies in, or <c>unknown</c>.</summary>
    private static string CommitOf(string folder)
    {
        for (var directory = new DirectoryInfo(folder); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, RepositoryRoot.Marker)))
            {
                return MachineInfo.GitCommit(directory.FullName);
            }
        }

        return "unknown";
    }
}
