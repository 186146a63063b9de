using System.Globalization;
using System.Xml.Linq;

namespace CryptoHarness.Reporting;

/// <summary>One line of a chart: a legend label and its points, x ascending.</summary>
public sealed record ChartSeries(string Label, IReadOnlyList<(double X, double Y)> Points);

/// <summary>A vertical marker at one x (a crossover of two providers), with a short label.</summary>
public sealed record ChartMarker(double X, string Label);

/// <summary>
/// A line chart as a standalone SVG file, for pages read both on GitHub (which shows an SVG image but no Mermaid legend)
/// and in the DocFX site (which copies the file as a resource). The x axis is logarithmic, base 2, because payload
/// sizes double from tick to tick (128 B to 128 KiB is ten doublings); the y axis is linear from zero, so heights
/// compare as ratios. Output is deterministic: fixed palette, invariant numbers, no timestamps.
/// </summary>
public static partial class SvgChart
{
    private static readonly XNamespace Svg = "http://www.w3.org/2000/svg";

    /// <summary>Tableau 10: distinguishable on white and for the common colour-vision deficiencies.</summary>
    private static readonly string[] Palette =
    [
        "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
    ];

    /// <summary>Dash patterns cycled with the colours, so an eleventh series (or a grey-scale print) still differs.</summary>
    private static readonly string[] Dashes = ["", "6 3", "2 3", "8 3 2 3"];

    private const string MarkerColor = "#777777";

    /// <summary>
    /// The width and height an SVG declares on its root (every chart here declares both), for the <c>&lt;img&gt;</c>
    /// that shows it; 0 for one that declares none, so a page never claims a size the image does not have.
    /// </summary>
    public static (int Width, int Height) SizeOf(string svg)
    {
        var root = XElement.Parse(svg);
        static int Dimension(XAttribute? attribute) =>
            int.TryParse(attribute?.Value, NumberStyles.None, CultureInfo.InvariantCulture, out var value) ? value : 0;
        return (Dimension(root.Attribute("width")), Dimension(root.Attribute("height")));
    }

    private const int Width = 720;
    private const int PlotLeft = 78;
    private const int PlotRight = Width - 24;
    private const int PlotTop = 40;
    private const int PlotBottom = 300;
    private const int LegendRowHeight = 20;
    private const int LegendColumns = 2;

    /// <param name="title">The chart's heading, also its accessible title.</param>
    /// <param name="xLabel">Text under the x axis.</param>
    /// <param name="yLabel">Text beside the y axis.</param>
    /// <param name="xTickLabel">How an x value is labelled at its tick (every distinct x gets one).</param>
    /// <param name="colorOf">Palette slot per series label, so one provider keeps one colour across a run's charts.</param>
    /// <param name="markers">Vertical markers inside the x range of the points, drawn under the lines; none by default.</param>
    public static string LogXLine(string title, string xLabel, string yLabel, IReadOnlyList<ChartSeries> series,
        Func<double, string> xTickLabel, Func<string, int> colorOf, IReadOnlyList<ChartMarker>? markers = null)
    {
        var xs = series.SelectMany(s => s.Points.Select(p => p.X)).Where(x => x > 0).Distinct().Order().ToArray();
        var yMax = NiceCeiling(series.SelectMany(s => s.Points.Select(p => p.Y)).DefaultIfEmpty(1).Max());
        var legendRows = (series.Count + LegendColumns - 1) / LegendColumns;
        var height = PlotBottom + 56 + legendRows * LegendRowHeight + 8;

        double X(double x) => xs.Length <= 1
            ? (PlotLeft + PlotRight) / 2.0
            : PlotLeft + (Math.Log2(x) - Math.Log2(xs[0])) / (Math.Log2(xs[^1]) - Math.Log2(xs[0])) * (PlotRight - PlotLeft);
        double Y(double y) => PlotBottom - y / yMax * (PlotBottom - PlotTop);

        var root = Canvas(height, title);

        var ticks = 5;
        for (var i = 0; i <= ticks; i++)
        {
            var value = yMax * i / ticks;
            root.Add(Line(PlotLeft, Y(value), PlotRight, Y(value), i == 0 ? "#333333" : "#e0e0e0"));
            root.Add(Text(PlotLeft - 6, Y(value) + 4, value.ToString("#,0.##", CultureInfo.InvariantCulture), "end"));
        }

        foreach (var x in xs)
        {
            root.Add(Line(X(x), PlotTop, X(x), PlotBottom, "#f0f0f0"));
            root.Add(Line(X(x), PlotBottom, X(x), PlotBottom + 4, "#333333"));
            root.Add(Text(X(x), PlotBottom + 18, xTickLabel(x), "middle"));
        }

        // Labels step down from the top of the plot so markers close together stay readable; a label turns left of
        // its marker in the right half so it stays inside the chart.
        foreach (var (marker, i) in (markers ?? []).Where(m => xs.Length > 1 && m.X >= xs[0] && m.X <= xs[^1]).Select((m, i) => (m, i)))
        {
            var x = X(marker.X);
            var rule = Line(x, PlotTop, x, PlotBottom, MarkerColor);
            rule.Add(new XAttribute("stroke-dasharray", "4 3"));
            var right = x < (PlotLeft + PlotRight) / 2.0;
            var label = Text(right ? x + 4 : x - 4, PlotTop + 12 + (i * 14), marker.Label, right ? "start" : "end", size: 10);
            root.Add(new XElement(Svg + "g", new XAttribute("class", "marker"), new XAttribute("data-x", Number(marker.X)),
                new XElement(Svg + "title", marker.Label), rule, label));
        }

        root.Add(Line(PlotLeft, PlotTop, PlotLeft, PlotBottom, "#333333"));
        root.Add(Text((PlotLeft + PlotRight) / 2.0, PlotBottom + 38, xLabel, "middle"));
        root.Add(new XElement(Svg + "text", new XAttribute("transform", FormattableString.Invariant($"translate(16 {(PlotTop + PlotBottom) / 2.0:0.##}) rotate(-90)")),
            new XAttribute("text-anchor", "middle"), new XAttribute("fill", "#333333"), yLabel));

        var legendTop = PlotBottom + 56;
        var columnWidth = (PlotRight - PlotLeft) / LegendColumns;
        for (var i = 0; i < series.Count; i++)
        {
            var s = series[i];
            var slot = colorOf(s.Label);
            var color = Palette[slot % Palette.Length];
            var dash = Dashes[slot / Palette.Length % Dashes.Length];
            var points = s.Points.Where(p => p.X > 0).OrderBy(p => p.X).ToArray();
            var group = new XElement(Svg + "g", new XAttribute("class", "series"), new XAttribute("data-label", s.Label));
            var polyline = new XElement(Svg + "polyline",
                new XAttribute("points", string.Join(" ", points.Select(p => Point(X(p.X), Y(p.Y))))),
                new XAttribute("fill", "none"), new XAttribute("stroke", color), new XAttribute("stroke-width", 2));
            if (dash.Length > 0)
            {
                polyline.Add(new XAttribute("stroke-dasharray", dash));
            }

            group.Add(polyline);
            foreach (var p in points)
            {
                group.Add(new XElement(Svg + "circle", new XAttribute("cx", Number(X(p.X))), new XAttribute("cy", Number(Y(p.Y))),
                    new XAttribute("r", 3), new XAttribute("fill", color),
                    new XElement(Svg + "title", $"{s.Label}: {p.Y.ToString("#,0.#", CultureInfo.InvariantCulture)} at {xTickLabel(p.X)}")));
            }

            root.Add(group);

            var lx = PlotLeft + i % LegendColumns * columnWidth;
            var ly = legendTop + i / LegendColumns * LegendRowHeight;
            var swatch = Line(lx, ly, lx + 24, ly, color);
            swatch.SetAttributeValue("stroke-width", 3);
            if (dash.Length > 0)
            {
                swatch.Add(new XAttribute("stroke-dasharray", dash));
            }

            root.Add(new XElement(Svg + "g", new XAttribute("class", "legend"), swatch, Text(lx + 30, ly + 4, s.Label, "start")));
        }

        return new XDocument(root).ToString() + "\n";
    }

    /// <summary>The smallest 1, 2, 2.5 or 5 × 10^k at or above <paramref name="value"/>, so axis ticks are round.</summary>
    public static double NiceCeiling(double value)
    {
        if (value <= 0 || double.IsNaN(value) || double.IsInfinity(value))
        {
            return 1;
        }

        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(value)));
        foreach (var step in new[] { 1, 2, 2.5, 5, 10 })
        {
            if (step * magnitude >= value)
            {
                return step * magnitude;
            }
        }

        return 10 * magnitude;
    }

    private static XElement Line(double x1, double y1, double x2, double y2, string stroke) =>
        new(Svg + "line", new XAttribute("x1", Number(x1)), new XAttribute("y1", Number(y1)), new XAttribute("x2", Number(x2)),
            new XAttribute("y2", Number(y2)), new XAttribute("stroke", stroke));

    /// <summary>Every chart's frame: its size, font, title (for screen readers, and drawn at the top) and background.</summary>
    private static XElement Canvas(int height, string title) =>
        new(Svg + "svg",
            new XAttribute("width", Width), new XAttribute("height", height),
            new XAttribute("viewBox", $"0 0 {Width} {height}"),
            new XAttribute("font-family", "Segoe UI, Helvetica, Arial, sans-serif"), new XAttribute("font-size", 12),
            new XAttribute("role", "img"),
            new XElement(Svg + "title", title),
            // An opaque background: GitHub's dark theme would otherwise draw black text on near-black.
            new XElement(Svg + "rect", new XAttribute("width", "100%"), new XAttribute("height", "100%"), new XAttribute("fill", "#ffffff")),
            Text(Width / 2.0, 22, title, "middle", 14, bold: true));

    private static XElement Text(double x, double y, string text, string anchor, int size = 12, bool bold = false)
    {
        var element = new XElement(Svg + "text", new XAttribute("x", Number(x)), new XAttribute("y", Number(y)),
            new XAttribute("text-anchor", anchor), new XAttribute("fill", "#333333"), text);
        if (size != 12)
        {
            element.Add(new XAttribute("font-size", size));
        }

        if (bold)
        {
            element.Add(new XAttribute("font-weight", "bold"));
        }

        return element;
    }

    private static string Point(double x, double y) => $"{Number(x)},{Number(y)}";

    private static string Number(double value) => value.ToString("0.##", CultureInfo.InvariantCulture);
}
