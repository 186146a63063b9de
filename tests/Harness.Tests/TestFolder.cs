namespace CryptoHarness.Tests;

/// <summary>A fresh folder under the system temp folder, removed afterwards.</summary>
public sealed class TestFolder : IDisposable
{
    public TestFolder() => Directory.CreateDirectory(Path);

    public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "harness-tests-" + Guid.NewGuid().ToString("N"));

    public string Combine(params string[] parts) => System.IO.Path.Combine([Path, .. parts]);

    /// <summary>The one <c>summary.json</c> a run wrote below <paramref name="results"/> (its <c>--results</c> folder in this one).</summary>
    public string OnlySummary(string results = "results") =>
        Directory.GetFiles(Combine(results), CryptoHarness.Results.SummaryFile.FileName, SearchOption.AllDirectories).Single();

    /// <summary>Writes <paramref name="text"/> to <paramref name="name"/> in this folder; returns the file's path.</summary>
    public string WriteFile(string name, string text)
    {
        var path = Combine(name);
        File.WriteAllText(path, text);
        return path;
    }

    public void Dispose()
    {
        if (Directory.Exists(Path))
        {
            Directory.Delete(Path, recursive: true);
        }
    }
}

/// <summary>Runs the CLI in process and captures what it printed.</summary>
public static class Cli
{
    public sealed record Result(int ExitCode, string Out, string Error)
    {
        /// <summary>This result, after asserting the command exited 0 (what it printed is the failure message).</summary>
        public Result Succeeded()
        {
            Assert.True(ExitCode == 0, Out + Error);
            return this;
        }
    }

    public static Result Run(params string[] args)
    {
        using var stdout = new StringWriter();
        using var stderr = new StringWriter();
        var code = CryptoHarness.Cli.HarnessCli.Run(args, stdout, stderr);
        return new Result(code, stdout.ToString(), stderr.ToString());
    }
}
