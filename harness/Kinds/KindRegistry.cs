using CryptoHarness.Formatting;

namespace CryptoHarness.Kinds;

/// <summary>
/// Every algorithm kind, once. Adding a kind is its file here and a line in <see cref="All"/>; the gate, the benchmarks,
/// the reports and the site read it from here. A kind that opens a site area of its own also needs that area's page
/// template (<c>templates/site/&lt;area&gt;.md.sbn</c>) and its entry in <c>docs/toc.yml</c>.
/// </summary>
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

    /// <summary>Every kind as the reports read it: handed to them from above, since the reports may not name the gate.</summary>
    public static KindPresentations Presentations { get; } = new(All);

    /// <summary>The kind's contract; null for a kind no contract declares, whose implementations then fail the gate.</summary>
    public static KindContract? Of(AlgorithmKind kind) => All.FirstOrDefault(k => k.Kind == kind);

    /// <summary>The contract of an implementation's algorithm's kind.</summary>
    public static KindContract? Of(IImplementation implementation) => Of(implementation.Algorithm.Kind);
}
