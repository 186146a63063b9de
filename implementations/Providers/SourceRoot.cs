using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

/// <summary>
/// Turns the paths the compiler recorded (<see cref="Implementation.AdapterFile"/>, <see cref="Algorithm.CatalogFile"/>)
/// into repository-relative ones, whatever folder the checkout was built in: this file's own recorded path ends in
/// <see cref="OwnPath"/>, and the rest of it is the root.
/// </summary>
public static class SourceRoot
{
    private const string OwnPath = "implementations/Providers/SourceRoot.cs";

    private static readonly string Root = RootOf();

    /// <summary><paramref name="compiledPath"/> relative to the repository, with forward slashes; null if it lies outside.</summary>
    public static string? Relative(string compiledPath)
    {
        var path = compiledPath.Replace('\\', '/');
        return path.Length > Root.Length && path.StartsWith(Root, StringComparison.Ordinal) ? path[Root.Length..] : null;
    }

    private static string RootOf([CallerFilePath] string self = "")
    {
        var path = self.Replace('\\', '/');
        return path.EndsWith(OwnPath, StringComparison.Ordinal)
            ? path[..^OwnPath.Length]
            : throw new InvalidOperationException($"SourceRoot.cs was compiled from '{self}', not from {OwnPath}.");
    }
}
