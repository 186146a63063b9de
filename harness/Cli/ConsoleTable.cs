using Spectre.Console;

namespace CryptoHarness.Cli;

/// <summary>
/// A table for the terminal: drawn by Spectre.Console when a person is watching, plain aligned columns when the output
/// is redirected or <c>CI=true</c>, so logs, pipes and tests read the same text every time.
/// </summary>
internal sealed class ConsoleTable(IReadOnlyList<string> headers)
{
    private readonly List<IReadOnlyList<string>> _rows = [];

    public void Add(params IReadOnlyList<string> cells) => _rows.Add(cells);

    public void WriteTo(HarnessConsole console)
    {
        if (console.Interactive)
        {
            WriteDrawn(console.Out);
        }
        else
        {
            WritePlain(console.Out);
        }
    }

    private void WriteDrawn(TextWriter writer)
    {
        var table = new Table().Border(TableBorder.Rounded);
        foreach (var header in headers)
        {
            table.AddColumn(new TableColumn(Markup.Escape(header)));
        }

        foreach (var row in _rows)
        {
            // Cells are data (ids, reasons with brackets), never markup.
            table.AddRow(row.Select(cell => (Spectre.Console.Rendering.IRenderable)new Text(cell)).ToArray());
        }

        AnsiConsole.Create(new AnsiConsoleSettings { Out = new AnsiConsoleOutput(writer) }).Write(table);
    }

    private void WritePlain(TextWriter writer)
    {
        var widths = headers.Select((h, i) => Math.Max(h.Length, _rows.Count == 0 ? 0 : _rows.Max(r => r[i].Length))).ToArray();
        writer.WriteLine(string.Join("  ", headers.Select((h, i) => h.PadRight(widths[i]))).TrimEnd());
        writer.WriteLine(string.Join("  ", widths.Select(w => new string('-', w))));
        foreach (var row in _rows)
        {
            writer.WriteLine(string.Join("  ", row.Select((c, i) => c.PadRight(widths[i]))).TrimEnd());
        }
    }
}
