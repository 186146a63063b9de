using System.Diagnostics;
using System.Globalization;
using BenchmarkDotNet.Loggers;
using CryptoHarness.Gate;
using Spectre.Console;

namespace CryptoHarness.Running;

/// <summary>
/// What a person sees while the gate and the measurement run: cases done of total, the current case, the time elapsed
/// and an estimate of the time left. On an interactive terminal a live display (Spectre.Console); elsewhere (output
/// redirected, <c>CI=true</c>, a test's writer) plain lines at every tenth of the stage and at every new family, with
/// the same facts. BenchmarkDotNet's log always goes to its file in the run folder, and to the console only when
/// verbose; progress is then plain lines too, since a live display and a scrolling log cannot share one terminal.
/// </summary>
public sealed class RunProgress
{
    private readonly TextWriter? _writer;
    private readonly IAnsiConsole? _live;

    private RunProgress(TextWriter? writer, IAnsiConsole? live, ILogger consoleLog)
    {
        _writer = writer;
        _live = live;
        ConsoleLog = consoleLog;
    }

    /// <summary>BenchmarkDotNet's log on the console: the writer's with verbose, none otherwise.</summary>
    public ILogger ConsoleLog { get; }

    /// <summary>True when stages are drawn live rather than written as lines.</summary>
    public bool IsLive => _live is not null;

    /// <param name="quiet">No progress at all (the BenchmarkDotNet log still goes to its file).</param>
    public static RunProgress Create(TextWriter stdout, bool verbose, bool quiet = false)
    {
        var consoleLog = !verbose ? NullLogger.Instance
            : ReferenceEquals(stdout, Console.Out) ? ConsoleLogger.Default
            : new TextLogger(stdout);
        if (quiet)
        {
            return new RunProgress(null, null, consoleLog);
        }

        var live = !verbose && IsInteractive(stdout)
            ? AnsiConsole.Create(new AnsiConsoleSettings { Out = new AnsiConsoleOutput(stdout), Interactive = InteractionSupport.Yes })
            : null;
        return new RunProgress(stdout, live, consoleLog);
    }

    /// <summary>
    /// A terminal a person watches: the process's own standard output, not redirected, and not a CI job (which sets
    /// <c>CI=true</c>; its log is a file however it is shown).
    /// </summary>
    public static bool IsInteractive(TextWriter stdout) =>
        ReferenceEquals(stdout, Console.Out) && !Console.IsOutputRedirected
        && !string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>A line after a stage (where its log went); nothing when quiet.</summary>
    public void WriteLine(string line) => _writer?.WriteLine(line);

    /// <summary>One stage (the gate, the measurement) of <paramref name="total"/> cases; dispose it when the stage ends.</summary>
    public ProgressStage Stage(string title, int total) => new(title, total, _writer, _live);

    /// <summary>The correctness gate, reported per algorithm as it is checked (each counts its implementations).</summary>
    public IReadOnlyList<GateVerdict> VerifyGate(
        IReadOnlyList<IImplementation> selected, IReadOnlyCollection<int> sizes, IReadOnlyList<PasswordParameterSet>? passwordSets)
    {
        using var stage = Stage("Correctness gate", selected.Count);
        var checking = 0;
        var verdicts = CorrectnessGate.Verify(selected, sizes, passwordSets, (algorithm, implementations) =>
        {
            // Named first, so a line written as the previous algorithm completes a tenth names the one now checked.
            stage.Started(algorithm.Name, algorithm.Family);
            stage.Finished(checking);
            checking = implementations;
        });
        stage.Finished(checking);
        return verdicts;
    }
}

/// <summary>The progress of one stage; <see cref="RunProgress"/> says how it is shown.</summary>
public sealed class ProgressStage : IDisposable
{
    private const int Tenths = 10;

    private readonly string _title;
    private readonly TextWriter? _writer;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly Lock _lock = new();
    private readonly ProgressTask? _task;
    private readonly TaskCompletionSource? _stageEnded;
    private readonly Task? _display;
    private int _total;
    private int _done;
    private string _current = "";
    private string? _family;
    private int _tenthsReported;

    internal ProgressStage(string title, int total, TextWriter? writer, IAnsiConsole? live)
    {
        _title = title;
        _total = total;
        _writer = live is null ? writer : null;
        if (live is null)
        {
            return;
        }

        // Spectre draws while its callback runs; the callback waits on another thread for the stage to end, so the
        // caller's thread goes on measuring and only reports counts.
        using var started = new ManualResetEventSlim();
        ProgressTask? task = null;
        _stageEnded = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var ended = _stageEnded.Task;
        _display = Task.Run(() => live.Progress()
            .AutoClear(false)
            .Columns(new TaskDescriptionColumn { Alignment = Justify.Left }, new ProgressBarColumn(), new PercentageColumn(),
                new ElapsedTimeColumn(), new RemainingTimeColumn(), new SpinnerColumn())
            .Start(context =>
            {
                task = context.AddTask(Markup.Escape(title), autoStart: true, maxValue: Math.Max(total, 1));
                started.Set();
                ended.Wait();
                task.Value = task.MaxValue;
                context.Refresh();
            }));
        started.Wait();
        _task = task;
    }

    /// <summary>The number of cases, when it is known only once the stage has begun (BenchmarkDotNet's count).</summary>
    public void SetTotal(int total)
    {
        lock (_lock)
        {
            _total = total;
            _task?.MaxValue = Math.Max(total, 1);
            Show();
        }
    }

    /// <summary>A case begins: what it is and which family it belongs to.</summary>
    public void Started(string current, string family)
    {
        lock (_lock)
        {
            _current = current;
            var newFamily = _family is not null && family != _family;
            _family = family;
            if (_writer is not null && (newFamily || _done == 0))
            {
                WriteLine();
            }

            Show();
        }
    }

    /// <summary><paramref name="count"/> more cases are done.</summary>
    public void Finished(int count = 1)
    {
        if (count == 0)
        {
            return;
        }

        lock (_lock)
        {
            _done += count;
            var tenths = _total == 0 ? 0 : _done * Tenths / _total;
            if (_writer is not null && tenths > _tenthsReported && _done < _total)
            {
                _tenthsReported = tenths;
                WriteLine();
            }

            Show();
        }
    }

    public void Dispose()
    {
        lock (_lock)
        {
            _writer?.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{_title}: {_done}/{_total} done in {Duration(_clock.Elapsed)}."));
        }

        if (_stageEnded is not null && _display is not null)
        {
            _stageEnded.TrySetResult();
            _display.GetAwaiter().GetResult();
        }
    }

    /// <summary>The facts of a plain line, also the live description: counts, family and case, elapsed and left.</summary>
    internal string Describe()
    {
        var elapsed = _clock.Elapsed;
        var left = _done == 0 || _total <= _done ? null : (TimeSpan?)(elapsed / _done * (_total - _done));
        var percent = _total == 0 ? 0 : 100 * _done / _total;
        return string.Create(CultureInfo.InvariantCulture,
            $"{_title}: {_done}/{_total} ({percent}%), {_family}: {_current}; elapsed {Duration(elapsed)}{(left is { } l ? $", about {Duration(l)} left" : "")}");
    }

    private void WriteLine() => _writer?.WriteLine(Describe());

    private void Show()
    {
        _task?.Description = Markup.Escape(string.Create(CultureInfo.InvariantCulture, $"{_title} {_done}/{_total} · {_family} · {_current}"));
        _task?.Value = _done;
    }

    private static string Duration(TimeSpan span) =>
        span.TotalHours >= 1 ? span.ToString(@"h\:mm\:ss", CultureInfo.InvariantCulture) : span.ToString(@"m\:ss", CultureInfo.InvariantCulture);
}
