using CryptoHarness.Formatting;
using CryptoHarness.Statistics;

namespace CryptoHarness.Reporting;

/// <summary>The run as a page's header and the machine spec print it.</summary>
/// <param name="CpuIdentity">CPUID's maker, family, model and stepping, and the hypervisor bit; null for runs that did not record it.</param>
/// <param name="IsaNote">What emulating the instruction-set level leaves out; null for a run at the host's own level.</param>
public sealed record RunView(
    string MachineKey, string Cpu, string? CpuIdentity, int LogicalCores, string IsaLevel, string? IsaNote,
    IReadOnlyList<string> InstructionSets, IReadOnlyList<string> MissingInstructionSets,
    string Os, string Runtime, string BenchmarkDotNet, string Job, string JobDescription, string GitCommit, string Utc);

/// <summary>A provider as the pages' closing line names it: its key and the package and version the run loaded.</summary>
/// <param name="CallingNote">How the run called the native provider; null for .NET code, and for runs that recorded it in the version.</param>
public sealed record ProviderVersion(string Provider, string Version, string? CallingNote);

/// <summary>An implementation that was not measured (failed the gate, or unsupported here) and why.</summary>
public sealed record NotMeasuredRow(string Id, string Reason);

/// <summary>The clock rate cycles per byte come from, in words for the note under each table.</summary>
public sealed record ClockRate(string Ghz, string Source);

/// <summary>A one-shot algorithm's page (<c>algorithm.md.sbn</c>).</summary>
/// <param name="Note">Why the algorithm is measured, where the registry says; null otherwise.</param>
/// <param name="HardwareNote">What this run's hardware explains, recorded only for a machine it is true of; null otherwise.</param>
/// <param name="Parameters">The parameters every table was measured with; null for a run that did not describe the algorithm.</param>
/// <param name="Clock">Null when the run recorded no clock rate.</param>
public sealed record AlgorithmPage(
    string Algorithm, string Family, string? Note, string? HardwareNote, string? Parameters, RunView Run, IReadOnlyList<SizeTable> Tables,
    IReadOnlyList<ReportModel.Chart> Charts, ClockRate? Clock, CostModel.PageView Cost,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures, IReadOnlyList<NotMeasuredRow> Unsupported);

/// <summary>One operation at one payload size, fastest first, every time in <see cref="Unit"/>.</summary>
/// <param name="Bytes">The payload size in bytes, digits grouped.</param>
/// <param name="RatioMethod">How the Ratio column was taken when it comes from interleaved rounds; null for ratios of medians.</param>
public sealed record SizeTable(string Title, string Bytes, string Unit, IReadOnlyList<TimingRow> Rows, string? RatioMethod);

public sealed record TimingRow(
    string Label, string Mean, string Median, string Ci, string Ratio, string MbPerS, string CyclesPerByte, string Allocated,
    int N, string Cv, string Warning);

/// <summary>
/// What the templates see: every number already formatted and every row already ordered, so templates only lay out.
/// Built from <see cref="RunSummary"/> alone; the registry is not consulted, so old runs render as they were.
/// </summary>
public static partial class ReportModel
{
    public static RunView MachineSpec(RunInfo run) => new(
        run.MachineKey,
        run.Cpu,
        Optional(run.CpuIdentity),
        run.LogicalCores,
        run.InstructionSetLevel,
        Optional(InstructionSetEmulation.Note(run.InstructionSetLevel, run.IsaEmulatedOn, run.Packages.GetValueOrDefault(Implementations.Adapters.Blake3Native.Blake3NativeProvider.Provider.Key))),
        run.InstructionSets.Where(s => s.Value).Select(s => s.Key).ToArray(),
        run.InstructionSets.Where(s => !s.Value).Select(s => s.Key).ToArray(),
        run.Os,
        run.Runtime,
        run.BenchmarkDotNet,
        run.Job,
        run.JobDescription,
        run.GitCommit,
        run.Utc.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss 'UTC'", System.Globalization.CultureInfo.InvariantCulture));

    /// <summary>
    /// Text a page prints only when there is some: null for none, so a template's <c>if</c> reads presence (Scriban
    /// counts an empty string as true).
    /// </summary>
    internal static string? Optional(string? text) => string.IsNullOrEmpty(text) ? null : text;

    /// <summary>The providers of an algorithm's page: those measured, failed or unsupported.</summary>
    private static ProviderVersion[] ProvidersOf(RunSummary summary, string slug, IEnumerable<ResultRecord> results) =>
        Providers(summary, results.Select(r => r.Provider)
            .Concat(summary.Failures.Where(f => f.Slug == slug).Select(f => f.Provider))
            .Concat(summary.Unsupported.Where(f => f.Slug == slug).Select(f => f.Provider)));

    /// <summary>
    /// The parameters every table of the page was measured with, in words, from the run itself, as the algorithm's kind
    /// states them; null for a kind that states none, and for a kind name no registered kind has (a hand-edited file):
    /// the page then says nothing of parameters rather than guess.
    /// </summary>
    public static string? Parameters(AlgorithmInfo info, KindPresentations kinds) => kinds.Named(info.Kind)?.Parameters(info);

    /// <summary>Above this coefficient of variation a row is flagged: the median is then a loose description of the samples.</summary>
    public const double CvWarning = 0.05;

    /// <summary>
    /// Beyond this factor either way between a row's rounds' median and BenchmarkDotNet's median the row is flagged: the
    /// two time the same workload, so such a gap means the machine's load changed between them, and the MB/s column
    /// (BenchmarkDotNet's) and the Ratio column (the rounds') then describe different machines. On the committed data
    /// (2026-11-27) it flags 1% of the cases of the quiet Zen 4, 8% of the shared Zen 3's and 13% of the Intel's.
    /// </summary>
    public const double RoundsDisagreement = 1.5;

    /// <summary>A chart: its file (relative to the page), title and SVG.</summary>
    /// <remarks>
    /// Its width and height are the SVG's own, written on the page's <c>&lt;img&gt;</c> so a browser reserves the space
    /// before the image loads and the text below does not jump.
    /// </remarks>
    public sealed record Chart(string File, string Title, string Svg)
    {
        public int Width => SvgChart.SizeOf(Svg).Width;

        public int Height => SvgChart.SizeOf(Svg).Height;

        /// <summary>
        /// The title as the image's alt attribute: a double quote (which a results file may put in an algorithm's name)
        /// would end the attribute, so it becomes a single one; the template's escaping handles &lt; and &amp;.
        /// </summary>
        public string Alt => Title.Replace('"', '\'');
    }

    /// <summary>
    /// The variant that stands for a provider wherever one line per provider is drawn or compared (charts, crossovers):
    /// the one fastest at <paramref name="largest"/>, the largest size of the operation; all of its records.
    /// </summary>
    internal static IGrouping<string, ResultRecord> ChartVariant(IEnumerable<ResultRecord> providerRecords, int largest) =>
        providerRecords.GroupBy(r => r.Variant)
            .MinBy(v => v.Where(r => r.SizeBytes == largest).Select(r => r.MedianNs).DefaultIfEmpty(double.PositiveInfinity).Min())!;

    /// <summary>The clock rate cycles per byte come from, in words for the note under each table; null when the run recorded none.</summary>
    public static ClockRate? Clock(RunInfo run) => run.CpuFrequencyHz is { } hz and > 0
        ? new ClockRate(Format.Number(hz / 1e9, "N3"), run.CpuFrequencySource ?? "unknown source")
        : null;

    /// <summary>Cycles per byte at the median: seconds per operation × cycles per second ÷ bytes.</summary>
    public static double CyclesPerByte(ResultRecord record, double hertz) => record.MedianNs * 1e-9 * hertz / record.SizeBytes;

    /// <summary>
    /// The row's statistical note: a warning when the coefficient of variation is above <see cref="CvWarning"/>, the
    /// samples are bimodal or multimodal (BenchmarkDotNet's mValue, as the comparison reads it), or the row's interleaved
    /// rounds put its median more than <see cref="RoundsDisagreement"/> times away from BenchmarkDotNet's; empty otherwise.
    /// </summary>
    public static string StatisticalWarning(ResultRecord record)
    {
        var warnings = new List<string>();
        if (Cv(record) is { } cv && cv > CvWarning)
        {
            warnings.Add($"CV {Format.Number(cv * 100, "N1")}% > {Format.Number(CvWarning * 100, "N0")}%");
        }

        if (SampleModality.Of(record.SamplesNs) is { Modes: Modes.Bimodal or Modes.Multimodal } modes)
        {
            warnings.Add(SampleModality.Describe(record.SamplesNs)!);
        }

        if (record.Rounds is { NsPerCall.Count: > 0 } rounds && record.MedianNs > 0)
        {
            var roundsOverMedian = rounds.MedianNs / record.MedianNs;
            if (roundsOverMedian > RoundsDisagreement || roundsOverMedian < 1 / RoundsDisagreement)
            {
                warnings.Add($"the rounds' median is {Format.Number(roundsOverMedian, "N2")}× this median");
            }
        }

        return warnings.Count == 0 ? "" : "⚠ " + string.Join("; ", warnings);
    }

    /// <summary>Standard deviation ÷ mean, as BenchmarkDotNet computed them; null without a deviation (a single sample).</summary>
    public static double? Cv(ResultRecord record) => SampleStatistics.CoefficientOfVariation(record.StdDevNs, record.MeanNs);

    private static SizeTable SizeTable(string operation, int size, IEnumerable<ResultRecord> records, RunInfo run, KindPresentations kinds)
    {
        var ordered = TableRatio.FastestFirst(records);
        var unit = Format.UnitFor(Math.Min(ordered.Min(r => r.MeanNs), ordered.Min(r => r.MedianNs)));
        var title = kinds.OperationTitle(operation);
        var bytes = Format.Number(size, "N0");
        return new SizeTable(
            title.Length == 0 ? $"{Format.Size(size)} ({bytes} bytes)" : $"{title} · {Format.Size(size)} ({bytes} bytes)",
            bytes,
            unit.Name,
            ordered.Select(r => new TimingRow(
                Format.ProviderLabel(r.Provider, r.Variant),
                Format.Time(r.MeanNs, unit),
                Format.Time(r.MedianNs, unit),
                ConfidenceInterval(r, unit),
                Format.Number(TableRatio.Of(r, ordered[0]), "N2"),
                Format.Number(r.MbPerS, "N1"),
                run.CpuFrequencyHz is { } hz and > 0 ? Format.Number(CyclesPerByte(r, hz), "N2") : "n/a",
                Format.Allocated(r),
                r.N,
                Cv(r) is { } cv ? $"{Format.Number(cv * 100, "N1")}%" : "n/a",
                StatisticalWarning(r))).ToArray(),
            TableRatio.Method(ordered));
    }

    /// <summary>The 99.9% confidence interval of the mean in <paramref name="unit"/>, "n/a" when the run recorded none.</summary>
    internal static string ConfidenceInterval(ResultRecord r, TimeUnit unit) =>
        r.CiLowerNs is { } lower && r.CiUpperNs is { } upper ? $"{Format.Time(lower, unit)} – {Format.Time(upper, unit)}" : "n/a";

    /// <summary>
    /// The algorithms a scenario renders a page for, by slug: those of <paramref name="results"/> (its records), and every
    /// one that failed or is unsupported.
    /// </summary>
    internal static IEnumerable<(string Slug, string Algorithm, string Family)> PageAlgorithms(RunSummary summary, IEnumerable<ResultRecord> results) =>
        results.Select(r => (r.Slug, r.Algorithm, r.Family))
            .Concat(summary.Failures.Concat(summary.Unsupported).Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Distinct()
            .OrderBy(s => s.Slug, StringComparer.Ordinal);

    /// <summary>Each provider named, with the package and version the run loaded.</summary>
    internal static ProviderVersion[] Providers(RunSummary summary, IEnumerable<string> keys) =>
        keys.Where(k => k.Length > 0).Distinct().Order(StringComparer.Ordinal)
            .Select(p => new ProviderVersion(
                p,
                summary.Run.Packages.TryGetValue(p, out var version) ? version : "unknown",
                summary.Run.CallingNotes is { } notes && notes.TryGetValue(p, out var note) ? Optional(note) : null))
            .ToArray();

    /// <summary>
    /// Each provider of a page over several runs, with the package and version of the newest run that measured it: a
    /// run of one family loads only that family's providers, so the newest run alone would call the others unknown.
    /// </summary>
    internal static ProviderVersion[] Providers(IReadOnlyList<RunSummary> summaries, IEnumerable<string> keys) =>
        keys.Where(k => k.Length > 0).Distinct().Order(StringComparer.Ordinal)
            .Select(p => Providers(summaries.Where(s => s.Results.Any(r => r.Provider == p)).DefaultIfEmpty(summaries[0]).MaxBy(s => s.Run.Utc)!, [p])[0])
            .ToArray();

    /// <summary>Failed or unsupported implementations as table rows, by id.</summary>
    internal static NotMeasuredRow[] Rows(IEnumerable<Failure> failures) =>
        failures.OrderBy(f => f.Id, StringComparer.Ordinal).Select(f => new NotMeasuredRow(f.Id, f.Reason)).ToArray();
}
