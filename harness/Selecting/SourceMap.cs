using System.Text.RegularExpressions;

namespace CryptoHarness.Selecting;

/// <summary>
/// Which registry entries each source file under <c>implementations/</c> can affect, derived from the registry and the
/// code, never kept by hand. An entry names its starting points: its adapter's file (recorded by the compiler), its
/// algorithm's catalog file (likewise) and, for our own code, its types (<see cref="Implementation.CodeTypes"/>), whose
/// files are the ones declaring them plus <c>&lt;Type&gt;Hasher</c>'s (the one-file-per-algorithm convention:
/// <c>Blake2b.cs</c>, <c>Blake2b.Avx2.cs</c>, …). From there it follows the names the code mentions: a file that
/// names a type declared in another file of the same code folder reaches that file too (Sha3.cs names KeccakSponge,
/// which names KeccakP1600, which names InstructionSet), so shared code reaches every entry that runs it. The adapter
/// folder and the managed folder are followed separately: the managed adapter file names every managed algorithm, and
/// following it would make every managed file reach every managed entry. Each provider's own file (its
/// <see cref="ProviderRoom.File"/>: the provider's facts and the list of its family files) is reached by every entry of
/// that provider, and is never followed onward: it names every family file of its folder, and following it would make a
/// change to one provider's AEAD adapter re-measure its hashes.
/// </summary>
public sealed partial class SourceMap
{
    public const string ManagedFolder = "implementations/Managed";
    public const string AdapterFolder = "implementations/Providers/Adapters";

    private readonly Dictionary<string, HashSet<IImplementation>> _entriesByFile = new(StringComparer.Ordinal);

    private SourceMap()
    {
    }

    /// <summary>Repository-relative files (forward slashes) that some entry reaches.</summary>
    public IEnumerable<string> Files => _entriesByFile.Keys;

    /// <summary>Entries whose code, adapter or known answers <paramref name="file"/> is part of; empty if none.</summary>
    public IReadOnlyCollection<IImplementation> EntriesOf(string file) =>
        _entriesByFile.TryGetValue(file, out var entries) ? entries : [];

    /// <summary>Builds the map for <paramref name="implementations"/> from the checkout at <paramref name="root"/>.</summary>
    public static SourceMap Build(IEnumerable<IImplementation> implementations, string root)
    {
        var managed = CodeFolder.Read(root, ManagedFolder);
        var adapters = CodeFolder.Read(root, AdapterFolder);
        var roomFiles = Registry.Rooms.Select(r => SourceRoot.Relative(r.File)).OfType<string>().ToHashSet(StringComparer.Ordinal);
        var map = new SourceMap();
        foreach (var implementation in implementations)
        {
            // An entry that does not derive from Implementation names nothing; it is then selected by any change
            // under implementations/, which no file of the map claims (fail safe).
            if (implementation is not Implementation known)
            {
                continue;
            }

            var files = new HashSet<string>(StringComparer.Ordinal);
            if (SourceRoot.Relative(known.AdapterFile) is { } adapter)
            {
                files.UnionWith(adapters.Closure([adapter], roomFiles));
            }

            if (Registry.RoomOf(known.Provider) is { } room && SourceRoot.Relative(room.File) is { } roomFile)
            {
                files.Add(roomFile);
            }

            if (SourceRoot.Relative(known.Algorithm.CatalogFile) is { } catalog)
            {
                files.Add(catalog);
            }

            var typeFiles = known.CodeTypes
                .SelectMany(t => new[] { t.Name, t.Name + "Hasher" })
                .SelectMany(managed.FilesDeclaring);
            files.UnionWith(managed.Closure(typeFiles, new HashSet<string>()));
            foreach (var file in files)
            {
                map.Add(file, implementation);
            }
        }

        return map;
    }

    private void Add(string file, IImplementation implementation)
    {
        if (!_entriesByFile.TryGetValue(file, out var entries))
        {
            _entriesByFile[file] = entries = [];
        }

        entries.Add(implementation);
    }

    /// <summary>The C# files of one folder: the top-level types each declares and the identifiers each mentions.</summary>
    private sealed class CodeFolder
    {
        private readonly Dictionary<string, HashSet<string>> _declaredIn = new(StringComparer.Ordinal);
        private readonly Dictionary<string, HashSet<string>> _mentions = new(StringComparer.Ordinal);

        public static CodeFolder Read(string root, string folder)
        {
            var code = new CodeFolder();
            var directory = Path.Combine(root, folder);
            if (!Directory.Exists(directory))
            {
                return code;
            }

            foreach (var path in Directory.EnumerateFiles(directory, "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
            {
                var file = Path.GetRelativePath(root, path).Replace('\\', '/');
                // Comment lines are dropped: a type named in prose is not code the file runs.
                var lines = File.ReadAllLines(path).Where(l => !l.TrimStart().StartsWith("//", StringComparison.Ordinal)).ToArray();
                foreach (var line in lines)
                {
                    // File-scoped namespaces: a top-level type starts at column 0, a nested one is indented.
                    if (TopLevelType().Match(line) is { Success: true } declaration)
                    {
                        var name = declaration.Groups["name"].Value;
                        if (!code._declaredIn.TryGetValue(name, out var files))
                        {
                            code._declaredIn[name] = files = new HashSet<string>(StringComparer.Ordinal);
                        }

                        files.Add(file);
                    }
                }

                code._mentions[file] = Identifier().Matches(string.Join('\n', lines)).Select(m => m.Value).ToHashSet(StringComparer.Ordinal);
            }

            return code;
        }

        public HashSet<string> FilesDeclaring(string type) =>
            _declaredIn.TryGetValue(type, out var files) ? files : [];

        /// <summary>
        /// <paramref name="start"/> and every file of this folder reachable by the types the files mention; a file of
        /// <paramref name="ends"/> is reached but not followed.
        /// </summary>
        public HashSet<string> Closure(IEnumerable<string> start, HashSet<string> ends)
        {
            var reached = new HashSet<string>(StringComparer.Ordinal);
            var pending = new Stack<string>(start);
            while (pending.TryPop(out var file))
            {
                if (!reached.Add(file) || ends.Contains(file) || !_mentions.TryGetValue(file, out var names))
                {
                    continue;
                }

                foreach (var name in names)
                {
                    foreach (var declaring in FilesDeclaring(name))
                    {
                        pending.Push(declaring);
                    }
                }
            }

            return reached;
        }
    }

    [GeneratedRegex(@"^(?:(?:public|internal|file|static|sealed|abstract|unsafe|readonly|ref|partial)\s+)*(?:class|struct|interface|enum|record(?:\s+struct|\s+class)?)\s+(?<name>[A-Za-z_][A-Za-z0-9_]*)")]
    private static partial Regex TopLevelType();

    [GeneratedRegex(@"\b[A-Za-z_][A-Za-z0-9_]*\b")]
    private static partial Regex Identifier();
}
