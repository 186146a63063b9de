namespace CryptoHarness.Running.Scenarios;

/// <summary>The stream scenario's settings: the size of the one large input (<c>--stream-size</c>).</summary>
public sealed record StreamSettings(int StreamBytes) : ScenarioSettings
{
    /// <summary>The default input: large enough that per-call overhead vanishes in the chunks.</summary>
    public const int DefaultStreamBytes = 64 * 1024 * 1024;

    public static StreamSettings Default { get; } = new(DefaultStreamBytes);

    /// <summary>The settings a run of the stream scenario was given, or the defaults.</summary>
    public static StreamSettings Of(RunPlan plan) => plan.Settings as StreamSettings ?? Default;

    /// <summary>What <c>--stream-size</c> says of itself.</summary>
    public static string Help => $"The stream scenario's input size (default {PayloadSizes.Text(DefaultStreamBytes)}).";
}
