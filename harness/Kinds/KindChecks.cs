namespace CryptoHarness.Kinds;

/// <summary>
/// What the gate and every kind's own checks share: the probe a cross-check calls, the seed and inputs every check
/// derives from, and how a check's answer is compared and reported. Here, below the gate, so the kinds need not name
/// the gate that runs them (the gate names the kinds, never the reverse).
/// </summary>
public static class KindChecks
{
    /// <summary>Fixed so that a failure is reproducible from its reported length and offset.</summary>
    public const int Seed = 0x5EED_2026;

    /// <summary>The customization string the gate uses beside the empty one for cSHAKE and KMAC.</summary>
    public static readonly byte[] GateCustomization = System.Text.Encoding.ASCII.GetBytes("crypto-harness gate");

    /// <summary>
    /// One probe of one implementation: its output for the input slice at (length, offset), or null where the
    /// implementation refuses the probe's parameters by its own stated policy (a MAC key length), so it is not compared.
    /// </summary>
    public delegate byte[]? Probe(IImplementation implementation, ReadOnlySpan<byte> input, int length, int offset);

    public static string? Mismatch(string expectedHex, ReadOnlySpan<byte> actual)
    {
        var actualHex = Convert.ToHexStringLower(actual);
        return actualHex == expectedHex ? null : $"expected {expectedHex}, got {actualHex}";
    }

    /// <summary>
    /// Where the outputs disagree, the larger group of agreeing outputs stands and every other implementation fails,
    /// named against the ones it differs from; with no majority every party to the disagreement fails.
    /// </summary>
    public static void FailMinorities(IReadOnlyDictionary<IImplementation, string> outputs, string at, Dictionary<IImplementation, string> failures)
    {
        var groups = outputs.GroupBy(o => o.Value).OrderByDescending(g => g.Count()).ToArray();
        if (groups.Length <= 1)
        {
            return;
        }

        var majority = groups[0].Count() > groups[1].Count() ? groups[0] : null;
        foreach (var group in groups.Where(g => g != majority))
        {
            foreach (var (candidate, _) in group)
            {
                var others = string.Join(", ", outputs.Keys.Where(k => k != candidate && !group.Any(g => g.Key == k)).Select(k => k.Id));
                failures[candidate] = majority is null
                    ? $"disagrees with {others} {at}; no majority to decide which is right"
                    : $"differs from {others} {at}";
            }
        }
    }

    public static string? Guard(Func<string?> check)
    {
        try
        {
            return check();
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            return $"threw {e.GetType().Name}: {e.Message}";
        }
    }

    /// <summary>Deterministic bytes for keys, nonces and associated data, distinct per purpose.</summary>
    public static byte[] Deterministic(int length, int purpose)
    {
        var bytes = new byte[length];
        new Random(Seed + purpose).NextBytes(bytes);
        return bytes;
    }
}
