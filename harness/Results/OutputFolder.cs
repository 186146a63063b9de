namespace CryptoHarness.Results;

/// <summary>
/// Where a command may write. Every write resolves its full path with <see cref="Resolve"/>, which refuses one outside
/// the output folder the command was given (or defaulted to), whatever names a results file carried: a second line of
/// defence behind <see cref="SummaryValidation"/>. <see cref="CheckFolder"/> and <see cref="CheckFile"/> check a location
/// before any work, so an unwritable one is bad input at once rather than an exception after minutes of measuring.
/// </summary>
public static class OutputFolder
{
    private static readonly StringComparison PathComparison =
        OperatingSystem.IsWindows() || OperatingSystem.IsMacOS() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;

    /// <summary>
    /// The full path of <paramref name="path"/> (relative to <paramref name="folder"/>, or already full), if it lies
    /// inside <paramref name="folder"/>, also after following every link on the way.
    /// </summary>
    /// <exception cref="UsageException">The path resolves outside the folder.</exception>
    public static string Resolve(string folder, string path)
    {
        var root = Path.TrimEndingDirectorySeparator(Path.GetFullPath(folder));
        string full;
        try
        {
            full = Path.GetFullPath(Path.Combine(root, path));
        }
        catch (ArgumentException)
        {
            throw Outside(root, path);
        }

        if (!IsInside(root, full))
        {
            throw Outside(root, path);
        }

        // Every link on the way counts, not only the last one of each folder: charts -> sub/x with sub -> /elsewhere
        // leads out as surely as charts -> /elsewhere. The file itself may be a link too.
        if (!IsInside(InputFile.RealPath(root), InputFile.RealPath(full)))
        {
            throw Outside(root, path);
        }

        return full;
    }

    /// <summary>Whether <paramref name="path"/> is strictly below <paramref name="root"/> (both full paths).</summary>
    public static bool IsInside(string root, string path)
    {
        var prefix = Path.EndsInDirectorySeparator(root) ? root : root + Path.DirectorySeparatorChar;
        return path.StartsWith(prefix, PathComparison) && path.Length > prefix.Length;
    }

    /// <summary>
    /// Checks that <paramref name="path"/> can be the output folder of <c>--<paramref name="option"/></c>: not a file,
    /// and the folder, or the nearest folder above it that exists, can be written. Creates nothing.
    /// </summary>
    /// <exception cref="UsageException">It cannot; one line naming the option, the path and why.</exception>
    public static void CheckFolder(string path, string option)
    {
        var full = FullPath(path, option);
        if (File.Exists(full))
        {
            throw new UsageException($"--{option} {path}: is a file; valid: a folder (created if missing).");
        }

        CheckWritable(full, path, option);
    }

    /// <summary>Checks that <paramref name="path"/> can be the output file of <c>--<paramref name="option"/></c>: not a folder, in a folder that can be written.</summary>
    /// <exception cref="UsageException">It cannot; one line naming the option, the path and why.</exception>
    public static void CheckFile(string path, string option)
    {
        var full = FullPath(path, option);
        if (Directory.Exists(full))
        {
            throw new UsageException($"--{option} {path}: is a folder; valid: a file to write, e.g. comment.md.");
        }

        var folder = Path.GetDirectoryName(full);
        if (folder is null || File.Exists(folder))
        {
            throw new UsageException($"--{option} {path}: {folder ?? full} is not a folder; valid: a file in a folder you can write.");
        }

        CheckWritable(folder, path, option);
    }

    private static string FullPath(string path, string option)
    {
        try
        {
            return Path.TrimEndingDirectorySeparator(Path.GetFullPath(path));
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException)
        {
            throw new UsageException($"--{option} {SummaryValidation.Quote(path)}: not a valid path; valid: a path you can write.");
        }
    }

    /// <summary>Finds the nearest existing folder at or above <paramref name="full"/> and writes (and removes) a probe file there.</summary>
    private static void CheckWritable(string full, string given, string option)
    {
        var existing = full;
        while (!Directory.Exists(existing))
        {
            if (File.Exists(existing))
            {
                throw new UsageException($"--{option} {given}: {existing} is a file, so no folder can be made below it; valid: a folder you can write.");
            }

            existing = Path.GetDirectoryName(existing)
                ?? throw new UsageException($"--{option} {given}: no folder of it exists; valid: a folder you can write.");
        }

        var probe = Path.Combine(existing, $".harness-write-check-{Environment.ProcessId}-{Guid.NewGuid():N}");
        try
        {
            // Removed when closed: nothing is left behind.
            using (File.Create(probe, 1, FileOptions.DeleteOnClose))
            {
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // The runtime's reason names the probe's made-up file; the folder is what the user can act on.
            var reason = e.Message.Replace($" '{probe}'", "", StringComparison.Ordinal).Replace(probe, "the folder", StringComparison.Ordinal).TrimEnd('.');
            throw new UsageException($"--{option} {given}: cannot write in {existing} ({reason}); valid: a folder you can write.");
        }
    }

    private static UsageException Outside(string root, string path) =>
        new($"refusing to write {SummaryValidation.Quote(path)}: it resolves outside the output folder {root}; a results file's names must not lead out of it.");
}
