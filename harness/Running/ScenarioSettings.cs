namespace CryptoHarness.Running;

/// <summary>
/// What a scenario's own options gave a run (the stream scenario's input size, …): each scenario that has options
/// derives one in its folder and reads it back from <see cref="RunPlan.Settings"/>; nothing else looks inside.
/// </summary>
public abstract record ScenarioSettings;
