using System.Reflection;
using System.Runtime.Loader;

namespace CryptoHarness.Pairing;

/// <summary>
/// The implementation assemblies of another build (a pull request's base), loaded beside the running harness's own: a
/// collectible load context whose resolver reads that build's deps.json, so its CryptoHarness.Providers, its managed
/// code and its packages come from its folder, while the framework (and with it every type a bound call's signature
/// names: spans, arrays, strings) is the one both builds share. Nothing of the base is loaded into the default context.
/// </summary>
public sealed class BuildLoadContext : AssemblyLoadContext
{
    /// <summary>The assembly that holds the registry and the contracts; its file marks a build folder.</summary>
    public const string ProvidersAssembly = "CryptoHarness.Providers";

    private readonly AssemblyDependencyResolver _resolver;

    private BuildLoadContext(string folder, string componentPath, string depsFile)
        : base($"build {folder}", isCollectible: true)
    {
        Folder = folder;
        DepsFile = depsFile;
        _resolver = new AssemblyDependencyResolver(componentPath);
    }

    /// <summary>The build's output folder, full path.</summary>
    public string Folder { get; }

    /// <summary>The deps.json the resolver reads; its packages are the build's package versions.</summary>
    public string DepsFile { get; }

    /// <summary>
    /// Opens the build in <paramref name="folder"/>: either the providers' own output folder (which holds
    /// <c>CryptoHarness.Providers.deps.json</c>) or an output folder of a program built on them, such as the harness's
    /// (its <c>Harness.deps.json</c> lists the providers). Loads nothing yet.
    /// </summary>
    /// <exception cref="UsageException">The folder is missing or holds no such build; one line naming it and what is valid.</exception>
    public static BuildLoadContext Open(string folder, string option)
    {
        var valid = $"valid: the output folder of a Release build, e.g. <base checkout>/implementations/Providers/bin/Release/net10.0 or <base checkout>/harness/bin/Release/net10.0";
        string full;
        try
        {
            full = Path.TrimEndingDirectorySeparator(Path.GetFullPath(folder));
        }
        catch (Exception e) when (e is ArgumentException or NotSupportedException or PathTooLongException)
        {
            throw new UsageException($"{option} '{folder}': not a path; {valid}.");
        }

        if (!Directory.Exists(full))
        {
            throw new UsageException($"{option} '{folder}': no such folder; {valid}.");
        }

        var providers = Path.Combine(full, ProvidersAssembly + ".dll");
        if (!File.Exists(providers))
        {
            throw new UsageException($"{option} '{folder}': not a build folder (no {ProvidersAssembly}.dll); {valid}.");
        }

        // The providers' own deps.json, else the one program's deps.json in the folder that lists the providers.
        var ownDeps = Path.Combine(full, ProvidersAssembly + ".deps.json");
        if (File.Exists(ownDeps))
        {
            return new BuildLoadContext(full, providers, ownDeps);
        }

        var programDeps = Directory.GetFiles(full, "*.deps.json")
            .Where(f => File.ReadAllText(f).Contains($"\"{ProvidersAssembly}/", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal)
            .FirstOrDefault();
        var program = programDeps is null ? null : Path.Combine(full, Path.GetFileName(programDeps)[..^".deps.json".Length] + ".dll");
        if (program is null || !File.Exists(program))
        {
            throw new UsageException($"{option} '{folder}': not a build folder (no deps.json lists {ProvidersAssembly}); {valid}.");
        }

        return new BuildLoadContext(full, program, programDeps!);
    }

    /// <summary>The build's providers assembly, loaded into this context.</summary>
    public Assembly LoadProviders() => LoadFromAssemblyPath(Path.Combine(Folder, ProvidersAssembly + ".dll"));

    /// <summary>What the build's deps.json resolves comes from the build; the rest (the framework) is shared.</summary>
    protected override Assembly? Load(AssemblyName assemblyName) =>
        _resolver.ResolveAssemblyToPath(assemblyName) is { } path ? LoadFromAssemblyPath(path) : null;

    protected override IntPtr LoadUnmanagedDll(string unmanagedDllName) =>
        _resolver.ResolveUnmanagedDllToPath(unmanagedDllName) is { } path ? LoadUnmanagedDllFromPath(path) : IntPtr.Zero;
}
