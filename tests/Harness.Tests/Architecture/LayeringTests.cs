using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using System.Text.RegularExpressions;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests.Architecture;

/// <summary>
/// The harness's namespaces import one way, from the bottom up; a type may name types of its own layer's namespace and
/// of lower layers, never of a higher layer or of another namespace beside it on the same layer. Checked on the
/// compiled assembly rather than on <c>using</c> lines, because a fully qualified name never shows in a <c>using</c>.
/// One blind spot: the compiler inlines constants, so reading a <c>const</c> of a higher layer leaves no reference here.
/// </summary>
public sealed class LayeringTests
{
    /// <summary>
    /// The allowed order, lowest first. Namespaces on one line are beside each other and may not name each other.
    /// The registry and contracts (CryptoHarness.Implementations) live in another assembly and sit below all of these.
    /// Results sits below Running although runs produce results: it is the file format (records, summaries, their
    /// validation) that Running writes and Reporting, Comparing and Leaks read, so the writer names it, not the reverse.
    /// </summary>
    private static readonly string[][] Layers =
    [
        // Shared by everything above: the input-error type and the option that refuses with it (Errors), the statistics
        // the comparison, the leak check and the reports all use, and the code the regex source generator emits for any layer.
        ["CryptoHarness.Errors", "CryptoHarness.Statistics", "System.Text.RegularExpressions.Generated"],
        // The interleaved timing loop: it times delegates, knowing nothing of implementations, so both the benchmark runner
        // and the paired comparison of two builds (whose types live in different load contexts) can use it.
        ["CryptoHarness.Interleaving"],
        // Which implementations, families, sizes and inputs a command means: read from the registry only.
        ["CryptoHarness.Selecting"],
        ["CryptoHarness.Results"],
        // Numbers, sizes and times as every report, comparison and leak page prints them; it formats result records.
        ["CryptoHarness.Formatting"],
        // One class per algorithm kind: its contract, known answers, probes and further checks, which the gate runs.
        ["CryptoHarness.Kinds"],
        ["CryptoHarness.Gate"],
        // The ways of measuring: benchmarks (Running), the timing-leak check (Leaks), a scenario of its own, and the paired
        // comparison of two builds (Pairing), which loads another build's implementations and times them against this
        // one's with the interleaved loop, writing a results file (paired.json) that Comparing reads as it reads summaries.
        ["CryptoHarness.Running", "CryptoHarness.Leaks", "CryptoHarness.Pairing"],
        ["CryptoHarness.Reporting", "CryptoHarness.Comparing"],
        // The scenario registration: it pairs each scenario's measuring piece (Running) with its report piece
        // (Reporting), which may not name each other. A scenario's folder holds pieces of several layers, each in its
        // layer's namespace (CryptoHarness.Running.Scenarios, CryptoHarness.Reporting.Scenarios, ...), judged as that layer.
        ["CryptoHarness.Scenarios"],
        ["CryptoHarness.Cli"],
        // Program.cs's top-level statements compile into the global namespace: the entry point, above the command line.
        [""],
    ];

    /// <summary>
    /// Reporting and comparing work from results files alone, never from how they were measured: though above them,
    /// they must not name the gate or the benchmarks. Operation names and workload inputs they share live in Results
    /// and Selecting.
    /// </summary>
    private static readonly (string User, string Forbidden)[] ReadOnlyResults =
    [
        ("CryptoHarness.Reporting", "CryptoHarness.Running"),
        ("CryptoHarness.Reporting", "CryptoHarness.Gate"),
        ("CryptoHarness.Comparing", "CryptoHarness.Running"),
        ("CryptoHarness.Comparing", "CryptoHarness.Gate"),
    ];

    [Fact]
    public void Namespaces_reference_only_their_own_and_lower_layers()
    {
        var violations = ForbiddenReferences().ToArray();
        Assert.True(violations.Length == 0, $"{violations.Length} references against the layer order:\n" + string.Join('\n', violations));
    }

    /// <summary>Guards the checker: a harness type must be seen using a type it is known to use.</summary>
    [Fact]
    public void The_reference_scan_sees_types_used_in_method_bodies()
    {
        var references = ReferencesByType();
        Assert.Contains("CryptoHarness.Errors.UsageException", references["CryptoHarness.Cli.HarnessCli"]);
    }

    /// <summary>
    /// Guards the checker: a scenario's or a kind's pieces are judged by their layer's namespace, so a Reporting piece
    /// naming a Running piece of the same scenario folder is still caught; the registration sits above both.
    /// </summary>
    [Fact]
    public void A_plug_in_piece_is_judged_as_the_layer_of_its_namespace()
    {
        Assert.Equal("CryptoHarness.Running", NamespaceOf("CryptoHarness.Running.Scenarios.OneShotMeasurement"));
        Assert.Equal("CryptoHarness.Reporting", NamespaceOf("CryptoHarness.Reporting.Scenarios.OneShotReport"));
        Assert.Equal("CryptoHarness.Selecting", NamespaceOf("CryptoHarness.Selecting.Scenarios.OneShotSelection"));
        Assert.Equal("CryptoHarness.Kinds", NamespaceOf("CryptoHarness.Kinds.HashKind"));
        Assert.True(LayerOf("CryptoHarness.Kinds") < LayerOf("CryptoHarness.Gate"));
        Assert.True(LayerOf("CryptoHarness.Scenarios") > LayerOf("CryptoHarness.Reporting"));
        Assert.True(LayerOf("CryptoHarness.Scenarios") < LayerOf("CryptoHarness.Cli"));
        Assert.Contains(("CryptoHarness.Reporting", "CryptoHarness.Running"), ReadOnlyResults);
    }

    [Fact]
    public void Every_harness_namespace_has_a_layer()
    {
        var unplaced = ReferencesByType().Keys.Select(NamespaceOf).Distinct().Where(n => LayerOf(n) is null).ToArray();
        Assert.True(unplaced.Length == 0, "namespaces without a layer in LayeringTests.Layers: " + string.Join(", ", unplaced));
    }

    /// <summary>
    /// The folders of <c>harness/</c>, lowest first, in the order of <see cref="Layers"/>: each folder is its namespace
    /// (<c>Kinds/</c> is <c>CryptoHarness.Kinds</c>), so a reader knows a file's layer from its path. Folders on one line
    /// are beside each other and may not name each other. The empty name is the root (<c>Program.cs</c>).
    /// </summary>
    private static readonly string[][] FolderLayers =
    [
        ["Errors", "Statistics"],
        ["Interleaving"],
        ["Selecting"],
        ["Results"],
        ["Formatting"],
        ["Kinds"],
        ["Gate"],
        ["Running", "Pairing"],
        ["Reporting", "Comparing"],
        ["Scenarios"],
        ["Cli"],
        [""],
    ];

    /// <summary>
    /// Files whose namespace is not their folder's, each for a reason. A scenario's folder holds pieces of several layers
    /// (its selection, measurement, report and page model), each in its layer's namespace so the namespace check above
    /// judges it as that layer; the page model's piece is a part of the partial <c>ReportModel</c>, which must share
    /// its namespace.
    /// </summary>
    private static bool NamespaceMayDifferFromFolder(string relative) =>
        relative.StartsWith("Scenarios/", StringComparison.Ordinal) && relative.Count(c => c == '/') == 2;

    /// <summary>
    /// Folder references against <see cref="FolderLayers"/>, each for a reason: what a scenario's folder holds is named
    /// below it where a lower layer reads a scenario's piece by its own namespace.
    /// </summary>
    private static readonly (string User, string Used, string Why)[] FolderExceptions =
    [
        ("Results", "Scenarios", "a file without 'scenario' was one-shot: RunSummary's default is OneShotSelection.ScenarioName (a constant, so only the source shows it)"),
        ("Reporting", "Scenarios", "ReportModel is one partial type with a part in each scenario's folder; the site's cross-machine table reads the one-shot highlights (FamilyOverview)"),
        ("Gate", "Scenarios", "the gate checks batch implementations at the batch scenario's batches and lengths (BatchSelection)"),
        ("Comparing", "Scenarios", "compare of two leaks runs matches their checks by the leak check's own rule (LeakComparison); paired keys its one-shot and password-hash cases by those scenarios' names (OneShotSelection, PasswordSelection)"),
    ];

    [Fact]
    public void Every_harness_file_is_in_the_namespace_of_its_folder()
    {
        var wrong = HarnessFiles()
            .Where(f => f.Namespace is not null && f.Namespace != NamespaceOfFolder(f.Folder) && !NamespaceMayDifferFromFolder(f.Relative))
            .Select(f => $"{f.Relative}: namespace {f.Namespace}, folder says {NamespaceOfFolder(f.Folder)}")
            .ToArray();
        Assert.True(wrong.Length == 0, "files outside their folder's namespace:\n" + string.Join('\n', wrong));
    }

    /// <summary>
    /// Folders import one way too: the references between top-level folders of <c>harness/</c>, from the compiled code
    /// (every type a type names, by the folders that declare them) and from the source (a type's member named as
    /// <c>Type.Member</c>, which also sees a constant the compiler inlined), go down <see cref="FolderLayers"/> but for
    /// <see cref="FolderExceptions"/>. Each exception is still a reference the test sees, so it fails once it is gone.
    /// </summary>
    [Fact]
    public void Folders_reference_only_their_own_and_lower_layers_but_for_the_listed_reasons()
    {
        var edges = FolderReferences();
        var violations = edges
            .Where(e => FolderLayerOf(e.Used) >= FolderLayerOf(e.User) && !FolderExceptions.Any(x => x.User == e.User && x.Used == e.Used))
            .Select(e => $"{e.User}/ names {e.Used}/ ({e.Example})")
            .ToArray();
        Assert.True(violations.Length == 0, $"{violations.Length} folder references against the layer order:\n" + string.Join('\n', violations));
        var stale = FolderExceptions.Where(x => !edges.Any(e => e.User == x.User && e.Used == x.Used)).Select(x => $"{x.User} → {x.Used}").ToArray();
        Assert.True(stale.Length == 0, "listed folder exceptions no reference needs any more: " + string.Join(", ", stale));
    }

    /// <summary>Guards the folder check: the cycles the folders had (Gate ⇄ Kinds) are gone, and a constant's use is seen.</summary>
    [Fact]
    public void The_folder_check_sees_constants_and_the_kinds_sit_below_the_gate()
    {
        var edges = FolderReferences();
        Assert.Contains(edges, e => e.User == "Gate" && e.Used == "Kinds");
        Assert.DoesNotContain(edges, e => e.User == "Kinds" && e.Used == "Gate");
        Assert.Contains(edges, e => e.User == "Results" && e.Used == "Scenarios");
        Assert.All(FolderLayers.SelectMany(l => l).Where(f => f.Length > 0), f => Assert.True(Directory.Exists(Path.Combine(HarnessFolder, f)), $"harness/{f}/ is listed but missing"));
    }

    private static string HarnessFolder => Path.Combine(RepositoryRoot.Find(), "harness");

    private static string NamespaceOfFolder(string folderPath) =>
        folderPath.Length == 0 ? "CryptoHarness" : "CryptoHarness." + folderPath.Replace('/', '.');

    private static int FolderLayerOf(string folder) =>
        Array.FindIndex(FolderLayers, layer => layer.Contains(folder, StringComparer.Ordinal)) is var index and >= 0
            ? index
            : throw new InvalidOperationException($"harness/{folder}/ has no layer in LayeringTests.FolderLayers");

    /// <summary>Every source file of the harness (not the build's output): its path from <c>harness/</c>, its folder path, its top-level folder, its namespace, its code without comment lines.</summary>
    private static (string Relative, string Folder, string Top, string? Namespace, string Code)[] HarnessFiles()
    {
        var separator = Path.DirectorySeparatorChar;
        return Directory.EnumerateFiles(HarnessFolder, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{separator}obj{separator}", StringComparison.Ordinal) && !f.Contains($"{separator}bin{separator}", StringComparison.Ordinal))
            .Select(f =>
            {
                var relative = Path.GetRelativePath(HarnessFolder, f).Replace('\\', '/');
                var folder = relative.Contains('/', StringComparison.Ordinal) ? relative[..relative.LastIndexOf('/')] : "";
                var code = string.Join('\n', File.ReadAllLines(f).Where(l => !l.TrimStart().StartsWith("//", StringComparison.Ordinal)));
                var declared = Regex.Match(code, @"^namespace\s+([\w.]+)\s*;", RegexOptions.Multiline);
                return (relative, folder, folder.Split('/')[0], declared.Success ? declared.Groups[1].Value : (string?)null, code);
            })
            .OrderBy(f => f.relative, StringComparer.Ordinal)
            .ToArray();
    }

    /// <summary>The references between distinct top-level folders, each with one example.</summary>
    private static (string User, string Used, string Example)[] FolderReferences()
    {
        var files = HarnessFiles();
        // Where each type is declared: its full name to the top-level folders of the files that declare it (a partial type may have several).
        var folders = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        foreach (var file in files.Where(f => f.Namespace is not null))
        {
            foreach (Match type in Regex.Matches(file.Code, @"\b(?:class|record|struct|interface|enum|delegate\s+[\w<>\[\]?,. ]+?)\s+(\w+)"))
            {
                var name = $"{file.Namespace}.{type.Groups[1].Value}";
                (folders.TryGetValue(name, out var set) ? set : folders[name] = new HashSet<string>(StringComparer.Ordinal)).Add(file.Top);
            }
        }

        var edges = new Dictionary<(string, string), string>();
        void Add(string user, string used, string example)
        {
            if (user != used)
            {
                edges.TryAdd((user, used), example);
            }
        }

        foreach (var (user, used) in ReferencesByType())
        {
            foreach (var usedType in used)
            {
                foreach (var from in folders.GetValueOrDefault(user) ?? [])
                {
                    foreach (var to in folders.GetValueOrDefault(usedType) ?? [])
                    {
                        Add(from, to, $"{user} uses {usedType}");
                    }
                }
            }
        }

        // A type's member named in the source (Type.Member): constants, which the compiled code no longer names.
        var bySimpleName = folders.GroupBy(p => p.Key[(p.Key.LastIndexOf('.') + 1)..])
            .Where(g => g.Count() == 1 && g.Single().Value.Count == 1)
            .ToDictionary(g => g.Key, g => g.Single().Value.Single(), StringComparer.Ordinal);
        foreach (var file in files)
        {
            foreach (Match member in Regex.Matches(file.Code, @"(?<![\w.])([A-Z]\w*)\.[A-Z]\w*"))
            {
                if (bySimpleName.TryGetValue(member.Groups[1].Value, out var to))
                {
                    Add(file.Top, to, $"{file.Relative} names {member.Value}");
                }
            }
        }

        return edges.Select(e => (e.Key.Item1, e.Key.Item2, e.Value)).OrderBy(e => e.Item1, StringComparer.Ordinal).ThenBy(e => e.Item2, StringComparer.Ordinal).ToArray();
    }

    private static IEnumerable<string> ForbiddenReferences()
    {
        foreach (var (user, usedTypes) in ReferencesByType().OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            var userNamespace = NamespaceOf(user);
            var userLayer = LayerOf(userNamespace);
            foreach (var used in usedTypes.Order(StringComparer.Ordinal))
            {
                var usedNamespace = NamespaceOf(used);
                if (usedNamespace == userNamespace || userLayer is null)
                {
                    continue;
                }
                var usedLayer = LayerOf(usedNamespace);
                if ((usedLayer is not null && usedLayer >= userLayer) || ReadOnlyResults.Contains((userNamespace, usedNamespace)))
                {
                    yield return $"{user} ({userNamespace}) uses {used} ({usedNamespace})";
                }
            }
        }
    }

    /// <summary>The layer of a namespace; a sub-namespace (CryptoHarness.Cli.Commands) shares its parent's.</summary>
    private static int? LayerOf(string @namespace)
    {
        for (var candidate = @namespace; ; candidate = candidate[..candidate.LastIndexOf('.')])
        {
            var index = Array.FindIndex(Layers, layer => layer.Contains(candidate, StringComparer.Ordinal));
            if (index >= 0)
            {
                return index;
            }
            if (!candidate.Contains('.', StringComparison.Ordinal))
            {
                return null;
            }
        }
    }

    /// <summary>The namespace that decides a top-level type's layer; a sub-namespace is judged as its layer entry.</summary>
    private static string NamespaceOf(string typeName)
    {
        var @namespace = typeName[..Math.Max(0, typeName.LastIndexOf('.'))];
        for (var candidate = @namespace; candidate.Contains('.', StringComparison.Ordinal); candidate = candidate[..candidate.LastIndexOf('.')])
        {
            if (Layers.Any(layer => layer.Contains(candidate, StringComparer.Ordinal)))
            {
                return candidate;
            }
        }
        return @namespace;
    }

    /// <summary>
    /// For every top-level type of the harness (nested and compiler-generated types count as their outermost type),
    /// the harness types it names: base type, interfaces, fields, method and property signatures, locals, and every
    /// type, method and field token in its method bodies.
    /// </summary>
    private static Dictionary<string, HashSet<string>> ReferencesByType()
    {
        using var stream = File.OpenRead(typeof(CryptoHarness.Cli.HarnessCli).Assembly.Location);
        using var pe = new PEReader(stream);
        var reader = pe.GetMetadataReader();
        var provider = new DefinitionCollector(reader);
        var result = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);

        foreach (var handle in reader.TypeDefinitions)
        {
            var definition = reader.GetTypeDefinition(handle);
            var user = provider.NameOf(provider.Outermost(handle));
            // <Module> and <PrivateImplementationDetails> hold compiler-made data, not code of any layer.
            if (user.StartsWith('<'))
            {
                continue;
            }
            var used = new HashSet<TypeDefinitionHandle>();
            used.UnionWith(provider.FromEntity(definition.BaseType));
            foreach (var implemented in definition.GetInterfaceImplementations())
            {
                used.UnionWith(provider.FromEntity(reader.GetInterfaceImplementation(implemented).Interface));
            }
            foreach (var fieldHandle in definition.GetFields())
            {
                used.UnionWith(reader.GetFieldDefinition(fieldHandle).DecodeSignature(provider, null));
            }
            foreach (var propertyHandle in definition.GetProperties())
            {
                var signature = reader.GetPropertyDefinition(propertyHandle).DecodeSignature(provider, null);
                used.UnionWith(signature.ReturnType);
                used.UnionWith(signature.ParameterTypes.SelectMany(p => p));
            }
            foreach (var methodHandle in definition.GetMethods())
            {
                var method = reader.GetMethodDefinition(methodHandle);
                var signature = method.DecodeSignature(provider, null);
                used.UnionWith(signature.ReturnType);
                used.UnionWith(signature.ParameterTypes.SelectMany(p => p));
                if (method.RelativeVirtualAddress != 0)
                {
                    var body = pe.GetMethodBody(method.RelativeVirtualAddress);
                    if (!body.LocalSignature.IsNil)
                    {
                        var locals = reader.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(provider, null);
                        used.UnionWith(locals.SelectMany(l => l));
                    }
                    foreach (var token in IlTokens(body.GetILBytes() ?? []))
                    {
                        used.UnionWith(provider.FromEntity(MetadataTokens.EntityHandle(token)));
                    }
                }
            }

            if (!result.TryGetValue(user, out var names))
            {
                result[user] = names = new HashSet<string>(StringComparer.Ordinal);
            }
            names.UnionWith(used.Select(provider.Outermost).Select(provider.NameOf).Where(n => n != user && !n.StartsWith('<')));
        }
        return result;
    }

    private static readonly Dictionary<short, OpCode> OpCodesByValue = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!)
        .ToDictionary(o => o.Value);

    /// <summary>The metadata tokens a method body's instructions carry (types, methods, fields; not strings).</summary>
    private static IEnumerable<int> IlTokens(byte[] il)
    {
        var offset = 0;
        while (offset < il.Length)
        {
            short value = il[offset++];
            if (value == 0xFE)
            {
                value = (short)(0xFE00 | il[offset++]);
            }
            var opCode = OpCodesByValue[value];
            switch (opCode.OperandType)
            {
                case OperandType.InlineField:
                case OperandType.InlineMethod:
                case OperandType.InlineTok:
                case OperandType.InlineType:
                    yield return BitConverter.ToInt32(il, offset);
                    offset += 4;
                    break;
                case OperandType.InlineSwitch:
                    offset += 4 + (4 * BitConverter.ToInt32(il, offset));
                    break;
                case OperandType.InlineI8:
                case OperandType.InlineR:
                    offset += 8;
                    break;
                case OperandType.InlineBrTarget:
                case OperandType.InlineI:
                case OperandType.InlineSig:
                case OperandType.InlineString:
                case OperandType.ShortInlineR:
                    offset += 4;
                    break;
                case OperandType.InlineVar:
                    offset += 2;
                    break;
                case OperandType.ShortInlineBrTarget:
                case OperandType.ShortInlineI:
                case OperandType.ShortInlineVar:
                    offset += 1;
                    break;
                case OperandType.InlineNone:
                    break;
                default:
                    throw new InvalidOperationException($"unknown operand type {opCode.OperandType} of {opCode.Name}");
            }
        }
    }

    /// <summary>
    /// Decodes signatures into the harness's own type definitions they mention, including generic arguments
    /// (<c>List&lt;RunSummary&gt;</c> names RunSummary); types of other assemblies decode to nothing.
    /// </summary>
    private sealed class DefinitionCollector(MetadataReader reader) : ISignatureTypeProvider<ImmutableArray<TypeDefinitionHandle>, object?>
    {
        private static readonly ImmutableArray<TypeDefinitionHandle> None = [];

        public TypeDefinitionHandle Outermost(TypeDefinitionHandle handle)
        {
            for (var declaring = reader.GetTypeDefinition(handle).GetDeclaringType(); !declaring.IsNil; declaring = reader.GetTypeDefinition(handle).GetDeclaringType())
            {
                handle = declaring;
            }
            return handle;
        }

        public string NameOf(TypeDefinitionHandle handle)
        {
            var definition = reader.GetTypeDefinition(handle);
            var @namespace = reader.GetString(definition.Namespace);
            var name = reader.GetString(definition.Name);
            return @namespace.Length == 0 ? name : $"{@namespace}.{name}";
        }

        /// <summary>The harness types a token names: a type, or the declaring type and signature of a member.</summary>
        public ImmutableArray<TypeDefinitionHandle> FromEntity(EntityHandle handle) => handle.IsNil ? None : handle.Kind switch
        {
            HandleKind.TypeDefinition => [(TypeDefinitionHandle)handle],
            HandleKind.TypeReference => None,
            HandleKind.TypeSpecification => reader.GetTypeSpecification((TypeSpecificationHandle)handle).DecodeSignature(this, null),
            HandleKind.MethodDefinition => [reader.GetMethodDefinition((MethodDefinitionHandle)handle).GetDeclaringType()],
            HandleKind.FieldDefinition => [reader.GetFieldDefinition((FieldDefinitionHandle)handle).GetDeclaringType()],
            HandleKind.MethodSpecification => FromMethodSpecification(reader.GetMethodSpecification((MethodSpecificationHandle)handle)),
            HandleKind.MemberReference => FromMemberReference(reader.GetMemberReference((MemberReferenceHandle)handle)),
            _ => None,
        };

        private ImmutableArray<TypeDefinitionHandle> FromMethodSpecification(MethodSpecification specification) =>
            [.. FromEntity(specification.Method), .. specification.DecodeSignature(this, null).SelectMany(a => a)];

        private ImmutableArray<TypeDefinitionHandle> FromMemberReference(MemberReference member)
        {
            var fromParent = FromEntity(member.Parent);
            return member.GetKind() switch
            {
                MemberReferenceKind.Method => [.. fromParent, .. Flatten(member.DecodeMethodSignature(this, null))],
                MemberReferenceKind.Field => [.. fromParent, .. member.DecodeFieldSignature(this, null)],
                _ => fromParent,
            };
        }

        private static IEnumerable<TypeDefinitionHandle> Flatten(MethodSignature<ImmutableArray<TypeDefinitionHandle>> signature) =>
            signature.ReturnType.Concat(signature.ParameterTypes.SelectMany(p => p));

        public ImmutableArray<TypeDefinitionHandle> GetTypeFromDefinition(MetadataReader metadata, TypeDefinitionHandle handle, byte rawTypeKind) => [handle];
        public ImmutableArray<TypeDefinitionHandle> GetTypeFromReference(MetadataReader metadata, TypeReferenceHandle handle, byte rawTypeKind) => None;
        public ImmutableArray<TypeDefinitionHandle> GetTypeFromSpecification(MetadataReader metadata, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            metadata.GetTypeSpecification(handle).DecodeSignature(this, genericContext);
        public ImmutableArray<TypeDefinitionHandle> GetPrimitiveType(PrimitiveTypeCode typeCode) => None;
        public ImmutableArray<TypeDefinitionHandle> GetSZArrayType(ImmutableArray<TypeDefinitionHandle> elementType) => elementType;
        public ImmutableArray<TypeDefinitionHandle> GetArrayType(ImmutableArray<TypeDefinitionHandle> elementType, ArrayShape shape) => elementType;
        public ImmutableArray<TypeDefinitionHandle> GetByReferenceType(ImmutableArray<TypeDefinitionHandle> elementType) => elementType;
        public ImmutableArray<TypeDefinitionHandle> GetPointerType(ImmutableArray<TypeDefinitionHandle> elementType) => elementType;
        public ImmutableArray<TypeDefinitionHandle> GetPinnedType(ImmutableArray<TypeDefinitionHandle> elementType) => elementType;
        public ImmutableArray<TypeDefinitionHandle> GetGenericInstantiation(ImmutableArray<TypeDefinitionHandle> genericType, ImmutableArray<ImmutableArray<TypeDefinitionHandle>> typeArguments) =>
            [.. genericType, .. typeArguments.SelectMany(a => a)];
        public ImmutableArray<TypeDefinitionHandle> GetGenericMethodParameter(object? genericContext, int index) => None;
        public ImmutableArray<TypeDefinitionHandle> GetGenericTypeParameter(object? genericContext, int index) => None;
        public ImmutableArray<TypeDefinitionHandle> GetFunctionPointerType(MethodSignature<ImmutableArray<TypeDefinitionHandle>> signature) => [.. Flatten(signature)];
        public ImmutableArray<TypeDefinitionHandle> GetModifiedType(ImmutableArray<TypeDefinitionHandle> modifier, ImmutableArray<TypeDefinitionHandle> unmodifiedType, bool isRequired) => unmodifiedType;
    }
}
