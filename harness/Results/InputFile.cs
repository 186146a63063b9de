using System.Globalization;
using System.Text;

namespace CryptoHarness.Results;

/// <summary>
/// The one way the harness opens a file it reads (summaries, paired.json, report fragments, charts) and walks a folder
/// for them. A results folder may come from a fork's pull request or hold odd files, so a file is read only if it is a
/// regular file that stays inside the folder the user named once every link on its path is followed (a link to
/// <c>/etc/passwd</c>, <c>/dev/zero</c> or a file beside the repository is refused); a pipe, device or socket is
/// refused before it is opened (opening a pipe waits for a writer forever); its size is taken from the opened file, not
/// from a link, and the read stops at the cap whatever the size said. Walks never enter a linked folder, so a link
/// loop cannot make them loop or read a run twice.
/// </summary>
public static class InputFile
{
    /// <summary>Links followed on one path before it is taken for a loop (Linux's own limit is 40).</summary>
    public const int MaxLinkHops = 40;

    /// <summary>Folders below the one named that a walk enters; a run folder is three deep (machine, run, file).</summary>
    public const int MaxDepth = 16;

    /// <summary>Entries a walk looks at before it refuses: a real results folder holds a few hundred.</summary>
    public const int MaxEntries = 100_000;

    private static readonly StringComparison PathComparison =
        OperatingSystem.IsWindows() || OperatingSystem.IsMacOS() ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;

    /// <summary>
    /// The text of <paramref name="path"/>, at most <paramref name="maxBytes"/> bytes of UTF-8. With a
    /// <paramref name="root"/>, the file must resolve inside it after every link on the way; without one (a file the
    /// user named directly), it may be anywhere but must still be a regular file within the cap.
    /// </summary>
    /// <exception cref="UsageException">Missing, a folder, not a regular file, outside the root, a link loop, too large or unreadable.</exception>
    public static string ReadAllText(string path, string? root, long maxBytes)
    {
        var real = RealPath(path);
        if (root is not null)
        {
            var realRoot = RealPath(root);
            if (!string.Equals(real, realRoot, PathComparison) && !OutputFolder.IsInside(realRoot, real))
            {
                throw new UsageException($"{path}: leads to {SummaryValidation.Quote(real)} through a link, outside {root}; refused unread.");
            }
        }

        if (Directory.Exists(real))
        {
            throw new UsageException($"{path}: is a folder; expected a file.");
        }

        var info = new FileInfo(real);
        if (!info.Exists)
        {
            throw new UsageException($"{path}: no such file.");
        }

        // A pipe, device or socket has no size of its own: refused before opening it (a pipe's open waits for a writer).
        if (info.Length == 0)
        {
            throw new UsageException($"{path}: empty, or not a regular file (a pipe, device or socket); refused unread.");
        }

        try
        {
            using var handle = File.OpenHandle(real, FileMode.Open, FileAccess.Read, FileShare.Read);
            var length = RandomAccess.GetLength(handle);
            if (length > maxBytes)
            {
                throw TooLarge(path, length, maxBytes);
            }

            // Read one byte past the size the file gave: a file that grows while read is refused, not read without end.
            var buffer = new byte[length + 1];
            var total = 0;
            while (total < buffer.Length)
            {
                var read = RandomAccess.Read(handle, buffer.AsSpan(total), total);
                if (read == 0)
                {
                    break;
                }

                total += read;
            }

            if (total > length)
            {
                throw TooLarge(path, total, maxBytes);
            }

            var text = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: false).GetString(buffer, 0, total);
            return text.Length > 0 && text[0] == '\uFEFF' ? text[1..] : text;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UsageException($"{path}: cannot be read ({e.Message.ReplaceLineEndings(" ")}).");
        }
    }

    private static UsageException TooLarge(string path, long length, long maxBytes) =>
        new(FormattableString.Invariant($"{path}: {length:N0} bytes, more than the {maxBytes >> 20} MiB a results file may have; refused unread."));

    /// <summary>
    /// The files named <paramref name="pattern"/> (<c>*</c> and <c>?</c> only) in <paramref name="folder"/>, and with
    /// <paramref name="recurse"/> in the folders below it, in ordinal order; a linked folder is never entered.
    /// </summary>
    /// <exception cref="UsageException">The walk meets more than <see cref="MaxEntries"/> entries.</exception>
    public static IReadOnlyList<string> Files(string folder, string pattern, bool recurse)
    {
        var found = new List<string>();
        var options = new EnumerationOptions { MatchType = MatchType.Simple, AttributesToSkip = 0, IgnoreInaccessible = true, RecurseSubdirectories = false };
        var pending = new Stack<(string Folder, int Depth)>();
        pending.Push((folder, 0));
        var entries = 0;
        while (pending.TryPop(out var current))
        {
            if (!Directory.Exists(current.Folder))
            {
                continue;
            }

            foreach (var file in Directory.EnumerateFiles(current.Folder, pattern, options))
            {
                Count(ref entries, folder);
                found.Add(file);
            }

            if (!recurse || current.Depth >= MaxDepth)
            {
                continue;
            }

            foreach (var directory in Directory.EnumerateDirectories(current.Folder, "*", options))
            {
                Count(ref entries, folder);
                if (new DirectoryInfo(directory).LinkTarget is null)
                {
                    pending.Push((directory, current.Depth + 1));
                }
            }
        }

        found.Sort(StringComparer.Ordinal);
        return found;
    }

    /// <summary>The folders directly in <paramref name="folder"/> that are not links, in ordinal order.</summary>
    public static IReadOnlyList<string> Folders(string folder)
    {
        var options = new EnumerationOptions { MatchType = MatchType.Simple, AttributesToSkip = 0, IgnoreInaccessible = true };
        var entries = 0;
        var found = new List<string>();
        foreach (var directory in Directory.EnumerateDirectories(folder, "*", options))
        {
            Count(ref entries, folder);
            if (new DirectoryInfo(directory).LinkTarget is null)
            {
                found.Add(directory);
            }
        }

        found.Sort(StringComparer.Ordinal);
        return found;
    }

    private static void Count(ref int entries, string folder)
    {
        if (++entries > MaxEntries)
        {
            throw new UsageException(string.Create(CultureInfo.InvariantCulture, $"{folder}: more than {MaxEntries:N0} files and folders below it; a results folder holds a few hundred: pass the folder of the runs themselves."));
        }
    }

    /// <summary>
    /// <paramref name="path"/> as a full path with every link on it followed, one name at a time (a link in the middle of
    /// a path counts as much as the last one); names that do not exist yet are kept as they are.
    /// </summary>
    /// <exception cref="UsageException">More than <see cref="MaxLinkHops"/> links: a loop.</exception>
    public static string RealPath(string path)
    {
        string full;
        try
        {
            full = Path.GetFullPath(path);
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException)
        {
            throw new UsageException($"{SummaryValidation.Quote(path)}: not a valid path.");
        }

        var current = Path.GetPathRoot(full)!;
        var names = new List<string>(full[current.Length..].Split(Path.DirectorySeparatorChar, StringSplitOptions.RemoveEmptyEntries));
        var hops = 0;
        for (var i = 0; i < names.Count; i++)
        {
            var name = names[i];
            if (name == ".")
            {
                continue;
            }

            if (name == "..")
            {
                current = Path.GetDirectoryName(current) ?? current;
                continue;
            }

            var next = Path.Combine(current, name);
            string? target;
            try
            {
                target = new FileInfo(next).LinkTarget;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                target = null;
            }

            if (target is null)
            {
                current = next;
                continue;
            }

            if (++hops > MaxLinkHops)
            {
                throw new UsageException($"{path}: more than {MaxLinkHops} links on the way (a link loop); refused.");
            }

            // The link's target replaces its name; what followed the name follows the target.
            if (Path.IsPathRooted(target))
            {
                current = Path.GetPathRoot(target)!;
                target = target[current.Length..];
            }

            names.RemoveRange(0, i + 1);
            names.InsertRange(0, target.Split(['/', Path.DirectorySeparatorChar], StringSplitOptions.RemoveEmptyEntries));
            i = -1;
        }

        return Path.TrimEndingDirectorySeparator(current);
    }
}
