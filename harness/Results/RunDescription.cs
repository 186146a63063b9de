namespace CryptoHarness.Results;

/// <summary>How a run, its algorithms, parameter sets and failures are recorded in <c>summary.json</c>.</summary>
public static class RunDescription
{
    public static RunInfo Run(IReadOnlyList<IImplementation> selected, string jobName, string jobDescription, string root, DateTimeOffset started)
    {
        var cpu = MachineInfo.CpuName();
        var level = MachineInfo.InstructionSetLevel();
        var runtime = MachineInfo.Runtime();
        var clock = MachineInfo.ClockRate();
        return new RunInfo
        {
            MachineKey = MachineInfo.MachineKey(cpu, InstructionSetEmulation.KeyLevel(level), MachineInfo.OsKey(), runtime),
            Cpu = cpu,
            CpuIdentity = MachineInfo.CpuIdentity(),
            LogicalCores = Environment.ProcessorCount,
            InstructionSetLevel = level,
            IsaEmulatedOn = InstructionSetEmulation.Current is { } emulated && emulated.Level != emulated.Host ? emulated.Host : null,
            InstructionSets = MachineInfo.InstructionSets(),
            Os = MachineInfo.OsName(),
            Runtime = runtime,
            BenchmarkDotNet = typeof(BenchmarkDotNet.Running.BenchmarkRunner).Assembly.GetName().Version?.ToString(3) ?? "unknown",
            Packages = selected.Select(i => i.Provider).Distinct()
                .ToDictionary(p => p.Key, p => p.Version, StringComparer.Ordinal),
            CallingNotes = CallingNotes(selected),
            GitCommit = MachineInfo.GitCommit(root),
            Utc = started,
            LaunchId = Guid.NewGuid().ToString("N"),
            Job = jobName,
            JobDescription = jobDescription,
            CpuFrequencyHz = clock?.Hertz,
            CpuFrequencySource = clock?.Source,
            ProviderRoles = RecordedRoles.Record(selected.Select(i => i.Provider)),
            HighlightSizes = HighlightSizes.Default,
        };
    }

    /// <summary>The calling notes of the selection's providers that have one; null when none has.</summary>
    private static Dictionary<string, string>? CallingNotes(IEnumerable<IImplementation> selected)
    {
        var notes = selected.Select(i => i.Provider).Distinct().Where(p => p.CallingNote is not null)
            .ToDictionary(p => p.Key, p => p.CallingNote!, StringComparer.Ordinal);
        return notes.Count > 0 ? notes : null;
    }

    /// <summary>A kind as <c>algorithms[].kind</c> records it: <c>hash</c>, <c>xof</c>, <c>mac</c>, <c>aead</c>, <c>passwordhash</c>.</summary>
    public static string KindName(AlgorithmKind kind) => kind.ToString().ToLowerInvariant();

    /// <param name="associatedDataBytes">The associated data each timed operation passes, as the algorithm's kind declares it.</param>
    /// <param name="instructionSets">The run's machine spec (<see cref="RunInfo.InstructionSets"/>), which decides whether the
    /// algorithm's hardware note is recorded; null records none.</param>
    public static AlgorithmInfo Algorithm(Algorithm algorithm, int associatedDataBytes, IReadOnlyDictionary<string, bool>? instructionSets = null) => new()
    {
        Slug = algorithm.Slug,
        Name = algorithm.Name,
        Family = algorithm.Family,
        Kind = KindName(algorithm.Kind),
        OutputBytes = algorithm.OutputBytes,
        KeyBytes = algorithm.KeyBytes,
        NonceBytes = algorithm.NonceBytes,
        TagBytes = algorithm.TagBytes,
        AssociatedDataBytes = associatedDataBytes,
        Note = algorithm.Note,
        HardwareNote = algorithm.HardwareNote is { } note
            && note.Architecture == System.Runtime.InteropServices.RuntimeInformation.ProcessArchitecture
            && instructionSets?.GetValueOrDefault(note.InstructionSet) == true
                ? note.Text
                : null,
    };

    public static ParameterSetInfo ParameterSet(PasswordParameterSet set) => new()
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

    public static Failure Failure(IImplementation implementation, string reason) => new(implementation, reason);
}
