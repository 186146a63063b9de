using System.Reflection;
using CryptoHarness.Implementations;

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
    /// registered ones (the libsodium AEAD and managed hash bases are concrete classes used through their subclasses).
    /// </summary>
    [Fact]
    public void Every_implementation_class_is_listed_in_the_registry()
    {
        var registered = Registry.Implementations.Select(i => i.GetType()).Distinct().ToArray();
        var written = ImplementationAssemblies
            .SelectMany(a => a.GetTypes())
            .Where(t => t is { IsClass: true, IsAbstract: false } && typeof(IImplementation).IsAssignableFrom(t))
            .ToArray();

        Assert.NotEmpty(written);
        var unlisted = written.Where(t => !registered.Any(r => t.IsAssignableFrom(r))).Select(t => t.FullName).Order(StringComparer.Ordinal).ToArray();
        Assert.True(unlisted.Length == 0, $"Implementation classes the registry does not list: {string.Join(", ", unlisted)}");
    }

    /// <summary>
    /// Provider keys are declared once, as the properties of <see cref="Providers"/>: every registry entry names one of
    /// them (not a look-alike built elsewhere), each key is unique, and every declared provider has an entry.
    /// </summary>
    [Fact]
    public void Providers_are_the_declared_ones_each_with_a_unique_key_and_an_entry()
    {
        var declared = typeof(Providers).GetProperties(BindingFlags.Public | BindingFlags.Static)
            .Where(p => p.PropertyType == typeof(Provider))
            .Select(p => (Provider)p.GetValue(null)!)
            .ToArray();

        Assert.All(Registry.Providers, p => Assert.Contains(p, declared));
        Assert.Equal(declared.Length, declared.Select(p => p.Key).Distinct(StringComparer.Ordinal).Count());
        Assert.Equal(declared.Select(p => p.Key).Order(StringComparer.Ordinal), Registry.Providers.Select(p => p.Key).Order(StringComparer.Ordinal));
        Assert.All(declared, p => Assert.Matches("^[a-z0-9]+(-[a-z0-9]+)*$", p.Key));
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
        Assert.Same(Providers.Managed, Assert.Single(Registry.Providers, p => p.Role == ProviderRole.Own));
        Assert.Contains(Registry.Providers, p => p.Role == ProviderRole.NativeAnchor);
        Assert.Contains(Registry.Providers, p => p.Role == ProviderRole.ManagedAlternative);
        Assert.Contains(Registry.Providers, p => p.Role == ProviderRole.Platform);
    }
}
