using System.CommandLine;
using System.CommandLine.Parsing;

namespace CryptoHarness.Errors;

/// <summary>
/// A command-line option whose value goes through a parse function that refuses bad input with one line. Here at the
/// bottom, beside <see cref="UsageException"/>, because the command line is not the only layer that declares options:
/// a scenario declares its own in its folder (<c>CryptoHarness.Scenarios</c>), and the command adds them.
/// </summary>
public static class ParsedOption
{
    /// <summary>
    /// An option whose value goes through <paramref name="parse"/>; a <see cref="UsageException"/> or
    /// <see cref="SelectionException"/> it throws becomes the parse error, word for word.
    /// </summary>
    public static Option<T?> Create<T>(string name, string description, string helpName, Func<string, T> parse) => new(name)
    {
        Description = description,
        HelpName = helpName,
        CustomParser = result => Convert(result, parse),
    };

    private static T? Convert<T>(ArgumentResult result, Func<string, T> parse)
    {
        var text = result.Tokens.Count == 1 ? result.Tokens[0].Value : string.Join(' ', result.Tokens.Select(t => t.Value));
        try
        {
            return parse(text);
        }
        catch (Exception e) when (e is UsageException or SelectionException)
        {
            result.AddError(e.Message);
            return default;
        }
    }
}
