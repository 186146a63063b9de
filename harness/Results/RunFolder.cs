namespace CryptoHarness.Results;

/// <summary>
/// A new folder per run, keyed by machine and time; an existing folder is never reused. It holds
/// <see cref="SummaryFile.IncompleteMarker"/> from its creation until its <c>summary.json</c> is written, so a run that
/// was interrupted or crashed leaves a folder that says so, and that report and compare refuse with that reason.
/// </summary>
public static class RunFolder
{
    /// <summary>Where run folders go without <c>--results</c>: the repository's git-ignored <c>artifacts/results</c>.</summary>
    public static string DefaultParent(string root) => Path.Combine(root, "artifacts", "results");

    /// <summary>
    /// The run folder of a command that measures: both output locations are checked first, so an unwritable one is bad
    /// input before anything is measured, not an exception at the end of the sweep.
    /// </summary>
    public static string Open(string resultsFolder, string outputFolder, string machineKey, DateTimeOffset started, string job)
    {
        OutputFolder.CheckFolder(resultsFolder, "results");
        OutputFolder.CheckFolder(outputFolder, "out");
        return Create(resultsFolder, machineKey, started, job);
    }

    /// <summary>Writes the run's <c>summary.json</c> and marks the folder complete; returns the summary's path.</summary>
    public static string Finish(string runFolder, RunSummary summary)
    {
        var path = OutputFolder.Resolve(runFolder, SummaryFile.FileName);
        SummaryFile.Write(summary, path);
        Complete(runFolder);
        return path;
    }

    /// <summary>
    /// The run a path names: a run folder or its <c>summary.json</c> as given; a folder that holds no summary itself but
    /// one run below it (what <c>run --results DIR</c> was given: DIR/&lt;machine&gt;/&lt;time&gt;-&lt;job&gt;), that run.
    /// Several runs below it are bad input naming them, so a comparison never picks one silently.
    /// </summary>
    public static string Locate(string path, string option)
    {
        if (!Directory.Exists(path) || File.Exists(Path.Combine(path, SummaryFile.FileName)) || File.Exists(Path.Combine(path, SummaryFile.IncompleteMarker)))
        {
            return path;
        }

        var runs = InputFile.Files(path, SummaryFile.FileName, recurse: true)
            .Select(file => Path.GetDirectoryName(file)!)
            .ToArray();
        return runs.Length switch
        {
            0 => path, // the summary loader says what is missing, or what the folder holds instead
            1 => runs[0],
            _ => throw new UsageException(
                $"{option} {path}: {runs.Length} runs in this folder; valid: one of them, {string.Join(", ", runs.Select(r => Path.GetRelativePath(path, r)))} (below {path})."),
        };
    }

    public static string Create(string baseDirectory, string machineKey, DateTimeOffset started, string job)
    {
        var stem = OutputFolder.Resolve(baseDirectory, Path.Combine(machineKey,
            $"{started.UtcDateTime.ToString("yyyyMMdd'T'HHmmss'Z'", System.Globalization.CultureInfo.InvariantCulture)}-{job}"));
        for (var attempt = 0; ; attempt++)
        {
            var candidate = attempt == 0 ? stem : $"{stem}-{attempt}";
            if (!Directory.Exists(candidate) && !File.Exists(candidate))
            {
                Directory.CreateDirectory(candidate);
                File.WriteAllText(Path.Combine(candidate, SummaryFile.IncompleteMarker),
                    $"This run has not finished: {SummaryFile.FileName} is written when it does, and this file removed. If it is still here, the run was interrupted or failed; nothing in this folder was rendered.\n");
                return candidate;
            }
        }
    }

    /// <summary>The run wrote its summary: the folder is complete.</summary>
    private static void Complete(string runFolder) => File.Delete(Path.Combine(runFolder, SummaryFile.IncompleteMarker));

    /// <summary>The line printed when a run is stopped by a signal (Ctrl+C, SIGTERM) before it finished.</summary>
    public static string InterruptedMessage(string runFolder) =>
        $"harness: interrupted; {runFolder} is incomplete (it holds {SummaryFile.IncompleteMarker}, no {SummaryFile.FileName}) and no report was written.";

    /// <summary>
    /// Until disposed, a Ctrl+C or SIGTERM prints <see cref="InterruptedMessage"/> to <paramref name="stderr"/>; the
    /// signal then ends the process as it would have.
    /// </summary>
    public static IDisposable SayIfInterrupted(string runFolder, TextWriter stderr)
    {
        void Say(System.Runtime.InteropServices.PosixSignalContext context)
        {
            if (File.Exists(Path.Combine(runFolder, SummaryFile.IncompleteMarker)))
            {
                stderr.WriteLine(InterruptedMessage(runFolder));
                stderr.Flush();
            }
        }

        return new Registrations(
        [
            System.Runtime.InteropServices.PosixSignalRegistration.Create(System.Runtime.InteropServices.PosixSignal.SIGINT, Say),
            System.Runtime.InteropServices.PosixSignalRegistration.Create(System.Runtime.InteropServices.PosixSignal.SIGTERM, Say),
        ]);
    }

    private sealed class Registrations(IReadOnlyList<IDisposable> registrations) : IDisposable
    {
        public void Dispose()
        {
            foreach (var registration in registrations)
            {
                registration.Dispose();
            }
        }
    }
}
