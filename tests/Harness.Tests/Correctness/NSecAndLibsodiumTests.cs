using CryptoHarness.Selecting;
using System.Globalization;
using System.Text.RegularExpressions;
using System.Security.Cryptography;
using System.Xml.Linq;
using CryptoHarness.Cli;
using CryptoHarness.Gate;
using CryptoHarness.Running;

namespace CryptoHarness.Tests.Correctness;

/// <summary>
/// libsodium from its NuGet package (not a system library), NSec's refusals and their reasons, and the gate's handling
/// of MAC key lengths a provider refuses by policy.
/// </summary>
public sealed class NSecAndLibsodiumTests
{
    private static readonly int[] Sizes = [128, 1024];

    private static Provider Double(string key) => new(key, "test double", () => "test");

    [Fact]
    public void Libsodium_reports_the_version_pinned_for_its_nuget_package()
    {
        var props = XDocument.Load(Path.Combine(RepositoryRoot.Find(), "Directory.Packages.props"));
        var pinned = props.Descendants("PackageVersion").Single(e => (string?)e.Attribute("Include") == LibsodiumProvider.Package).Attribute("Version")!.Value;

        Assert.True(Libsodium.Support.IsSupported, Libsodium.Support.Reason);
        Assert.Equal($"libsodium {pinned}", LibsodiumProvider.Provider.Version);
        Assert.Equal(NativeCalls.ShortCallNote, LibsodiumProvider.Provider.CallingNote);
    }

    /// <summary>Every provider that declares a NuGet package (<see cref="Provider.Package"/>), by key.</summary>
    public static TheoryData<string> PackageProviders() => new(Registry.Providers.Where(p => p.Package is not null).Select(p => p.Key));

    /// <summary>
    /// Each NuGet provider's version line names the package version pinned in Directory.Packages.props, not its assembly's
    /// own stamp: Isopoh.Cryptography.Argon2 2.0.0 ships an assembly versioned 1.0.0, and reports said 1.0.0.
    /// </summary>
    [Theory]
    [MemberData(nameof(PackageProviders))]
    public void Package_providers_report_the_pinned_package_version(string key)
    {
        var package = Registry.Providers.Single(p => p.Key == key).Package!;
        var props = XDocument.Load(Path.Combine(RepositoryRoot.Find(), "Directory.Packages.props"));
        var pinned = props.Descendants("PackageVersion").Single(e => (string?)e.Attribute("Include") == package).Attribute("Version")!.Value;
        var provider = Registry.Providers.Single(p => p.Key == key);

        // The version is followed by the end of the line or by a note after a comma, never by more digits.
        Assert.Matches($"^{Regex.Escape(package)} {Regex.Escape(pinned)}(,|$)", provider.Version);
    }

    /// <summary>
    /// Which file on disk holds libsodium's code, read from the process's memory map: the package's native asset copied
    /// under runtimes/, and no second libsodium (a distribution's) mapped beside it once NSec and Geralt have run as well.
    /// </summary>
    [Fact]
    public void Libsodium_is_loaded_from_the_packages_file_and_nsec_and_geralt_share_it()
    {
        Assert.True(OperatingSystem.IsLinux() || OperatingSystem.IsWindows() || OperatingSystem.IsMacOS());
        if (!OperatingSystem.IsLinux())
        {
            return; // /proc/self/maps is Linux's; the version test above covers the other systems.
        }

        new NSecSha256().Hash("abc"u8, new byte[32]);
        new GeraltBlake2b256().Hash("abc"u8, new byte[32]);
        var address = (ulong)Libsodium.ExportAddress("sodium_init");
        var mappings = File.ReadLines("/proc/self/maps").Select(ParseMapping).Where(m => m.Path.Length > 0).ToArray();

        var loaded = Assert.Single(mappings, m => m.Start <= address && address < m.End).Path;
        var expectedFolder = Path.Combine(AppContext.BaseDirectory, "runtimes");
        Assert.StartsWith(expectedFolder, loaded, StringComparison.Ordinal);
        Assert.EndsWith(Path.Combine("native", "libsodium.so"), loaded, StringComparison.Ordinal);
        Assert.Equal(new[] { loaded }, mappings.Where(m => Path.GetFileName(m.Path).StartsWith("libsodium", StringComparison.Ordinal)).Select(m => m.Path).Distinct());
    }

    private static (ulong Start, ulong End, string Path) ParseMapping(string line)
    {
        // "start-end perms offset dev inode [path]", the path after a run of spaces.
        var fields = line.Split(' ', 6, StringSplitOptions.RemoveEmptyEntries);
        var range = fields[0].Split('-');
        return (ulong.Parse(range[0], NumberStyles.HexNumber, CultureInfo.InvariantCulture), ulong.Parse(range[1], NumberStyles.HexNumber, CultureInfo.InvariantCulture),
            fields.Length == 6 ? fields[5].Trim() : "");
    }

    [Theory]
    [InlineData(1024, 1, 4, 32, 16, PasswordHashUse.Hash, "one lane only (p=1", "p=4")]
    [InlineData(1024, 1, 1, 32, 16, PasswordHashUse.Encode, "no encoded-string (PHC) API", "")]
    [InlineData(1024, 1, 1, 32, 16, PasswordHashUse.Verify, "no encoded-string (PHC) API", "")]
    [InlineData(1024, 1, 1, 32, 8, PasswordHashUse.Hash, "16-byte salt", "not 8 bytes")]
    [InlineData(1024, 1, 1, 8, 16, PasswordHashUse.Hash, "start of a 16-byte tag", "8-byte tag")]
    public void Nsec_argon2id_refuses_what_it_cannot_run_and_says_why(
        int memoryKib, int passes, int lanes, int tagBytes, int saltBytes, PasswordHashUse use, string reason, string detail)
    {
        var support = new NSecArgon2id().SupportFor(PasswordHashParameters.Argon2(memoryKib, passes, lanes, tagBytes), new PasswordHashInputs(saltBytes, 0, 0, use));
        Assert.False(support.IsSupported);
        Assert.Contains(reason, support.Reason, StringComparison.Ordinal);
        Assert.Contains(detail, support.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Nsec_argon2id_is_listed_with_its_reason_at_a_four_lane_set_and_hashes_at_a_one_lane_set()
    {
        var fourLanes = PasswordParameterSets.FindArgon2("rfc9106");
        var oneLane = PasswordParameterSets.FindArgon2("owasp");
        var (keys, cannotRun) = PasswordPlan.Cases([new NSecArgon2id()], [fourLanes, oneLane]);

        var atFour = Assert.Single(cannotRun, r => r.ParameterSet == "rfc9106");
        Assert.Equal(PasswordOperationNames.All, atFour.Operations);
        Assert.Contains("one lane only (p=1", atFour.Reason, StringComparison.Ordinal);

        // At p=1 the raw hash runs; the string operations are refused for want of a string API, not left out silently.
        Assert.Equal([PasswordWorkload.CaseKey("argon2id/nsec", PasswordOperationNames.All[0], "owasp")], keys);
        var atOne = Assert.Single(cannotRun, r => r.ParameterSet == "owasp");
        Assert.Equal(PasswordOperationNames.All.Skip(1), atOne.Operations);
        Assert.Contains("no encoded-string (PHC) API", atOne.Reason, StringComparison.Ordinal);
    }

    /// <summary>The reason NSec is refused tags under 16 bytes, shown true: its short tag is a prefix of its 16-byte tag, not Argon2's.</summary>
    [Fact]
    public void Nsec_short_tags_are_truncations_not_argon2_tags_of_that_length()
    {
        var parameters = new NSec.Cryptography.Argon2Parameters { DegreeOfParallelism = 1, MemorySize = 64, NumberOfPasses = 1 };
        var nsec = NSec.Cryptography.PasswordBasedKeyDerivationAlgorithm.Argon2id(parameters);
        var shortTag = nsec.DeriveBytes(PasswordInputs.Password, PasswordInputs.Salt, 8);
        var fullTag = nsec.DeriveBytes(PasswordInputs.Password, PasswordInputs.Salt, NSecArgon2id.MinTagBytes);

        var reference = new byte[8];
        new Libargon2Argon2id().Hash(PasswordInputs.Password, PasswordInputs.Salt, [], [], PasswordHashParameters.Argon2(64, 1, 1, 8), reference);

        Assert.Equal(fullTag[..8], shortTag);
        Assert.NotEqual(reference, shortTag);
    }

    [Fact]
    public void A_mac_that_refuses_some_key_lengths_is_checked_on_the_ones_it_takes_and_passes()
    {
        var only32 = new HmacTakingOneKeyLength(32);
        GateAssert.AllPass([new OsHmacSha256(), new BouncyCastleHmacSha256(), only32], Sizes);

        var refused = Assert.Throws<ArgumentException>(() => only32.Mac(new byte[20], [], [], new byte[32]));
        Assert.Contains("takes keys of 32 bytes only", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_mac_that_takes_none_of_the_known_answers_key_lengths_fails_rather_than_passing_unchecked()
    {
        var only33 = new HmacTakingOneKeyLength(33);
        GateAssert.Fails(only33, [new OsHmacSha256(), only33], Sizes, "takes none of the known answers' key lengths");
    }

    /// <summary>
    /// With one small benchmark size the cross-check's lengths stop at 4 blocks + 1 (66 bytes for AEGIS-256), below the
    /// AEAD property check's 1000; the gate once read past its shared input there and crashed instead of checking.
    /// </summary>
    [Fact]
    public void The_aead_property_check_runs_at_its_own_lengths_when_the_benchmark_sizes_are_small()
    {
        GateAssert.AllPass([new LibsodiumAegis256(), new NSecAegis256()], [128]);
    }

    /// <summary>A correct HMAC-SHA-256 that, like NSec's, takes keys of one length only.</summary>
    private sealed class HmacTakingOneKeyLength(int keyBytes) : MacImplementation(Algorithms.HmacSha256, Double($"key{keyBytes}"))
    {
        public override Support SupportForKey(int length) =>
            Support.When(length == keyBytes, $"takes keys of {keyBytes} bytes only");

        protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
            HMACSHA256.HashData(key, source, destination);
    }
}
