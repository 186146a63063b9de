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
