using CryptoHarness.Reporting;
using CryptoHarness.Selecting;
using System.Security.Cryptography;
using System.Text.Json.Nodes;
using CryptoHarness.Gate;
using CryptoHarness.Leaks;
using CryptoHarness.Managed;
using CryptoHarness.Running;

namespace CryptoHarness.Tests.EndToEnd;

/// <summary>
/// <c>harness leaks</c>: the MAC verify operation in the gate, the inputs of each check, the command end to end, the
/// summary's validation and compare. No assertion here is about a time: the control's verdict is not asserted.
/// </summary>
public sealed class LeaksTests
{
    private static readonly int[] Sizes = [64];

    [Fact]
    public void A_mac_whose_verify_ignores_the_last_byte_fails_the_gate()
    {
        var broken = new HmacWithVerify(HmacWithVerify.Fault.IgnoresLastByte);
        GateAssert.FailsAlone(broken, [new OsHmacSha256(), new BouncyCastleHmacSha256(), broken], Sizes, "verify accepted a tag whose last byte is wrong");
    }

    [Fact]
    public void A_mac_whose_verify_refuses_right_tags_fails_the_gate()
    {
        var broken = new HmacWithVerify(HmacWithVerify.Fault.RefusesEverything);
        GateAssert.Fails(broken, [new OsHmacSha256(), broken], Sizes, "verify refused the right tag");
    }

    [Fact]
    public void A_mac_whose_verify_ignores_the_message_fails_the_gate()
    {
        var broken = new HmacWithVerify(HmacWithVerify.Fault.IgnoresMessage);
        GateAssert.Fails(broken, [new OsHmacSha256(), broken], Sizes, "verify accepted the tag of another message");
    }

    [Fact]
    public void A_mac_with_a_sound_verify_of_its_own_passes_as_the_control()
    {
        GateAssert.AllPass([new OsHmacSha256(), new HmacWithVerify(HmacWithVerify.Fault.None)], Sizes);
    }

    [Fact]
    public void The_interface_default_verify_computes_and_compares()
    {
        IMacImplementation mac = new InterfaceOnlyHmac();
        var key = new byte[32];
        var message = "message"u8.ToArray();
        var tag = HMACSHA256.HashData(key, message);

        Assert.True(mac.Verify(key, [], message, tag));
        tag[^1] ^= 1;
        Assert.False(mac.Verify(key, [], message, tag));
        Assert.False(mac.Verify(key, [], message, tag.AsSpan(..^1)));
    }

    [Fact]
    public void Every_mac_aead_and_primary_password_hash_in_the_registry_gets_a_check_or_a_reason()
    {
        var applicable = Registry.Implementations.Where(i => i.Support.IsSupported && LeakSelection.Applies(i)).ToArray();
        var (cases, cannot) = LeakSelection.Cases(applicable);

        Assert.Single(cases, c => c.Subject.Control);
        Assert.All(applicable, i => Assert.True(
            cases.Any(c => c.Subject.Id == i.Id) || cannot.Any(c => c.Implementation == i),
            $"{i.Id} has neither a check nor a reason"));
        Assert.All(cannot, c => Assert.False(string.IsNullOrWhiteSpace(c.Reason)));
        Assert.DoesNotContain(cannot, c => c.Reason.StartsWith("could not prepare", StringComparison.Ordinal));

        // Each class's input gets the expected answer from every implementation (a forged string is well formed: a
        // provider that threw on it would stop the measurement).
        Assert.All(cases, c =>
        {
            foreach (var inputClass in new[] { 0, 1 })
            {
                c.Prepare(inputClass, slot: inputClass * 7);
                c.Run(inputClass);
            }

            Assert.True(c.WrongAnswers == 0, $"{c.Subject.Id} {c.Operation}: {c.WrongAnswerMeaning}");
        });
        Assert.All(applicable.OfType<IPasswordHashImplementation>().Where(h => cases.Any(c => c.Subject.Id == h.Id)),
            h => Assert.Equal(2, cases.Count(c => c.Subject.Id == h.Id)));
        Assert.DoesNotContain(applicable, i => i is IPasswordHashImplementation { IsPrimary: false });
    }

    [Theory]
    [InlineData("argon2")]
    [InlineData("bcrypt")]
    public void A_string_with_one_tag_byte_changed_is_well_formed_and_differs_only_in_its_tag(string kind)
    {
        IPasswordHashImplementation hash = kind == "argon2" ? new ManagedArgon2(Algorithms.Argon2id, Argon2Type.Argon2id, Argon2.DefaultPath) : new BcryptNetBcrypt();
        var set = LeakSelection.CheapestSet(hash)!;
        var own = hash.HashToString(PasswordInputs.Password, PasswordInputs.Salt, set.Parameters);
        var tagStart = own.LastIndexOf('$') + (kind == "argon2" ? 1 : 23);

        foreach (var first in new[] { true, false })
        {
            var forged = EncodedTag.WithWrongByte(own, first);
            Assert.Equal(own.Length, forged.Length);
            Assert.Equal(own[..tagStart], forged[..tagStart]);
            Assert.NotEqual(own, forged);
            var changed = Enumerable.Range(0, own.Length).Where(i => own[i] != forged[i]).ToArray();
            Assert.True(first ? changed.Max() < tagStart + 2 : changed.Min() >= own.Length - 2, $"{forged} changes {string.Join(",", changed)}");

            // Well formed: the provider's verify says false (a malformed string would throw FormatException).
            Assert.False(hash.Verify(forged, PasswordInputs.Password));
        }

        Assert.True(hash.Verify(own, PasswordInputs.Password));
        Assert.Equal(PasswordInputs.Password.Length, PasswordVerifyCase.WrongPassword.Length);
    }

    [Fact]
    public void The_control_compares_early_exit_and_counts_no_wrong_answer()
    {
        var control = new EarlyExitControl();
        control.Run(0);
        control.Run(1);
        Assert.Equal(0, control.WrongAnswers);
        Assert.True(control.Subject.Control);
        Assert.Null(Registry.Find(control.Subject.Id));
    }

    [Fact]
    public void A_check_that_fails_is_recorded_under_its_subjects_names()
    {
        // What the run records when a timed call throws or answers wrongly: the subject's six names and the reason.
        var mac = Registry.Implementations.OfType<IMacImplementation>().First(m => m.Provider.Key == "os");
        var subject = LeakSubject.Of(mac);
        var failure = new Failure(subject, "threw CryptographicException while timed");
        Assert.Equal(
            (mac.Id, mac.Algorithm.Family, mac.Algorithm.Name, mac.Algorithm.Slug, mac.Provider.Key, mac.Variant, "threw CryptographicException while timed"),
            (failure.Id, failure.Family, failure.Algorithm, failure.Slug, failure.Provider, failure.Variant, failure.Reason));
        Assert.Equal(RunDescription.Failure(mac, failure.Reason), failure);

        var control = new Failure(EarlyExitControl.ControlSubject, "wrong");
        Assert.Equal(("control/early-exit", "control", "control-early-exit"), (control.Id, control.Provider, control.Slug));
    }

    [Fact]
    public void A_tiny_leaks_run_writes_the_page_and_the_summary_with_the_control()
    {
        using var folder = new TestFolder();
        var output = folder.Combine("out");

        var result = Cli.Run("leaks", "--algorithm", "HMAC-SHA-256", "--provider", "os", "--budget", "0.05", "--results", folder.Combine("results"), "--out", output).Succeeded();
        Assert.Contains("[1/2] control/early-exit compare-first-vs-last: ", result.Out, StringComparison.Ordinal);
        Assert.Contains("[2/2] hmac-sha256/os verify-first-vs-last: ", result.Out, StringComparison.Ordinal);
        var summaryPath = folder.OnlySummary();
        // A finished run's folder is complete, as a benchmark run's is: merge and report would otherwise call it interrupted.
        Assert.False(File.Exists(Path.Combine(Path.GetDirectoryName(summaryPath)!, SummaryFile.IncompleteMarker)));
        using (var summary = JsonDocument.Parse(File.ReadAllText(summaryPath)))
        {
            Assert.Equal("leaks", summary.RootElement.GetProperty("run").GetProperty("scenario").GetString());
            Assert.Empty(summary.RootElement.GetProperty("results").EnumerateArray());
            var records = summary.RootElement.GetProperty("leaks").EnumerateArray().ToArray();
            Assert.Equal(new[] { "control/early-exit", "hmac-sha256/os" }, records.Select(r => r.GetProperty("id").GetString()));
            Assert.True(records[0].GetProperty("control").GetBoolean());
            Assert.All(records, r =>
            {
                Assert.Equal("leaks", r.GetProperty("scenario").GetString());
                Assert.True(r.GetProperty("measurements").GetInt64() > 0);
                Assert.Contains(r.GetProperty("verdict").GetString(), new[] { LeakRecord.Leak, LeakRecord.BelowOneCycle, LeakRecord.NotConfirmed, LeakRecord.NoLeakFound });
            });
        }

        var page = File.ReadAllText(Path.Combine(output, LeakReport.FileName));
        AssertText.ContainsAll(page,
            "#### Control: an early-exit comparison (must be flagged)",
            "| Early-exit comparison (control) | control |",
            "#### MAC verification, forged tag",
            "| HMAC-SHA-256 | os |",
            "#### Method and limits");
        Assert.Single(Directory.GetFiles(output));

        // The same page again from the summary alone, after it has been loaded and validated.
        var again = folder.Combine("again");
        Assert.Equal(0, Cli.Run("report", "--results", summaryPath, "--out", again).ExitCode);
        Assert.Equal(page, File.ReadAllText(Path.Combine(again, LeakReport.FileName)));

        // compare of a leaks run with itself: by verdict, nothing changed, nothing fails.
        var comparison = Cli.Run("compare", "--base", summaryPath, "--diff", summaryPath).Succeeded();
        AssertText.ContainsAll(comparison.Out, "#### Constant-time check", "2 check(s) on both sides; no verdict changed.");
    }

    [Theory]
    [InlineData("verdict", "\"leak\"", "verdict 'leak' does not follow from max_abs_t")]
    [InlineData("measurements", "-1", "measurements -1 is not measurements_a")]
    [InlineData("max_abs_t", "-2", "max_abs_t -2 is not a finite number")]
    [InlineData("calls_per_measurement", "0", "calls_per_measurement must be 1 or more")]
    [InlineData("operation", "\"../x\"", "operation '../x' is not a lower-case operation name")]
    public void A_leak_record_that_contradicts_itself_is_refused_at_load(string field, string value, string message)
    {
        using var folder = new TestFolder();
        var path = folder.Combine("summary.json");
        var record = SoundRecord() with { MaxAbsT = 1.5, Verdict = LeakRecord.NoLeakFound };
        var summary = JsonSerializer.SerializeToNode(Summary([record]), SummaryFile.Options)!;
        summary["leaks"]![0]![field] = JsonNode.Parse(value);
        File.WriteAllText(path, summary.ToJsonString());

        var result = Cli.Run("report", "--results", path, "--out", folder.Combine("out"));

        Assert.Equal(2, result.ExitCode);
        var line = Assert.Single(result.Error.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith($"harness: {path}: leaks[0] (hmac-sha256/os ", line, StringComparison.Ordinal);
        Assert.Contains($"): {message}", line, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder.Combine("out")));
    }

    /// <summary>A flag is a leak only when a second measurement from scratch flags it too, with the same class slower.</summary>
    [Theory]
    [InlineData(3.0, 9.0, 1.0, LeakRecord.NoLeakFound)]
    [InlineData(9.0, 2.0, 1.0, LeakRecord.NotConfirmed)]
    [InlineData(9.0, 6.0, -1.0, LeakRecord.NotConfirmed)]
    [InlineData(9.0, 6.0, 1.0, LeakRecord.Leak)]
    [InlineData(4.5, 6.0, 1.0, LeakRecord.NoLeakFound)]
    public void A_flag_is_a_leak_only_when_measured_again_the_same_way_round(double firstT, double secondT, double secondDirection, string verdict)
    {
        var first = SoundRecord() with { MaxAbsT = firstT, MeanANs = 500, MeanBNs = 501, Verdict = LeakRecord.VerdictOf(firstT, null, null) };
        var second = SoundRecord() with { MaxAbsT = secondT, MeanANs = 500, MeanBNs = 500 + secondDirection };

        var confirmed = firstT > LeakRecord.Threshold ? LeakCheck.Confirm(first, second) : first;

        Assert.Equal(verdict, confirmed.Verdict);
        Assert.Null(confirmed.Problem());
        Assert.Equal(firstT, confirmed.MaxAbsT);
        Assert.Equal(firstT > LeakRecord.Threshold ? secondT : null, confirmed.ConfirmationMaxAbsT);
    }

    /// <summary>A flag whose classes differ by less than one cycle is not called a leak, confirmed or not; a larger one still is.</summary>
    [Theory]
    [InlineData(0.2, LeakRecord.BelowOneCycle)]
    [InlineData(-0.2, LeakRecord.BelowOneCycle)]
    [InlineData(0.5, LeakRecord.Leak)]
    [InlineData(-17.0, LeakRecord.Leak)]
    public void A_confirmed_flag_below_one_cycle_is_not_a_leak(double differenceNs, string verdict)
    {
        var record = SoundRecord() with
        {
            MaxAbsT = 12, ConfirmationMaxAbsT = 9, ConfirmationSameDirection = true,
            MeanANs = 500, MeanBNs = 500 + differenceNs, OneCycleNs = 1 / 2.596,
        };

        Assert.Equal(verdict, record.DerivedVerdict);
        Assert.Null((record with { Verdict = verdict }).Problem());
        Assert.Contains("does not follow", (record with { Verdict = LeakRecord.NoLeakFound }).Problem(), StringComparison.Ordinal);
    }

    [Fact]
    public void A_leak_without_its_confirmation_is_refused()
    {
        var unconfirmed = SoundRecord() with { MaxAbsT = 9.8, Verdict = LeakRecord.Leak };
        Assert.Contains("does not follow from max_abs_t", unconfirmed.Problem(), StringComparison.Ordinal);

        var halfGiven = SoundRecord() with { MaxAbsT = 9.8, ConfirmationMaxAbsT = 7.1, Verdict = LeakRecord.NotConfirmed };
        Assert.Contains("must both be given", halfGiven.Problem(), StringComparison.Ordinal);
    }

    [Fact]
    public void Compare_lists_a_new_leak_only_when_every_diff_launch_flags_it()
    {
        var quiet = SoundRecord() with { MaxAbsT = 1.2, Verdict = LeakRecord.NoLeakFound };
        var loud = SoundRecord() with { MaxAbsT = 9.8, ConfirmationMaxAbsT = 7.1, ConfirmationSameDirection = true, Verdict = LeakRecord.Leak };

        var flagged = Assert.Single(LeakComparison.Match([Summary([quiet])], [Summary([loud]), Summary([loud])]));
        Assert.True(flagged.NewLeak);
        Assert.False(flagged.NoLongerFlagged);
        Assert.Equal(9.8, flagged.DiffMaxAbsT);

        var once = Assert.Single(LeakComparison.Match([Summary([quiet])], [Summary([loud]), Summary([quiet])]));
        Assert.False(once.NewLeak);

        var resolved = Assert.Single(LeakComparison.Match([Summary([loud])], [Summary([quiet])]));
        Assert.True(resolved.NoLongerFlagged);

        Assert.Empty(LeakComparison.Match([Summary([quiet])], [Summary([quiet with { ParameterSet = "test" }])]));
    }

    internal static LeakRecord SoundRecord() => new()
    {
        Id = "hmac-sha256/os",
        Family = "MAC",
        Algorithm = "HMAC-SHA-256",
        Slug = "hmac-sha256",
        Provider = "os",
        Variant = "",
        Operation = MacVerifyCase.Name,
        ClassA = "tag's first byte wrong",
        ClassB = "tag's last byte wrong",
        Parameters = "64-byte message",
        Measurements = 1000,
        MeasurementsA = 510,
        MeasurementsB = 490,
        CallsPerMeasurement = 1,
        WarmupCalls = 100,
        MaxAbsT = 1,
        TestsCounted = 101,
        MeanANs = 500,
        MeanBNs = 501,
        SmallestDetectableNs = 3,
        Verdict = LeakRecord.NoLeakFound,
        TimerResolutionNs = 1,
        TimerOverheadNs = 20,
        ElapsedSeconds = 2,
    };

    internal static RunSummary Summary(IReadOnlyList<LeakRecord> records) => new()
    {
        Run = new RunInfo
        {
            MachineKey = "test-machine",
            Cpu = "test CPU",
            LogicalCores = 2,
            InstructionSetLevel = "x86-64-v3",
            InstructionSets = new Dictionary<string, bool>(),
            Os = "test OS",
            Runtime = ".NET 10.0",
            BenchmarkDotNet = "0.14.0",
            Packages = new Dictionary<string, string> { ["os"] = "the runtime" },
            GitCommit = "abc1234",
            Utc = DateTimeOffset.UnixEpoch,
            LaunchId = Guid.NewGuid().ToString("N"),
            Job = "leaks",
            JobDescription = "dudect",
            Scenario = "leaks",
        },
        Results = [],
        Failures = [],
        Unsupported = [],
        Leaks = records,
    };

    /// <summary>HMAC-SHA-256 through the OS, with a verification of its own that may be broken.</summary>
    private sealed class HmacWithVerify(HmacWithVerify.Fault fault)
        : MacImplementation(Algorithms.HmacSha256, new Provider($"verify-{fault}".ToLowerInvariant(), "test double", () => "test"))
    {
        public enum Fault
        {
            None,

            /// <summary>Compares all but the last byte, as an off-by-one loop would.</summary>
            IgnoresLastByte,

            /// <summary>Says no to every tag.</summary>
            RefusesEverything,

            /// <summary>Checks the tag against the last one it computed, whatever the message (a stale cache).</summary>
            IgnoresMessage,
        }

        private byte[] _lastTag = [];

        protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
        {
            HMACSHA256.HashData(key, source, destination);
            _lastTag = destination.ToArray();
        }

        protected override bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
        {
            var expected = fault == Fault.IgnoresMessage ? _lastTag : HMACSHA256.HashData(key, source);
            return fault switch
            {
                Fault.IgnoresLastByte => CryptographicOperations.FixedTimeEquals(expected.AsSpan(..^1), tag[..^1]),
                Fault.RefusesEverything => false,
                _ => CryptographicOperations.FixedTimeEquals(expected, tag),
            };
        }
    }

    /// <summary>A MAC that implements the interface alone, so its verify is the interface's default.</summary>
    private sealed class InterfaceOnlyHmac : IMacImplementation
    {
        public string Id => "hmac-sha256/interface-only";

        public Algorithm Algorithm => Algorithms.HmacSha256;

        public Provider Provider { get; } = new("interface-only", "test double", () => "test");

        public string Variant => "";

        public Support Support => Support.Yes;

        public int OutputBytes => 32;

        public void Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
            HMACSHA256.HashData(key, source, destination);
    }
}
