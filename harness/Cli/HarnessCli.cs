using System.CommandLine;
using System.CommandLine.Help;
using System.Reflection;
using System.CommandLine.Invocation;
using System.CommandLine.Parsing;
using CryptoHarness.Cli.Commands;

namespace CryptoHarness.Cli;

/// <summary>
/// <c>harness list | verify | run | leaks | report | compare | paired | touched | merge | site</c>, each with <c>--help</c>. Exit
/// codes: 0 success; 1 an implementation failed the gate or its benchmark, or (compare) a regression was found; 2 bad
/// input (one line naming the value and the valid choices, nothing written).
/// </summary>
public static class HarnessCli
{
    public const int Success = 0;
    public const int ImplementationFailed = 1;
    public const int BadInput = 2;

    private const string ProgramName = "harness";

    /// <summary>No <c>@file</c> expansion: an argument is what the user typed, as it was before System.CommandLine.</summary>
    private static readonly ParserConfiguration Parsing = new() { ResponseFileTokenReplacer = null };

    public static int Run(IReadOnlyList<string> args, TextWriter stdout, TextWriter stderr) => Run(args, HarnessConsole.Plain(stdout, stderr));

    /// <summary>The longest argument taken (a path is at most 4,096 bytes on Linux); a longer one is refused, not echoed.</summary>
    public const int MaxArgumentLength = 4096;

    /// <summary>The longest error line printed: a message quoting a long value is cut, never printed whole.</summary>
    public const int MaxErrorLength = 8192;

    public static int Run(IReadOnlyList<string> args, HarnessConsole console)
    {
        if (args.FirstOrDefault(a => a.Length > MaxArgumentLength) is { } tooLong)
        {
            console.Error.WriteLine(OneLine(FormattableString.Invariant(
                $"harness: an argument of {tooLong.Length:N0} characters ('{tooLong[..40]}…'); valid: at most {MaxArgumentLength:N0} characters (a path, a list of sizes).")));
            return BadInput;
        }

        try
        {
            var parsed = Build(console).Parse(args, Parsing);
            if (parsed.Action is ParseErrorAction)
            {
                // System.CommandLine would print every error and the help text; the convention here is one line.
                console.Error.WriteLine(OneLine($"harness: {ErrorLine(parsed)}"));
                return BadInput;
            }

            return parsed.Invoke(new InvocationConfiguration
            {
                Output = console.Out,
                Error = console.Error,
                // Errors are reported below as one line; a run's own signal handling says which run folder was left.
                EnableDefaultExceptionHandler = false,
                ProcessTerminationTimeout = null,
            });
        }
        catch (Exception e) when (e is UsageException or Implementations.SelectionException or Reporting.TemplateException)
        {
            console.Error.WriteLine(OneLine($"harness: {e.Message}"));
            return BadInput;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A location that passed the checks up front and failed later (a full disk, a folder removed meanwhile):
            // still one line, naming the path the runtime names.
            console.Error.WriteLine(OneLine($"harness: cannot read or write: {e.Message}"));
            return BadInput;
        }
    }

    /// <summary>
    /// An error as one line whatever it quotes: every character that renders as a line break or not at all becomes a
    /// space (CR, LF, NEL, U+2028, U+2029, other controls), and a line longer than <see cref="MaxErrorLength"/> is cut.
    /// </summary>
    internal static string OneLine(string message)
    {
        var line = string.Create(Math.Min(message.Length, MaxErrorLength), message, static (span, text) =>
        {
            for (var i = 0; i < span.Length; i++)
            {
                var c = text[i];
                span[i] = char.IsControl(c) || c is '\u2028' or '\u2029' ? ' ' : c;
            }
        });
        return message.Length > MaxErrorLength ? line[..^1] + "…" : line;
    }

    /// <summary>Parses a command line without running it (used to check the commands the workflows run).</summary>
    internal static ParseResult Parse(IReadOnlyList<string> args) =>
        Build(HarnessConsole.Plain(TextWriter.Null, TextWriter.Null)).Parse(args, Parsing);

    /// <summary>
    /// A plain command named <c>harness</c> rather than a <see cref="RootCommand"/>, which takes its name from the
    /// running executable (<c>Harness</c>, or the test host): help and errors name the program as the README does.
    /// </summary>
    private static Command Build(HarnessConsole console)
    {
        var root = new Command(ProgramName, "Verifies, measures and reports cryptographic implementations for .NET. 'harness <command> --help' describes a command.")
        {
            new HelpOption(),
            new VersionOption { Action = new PrintVersion() },
        };
        root.Subcommands.Add(ListCommand.Create(console));
        root.Subcommands.Add(VerifyCommand.Create(console));
        root.Subcommands.Add(RunCommand.Create(console));
        root.Subcommands.Add(LeaksCommand.Create(console));
        root.Subcommands.Add(ReportCommand.Create(console));
        root.Subcommands.Add(CompareCommand.Create(console));
        root.Subcommands.Add(PairedCommand.Create(console));
        root.Subcommands.Add(TouchedCommand.Create(console));
        root.Subcommands.Add(MergeCommand.Create(console));
        root.Subcommands.Add(SiteCommand.Create(console));
        return root;
    }

    /// <summary>The first thing wrong with the command line, as one line naming the value and what is valid.</summary>
    private static string ErrorLine(ParseResult parsed)
    {
        var command = parsed.CommandResult.Command;
        var isRoot = parsed.CommandResult.Parent is null;
        var commands = string.Join(", ", parsed.RootCommandResult.Command.Subcommands.Select(c => c.Name));
        // An option missing its value takes the next option as one ("--family --results DIR"): name the real mistake.
        if (parsed.CommandResult.Children.OfType<OptionResult>().FirstOrDefault(o => o.Tokens.Count == 1 && command.Options.Any(other => other.Name == o.Tokens[0].Value)) is { } swallowed)
        {
            return NeedsValue(swallowed.Option, command);
        }

        if (parsed.UnmatchedTokens.Count > 0)
        {
            var token = parsed.UnmatchedTokens[0];
            return isRoot && !token.StartsWith('-')
                ? $"Unknown command '{token}'. Valid commands: {commands}."
                : $"Unknown option '{token}' for '{command.Name}'. Valid options: {string.Join(", ", command.Options.Where(o => !o.Hidden).Select(o => o.Name).Order(StringComparer.Ordinal))}.";
        }

        if (isRoot)
        {
            return $"No command given. Valid commands: {commands}; '{ProgramName} --help' describes them.";
        }

        var error = parsed.Errors[0];
        return error.SymbolResult switch
        {
            OptionResult { Tokens.Count: 0 } option => NeedsValue(option.Option, command),
            OptionResult { Tokens.Count: > 1 } option when option.Option.Arity.MaximumNumberOfValues == 1 => $"Option '{option.Option.Name}' is given twice. Valid: once.",
            // The parsers' own refusals already name what is valid.
            _ when error.Message.Contains("valid", StringComparison.OrdinalIgnoreCase) => error.Message,
            _ => $"{error.Message} '{ProgramName} {command.Name} --help' lists what is valid.",
        };
    }

    private static string NeedsValue(Option option, Command command) =>
        $"Option '{option.Name}' needs a value. Valid: {option.HelpName ?? "a value"}; '{ProgramName} {command.Name} --help' describes it.";

    /// <summary>The harness's own version, also when another program (a test host) is the entry assembly.</summary>
    private sealed class PrintVersion : SynchronousCommandLineAction
    {
        public override int Invoke(ParseResult parseResult)
        {
            var assembly = typeof(HarnessCli).Assembly;
            parseResult.InvocationConfiguration.Output.WriteLine(
                assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? assembly.GetName().Version?.ToString() ?? "unknown");
            return Success;
        }
    }
}
