using CryptoHarness.Formatting;
using CryptoHarness.Selecting;
using System.Text;
using CryptoHarness.Gate;
using CryptoHarness.Running;

namespace CryptoHarness.Tests.Correctness;

/// <summary>The password-hash gate shown to catch broken doubles, and a password run's records and pages stating exactly what ran.</summary>
public sealed class PasswordHashTests
{
    private static readonly int[] Sizes = [128];

    private static readonly Provider DoubleProvider = new("double", "test double", () => "test");

    [Fact]
    public void An_argon2_that_rounds_memory_wrongly_is_caught_by_the_random_cross_check()
    {
        // RFC 9106 rounds m down to a multiple of 4p; this double rounds to a multiple of 8p. Both known answers have
        // m a multiple of 8p (32 with p=4, 65536 with p=1), so only the random sets can find it.
        var sloppy = new Argon2Double(new Libargon2Argon2id(), roundMemoryTo8p: true);
        GateAssert.FailsAlone(sloppy, [new Libargon2Argon2id(), new LibsodiumArgon2id(), sloppy], Sizes, "differs from argon2id/libargon2", "random case");
    }

    [Fact]
    public void An_argon2_that_verifies_every_password_fails()
    {
        var gullible = new Argon2Double(new Libargon2Argon2id(), verifyAlwaysTrue: true);
        GateAssert.Fails(gullible, [new Libargon2Argon2id(), gullible], Sizes, "verified a wrong password");
    }

    [Fact]
    public void An_argon2_whose_strings_nobody_else_parses_is_blamed_as_the_producer()
    {
        // Base64 with '=' padding: the PHC format forbids it, and the reference library refuses it.
        var padded = new Argon2Double(new Libargon2Argon2id(), padBase64: true);
        GateAssert.FailsAlone(padded, [new Libargon2Argon2id(), new LibsodiumArgon2id(), padded], Sizes, "string");
    }

    [Fact]
    public void An_undisturbed_double_passes_as_the_control()
    {
        var faithful = new Argon2Double(new Libargon2Argon2id());
        GateAssert.AllPass([new Libargon2Argon2id(), new LibsodiumArgon2id(), faithful], Sizes);
    }

    [Fact]
    public void A_bcrypt_that_keys_with_71_bytes_instead_of_72_is_caught_at_the_length_limit()
    {
        var short71 = new BcryptDouble(new LibxcryptBcrypt(), keyBytes: 71);
        GateAssert.FailsAlone(short71, [new BouncyCastleBcrypt(), new LibxcryptBcrypt(), short71], Sizes, "72-byte password");
    }

    [Fact]
    public void Libsodium_cannot_run_four_lanes_and_the_reason_reaches_the_cases()
    {
        var set = PasswordParameterSets.FindArgon2("rfc9106");
        var (keys, cannotRun) = CryptoHarness.Running.PasswordPlan.Cases([new LibsodiumArgon2id(), new Libargon2Argon2id()], [set]);

        Assert.Equal(4, keys.Count(k => k.StartsWith("argon2id/libargon2 ", StringComparison.Ordinal)));
        Assert.DoesNotContain(keys, k => k.StartsWith("argon2id/libsodium ", StringComparison.Ordinal));
        var refused = Assert.Single(cannotRun);
        Assert.Equal("rfc9106", refused.ParameterSet);
        Assert.Equal(PasswordOperationNames.All, refused.Operations);
        Assert.Contains("one lane only (p=1)", refused.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void The_adapters_own_argument_checks_allocate_nothing_per_hash()
    {
        var hash = new LibsodiumArgon2id();
        var parameters = PasswordHashParameters.Argon2(64, 1, 1);
        var tag = new byte[32];
        hash.Hash(PasswordInputs.Password, PasswordInputs.Salt, [], [], parameters, tag);
        var least = long.MaxValue;
        for (var round = 0; round < 3; round++)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            hash.Hash(PasswordInputs.Password, PasswordInputs.Salt, [], [], parameters, tag);
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        Assert.Equal(0, least);
    }

    [Fact]
    public void Only_the_default_managed_path_is_timed_on_every_operation()
    {
        var managed = Registry.Implementations.OfType<IPasswordHashImplementation>().Where(i => i.Provider.Key == "managed" && i.Support.IsSupported).ToArray();
        Assert.NotEmpty(managed);
        foreach (var algorithm in managed.GroupBy(i => i.Algorithm))
        {
            var primary = Assert.Single(algorithm, i => PasswordWorkload.OperationsOf(i).Count == PasswordOperationNames.All.Count);
            // Argon2 has a path per instruction set, its default the primary; bcrypt has its scalar path only.
            var defaultPath = algorithm.Key == Algorithms.Bcrypt ? CryptoHarness.Managed.InstructionSet.Scalar : CryptoHarness.Managed.Argon2.DefaultPath;
            Assert.Equal(CryptoHarness.Managed.InstructionSets.VariantName(defaultPath), primary.Variant);
            Assert.All(algorithm.Where(i => i != primary), i => Assert.Equal([PasswordOperationNames.HashTag], PasswordWorkload.OperationsOf(i)));
        }
    }

    [Fact]
    public void A_password_run_records_and_prints_the_exact_parameters_it_ran()
    {
        using var folder = new TestFolder();
        Cli.Run("run", "--family", "Argon2id", "--argon2-set", "test", "--argon2", "m=2048,t=3,p=2,len=16;m=1024,t=2,p=1,len=16", "--job", "dry",
            "--results", folder.Combine("results"), "--out", folder.Combine("out"), "--quiet").Succeeded();

        var summaryPath = folder.OnlySummary();
        using var json = JsonDocument.Parse(File.ReadAllText(summaryPath));
        var records = json.RootElement.GetProperty("results").EnumerateArray().ToArray();
        Assert.NotEmpty(records);
        Assert.All(records, r => Assert.Equal("password", r.GetProperty("scenario").GetString()));
        var user = records.Where(r => r.GetProperty("parameter_set").GetString() == "m=2048,t=3,p=2,len=16").ToArray();
        Assert.NotEmpty(user);
        Assert.All(user, r =>
        {
            Assert.Equal(2048, r.GetProperty("memory_kib").GetInt32());
            Assert.Equal(3, r.GetProperty("passes").GetInt32());
            Assert.Equal(2, r.GetProperty("lanes").GetInt32());
            Assert.Equal(16, r.GetProperty("tag_bytes").GetInt32());
        });
        Assert.Equal(PasswordOperationNames.All.Order(), records.Select(r => r.GetProperty("operation").GetString()!).Distinct().Order());

        // Each (set, operation) table was timed again in interleaved rounds: its rows in the same rounds, one table each.
        var tables = records.GroupBy(r => (Set: r.GetProperty("parameter_set").GetString(), Operation: r.GetProperty("operation").GetString())).ToArray();
        Assert.All(tables, table =>
        {
            Assert.Single(table.Select(r => r.GetProperty("rounds").GetProperty("table").GetString()).Distinct());
            Assert.All(table, r => Assert.Equal(3, r.GetProperty("rounds").GetProperty("ns_per_call").GetArrayLength()));
        });
        Assert.Equal(tables.Length, records.Select(r => r.GetProperty("rounds").GetProperty("table").GetString()).Distinct().Count());

        var page = File.ReadAllText(folder.Combine("out", "argon2id.md"));
        AssertText.ContainsAll(page,
            "\n## `test`: m=1024 KiB (1 MiB), t=1, p=1, 32-byte tag",
            "\n## `m=2048,t=3,p=2,len=16`: m=2048 KiB (2 MiB), t=3, p=2, 16-byte tag",
            "- libsodium (hash, hash-phc, verify, verify-wrong): libsodium runs Argon2 with one lane only (p=1); this set has p=2.",
            "\n## `m=1024,t=2,p=1,len=16`: m=1024 KiB (1 MiB), t=2, p=1, 16-byte tag",
            "- libsodium (hash-phc, verify, verify-wrong): libsodium's string form always writes a 32-byte tag; this set asks for 16.",
            "| libsodium | hash |",
            "\nRatios are medians of per-round ratios over 3 interleaved rounds of each operation's rows.\n",
            "- konscious (hash-phc, verify, verify-wrong): Konscious has no Argon2 string (PHC) encoder or verifier.");
        Assert.True(File.Exists(folder.Combine("out", "password-hashing.md")));

        // One chart per set beside its table, one bar per implementation whose raw hash was timed at that set.
        foreach (var (set, file) in new[] { ("test", "argon2id-test.svg"), ("m=2048,t=3,p=2,len=16", "argon2id-m-2048-t-3-p-2-len-16.svg") })
        {
            Assert.Contains($"<img src=\"charts/{file}\" alt=\"", page, StringComparison.Ordinal);
            var svg = System.Xml.Linq.XDocument.Load(folder.Combine("out", "charts", file));
            var bars = svg.Descendants().Where(e => e.Name.LocalName == "g" && (string?)e.Attribute("class") == "bar")
                .Select(e => (string)e.Attribute("data-label")!).Order().ToArray();
            var timed = records.Where(r => r.GetProperty("parameter_set").GetString() == set && r.GetProperty("operation").GetString() == PasswordOperationNames.HashTag)
                .Select(r => Format.ProviderLabel(r.GetProperty("provider").GetString()!, r.GetProperty("variant").GetString() ?? "")).Order().ToArray();
            Assert.Equal(timed, bars);
        }
    }

    /// <summary>The reference library's Argon2id with one fault switched on.</summary>
    private sealed class Argon2Double(IPasswordHashImplementation inner, bool roundMemoryTo8p = false, bool verifyAlwaysTrue = false, bool padBase64 = false)
        : Argon2Implementation(inner.Algorithm, DoubleProvider)
    {
        protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
            PasswordHashParameters parameters, Span<byte> tag)
        {
            var memory = roundMemoryTo8p ? Math.Max(8 * parameters.Lanes, parameters.MemoryKib / (8 * parameters.Lanes) * (8 * parameters.Lanes)) : parameters.MemoryKib;
            inner.Hash(password, salt, secret, associatedData, PasswordHashParameters.Argon2(memory, parameters.Passes, parameters.Lanes, parameters.TagBytes), tag);
        }

        protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
        {
            var encoded = inner.HashToString(password, salt, parameters);
            if (!padBase64)
            {
                return encoded;
            }

            var fields = encoded.Split('$');
            fields[^1] = Convert.ToBase64String(Convert.FromBase64String(fields[^1] + new string('=', (4 - (fields[^1].Length % 4)) % 4)));
            return string.Join('$', fields);
        }

        protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password) => verifyAlwaysTrue || inner.Verify(encoded, password);
    }

    /// <summary>A bcrypt that keys Blowfish with fewer bytes of the password than bcrypt.c does.</summary>
    private sealed class BcryptDouble(IPasswordHashImplementation inner, int keyBytes) : BcryptImplementation(DoubleProvider)
    {
        protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
            PasswordHashParameters parameters, Span<byte> tag) =>
            inner.Hash(password[..Math.Min(password.Length, keyBytes)], salt, secret, associatedData, parameters, tag);

        protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters) =>
            inner.HashToString(password[..Math.Min(password.Length, keyBytes)], salt, parameters);

        protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password) =>
            inner.Verify(encoded, password[..Math.Min(password.Length, keyBytes)]);
    }
}
