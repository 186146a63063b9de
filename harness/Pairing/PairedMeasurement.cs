using CryptoHarness.Interleaving;
using CryptoHarness.Statistics;

namespace CryptoHarness.Pairing;

/// <summary>
/// What to pair: the head's selected one-shot entries (by id), the payload sizes, how long to time each case, and how
/// many copies of each build were loaded (each in its own load context: see <see cref="Statistics.PairedCopies"/>);
/// and the password-hash cases, each timed with <see cref="PasswordSettings"/>.
/// </summary>
public sealed record PairedPlan(IReadOnlyList<string> Ids, IReadOnlyList<int> Sizes, InterleavingSettings Settings, int Copies = 1)
{
    /// <summary>The head's password-hash cases (entry, operation, parameter set), as the password scenario would measure them.</summary>
    public IReadOnlyList<PairedPasswordCase> PasswordCases { get; init; } = [];

    /// <summary>How each password-hash case is timed: a call takes milliseconds, so as many rounds as fit in a one-shot case's time, one call or a few a copy.</summary>
    public InterleavingSettings PasswordSettings { get; init; } = Settings;
}

/// <summary>One password-hash case to pair: the head's entry by id, one of its operations, one parameter set.</summary>
public sealed record PairedPasswordCase(string Id, string Operation, PasswordParameterSet Set);

/// <summary>
/// Times the base and the head of every selected case in the same interleaved rounds, in one process, after checking
/// that the two can be compared as equals; what cannot is recorded with its reason and left to the launch-based
/// comparison. Why a case is not paired:
/// <list type="bullet">
/// <item>the base has no entry of that id, or either side does not run here;</item>
/// <item>a changed contract: another kind, other key, nonce, tag or output sizes, or a call that no longer binds;</item>
/// <item>a third-party provider whose package version differs between the builds (each build's deps.json), or whose code
/// is neither a package nor this repository's projects nor the runtime (a native library the providers find from the
/// running program's folder, so the base would run the head's copy) while the native libraries beside the two builds
/// differ;</item>
/// <item>a password-hash parameter set the base's entry refuses (its own <c>SupportFor</c>) where the head's runs it;</item>
/// <item>a changed output: on the same input the two builds' calls wrote different bytes, or one of them threw.</item>
/// </list>
/// </summary>
public static class PairedMeasurement
{
    private const int MaxReasonLength = 300;

    /// <summary>
    /// Pairs every selected case. <paramref name="baseCopies"/> and <paramref name="headCopies"/> are the same build loaded
    /// <see cref="PairedPlan.Copies"/> times each; the first copy of each decides what can be paired.
    /// </summary>
    public static PairedResults Measure(IReadOnlyList<BuildRegistry> baseCopies, IReadOnlyList<BuildRegistry> headCopies, PairedPlan plan, string baseCommit, string headCommit,
        string machineKey, string runtime, IReadOnlyList<string> notes, Action<string> progress)
    {
        if (baseCopies.Count != plan.Copies || headCopies.Count != plan.Copies)
        {
            throw new ArgumentException($"the plan asks for {plan.Copies} copies a side, not {baseCopies.Count} and {headCopies.Count}");
        }

        var baseBuild = baseCopies[0];
        var head = headCopies[0];
        var cases = new List<PairedCaseRecord>();
        var notPaired = new List<NotPairedRecord>();
        foreach (var id in plan.Ids)
        {
            var headEntry = head.Find(id) ?? throw new InvalidOperationException($"{id} is not in the running harness's registry.");
            var baseEntry = baseBuild.Find(id);
            if (EntryReason(baseBuild, baseEntry, head, headEntry) is { } reason)
            {
                notPaired.Add(new NotPairedRecord { Id = id, Family = headEntry.Family, Reason = reason });
                progress($"{id}: not paired ({reason})");
                continue;
            }

            var paired = 0;
            foreach (var operation in BoundWorkload.OperationsOf(headEntry))
            {
                foreach (var size in plan.Sizes)
                {
                    var (record, why) = MeasureCase(
                        baseCopies.Select(b => b.Find(id)!).ToArray(), headCopies.Select(h => h.Find(id)!).ToArray(), operation, size, plan.Settings);
                    if (record is not null)
                    {
                        cases.Add(record);
                        paired++;
                    }
                    else
                    {
                        notPaired.Add(new NotPairedRecord { Id = id, Family = headEntry.Family, Operation = operation, SizeBytes = size, Reason = why! });
                        progress($"{id} {operation} {size} B: not paired ({why})");
                    }
                }
            }

            progress($"{id}: {paired} case(s) paired");
        }

        foreach (var entryCases in plan.PasswordCases.GroupBy(c => c.Id, StringComparer.Ordinal))
        {
            var id = entryCases.Key;
            var headEntry = head.Find(id) ?? throw new InvalidOperationException($"{id} is not in the running harness's registry.");
            if (EntryReason(baseBuild, baseBuild.Find(id), head, headEntry) is { } reason)
            {
                notPaired.Add(new NotPairedRecord { Id = id, Family = headEntry.Family, Reason = reason });
                progress($"{id}: not paired ({reason})");
                continue;
            }

            var paired = 0;
            foreach (var passwordCase in entryCases)
            {
                var (record, why) = MeasurePasswordCase(
                    baseCopies.Select(b => b.Find(id)!).ToArray(), headCopies.Select(h => h.Find(id)!).ToArray(), passwordCase.Operation, passwordCase.Set, plan.PasswordSettings);
                if (record is not null)
                {
                    cases.Add(record);
                    paired++;
                }
                else
                {
                    notPaired.Add(new NotPairedRecord { Id = id, Family = headEntry.Family, Operation = passwordCase.Operation, ParameterSet = passwordCase.Set.Name, Reason = why! });
                    progress($"{id} {passwordCase.Operation} {passwordCase.Set.Name}: not paired ({why})");
                }
            }

            progress($"{id}: {paired} password case(s) paired");
        }

        var sets = plan.PasswordCases.Select(c => c.Set).DistinctBy(s => s.Name).ToArray();
        return new PairedResults
        {
            MachineKey = machineKey,
            Runtime = runtime,
            Utc = DateTimeOffset.UtcNow,
            BaseCommit = baseCommit,
            HeadCommit = headCommit,
            Rounds = plan.Settings.Rounds,
            BatchMs = plan.Settings.BatchTime.TotalMilliseconds,
            ParameterSets = sets.Length > 0 ? sets.Select(RunDescription.ParameterSet).ToArray() : null,
            Notes = notes,
            Cases = cases,
            NotPaired = notPaired,
        };
    }

    /// <summary>Why the entry as a whole cannot be paired, or null when its cases can be tried.</summary>
    public static string? EntryReason(BuildRegistry baseBuild, BuildEntry? baseEntry, BuildRegistry head, BuildEntry headEntry)
    {
        if (baseEntry is null)
        {
            return "not in the base";
        }

        if (headEntry.Support is { IsSupported: false } headSupport)
        {
            return Clean($"not supported here: {headSupport.Reason}");
        }

        if (baseEntry.Support is { IsSupported: false } baseSupport)
        {
            return Clean($"the base's entry is not supported here: {baseSupport.Reason}");
        }

        try
        {
            if (ContractDifference(baseEntry, headEntry) is { } difference)
            {
                return $"contract changed: {difference}";
            }
        }
        catch (ContractChangedException e)
        {
            return Clean($"contract changed: {e.Message}");
        }

        return ProviderDifference(baseBuild, baseEntry, head, headEntry);
    }

    /// <summary>
    /// Whether the provider's code is the same kind of thing in both builds and, for a package, the same version. The
    /// version line's first word names the package (<c>BouncyCastle.Cryptography 2.7.0, …</c>); each build's version is
    /// read from its own deps.json, since the version line of an entry loaded beside the head reads the head's.
    /// </summary>
    public static string? ProviderDifference(BuildRegistry baseBuild, BuildEntry baseEntry, BuildRegistry head, BuildEntry headEntry)
    {
        var line = headEntry.ProviderVersion;
        if (line.StartsWith(".NET ", StringComparison.Ordinal))
        {
            // The runtime's own cryptography: one runtime in one process, the same for both builds.
            return null;
        }

        var package = line.Split(' ', 2)[0];
        var inHead = head.Packages.GetValueOrDefault(package);
        var inBase = baseBuild.Packages.GetValueOrDefault(package);
        if (inHead is null && inBase is null)
        {
            return IsProject(head, package) && IsProject(baseBuild, package)
                ? null
                : NativeDifference(baseBuild.NativeLibraries, head.NativeLibraries) is { } native
                ? Clean($"provider {headEntry.Provider} ({line}) is a native library found from the running program's folder, so the base would run the head's copy, and {native}")
                : null;
        }

        return inHead == inBase ? null : $"package {package} {inBase ?? "absent"} in base, {inHead ?? "absent"} in head";
    }

    /// <summary>
    /// Why the native libraries beside the two builds cannot stand for each other, or null when they are the same bytes
    /// under the same names. A provider that is neither a package nor our code (our Rust shims, a distribution's library)
    /// is loaded by both sides from the running program's folder, else from the system's path: the same library either
    /// way, so its two adapters can be paired when the base's folder holds what the head's does. Every library there is
    /// compared, not only the provider's own: which file a provider loads is its code's business, not the harness's.
    /// </summary>
    public static string? NativeDifference(IReadOnlyDictionary<string, string> baseLibraries, IReadOnlyDictionary<string, string> headLibraries)
    {
        var differing = headLibraries
            .Where(h => baseLibraries.GetValueOrDefault(h.Key) != h.Value)
            .Select(h => baseLibraries.ContainsKey(h.Key) ? $"{h.Key} differs between the builds" : $"{h.Key} is not in the base's folder")
            .Concat(baseLibraries.Keys.Where(b => !headLibraries.ContainsKey(b)).Select(b => $"{b} is only in the base's folder"))
            .Order(StringComparer.Ordinal)
            .ToArray();
        return differing.Length == 0 ? null : string.Join("; ", differing);
    }

    /// <summary>Our own code (<c>CryptoHarness.Managed</c>): a project of the build, not a package; its version line names the project.</summary>
    private static bool IsProject(BuildRegistry build, string name) => build.Projects.Contains(name);

    private static string? ContractDifference(BuildEntry baseEntry, BuildEntry headEntry)
    {
        if (baseEntry.Kind != headEntry.Kind)
        {
            return $"kind {baseEntry.Kind} in base, {headEntry.Kind} in head";
        }

        var sizes = new (string Name, Func<BuildEntry, string> Of)[]
        {
            ("key bytes", e => e.KeyBytes.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            ("nonce bytes", e => e.NonceBytes.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            ("tag bytes", e => e.TagBytes.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            ("output bytes", e => e.Kind is "Hash" or "Mac" ? e.OutputBytes.ToString(System.Globalization.CultureInfo.InvariantCulture) : ""),
            ("XOF output lengths", e => string.Join(",", e.Kind == "Xof" ? e.BenchmarkOutputs : [])),
        };
        return sizes.Select(s => (s.Name, Base: s.Of(baseEntry), Head: s.Of(headEntry)))
            .Where(s => s.Base != s.Head)
            .Select(s => $"{s.Name} {s.Base} in base, {s.Head} in head")
            .FirstOrDefault();
    }

    /// <summary>One one-shot case: every copy bound at the payload size, checked and timed by <see cref="MeasureCopies"/>.</summary>
    public static (PairedCaseRecord? Record, string? Reason) MeasureCase(IReadOnlyList<BuildEntry> baseEntries, IReadOnlyList<BuildEntry> headEntries, string operation, int size, InterleavingSettings settings) =>
        MeasureCopies(baseEntries, headEntries, entry => BoundWorkload.Create(entry, operation, size), settings) switch
        {
            ({ } timed, _) => (Record(headEntries[0], operation, timed, Enumerable.Max) with { SizeBytes = size }, null),
            (_, var reason) => (null, reason),
        };

    /// <summary>
    /// One password-hash case: where both builds' entries run the set for this operation (each build asked in its own
    /// types), every copy bound at the set (a verify against one string, made by the head's first copy), checked to
    /// compute what the head's first copy does, and timed as <see cref="MeasureCase"/> times a one-shot case.
    /// </summary>
    public static (PairedCaseRecord? Record, string? Reason) MeasurePasswordCase(
        IReadOnlyList<BuildEntry> baseEntries, IReadOnlyList<BuildEntry> headEntries, string operation, PasswordParameterSet set, InterleavingSettings settings)
    {
        var inputs = PasswordInputs.InputsOf(operation);
        try
        {
            foreach (var (entry, side) in new[] { (headEntries[0], "the head's entry"), (baseEntries[0], "the base's entry") })
            {
                if (entry.PasswordSupport(set.Parameters, inputs) is { IsSupported: false } support)
                {
                    var described = set.Name == set.Parameters.Compact() ? set.Name : $"{set.Name} ({set.Parameters.Compact()})";
                    return (null, Clean($"{side} cannot run {described}: {support.Reason}"));
                }
            }
        }
        catch (ContractChangedException e)
        {
            return (null, Clean($"contract changed: {e.Message}"));
        }

        string? encoded;
        try
        {
            encoded = BoundPasswordWorkload.ReferenceString(headEntries[0], operation, set.Parameters);
        }
        catch (ContractChangedException e)
        {
            return (null, Clean($"contract changed: {e.Message}"));
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return (null, Clean($"the head's call failed: {e.GetType().Name}: {e.Message}"));
        }

        return MeasureCopies(baseEntries, headEntries, entry => BoundPasswordWorkload.Create(entry, operation, set.Parameters, encoded), settings) switch
        {
            // Allocation: the least of every copy's least over its rounds. A copy's figure is already the least over its
            // rounds, so an allocation that lands in one batch is not charged; with three rounds that is not enough for a
            // provider whose allocation varies from call to call (Isopoh: 100 MiB a hash, give or take 392 B, which read as
            // a regression in an A/A pair). A real increase is in every call of every copy of the head, so the least shows it.
            ({ } timed, _) => (Record(headEntries[0], operation, timed, Enumerable.Min) with { ParameterSet = set.Name }, null),
            (_, var reason) => (null, reason),
        };
    }

    /// <summary>Every copy's rounds, base copies first, as the interleaved loop measured them.</summary>
    private sealed record TimedCopies(IReadOnlyList<SideRounds> Base, IReadOnlyList<SideRounds> Head);

    /// <summary>Binds every copy, checks that all agree with the head's first copy, then times them all in the same interleaved rounds.</summary>
    private static (TimedCopies? Timed, string? Reason) MeasureCopies(
        IReadOnlyList<BuildEntry> baseEntries, IReadOnlyList<BuildEntry> headEntries, Func<BuildEntry, BoundWorkload> create, InterleavingSettings settings)
    {
        BoundWorkload[] baseWorkloads, headWorkloads;
        try
        {
            baseWorkloads = baseEntries.Select(create).ToArray();
            headWorkloads = headEntries.Select(create).ToArray();
        }
        catch (ContractChangedException e)
        {
            return (null, Clean($"contract changed: {e.Message}"));
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return (null, Clean($"preparing the call failed: {e.GetType().Name}: {e.Message}"));
        }

        var checkNs = new Dictionary<BoundWorkload, double>();
        if (CopiesDiffer(baseWorkloads, headWorkloads, checkNs) is { } changed)
        {
            return (null, changed);
        }

        // Under WarmupFromFirstCall (password hashes) the check's call stands for the first calibrating call: a hash of
        // milliseconds is one call a batch, and calling each of 16 copies once more to learn that cost a sixth of a case.
        var copies = baseWorkloads.Length;
        InterleavedSide Side(BoundWorkload workload, string name) =>
            new(name, workload.Run) { CalledOnceNs = settings.WarmupFromFirstCall ? checkNs[workload] : null };
        var table = InterleavedRounds.Measure(
            [
                .. baseWorkloads.Select((w, i) => Side(w, $"base {i + 1}")),
                .. headWorkloads.Select((w, i) => Side(w, $"head {i + 1}")),
            ],
            settings);
        return (new TimedCopies(table.Sides.Take(copies).ToArray(), table.Sides.Skip(copies).ToArray()), null);
    }

    /// <summary>
    /// A timed case's record, its size or parameter set for the caller to set; a side's allocation is
    /// <paramref name="allocated"/> over its copies' figures (the most for one-shot cases, the least for password hashes).
    /// </summary>
    private static PairedCaseRecord Record(BuildEntry head, string operation, TimedCopies timed, Func<IEnumerable<long>, long> allocated)
    {
        var copies = timed.Base.Count;
        return new PairedCaseRecord
        {
            Id = head.Id,
            Family = head.Family,
            Operation = operation,
            SizeBytes = 0,
            BaseNs = PairedCopies.PerRoundGeometricMean(timed.Base.Select(s => s.NanosecondsPerCall).ToArray()),
            HeadNs = PairedCopies.PerRoundGeometricMean(timed.Head.Select(s => s.NanosecondsPerCall).ToArray()),
            BaseCopiesNs = copies > 1 ? timed.Base.Select(s => s.NanosecondsPerCall).ToArray() : null,
            HeadCopiesNs = copies > 1 ? timed.Head.Select(s => s.NanosecondsPerCall).ToArray() : null,
            BaseAllocatedBytes = allocated(timed.Base.Select(s => s.AllocatedBytesPerCall)),
            HeadAllocatedBytes = allocated(timed.Head.Select(s => s.AllocatedBytesPerCall)),
        };
    }

    /// <summary>One call of each on the same input: a throw or outputs that disagree mean the two are not the same computation.</summary>
    public static string? OutputDifference(BoundWorkload baseWorkload, BoundWorkload headWorkload) =>
        CopiesDiffer([baseWorkload], [headWorkload]);

    /// <summary>
    /// Exactly one call of every copy, each compared with the head's first copy's output (<see cref="BoundWorkload.Agrees"/>). One call each, not one per
    /// comparison: an encryption takes a new nonce per call, so a copy called twice writes another ciphertext, which
    /// read as "output changed" for every AEAD once copies were compared pairwise with the same first copy.
    /// </summary>
    public static string? CopiesDiffer(IReadOnlyList<BoundWorkload> baseWorkloads, IReadOnlyList<BoundWorkload> headWorkloads) =>
        CopiesDiffer(baseWorkloads, headWorkloads, new Dictionary<BoundWorkload, double>());

    /// <inheritdoc cref="CopiesDiffer(IReadOnlyList{BoundWorkload}, IReadOnlyList{BoundWorkload})"/>
    /// <param name="callNs">Filled with each workload's one call, in nanoseconds.</param>
    private static string? CopiesDiffer(IReadOnlyList<BoundWorkload> baseWorkloads, IReadOnlyList<BoundWorkload> headWorkloads, Dictionary<BoundWorkload, double> callNs)
    {
        var reference = headWorkloads[0];
        if (RunOnce(reference, "head", callNs) is { } failed)
        {
            return failed;
        }

        foreach (var (workload, side) in baseWorkloads.Select(w => (w, "base")).Concat(headWorkloads.Skip(1).Select(w => (w, "head"))))
        {
            if (RunOnce(workload, side, callNs) is { } copyFailed)
            {
                return copyFailed;
            }

            if (!workload.Agrees(reference))
            {
                return "output changed: the base and the head wrote different bytes for the same input";
            }
        }

        return null;
    }

    private static string? RunOnce(BoundWorkload workload, string side, Dictionary<BoundWorkload, double> callNs)
    {
        try
        {
            var started = System.Diagnostics.Stopwatch.GetTimestamp();
            workload.Run();
            callNs[workload] = System.Diagnostics.Stopwatch.GetElapsedTime(started).TotalNanoseconds;
            return null;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return Clean($"the {side}'s call failed: {e.GetType().Name}: {e.Message}");
        }
    }

    /// <summary>A reason as one short line of plain text: it goes into a results file and a comment.</summary>
    private static string Clean(string reason)
    {
        var line = new string(reason.Select(c => char.IsControl(c) || char.GetUnicodeCategory(c) == System.Globalization.UnicodeCategory.Format ? ' ' : c).ToArray());
        return line.Length <= MaxReasonLength ? line : line[..(MaxReasonLength - 1)] + "…";
    }
}
