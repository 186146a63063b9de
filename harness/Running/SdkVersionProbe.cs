using System.Diagnostics;
using BenchmarkDotNet.Environments;

namespace CryptoHarness.Running;

/// <summary>
/// BenchmarkDotNet asks <c>dotnet --version</c> for the SDK version it prints in every summary, with the child's
/// standard error left on our console. From a published build on a machine with the runtime only (the second machine,
/// a user's server), the muxer answers with its "No .NET SDKs were found" help in the middle of our progress. This asks
/// the same question with both streams redirected, once, and hands BenchmarkDotNet the answer (or "none").
/// </summary>
public static class SdkVersionProbe
{
    private static readonly Lazy<string> Version = new(Ask);

    /// <summary>Gives BenchmarkDotNet's host information the SDK version, asked quietly; call before it runs.</summary>
    public static void Apply()
    {
        var host = HostEnvironmentInfo.GetCurrent();
        // The property's setter is protected: BenchmarkDotNet has no public way to supply it.
        var property = typeof(HostEnvironmentInfo).GetProperty(nameof(HostEnvironmentInfo.DotNetSdkVersion));
        if (property?.SetMethod is not null && !host.DotNetSdkVersion.IsValueCreated)
        {
            property.SetValue(host, new Lazy<string>(() => Version.Value));
        }
    }

    /// <summary>The SDK version <c>dotnet --version</c> prints, or "none" when it fails or there is no dotnet.</summary>
    private static string Ask()
    {
        try
        {
            var start = new ProcessStartInfo(Environment.ProcessPath is { } path && Path.GetFileNameWithoutExtension(path) == "dotnet" ? path : "dotnet", "--version")
            {
                RedirectStandardOutput = true,
                RedirectStandardError = true,
            };
            using var process = Process.Start(start);
            if (process is null)
            {
                return "none";
            }

            var error = process.StandardError.ReadToEndAsync();
            var output = process.StandardOutput.ReadToEnd().Trim();
            _ = error.Result;
            process.WaitForExit();
            return process.ExitCode == 0 && output.Length > 0 ? output : "none";
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return "none";
        }
    }
}
