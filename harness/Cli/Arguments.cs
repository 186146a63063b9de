using System.Globalization;

namespace CryptoHarness.Cli;

/// <summary>
/// The command line as <c>command --option value --flag</c>. Options are declared per command, so an unknown or
/// misspelled option is an error, never silently ignored.
/// </summary>
public sealed class Arguments
{
    private readonly Dictionary<string, string?> _options = new(StringComparer.Ordinal);
    private readonly Dictionary<string, List<string>> _repeated = new(StringComparer.Ordinal);

    private Arguments(string command) => Command = command;

    public string Command { get; }

    /// <param name="repeatable">Options that may be given more than once; <see cref="Values"/> returns them all.</param>
    public static Arguments Parse(
        IReadOnlyList<string> args, IReadOnlyDictionary<string, IReadOnlySet<string>> commands, IReadOnlySet<string> flags, IReadOnlySet<string>? repeatable = null)
    {
        if (args.Count == 0)
        {
            throw new UsageException($"No command given. Valid commands: {string.Join(", ", commands.Keys)}.");
        }

        var command = args[0];
        if (!commands.TryGetValue(command, out var allowed))
        {
            throw new UsageException($"Unknown command '{command}'. Valid commands: {string.Join(", ", commands.Keys)}.");
        }

        var parsed = new Arguments(command);
        for (var i = 1; i < args.Count; i++)
        {
            var token = args[i];
            if (!token.StartsWith("--", StringComparison.Ordinal) || !allowed.Contains(token[2..]))
            {
                throw new UsageException(
                    $"Unknown option '{token}' for '{command}'. Valid options: {string.Join(", ", allowed.Order(StringComparer.Ordinal).Select(o => "--" + o))}.");
            }

            var name = token[2..];
            if (repeatable?.Contains(name) == true && !flags.Contains(name))
            {
                if (i + 1 >= args.Count)
                {
                    throw new UsageException($"Option '--{name}' needs a value.");
                }

                parsed._options.TryAdd(name, args[i + 1]);
                if (!parsed._repeated.TryGetValue(name, out var values))
                {
                    parsed._repeated[name] = values = [];
                }

                values.Add(args[++i]);
                continue;
            }

            if (parsed._options.ContainsKey(name))
            {
                throw new UsageException($"Option '--{name}' is given twice.");
            }

            if (flags.Contains(name))
            {
                parsed._options[name] = null;
                continue;
            }

            if (i + 1 >= args.Count)
            {
                throw new UsageException($"Option '--{name}' needs a value.");
            }

            parsed._options[name] = args[++i];
        }

        return parsed;
    }

    public bool Has(string name) => _options.ContainsKey(name);

    /// <summary>The option's value; for a repeatable option, the first.</summary>
    public string? Value(string name) => _options.TryGetValue(name, out var value) ? value : null;

    /// <summary>Every value of a repeatable option, in command-line order; empty if absent.</summary>
    public IReadOnlyList<string> Values(string name) => _repeated.TryGetValue(name, out var values) ? values : [];

    /// <summary>Comma-separated positive byte counts, plain or with a binary unit: <c>128,1KiB,64MiB</c>.</summary>
    public IReadOnlyList<int>? Sizes(string name)
    {
        var text = Value(name);
        if (text is null)
        {
            return null;
        }

        var sizes = new List<int>();
        foreach (var part in text.Split(',', StringSplitOptions.TrimEntries))
        {
            sizes.Add(ParseSize(part) ?? throw new UsageException(
                $"Invalid size '{part}' in --{name}. Valid: comma-separated byte counts from 1 to 1GiB, plain or with KiB/MiB/GiB, e.g. 128,1KiB,8KiB,128KiB."));
        }

        return sizes.Distinct().Order().ToArray();
    }

    /// <summary>A whole number of bytes, optionally with KiB, MiB or GiB (powers of 1024, never "KB"); null if invalid.</summary>
    public static int? ParseSize(string text)
    {
        var (digits, multiplier) = text switch
        {
            _ when text.EndsWith("GiB", StringComparison.Ordinal) => (text[..^3], 1L << 30),
            _ when text.EndsWith("MiB", StringComparison.Ordinal) => (text[..^3], 1L << 20),
            _ when text.EndsWith("KiB", StringComparison.Ordinal) => (text[..^3], 1L << 10),
            _ => (text, 1L),
        };
        return long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out var count) && count > 0 && count * multiplier <= 1 << 30
            ? (int)(count * multiplier)
            : null;
    }
}
