namespace CryptoHarness.Implementations;

/// <summary>
/// How a filter's text becomes registry names. Users type the names of other tools' docs (<c>SHA256</c>,
/// <c>AesGcm128</c>, <c>Blake2b512</c>): a name that differs from one of ours only in case, hyphens, spaces,
/// underscores, slashes or the order of its parts is taken as that name. A name that could be several is refused with
/// its candidates, never guessed; an unknown one gets the nearest names, not a list of everything.
/// </summary>
public static partial class Registry
{
    /// <summary>
    /// Names that stand for several families because users say them for the group: the seed's docs have one "BLAKE"
    /// page for BLAKE2 and BLAKE3. Each member must be a registered family (checked by a test).
    /// </summary>
    public static IReadOnlyList<FamilyGroup> FamilyGroups { get; } =
    [
        new("BLAKE", [AlgorithmFamily.Blake2.Name, AlgorithmFamily.Blake3.Name]),
    ];

    /// <summary>
    /// The families and algorithms <paramref name="text"/> stands for (as registered: exact case), for <c>--family</c>,
    /// which takes either.
    /// </summary>
    /// <exception cref="SelectionException">It stands for none, or it could be several.</exception>
    public static IReadOnlyList<string> ResolveFamilyOrAlgorithm(string text)
    {
        var group = FamilyGroups.FirstOrDefault(g => string.Equals(g.Name, text, StringComparison.OrdinalIgnoreCase));
        if (group is not null)
        {
            return group.Families;
        }

        var names = Families.Concat(Algorithms.Select(a => a.Name)).Distinct(StringComparer.OrdinalIgnoreCase).ToArray();
        return [Resolve(text, names, "family", $"Valid families: {string.Join(", ", Families)}; or an algorithm name from `harness list`")];
    }

    /// <summary>The algorithm <paramref name="text"/> stands for, for <c>--algorithm</c>.</summary>
    public static string ResolveAlgorithm(string text) =>
        Resolve(text, Algorithms.Select(a => a.Name).ToArray(), "algorithm", "Valid algorithms: every name `harness list` prints");

    internal static string Resolve(string text, IReadOnlyList<string> names, string what, string validChoices)
    {
        var exact = names.FirstOrDefault(n => string.Equals(n, text, StringComparison.OrdinalIgnoreCase));
        if (exact is not null)
        {
            return exact;
        }

        var shown = Shown(text);
        var key = Spelling(text);
        if (key.Length > 0)
        {
            // The same letters and digits in the same order (SHA256 → SHA-256), then in another order (AesGcm128 →
            // AES-128-GCM): the second only where the parts are whole, so a transposed digit is not taken.
            var same = names.Where(n => Spelling(n) == key).ToArray();
            if (same.Length == 0)
            {
                var parts = Parts(text);
                same = names.Where(n => Parts(n) == parts).ToArray();
            }

            if (same.Length == 1)
            {
                return same[0];
            }

            if (same.Length > 1)
            {
                throw new SelectionException($"Ambiguous {what} '{shown}': it could be {string.Join(", ", same)}; give one of them.");
            }
        }

        var near = names
            .Select(n => (Name: n, Distance: EditDistance(Spelling(n), key)))
            .Where(c => key.Length > 0 && c.Distance <= Math.Max(1, key.Length / 4))
            .OrderBy(c => c.Distance)
            .Select(c => c.Name)
            .Take(4)
            .ToArray();
        var prefixed = near.Length > 0 || key.Length < 2
            ? near
            : names.Where(n => Spelling(n).StartsWith(key, StringComparison.Ordinal)).Take(6).ToArray();
        var suggestion = prefixed.Length switch
        {
            0 => "",
            1 => $" Did you mean {prefixed[0]}?",
            _ => $" Did you mean one of {string.Join(", ", prefixed)}?",
        };
        throw new SelectionException($"Unknown {what} '{shown}'.{suggestion} {validChoices}.");
    }

    /// <summary>Lower-case letters and digits only: what is left when case and separators are set aside.</summary>
    private static string Spelling(string name) =>
        string.Concat(name.Where(char.IsAsciiLetterOrDigit).Select(char.ToLowerInvariant));

    /// <summary>
    /// The name's parts (runs of letters, runs of digits; a capital after a small letter starts a part), sorted: equal
    /// for AesGcm128 and AES-128-GCM, different for SHA-512/256 and SHA-256/512's digits in another order only where
    /// the parts themselves differ.
    /// </summary>
    private static string Parts(string name)
    {
        var parts = new List<string>();
        var current = new System.Text.StringBuilder();
        char previous = '\0';
        foreach (var c in name)
        {
            var boundary = !char.IsAsciiLetterOrDigit(c)
                || (current.Length > 0 && (char.IsAsciiDigit(c) != char.IsAsciiDigit(previous)
                    || (char.IsAsciiLetterUpper(c) && char.IsAsciiLetterLower(previous))));
            if (boundary && current.Length > 0)
            {
                parts.Add(current.ToString().ToLowerInvariant());
                current.Clear();
            }

            if (char.IsAsciiLetterOrDigit(c))
            {
                current.Append(c);
            }

            previous = c;
        }

        if (current.Length > 0)
        {
            parts.Add(current.ToString().ToLowerInvariant());
        }

        parts.Sort(StringComparer.Ordinal);
        return string.Join('|', parts);
    }

    private static int EditDistance(string a, string b)
    {
        var previous = new int[b.Length + 1];
        var current = new int[b.Length + 1];
        for (var j = 0; j <= b.Length; j++)
        {
            previous[j] = j;
        }

        for (var i = 1; i <= a.Length; i++)
        {
            current[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                current[j] = Math.Min(Math.Min(current[j - 1], previous[j]) + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
            }

            (previous, current) = (current, previous);
        }

        return previous[b.Length];
    }

    /// <summary>The text as an error may echo it: one line, at most 64 characters.</summary>
    private static string Shown(string text)
    {
        var line = string.Concat(text.Select(c => char.IsControl(c) || char.IsSeparator(c) && c != ' ' ? '?' : c));
        return line.Length <= 64 ? line : line[..61] + "...";
    }
}

/// <summary>A name that stands for several families (<c>BLAKE</c>: BLAKE2 and BLAKE3).</summary>
public sealed record FamilyGroup(string Name, IReadOnlyList<string> Families);
