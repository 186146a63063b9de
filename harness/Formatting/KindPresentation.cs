namespace CryptoHarness.Formatting;

/// <summary>
/// What the pages say of one algorithm kind, declared by the kind itself (each <c>KindContract</c> in
/// <c>harness/Kinds/</c> is one): its name as results files record it, the site area that shows its algorithms, the
/// sentence that states the parameters its tables were measured with, and how its operations are ordered and titled.
/// It sits below the gate and the reports, so the kinds declare it and the reports read it without the reports naming
/// the gate: the reports get the registered kinds handed in (<see cref="KindPresentations"/>).
/// </summary>
public interface IKindPresentation
{
    /// <summary>The kind as <c>algorithms[].kind</c> of a results file records it (<see cref="RunDescription.KindName"/>).</summary>
    string Name { get; }

    /// <summary>
    /// The documentation site's area page that shows this kind's algorithms: <c>docs/&lt;area&gt;.md</c>, rendered from
    /// <c>templates/site/&lt;area&gt;.md.sbn</c>. Several kinds may share one.
    /// </summary>
    string SiteArea { get; }

    /// <summary>The parameters every table of an algorithm's page was measured with, in words; null when the kind's pages say it otherwise.</summary>
    string? Parameters(AlgorithmInfo algorithm);

    /// <summary>How the pages order and title one of this kind's operations; null for an operation that is not this kind's.</summary>
    OperationLabel? Label(string operation);
}

/// <summary>One of a kind's operations as a page shows it.</summary>
/// <param name="Order">Its place among the kind's operations, lowest first.</param>
/// <param name="Title">Its title beside the payload size; empty where the kind has a single operation.</param>
public sealed record OperationLabel(int Order, string Title);

/// <summary>
/// The registered kinds as the reports read them: by the kind name a results file records, or by an operation name a
/// record carries. A name no kind has (an old or hand-edited file) is answered with null; the reports then fall back
/// to what they can say without the kind.
/// </summary>
public sealed class KindPresentations(IReadOnlyList<IKindPresentation> kinds)
{
    /// <summary>Every kind, in registration order.</summary>
    public IReadOnlyList<IKindPresentation> All { get; } = kinds;

    /// <summary>The kind named so in a results file; null for a name no kind has.</summary>
    public IKindPresentation? Named(string name) => All.FirstOrDefault(k => k.Name == name);

    /// <summary>The kind whose operation this is; null for an operation no kind has (another scenario's, or a hand-edited file's).</summary>
    public IKindPresentation? Owning(string operation) => All.FirstOrDefault(k => k.Label(operation) is not null);

    /// <summary>
    /// Operations in their kind's order, kinds in registration order, and an operation no kind has after all of them:
    /// on one algorithm's page, whose operations are its kind's, the kind's own order.
    /// </summary>
    public (int Kind, int Operation) OperationOrder(string operation)
    {
        for (var index = 0; index < All.Count; index++)
        {
            if (All[index].Label(operation) is { } label)
            {
                return (index, label.Order);
            }
        }

        return (int.MaxValue, 0);
    }

    /// <summary>How an operation is titled beside the size: its kind's title, or the operation's own name when no kind has it.</summary>
    public string OperationTitle(string operation) => Owning(operation)?.Label(operation)?.Title ?? operation;
}
