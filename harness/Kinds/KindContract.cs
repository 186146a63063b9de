using CryptoHarness.Formatting;

namespace CryptoHarness.Kinds;

/// <summary>
/// What one algorithm kind (hash, XOF, MAC, AEAD, password hash) is to the harness, declared once: the contract its
/// implementations follow, how its known answers are checked, what the cross-check compares, what else the gate checks
/// of it, and the operations a benchmark times; and, as <see cref="IKindPresentation"/>, what the pages and the site say
/// of it. The gate and the benchmarks read the kinds through <see cref="KindRegistry.All"/>, the reports through
/// <see cref="KindRegistry.Presentations"/>; nothing else switches on <see cref="AlgorithmKind"/> or on a kind's name.
/// </summary>
public abstract class KindContract : IKindPresentation
{
    public abstract AlgorithmKind Kind { get; }

    public string Name => RunDescription.KindName(Kind);

    public abstract string SiteArea { get; }

    /// <summary>By default none: the kind's pages say it otherwise.</summary>
    public virtual string? Parameters(AlgorithmInfo algorithm) => null;

    /// <summary>By default none: the kind's operations are titled by the scenario that times them.</summary>
    public virtual OperationLabel? Label(string operation) => null;

    /// <summary>Whether the implementation has the interface this kind's algorithms are measured through.</summary>
    public abstract bool FollowsContract(IImplementation implementation);

    /// <summary>The first known answer the implementation gets wrong, in words; null when it meets them.</summary>
    public abstract string? CheckKnownAnswers(IImplementation implementation);

    /// <summary>The cross-check probes, each with the words that name it in a failure; none for a kind checked otherwise.</summary>
    public virtual IEnumerable<(KindChecks.Probe Probe, string What)> Probes(Algorithm algorithm) => [];

    /// <summary>The longest input <see cref="CheckProperties"/> reads from the shared input, beyond the cross-check's.</summary>
    public virtual int LongestPropertyInput => 0;

    /// <summary>What the gate checks of this kind beyond agreeing outputs; failures go into <paramref name="failures"/>.</summary>
    /// <param name="passwordSets">The password parameter sets about to be timed.</param>
    public virtual void CheckProperties(
        Algorithm algorithm, IReadOnlyList<IImplementation> candidates, IReadOnlyCollection<int> benchmarkSizes, byte[] input,
        IReadOnlyList<PasswordParameterSet> passwordSets, Dictionary<IImplementation, string> failures)
    {
    }

    /// <summary>The associated data each timed operation passes, recorded with the algorithm; 0 for a kind that takes none.</summary>
    public virtual int AssociatedDataBytes => 0;

    /// <summary>The operation names the one-shot sweep times an implementation under; none for a kind timed elsewhere.</summary>
    public virtual IReadOnlyList<string> Operations(IImplementation implementation) => [];

    /// <summary>The timed call of one operation on <paramref name="input"/>; null for an operation this kind does not have.</summary>
    public virtual Workload? CreateWorkload(IImplementation implementation, string operation, byte[] input) => null;

    /// <summary>
    /// Each of the algorithm's known answers through <paramref name="check"/> but those <paramref name="skip"/> passes
    /// over; the first failure, named by the answer and its source.
    /// </summary>
    protected static string? CheckEachAnswer(IImplementation implementation, Func<KnownAnswer, string?> check, Func<KnownAnswer, bool>? skip = null)
    {
        foreach (var answer in implementation.Algorithm.KnownAnswers)
        {
            if (skip?.Invoke(answer) == true)
            {
                continue;
            }

            string? failure;
            try
            {
                failure = check(answer);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                failure = $"threw {e.GetType().Name}: {e.Message}";
            }

            if (failure is not null)
            {
                return $"known answer {answer.Description} ({answer.Source}): {failure}";
            }
        }

        return null;
    }

    /// <summary>A known answer's expected output, cut to the length the implementation produces (a longer published output).</summary>
    protected static string Prefix(KnownAnswer answer, int outputBytes) => answer.ExpectedHex[..Math.Min(answer.ExpectedHex.Length, outputBytes * 2)];
}

/// <summary>
/// A kind measured through one contract interface, <typeparamref name="TImplementation"/>: whether an implementation
/// follows it, each known answer checked through it, and the timed call made on it, each said once here so a kind's
/// file says only what is its own.
/// </summary>
public abstract class KindContract<TImplementation> : KindContract
    where TImplementation : class, IImplementation
{
    public sealed override bool FollowsContract(IImplementation implementation) => implementation is TImplementation;

    public override string? CheckKnownAnswers(IImplementation implementation) =>
        CheckEachAnswer(implementation, answer => CheckAnswer((TImplementation)implementation, answer));

    public sealed override Workload? CreateWorkload(IImplementation implementation, string operation, byte[] input) =>
        implementation is TImplementation typed ? CreateWorkload(typed, operation, input) : null;

    /// <summary>One known answer through the contract: what is wrong, in words, or null.</summary>
    protected abstract string? CheckAnswer(TImplementation implementation, KnownAnswer answer);

    /// <inheritdoc cref="KindContract.CreateWorkload"/>
    protected abstract Workload? CreateWorkload(TImplementation implementation, string operation, byte[] input);
}
