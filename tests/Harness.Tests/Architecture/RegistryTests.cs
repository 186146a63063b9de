using System.Reflection;
using CryptoHarness.Cli;

namespace CryptoHarness.Tests.Architecture;

public sealed class RegistryTests
{
    /// <summary>
    /// Every assembly built from this repository that could hold an adapter: the providers, our managed code, and the
    /// harness. The tests' own doubles live in the test assembly and are not meant for the registry.
    /// </summary>
    private static readonly Assembly[] ImplementationAssemblies =
    [
        typeof(IImplementation).Assembly,
        typeof(CryptoHarness.Managed.Sha256).Assembly,
        typeof(CryptoHarness.Cli.HarnessCli).Assembly,
    ];

    [Fact]
    public void Ids_are_unique_and_derived_from_slug_provider_and_variant()
    {
        var ids = Registry.Implementations.Select(i => i.Id).ToArray();
        Assert.Equal(ids.Length, ids.Distinct(StringComparer.Ordinal).Count());
        foreach (var implementation in Registry.Implementations)
        {
            var expected = string.Join('/', new[] { implementation.Algorithm.Slug, implementation.Provider.Key, implementation.Variant }.Where(p => p.Length > 0));
            Assert.Equal(expected, implementation.Id);
        }
    }

    /// <summary>
    /// An adapter that is written but not registered is never gated, measured or reported, and nothing else would say
    /// so: every concrete implementation class must have a registry entry of its type, or be the shared base of
    /// registered ones (the libsodium AEAD and managed hash bases are concrete classes used through their subclasses). A
    /// generic class counts as listed when the registry has an entry of one of its constructions (the managed SHAKE
    /// adapters, one per strength; the AEGIS adapter, one per variant).
    /// </summary>
    [Fact]
    public void Every_implementation_class_is_listed_in_the_registry()
    {
        var registered = Registry.Implementations
            .Select(i => i.GetType())
            .SelectMany(t => t.IsConstructedGenericType ? [t, t.GetGenericTypeDefinition()] : new[] { t })
            .Distinct()
            .ToArray();
        var written = ImplementationAssemblies
            .SelectMany(a => a.GetTypes())
            .Where(t => t is { IsClass: true, IsAbstract: false } && typeof(IImplementation).IsAssignableFrom(t))
            .ToArray();

        Assert.NotEmpty(written);
        var unlisted = written.Where(t => !registered.Any(r => t.IsAssignableFrom(r))).Select(t => t.FullName).Order(StringComparer.Ordinal).ToArray();
        Assert.True(unlisted.Length == 0, $"Implementation classes the registry does not list: {string.Join(", ", unlisted)}");
    }

    /// <summary>
    /// Provider keys are declared once, in their room's provider file (<c>Adapters/&lt;provider&gt;/&lt;Provider&gt;Provider.cs</c>):
    /// every registry entry names its room's provider (not a look-alike built elsewhere) and lies in its room's folder,
    /// each key is unique, and every room has an entry.
    /// </summary>
    [Fact]
    public void Providers_are_the_rooms_each_with_a_unique_key_and_entries_of_its_own()
    {
        var declared = Registry.Rooms.Select(r => r.Provider).ToArray();

        Assert.Equal(declared, Registry.Providers);
        Assert.Equal(declared.Length, declared.Select(p => p.Key).Distinct(StringComparer.Ordinal).Count());
        Assert.All(declared, p => Assert.Matches("^[a-z0-9]+(-[a-z0-9]+)*$", p.Key));
        foreach (var room in Registry.Rooms)
        {
            var folder = Path.GetDirectoryName(SourceRoot.Relative(room.File))!.Replace('\\', '/');
            Assert.StartsWith("implementations/Providers/Adapters/", folder + "/", StringComparison.Ordinal);
            Assert.NotEmpty(room.Entries);
            Assert.All(room.Entries, e => Assert.Same(room.Provider, e.Provider));
            // An entry's adapter lies in its provider's folder, so a change there selects that provider's families only.
            Assert.All(room.Entries.OfType<Implementation>(), e => Assert.StartsWith(folder + "/", SourceRoot.Relative(e.AdapterFile), StringComparison.Ordinal));
        }

        Assert.Equal(Registry.Rooms.SelectMany(r => r.Entries).Order(Comparer<IImplementation>.Create((a, b) => string.CompareOrdinal(a.Id, b.Id))),
            Registry.Implementations.Order(Comparer<IImplementation>.Create((a, b) => string.CompareOrdinal(a.Id, b.Id))));
    }

    /// <summary>
    /// Families are declared once (<see cref="AlgorithmFamily"/>): every algorithm's family is one of them, so no
    /// look-alike spelling makes a second family, and every declared family has an entry.
    /// </summary>
    [Fact]
    public void Every_algorithm_is_in_exactly_one_declared_family_and_every_family_has_entries()
    {
        var declared = AlgorithmFamily.All.Select(f => f.Name).ToArray();

        Assert.Equal(declared.Length, declared.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.All(Registry.Algorithms, a => Assert.Contains(a.Family, declared));
        Assert.Equal(declared, Registry.Families);
    }

    /// <summary>
    /// Rooms join from their provider files (<see cref="ProviderRooms"/>), not from a list: every folder under
    /// <c>Adapters/</c> but the shared <c>Common/</c> is one joined room, whose provider file lies in it, and the rooms
    /// stand in the order of their places, each place taken once.
    /// </summary>
    [Fact]
    public void Every_provider_folder_joins_as_one_room_in_the_order_of_its_place()
    {
        var root = RepositoryRoot.Find();
        var folders = Directory.GetDirectories(Path.Combine(root, "implementations", "Providers", "Adapters"))
            .Select(Path.GetFileName)
            .Where(name => name != "Common")
            .Order(StringComparer.Ordinal)
            .ToArray();
        var roomFolders = Registry.Rooms
            .Select(r => SourceRoot.Relative(r.File)!.Split('/')[^2])
            .Order(StringComparer.Ordinal)
            .ToArray();

        Assert.Equal(folders, roomFolders);
        Assert.All(Registry.Rooms, r => Assert.EndsWith("Provider.cs", r.File, StringComparison.Ordinal));
        Assert.Equal(Registry.Rooms.OrderBy(r => r.Place).Select(r => r.Provider.Key), Registry.Rooms.Select(r => r.Provider.Key));
        Assert.Equal(Registry.Rooms.Count, Registry.Rooms.Select(r => r.Place).Distinct().Count());
        Assert.Throws<InvalidOperationException>(() => ProviderRooms.Join(() => Registry.Rooms[0]));
    }

    /// <summary>
    /// The order reports list providers in, which the committed pages were rendered with (ties in the highlights and
    /// the pages' row order follow it): a place may be given to a new provider, never changed for an old one.
    /// </summary>
    [Fact]
    public void The_report_order_of_the_providers_is_the_one_the_committed_pages_were_rendered_with()
    {
        string[] committed =
        [
            "os", "bouncycastle", "libsodium", "nsec", "tiny-keccak", "blake3-native", "blake3-net", "libargon2", "isopoh",
            "konscious", "libxcrypt", "bcrypt-net", "botan", "managed",
        ];
        Assert.Equal(committed, Registry.Rooms.Select(r => r.Provider.Key).Where(committed.Contains));
    }

    private const string TableBegin = "<!-- providers-table: generated from each provider's room (ProviderRoom.Readme, .Origin) and the pins; UPDATE_GOLDEN=1 dotnet test tests/Harness.Tests --filter FullyQualifiedName~RegistryTests rewrites it -->";

    private const string TableEnd = "<!-- providers-table end -->";

    /// <summary>
    /// The README's provider table is generated from what each provider's file declares: its key, what runs
    /// (<see cref="ProviderRoom.Readme"/>), and for a NuGet provider (<see cref="Provider.Package"/>) its package id with
    /// the version pinned in Directory.Packages.props, else where it comes from (<see cref="ProviderRoom.Origin"/>); in
    /// the report order. A provider added, or a pin or text changed, without the table rewritten fails here; with
    /// <c>UPDATE_GOLDEN=1</c> the test rewrites the table (review the diff), as the report golden files are.
    /// </summary>
    [Fact]
    public void The_readme_provider_table_is_generated_from_the_providers_declared_facts()
    {
        var root = RepositoryRoot.Find();
        var path = Path.Combine(root, "README.md");
        var readme = File.ReadAllText(path);
        var begin = readme.IndexOf(TableBegin, StringComparison.Ordinal);
        var end = readme.IndexOf(TableEnd, StringComparison.Ordinal);
        Assert.True(begin >= 0 && end > begin, $"README.md has no provider table between '{TableBegin}' and '{TableEnd}'");
        var from = begin + TableBegin.Length;
        var table = ProviderTable(root);

        if (readme[from..end] != table && Environment.GetEnvironmentVariable("UPDATE_GOLDEN") == "1")
        {
            File.WriteAllText(path, readme[..from] + table + readme[end..]);
            return;
        }

        Assert.Equal(table, readme[from..end]);
    }

    /// <summary>A provider is a NuGet package or says where it comes from, never both, and its README text is one table cell.</summary>
    [Fact]
    public void Every_room_says_what_runs_and_either_its_package_or_where_it_comes_from()
    {
        Assert.All(Registry.Rooms, r =>
        {
            Assert.False(string.IsNullOrWhiteSpace(r.Readme), r.Provider.Key);
            Assert.True((r.Provider.Package is null) != (r.Origin is null), $"{r.Provider.Key}: a NuGet package or an origin, exactly one");
            Assert.All(new[] { r.Readme, r.Origin ?? "" }, text => Assert.DoesNotMatch("[|\r\n]", text));
        });
    }

    private static string ProviderTable(string root)
    {
        var pins = System.Xml.Linq.XDocument.Load(Path.Combine(root, "Directory.Packages.props")).Descendants("PackageVersion")
            .ToDictionary(e => (string)e.Attribute("Include")!, e => (string)e.Attribute("Version")!, StringComparer.Ordinal);
        var table = new System.Text.StringBuilder("\n| Provider | What runs | Package |\n|:--|:--|:--|\n");
        foreach (var room in Registry.Rooms)
        {
            string source;
            if (room.Provider.Package is { } package)
            {
                Assert.True(pins.TryGetValue(package, out var pinned), $"{room.Provider.Key}: package {package} is not pinned in Directory.Packages.props");
                source = $"`{package}` {pinned}";
            }
            else
            {
                source = room.Origin!;
            }

            table.Append($"| `{room.Provider.Key}` | {room.Readme} | {source} |\n");
        }

        return table.ToString();
    }

    [Theory]
    [InlineData("SHA-256", "sha256")]
    [InlineData("SHA-512/256", "sha512-256")]
    [InlineData("BLAKE2b-512", "blake2b512")]
    [InlineData("AES-256-GCM", "aes-256-gcm")]
    [InlineData("BLAKE3", "blake3")]
    [InlineData("HMAC-SHA-256", "hmac-sha256")]
    [InlineData("SHA3-256", "sha3-256")]
    [InlineData("ChaCha20-Poly1305", "chacha20-poly1305")]
    [InlineData("Kupyna-384", "kupyna384")]
    public void Slugs_follow_the_naming_rule(string name, string slug) => Assert.Equal(slug, Algorithm.ToSlug(name));

    [Fact]
    public void Family_filter_matches_an_algorithm_name_exactly()
    {
        var selected = Registry.Select(family: "sha-256");
        Assert.NotEmpty(selected);
        Assert.All(selected, i => Assert.Equal("SHA-256", i.Algorithm.Name));
    }

    [Fact]
    public void Family_filter_matches_a_family_name()
    {
        var selected = Registry.Select(family: "SHA-2");
        Assert.Equal(Registry.Implementations.Count(i => i.Algorithm.Family == "SHA-2"), selected.Count);
    }

    [Theory]
    [InlineData("SHA", null, null, "Unknown family 'SHA'")]
    [InlineData("SHA-25", null, null, "Unknown family 'SHA-25'")]
    [InlineData(null, "SHA257", null, "Unknown algorithm 'SHA257'. Did you mean SHA-256?")]
    [InlineData("BLAKE4", null, null, "Unknown family 'BLAKE4'. Did you mean one of BLAKE2, BLAKE3?")]
    [InlineData(null, null, "openssl", "Unknown provider 'openssl'")]
    public void Filters_never_match_by_substring_and_name_the_valid_choices(string? family, string? algorithm, string? provider, string start)
    {
        var error = Assert.Throws<SelectionException>(() => Registry.Select(family, algorithm, provider));
        Assert.StartsWith(start, error.Message, StringComparison.Ordinal);
        Assert.Contains("Valid", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Theory]
    [InlineData("SHA256", "SHA-256")]
    [InlineData("sha256", "SHA-256")]
    [InlineData("sha 256", "SHA-256")]
    [InlineData("AesGcm128", "AES-128-GCM")]
    [InlineData("Blake2b512", "BLAKE2b-512")]
    [InlineData("ChaCha20Poly1305", "ChaCha20-Poly1305")]
    [InlineData("sha_3", "SHA-3")]
    [InlineData("Sha3_256", "SHA3-256")]
    public void A_name_that_differs_in_case_separators_or_the_order_of_its_parts_is_taken_as_the_registered_one(string typed, string registered)
    {
        var selected = Registry.Select(family: typed);
        Assert.NotEmpty(selected);
        Assert.Equal(Registry.Select(family: registered).Select(i => i.Id), selected.Select(i => i.Id));
    }

    [Fact]
    public void BLAKE_stands_for_both_BLAKE_families()
    {
        var selected = Registry.Select(family: "blake");
        Assert.Equal(["BLAKE2", "BLAKE3"], selected.Select(i => i.Algorithm.Family).Distinct().Order(StringComparer.Ordinal));
        Assert.All(Registry.FamilyGroups.SelectMany(g => g.Families), f => Assert.Contains(f, Registry.Families));
    }

    [Fact]
    public void A_name_that_could_be_several_is_refused_with_its_candidates_never_guessed()
    {
        var error = Assert.Throws<SelectionException>(() => Registry.Resolve("abc-1-2", ["ABC-1-2x", "abc12", "ABC-1/2"], "algorithm", "Valid: those"));
        Assert.Equal("Ambiguous algorithm 'abc-1-2': it could be abc12, ABC-1/2; give one of them.", error.Message);

        var reordered = Assert.Throws<SelectionException>(() => Registry.Resolve("X-2-1", ["X-1-2", "1-X-2"], "algorithm", "Valid: those"));
        Assert.StartsWith("Ambiguous algorithm 'X-2-1': it could be X-1-2, 1-X-2", reordered.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_unknown_name_is_echoed_on_one_short_line()
    {
        var error = Assert.Throws<SelectionException>(() => Registry.Select(family: new string('x', 5000) + "\u2028\n"));
        Assert.DoesNotContain('\n', error.Message);
        Assert.DoesNotContain('\u2028', error.Message);
        Assert.True(error.Message.Length < 400, error.Message);
    }

    [Fact]
    public void Multi_buffer_SHA_256_and_SHA3_256_are_an_entry_per_path_and_a_dispatching_default()
    {
        var batch = Registry.Implementations.OfType<IBatchHashImplementation>().Select(i => i.Id).Order(StringComparer.Ordinal);
        Assert.Equal(
            [
                "sha256/managed/multibuffer-auto", "sha256/managed/multibuffer-avx2", "sha256/managed/multibuffer-avx512", "sha256/managed/multibuffer-scalar", "sha256/managed/multibuffer-ssse3",
                "sha3-256/managed/multibuffer-auto", "sha3-256/managed/multibuffer-avx2", "sha3-256/managed/multibuffer-avx512", "sha3-256/managed/multibuffer-scalar",
            ],
            batch);
        Assert.True(Registry.Find("sha3-256/managed/multibuffer-scalar")!.Support.IsSupported);
        Assert.True(Registry.Find("sha256/managed/multibuffer-scalar")!.Support.IsSupported);
        Assert.True(Registry.Find("sha256/managed/multibuffer-auto")!.Support.IsSupported);
    }

    [Theory]
    [InlineData("SHA-2")]
    [InlineData("SHA-256")]
    public void The_batch_scenario_takes_every_hash_of_the_algorithms_with_a_batch_api(string family)
    {
        var selected = new CryptoHarness.Selecting.Scenarios.BatchSelection().Measured(Registry.Select(family: family));
        Assert.Equal(Registry.Select(algorithm: "SHA-256").Select(i => i.Id), selected.Select(i => i.Id));
    }

    [Fact]
    public void Every_algorithm_has_known_answers_with_their_source()
    {
        Assert.All(Registry.Algorithms, a =>
        {
            Assert.NotEmpty(a.KnownAnswers);
            Assert.All(a.KnownAnswers, k => Assert.False(string.IsNullOrWhiteSpace(k.Source)));
        });
    }

    /// <summary>The highlights compare this repository's code with providers by role: one is our own, and there is a bar to meet.</summary>
    [Fact]
    public void Exactly_one_provider_is_this_repositorys_own_and_some_are_anchors_to_compare_it_with()
    {
        Assert.Same(ManagedProvider.Provider, Assert.Single(Registry.Providers, p => p.Role == ProviderRole.Own));
        Assert.Contains(Registry.Providers, p => p.Role == ProviderRole.NativeAnchor);
        Assert.Contains(Registry.Providers, p => p.Role == ProviderRole.ManagedAlternative);
        Assert.Contains(Registry.Providers, p => p.Role == ProviderRole.Platform);
    }
}
