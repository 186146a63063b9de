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

    /// <summary>What the provider is, in a few words, for reports.</summary>
    public string Description { get; }

    /// <summary>
    /// The package or library and its version as loaded at run time (e.g. <c>BouncyCastle.Cryptography 2.7.0</c>),
    /// so a result can always be traced to the code that produced it.
    /// </summary>
    public string Version => _version.Value;

    public override string ToString() => Key;
}
