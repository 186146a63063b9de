using System.Globalization;

namespace CryptoHarness.Implementations;

/// <summary>A named cost, printed in full wherever it is used, with where its values come from.</summary>
public sealed record PasswordParameterSet(string Name, PasswordHashParameters Parameters, string Source)
{
    /// <summary><c>owasp (m=19456 KiB (19 MiB), t=2, p=1, 32-byte tag)</c>.</summary>
    public string Describe() => $"{Name} ({Parameters.Describe()})";
}

/// <summary>
/// The named password-hash costs the harness sweeps, and the parser for a user's own. One list: the CLI's choices,
/// the benchmark cases and the report headings read it.
/// </summary>
public static class PasswordParameterSets
{
    public static IReadOnlyList<PasswordParameterSet> Argon2 { get; } =
    [
        new("test", PasswordHashParameters.Argon2(1024, 1, 1), "a minimal cost for quick checks"),
        new("owasp", PasswordHashParameters.Argon2(19456, 2, 1), "OWASP Password Storage Cheat Sheet, Argon2id minimum"),
        new("rfc9106", PasswordHashParameters.Argon2(65536, 3, 4), "RFC 9106 section 4, second recommended option"),
        new("default", PasswordHashParameters.Argon2(65536, 4, 4), "a common library default (64 MiB, t=4, p=4)"),
        new("default-p1", PasswordHashParameters.Argon2(65536, 4, 1), "the default set on one lane: what libsodium and NSec can run, and the baseline the pages divide p=4 by"),
        new("high", PasswordHashParameters.Argon2(262144, 6, 4, 64), "a high-cost setting for key derivation"),
    ];

    public static IReadOnlyList<PasswordParameterSet> Bcrypt { get; } =
    [
        new("cost10", PasswordHashParameters.Bcrypt(10), "BCrypt.Net's and many frameworks' default"),
        new("cost12", PasswordHashParameters.Bcrypt(12), "a common hardened choice"),
    ];

    public static PasswordParameterSet FindArgon2(string name) =>
        Argon2.FirstOrDefault(s => string.Equals(s.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw new SelectionException($"Unknown Argon2 parameter set '{name}'. Valid sets: {string.Join(", ", Argon2.Select(s => s.Describe()))}; or --argon2 m=KiB,t=N,p=N[,len=N].");

    /// <summary>
    /// A user's Argon2 set, <c>m=65536,t=3,p=4[,len=32]</c> (m in KiB; <c>m=64MiB</c> also accepted), named by its
    /// compact form. Every value is range-checked here, before anything is allocated.
    /// </summary>
    public static PasswordParameterSet ParseArgon2(string text)
    {
        var values = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var part in text.Split(',', StringSplitOptions.TrimEntries))
        {
            var equals = part.IndexOf('=', StringComparison.Ordinal);
            var key = equals < 0 ? part : part[..equals];
            if (equals < 0 || key is not ("m" or "t" or "p" or "len") || values.ContainsKey(key)
                || ParseCount(part[(equals + 1)..], key == "m") is not { } value)
            {
                throw new SelectionException($"Invalid --argon2 '{text}' at '{part}'. Valid: m=<KiB, or with MiB/GiB>,t=<passes>,p=<lanes>[,len=<tag bytes>], each once, e.g. m=65536,t=3,p=4.");
            }

            values[key] = value;
        }

        foreach (var required in new[] { "m", "t", "p" })
        {
            if (!values.ContainsKey(required))
            {
                throw new SelectionException($"Invalid --argon2 '{text}': {required}= is missing. Valid: m=<KiB>,t=<passes>,p=<lanes>[,len=<tag bytes>], e.g. m=65536,t=3,p=4.");
            }
        }

        if (values.Values.Any(v => v > int.MaxValue))
        {
            var (key, value) = values.First(v => v.Value > int.MaxValue);
            throw new SelectionException(key == "m"
                ? $"Invalid --argon2 '{text}': m={value} KiB ({value / 1073741824.0:0.##} TiB) is beyond what Argon2 implementations here address; valid: m ≤ {int.MaxValue} KiB and within this machine's memory."
                : $"Invalid --argon2 '{text}': {key}={value} is out of range; valid: 1 to {int.MaxValue}.");
        }

        var parameters = PasswordHashParameters.Argon2((int)values["m"], (int)values["t"], (int)values["p"], values.TryGetValue("len", out var len) ? (int)len : 32);
        if (parameters.Problem() is { } problem)
        {
            throw new SelectionException($"Invalid --argon2 '{text}': {problem}");
        }

        return new PasswordParameterSet(parameters.Compact(), parameters, "given on the command line");
    }

    /// <summary>bcrypt sets by cost, <c>10</c> or <c>10,12</c>; the named sets are cost10 and cost12.</summary>
    public static IReadOnlyList<PasswordParameterSet> ParseBcryptCosts(string text)
    {
        var sets = new List<PasswordParameterSet>();
        foreach (var part in text.Split(',', StringSplitOptions.TrimEntries))
        {
            if (!int.TryParse(part, NumberStyles.None, CultureInfo.InvariantCulture, out var cost) || cost is < 4 or > 31)
            {
                throw new SelectionException($"Invalid --bcrypt-cost '{part}'. Valid: whole numbers from 4 to 31, comma-separated, e.g. 10,12.");
            }

            sets.Add(Bcrypt.FirstOrDefault(s => s.Parameters.Cost == cost)
                ?? new PasswordParameterSet($"cost{cost}", PasswordHashParameters.Bcrypt(cost), "given on the command line"));
        }

        return sets.DistinctBy(s => s.Parameters.Cost).ToArray();
    }

    private static long? ParseCount(string text, bool memory)
    {
        var multiplier = 1L;
        if (memory && text.EndsWith("GiB", StringComparison.Ordinal))
        {
            (text, multiplier) = (text[..^3], 1L << 20);
        }
        else if (memory && text.EndsWith("MiB", StringComparison.Ordinal))
        {
            (text, multiplier) = (text[..^3], 1L << 10);
        }
        else if (memory && text.EndsWith("KiB", StringComparison.Ordinal))
        {
            text = text[..^3];
        }

        return long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value <= (long.MaxValue >> 20)
            ? value * multiplier
            : null;
    }
}
