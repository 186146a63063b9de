namespace CryptoHarness.Cli;

/// <summary>
/// Where a command reads and prints. <see cref="Interactive"/>: a person is watching a terminal (output not redirected,
/// not <c>CI=true</c>), so tables may be drawn; otherwise every line is plain text.
/// </summary>
public sealed record HarnessConsole(TextWriter Out, TextWriter Error, TextReader In, bool Interactive)
{
    public static HarnessConsole FromSystemConsole() => new(Console.Out, Console.Error, Console.In,
        !Console.IsOutputRedirected && !string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase));

    /// <summary>Plain text into the given writers, standard input from the console: what the tests capture.</summary>
    public static HarnessConsole Plain(TextWriter stdout, TextWriter stderr) => new(stdout, stderr, Console.In, Interactive: false);
}
