using System.CommandLine;
using System.Text.Json;
using CryptoHarness.Implementations;

namespace CryptoHarness.Cli.Commands;

/// <summary><c>harness list [filters] [--json]</c>: the registry, and whether each entry is supported here.</summary>
internal static class ListCommand
{
    private sealed record Entry(string Id, string Family, string Algorithm, string Provider, string Variant, bool Supported, string? Reason);

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
            var entries = selected.Select(i => new Entry(i.Id, i.Algorithm.Family, i.Algorithm.Name, i.Provider.Key, i.Variant, i.Support.IsSupported, i.Support.Reason));
            console.Out.WriteLine(JsonSerializer.Serialize(entries, Printed.Json));
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
