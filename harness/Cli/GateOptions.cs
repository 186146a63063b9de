using System.CommandLine;

namespace CryptoHarness.Cli;

/// <summary>
/// What the correctness gate is given, as <c>verify</c> and <c>run</c> take it: the filters, <c>--sizes</c>, the
/// password-hash costs, and <c>--isa</c>, which starts the whole command again at an emulated instruction-set level.
/// </summary>
internal sealed class GateOptions
{
    private readonly Option<IReadOnlyList<int>?> _sizes = HarnessOptions.Sizes();
    private readonly Option<EmulatedLevel?> _isa = HarnessOptions.Isa();

    public Filters Filters { get; } = new();

    public PasswordOptions Password { get; } = new();

    public void AddTo(Command command)
    {
        Filters.AddTo(command);
        command.Options.Add(_sizes);
        Password.AddTo(command);
        command.Options.Add(_isa);
    }

    public IReadOnlyList<int> Sizes(ParseResult parsed) => parsed.GetValue(_sizes) ?? PayloadSizes.Default;

    /// <summary>With <c>--isa</c> below this CPU's level, the exit code of the command run again at that level; else null.</summary>
    public int? RunAtIsaLevel(ParseResult parsed, HarnessConsole console) =>
        parsed.GetValue(_isa) is { } level ? IsaRelaunch.Run(level, parsed, console.Out, console.Error) : null;
}
