using System.CommandLine;
using CryptoHarness.Running;
using CryptoHarness.Running.Scenarios;

namespace CryptoHarness.Scenarios;

/// <summary>The stream scenario's option: <c>--stream-size</c>, the size of its one large input.</summary>
public sealed class StreamOptions : ScenarioOptions
{
    private readonly Option<int?> _streamSize = ParsedOption.Create<int?>("--stream-size", StreamSettings.Help, "64MiB", text =>
        PayloadSizes.Parse(text) ?? throw new UsageException($"Invalid --stream-size '{text}'. Valid: a byte count from 1 to 1GiB, plain or with KiB/MiB/GiB, e.g. 64MiB."));

    public override IReadOnlyList<Option> Options => [_streamSize];

    public override ScenarioSettings Settings(ParseResult parsed) =>
        parsed.GetValue(_streamSize) is { } bytes ? new StreamSettings(bytes) : StreamSettings.Default;
}
