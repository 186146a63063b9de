using CryptoHarness.Formatting;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Reporting;

/// <summary>The streaming page (<c>streaming.md.sbn</c>).</summary>
/// <param name="MultiPass">The single pass feeding every hasher; null when the run had none.</param>
/// <param name="MultiPassSumMs">The sum of the separate runs of the pass's members; null without a pass.</param>
public sealed record StreamingPage(
    RunView Run, string StreamSize, string ChunkSize, IReadOnlyList<StreamRow> Rows, StreamRow? MultiPass, string? MultiPassSumMs,
    IReadOnlyList<ProviderVersion> Providers, IReadOnlyList<NotMeasuredRow> Failures);

public sealed record StreamRow(string Algorithm, string Label, string MedianMs, string MbPerS, string Allocated, string AllocationRatio);

/// <summary>The stream scenario's page model.</summary>
public static partial class ReportModel
{
    /// <summary>The streaming page: MB/s and bytes allocated per byte hashed, each implementation and the multi-algorithm pass.</summary>
    public static StreamingPage Streaming(RunSummary summary)
    {
        var results = summary.Results.Where(r => r.Scenario == StreamSelection.ScenarioName).ToArray();
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
}
