using System.CommandLine;
using CryptoHarness.Running;

namespace CryptoHarness.Scenarios;

/// <summary>
/// A scenario's own options, declared in its folder with their parsing and help: <c>harness run</c> adds every
/// registered scenario's, and hands the parse result to the chosen scenario's, whose settings the run carries
/// (<see cref="RunPlan.Settings"/>). A value that does not parse is one line and exit 2, as every option's.
/// </summary>
public abstract class ScenarioOptions
{
    /// <summary>The options, as <c>run --help</c> lists them.</summary>
    public abstract IReadOnlyList<Option> Options { get; }

    /// <summary>The settings the options give (each option's default where it is not given).</summary>
    public abstract ScenarioSettings Settings(ParseResult parsed);
}
