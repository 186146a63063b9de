using System.CommandLine;
using System.CommandLine.Parsing;
using CryptoHarness.Running;

namespace CryptoHarness.Cli;

/// <summary>
/// The options more than one command takes, each declared once with its parser. A parser turns the text into the value
/// the handler needs or refuses it with the owning type's own message (one line naming the value and the valid choices),
/// so a handler never sees an unparsed string and no list of valid values is repeated here.
/// </summary>
internal static class HarnessOptions
{
    public static Option<string?> Family() => new("--family")
    {
        Description = "Families or algorithms, comma-separated, exact and case-insensitive (see 'harness list').",
        HelpName = "F[,F…]",
    };

    public static Option<string?> Algorithm() => new("--algorithm") { Description = "One algorithm by exact name.", HelpName = "A" };

    public static Option<string?> Provider() => new("--provider") { Description = "One provider by key.", HelpName = "P" };

    public static Option<bool> Json() => new("--json") { Description = "Print JSON instead of a table." };

    public static Option<IReadOnlyList<int>?> Sizes() => Parsed("--sizes", $"Payload sizes, comma-separated, plain or with KiB/MiB/GiB (default {string.Join(",", PayloadSizes.Default.Select(PayloadSizes.Text))}).", "128,1KiB,…",
        text => PayloadSizes.ParseList(text, "--sizes"));

    public static Option<EmulatedLevel?> Isa() => Parsed("--isa",
        $"Run again hiding the instruction sets above this level: {string.Join(", ", InstructionSetEmulation.Names)}.", "LEVEL",
        text => InstructionSetEmulation.Levels.FirstOrDefault(l => l.Name == text)
            ?? throw new UsageException($"Unknown --isa '{text}'. Valid levels: {string.Join(", ", InstructionSetEmulation.Names)}."));

    public static Option<IReadOnlyList<PasswordParameterSet>?> Argon2Set() => Parsed("--argon2-set",
        $"Named Argon2 parameter sets, comma-separated, or all: {string.Join(", ", PasswordParameterSets.Argon2.Select(s => s.Name))}.", "NAME[,NAME…]|all",
        PasswordPlan.NamedArgon2Sets);

    public static Option<IReadOnlyList<PasswordParameterSet>?> Argon2() => Parsed("--argon2",
        "Your own Argon2 sets, semicolon-separated: m=KiB,t=passes,p=lanes[,len=tag bytes].", "\"m=65536,t=4,p=1[,len=32];…\"",
        PasswordPlan.CustomArgon2Sets);

    public static Option<IReadOnlyList<PasswordParameterSet>?> BcryptCost() => Parsed("--bcrypt-cost",
        $"bcrypt costs, comma-separated, 4 to 31 (default {string.Join(",", PasswordParameterSets.Bcrypt.Select(s => s.Parameters.Cost))}).", "10,12",
        PasswordParameterSets.ParseBcryptCosts);

    public static Option<JobPreset?> Job() => Parsed("--job",
        $"The BenchmarkDotNet job (default {JobPreset.Quick.Name}): {string.Join("; ", JobPreset.All.Select(j => $"{j.Name}, {j.Description}"))}.",
        string.Join("|", JobPreset.All.Select(j => j.Name)),
        name => JobPreset.All.FirstOrDefault(j => j.Name == name)
            ?? throw new UsageException($"Unknown job '{name}'. Valid jobs: {string.Join(", ", JobPreset.All.Select(j => j.Name))}."));

    public static Option<string?> Results(string description) => new("--results") { Description = description, HelpName = "DIR" };

    /// <summary>Where a measuring command (<c>run</c>, <c>leaks</c>) puts its run folders.</summary>
    public static Option<string?> RunFolders() => Results("Where run folders go (default artifacts/results in the repository).");

    /// <summary>
    /// The output folder, made absolute where it is parsed: every writer joins file names to it, and a relative folder
    /// joined under itself again once put the data in <c>&lt;out&gt;/&lt;out&gt;/data</c>.
    /// </summary>
    public static Option<string?> Out(string description) => Parsed("--out", description, "DIR", text =>
        text.Length > 0 && !text.Contains('\0', StringComparison.Ordinal)
            ? Path.GetFullPath(text)
            : throw new UsageException($"Invalid --out '{text}'. Valid: a folder path."));

    public static Option<string?> Templates() => new("--templates") { Description = "Templates folder (default: the templates shipped with the harness); a template it lacks is the shipped one.", HelpName = "DIR" };

    public static Option<bool> Verbose() => new("--verbose") { Description = "Show BenchmarkDotNet's own log on the console." };

    /// <inheritdoc cref="ParsedOption.Create"/>
    public static Option<T?> Parsed<T>(string name, string description, string helpName, Func<string, T> parse) =>
        ParsedOption.Create(name, description, helpName, parse);
}
