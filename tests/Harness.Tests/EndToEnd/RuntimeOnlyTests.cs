using System.Diagnostics;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>
/// The harness as the second machine and a user's server run it: the built program (what a framework-dependent
/// <c>dotnet publish</c> writes) on a .NET root that has the runtime and no SDK.
/// </summary>
public sealed class RuntimeOnlyTests
{
    [Fact]
    public async Task A_run_on_a_machine_without_an_SDK_prints_nothing_about_SDKs()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        using var folder = new TestFolder();
        // A .NET root with the muxer, its host and the shared runtimes, and no sdk/ folder.
        var installed = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "..", "..", ".."));
        var root = folder.Combine("dotnet");
        Directory.CreateDirectory(root);
        File.Copy(Path.Combine(installed, "dotnet"), Path.Combine(root, "dotnet"));
        Directory.CreateSymbolicLink(Path.Combine(root, "host"), Path.Combine(installed, "host"));
        Directory.CreateSymbolicLink(Path.Combine(root, "shared"), Path.Combine(installed, "shared"));

        var start = new ProcessStartInfo(Path.Combine(root, "dotnet"))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in new[] { Path.Combine(AppContext.BaseDirectory, "Harness.dll"), "run", "--algorithm", "SHA-256", "--provider", "os", "--job", "dry", "--sizes", "128", "--results", folder.Combine("results"), "--out", folder.Combine("out") })
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["PATH"] = root + Path.PathSeparator + "/usr/bin" + Path.PathSeparator + "/bin";
        start.Environment["DOTNET_ROOT"] = root;
        start.Environment["CI"] = "true";
        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = await process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync();

        var all = output + await error;
        Assert.True(process.ExitCode == 0, all);
        Assert.DoesNotContain("SDK", all, StringComparison.Ordinal);
        Assert.DoesNotContain("--version", all, StringComparison.Ordinal);
        Assert.True(File.Exists(folder.Combine("out", "sha256.md")), all);
    }
}
