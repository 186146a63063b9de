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

    public NativeLibraryLoader(string importName, string installHint, params string[] candidates)
    {
        ImportName = importName;
        _load = new Lazy<(IntPtr, string?)>(() => Load(candidates, installHint));
    }

    public string ImportName { get; }

    public bool IsLoaded => _load.Value.Handle != IntPtr.Zero;

    public Support Support => IsLoaded ? Support.Yes : Support.No(_load.Value.Error!);

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
/// Routes every DllImport of this assembly to the loader its library's class registered (from its static constructor,
/// which runs before its first call), so each provider's folder names its own library and nothing here lists them.
/// </summary>
internal static class NativeResolver
{
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Func<IntPtr>> Handles = new(StringComparer.Ordinal);

    private static int s_registered;

    /// <summary>Routes <paramref name="library"/> (the name its imports give) to <paramref name="handle"/>.</summary>
    public static void Register(string library, Func<IntPtr> handle)
    {
        Handles[library] = handle;
        if (Interlocked.Exchange(ref s_registered, 1) == 0)
        {
            NativeLibrary.SetDllImportResolver(typeof(NativeResolver).Assembly, Resolve);
        }
    }

    private static IntPtr Resolve(string libraryName, Assembly assembly, DllImportSearchPath? searchPath) =>
        Handles.TryGetValue(libraryName, out var handle) ? handle() : IntPtr.Zero;
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
