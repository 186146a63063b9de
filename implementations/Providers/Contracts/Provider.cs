namespace CryptoHarness.Implementations;

/// <summary>
/// Where implementations come from. Keys are fixed and lower-case: they appear in ids, filters, results and reports.
/// </summary>
public sealed class Provider
{
    private readonly Lazy<string> _version;

    public Provider(string key, string description, Func<string> version)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(key);
        if (key.Any(char.IsUpper))
        {
            throw new ArgumentException($"Provider key '{key}' must be lower-case.", nameof(key));
        }

        Key = key;
        Description = description;
        _version = new Lazy<string>(version);
    }

    public string Key { get; }

    /// <summary>A native library measured as the bar to meet, called as <paramref name="callingNote"/> says (see <see cref="CallingNote"/>).</summary>
    public static Provider NativeAnchor(string key, string description, Func<string> version, string callingNote) =>
        new(key, description, version)
        {
            CallingNote = callingNote,
            Role = ProviderRole.NativeAnchor,
        };

    /// <summary>
    /// A provider that is a NuGet package (<see cref="Package"/>): its version line is the package id and the version the
    /// restore gave this app, then, where given, <paramref name="versionNote"/>'s text after a comma.
    /// </summary>
    /// <param name="packageType">Any type of the package's assembly.</param>
    public static Provider FromPackage(string key, string package, Type packageType, string description, ProviderRole role, Func<string>? versionNote = null)
    {
        ArgumentNullException.ThrowIfNull(packageType);
        return new(key, description, () => PackageVersions.Of(packageType.Assembly, package) + (versionNote is null ? "" : ", " + versionNote()))
        {
            Package = package,
            Role = role,
        };
    }

    /// <summary>What the provider is, in a few words, for reports.</summary>
    public string Description { get; }

    /// <summary>
    /// The package or library and its version as loaded at run time (e.g. <c>BouncyCastle.Cryptography 2.7.0</c>),
    /// so a result can always be traced to the code that produced it.
    /// </summary>
    public string Version => _version.Value;

    /// <summary>
    /// How the harness calls a native provider (the P/Invoke declaration it uses, as its best wrapper calls it), so
    /// every page can say so; null for a provider called as ordinary .NET code.
    /// </summary>
    public string? CallingNote { get; init; }

    /// <summary>
    /// The NuGet package a .NET user installs to get the provider (its version comes from the restore, see
    /// <see cref="Version"/>); null for a provider that is not a NuGet package (the runtime, a system library, our own
    /// code). The README's provider table is checked against it.
    /// </summary>
    public string? Package { get; init; }

    /// <summary>What the provider stands for beside this repository's own code; the highlights compare by it.</summary>
    public ProviderRole Role { get; init; } = ProviderRole.Other;

    public override string ToString() => Key;
}

/// <summary>
/// What a provider stands for in a comparison with this repository's own code, in the order the highlights compare
/// <c>managed</c> with them: the managed alternative a .NET user would take instead, the platform's own, and the native
/// libraries that set the bar.
/// </summary>
public enum ProviderRole
{
    /// <summary>This repository's own implementations.</summary>
    Own,

    /// <summary>A managed library a .NET user would take instead.</summary>
    ManagedAlternative,

    /// <summary>The platform's own cryptography.</summary>
    Platform,

    /// <summary>A native library measured as the bar to meet.</summary>
    NativeAnchor,

    /// <summary>Anything else, such as a managed wrapper over a native library already measured, or a test double.</summary>
    Other,
}
