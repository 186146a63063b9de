using CryptoHarness.Kinds;
using static CryptoHarness.Kinds.KindChecks;

namespace CryptoHarness.Gate;

public enum GateStatus
{
    Passed,
    Failed,
    Unsupported,
}

/// <summary>What the gate decided for one implementation, and why when it did not pass.</summary>
public sealed record GateVerdict(IImplementation Implementation, GateStatus Status, string? Reason)
{
    public string Id => Implementation.Id;
}

/// <summary>
/// Nothing is timed before its output is verified. For each implementation: the algorithm's known answers; then, across
/// all implementations of one algorithm, identical output on the same pseudo-random inputs at every length from 0 to
/// four blocks, at every benchmarked size, and from unaligned source slices. Where implementations disagree, the
/// larger group of agreeing outputs stands; with no majority every party to the disagreement fails. Each kind (hash,
/// XOF, MAC, AEAD, password hash) says in its <see cref="KindContract"/> what "output" means for it and what else it
/// must satisfy; a batch API is checked lane by lane after the cross-check, against an implementation that passed it.
/// </summary>
public static partial class CorrectnessGate
{
    /// <summary>Fixed so that a failure is reproducible from its reported length and offset.</summary>
    public const int Seed = KindChecks.Seed;

    private const int MaxUnalignedOffset = 7;

    /// <param name="passwordSets">The password-hash parameter sets about to be timed; each is checked as run. None: only the small sets.</param>
    /// <param name="checking">Told each algorithm before its implementations (how many) are checked, for a progress display.</param>
    public static IReadOnlyList<GateVerdict> Verify(
        IReadOnlyList<IImplementation> implementations, IReadOnlyCollection<int> benchmarkSizes, IReadOnlyList<PasswordParameterSet>? passwordSets = null,
        Action<Algorithm, int>? checking = null)
    {
        var verdicts = new Dictionary<string, GateVerdict>(StringComparer.Ordinal);
        foreach (var group in implementations.GroupBy(i => i.Algorithm))
        {
            var algorithm = group.Key;
            var kind = KindRegistry.Of(algorithm.Kind);
            checking?.Invoke(algorithm, group.Count());
            var candidates = new List<IImplementation>();
            foreach (var implementation in group)
            {
                var support = implementation.Support;
                if (!support.IsSupported)
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Unsupported, support.Reason);
                }
                else if (kind is null || !kind.FollowsContract(implementation))
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Failed, $"{implementation.GetType().Name} does not implement the {algorithm.Kind} contract");
                }
                else if (Guard(() => kind.CheckKnownAnswers(implementation)) is { } kaFailure)
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Failed, kaFailure);
                }
                else if (implementation is IStreamingHashImplementation streaming && Guard(() => CheckIncremental(streaming)) is { } incrementalFailure)
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Failed, incrementalFailure);
                }
                else
                {
                    candidates.Add(implementation);
                }
            }

            var failures = new Dictionary<IImplementation, string>();
            if (kind is not null)
            {
                var input = SharedInput(algorithm, kind, benchmarkSizes);
                foreach (var (probe, what) in kind.Probes(algorithm))
                {
                    CrossCheck(algorithm, candidates, benchmarkSizes, input, probe, what, failures);
                }

                kind.CheckProperties(algorithm, candidates, benchmarkSizes, input, passwordSets ?? [], failures);
            }

            CheckBatches(algorithm, candidates, failures);

            foreach (var candidate in candidates)
            {
                verdicts[candidate.Id] = failures.TryGetValue(candidate, out var reason)
                    ? new(candidate, GateStatus.Failed, reason)
                    : new(candidate, GateStatus.Passed, null);
            }
        }

        return implementations.Select(i => verdicts[i.Id]).ToArray();
    }

    /// <summary>The lengths every implementation of <paramref name="algorithm"/> is compared at.</summary>
    public static IReadOnlyList<int> CrossCheckLengths(Algorithm algorithm, IReadOnlyCollection<int> benchmarkSizes) =>
        Enumerable.Range(0, (4 * algorithm.BlockBytes) + 2).Concat(benchmarkSizes).Distinct().Order().ToArray();

    /// <summary>Every slice of the shared pseudo-random buffer the cross-check feeds to each probe.</summary>
    private static IEnumerable<(int Length, int Offset)> Slices(Algorithm algorithm, IReadOnlyCollection<int> benchmarkSizes)
    {
        foreach (var length in CrossCheckLengths(algorithm, benchmarkSizes))
        {
            // Offset 0 everywhere; offsets 1..7 around block edges and at the benchmark sizes, where alignment matters.
            var edge = length % algorithm.BlockBytes <= 1 || length % algorithm.BlockBytes == algorithm.BlockBytes - 1 || benchmarkSizes.Contains(length);
            for (var offset = 0; offset <= (edge ? MaxUnalignedOffset : 0); offset++)
            {
                yield return (length, offset);
            }
        }
    }

    /// <summary>
    /// Long enough for every cross-check slice and for the kind's property checks (the AEAD's fixed lengths, which exceed
    /// the cross-check's when the block is small and the sizes are few: AEGIS-256 at --sizes 128).
    /// </summary>
    private static byte[] SharedInput(Algorithm algorithm, KindContract kind, IReadOnlyCollection<int> benchmarkSizes)
    {
        var longest = Math.Max(CrossCheckLengths(algorithm, benchmarkSizes)[^1], kind.LongestPropertyInput);
        var buffer = new byte[longest + MaxUnalignedOffset];
        new Random(Seed).NextBytes(buffer);
        return buffer;
    }

    private static void CrossCheck(
        Algorithm algorithm, IReadOnlyList<IImplementation> candidates, IReadOnlyCollection<int> benchmarkSizes, byte[] buffer, Probe probe, string what,
        Dictionary<IImplementation, string> failures)
    {
        if (candidates.Count(c => !failures.ContainsKey(c)) < 2)
        {
            return;
        }

        var outputs = new Dictionary<IImplementation, byte[]>();
        foreach (var (length, offset) in Slices(algorithm, benchmarkSizes))
        {
            var active = candidates.Where(c => !failures.ContainsKey(c)).ToArray();
            if (active.Length < 2)
            {
                return;
            }

            var at = $"{what} at length {length}, offset {offset} (seed {Seed})";
            foreach (var candidate in active)
            {
                try
                {
                    if (probe(candidate, buffer.AsSpan(offset, length), length, offset) is { } output)
                    {
                        outputs[candidate] = output;
                    }
                    else
                    {
                        outputs.Remove(candidate);
                    }
                }
                catch (Exception e) when (e is not OutOfMemoryException)
                {
                    failures[candidate] = $"threw {e.GetType().Name} {at}: {e.Message}";
                }
            }

            FailMinorities(active.Where(c => !failures.ContainsKey(c) && outputs.ContainsKey(c)).ToDictionary(c => c, c => Convert.ToHexStringLower(outputs[c])), at, failures);
        }
    }

    /// <summary>
    /// The incremental API, fed in uneven pieces (and in the streaming scenario's 64 KiB chunks), must give the one-shot
    /// result, which the cross-check verifies; and a hasher must be reusable after it finishes.
    /// </summary>
    private static string? CheckIncremental(IStreamingHashImplementation implementation)
    {
        var block = implementation.Algorithm.BlockBytes;
        var random = new Random(Seed);
        var buffer = new byte[(3 * 65536) + 7];
        random.NextBytes(buffer);
        var expected = new byte[implementation.OutputBytes];
        var actual = new byte[implementation.OutputBytes];
        using var hasher = implementation.CreateIncremental();
        foreach (var length in new[] { 0, 1, block - 1, block, block + 1, (3 * block) + 5, 1000, 65536, 65537, buffer.Length - 7 })
        {
            foreach (var chunking in new[] { "uneven", "64 KiB" })
            {
                var input = buffer.AsSpan(3, length);
                implementation.Hash(input, expected);
                for (var offset = 0; offset < length;)
                {
                    var piece = chunking == "uneven" ? Math.Min(random.Next(0, (2 * block) + 2), length - offset) : Math.Min(65536, length - offset);
                    hasher.Append(input.Slice(offset, piece));
                    offset += piece;
                }

                hasher.Finish(actual);
                if (!actual.AsSpan().SequenceEqual(expected))
                {
                    return $"incremental hashing of {length} bytes in {chunking} pieces differs from its one-shot hash (seed {Seed})";
                }
            }
        }

        return null;
    }
}
