using System.CommandLine;

namespace CryptoHarness.Cli;

/// <summary>The filters <c>--family</c>, <c>--algorithm</c> and <c>--provider</c> of one command.</summary>
internal sealed class Filters
{
    private readonly Option<string?> _family = HarnessOptions.Family();
    private readonly Option<string?> _algorithm = HarnessOptions.Algorithm();
    private readonly Option<string?> _provider = HarnessOptions.Provider();

    /// <summary>First among the command's options, as the help lists them.</summary>
    public void AddTo(Command command)
    {
        command.Options.Insert(0, _family);
        command.Options.Insert(1, _algorithm);
        command.Options.Insert(2, _provider);
    }

    public IReadOnlyList<IImplementation> Select(ParseResult parsed) =>
        ImplementationSelection.Select(parsed.GetValue(_family), parsed.GetValue(_algorithm), parsed.GetValue(_provider));
}
