using System.Collections;
using System.Reflection;
using System.Text.Json;

namespace CryptoHarness.Pairing;

// The calls of the one-shot contracts (IHashImplementation.Hash, IXofImplementation.Hash, IMacImplementation.Mac,
// IAeadImplementation.Encrypt/Decrypt), in framework types only: a build's interface method binds to these whichever
// load context its contract assembly lives in, so two builds need no contract assembly in common.
public delegate void HashCall(ReadOnlySpan<byte> source, Span<byte> destination);

public delegate void XofCall(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination);

public delegate void MacCall(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination);

public delegate void EncryptCall(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag);

public delegate bool DecryptCall(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext);

// IPasswordHashImplementation's calls. Hash and HashToString take the build's own PasswordHashParameters, a type of its
// contract assembly, so these two are generic over it: closed over each build's type at run time, they bind as the
// framework-typed delegates do, and BoundPasswordHash fixes the parameters once, outside the timed call.
public delegate void PasswordHashCall<TParameters>(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData, TParameters parameters, Span<byte> tag);

public delegate string PasswordEncodeCall<TParameters>(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, TParameters parameters);

public delegate bool PasswordVerifyCall(string encoded, ReadOnlySpan<byte> password);

/// <summary>A build's contract no longer has what the other build's call needs (a renamed member, another signature, another kind).</summary>
public sealed class ContractChangedException(string message) : Exception(message);

/// <summary>
/// One build's registry, read by reflection from its providers assembly (<c>Registry.Implementations</c>,
/// <c>Registry.Find(id)</c>), whatever load context that assembly is in. The running harness reads its own registry the
/// same way, so both sides of a paired case are bound and called alike.
/// </summary>
public sealed class BuildRegistry
{
    private const string Contracts = "CryptoHarness.Implementations.";

    private readonly Assembly _providers;
    private readonly MethodInfo _find;
    private readonly PropertyInfo _implementations;

    private BuildRegistry(Assembly providers, (Dictionary<string, string> Packages, HashSet<string> Projects) libraries)
    {
        _providers = providers;
        Packages = libraries.Packages;
        Projects = libraries.Projects;
        var folder = Path.GetDirectoryName(providers.Location) is { Length: > 0 } location ? location : AppContext.BaseDirectory;
        _nativeLibraries = new(() => NativeLibrariesIn(folder));
        var registry = providers.GetType(Contracts + "Registry") ?? throw new ContractChangedException($"{providers.GetName().Name} has no {Contracts}Registry");
        _find = registry.GetMethod("Find", BindingFlags.Public | BindingFlags.Static, [typeof(string)])
            ?? throw new ContractChangedException("Registry has no Find(string)");
        _implementations = registry.GetProperty("Implementations", BindingFlags.Public | BindingFlags.Static)
            ?? throw new ContractChangedException("Registry has no Implementations");
    }

    /// <summary>Package id → version this build was restored with (its deps.json), for telling third-party code apart.</summary>
    public IReadOnlyDictionary<string, string> Packages { get; }

    /// <summary>The build's own projects (CryptoHarness.Managed, CryptoHarness.Providers, …): code that is the build itself.</summary>
    public IReadOnlySet<string> Projects { get; }

    /// <summary>
    /// The native libraries at the top of the build's folder (file name → SHA-256 of its bytes): what a provider that is
    /// not a package finds beside the running program (our shims; a distribution's library copied there). Both builds
    /// of a paired run load these from the running program's folder, so a provider of that kind is paired only where the
    /// base's folder holds the same bytes under the same names.
    /// </summary>
    /// <remarks>Read when a provider of that kind is first checked, not for every copy of a build that never asks.</remarks>
    public IReadOnlyDictionary<string, string> NativeLibraries => _nativeLibraries.Value;

    private readonly Lazy<IReadOnlyDictionary<string, string>> _nativeLibraries;

    /// <summary>A build's registry from its providers assembly and the deps.json(s) it was built with.</summary>
    public static BuildRegistry Of(Assembly providers, IEnumerable<string> depsFiles) => new(providers, LibrariesIn(depsFiles));

    /// <summary>The running harness's own registry and packages (the deps.json files the host loaded).</summary>
    public static BuildRegistry Running() => Of(
        typeof(Implementations.Registry).Assembly,
        (AppContext.GetData("APP_CONTEXT_DEPS_FILES") as string ?? "").Split(';', StringSplitOptions.RemoveEmptyEntries));

    /// <summary>Every registered id, in registry order.</summary>
    public IReadOnlyList<string> Ids => ((IEnumerable)_implementations.GetValue(null)!).Cast<object>().Select(i => Read<string>(i, "IImplementation", "Id")).ToArray();

    /// <summary>The entry with this id, or null when this build has none.</summary>
    public BuildEntry? Find(string id) => _find.Invoke(null, [id]) is { } instance ? new BuildEntry(this, instance) : null;

    internal Type? Contract(string name) => _providers.GetType(Contracts + name);

    internal T Read<T>(object instance, string contract, string property)
    {
        var type = Contract(contract) ?? throw new ContractChangedException($"no {Contracts}{contract}");
        var member = type.GetProperty(property) ?? throw new ContractChangedException($"{contract} has no {property}");
        return member.GetValue(instance) is T value ? value : throw new ContractChangedException($"{contract}.{property} is not a {typeof(T).Name}");
    }

    internal static Dictionary<string, string> NativeLibrariesIn(string folder)
    {
        var natives = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var file in Directory.EnumerateFiles(folder).Where(IsNativeLibrary))
        {
            natives[Path.GetFileName(file)] = Fingerprint(file);
        }

        return natives;
    }

    /// <summary>
    /// The file's SHA-256; a link by where it points, not followed (reading through one could mean reading a device); a
    /// file that cannot be read, by that, so that it never matches and its provider is not paired.
    /// </summary>
    private static string Fingerprint(string file)
    {
        try
        {
            if (new FileInfo(file).LinkTarget is { } target)
            {
                return "link to " + target;
            }

            using var stream = File.OpenRead(file);
            return Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(stream));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return $"unreadable ({e.GetType().Name}): " + Guid.NewGuid();
        }
    }

    /// <summary>A shared object or dylib; a .dll when it is not a .NET assembly (no metadata) or is a link (not opened).</summary>
    private static bool IsNativeLibrary(string file)
    {
        var name = Path.GetFileName(file);
        if (name.EndsWith(".so", StringComparison.Ordinal) || name.Contains(".so.", StringComparison.Ordinal) || name.EndsWith(".dylib", StringComparison.Ordinal))
        {
            return true;
        }

        if (!name.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        try
        {
            if (new FileInfo(file).LinkTarget is not null)
            {
                return true;
            }

            using var stream = File.OpenRead(file);
            using var reader = new System.Reflection.PortableExecutable.PEReader(stream);
            return !reader.HasMetadata;
        }
        catch (Exception e) when (e is BadImageFormatException or IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }

    private static (Dictionary<string, string> Packages, HashSet<string> Projects) LibrariesIn(IEnumerable<string> depsFiles)
    {
        var packages = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var projects = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var file in depsFiles.Where(File.Exists))
        {
            using var document = JsonDocument.Parse(File.ReadAllBytes(file));
            if (!document.RootElement.TryGetProperty("libraries", out var libraries))
            {
                continue;
            }

            foreach (var library in libraries.EnumerateObject())
            {
                var slash = library.Name.IndexOf('/', StringComparison.Ordinal);
                if (slash > 0 && library.Value.TryGetProperty("type", out var type))
                {
                    if (type.GetString() == "package")
                    {
                        packages.TryAdd(library.Name[..slash], library.Name[(slash + 1)..]);
                    }
                    else if (type.GetString() == "project")
                    {
                        projects.Add(library.Name[..slash]);
                    }
                }
            }
        }

        return (packages, projects);
    }
}

/// <summary>
/// One registry entry of one build, its identity and sizes read by reflection, its one-shot calls bound to the
/// framework-typed delegates above. Binding goes to the method the entry's class implements the contract's method with,
/// so a call costs what a direct interface call would, the same on both sides.
/// </summary>
public sealed class BuildEntry
{
    private readonly BuildRegistry _registry;
    private readonly object _instance;
    private readonly object _algorithm;

    internal BuildEntry(BuildRegistry registry, object instance)
    {
        _registry = registry;
        _instance = instance;
        _algorithm = registry.Read<object>(instance, "IImplementation", "Algorithm");
        var provider = registry.Read<object>(instance, "IImplementation", "Provider");
        Id = registry.Read<string>(instance, "IImplementation", "Id");
        Variant = registry.Read<string>(instance, "IImplementation", "Variant");
        Family = AlgorithmValue<string>("Family");
        Algorithm = AlgorithmValue<string>("Name");
        Kind = AlgorithmValue<object>("Kind").ToString()!;
        Provider = (string)provider.GetType().GetProperty("Key")!.GetValue(provider)!;
        _providerVersion = new Lazy<string>(() => (string)provider.GetType().GetProperty("Version")!.GetValue(provider)!);
    }

    private readonly Lazy<string> _providerVersion;

    public string Id { get; }

    public string Family { get; }

    public string Algorithm { get; }

    /// <summary>The algorithm's kind by name: Hash, Xof, Mac, Aead, PasswordHash.</summary>
    public string Kind { get; }

    public string Provider { get; }

    public string Variant { get; }

    /// <summary>The provider's version line as this build's code reports it (for a package, its id comes first).</summary>
    public string ProviderVersion => _providerVersion.Value;

    /// <summary>Whether the entry runs here, and why not.</summary>
    public (bool IsSupported, string? Reason) Support
    {
        get
        {
            var support = _registry.Read<object>(_instance, "IImplementation", "Support");
            var type = support.GetType();
            return ((bool)type.GetProperty("IsSupported")!.GetValue(support)!, (string?)type.GetProperty("Reason")!.GetValue(support));
        }
    }

    public int KeyBytes => AlgorithmValue<int>("KeyBytes");

    public int NonceBytes => AlgorithmValue<int>("NonceBytes");

    public int TagBytes => AlgorithmValue<int>("TagBytes");

    /// <summary>An XOF's benchmarked output lengths.</summary>
    public IReadOnlyList<int> BenchmarkOutputs => ((IEnumerable)AlgorithmValue<object>("BenchmarkOutputs")).Cast<int>().ToArray();

    /// <summary>A hash's or MAC's output length, from its contract.</summary>
    public int OutputBytes => _registry.Read<int>(_instance, Kind == "Mac" ? "IMacImplementation" : "IHashImplementation", "OutputBytes");

    public HashCall BindHash() => Bind<HashCall>("IHashImplementation", "Hash");

    public XofCall BindXof() => Bind<XofCall>("IXofImplementation", "Hash");

    public MacCall BindMac() => Bind<MacCall>("IMacImplementation", "Mac");

    public EncryptCall BindEncrypt() => Bind<EncryptCall>("IAeadImplementation", "Encrypt");

    public DecryptCall BindDecrypt() => Bind<DecryptCall>("IAeadImplementation", "Decrypt");

    /// <summary>
    /// A password hash's primary entry is timed on every operation, an alternative path of its provider on the raw hash
    /// only (<see cref="IPasswordHashImplementation.IsPrimary"/>).
    /// </summary>
    public bool IsPrimaryPasswordHash => _registry.Read<bool>(_instance, "IPasswordHashImplementation", "IsPrimary");

    /// <summary>
    /// Whether the entry runs these parameters with inputs of these sizes (its <c>SupportFor</c>), asked in this build's
    /// own types: the values are copied into them, so a build whose provider refuses a set says so with its own reason.
    /// </summary>
    public (bool IsSupported, string? Reason) PasswordSupport(PasswordHashParameters parameters, PasswordHashInputs inputs)
    {
        var contract = PasswordContract();
        var inputsType = _registry.Contract(nameof(PasswordHashInputs)) ?? throw new ContractChangedException($"no {nameof(PasswordHashInputs)}");
        var useType = _registry.Contract(nameof(PasswordHashUse)) ?? throw new ContractChangedException($"no {nameof(PasswordHashUse)}");
        var buildParameters = PasswordParameters(parameters);
        var supportFor = contract.GetMethod(nameof(IPasswordHashImplementation.SupportFor), [buildParameters.GetType(), inputsType])
            ?? throw new ContractChangedException($"IPasswordHashImplementation has no SupportFor({nameof(PasswordHashParameters)}, {nameof(PasswordHashInputs)})");
        if (!Enum.TryParse(useType, inputs.Use.ToString(), out var use))
        {
            throw new ContractChangedException($"{nameof(PasswordHashUse)} has no {inputs.Use}");
        }

        object buildInputs;
        try
        {
            buildInputs = Activator.CreateInstance(inputsType, inputs.SaltBytes, inputs.SecretBytes, inputs.AssociatedDataBytes, use)!;
        }
        catch (MissingMethodException)
        {
            throw new ContractChangedException($"{nameof(PasswordHashInputs)} has no constructor (salt, secret, associated data, use)");
        }

        var support = supportFor.Invoke(_instance, [buildParameters, buildInputs])!;
        var type = support.GetType();
        return ((bool)type.GetProperty("IsSupported")!.GetValue(support)!, (string?)type.GetProperty("Reason")!.GetValue(support));
    }

    /// <summary>
    /// The entry's password-hash calls at these parameters, made once in this build's own parameter type, so the timed
    /// call passes a ready object as a direct call would.
    /// </summary>
    public BoundPasswordHash BindPassword(PasswordHashParameters parameters)
    {
        var buildParameters = PasswordParameters(parameters);
        var type = buildParameters.GetType();
        var hash = Bind(typeof(PasswordHashCall<>).MakeGenericType(type), "IPasswordHashImplementation", nameof(IPasswordHashImplementation.Hash));
        var encode = Bind(typeof(PasswordEncodeCall<>).MakeGenericType(type), "IPasswordHashImplementation", nameof(IPasswordHashImplementation.HashToString));
        var verify = Bind<PasswordVerifyCall>("IPasswordHashImplementation", nameof(IPasswordHashImplementation.Verify));
        return (BoundPasswordHash)Activator.CreateInstance(typeof(BoundPasswordHash<>).MakeGenericType(type), hash, encode, verify, buildParameters)!;
    }

    public override string ToString() => Id;

    private Type PasswordContract()
    {
        var contract = _registry.Contract("IPasswordHashImplementation") ?? throw new ContractChangedException("no IPasswordHashImplementation");
        return contract.IsInstanceOfType(_instance) ? contract : throw new ContractChangedException($"{Id} does not implement IPasswordHashImplementation");
    }

    /// <summary>
    /// <paramref name="parameters"/> as this build's own <c>PasswordHashParameters</c>, made by its factories
    /// (<c>Argon2(m, t, p, tag)</c>, <c>Bcrypt(cost)</c>): the same values, in the type its calls take.
    /// </summary>
    private object PasswordParameters(PasswordHashParameters parameters)
    {
        var type = _registry.Contract(nameof(PasswordHashParameters)) ?? throw new ContractChangedException($"no {nameof(PasswordHashParameters)}");
        var (factory, arguments) = parameters.IsBcrypt
            ? (nameof(PasswordHashParameters.Bcrypt), new object[] { parameters.Cost })
            : (nameof(PasswordHashParameters.Argon2), new object[] { parameters.MemoryKib, parameters.Passes, parameters.Lanes, parameters.TagBytes });
        var method = type.GetMethod(factory, BindingFlags.Public | BindingFlags.Static, arguments.Select(_ => typeof(int)).ToArray());
        return method is not null && method.ReturnType == type
            ? method.Invoke(null, arguments)!
            : throw new ContractChangedException($"{nameof(PasswordHashParameters)} has no {factory}({string.Join(", ", arguments.Select(_ => "int"))})");
    }

    private T AlgorithmValue<T>(string property) =>
        _algorithm.GetType().GetProperty(property)?.GetValue(_algorithm) is T value
            ? value
            : throw new ContractChangedException($"Algorithm has no {property} of type {typeof(T).Name}");

    /// <summary>
    /// The contract method whose parameters are the delegate's, resolved to the entry class's implementation of it, bound
    /// to the entry. Any mismatch (no such interface, the entry does not implement it, no method of that signature) is a
    /// changed contract.
    /// </summary>
    private TDelegate Bind<TDelegate>(string contract, string method)
        where TDelegate : Delegate =>
        (TDelegate)Bind(typeof(TDelegate), contract, method);

    /// <inheritdoc cref="Bind{TDelegate}"/>
    private Delegate Bind(Type delegateType, string contract, string method)
    {
        var invoke = delegateType.GetMethod("Invoke")!;
        var parameters = invoke.GetParameters().Select(p => p.ParameterType).ToArray();
        var interfaceType = _registry.Contract(contract) ?? throw new ContractChangedException($"no {contract}");
        if (!interfaceType.IsInstanceOfType(_instance))
        {
            throw new ContractChangedException($"{Id} does not implement {contract}");
        }

        var interfaceMethod = interfaceType.GetMethod(method, parameters);
        if (interfaceMethod is null || interfaceMethod.ReturnType != invoke.ReturnType)
        {
            throw new ContractChangedException($"{contract}.{method} has no overload ({string.Join(", ", parameters.Select(p => p.Name))}) returning {invoke.ReturnType.Name}");
        }

        var map = _instance.GetType().GetInterfaceMap(interfaceType);
        var target = map.TargetMethods[Array.IndexOf(map.InterfaceMethods, interfaceMethod)];
        return Delegate.CreateDelegate(delegateType, _instance, target, throwOnBindFailure: false)
            ?? throw new ContractChangedException($"{Id}'s {contract}.{method} does not bind to {delegateType.Name}");
    }
}

/// <summary>
/// A password-hash entry's calls at one parameter set, in framework types: what <see cref="BuildEntry.BindPassword"/>
/// returns for an entry of any load context. The secret and associated data are empty, as in every password case.
/// </summary>
public abstract class BoundPasswordHash
{
    /// <summary>The raw tag, <c>TagBytes</c> bytes, into <paramref name="tag"/>.</summary>
    public abstract void Hash(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag);

    /// <summary>The encoded string (PHC for Argon2, <c>$2b$</c> for bcrypt).</summary>
    public abstract string HashToString(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt);

    public abstract bool Verify(string encoded, ReadOnlySpan<byte> password);
}

/// <summary>The calls bound to one build's parameter type <typeparamref name="TParameters"/>, with its parameters object.</summary>
internal sealed class BoundPasswordHash<TParameters>(
    PasswordHashCall<TParameters> hash, PasswordEncodeCall<TParameters> encode, PasswordVerifyCall verify, TParameters parameters) : BoundPasswordHash
{
    public override void Hash(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> tag) => hash(password, salt, [], [], parameters, tag);

    public override string HashToString(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt) => encode(password, salt, parameters);

    public override bool Verify(string encoded, ReadOnlySpan<byte> password) => verify(encoded, password);
}
