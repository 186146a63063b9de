using CryptoHarness.Formatting;
using CryptoHarness.Results;
using CryptoHarness.Selecting;
using CryptoHarness.Statistics;

namespace CryptoHarness.Reporting;

/// <summary>The run as a page's header and the machine spec print it.</summary>
/// <param name="IsaNote">What emulating the instruction-set level leaves out; null for a run at the host's own level.</param>
public sealed record RunView(
    string MachineKey, string Cpu, int LogicalCores, string IsaLevel, string? IsaNote,
    IReadOnlyList<string> InstructionSets, IReadOnlyList<string> MissingInstructionSets,
    string Os, string Runtime, string BenchmarkDotNet, string Job, string JobDescription, string GitCommit, string Utc);

/// <summary>A provider as the pages' closing line names it: its key and the package and version the run loaded.</summary>
public sealed record ProviderVersion(string Provider, string Version);

/// <summary>An implementation that was not measured (failed the gate, or unsupported here) and why.</summary>
public sealed record NotMeasuredRow(string Id, string Reason);

/// <summary>The clock rate cycles per byte come from, in words for the note under each table.</summary>
public sealed record ClockRate(string Ghz, string Source);

/// <summary>A one-shot algorithm's page (<c>algorithm.md.sbn</c>).</summary>
/// <param name="Note">Why the algorithm is measured, where the registry says; null otherwise.</param>
/// <param name="Parameters">The parameters every table was measured with; null for a run that did not describe the algorithm.</param>
/// <param name="Clock">Null when the run recorded no clock rate.</param>
public sealed record AlgorithmPage(
    string Algorithm, string Family, string? Note, string? Parameters, RunView Run, IReadOnlyList<SizeTable> Tables,
    IReadOnlyList<ReportModel.Chart> Charts, ClockRate? Clock, CostModel.PageView Cost,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures, IReadOnlyList<NotMeasuredRow> Unsupported);

/// <summary>One operation at one payload size, fastest first, every time in <see cref="Unit"/>.</summary>
/// <param name="Bytes">The payload size in bytes, digits grouped.</param>
/// <param name="RatioMethod">How the Ratio column was taken when it comes from interleaved rounds; null for ratios of medians.</param>
public sealed record SizeTable(string Title, string Bytes, string Unit, IReadOnlyList<TimingRow> Rows, string? RatioMethod);

public sealed record TimingRow(
    string Label, string Mean, string Median, string Ci, string Ratio, string MbPerS, string CyclesPerByte, string Allocated,
    int N, string Cv, string Warning);

/// <summary>The streaming page (<c>streaming.md.sbn</c>).</summary>
/// <param name="MultiPass">The single pass feeding every hasher; null when the run had none.</param>
/// <param name="MultiPassSumMs">The sum of the separate runs of the pass's members; null without a pass.</param>
public sealed record StreamingPage(
    RunView Run, string StreamSize, string ChunkSize, IReadOnlyList<StreamRow> Rows, StreamRow? MultiPass, string? MultiPassSumMs,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures);

public sealed record StreamRow(string Algorithm, string Label, string MedianMs, string MbPerS, string Allocated, string AllocationRatio);

/// <summary>A batch page (<c>batch.md.sbn</c>): per message length, each implementation's time per message by batch size.</summary>
public sealed record BatchPage(
    string Algorithm, string Family, string? Parameters, RunView Run, IReadOnlyList<BatchTable> Tables,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures, IReadOnlyList<NotMeasuredRow> Unsupported);

/// <summary>One message length: a column per batch size, a row per implementation, and the crossover in words.</summary>
public sealed record BatchTable(string Title, string Unit, IReadOnlyList<int> BatchSizes, IReadOnlyList<BatchRow> Rows, string Crossover);

/// <param name="Cells">The time per message at each of the table's batch sizes, "n/a" where not measured.</param>
public sealed record BatchRow(string Label, string TimedAs, IReadOnlyList<string> Cells);

/// <summary>
/// What the templates see: every number already formatted and every row already ordered, so templates only lay out.
/// Built from <see cref="RunSummary"/> alone; the registry is not consulted, so old runs render as they were.
/// </summary>
public static class ReportModel
{
    public static RunView MachineSpec(RunInfo run) => new(
        run.MachineKey,
        run.Cpu,
        run.LogicalCores,
        run.InstructionSetLevel,
        Optional(InstructionSetEmulation.Note(run.InstructionSetLevel, run.IsaEmulatedOn)),
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

    /// <summary>One model per algorithm of a one-shot run (measured, failed or unsupported), keyed by slug.</summary>
    public static IReadOnlyList<(string Slug, AlgorithmPage Model)> Algorithms(RunSummary summary)
    {
        var slugs = summary.Results.Where(r => r.Scenario == "oneshot").Select(r => (r.Slug, r.Algorithm, r.Family))
            .Concat(summary.Failures.Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Concat(summary.Unsupported.Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Distinct()
            .OrderBy(s => s.Slug, StringComparer.Ordinal);

        return slugs.Select(s => (s.Slug, Algorithm(summary, s.Slug, s.Algorithm, s.Family))).ToArray();
    }

    private static AlgorithmPage Algorithm(RunSummary summary, string slug, string algorithm, string family)
    {
        var results = summary.Results.Where(r => r.Slug == slug && r.Scenario == "oneshot").ToArray();
        var tables = results.GroupBy(r => (r.Operation, r.SizeBytes))
            .OrderBy(g => OperationOrder(g.Key.Operation)).ThenBy(g => g.Key.SizeBytes)
            .Select(g => SizeTable(g.Key.Operation, g.Key.SizeBytes, g, summary.Run))
            .ToArray();
        var info = summary.Algorithms.FirstOrDefault(a => a.Slug == slug);

        return new AlgorithmPage(
            algorithm,
            family,
            Optional(info?.Note),
            info is null ? null : Parameters(info),
            MachineSpec(summary.Run),
            tables,
            Charts(summary, slug),
            Clock(summary.Run),
            CostModel.Page(results, summary.Run),
            ProvidersOf(summary, slug, results),
            Rows(summary.Failures.Where(f => f.Slug == slug)),
            Rows(summary.Unsupported.Where(f => f.Slug == slug)));
    }

    /// <summary>The providers of an algorithm's page: those measured, failed or unsupported.</summary>
    private static ProviderVersion[] ProvidersOf(RunSummary summary, string slug, IEnumerable<ResultRecord> results) =>
        Providers(summary, results.Select(r => r.Provider)
            .Concat(summary.Failures.Where(f => f.Slug == slug).Select(f => f.Provider))
            .Concat(summary.Unsupported.Where(f => f.Slug == slug).Select(f => f.Provider)));

    /// <summary>The parameters every table of the page was measured with, in words, from the run itself.</summary>
    public static string Parameters(AlgorithmInfo info) => info.Kind switch
    {
        "xof" => $"Extendable output; each table gives the output length it was measured with.",
        "mac" => $"{info.OutputBytes}-byte tag, {info.KeyBytes}-byte key{(info.Name.StartsWith("KMAC", StringComparison.Ordinal) ? ", empty customization string" : "")}; the key is set on every call.",
        "aead" => $"{info.KeyBytes}-byte key, {info.NonceBytes}-byte nonce, {info.TagBytes}-byte tag, {info.AssociatedDataBytes} bytes of associated data; sizes are plaintext bytes. Encrypt uses a new nonce per call; decrypt verifies the tag.",
        _ => $"{info.OutputBytes}-byte output.",
    };

    /// <summary>hash and mac first, then XOF output lengths in increasing order, then encrypt before decrypt.</summary>
    internal static (int, int) OperationOrder(string operation) => operation switch
    {
        "hash" or "mac" => (0, 0),
        "encrypt" => (2, 0),
        "decrypt" => (3, 0),
        _ when operation.StartsWith("xof-", StringComparison.Ordinal) && int.TryParse(operation.AsSpan(4), out var bytes) => (1, bytes),
        _ => (4, 0),
    };

    /// <summary>How an operation is titled beside the size; empty where the page has only one operation.</summary>
    public static string OperationTitle(string operation) => operation switch
    {
        "hash" or "mac" => "",
        "encrypt" => "Encrypt",
        "decrypt" => "Decrypt and verify",
        _ when operation.StartsWith("xof-", StringComparison.Ordinal) => $"{operation[4..]}-byte output",
        _ => operation,
    };

    /// <summary>Above this coefficient of variation a row is flagged: the median is then a loose description of the samples.</summary>
    public const double CvWarning = 0.05;

    /// <summary>A throughput chart of one operation of an algorithm: its file (relative to the page), title and SVG.</summary>
    public sealed record Chart(string File, string Title, string Svg);

    /// <summary>
    /// One chart per operation of a one-shot algorithm: MB/s against payload size, one series per provider. A provider
    /// with several variants is drawn by the one fastest at the largest size, at every size, so a line is one
    /// implementation, never a splice of several. Named <c>charts/&lt;slug&gt;.svg</c>, or
    /// <c>charts/&lt;slug&gt;-&lt;operation&gt;.svg</c> when the page has several operations.
    /// </summary>
    public static IReadOnlyList<Chart> Charts(RunSummary summary, string slug)
    {
        var results = summary.Results.Where(r => r.Slug == slug && r.Scenario == "oneshot").ToArray();
        var operations = results.Select(r => r.Operation).Distinct().OrderBy(OperationOrder).ToArray();
        var providerOrder = summary.Run.Packages.Keys.Concat(results.Select(r => r.Provider)).Distinct().Order(StringComparer.Ordinal).ToList();
        var charts = new List<Chart>();
        foreach (var operation in operations)
        {
            var records = results.Where(r => r.Operation == operation).ToArray();
            var largest = records.Max(r => r.SizeBytes);
            var series = records.GroupBy(r => r.Provider)
                .Select(p =>
                {
                    var chosen = ChartVariant(p, largest);
                    return (Provider: p.Key, Series: new ChartSeries(Format.ProviderLabel(p.Key, chosen.Key),
                        chosen.OrderBy(r => r.SizeBytes).Select(r => ((double)r.SizeBytes, r.MbPerS)).ToArray()));
                })
                .OrderByDescending(s => s.Series.Points.Where(pt => pt.X == largest).Select(pt => pt.Y).DefaultIfEmpty(0).Max())
                .ThenBy(s => s.Provider, StringComparer.Ordinal)
                .ToArray();
            var title = OperationTitle(operation);
            var name = summary.Algorithms.FirstOrDefault(a => a.Slug == slug)?.Name ?? records[0].Algorithm;
            var chartTitle = $"{name}{(title.Length == 0 ? "" : $", {title.ToLowerInvariant()}")}: throughput by payload size";
            var providerOf = series.ToDictionary(s => s.Series.Label, s => s.Provider, StringComparer.Ordinal);
            var markers = CostModel.Crossovers(records)
                .Select(c => new ChartMarker(c.Bytes, $"{c.Overtaker} overtakes {c.Overtaken} above {Format.ApproximateSize(c.Bytes)}"))
                .ToArray();
            var svg = SvgChart.LogXLine(chartTitle, "Payload size (log scale)", "MB/s (10⁶ bytes per second, at the median)",
                series.Select(s => s.Series).ToArray(), x => Format.Size((long)x), label => providerOrder.IndexOf(providerOf[label]), markers);
            var file = operations.Length == 1 ? $"charts/{slug}.svg" : $"charts/{slug}-{operation}.svg";
            charts.Add(new Chart(file, chartTitle, svg));
        }

        return charts;
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
    /// The row's statistical note: a warning when the coefficient of variation is above <see cref="CvWarning"/> or the
    /// samples are bimodal or multimodal (BenchmarkDotNet's mValue, as the comparison reads it); empty otherwise.
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

        return warnings.Count == 0 ? "" : "⚠ " + string.Join("; ", warnings);
    }

    /// <summary>Standard deviation ÷ mean, as BenchmarkDotNet computed them; null without a deviation (a single sample).</summary>
    public static double? Cv(ResultRecord record) => SampleStatistics.CoefficientOfVariation(record.StdDevNs, record.MeanNs);

    private static SizeTable SizeTable(string operation, int size, IEnumerable<ResultRecord> records, RunInfo run)
    {
        var ordered = TableRatio.FastestFirst(records);
        var unit = Format.UnitFor(Math.Min(ordered.Min(r => r.MeanNs), ordered.Min(r => r.MedianNs)));
        var title = OperationTitle(operation);
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

    /// <summary>The streaming page: MB/s and bytes allocated per byte hashed, each implementation and the multi-algorithm pass.</summary>
    public static StreamingPage Streaming(RunSummary summary)
    {
        var results = summary.Results.Where(r => r.Scenario == "stream").ToArray();
        var singles = results.Where(r => r.Members is null)
            .OrderBy(r => r.Family, StringComparer.Ordinal).ThenBy(r => r.Algorithm, StringComparer.Ordinal).ThenBy(r => r.MedianNs)
            .ToArray();
        var pass = results.FirstOrDefault(r => r.Members is not null);
        var streamBytes = results.Length == 0 ? 0 : results[0].SizeBytes;
        return new StreamingPage(
            MachineSpec(summary.Run),
            Format.Size(streamBytes),
            Format.Size(summary.Run.ChunkBytes),
            singles.Select(StreamRow).ToArray(),
            pass is null ? null : StreamRow(pass),
            pass is null ? null : Format.Number(singles.Where(r => pass.Members!.Contains(r.Id)).Sum(r => r.MedianNs) / 1e6, "N1"),
            Providers(summary, singles.Select(r => r.Provider)),
            Rows(summary.Failures));
    }

    private static StreamRow StreamRow(ResultRecord r) => new(
        r.Algorithm,
        r.Members is null ? Format.ProviderLabel(r.Provider, r.Variant) : $"{r.Members.Count} hashers",
        Format.Number(r.MedianNs / 1e6, "N1"),
        Format.Number(r.MbPerS, "N1"),
        Format.Allocated(r),
        r.AllocatedBytes is { } bytes ? Format.Number((double)bytes / r.SizeBytes, "G3") : "n/a");

    /// <summary>
    /// One page per algorithm of a batch run (measured, failed or unsupported), keyed by slug: per message length, each
    /// implementation's time per message at each batch size, and the crossover.
    /// </summary>
    public static IReadOnlyList<(string Slug, BatchPage Model)> Batches(RunSummary summary)
    {
        var slugs = summary.Results.Where(IsBatch).Select(r => (r.Slug, r.Algorithm, r.Family))
            .Concat(summary.Failures.Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Concat(summary.Unsupported.Select(f => (f.Slug, f.Algorithm, f.Family)))
            .Distinct()
            .OrderBy(s => s.Slug, StringComparer.Ordinal);

        return slugs.Select(s => (s.Slug, Batch(summary, s.Slug, s.Algorithm, s.Family))).ToArray();
    }

    private static BatchPage Batch(RunSummary summary, string slug, string algorithm, string family)
    {
        var results = summary.Results.Where(r => r.Slug == slug && IsBatch(r)).ToArray();
        var info = summary.Algorithms.FirstOrDefault(a => a.Slug == slug);
        return new BatchPage(
            algorithm,
            family,
            info is null ? null : Parameters(info),
            MachineSpec(summary.Run),
            results.GroupBy(r => r.MessageBytes!.Value).OrderBy(g => g.Key).Select(g => BatchTable(g.Key, g.ToArray())).ToArray(),
            ProvidersOf(summary, slug, results),
            Rows(summary.Failures.Where(f => f.Slug == slug)),
            Rows(summary.Unsupported.Where(f => f.Slug == slug)));
    }

    private static bool IsBatch(ResultRecord r) => r.Scenario == "batch" && r.BatchSize is not null && r.MessageBytes is not null;

    /// <summary>The cost of one message: the median of one operation ÷ the batch size.</summary>
    private static double PerItem(ResultRecord r) => r.PerItemNs ?? r.MedianNs / r.BatchSize!.Value;

    /// <summary>Rows are implementations, fastest first at the largest batch; columns are batch sizes; cells are time per message.</summary>
    private static BatchTable BatchTable(int messageBytes, IReadOnlyList<ResultRecord> records)
    {
        var batchSizes = records.Select(r => r.BatchSize!.Value).Distinct().Order().ToArray();
        var unit = Format.UnitFor(records.Min(PerItem));
        var rows = records.GroupBy(r => r.Id, StringComparer.Ordinal)
            .Select(g => (Id: g.Key, First: g.First(), ByBatch: g.ToDictionary(r => r.BatchSize!.Value)))
            .OrderBy(row => row.ByBatch.TryGetValue(batchSizes[^1], out var r) ? PerItem(r) : double.PositiveInfinity)
            .ThenBy(row => row.Id, StringComparer.Ordinal);
        return new BatchTable(
            $"{Format.Number(messageBytes, "N0")}-byte messages",
            unit.Name,
            batchSizes,
            rows.Select(row => new BatchRow(
                Format.ProviderLabel(row.First.Provider, row.First.Variant),
                row.First.Operation == OperationNames.HashBatch ? "one batch call" : "one call per message",
                batchSizes.Select(n => row.ByBatch.TryGetValue(n, out var r) ? Format.Time(PerItem(r), unit) : "n/a").ToArray())).ToArray(),
            Crossover(records));
    }

    /// <summary>
    /// The smallest measured batch size at which the fastest implementation timed through a batch API beats (a lower
    /// median per message than) the fastest loop of single calls, stated with both numbers; or that it never does.
    /// <paramref name="records"/> are one message length's batch results.
    /// </summary>
    public static string Crossover(IReadOnlyCollection<ResultRecord> records)
    {
        var batchApi = records.Where(r => r.Operation == OperationNames.HashBatch).ToArray();
        var loops = records.Where(r => r.Operation == OperationNames.HashLoop).ToArray();
        if (batchApi.Length == 0 || loops.Length == 0)
        {
            return $"Crossover: none to state; no {(batchApi.Length == 0 ? "batch API" : "loop of single calls")} was measured at this length.";
        }

        var unit = Format.UnitFor(records.Min(PerItem));
        string Time(ResultRecord r) => $"{Format.Time(PerItem(r), unit)} {unit.Name}";
        string Label(ResultRecord r) => $"`{Format.ProviderLabel(r.Provider, r.Variant)}`";

        var contests = records.Select(r => r.BatchSize!.Value).Distinct().Order()
            .Select(n => (Size: n, Batch: batchApi.Where(r => r.BatchSize == n).MinBy(PerItem), Loop: loops.Where(r => r.BatchSize == n).MinBy(PerItem)))
            .Where(c => c.Batch is not null && c.Loop is not null)
            .Select(c => (c.Size, Batch: c.Batch!, Loop: c.Loop!, Wins: PerItem(c.Batch!) < PerItem(c.Loop!)))
            .ToArray();
        if (contests.Length == 0)
        {
            return "Crossover: none to state; no batch size was measured both through a batch API and as a loop of single calls.";
        }

        var first = Array.FindIndex(contests, c => c.Wins);
        if (first < 0)
        {
            var last = contests[^1];
            return $"Crossover: never in the measured range (batches of {contests[0].Size} to {last.Size}): at every batch size the fastest loop of single calls "
                + $"is at least as fast as the fastest batch API; at a batch of {last.Size}, {Label(last.Loop)} takes {Time(last.Loop)} per message "
                + $"and {Label(last.Batch)} {Time(last.Batch)}.";
        }

        var win = contests[first];
        var losses = contests.Skip(first + 1).Where(c => !c.Wins).Select(c => c.Size.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        return $"Crossover: a batch of {win.Size} is the smallest measured at which the fastest batch API beats the fastest loop of single calls: "
            + $"{Label(win.Batch)} takes {Time(win.Batch)} per message, {Label(win.Loop)} {Time(win.Loop)}."
            + (losses.Length switch
            {
                0 => "",
                1 => $" It does not hold at every larger size: not at a batch of {losses[0]}.",
                _ => $" It does not hold at every larger size: not at batches of {string.Join(", ", losses[..^1])} and {losses[^1]}.",
            });
    }

    /// <summary>Each provider named, with the package and version the run loaded.</summary>
    internal static ProviderVersion[] Providers(RunSummary summary, IEnumerable<string> keys) =>
        keys.Where(k => k.Length > 0).Distinct().Order(StringComparer.Ordinal)
            .Select(p => new ProviderVersion(p, summary.Run.Packages.TryGetValue(p, out var version) ? version : "unknown"))
            .ToArray();

    /// <summary>Failed or unsupported implementations as table rows, by id.</summary>
    internal static NotMeasuredRow[] Rows(IEnumerable<Failure> failures) =>
        failures.OrderBy(f => f.Id, StringComparer.Ordinal).Select(f => new NotMeasuredRow(f.Id, f.Reason)).ToArray();
}
