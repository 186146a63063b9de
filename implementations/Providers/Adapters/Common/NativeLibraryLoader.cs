using System.Reflection;
using System.Runtime.InteropServices;

namespace CryptoHarness.Implementations.Adapters.Common;

/// <summary>
/// Loads a native library by trying its usual file names, once, and says why when it cannot.
/// The result answers both <see cref="Support"/> and the DllImport resolver, so a missing library
/// makes its adapters unsupported instead of throwing <see cref="DllNotFoundException"/> mid-run.
/// </summary>
internal sealed class NativeLibraryLoader
{
    private readonly Lazy<(IntPtr Handle, string? Error)> _load;
    private readonly Lazy<Support> _support;

    /// <param name="importName">The name the library's imports give (<c>[LibraryImport(…)]</c>).</param>
    /// <param name="installHint">What to do where no candidate loads.</param>
    /// <param name="candidates">The file names to try, in order.</param>
    /// <param name="check">
    /// What the loaded library must also pass before its adapters run (a version, an initialization call), checked
    /// once; none where loading is enough.
    /// </param>
    public NativeLibraryLoader(string importName, string installHint, string[] candidates, Func<Support>? check = null)
    {
        ImportName = importName;
        _load = new Lazy<(IntPtr, string?)>(() => Load(candidates, installHint));
        _support = new Lazy<Support>(() => !IsLoaded ? Support.No(_load.Value.Error!) : check?.Invoke() ?? Support.Yes);
    }

    /// <summary>
    /// A library the distribution packages as <paramref name="package"/>: the hint names the package to install, and
    /// <see cref="PackageVersion"/> reads the installed version (for libraries that do not report their own).
    /// </summary>
    public static NativeLibraryLoader FromDistribution(string importName, string package, string[] candidates, Func<Support>? check = null) =>
        new(importName, $"install the distribution package (Debian/Ubuntu: apt-get install {package}; scripts/install-system-packages.sh does)", candidates, check)
        {
            Package = package,
        };

    public string ImportName { get; }

    /// <summary>The distribution package the library comes from, or null (a NuGet package's library, our shim).</summary>
    public string? Package { get; private init; }

    /// <summary>The installed version of <see cref="Package"/> as the package database records it; null where it records none.</summary>
    public string? PackageVersion => Package is null ? null : DistributionPackage.Version(Package);

    public bool IsLoaded => _load.Value.Handle != IntPtr.Zero;

    /// <summary>Whether the library loaded and passed its check.</summary>
    public Support Support => _support.Value;

    public IntPtr Handle => _load.Value.Handle;

    /// <summary>
    /// The address of <paramref name="symbol"/> in the loaded library; zero where the library is not loaded or lacks
    /// it (an older libsodium has no AEGIS), so an entry can be resolved up front and called only once its adapter's
    /// support says yes.
    /// </summary>
    public IntPtr Export(string symbol) =>
        IsLoaded && NativeLibrary.TryGetExport(Handle, symbol, out var address) ? address : IntPtr.Zero;

    /// <summary>Whether the loaded library has <paramref name="symbol"/> (an older one lacks later additions).</summary>
    public bool Exports(string symbol) => Export(symbol) != IntPtr.Zero;

    private static (IntPtr, string?) Load(string[] candidates, string installHint)
    {
        var searched = new List<string>();
        foreach (var name in candidates)
        {
            // Beside our assemblies first (shipped or built libraries), then the system's search path.
            var local = Path.Combine(AppContext.BaseDirectory, name);
            if (File.Exists(local) && NativeLibrary.TryLoad(local, out var handle))
            {
                return (handle, null);
            }

            if (NativeLibrary.TryLoad(name, typeof(NativeLibraryLoader).Assembly, DllImportSearchPath.SafeDirectories, out handle))
            {
                return (handle, null);
            }

            searched.Add(name);
        }

        return (IntPtr.Zero, $"native library not found (tried {string.Join(", ", searched)}); {installHint}");
    }
}

/// <summary>
/// Routes every DllImport of this assembly to the loader its provider registered, so each provider's folder names its
/// own library and nothing here lists them. A provider registers from its module initializer (its <c>Join</c>), which
/// runs when the assembly loads, so before any call into any library, wherever it comes from; the loader is asked for
/// only when the first import binds, so registering loads nothing.
/// </summary>
internal static class NativeResolver
{
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Func<NativeLibraryLoader>> Loaders = new(StringComparer.Ordinal);

    private static int s_registered;

    /// <summary>Routes <paramref name="library"/> (the name its imports give) to the library <paramref name="loader"/> loads.</summary>
    public static void Register(string library, Func<NativeLibraryLoader> loader)
    {
        Loaders[library] = loader;
        if (Interlocked.Exchange(ref s_registered, 1) == 0)
        {
            NativeLibrary.SetDllImportResolver(typeof(NativeResolver).Assembly, Resolve);
        }
    }

    private static IntPtr Resolve(string libraryName, Assembly assembly, DllImportSearchPath? searchPath) =>
        Loaders.TryGetValue(libraryName, out var loader) ? loader().Handle : IntPtr.Zero;
}

/// <summary>
/// The version of a distribution package as its package database records it (Debian's dpkg status file), for
/// libraries that do not report their own (libargon2, libxcrypt). Null where there is no such database.
/// </summary>
internal static class DistributionPackage
{
    private const string DpkgStatus = "/var/lib/dpkg/status";

    public static string? Version(string package)
    {
        if (!File.Exists(DpkgStatus))
        {
            return null;
        }

        var current = false;
        foreach (var line in File.ReadLines(DpkgStatus))
        {
            if (line.StartsWith("Package: ", StringComparison.Ordinal))
            {
                current = line.AsSpan(9).SequenceEqual(package);
            }
            else if (current && line.StartsWith("Version: ", StringComparison.Ordinal))
            {
                return line[9..];
            }
        }

        return null;
    }
}
