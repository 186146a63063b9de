using CryptoHarness.Comparing;
using CryptoHarness.Statistics;

namespace CryptoHarness.Tests.Unit;

/// <summary>The paired decision on synthetic per-round times, the comment it writes, and the command's refusals.</summary>
public sealed class PairedComparisonTests
{
    private static readonly ComparisonSettings Settings = new(Threshold: 0.05, NoiseNs: 1, FalseDiscoveryRate: 0.01);

    /// <summary>
    /// Base times drifting round to round (a shared machine: ±30%, which hits both sides of a round alike), head = base ×
    /// the given ratio × a little independent noise (±1%).
    /// </summary>
    private static PairedSamples Rounds(double ratio, int seed, int rounds = 21)
    {
        var random = new Random(seed);
        var baseNs = new double[rounds];
        var headNs = new double[rounds];
        for (var i = 0; i < rounds; i++)
        {
            var drift = 1000 * (0.7 + (0.6 * random.NextDouble()));
            baseNs[i] = drift * (1 + (0.01 * (random.NextDouble() - 0.5)));
            headNs[i] = drift * ratio * (1 + (0.01 * (random.NextDouble() - 0.5)));
        }

        return new PairedSamples(baseNs, headNs);
    }

    [Fact]
    public void Paired_ratios_see_through_drift_that_would_swamp_unpaired_samples()
    {
        var cases = new[] { Rounds(1.10, 1), Rounds(0.85, 2), Rounds(1.00, 3), Rounds(1.03, 4) };
        var decisions = PairedComparer.Decide(cases, Settings);
        Assert.Equal([Verdict.Slower, Verdict.Faster, Verdict.Same, Verdict.Same], decisions.Select(d => d.Verdict));
        Assert.Equal(1.10, decisions[0].Ratio.Ratio, 2);

        // 3% is significant but below the 5% threshold: the point estimate decides, as in compare.
        Assert.True(decisions[3].QSlower <= Settings.FalseDiscoveryRate);
    }

    [Fact]
    public void Benjamini_Hochberg_holds_back_a_marginal_case_among_many()
    {
        // 17 of 21 rounds clearly slower, 4 clearly faster: p = P(Bin(21, ½) ≥ 17) ≈ 0.0036 for "above 1 + 1.25%".
        double[] baseNs = Enumerable.Repeat(1000.0, 21).ToArray();
        double[] headNs = [.. Enumerable.Repeat(1100.0, 17), .. Enumerable.Repeat(900.0, 4)];
        var alone = PairedComparer.Decide([new PairedSamples(baseNs, headNs)], Settings);
        Assert.Equal(Verdict.Slower, alone[0].Verdict);
        Assert.Equal(0.0036, alone[0].PSlower, 4);

        // Beside 20 unchanged cases the same p-value is one of 42 tests: its q-value rises above 1% and it is held back.
        var many = PairedComparer.Decide([new PairedSamples(baseNs, headNs), .. Enumerable.Range(10, 20).Select(seed => Rounds(1.0, seed))], Settings);
        Assert.Equal(Verdict.Same, many[0].Verdict);
        Assert.Equal(0.0036 * 42, many[0].QSlower, 3);
        Assert.All(many, d => Assert.Equal(Verdict.Same, d.Verdict));
    }

    [Fact]
    public void A_change_below_the_noise_floor_is_same()
    {
        // 2 ns calls 20% slower: significant, beyond the threshold, but 0.4 ns is below a 1 ns noise floor.
        var (b, h, _, _) = Rounds(1.2, 5);
        var decisions = PairedComparer.Decide([new PairedSamples(b.Select(x => x / 500).ToArray(), h.Select(x => x / 500).ToArray())], Settings);
        Assert.Equal(Verdict.Same, decisions[0].Verdict);
    }

    /// <summary>
    /// Copies of both builds in every round: each copy a fixed factor (its placement) × a drift shared by the round ×
    /// ±0.5% noise; base copies at <paramref name="baseFactors"/>, head copies at <paramref name="headFactors"/>.
    /// </summary>
    private static PairedSamples Copies(double[] baseFactors, double[] headFactors, int seed, int rounds = 21)
    {
        var random = new Random(seed);
        var baseCopies = baseFactors.Select(_ => new double[rounds]).ToArray();
        var headCopies = headFactors.Select(_ => new double[rounds]).ToArray();
        for (var r = 0; r < rounds; r++)
        {
            var drift = 1000 * (0.7 + (0.6 * random.NextDouble()));
            for (var c = 0; c < baseFactors.Length; c++)
            {
                baseCopies[c][r] = drift * baseFactors[c] * (1 + (0.01 * (random.NextDouble() - 0.5)));
                headCopies[c][r] = drift * headFactors[c] * (1 + (0.01 * (random.NextDouble() - 0.5)));
            }
        }

        return new PairedSamples(PairedCopies.PerRoundGeometricMean(baseCopies), PairedCopies.PerRoundGeometricMean(headCopies), baseCopies, headCopies);
    }

    [Fact]
    public void A_difference_within_the_spread_of_copies_of_one_build_is_same_and_one_beyond_it_is_slower()
    {
        var settings = Settings with { Threshold = 0.02 };

        // One copy a side, the head's copy placed 4% worse: every round agrees, so the rounds alone call it slower.
        var oneCopy = Copies([1.00], [1.04], seed: 31);
        Assert.Equal(Verdict.Slower, PairedComparer.Decide([new PairedSamples(oneCopy.BaseNs, oneCopy.HeadNs)], settings)[0].Verdict);

        // Eight copies a side whose placements spread over 7%: head's average is 3% above base's, every round agrees, but
        // the copies of one build differ as much as the two builds do.
        var spread = PairedComparer.Decide([Copies(Spread, SpreadHead, seed: 32)], settings)[0];
        Assert.True(spread.Ratio.Ratio > 1.02, $"ratio {spread.Ratio.Ratio}");
        Assert.True(spread.PSlower > 0.05, $"p {spread.PSlower}");
        Assert.Equal(Verdict.Same, spread.Verdict);
        Assert.Equal(8, spread.Copies);

        // Eight tight copies a side, head 3% slower: beyond both the rounds' noise and the copies' spread.
        var tight = PairedComparer.Decide([Copies(Tight, [.. Tight.Select(f => f * 1.03)], seed: 33)], settings)[0];
        Assert.Equal(Verdict.Slower, tight.Verdict);
        Assert.Equal(1.03, tight.Ratio.Ratio, 2);
        Assert.Equal(1.0 / 12870, tight.PSlower, 6);
        var faster = PairedComparer.Decide([Copies([.. Tight.Select(f => f * 1.03)], Tight, seed: 34)], settings)[0];
        Assert.Equal(Verdict.Faster, faster.Verdict);

        // Four tight copies a side: the rank test cannot go below 1/70, so even a clear change is held back.
        var four = PairedComparer.Decide([Copies(Tight[..4], [.. Tight[..4].Select(f => f * 1.03)], seed: 35)], settings)[0];
        Assert.Equal(1.0 / 70, four.PSlower, 6);
        Assert.Equal(Verdict.Same, four.Verdict);
    }

    private static readonly double[] Spread = [0.97, 1.00, 1.04, 0.99, 0.98, 1.03, 1.01, 0.96];
    private static readonly double[] SpreadHead = [1.04, 1.07, 0.98, 1.02, 1.00, 1.05, 1.03, 0.99];
    private static readonly double[] Tight = [1.000, 1.002, 0.999, 1.001, 1.0005, 0.9995, 1.0015, 0.9985];

    [Fact]
    public void Copies_survive_a_saved_measurement_and_a_hostile_copy_list_is_refused()
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        var samples = Copies(Spread, SpreadHead, seed: 32);
        var results = Saved(1.0);
        var withCopies = results with
        {
            Cases = [results.Cases[0] with { BaseNs = samples.BaseNs, HeadNs = samples.HeadNs, BaseCopiesNs = samples.BaseCopiesNs, HeadCopiesNs = samples.HeadCopiesNs }],
        };
        PairedResultsFile.Write(withCopies, saved);
        var comment = folder.Combine("comment.md");
        Assert.Equal(0, Cli.Run("paired", "--from", saved, "--out", comment, "--threshold", "2%").ExitCode);
        var text = File.ReadAllText(comment);
        AssertText.ContainsAll(text,
            "0 slower, 0 faster, 1 same",
            "each build loaded 8 times",
            "8 copies a side, relative times base");

        // The per-round times must be the copies' geometric means, else the file could decide on one and show the other.
        var hostile = withCopies with { Cases = [withCopies.Cases[0] with { HeadNs = [.. samples.HeadNs.Select(ns => ns * 0.8)] }] };
        PairedResultsFile.Write(hostile, saved);
        var result = Cli.Run("paired", "--from", saved);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("must be the per-round geometric means of their copies", result.Error, StringComparison.Ordinal);

        var oneSided = withCopies with { Cases = [withCopies.Cases[0] with { HeadCopiesNs = null }] };
        PairedResultsFile.Write(oneSided, saved);
        result = Cli.Run("paired", "--from", saved);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("must both be present with the same number of copies", result.Error, StringComparison.Ordinal);

        var shortCopy = withCopies with { Cases = [withCopies.Cases[0] with { BaseCopiesNs = [.. samples.BaseCopiesNs!.Take(7), samples.BaseCopiesNs![7].Take(20).ToArray()] }] };
        PairedResultsFile.Write(shortCopy, saved);
        result = Cli.Run("paired", "--from", saved);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("every copy must hold the case's number of rounds", result.Error, StringComparison.Ordinal);
    }

    /// <summary>
    /// Password-hash cases travel in paired.json with their parameter set, each set written in full once; the comment keys
    /// them as compare keys the password scenario's cases, prints every set in full, gives their rounds beside the
    /// one-shot cases', and three rounds of eight tight copies a side still find a 3% change.
    /// </summary>
    [Fact]
    public void Password_hash_cases_are_keyed_by_their_parameter_set_and_decided_on_three_rounds_of_copies()
    {
        var argon2 = PasswordParameterSets.ParseArgon2("m=64,t=1,p=1");
        var bcrypt = PasswordParameterSets.ParseBcryptCosts("4")[0];
        PairedCaseRecord PasswordCase(string id, string family, string operation, PasswordParameterSet set, PairedSamples samples) => new()
        {
            Id = id, Family = family, Operation = operation, SizeBytes = 0, ParameterSet = set.Name,
            BaseNs = samples.BaseNs, HeadNs = samples.HeadNs, BaseCopiesNs = samples.BaseCopiesNs, HeadCopiesNs = samples.HeadCopiesNs,
            BaseAllocatedBytes = 0, HeadAllocatedBytes = 0,
        };

        var saved = Saved(1.0);
        var results = saved with
        {
            Cases =
            [
                saved.Cases[0],
                PasswordCase("argon2id/managed/scalar", "Argon2", "hash", argon2, Copies(Tight, [.. Tight.Select(f => f * 1.03)], seed: 36, rounds: 3)),
                PasswordCase("bcrypt/bcrypt-net", "bcrypt", "verify", bcrypt, Copies(Tight, Tight, seed: 37, rounds: 3)),
            ],
            NotPaired =
            [
                new NotPairedRecord { Id = "argon2id/libsodium", Family = "Argon2", Operation = "hash", ParameterSet = argon2.Name, Reason = "the base's entry cannot run it" },
            ],
            ParameterSets = [RunDescription.ParameterSet(argon2), RunDescription.ParameterSet(bcrypt)],
        };

        using var folder = new TestFolder();
        var file = folder.Combine("paired.json");
        PairedResultsFile.Write(results, file);
        var comment = folder.Combine("comment.md");
        var result = Cli.Run("paired", "--from", file, "--out", comment, "--threshold", "2%");
        Assert.Equal(1, result.ExitCode);
        AssertText.ContainsAll(File.ReadAllText(comment),
            "1 slower, 0 faster, 2 same",
            "| argon2id/managed/scalar · hash · password · m=64,t=1,p=1,len=32 · paired | slower |",
            "| bcrypt/bcrypt-net · verify · password · cost4 · paired | same |",
            "| sha256/managed/scalar · hash · oneshot · 1 KiB · paired | same |",
            "Password-hash parameter sets: m=64,t=1,p=1,len=32 (m=64 KiB (0.06 MiB), t=1, p=1, 32-byte tag); cost4 (cost 4 (2^4 = 16 rounds), 23-byte tag).",
            "timed in the same 21 (password-hash cases: 3) interleaved rounds",
            "argon2id/libsodium · hash · m=64,t=1,p=1,len=32: not paired (the base's entry cannot run it)");

        // A case's set must be one the file describes, and a set's name must be a name.
        PairedResultsFile.Write(results with { ParameterSets = [RunDescription.ParameterSet(argon2)] }, file);
        result = Cli.Run("paired", "--from", file);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("case 'bcrypt/bcrypt-net' 'verify' 'cost4': parameter_set is not one of parameter_sets", result.Error, StringComparison.Ordinal);

        PairedResultsFile.Write(results, file);
        File.WriteAllText(file, File.ReadAllText(file).Replace("\"name\": \"cost4\"", "\"name\": \"../cost4\"", StringComparison.Ordinal));
        result = Cli.Run("paired", "--from", file);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("'../cost4' is not a valid name", result.Error, StringComparison.Ordinal);
    }

    internal static PairedResults Saved(double ratio) => new()
    {
        MachineKey = "test-machine-x86-64-v3-linux-net10",
        Runtime = ".NET 10.0.0",
        Utc = new DateTimeOffset(2026, 11, 24, 12, 0, 0, TimeSpan.Zero),
        BaseCommit = "aaaa",
        HeadCommit = "bbbb",
        Rounds = 21,
        BatchMs = 4,
        Notes = [],
        Cases =
        [
            new PairedCaseRecord
            {
                Id = "sha256/managed/scalar", Family = "SHA-2", Operation = "hash", SizeBytes = 1024,
                BaseNs = Rounds(ratio, 7).BaseNs, HeadNs = Rounds(ratio, 7).HeadNs, BaseAllocatedBytes = 0, HeadAllocatedBytes = 0,
            },
        ],
        NotPaired =
        [
            new NotPairedRecord { Id = "sha256/bouncycastle", Family = "SHA-2", Reason = "package BouncyCastle.Cryptography 2.6.2 in base, 2.7.0 in head" },
            new NotPairedRecord { Id = "sha256/os", Family = "SHA-2", Operation = "hash", SizeBytes = 128, Reason = "output changed: the base and the head wrote different bytes for the same input" },
        ],
    };

    [Fact]
    public void A_saved_measurement_makes_the_comment_again_with_what_was_not_paired_and_fails_on_slower()
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        PairedResultsFile.Write(Saved(1.2), saved);
        var comment = folder.Combine("comment.md");

        var result = Cli.Run("paired", "--from", saved, "--out", comment);
        Assert.Equal(1, result.ExitCode);
        var text = File.ReadAllText(comment);
        AssertText.ContainsAll(text,
            "1 slower, 0 faster, 0 same",
            "#### Slower",
            "#### Not paired",
            "sha256/bouncycastle: not paired (package BouncyCastle.Cryptography 2.6.2 in base, 2.7.0 in head)",
            "sha256/os · hash · 128 B: not paired (output changed",
            "Paired: 1 case(s)");

        Assert.Equal(0, Cli.Run("paired", "--from", saved, "--out", comment, "--fail-on", "never").ExitCode);
        PairedResultsFile.Write(Saved(1.0), saved);
        Assert.Equal(0, Cli.Run("paired", "--from", saved, "--out", comment).ExitCode);
    }

    [Fact]
    public void Compare_says_its_verdicts_rest_on_unpaired_launches()
    {
        Assert.Contains("Unpaired", ComparisonModel.UnpairedNote, StringComparison.Ordinal);
        Assert.Contains("{{ pairing }}", File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "templates", "comparison.md.sbn")), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("\"id\": \"sha256/managed/scalar\"", "\"id\": \"<img src=x>\"", "is not a valid name")]
    [InlineData("\"size_bytes\": 1024", "\"size_bytes\": -1", "must not be negative")]
    [InlineData("\"rounds\": 21", "\"rounds\": 2", "rounds must be 3")]
    [InlineData("\"family\": \"SHA-2\"", "\"family\": \"../x\"", "is not a valid name")]
    public void A_hostile_saved_measurement_is_refused_naming_the_field(string field, string replacement, string message)
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        PairedResultsFile.Write(Saved(1.0), saved);
        var text = File.ReadAllText(saved);
        Assert.Contains(field, text, StringComparison.Ordinal);
        File.WriteAllText(saved, text.Replace(field, replacement, StringComparison.Ordinal));
        var comment = folder.Combine("comment.md");

        var result = Cli.Run("paired", "--from", saved, "--out", comment);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(message, result.Error, StringComparison.Ordinal);
        Assert.False(File.Exists(comment));
    }

    [Fact]
    public void A_negative_time_in_a_saved_measurement_is_refused()
    {
        using var folder = new TestFolder();
        var saved = folder.Combine("paired.json");
        var results = Saved(1.0);
        PairedResultsFile.Write(results with { Cases = [results.Cases[0] with { HeadNs = [.. results.Cases[0].HeadNs.Skip(1), -5] }] }, saved);
        var result = Cli.Run("paired", "--from", saved);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("not a positive finite number", result.Error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("paired", "paired needs --base-build")]
    [InlineData("paired --base-build /no/such/folder", "--base-build '/no/such/folder': no such folder; valid: the output folder of a Release build")]
    [InlineData("paired --base-build /no/such/folder --from /no/such.json", "Give --base-build (measure) or --from (a saved paired.json), not both.")]
    [InlineData("paired --from /no/such.json", "--from '/no/such.json': no such file")]
    [InlineData("paired --from /no/such.json --rounds 5", "--save, --rounds, --copies and --sizes apply when measuring")]
    [InlineData("paired --from /no/such.json --copies 2", "--save, --rounds, --copies and --sizes apply when measuring")]
    [InlineData("paired --base-build . --copies 0", "Invalid --copies '0'. Valid: a whole number from 1 to 16")]
    [InlineData("paired --base-build . --copies 17", "Invalid --copies '17'")]
    [InlineData("paired --base-build . --rounds 2", "Invalid --rounds '2'. Valid: a whole number from 3 to 10000")]
    [InlineData("paired --base-build . --rounds many", "Invalid --rounds 'many'")]
    [InlineData("paired --base-build . --threshold 0", "Invalid --threshold '0'")]
    [InlineData("paired --base-build . --fail-on always", "Invalid --fail-on 'always'")]
    [InlineData("paired --base-build . --family SHA-25", "Unknown family 'SHA-25'")]
    [InlineData("paired --base-build . --family Argon2 --argon2-set nosuch", "Unknown Argon2 parameter set 'nosuch'. Valid sets: test (m=1024 KiB")]
    [InlineData("paired --base-build . --family Argon2id --argon2 m=4,t=1,p=1", "Invalid --argon2 'm=4,t=1,p=1'")]
    [InlineData("paired --base-build . --family Argon2id --argon2 m=64,t=0,p=1", "Invalid --argon2 'm=64,t=0,p=1'")]
    [InlineData("paired --base-build . --family Argon2id --argon2 m=64,t=1,p=0", "Invalid --argon2 'm=64,t=1,p=0'")]
    [InlineData("paired --base-build . --family Argon2id --argon2 m=64,p=1", "Invalid --argon2 'm=64,p=1': t= is missing")]
    [InlineData("paired --base-build . --family bcrypt --bcrypt-cost 3", "Invalid --bcrypt-cost '3'. Valid: whole numbers from 4 to 31")]
    [InlineData("paired --base-build . --family SHA-256 --argon2-set owasp", "--argon2-set applies to password hashes, and the filters select none; valid families: Argon2, bcrypt.")]
    [InlineData("paired --from /no/such.json --bcrypt-cost 10", "--bcrypt-cost applies when measuring (--base-build), not with --from.")]
    [InlineData("paired --base-build . --family Argon2i --provider libsodium --argon2 m=64,t=1,p=1", "The selected password hashes run none of the sets, so there is nothing to pair: argon2i/libsodium at m=64,t=1,p=1,len=32: ")]
    public void Bad_input_is_one_line_and_exit_2(string commandLine, string message)
    {
        var result = Cli.Run(commandLine.Split(' '));
        Assert.Equal(2, result.ExitCode);
        Assert.Contains(message, result.Error, StringComparison.Ordinal);
        Assert.Single(result.Error.TrimEnd().Split('\n'));
    }

    [Fact]
    public void A_folder_that_is_not_a_build_is_refused_before_anything_is_written()
    {
        using var folder = new TestFolder();
        var comment = folder.Combine("comment.md");
        var saved = folder.Combine("paired.json");
        var result = Cli.Run("paired", "--base-build", folder.Path, "--family", "SHA-256", "--out", comment, "--save", saved);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("not a build folder (no CryptoHarness.Providers.dll)", result.Error, StringComparison.Ordinal);
        Assert.Single(result.Error.TrimEnd().Split('\n'));
        Assert.False(File.Exists(comment));
        Assert.False(File.Exists(saved));

        // The providers' assembly alone, with no deps.json that lists it, is not a build either.
        File.Copy(typeof(Implementations.Registry).Assembly.Location, folder.Combine("CryptoHarness.Providers.dll"));
        result = Cli.Run("paired", "--base-build", folder.Path, "--out", comment);
        Assert.Equal(2, result.ExitCode);
        Assert.Contains("no deps.json lists CryptoHarness.Providers", result.Error, StringComparison.Ordinal);
        Assert.False(File.Exists(comment));
    }
}
