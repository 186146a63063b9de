using System.Diagnostics;
using System.Formats.Tar;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests;

/// <summary>
/// The generated folders (<c>reports/</c>, <c>machine-specs/</c>, <c>docs/</c>) as committed, so a test about them never
/// sees what a local run wrote into the working tree: the README's two commands work in either order. Read from
/// <c>git archive HEAD</c>; outside a git checkout (a source archive) the working tree is the committed tree.
/// </summary>
public sealed class CommittedTree : IDisposable
{
    private readonly TestFolder? _folder;

    private CommittedTree(string root, TestFolder? folder)
    {
        Root = root;
        _folder = folder;
    }

    /// <summary>A folder holding the committed <c>reports/</c>, <c>machine-specs/</c> and <c>docs/</c>.</summary>
    public string Root { get; }

    public string Combine(params string[] parts) => Path.Combine([Root, .. parts]);

    public static CommittedTree Open()
    {
        var repository = RepositoryRoot.Find();
        var start = new ProcessStartInfo("git", ["-C", repository, "archive", "--format=tar", "HEAD", "--", "reports", "machine-specs", "docs"])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        Process? git;
        try
        {
            git = Process.Start(start);
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return new CommittedTree(repository, null); // no git on this machine
        }

        if (git is null)
        {
            return new CommittedTree(repository, null);
        }

        var folder = new TestFolder();
        using (git)
        {
            var stderr = git.StandardError.ReadToEndAsync();
            TarFile.ExtractToDirectory(git.StandardOutput.BaseStream, folder.Path, overwriteFiles: true);
            git.WaitForExit();
            if (git.ExitCode != 0)
            {
                folder.Dispose();
                // Not a git checkout (a source archive): its files are the committed ones.
                return stderr.Result.Contains("not a git repository", StringComparison.OrdinalIgnoreCase)
                    ? new CommittedTree(repository, null)
                    : throw new InvalidOperationException($"git archive failed: {stderr.Result}");
            }
        }

        return new CommittedTree(folder.Path, folder);
    }

    public void Dispose() => _folder?.Dispose();
}
