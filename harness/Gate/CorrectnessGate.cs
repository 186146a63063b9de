using CryptoHarness.Implementations;

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
/// larger group of agreeing outputs stands; with no majority every party to the disagreement fails.
/// </summary>
public static class CorrectnessGate
{
    /// <summary>Fixed so that a failure is reproducible from its reported length and offset.</summary>
    public const int Seed = 0x5EED_2026;

    private const int MaxUnalignedOffset = 7;

    public static IReadOnlyList<GateVerdict> Verify(IReadOnlyList<IImplementation> implementations, IReadOnlyCollection<int> benchmarkSizes)
    {
        var verdicts = new Dictionary<string, GateVerdict>(StringComparer.Ordinal);
        foreach (var group in implementations.GroupBy(i => i.Algorithm))
        {
            var candidates = new List<IHashImplementation>();
            foreach (var implementation in group)
            {
                var support = implementation.Support;
                if (!support.IsSupported)
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Unsupported, support.Reason);
                }
                else if (implementation is not IHashImplementation hash)
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Failed, $"no gate for kind {implementation.GetType().Name}");
                }
                else if (CheckKnownAnswers(hash) is { } kaFailure)
                {
                    verdicts[implementation.Id] = new(implementation, GateStatus.Failed, kaFailure);
                }
                else
                {
                    candidates.Add(hash);
                }
            }

            foreach (var (implementation, reason) in CrossCheck(group.Key, candidates, benchmarkSizes))
            {
                verdicts[implementation.Id] = new(implementation, reason is null ? GateStatus.Passed : GateStatus.Failed, reason);
            }
        }

        return implementations.Select(i => verdicts[i.Id]).ToArray();
    }

    private static string? CheckKnownAnswers(IHashImplementation implementation)
    {
        var output = new byte[implementation.OutputBytes];
        foreach (var answer in implementation.Algorithm.KnownAnswers)
        {
            try
            {
                implementation.Hash(answer.Input, output);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                return $"threw {e.GetType().Name} on known answer {answer.Description} ({answer.Source}): {e.Message}";
            }

            var expected = answer.ExpectedHex[..Math.Min(answer.ExpectedHex.Length, output.Length * 2)];
            var actual = Convert.ToHexStringLower(output);
            if (actual != expected)
            {
                return $"known answer {answer.Description} ({answer.Source}): expected {expected}, got {actual}";
            }
        }

        return null;
    }

    /// <summary>The lengths every implementation of <paramref name="algorithm"/> is compared at.</summary>
    public static IReadOnlyList<int> CrossCheckLengths(Algorithm algorithm, IReadOnlyCollection<int> benchmarkSizes) =>
        Enumerable.Range(0, (4 * algorithm.BlockBytes) + 2).Concat(benchmarkSizes).Distinct().Order().ToArray();

    private static IEnumerable<(IHashImplementation, string?)> CrossCheck(
        Algorithm algorithm, List<IHashImplementation> candidates, IReadOnlyCollection<int> benchmarkSizes)
    {
        var failures = new Dictionary<IHashImplementation, string>();
        if (candidates.Count < 2)
        {
            return candidates.Select(c => (c, (string?)null));
        }

        var lengths = CrossCheckLengths(algorithm, benchmarkSizes);
        var random = new Random(Seed);
        var buffer = new byte[lengths[^1] + MaxUnalignedOffset];
        random.NextBytes(buffer);
        var outputs = candidates.ToDictionary(c => c, c => new byte[c.OutputBytes]);

        foreach (var length in lengths)
        {
            // Offset 0 everywhere; offsets 1..7 around block edges and at the benchmark sizes, where alignment matters.
            var offsets = length % algorithm.BlockBytes <= 1 || length % algorithm.BlockBytes == algorithm.BlockBytes - 1 || benchmarkSizes.Contains(length)
                ? Enumerable.Range(0, MaxUnalignedOffset + 1)
                : [0];
            foreach (var offset in offsets)
            {
                var input = buffer.AsSpan(offset, length);
                var active = candidates.Where(c => !failures.ContainsKey(c)).ToArray();
                if (active.Length < 2)
                {
                    break;
                }

                foreach (var candidate in active)
                {
                    try
                    {
                        candidate.Hash(input, outputs[candidate]);
                    }
                    catch (Exception e) when (e is not OutOfMemoryException)
                    {
                        failures[candidate] = $"threw {e.GetType().Name} at length {length}, offset {offset}: {e.Message}";
                    }
                }

                var groups = active.Where(c => !failures.ContainsKey(c))
                    .GroupBy(c => Convert.ToHexStringLower(outputs[c]))
                    .OrderByDescending(g => g.Count())
                    .ToArray();
                if (groups.Length <= 1)
                {
                    continue;
                }

                var majority = groups[0].Count() > groups[1].Count() ? groups[0] : null;
                foreach (var group in groups.Where(g => g != majority))
                {
                    foreach (var candidate in group)
                    {
                        var others = string.Join(", ", active.Where(a => a != candidate && !group.Contains(a)).Select(a => a.Id));
                        failures[candidate] = majority is null
                            ? $"disagrees with {others} at length {length}, offset {offset} (seed {Seed}); no majority to decide which is right"
                            : $"differs from {others} at length {length}, offset {offset} (seed {Seed})";
                    }
                }
            }
        }

        return candidates.Select(c => (c, failures.TryGetValue(c, out var reason) ? reason : null));
    }
}
