using CryptoHarness.Implementations;

namespace CryptoHarness.Tests;

public sealed class RegistryTests
{
    private static readonly string[] FixedProviderKeys = ["managed", "os", "bouncycastle", "blake3-native", "blake3-managed", "libsodium", "libargon2", "libxcrypt", "isopoh", "konscious", "bcrypt-net", "nsec"];

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

    [Fact]
    public void Provider_keys_come_from_the_fixed_set()
    {
        Assert.All(Registry.Providers, p => Assert.Contains(p.Key, FixedProviderKeys));
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
    [InlineData(null, "SHA256", null, "Unknown algorithm 'SHA256'")]
    [InlineData(null, null, "openssl", "Unknown provider 'openssl'")]
    public void Filters_never_match_by_substring_and_name_the_valid_choices(string? family, string? algorithm, string? provider, string start)
    {
        var error = Assert.Throws<SelectionException>(() => Registry.Select(family, algorithm, provider));
        Assert.StartsWith(start, error.Message, StringComparison.Ordinal);
        Assert.Contains("Valid", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', error.Message);
    }

    [Fact]
    public void Multi_buffer_SHA_256_is_an_entry_per_path_and_a_dispatching_default()
    {
        var batch = Registry.Implementations.OfType<IBatchHashImplementation>().Select(i => i.Id).Order(StringComparer.Ordinal);
        Assert.Equal(
            ["sha256/managed/multibuffer-auto", "sha256/managed/multibuffer-avx2", "sha256/managed/multibuffer-avx512", "sha256/managed/multibuffer-scalar", "sha256/managed/multibuffer-ssse3"],
            batch);
        Assert.True(Registry.Find("sha256/managed/multibuffer-scalar")!.Support.IsSupported);
        Assert.True(Registry.Find("sha256/managed/multibuffer-auto")!.Support.IsSupported);
    }

    [Theory]
    [InlineData("SHA-2")]
    [InlineData("SHA-256")]
    public void The_batch_scenario_takes_every_hash_of_the_algorithms_with_a_batch_api(string family)
    {
        var selected = CryptoHarness.Selecting.ScenarioSelection.ForScenario("batch", Registry.Select(family: family));
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
}
