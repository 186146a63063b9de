using CryptoHarness.Cli;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.Architecture;

/// <summary>
/// <c>harness touched</c> against the real registry and this checkout: each rule, with the families expected computed
/// from the registry rather than typed, so a new entry or family keeps the tests honest.
/// </summary>
public sealed class TouchedFamiliesTests
{
    private static readonly SourceMap Map = SourceMap.Build(Registry.Implementations, RepositoryRoot.Find());

    private static TouchedSelection Select(params string[] files) => TouchedFamilies.Select(files, Map, Registry.Implementations);

    private static string[] FamiliesOf(Func<IImplementation, bool> predicate) =>
        Registry.Implementations.Where(predicate).Select(i => i.Algorithm.Family).Distinct().ToArray();

    [Fact]
    public void A_change_to_one_instruction_set_file_of_a_managed_algorithm_selects_its_family_only()
    {
        var selection = Select("implementations/Managed/Blake2s.Ssse3.cs");
        Assert.False(selection.All);
        Assert.Equal(["BLAKE2"], selection.Families);
        Assert.Equal("BLAKE2", selection.Filter);

        // BLAKE2b is also Argon2's H0 and H' (RFC 9106 section 3.2), and Argon2.cs names it; and keyed, it is the
        // managed BLAKE2b-512-MAC: three families.
        Assert.Equal(["BLAKE2", "MAC", "Argon2"], Select("implementations/Managed/Blake2b.Avx2.cs").Families);
    }

    [Theory]
    [InlineData("implementations/Managed/Sha256.Scalar.cs", "SHA-2")]
    [InlineData("implementations/Managed/Sha256MultiBuffer.Avx2.cs", "SHA-2")]
    [InlineData("implementations/Managed/Blake3Hasher.cs", "BLAKE3")]
    [InlineData("implementations/Managed/Kmac.cs", "MAC")]
    // Four-way SHAKE is under the multi-message SHA3-256 entries, which run on its four-sponge core.
    [InlineData("implementations/Managed/ShakeX4.cs", "SHA-3")]
    [InlineData("implementations/Providers/Catalog/Mac.cs", "MAC")]
    [InlineData("implementations/Providers/Catalog/Blake2.cs", "BLAKE2")]
    [InlineData("implementations/Providers/Catalog/Regional.cs", "Regional")]
    public void A_file_of_one_family_selects_that_family(string file, string family) =>
        Assert.Equal([family], Select(file).Families);

    [Fact]
    public void A_change_to_one_family_file_of_a_provider_selects_that_file_s_families_only_and_says_whose()
    {
        var selection = Select("implementations/Providers/Adapters/Libsodium/LibsodiumAeads.cs");

        Assert.False(selection.All);
        Assert.Equal(["AEAD"], selection.Families);
        var file = Assert.Single(selection.Files);
        Assert.Equal("code of 5 entries of provider libsodium, in AEAD", file.Reason);
        Assert.Equal("code of 1 entry of provider geralt, in MAC", Assert.Single(Select("implementations/Providers/Adapters/Geralt/GeraltMacs.cs").Files).Reason);

        // BouncyCastle's password hashes are in their own file: its hashes file selects none of them.
        var hashes = Select("implementations/Providers/Adapters/BouncyCastle/BouncyCastleHashes.cs");
        Assert.Equal(["SHA-2", "SHA-3", "BLAKE2", "BLAKE3", "Ascon", "Legacy", "Regional"], hashes.Families);
        Assert.Equal(["Argon2", "bcrypt"], Select("implementations/Providers/Adapters/BouncyCastle/BouncyCastlePasswordHashes.cs").Families);
    }

    /// <summary>
    /// Every file that declares entries, in every provider's folder, selects exactly the families of the entries it
    /// declares (the issue's rule: a pull request that touches one provider's file measures that file's families), and
    /// says which provider's entries it holds.
    /// </summary>
    [Fact]
    public void Every_adapter_file_selects_the_families_of_the_entries_it_declares()
    {
        var byFile = Registry.Implementations.OfType<Implementation>()
            .GroupBy(i => SourceRoot.Relative(i.AdapterFile)!)
            .ToArray();
        Assert.True(byFile.Length > 30, $"only {byFile.Length} adapter files");
        foreach (var declared in byFile)
        {
            var selection = Select(declared.Key);
            var expected = Registry.Families.Where(f => declared.Any(i => i.Algorithm.Family == f)).ToArray();
            Assert.True(expected.SequenceEqual(selection.Families),
                $"{declared.Key} selects {selection.Filter}; it declares entries of {string.Join(",", expected)} ({selection.Files[0].Reason})");
            foreach (var provider in declared.Select(i => i.Provider.Key).Distinct())
            {
                Assert.Contains(provider, selection.Files[0].Reason, StringComparison.Ordinal);
            }
        }
    }

    /// <summary>
    /// A provider's own file (its facts and the list of its family files) selects every family of that provider and no
    /// other: its entries all name it, and it is never followed onward into its family files' neighbours.
    /// </summary>
    [Fact]
    public void A_providers_own_file_selects_that_providers_families_only()
    {
        foreach (var room in Registry.Rooms)
        {
            var file = SourceRoot.Relative(room.File)!;
            var selection = Select(file);
            var expected = Registry.Families.Where(f => room.Entries.Any(i => i.Algorithm.Family == f)).ToArray();
            if (expected.Length == Registry.Families.Count)
            {
                Assert.True(selection.All, file);
                continue;
            }

            Assert.False(selection.All, file);
            Assert.Equal(expected, selection.Families);
            Assert.Contains($"provider {room.Provider.Key}", selection.Files[0].Reason, StringComparison.Ordinal);
        }

        Assert.Equal(["Argon2"], Select("implementations/Providers/Adapters/Konscious/KonsciousProvider.cs").Families);
    }

    [Theory]
    [InlineData("implementations/Providers/Registry.cs", "the registry's composition of every provider: every family")]
    [InlineData("implementations/Providers/Contracts/Provider.cs", "the contracts every adapter and the harness build on: every family")]
    public void The_registry_composition_and_the_contracts_select_all_and_say_why(string file, string reason)
    {
        var selection = Select(file);
        Assert.True(selection.All);
        Assert.Equal(reason, Assert.Single(selection.Files).Reason);
    }

    [Fact]
    public void A_shared_managed_core_selects_every_family_that_runs_it()
    {
        // Keccak-p[1600] runs SHA-3, SHAKE, cSHAKE (family SHA-3) and KMAC (family MAC): reached through the files the
        // algorithms' files name (Sha3.cs → KeccakSponge → KeccakP1600), not through a list.
        Assert.Equal(["SHA-3", "MAC"], Select("implementations/Managed/KeccakP1600.Avx512.cs").Families);

        // InstructionSet.cs is named by every managed algorithm with InstructionSet paths: every family with such an
        // entry. The AES-based AEADs name their paths in their own terms (AES-NI, carry-less multiplication) instead.
        Type[] ownPaths = [typeof(CryptoHarness.Managed.AesGcmCipher), typeof(CryptoHarness.Managed.Aegis128L), typeof(CryptoHarness.Managed.Aegis256)];
        var managedFamilies = FamiliesOf(i => i.Provider.Key == "managed" && !(i is Implementation { CodeTypes: var types } && types.All(ownPaths.Contains)));
        Assert.Equal(managedFamilies.Order(), Select("implementations/Managed/InstructionSet.cs").Families.Order());
    }

    [Theory]
    [InlineData("harness/Running/Runner.cs")]
    [InlineData("harness/Harness.csproj")]
    [InlineData("implementations/Providers/Contracts/Implementation.cs")]
    [InlineData("implementations/Providers/Registry.cs")]
    [InlineData("Directory.Build.props")]
    [InlineData("Directory.Packages.props")]
    [InlineData("global.json")]
    [InlineData("templates/algorithm.md.sbn")]
    [InlineData(".github/workflows/benchmarks.yml")]
    public void Shared_code_and_settings_select_all(string file)
    {
        var selection = Select(file);
        Assert.True(selection.All, selection.Files.Single().Reason);
        Assert.Equal("all", selection.Filter);
        Assert.Equal(Registry.Families, selection.Families);
    }

    [Theory]
    [InlineData("implementations/Managed/Whirlwind.cs")]
    [InlineData("implementations/Native/blake3-shim/src/lib.rs")]
    [InlineData("implementations/Providers/Catalog/Algorithms.cs")]
    public void A_file_under_implementations_that_no_entry_claims_selects_all(string file)
    {
        var selection = Select(file);
        Assert.True(selection.All);
        Assert.Contains("fail safe", selection.Files.Single().Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("docs/index.md")]
    [InlineData("reports/amd-epyc-x86-64-v4-linux-net10/sha256.md")]
    [InlineData("machine-specs/amd-epyc-x86-64-v4-linux-net10.md")]
    [InlineData("README.md")]
    [InlineData("tests/Harness.Tests/RegistryTests.cs")]
    [InlineData("scripts/run-benchmarks.ps1")]
    [InlineData(".github/workflows/benchmarks-comment.yml")]
    public void Documentation_results_and_tests_select_none(string file)
    {
        var selection = Select(file);
        Assert.False(selection.All);
        Assert.Empty(selection.Families);
        Assert.Equal("none", selection.Filter);
    }

    [Fact]
    public void Files_combine_and_any_shared_file_makes_it_all()
    {
        Assert.Equal("SHA-2,BLAKE2", Select("README.md", "implementations/Managed/Blake2s.Ssse3.cs", "implementations/Managed/Sha512.cs").Filter);
        Assert.True(Select("implementations/Managed/Blake2s.Ssse3.cs", "harness/Cli/HarnessCli.cs").All);
        Assert.Equal("none", Select().Filter);
    }

    [Fact]
    public void Every_entry_names_code_that_exists_in_this_checkout()
    {
        // The map is derived: a renamed adapter, catalog or managed file would silently select nothing, so every
        // starting point the registry names must resolve to a file here.
        var root = RepositoryRoot.Find();
        foreach (var implementation in Registry.Implementations)
        {
            var known = Assert.IsAssignableFrom<Implementation>(implementation);
            var adapter = SourceRoot.Relative(known.AdapterFile);
            Assert.True(adapter is not null && File.Exists(Path.Combine(root, adapter)), $"{known.Id}: adapter file '{known.AdapterFile}'");
            Assert.StartsWith(SourceMap.AdapterFolder + "/", adapter, StringComparison.Ordinal);
            var catalog = SourceRoot.Relative(known.Algorithm.CatalogFile);
            Assert.True(catalog is not null && File.Exists(Path.Combine(root, catalog)), $"{known.Id}: catalog file '{known.Algorithm.CatalogFile}'");
            Assert.StartsWith("implementations/Providers/Catalog/", catalog, StringComparison.Ordinal);
            Assert.Contains(Map.Files, f => Map.EntriesOf(f).Contains(implementation) && f.StartsWith(SourceMap.AdapterFolder, StringComparison.Ordinal));
            Assert.Equal(known.Provider.Key == "managed", known.CodeTypes.Count > 0);
            Assert.True(known.CodeTypes.Count == 0 || Map.Files.Any(f => f.StartsWith(SourceMap.ManagedFolder + "/", StringComparison.Ordinal) && Map.EntriesOf(f).Contains(implementation)),
                $"{known.Id}: no file under {SourceMap.ManagedFolder} declares {string.Join(", ", known.CodeTypes.Select(t => t.Name))}");
        }
    }

    [Fact]
    public void The_command_prints_the_filter_first_and_run_accepts_it()
    {
        using var folder = new TestFolder();
        var changed = folder.Combine("changed.txt");
        File.WriteAllLines(changed, ["implementations/Managed/KeccakP1600.Scalar.cs", "README.md", ""]);

        var text = Cli.Run("touched", "--changed-files", changed);
        Assert.Equal(0, text.ExitCode);
        var filter = text.Out.Split('\n')[0];
        Assert.Equal("SHA-3,MAC", filter);
        Assert.Contains("README.md -> none", text.Out, StringComparison.Ordinal);

        var json = Cli.Run("touched", "--changed-files", changed, "--json");
        using var document = JsonDocument.Parse(json.Out);
        Assert.Equal(filter, document.RootElement.GetProperty("filter").GetString());
        var selected = Registry.Implementations.Where(i => i.Algorithm.Family is "SHA-3" or "MAC").ToArray();
        var expectedCases = new CryptoHarness.Selecting.Scenarios.OneShotSelection().Measured(selected).Sum(i => CryptoHarness.Running.Workloads.OperationsOf(i).Count) * PayloadSizes.Default.Count;
        Assert.Equal(expectedCases, document.RootElement.GetProperty("cases").GetInt32());

        // The filter is what --family takes: the union of both families, nothing else.
        var listed = Cli.Run("list", "--family", filter, "--json");
        Assert.Equal(0, listed.ExitCode);
        using var list = JsonDocument.Parse(listed.Out);
        Assert.Equal(selected.Select(i => i.Id), list.RootElement.GetProperty("implementations").EnumerateArray().Select(e => e.GetProperty("id").GetString()));

        var forced = Cli.Run("touched", "--changed-files", changed, "--all");
        Assert.Equal("all", forced.Out.Split('\n')[0]);
    }

    [Theory]
    [InlineData("SHA-2,NOPE", "Unknown family 'NOPE'")]
    [InlineData("SHA-2,", "Unknown family ''")]
    public void A_family_list_with_an_unknown_name_exits_2_naming_it(string filter, string expected)
    {
        var result = Cli.Run("list", "--family", filter);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(expected, result.Error, StringComparison.Ordinal);
        Assert.Contains("Valid families", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_missing_changed_files_list_exits_2_naming_it()
    {
        using var folder = new TestFolder();
        var result = Cli.Run("touched", "--changed-files", folder.Combine("nope.txt"));
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(folder.Combine("nope.txt"), result.Error, StringComparison.Ordinal);
        Assert.Contains("Valid", result.Error, StringComparison.Ordinal);
    }
}

/// <summary>The pull-request workflow runs what these tests check: touched on the diff, interleaved launches, compare of two a side.</summary>
public sealed class PullRequestWorkflowTests
{
    private static readonly string Workflow = File.ReadAllText(Path.Combine(RepositoryRoot.Find(), ".github", "workflows", "benchmarks.yml"));

    /// <summary>The comparison both the workflow and the comment job run.</summary>
    private static readonly string CompareScript = File.ReadAllText(Path.Combine(RepositoryRoot.Find(), "scripts", "compare-runs.sh"));

    [Fact]
    public void It_selects_families_from_the_diff_and_forces_all_with_the_label()
    {
        AssertText.ContainsAll(Workflow,
            "git -C head diff --name-only \"$BASE_SHA\"...HEAD > changed-files.txt",
            "-- touched --changed-files ../changed-files.txt --json",
            "-- touched --changed-files ../changed-files.txt --all --json",
            "'benchmark-all'",
            "--family \"$families\"");
        Assert.Contains("no benchmarked code changed", CompareScript, StringComparison.Ordinal);
    }

    [Fact]
    public void It_interleaves_two_launches_a_side_and_compares_them_all()
    {
        var order = new[] { "measure base 1", "measure head 1", "measure base 2", "measure head 2" }
            .Select(step => Workflow.IndexOf(step, StringComparison.Ordinal)).ToArray();
        Assert.All(order, index => Assert.True(index > 0));
        Assert.Equal(order.Order(), order);
        // One compare command, two launches a side, called for the one-shot runs and for the password runs.
        var compare = Assert.Single(WorkflowTests.WorkflowCommands().Select(row => (string)row[1]), c => c.StartsWith("compare ", StringComparison.Ordinal));
        var parsed = HarnessCli.Parse(compare.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(t => t.Trim('"')).ToArray());
        Assert.Empty(parsed.Errors);
        Assert.Equal(2, parsed.GetValue<string[]>("--base")!.Length);
        Assert.Equal(2, parsed.GetValue<string[]>("--diff")!.Length);
        Assert.Contains("compare \"$out\" \"$(run_of base 1)\" \"$(run_of base 2)\" \"$(run_of head 1)\" \"$(run_of head 2)\"", CompareScript, StringComparison.Ordinal);
        Assert.Contains("compare \"$out.part\" \"$(run_of base password-1)\" \"$(run_of base password-2)\" \"$(run_of head password-1)\" \"$(run_of head password-2)\"", CompareScript, StringComparison.Ordinal);
        Assert.Contains("scripts/compare-runs.sh", Workflow, StringComparison.Ordinal);

        Assert.Contains(WorkflowTests.WorkflowCommands().Select(row => (string)row[1]), c => c.Contains("--scenario password", StringComparison.Ordinal));
    }
}
