using System.Globalization;
using CryptoHarness.Comparing;
using CryptoHarness.Reporting;
using CryptoHarness.Results;

namespace CryptoHarness.Cli;

/// <summary>
/// <c>harness compare --base RUN [--base RUN…] --diff RUN [--diff RUN…] [--threshold 5%] [--noise 1ns] [--fdr 1%] [--allocation-threshold 0]
/// [--fail-on slower|never] [--out comment.md] [--allow-different-machines] [--require-all]</c>. Exit 1 when a case is slower
/// (with <c>--fail-on slower</c>) or, with <c>--require-all</c>, when a case was measured on one side only; exit 2 when no
/// case was measured on both sides, so a gate never passes having compared nothing.
/// </summary>
public static class CompareCommand
{
    public static int Run(Arguments arguments, TextWriter stdout)
    {
        var basePaths = arguments.Values("base");
        var diffPaths = arguments.Values("diff");
        if (basePaths.Count == 0)
        {
            throw new UsageException("compare needs --base <run folder or summary.json> (once per launch).");
        }

        if (diffPaths.Count == 0)
        {
            throw new UsageException("compare needs --diff <run folder or summary.json> (once per launch).");
        }
        var settings = new ComparisonSettings(
            Threshold: Percentage("threshold", arguments.Value("threshold") ?? "5%"),
            NoiseNs: Duration("noise", arguments.Value("noise") ?? "1ns"),
            FalseDiscoveryRate: Percentage("fdr", arguments.Value("fdr") ?? "1%"));
        var allocationThreshold = Bytes("allocation-threshold", arguments.Value("allocation-threshold") ?? "0");
        var failOn = arguments.Value("fail-on") ?? "slower";
        if (failOn is not ("slower" or "never"))
        {
            throw new UsageException($"Invalid --fail-on '{failOn}'. Valid: slower, never.");
        }

        var output = arguments.Value("out");
        if (output is not null)
        {
            OutputFolder.CheckFile(output, "out");
        }

        var comparison = RunComparison.Create(
            basePaths.Select(p => new Launch(SummaryFile.Load(p), p)).ToArray(),
            diffPaths.Select(p => new Launch(SummaryFile.Load(p), p)).ToArray(),
            settings, allocationThreshold, arguments.Has("allow-different-machines"));
        var stage = new ReportStage(arguments.Value("templates") ?? ReportStage.DefaultTemplatesDirectory);
        var comment = stage.RenderTemplate(ReportStage.ComparisonTemplate, ComparisonModel.Build(comparison));

        if (output is null)
        {
            stdout.Write(comment);
        }
        else
        {
            // The user's own path, checked up front (CheckFile); nothing in it comes from a results file.
            var path = Path.GetFullPath(output);
            AtomicFile.WriteAllText(path, comment);
            stdout.WriteLine(ComparisonModel.SummaryLine(comparison));
            stdout.WriteLine($"Wrote {path}");
        }

        var missing = comparison.OnlyInBase.Count + comparison.OnlyInDiff.Count;
        if (arguments.Has("require-all") && missing > 0)
        {
            stdout.WriteLine($"Missing cases fail the gate (--require-all): {comparison.OnlyInBase.Count} only in base, {comparison.OnlyInDiff.Count} only in diff.");
            return HarnessCommand.ImplementationFailed;
        }

        var regressed = comparison.Slower > 0 || comparison.AllocationRegressions > 0;
        return regressed && failOn == "slower" ? HarnessCommand.ImplementationFailed : HarnessCommand.Success;
    }

    /// <summary>"5%" or "5" → 0.05; must be above 0 and below 100%.</summary>
    private static double Percentage(string option, string text)
    {
        var number = text.EndsWith('%') ? text[..^1] : text;
        if (!double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !(value > 0 && value < 100))
        {
            throw new UsageException($"Invalid --{option} '{text}'. Valid: a percentage above 0 and below 100, e.g. 5%.");
        }

        return value / 100;
    }

    /// <summary>"1ns", "0.5us", "2μs", "1ms" or a bare number of nanoseconds; zero or more.</summary>
    private static double Duration(string option, string text)
    {
        var units = new (string Suffix, double Ns)[] { ("ns", 1), ("us", 1e3), ("μs", 1e3), ("ms", 1e6) };
        var (suffix, scale) = units.FirstOrDefault(u => text.EndsWith(u.Suffix, StringComparison.Ordinal), ("", 1));
        if (!double.TryParse(text[..^suffix.Length], NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !(value >= 0) || double.IsInfinity(value))
        {
            throw new UsageException($"Invalid --{option} '{text}'. Valid: a duration of zero or more with unit ns, us or ms, e.g. 1ns.");
        }

        return value * scale;
    }

    private static long Bytes(string option, string text)
    {
        if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value))
        {
            throw new UsageException($"Invalid --{option} '{text}'. Valid: a whole number of bytes, 0 or more.");
        }

        return value;
    }
}
