using CryptoHarness.Implementations;

namespace CryptoHarness.Gate.Kinds;

/// <summary>Every algorithm kind, once. Adding a kind is its file here and a line in <see cref="All"/>.</summary>
public static class KindRegistry
{
    public static IReadOnlyList<KindContract> All { get; } =
    [
        new HashKind(),
        new XofKind(),
        new MacKind(),
        new AeadKind(),
        new PasswordHashKind(),
    ];

    /// <summary>The kind's contract; null for a kind no contract declares, whose implementations then fail the gate.</summary>
    public static KindContract? Of(AlgorithmKind kind) => All.FirstOrDefault(k => k.Kind == kind);

    /// <summary>The contract of an implementation's algorithm's kind.</summary>
    public static KindContract? Of(IImplementation implementation) => Of(implementation.Algorithm.Kind);
}
