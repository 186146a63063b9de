using System.CommandLine;
using System.Text.Json;
using CryptoHarness.Running;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness list [filters] [--json]</c>: the registry, and whether each entry is supported here; with <c>--json</c>
/// also every family, job and scenario, so scripts take those names from the harness rather than keep their own.
/// </summary>
internal static class ListCommand
{
    private sealed record Entry(string Id, string Family, string Algorithm, string Provider, string Variant, bool Supported, string? Reason);

    /// <summary>A job or a scenario: the name the harness takes, and what it is.</summary>
    private sealed record Named(string Name, string Description);

    /// <param name="Implementations">The entries the filters select.</param>
    /// <param name="Families">Every family of the registry, whatever the filters.</param>
    private sealed record Listing(IReadOnlyList<Entry> Implementations, IReadOnlyList<string> Families, IReadOnlyList<Named> Jobs, IReadOnlyList<Named> Scenarios);

    public static Command Create(HarnessConsole console)
    {
        var filters = new Filters();
        var json = HarnessOptions.Json();
        var command = new Command("list", "The registry: id, family, algorithm, provider, variant, supported here and why not.") { json };
        filters.AddTo(command);
        command.SetAction(parsed => Run(filters.Select(parsed), parsed.GetValue(json), console));
        return command;
    }

    private static int Run(IReadOnlyList<IImplementation> selected, bool json, HarnessConsole console)
    {
        if (json)
        {
            var listing = new Listing(
                selected.Select(i => new Entry(i.Id, i.Algorithm.Family, i.Algorithm.Name, i.Provider.Key, i.Variant, i.Support.IsSupported, i.Support.Reason)).ToArray(),
                Registry.Families,
                JobPreset.All.Select(j => new Named(j.Name, j.Description)).ToArray(),
                ScenarioRegistry.All.Select(s => new Named(s.Name, s.Measurement.Description)).ToArray());
            console.Out.WriteLine(JsonSerializer.Serialize(listing, Printed.Json));
            return HarnessCli.Success;
        }

        var table = new ConsoleTable(["Id", "Family", "Algorithm", "Provider", "Variant", "Supported"]);
        foreach (var i in selected)
        {
            table.Add(i.Id, i.Algorithm.Family, i.Algorithm.Name, i.Provider.Key, i.Variant, i.Support.IsSupported ? "yes" : $"no: {i.Support.Reason}");
        }

        table.WriteTo(console);
        console.Out.WriteLine();
        console.Out.WriteLine($"Families: {string.Join(", ", Registry.Families)}");
        return HarnessCli.Success;
    }
}
