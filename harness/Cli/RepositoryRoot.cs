namespace CryptoHarness.Cli;

/// <summary>The checkout the harness belongs to: the nearest folder holding Harness.sln, from the working directory up.</summary>
public static class RepositoryRoot
{
    public const string Marker = "Harness.sln";

    public static string Find()
    {
        foreach (var start in new[] { Environment.CurrentDirectory, AppContext.BaseDirectory })
        {
            for (var directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                if (File.Exists(Path.Combine(directory.FullName, Marker)))
                {
                    return directory.FullName;
                }
            }
        }

        return Environment.CurrentDirectory;
    }
}

/// <summary>A new folder per run, keyed by machine and time; an existing folder is never reused.</summary>
public static class RunFolder
{
    public static string Create(string baseDirectory, string machineKey, DateTimeOffset started, string job)
    {
        var stem = Path.Combine(Path.GetFullPath(baseDirectory), machineKey,
            $"{started.UtcDateTime.ToString("yyyyMMdd'T'HHmmss'Z'", System.Globalization.CultureInfo.InvariantCulture)}-{job}");
        for (var attempt = 0; ; attempt++)
        {
            var candidate = attempt == 0 ? stem : $"{stem}-{attempt}";
            if (!Directory.Exists(candidate) && !File.Exists(candidate))
            {
                Directory.CreateDirectory(candidate);
                return candidate;
            }
        }
    }
}
