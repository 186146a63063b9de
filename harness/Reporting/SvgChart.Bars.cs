using System.Globalization;
using System.Xml.Linq;

namespace CryptoHarness.Reporting;

/// <summary>One bar: its label, its value, and the palette slot of its provider.</summary>
public sealed record ChartBar(string Label, double Value, int ColorSlot);

public static partial class SvgChart
{
    private const int BarHeight = 18;
    private const int BarGap = 6;
    private const int BarLabelWidth = 230;

    /// <summary>
    /// Horizontal bars from a zero baseline, in the order given (the caller sorts them), each labelled with its value:
    /// the password-hash charts, where one parameter set is one point per provider and a log-size x axis means nothing.
    /// </summary>
    public static string HorizontalBars(string title, string valueLabel, IReadOnlyList<ChartBar> bars, Func<double, string> valueText)
    {
        var left = BarLabelWidth;
        var right = PlotRight - 70; // room for the value printed after the longest bar
        var top = PlotTop;
        var bottom = top + (bars.Count * (BarHeight + BarGap));
        var height = bottom + 48;
        var max = NiceCeiling(bars.Select(b => b.Value).DefaultIfEmpty(1).Max());
        double X(double value) => left + (value / max * (right - left));

        var root = Canvas(height, title);

        const int ticks = 5;
        for (var i = 0; i <= ticks; i++)
        {
            var value = max * i / ticks;
            root.Add(Line(X(value), top - 4, X(value), bottom, i == 0 ? "#333333" : "#e0e0e0"));
            root.Add(Text(X(value), bottom + 16, value.ToString("#,0.##", CultureInfo.InvariantCulture), "middle"));
        }

        root.Add(Text((left + right) / 2.0, bottom + 36, valueLabel, "middle"));
        for (var i = 0; i < bars.Count; i++)
        {
            var bar = bars[i];
            var y = top + (i * (BarHeight + BarGap));
            var color = Palette[bar.ColorSlot % Palette.Length];
            root.Add(new XElement(Svg + "g", new XAttribute("class", "bar"), new XAttribute("data-label", bar.Label),
                Text(left - 8, y + 13, bar.Label, "end"),
                new XElement(Svg + "rect", new XAttribute("x", Number(left)), new XAttribute("y", Number(y)),
                    new XAttribute("width", Number(Math.Max(1, X(bar.Value) - left))), new XAttribute("height", BarHeight), new XAttribute("fill", color),
                    new XElement(Svg + "title", $"{bar.Label}: {valueText(bar.Value)}")),
                Text(X(bar.Value) + 6, y + 13, valueText(bar.Value), "start")));
        }

        return new XDocument(root).ToString() + "\n";
    }
}
