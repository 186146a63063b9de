using System.Reflection;

namespace CryptoHarness.Implementations;

/// <summary>A NuGet provider's version line: the package id and the version the restore gave this app.</summary>
internal static class PackageVersions
{
    /// <summary>
    /// The package's version as restored for this app (its deps.json), else the assembly's own: the two can differ, and
    /// only the first says what ran (Isopoh.Cryptography.Argon2 2.0.0 ships an assembly stamped 1.0.0).
    /// </summary>
    public static string Of(Assembly assembly, string package)
    {
        if (RestoredPackages.Value.TryGetValue(package, out var restored))
        {
            return $"{package} {restored}";
        }

        var informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        var version = informational is null ? assembly.GetName().Version?.ToString() : informational.Split('+')[0];
        return $"{package} {version ?? "unknown"}";
    }

    private static readonly Lazy<Dictionary<string, string>> RestoredPackages = new(ReadRestoredPackages);

    /// <summary>Package id → version, from the deps.json files the host loaded (a list separated by ";" on every OS; entries "Id/Version" of type package).</summary>
    private static Dictionary<string, string> ReadRestoredPackages()
    {
        var packages = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var depsFiles = AppContext.GetData("APP_CONTEXT_DEPS_FILES") as string ?? "";
        foreach (var depsFile in depsFiles.Split(';', StringSplitOptions.RemoveEmptyEntries))
        {
            if (!File.Exists(depsFile))
            {
                continue;
            }

            using var document = System.Text.Json.JsonDocument.Parse(File.ReadAllBytes(depsFile));
            if (!document.RootElement.TryGetProperty("libraries", out var libraries))
            {
                continue;
            }

            foreach (var library in libraries.EnumerateObject())
            {
                var slash = library.Name.IndexOf('/', StringComparison.Ordinal);
                if (slash > 0 && library.Value.TryGetProperty("type", out var type) && type.GetString() == "package")
                {
                    packages.TryAdd(library.Name[..slash], library.Name[(slash + 1)..]);
                }
            }
        }

        return packages;
    }
}
