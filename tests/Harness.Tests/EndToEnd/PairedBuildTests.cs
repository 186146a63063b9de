using System.Runtime.Loader;
using CryptoHarness.Interleaving;
using CryptoHarness.Pairing;
using CryptoHarness.Selecting;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>
/// A second copy of this build (the test output's assemblies and deps.json, copied to a temporary folder) loaded as the
/// "base" of a paired comparison, once for the class: a real build folder in its own load context.
/// </summary>
public sealed class CopiedBuild : IDisposable
{
    private readonly TestFolder _folder = new();

    public CopiedBuild()
    {
        // The top level of the test output: every assembly, deps.json and native library a build folder holds.
        foreach (var file in Directory.GetFiles(AppContext.BaseDirectory))
        {
            File.Copy(file, Path.Combine(_folder.Path, Path.GetFileName(file)));
        }

        Context = BuildLoadContext.Open(_folder.Path, "--base-build");
        Registry = BuildRegistry.Of(Context.LoadProviders(), [Context.DepsFile]);
    }

    public string Folder => _folder.Path;

    public BuildLoadContext Context { get; }

    public BuildRegistry Registry { get; }

    public void Dispose()
    {
        Context.Unload();
        try
        {
            _folder.Dispose();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // An unloading context may still map a file on some systems; the temp folder is left to the OS then.
        }
    }
}

public sealed class PairedBuildTests(CopiedBuild copy) : IClassFixture<CopiedBuild>
{
    private static readonly BuildRegistry Head = BuildRegistry.Running();

    [Fact]
    public void The_base_loads_into_its_own_collectible_context_beside_the_running_providers()
    {
        var baseProviders = copy.Context.LoadProviders();
        Assert.NotSame(typeof(Registry).Assembly, baseProviders);
        Assert.Same(copy.Context, AssemblyLoadContext.GetLoadContext(baseProviders));
        Assert.True(copy.Context.IsCollectible);
        Assert.StartsWith(Path.GetFullPath(copy.Folder), baseProviders.Location, StringComparison.Ordinal);

        // Its managed code and packages come from its folder too, never from the default context.
        var baseManaged = copy.Context.LoadFromAssemblyName(new System.Reflection.AssemblyName("CryptoHarness.Managed"));
        Assert.NotSame(typeof(Managed.Sha256).Assembly, baseManaged);
        Assert.Same(copy.Context, AssemblyLoadContext.GetLoadContext(baseManaged));
    }

    [Fact]
    public void Normal_builds_carry_no_slowdown_note()
    {
        var baseManaged = copy.Context.LoadFromAssemblyName(new System.Reflection.AssemblyName("CryptoHarness.Managed"));
        Assert.Null(BuildNotes.SlowdownPercent(baseManaged));
        Assert.Empty(BuildNotes.Of(baseManaged, typeof(Managed.Sha256).Assembly));
    }

    [Fact]
    public void Every_registry_id_resolves_to_the_same_entry_in_both_builds()
    {
        Assert.Equal(Registry.Implementations.Select(i => i.Id), copy.Registry.Ids);
        foreach (var implementation in Registry.Implementations)
        {
            var entry = copy.Registry.Find(implementation.Id);
            Assert.NotNull(entry);
            Assert.Equal((implementation.Id, implementation.Algorithm.Family, implementation.Algorithm.Name, implementation.Algorithm.Kind.ToString(), implementation.Provider.Key, implementation.Variant),
                (entry.Id, entry.Family, entry.Algorithm, entry.Kind, entry.Provider, entry.Variant));
        }

        Assert.Null(copy.Registry.Find("sha256/no-such-provider"));
    }

    /// <summary>One supported entry of each one-shot kind, by kind name.</summary>
    public static TheoryData<string> OneOfEachKind()
    {
        var data = new TheoryData<string>();
        foreach (var kind in new[] { AlgorithmKind.Hash, AlgorithmKind.Xof, AlgorithmKind.Mac, AlgorithmKind.Aead })
        {
            data.Add(new CryptoHarness.Selecting.Scenarios.OneShotSelection().Measured(Registry.Implementations)
                .First(i => i.Algorithm.Kind == kind && i.Support.IsSupported).Id);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(OneOfEachKind))]
    public void Every_kind_binds_in_both_builds_and_both_write_the_same_bytes(string id)
    {
        var headEntry = Head.Find(id)!;
        var baseEntry = copy.Registry.Find(id)!;
        Assert.Null(PairedMeasurement.EntryReason(copy.Registry, baseEntry, Head, headEntry));
        var operations = BoundWorkload.OperationsOf(headEntry);
        Assert.NotEmpty(operations);
        foreach (var operation in operations)
        {
            var baseWorkload = BoundWorkload.Create(baseEntry, operation, 1024);
            var headWorkload = BoundWorkload.Create(headEntry, operation, 1024);
            Assert.Null(PairedMeasurement.OutputDifference(baseWorkload, headWorkload));
            Assert.Equal(baseWorkload.Output(), headWorkload.Output());
            Assert.Contains(baseWorkload.Output(), b => b != 0);
        }
    }

    [Fact]
    public void A_bound_call_computes_what_the_contract_call_computes()
    {
        var direct = (IHashImplementation)Registry.Find("sha256/os")!;
        var expected = new byte[direct.OutputBytes];
        direct.Hash(WorkloadInputs.Payload(128), expected);

        var bound = BoundWorkload.Create(copy.Registry.Find("sha256/os")!, OperationNames.Hash, 128);
        bound.Run();
        Assert.Equal(expected, bound.Output());
    }

    [Fact]
    public void An_entry_the_base_lacks_or_of_another_kind_is_not_paired_and_says_why()
    {
        var head = Head.Find("sha256/os")!;
        Assert.Equal("not in the base", PairedMeasurement.EntryReason(copy.Registry, null, Head, head));

        // A base entry of the same id but another kind stands for a changed contract.
        var reason = PairedMeasurement.EntryReason(copy.Registry, copy.Registry.Find("shake128/os"), Head, head);
        Assert.Equal("contract changed: kind Xof in base, Hash in head", reason);
    }

    [Fact]
    public void A_provider_is_paired_when_it_is_our_code_the_runtime_or_the_same_package_version()
    {
        string? Reason(string id) => PairedMeasurement.ProviderDifference(copy.Registry, copy.Registry.Find(id)!, Head, Head.Find(id)!);
        Assert.Null(Reason("sha256/managed/scalar"));
        Assert.Null(Reason("sha256/os"));
        Assert.Null(Reason("sha256/bouncycastle"));
        Assert.Null(Reason("sha256/libsodium"));
    }

    [Fact]
    public void A_package_whose_version_differs_between_the_builds_is_not_paired()
    {
        // The base's deps.json with another BouncyCastle version: what a pull request bumping the package builds.
        using var folder = new TestFolder();
        var deps = folder.Combine("base.deps.json");
        File.WriteAllText(deps, File.ReadAllText(copy.Context.DepsFile).Replace("BouncyCastle.Cryptography/2.7.0", "BouncyCastle.Cryptography/2.6.2", StringComparison.Ordinal));
        var bumped = BuildRegistry.Of(copy.Context.LoadProviders(), [deps]);
        Assert.Equal("2.6.2", bumped.Packages["BouncyCastle.Cryptography"]);

        var reason = PairedMeasurement.EntryReason(bumped, bumped.Find("sha256/bouncycastle"), Head, Head.Find("sha256/bouncycastle")!);
        Assert.Equal("package BouncyCastle.Cryptography 2.6.2 in base, 2.7.0 in head", reason);
        Assert.Null(PairedMeasurement.ProviderDifference(bumped, bumped.Find("sha256/managed/scalar")!, Head, Head.Find("sha256/managed/scalar")!));
    }

    [Fact]
    public void A_native_library_beside_the_build_is_paired_when_the_base_holds_the_same_bytes()
    {
        // blake3-native's shim is found from the running program's folder, so the base runs the head's copy; the copied
        // build holds the same files, so that copy is the base's own.
        Assert.Contains("libblake3_shim.so", Head.NativeLibraries.Keys);
        Assert.Equal(Head.NativeLibraries.OrderBy(n => n.Key), copy.Registry.NativeLibraries.OrderBy(n => n.Key));
        var id = Registry.Implementations.First(i => i.Provider.Key == "blake3-native").Id;
        Assert.Null(PairedMeasurement.ProviderDifference(copy.Registry, copy.Registry.Find(id)!, Head, Head.Find(id)!));

        // Managed assemblies are not native libraries, even as .dll files.
        Assert.DoesNotContain(Head.NativeLibraries.Keys, name => name.EndsWith(".dll", StringComparison.Ordinal));
    }

    [Fact]
    public void A_build_folders_native_libraries_are_hashed_and_links_are_not_followed()
    {
        using var folder = new TestFolder();
        File.WriteAllBytes(folder.Combine("libshim.so"), [1, 2, 3]);
        File.WriteAllBytes(folder.Combine("notes.txt"), [1, 2, 3]);
        File.Copy(typeof(BuildRegistry).Assembly.Location, folder.Combine("Harness.dll"));
        var link = folder.Combine("libdevice.so");
        File.CreateSymbolicLink(link, OperatingSystem.IsWindows() ? "NUL" : "/dev/zero");

        var natives = BuildRegistry.NativeLibrariesIn(folder.Path);
        Assert.Equal(["libdevice.so", "libshim.so"], natives.Keys.Order(StringComparer.Ordinal));
        Assert.Equal(Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData((byte[])[1, 2, 3])), natives["libshim.so"]);
        Assert.StartsWith("link to ", natives["libdevice.so"], StringComparison.Ordinal);
    }

    [Fact]
    public void Native_libraries_that_differ_between_the_builds_are_named()
    {
        var head = new Dictionary<string, string> { ["libshim.so"] = "aa", ["libnew.so"] = "bb" };
        Assert.Null(PairedMeasurement.NativeDifference(head, head));

        var baseLibraries = new Dictionary<string, string> { ["libshim.so"] = "ab", ["libold.so"] = "cc" };
        Assert.Equal(
            "libnew.so is not in the base's folder; libold.so is only in the base's folder; libshim.so differs between the builds",
            PairedMeasurement.NativeDifference(baseLibraries, head));
    }

    [Fact]
    public void A_changed_output_or_a_failing_call_is_not_timed_as_equal()
    {
        var sha256 = BoundWorkload.Create(copy.Registry.Find("sha256/os")!, OperationNames.Hash, 128);
        var sameAlgorithm = BoundWorkload.Create(Head.Find("sha256/managed/scalar")!, OperationNames.Hash, 128);
        var otherAlgorithm = BoundWorkload.Create(Head.Find("sha3-256/os")!, OperationNames.Hash, 128);
        Assert.Null(PairedMeasurement.OutputDifference(sha256, sameAlgorithm));
        Assert.Equal("output changed: the base and the head wrote different bytes for the same input", PairedMeasurement.OutputDifference(sha256, otherAlgorithm));
        // The exception's text becomes one line of the reason (it goes into a results file and a comment).
        Assert.Equal("the base's call failed: InvalidOperationException: broken line", PairedMeasurement.OutputDifference(new Throwing(), sameAlgorithm));
    }

    /// <summary>
    /// An encryption takes a new nonce per call, so its bytes depend on how often it was called: eight copies a side
    /// must each be called once against the head's first, not the first once per comparison (which failed every AEAD).
    /// </summary>
    [Fact]
    public void Copies_of_an_encryption_each_called_once_write_the_same_bytes()
    {
        const string id = "chacha20-poly1305/managed/scalar";
        BoundWorkload[] Copies(BuildRegistry registry) =>
            [.. Enumerable.Range(0, 8).Select(_ => BoundWorkload.Create(registry.Find(id)!, OperationNames.Encrypt, 128))];

        Assert.Null(PairedMeasurement.CopiesDiffer(Copies(copy.Registry), Copies(Head)));
        var calledTwice = Copies(Head);
        calledTwice[3].Run();
        Assert.Equal("output changed: the base and the head wrote different bytes for the same input",
            PairedMeasurement.CopiesDiffer(Copies(copy.Registry), calledTwice));
    }

    [Fact]
    public void An_operation_the_entry_has_not_is_a_changed_contract()
    {
        Assert.Throws<ContractChangedException>(() => BoundWorkload.Create(copy.Registry.Find("sha256/os")!, OperationNames.Encrypt, 128));
    }

    [Fact]
    public void The_command_pairs_a_copy_of_the_build_and_saves_what_it_measured()
    {
        using var folder = new TestFolder();
        var comment = folder.Combine("comment.md");
        var saved = folder.Combine("paired.json");
        var result = Cli.Run("paired", "--base-build", copy.Folder, "--family", "SHA-256", "--provider", "managed", "--sizes", "128",
            "--rounds", "3", "--fail-on", "never", "--out", comment, "--save", saved);
        Assert.True(result.ExitCode == 0, result.Error);
        var text = File.ReadAllText(comment);
        Assert.Contains("case(s) paired", text, StringComparison.Ordinal);
        Assert.Contains("sha256/managed/scalar · hash · oneshot · 128 B · paired", text, StringComparison.Ordinal);

        using var document = JsonDocument.Parse(File.ReadAllText(saved));
        var cases = document.RootElement.GetProperty("cases");
        Assert.True(cases.GetArrayLength() >= 1);
        Assert.Equal(3, cases[0].GetProperty("base_ns").GetArrayLength());
        Assert.Equal(3, cases[0].GetProperty("head_ns").GetArrayLength());

        // The default: eight copies a side, each with every round.
        Assert.Contains("each build loaded 8 times", text, StringComparison.Ordinal);
        foreach (var side in new[] { "base_copies_ns", "head_copies_ns" })
        {
            var copies = cases[0].GetProperty(side);
            Assert.Equal(8, copies.GetArrayLength());
            Assert.All(copies.EnumerateArray(), c => Assert.Equal(3, c.GetArrayLength()));
        }

        // One copy a side writes no copy lists and says nothing of copies.
        result = Cli.Run("paired", "--base-build", copy.Folder, "--family", "SHA-256", "--provider", "managed", "--sizes", "128",
            "--rounds", "3", "--copies", "1", "--fail-on", "never", "--out", comment, "--save", saved);
        Assert.True(result.ExitCode == 0, result.Error);
        Assert.DoesNotContain("copies", File.ReadAllText(saved), StringComparison.Ordinal);
        Assert.DoesNotContain("loaded 1 times", File.ReadAllText(comment), StringComparison.Ordinal);
    }

    /// <summary>A cheap set of each password-hash kind: what the pairing tests run.</summary>
    private static readonly PasswordParameterSet TinyArgon2 = PasswordParameterSets.ParseArgon2("m=64,t=1,p=1");

    private static readonly PasswordParameterSet TinyBcrypt = PasswordParameterSets.ParseBcryptCosts("4")[0];

    private static PasswordParameterSet TinySetOf(IPasswordHashImplementation hash) => hash.Algorithm == Algorithms.Bcrypt ? TinyBcrypt : TinyArgon2;

    /// <summary>Every password-hash entry that runs here, by id.</summary>
    public static TheoryData<string> PasswordHashes()
    {
        var data = new TheoryData<string>();
        foreach (var hash in Registry.Implementations.OfType<IPasswordHashImplementation>().Where(i => i.Support.IsSupported))
        {
            data.Add(hash.Id);
        }

        return data;
    }

    /// <summary>
    /// Each build's password hash asked and called in its own types (its PasswordHashParameters made by its own
    /// factories): it refuses what the contract refuses, with the same reason, and its raw tag is the contract call's.
    /// </summary>
    [Theory]
    [MemberData(nameof(PasswordHashes))]
    public void Every_password_hash_binds_in_both_builds_and_computes_the_contracts_tag(string id)
    {
        var direct = (IPasswordHashImplementation)Registry.Find(id)!;
        var set = TinySetOf(direct);
        var baseEntry = copy.Registry.Find(id)!;
        Assert.Null(PairedMeasurement.EntryReason(copy.Registry, baseEntry, Head, Head.Find(id)!));
        foreach (var operation in PasswordOperationNames.All)
        {
            var inputs = PasswordInputs.InputsOf(operation);
            var expected = direct.SupportFor(set.Parameters, inputs);
            Assert.Equal((expected.IsSupported, expected.Reason), baseEntry.PasswordSupport(set.Parameters, inputs));
        }

        if (!direct.SupportFor(set.Parameters, PasswordInputs.InputsOf(PasswordOperationNames.HashTag)).IsSupported)
        {
            return;
        }

        var tag = new byte[set.Parameters.TagBytes];
        direct.Hash(PasswordInputs.Password, PasswordInputs.Salt, [], [], set.Parameters, tag);
        var bound = BoundPasswordWorkload.Create(baseEntry, PasswordOperationNames.HashTag, set.Parameters);
        bound.Run();
        Assert.Equal(tag, bound.Output());
        Assert.Null(PairedMeasurement.OutputDifference(bound, BoundPasswordWorkload.Create(Head.Find(id)!, PasswordOperationNames.HashTag, set.Parameters)));
    }

    [Fact]
    public void A_set_an_entry_cannot_run_is_not_paired_and_says_why()
    {
        // libsodium runs Argon2 on one lane only: both builds say so, in their own words, which become the reason.
        const string id = "argon2id/libsodium";
        var fourLanes = PasswordParameterSets.ParseArgon2("m=256,t=1,p=4");
        var (record, reason) = PairedMeasurement.MeasurePasswordCase([copy.Registry.Find(id)!], [Head.Find(id)!], PasswordOperationNames.HashTag, fourLanes, InterleavingSettings.Quick);
        Assert.Null(record);
        var refusal = ((IPasswordHashImplementation)Registry.Find(id)!).SupportFor(fourLanes.Parameters, PasswordInputs.InputsOf(PasswordOperationNames.HashTag)).Reason;
        Assert.Equal($"the head's entry cannot run m=256,t=1,p=4,len=32: {refusal}", reason);
    }

    /// <summary>
    /// libsodium's encoding draws its own salt, so two calls never write the same string: copies agree when each side's
    /// verify accepts the other's. A string of another function (Argon2i's, at the same set) is refused as a changed output.
    /// </summary>
    [Fact]
    public void Encodings_agree_by_their_bytes_or_by_verifying_each_other_and_a_changed_function_is_not_paired()
    {
        BoundPasswordWorkload[] Encoders(BuildRegistry registry, string id, int copies) =>
            [.. Enumerable.Range(0, copies).Select(_ => BoundPasswordWorkload.Create(registry.Find(id)!, PasswordOperationNames.HashPhc, TinyArgon2.Parameters))];

        var sodium = Encoders(Head, "argon2id/libsodium", 1);
        sodium[0].Run();
        var again = Encoders(copy.Registry, "argon2id/libsodium", 1);
        again[0].Run();
        Assert.NotEqual(sodium[0].Output(), again[0].Output());
        Assert.Null(PairedMeasurement.CopiesDiffer(Encoders(copy.Registry, "argon2id/libsodium", 3), Encoders(Head, "argon2id/libsodium", 3)));
        Assert.Null(PairedMeasurement.CopiesDiffer(Encoders(copy.Registry, "argon2id/libargon2", 2), Encoders(Head, "argon2id/libargon2", 2)));

        Assert.Equal("output changed: the base and the head wrote different bytes for the same input",
            PairedMeasurement.CopiesDiffer(Encoders(copy.Registry, "argon2i/libargon2", 1), Encoders(Head, "argon2id/libargon2", 1)));
    }

    /// <summary>Both builds verify one string, the head's; a build that refuses the right password fails its check call.</summary>
    [Fact]
    public void Verifies_check_the_same_string_and_a_wrong_answer_is_not_paired()
    {
        const string id = "argon2id/managed/scalar";
        var encoded = BoundPasswordWorkload.ReferenceString(Head.Find(id)!, PasswordOperationNames.VerifyRight, TinyArgon2.Parameters);
        Assert.StartsWith("$argon2id$v=19$m=64,t=1,p=1$", encoded, StringComparison.Ordinal);
        Assert.Null(BoundPasswordWorkload.ReferenceString(Head.Find(id)!, PasswordOperationNames.HashTag, TinyArgon2.Parameters));
        BoundPasswordWorkload Verify(BuildRegistry registry, string operation, string text) => BoundPasswordWorkload.Create(registry.Find(id)!, operation, TinyArgon2.Parameters, text);

        Assert.Null(PairedMeasurement.OutputDifference(Verify(copy.Registry, PasswordOperationNames.VerifyRight, encoded!), Verify(Head, PasswordOperationNames.VerifyRight, encoded!)));
        Assert.Null(PairedMeasurement.OutputDifference(Verify(copy.Registry, PasswordOperationNames.VerifyWrong, encoded!), Verify(Head, PasswordOperationNames.VerifyWrong, encoded!)));

        // The same string at another set: the base reads the right password as wrong.
        var other = BoundPasswordWorkload.ReferenceString(Head.Find(id)!, PasswordOperationNames.VerifyRight, PasswordParameterSets.ParseArgon2("m=64,t=2,p=1").Parameters)!;
        var forged = other.Replace("t=2", "t=1", StringComparison.Ordinal);
        Assert.Equal($"the base's call failed: InvalidOperationException: {id} verified the right password as wrong.",
            PairedMeasurement.OutputDifference(Verify(copy.Registry, PasswordOperationNames.VerifyRight, forged), Verify(Head, PasswordOperationNames.VerifyRight, encoded!)));
    }

    /// <summary>
    /// The build against a copy of itself, Argon2id at a tiny set and bcrypt at cost 4: every case the head runs here is
    /// paired (the same cases the password scenario would measure), saved with its set, and named in the comment.
    /// Nothing here asserts on a time.
    /// </summary>
    [Fact]
    public void The_command_pairs_password_hashes_at_the_sets_the_password_options_choose()
    {
        using var folder = new TestFolder();
        var comment = folder.Combine("comment.md");
        var saved = folder.Combine("paired.json");
        var result = Cli.Run("paired", "--base-build", copy.Folder, "--family", "Argon2id,bcrypt", "--argon2", "m=64,t=1,p=1", "--bcrypt-cost", "4",
            "--fail-on", "never", "--out", comment, "--save", saved);
        Assert.True(result.ExitCode == 0, result.Error);

        var hashes = Registry.Implementations.OfType<IPasswordHashImplementation>()
            .Where(i => i.Algorithm == Algorithms.Argon2id || i.Algorithm == Algorithms.Bcrypt).ToArray();
        var expected = CryptoHarness.Running.PasswordPlan.Cases(hashes.Where(i => i.Support.IsSupported), [TinyArgon2, TinyBcrypt]).Keys
            .Select(k => k.Replace(' ', '|')).Order(StringComparer.Ordinal).ToArray();
        using var document = JsonDocument.Parse(File.ReadAllText(saved));
        var cases = document.RootElement.GetProperty("cases").EnumerateArray().ToArray();
        Assert.Equal(expected, cases.Select(c => $"{c.GetProperty("id").GetString()}|{c.GetProperty("operation").GetString()}|{c.GetProperty("parameter_set").GetString()}").Order(StringComparer.Ordinal));
        Assert.Contains("argon2id/managed/scalar|hash|m=64,t=1,p=1,len=32", expected);
        Assert.Contains("bcrypt/bcrypt-net|verify|cost4", expected);
        Assert.All(cases, c => Assert.Equal(0, c.GetProperty("size_bytes").GetInt32()));
        Assert.All(cases, c => Assert.Equal(8, c.GetProperty("head_copies_ns").GetArrayLength()));

        // Only an entry that does not run here may be left unpaired, and then as a whole.
        var unsupported = hashes.Where(i => !i.Support.IsSupported).Select(i => i.Id).ToArray();
        Assert.All(document.RootElement.GetProperty("not_paired").EnumerateArray(), n => Assert.Contains(n.GetProperty("id").GetString(), unsupported));
        Assert.Equal(["m=64,t=1,p=1,len=32", "cost4"], document.RootElement.GetProperty("parameter_sets").EnumerateArray().Select(p => p.GetProperty("name").GetString()));

        AssertText.ContainsAll(File.ReadAllText(comment),
            $"{cases.Length} case(s) paired",
            "argon2id/managed/scalar · hash · password · m=64,t=1,p=1,len=32 · paired",
            "bcrypt/bcrypt-net · hash-phc · password · cost4 · paired",
            "bcrypt/bcrypt-net · verify-wrong · password · cost4 · paired",
            "Password-hash parameter sets: m=64,t=1,p=1,len=32 (m=64 KiB (0.06 MiB), t=1, p=1, 32-byte tag); cost4",
            "each build loaded 8 times");
        Assert.Contains("password-hash case(s) of", result.Error, StringComparison.Ordinal);
    }

    /// <summary>
    /// As run's one-shot sweep leaves password hashes out of a selection that holds other kinds, so does paired, saying
    /// how to include them; no password case is measured.
    /// </summary>
    [Fact]
    public void A_mixed_selection_without_a_password_option_pairs_its_one_shot_entries_only()
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        var result = Cli.Run("paired", "--base-build", copy.Folder, "--family", "SHA-256,Argon2id", "--provider", "managed", "--sizes", "128",
            "--rounds", "3", "--copies", "2", "--fail-on", "never", "--out", folder.Combine("comment.md"), "--save", saved);
        Assert.True(result.ExitCode == 0, result.Error);
        Assert.Contains("are left out of a selection that holds other kinds", result.Error, StringComparison.Ordinal);
        using var document = JsonDocument.Parse(File.ReadAllText(saved));
        var cases = document.RootElement.GetProperty("cases").EnumerateArray().ToArray();
        Assert.NotEmpty(cases);
        Assert.All(cases, c => Assert.StartsWith("sha256/", c.GetProperty("id").GetString(), StringComparison.Ordinal));
        Assert.False(document.RootElement.TryGetProperty("parameter_sets", out _));
    }

    /// <summary>Every buffer of a bound workload sits at a 64-byte boundary of one pinned block, in the order asked for.</summary>
    [Fact]
    public void Workload_buffers_are_aligned_alike_in_one_pinned_block()
    {
        var block = new AlignedBlock(32, 128, 1, 64);
        var key = block.Take(32);
        var input = block.Take(new byte[128]);
        var odd = block.Take(1);
        var output = block.Take(64);
        foreach (var buffer in new[] { key, input, odd, output })
        {
            Assert.Equal(0, (long)System.Runtime.InteropServices.Marshal.UnsafeAddrOfPinnedArrayElement(buffer.Array!, buffer.Offset) % 64);
        }

        Assert.Same(key.Array, output.Array);
        Assert.Equal([64, 192, 256], new[] { input.Offset - key.Offset, odd.Offset - key.Offset, output.Offset - key.Offset });
    }

    private sealed class Throwing : BoundWorkload
    {
        public override void Run() => throw new InvalidOperationException("broken\nline");

        public override byte[] Output() => [];
    }
}
