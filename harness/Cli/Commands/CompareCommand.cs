using System.CommandLine;
using System.Globalization;
using CryptoHarness.Comparing;
using CryptoHarness.Reporting;
using CryptoHarness.Scenarios;

namespace CryptoHarness.Cli.Commands;

/// <summary>
/// <c>harness compare --base RUN [--base RUN…] --diff RUN [--diff RUN…] [--threshold 5%] [--noise 1ns] [--fdr 1%] [--allocation-threshold 0]
/// [--fail-on slower|never] [--out comment.md] [--allow-different-machines] [--require-all]</c>. Exit 1 when a case is slower
/// (with <c>--fail-on slower</c>) or, with <c>--require-all</c>, when a case was measured on one side only; exit 2 when no
/// case was measured on both sides, so a gate never passes having compared nothing. A <c>--base</c> or <c>--diff</c> may
/// also be the folder given to <c>run --results</c>, holding one run (see <see cref="RunFolder.Locate"/>).
/// </summary>
internal static class CompareCommand
{
    /// <summary>When a slower case fails the command: <c>slower</c> (exit 1), or <c>never</c> (report only).</summary>
    internal enum FailOn
    {
        Slower,
        Never,
    }

    internal const string DefaultThreshold = "5%";
    internal const string DefaultNoise = "1ns";
    internal const string DefaultFalseDiscoveryRate = "1%";

    public static Command Create(HarnessConsole console)
    {
        var runs = "a run folder, its summary.json, or the --results folder of one run; once per launch of this side";
        var basePaths = new Option<string[]>("--base") { Description = $"The baseline: {runs}.", HelpName = "RUN" };
        var diffPaths = new Option<string[]>("--diff") { Description = $"The change: {runs}.", HelpName = "RUN" };
        var threshold = HarnessOptions.Parsed("--threshold", $"The smallest change that counts, a percentage (default {DefaultThreshold}).", DefaultThreshold, text => Percentage("threshold", text));
        var noise = HarnessOptions.Parsed("--noise", $"Differences below this duration are noise (default {DefaultNoise}).", DefaultNoise, text => Duration("noise", text));
        var fdr = HarnessOptions.Parsed("--fdr", $"The false discovery rate over all cases (default {DefaultFalseDiscoveryRate}).", DefaultFalseDiscoveryRate, text => Percentage("fdr", text));
        var allocationThreshold = HarnessOptions.Parsed("--allocation-threshold", "Bytes a case may allocate more before it is a regression (default 0).", "BYTES",
            text => Bytes("allocation-threshold", text));
        var failOn = HarnessOptions.Parsed("--fail-on", $"When to exit 1: {string.Join(" or ", FailOnNames)} (default slower).", string.Join("|", FailOnNames), ParseFailOn);
        var output = new Option<string?>("--out") { Description = "Write the comment to this file, printing only its summary line.", HelpName = "comment.md" };
        var templates = HarnessOptions.Templates();
        var allowDifferentMachines = new Option<bool>("--allow-different-machines") { Description = "Compare runs of different machines, saying so in the comment." };
        var requireAll = new Option<bool>("--require-all") { Description = "Exit 1 when a case was measured on one side only." };
        var command = new Command("compare", "Which cases got slower or faster, as a markdown comment.")
        {
            basePaths, diffPaths, threshold, noise, fdr, allocationThreshold, failOn, output, templates, allowDifferentMachines, requireAll,
        };
        command.SetAction(parsed => Run(
            parsed.GetValue(basePaths) ?? [], parsed.GetValue(diffPaths) ?? [],
            new ComparisonSettings(
                Threshold: parsed.GetValue(threshold) ?? Percentage("threshold", DefaultThreshold)!.Value,
                NoiseNs: parsed.GetValue(noise) ?? Duration("noise", DefaultNoise)!.Value,
                FalseDiscoveryRate: parsed.GetValue(fdr) ?? Percentage("fdr", DefaultFalseDiscoveryRate)!.Value),
            parsed.GetValue(allocationThreshold) ?? 0, parsed.GetValue(failOn) ?? FailOn.Slower, parsed.GetValue(output), parsed.GetValue(templates),
            parsed.GetValue(allowDifferentMachines), parsed.GetValue(requireAll), console.Out));
        return command;
    }

    internal static IEnumerable<string> FailOnNames => Enum.GetNames<FailOn>().Select(n => n.ToLowerInvariant());

    internal static FailOn? ParseFailOn(string text) =>
        Enum.GetValues<FailOn>().Cast<FailOn?>().FirstOrDefault(v => string.Equals(v.ToString(), text, StringComparison.OrdinalIgnoreCase))
            ?? throw new UsageException($"Invalid --fail-on '{text}'. Valid: {string.Join(", ", FailOnNames)}.");

    private static int Run(
        string[] basePaths, string[] diffPaths, ComparisonSettings settings, long allocationThreshold, FailOn failOn,
        string? output, string? templates, bool allowDifferentMachines, bool requireAll, TextWriter stdout)
    {
        if (basePaths.Length == 0)
        {
            throw new UsageException("compare needs --base <run folder or summary.json> (once per launch).");
        }

        if (diffPaths.Length == 0)
        {
            throw new UsageException("compare needs --diff <run folder or summary.json> (once per launch).");
        }

        if (output is not null)
        {
            OutputFolder.CheckFile(output, "out");
        }

        var comparison = RunComparison.Create(
            basePaths.Select(p => Load(p, "--base")).ToArray(),
            diffPaths.Select(p => Load(p, "--diff")).ToArray(),
            settings, allocationThreshold, allowDifferentMachines);
        var stage = ScenarioRegistry.Stage(templates ?? ReportStage.DefaultTemplatesDirectory);
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
            if (ComparisonModel.RatioDrift(comparison) is { } drift)
            {
                stdout.WriteLine(drift);
            }

            stdout.WriteLine($"Wrote {path}");
        }

        var missing = comparison.OnlyInBase.Count + comparison.OnlyInDiff.Count;
        if (requireAll && missing > 0)
        {
            stdout.WriteLine($"Missing cases fail the gate (--require-all): {comparison.OnlyInBase.Count} only in base, {comparison.OnlyInDiff.Count} only in diff.");
            return HarnessCli.ImplementationFailed;
        }

        var regressed = comparison.Slower > 0 || comparison.AllocationRegressions > 0;
        return regressed && failOn == FailOn.Slower ? HarnessCli.ImplementationFailed : HarnessCli.Success;
    }

    private static Launch Load(string path, string option)
    {
        var run = RunFolder.Locate(path, option);
        return new Launch(SummaryFile.Load(run), run);
    }

    /// <summary>"5%" or "5" → 0.05; must be above 0 and below 100%.</summary>
    internal static double? Percentage(string option, string text)
    {
        var number = text.EndsWith('%') ? text[..^1] : text;
        if (!double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !(value > 0 && value < 100))
        {
            throw new UsageException($"Invalid --{option} '{text}'. Valid: a percentage above 0 and below 100, e.g. 5%.");
        }

        return value / 100;
    }

    /// <summary>The largest noise floor taken: one second.</summary>
    internal const double MaxNoiseNs = 1e9;

    /// <summary>"1ns", "0.5us", "2μs", "1ms" or a bare number of nanoseconds; zero or more.</summary>
    internal static double? Duration(string option, string text)
    {
        var units = new (string Suffix, double Ns)[] { ("ns", 1), ("us", 1e3), ("μs", 1e3), ("ms", 1e6) };
        var (suffix, scale) = units.FirstOrDefault(u => text.EndsWith(u.Suffix, StringComparison.Ordinal), ("", 1));
        // At most a second: a noise floor above that hides every change, and 1e305ms would become Infinity.
        if (!double.TryParse(text[..^suffix.Length], NumberStyles.Float, CultureInfo.InvariantCulture, out var value) || !(value >= 0) || !(value * scale <= MaxNoiseNs))
        {
            throw new UsageException($"Invalid --{option} '{text}'. Valid: a duration of zero or more with unit ns, us or ms, at most 1000ms, e.g. 1ns.");
        }

        return value * scale;
    }

    private static long? Bytes(string option, string text)
    {
        if (!long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value))
        {
            throw new UsageException($"Invalid --{option} '{text}'. Valid: a whole number of bytes, 0 or more.");
        }

        return value;
    }
}
