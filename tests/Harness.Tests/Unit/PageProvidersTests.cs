using CryptoHarness.Reporting;

namespace CryptoHarness.Tests.Unit;

/// <summary>
/// A page over several runs (the password-hashing overview) names each provider's package as the newest run that
/// measured it loaded it: a newer run of one family loads only that family's providers.
/// </summary>
public sealed class PageProvidersTests
{
    private static readonly RunSummary Fixture = SummaryFile.Load(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sha256-quick"));

    private static RunSummary Run(DateTimeOffset utc, Dictionary<string, string> packages, params string[] providers) => Fixture with
    {
        Run = Fixture.Run with { Utc = utc, Packages = packages },
        Results = providers.Select(p => Fixture.Results[0] with { Provider = p }).ToArray(),
    };

    [Fact]
    public void Each_provider_is_named_as_the_newest_run_that_measured_it_loaded_it()
    {
        var start = new DateTimeOffset(2026, 11, 27, 4, 0, 0, TimeSpan.Zero);
        var argon2 = Run(start, new() { ["libargon2"] = "libargon2 1", ["botan"] = "Botan 2.19.2" }, "libargon2", "botan");
        var bcrypt = Run(start.AddHours(17), new() { ["botan"] = "Botan 2.19.3", ["libxcrypt"] = "libxcrypt 4" }, "botan", "libxcrypt");

        var named = ReportModel.Providers([argon2, bcrypt], ["libxcrypt", "libargon2", "botan", ""]);

        Assert.Equal(["botan", "libargon2", "libxcrypt"], named.Select(p => p.Provider));
        Assert.Equal(["Botan 2.19.3", "libargon2 1", "libxcrypt 4"], named.Select(p => p.Version));

        // Newest alone (the page before this): what the bcrypt run did not load was "unknown".
        Assert.Equal("unknown", ReportModel.Providers(bcrypt, ["libargon2"]).Single().Version);
    }
}
