using System.Text;
using static CryptoHarness.Kinds.KindChecks;

namespace CryptoHarness.Kinds;

/// <summary>
/// A password hash, timed in the password scenario at parameter sets rather than in the size sweep. Checked by known
/// answers (raw tags where the provider can run the vector's parameters, and the published encoded strings, which must
/// verify the right password and refuse a wrong one); a cross-check of raw tags on random small parameter sets; every
/// provider's string verified by every other provider that parses it; and, at each parameter set about to be timed, the
/// same tag from every provider that runs it and a correct verify both ways.
/// </summary>
public sealed class PasswordHashKind : KindContract
{
    /// <summary>Random small Argon2 sets per algorithm; every third one is within libsodium's limits (p=1, 16-byte salt, no K or X).</summary>
    private const int RandomArgon2Cases = 12;

    public override AlgorithmKind Kind => AlgorithmKind.PasswordHash;

    /// <summary>Its pages (the password scenario's) name the parameter set of every table, and title their own operations.</summary>
    public override string SiteArea => "password-hashing";

    public override bool FollowsContract(IImplementation implementation) => implementation is IPasswordHashImplementation;

    public override string? CheckKnownAnswers(IImplementation implementation) => CheckPasswordKnownAnswers((IPasswordHashImplementation)implementation);

    public override void CheckProperties(
        Algorithm algorithm, IReadOnlyList<IImplementation> candidates, IReadOnlyCollection<int> benchmarkSizes, byte[] input,
        IReadOnlyList<PasswordParameterSet> passwordSets, Dictionary<IImplementation, string> failures) =>
        CheckPasswordHashes(algorithm, candidates, passwordSets, failures);

    private static string? CheckPasswordKnownAnswers(IPasswordHashImplementation implementation)
    {
        var applied = 0;
        foreach (var answer in implementation.Algorithm.KnownAnswers)
        {
            var parameters = answer.PasswordParameters!;
            var at = $"known answer {answer.Description} ({answer.Source})";
            var inputs = new PasswordHashInputs(answer.Nonce.Length, answer.Key.Length, answer.AssociatedData.Length, PasswordHashUse.Hash);
            if (implementation.SupportFor(parameters, inputs).IsSupported)
            {
                var tag = new byte[parameters.TagBytes];
                implementation.Hash(answer.Input, answer.Nonce, answer.Key, answer.AssociatedData, parameters, tag);
                if (Mismatch(answer.ExpectedHex, tag) is { } mismatch)
                {
                    return $"{at}: {mismatch}";
                }

                applied++;
            }

            if (answer.Encoded.Length > 0 && implementation.SupportFor(parameters, inputs with { Use = PasswordHashUse.Verify }).IsSupported)
            {
                if (!implementation.Verify(answer.Encoded, answer.Input))
                {
                    return $"{at}: did not verify the right password against {answer.Encoded}";
                }

                if (implementation.Verify(answer.Encoded, [.. answer.Input, (byte)'x']))
                {
                    return $"{at}: verified a wrong password against {answer.Encoded}";
                }

                applied++;
            }
        }

        return applied > 0 ? null : "none of the algorithm's known answers is within this provider's limits, so nothing could be checked";
    }

    /// <summary>The cross-checks of one password-hash algorithm's implementations; failures go into <paramref name="failures"/>.</summary>
    private static void CheckPasswordHashes(
        Algorithm algorithm, IReadOnlyList<IImplementation> candidates, IReadOnlyList<PasswordParameterSet> benchmarkSets, Dictionary<IImplementation, string> failures)
    {
        var hashes = candidates.OfType<IPasswordHashImplementation>().ToArray();
        var random = new Random(Seed);
        var bcrypt = algorithm == Algorithms.Bcrypt;
        var cases = bcrypt ? RandomBcryptProbes(random) : RandomArgon2Probes(random);
        foreach (var probe in cases)
        {
            CrossCheckTags(hashes, probe, failures);
        }

        CheckEncodedInterop(hashes, bcrypt ? PasswordHashParameters.Bcrypt(5) : PasswordHashParameters.Argon2(256, 3, 1), random, failures);
        if (!bcrypt)
        {
            CheckEncodedInterop(hashes, PasswordHashParameters.Argon2(512, 2, 3, 24), random, failures);
        }

        foreach (var set in benchmarkSets.Where(s => s.Parameters.IsBcrypt == bcrypt))
        {
            var probe = new PasswordProbe(PasswordInputs.Password, PasswordInputs.Salt, [], [], set.Parameters, $"the benchmark inputs at {set.Describe()}");
            CrossCheckTags(hashes, probe, failures);
            foreach (var hash in hashes.Where(h => !failures.ContainsKey(h) && h.SupportFor(set.Parameters, PasswordInputs.InputsOf(PasswordOperationNames.VerifyRight)).IsSupported))
            {
                if (Guard(() => CheckOwnString(hash, set)) is { } failure)
                {
                    failures[hash] = failure;
                }
            }
        }
    }

    private sealed record PasswordProbe(byte[] Password, byte[] Salt, byte[] Secret, byte[] AssociatedData, PasswordHashParameters Parameters, string What)
    {
        public PasswordHashInputs Inputs => new(Salt.Length, Secret.Length, AssociatedData.Length, PasswordHashUse.Hash);
    }

    /// <summary>Same tag from every implementation that runs the probe; as in every cross-check, the larger agreeing group stands.</summary>
    private static void CrossCheckTags(IReadOnlyList<IPasswordHashImplementation> hashes, PasswordProbe probe, Dictionary<IImplementation, string> failures)
    {
        var active = hashes.Where(h => !failures.ContainsKey(h) && h.SupportFor(probe.Parameters, probe.Inputs).IsSupported).ToArray();
        if (active.Length < 2)
        {
            return;
        }

        var at = $"{probe.What} ({probe.Parameters.Compact()}, password {probe.Password.Length} B, salt {probe.Salt.Length} B, secret {probe.Secret.Length} B, associated data {probe.AssociatedData.Length} B, seed {Seed})";
        var outputs = new Dictionary<IImplementation, string>();
        foreach (var hash in active)
        {
            try
            {
                var tag = new byte[probe.Parameters.TagBytes];
                hash.Hash(probe.Password, probe.Salt, probe.Secret, probe.AssociatedData, probe.Parameters, tag);
                outputs[hash] = Convert.ToHexStringLower(tag);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                failures[hash] = $"threw {e.GetType().Name} on {at}: {e.Message}";
            }
        }

        FailMinorities(outputs, $"on {at}", failures);
    }

    /// <summary>Every implementation's string verifies under every implementation that parses it: right password true, a wrong one false.</summary>
    private static void CheckEncodedInterop(
        IReadOnlyList<IPasswordHashImplementation> hashes, PasswordHashParameters parameters, Random random, Dictionary<IImplementation, string> failures)
    {
        var inputs = new PasswordHashInputs(PasswordInputs.SaltBytes, 0, 0, PasswordHashUse.Encode);
        var able = hashes.Where(h => h.SupportFor(parameters, inputs).IsSupported).ToArray();
        var verifiers = hashes.Where(h => h.SupportFor(parameters, inputs with { Use = PasswordHashUse.Verify }).IsSupported).ToArray();
        var password = Encoding.UTF8.GetBytes($"pässword-{random.Next()}");
        var salt = new byte[PasswordInputs.SaltBytes];
        random.NextBytes(salt);
        foreach (var producer in able.Where(h => !failures.ContainsKey(h)))
        {
            string encoded;
            try
            {
                encoded = producer.HashToString(password, salt, parameters);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                failures[producer] = $"threw {e.GetType().Name} encoding at {parameters.Compact()}: {e.Message}";
                continue;
            }

            var refusals = new List<(IPasswordHashImplementation Verifier, string Failure)>();
            foreach (var verifier in verifiers.Where(h => !failures.ContainsKey(h)))
            {
                var failure = Guard(() =>
                    !verifier.Verify(encoded, password) ? $"did not verify the right password against {producer.Id}'s string {encoded}"
                    : verifier.Verify(encoded, [.. password, (byte)'!']) ? $"verified a wrong password against {producer.Id}'s string {encoded}"
                    : null);
                if (failure is not null)
                {
                    refusals.Add((verifier, failure));
                }
            }

            // A string that most other verifiers refuse is the producer's fault; a verifier that alone refuses what the
            // others accept is its own. With a single other verifier there is no majority: both parties fail.
            var others = verifiers.Count(v => v != producer && !failures.ContainsKey(v));
            var refusedByOthers = refusals.Count(r => r.Verifier != producer);
            if (refusals.Count == 0)
            {
                continue;
            }

            if (others >= 2 && 2 * refusedByOthers > others)
            {
                failures[producer] = $"its string is refused by {string.Join(", ", refusals.Where(r => r.Verifier != producer).Select(r => r.Verifier.Id))}: {refusals[0].Failure}";
            }
            else if (others >= 2)
            {
                foreach (var (verifier, failure) in refusals)
                {
                    failures[verifier] = failure;
                }
            }
            else
            {
                foreach (var (verifier, failure) in refusals)
                {
                    failures[verifier] = $"{failure}; no third provider to decide which is right";
                    failures[producer] = $"{verifier.Id} {failure}; no third provider to decide which is right";
                }
            }
        }
    }

    /// <summary>At a benchmark set: the provider's own string verifies the benchmark password and refuses the wrong one, as the timed calls expect.</summary>
    private static string? CheckOwnString(IPasswordHashImplementation hash, PasswordParameterSet set)
    {
        var encoded = hash.HashToString(PasswordInputs.Password, PasswordInputs.Salt, set.Parameters);
        return !hash.Verify(encoded, PasswordInputs.Password) ? $"did not verify its own string at {set.Describe()}: {encoded}"
            : hash.Verify(encoded, PasswordInputs.WrongPassword) ? $"verified the wrong password against its own string at {set.Describe()}"
            : null;
    }

    private static IEnumerable<PasswordProbe> RandomArgon2Probes(Random random)
    {
        for (var i = 0; i < RandomArgon2Cases; i++)
        {
            var sodiumCompatible = i % 3 == 0;
            var lanes = sodiumCompatible ? 1 : random.Next(1, 5);
            // m from 8p to 4 MiB, log-uniform, so small and multi-segment matrices are both covered.
            var memory = (int)Math.Round(Math.Exp(random.NextDouble() * Math.Log(4096.0 / (8 * lanes))) * 8 * lanes);
            var passes = sodiumCompatible ? random.Next(3, 5) : random.Next(1, 5);
            var tagBytes = sodiumCompatible ? random.Next(16, 129) : random.Next(4, 129);
            var salt = Bytes(random, sodiumCompatible ? 16 : random.Next(8, 33));
            var secret = !sodiumCompatible && random.Next(2) == 0 ? Bytes(random, random.Next(1, 33)) : [];
            var associatedData = !sodiumCompatible && random.Next(2) == 0 ? Bytes(random, random.Next(1, 65)) : [];
            yield return new PasswordProbe(Bytes(random, random.Next(0, 65)), salt, secret, associatedData,
                PasswordHashParameters.Argon2(memory, passes, lanes, tagBytes), $"random case {i + 1}");
        }
    }

    /// <summary>Cheap costs, and password lengths around bcrypt's 72-byte key limit, which providers have truncated differently.</summary>
    private static IEnumerable<PasswordProbe> RandomBcryptProbes(Random random)
    {
        var lengths = new[] { 0, 1, 71, 72, 73, 100 };
        foreach (var length in lengths)
        {
            var password = Encoding.ASCII.GetBytes(new string(Enumerable.Range(0, length).Select(_ => (char)random.Next('!', '~' + 1)).ToArray()));
            yield return new PasswordProbe(password, Bytes(random, 16), [], [], PasswordHashParameters.Bcrypt(random.Next(4, 6)), $"a {length}-byte password");
        }

        yield return new PasswordProbe(Encoding.UTF8.GetBytes("pässwörd ✓ 密码"), Bytes(random, 16), [], [], PasswordHashParameters.Bcrypt(4), "a non-ASCII UTF-8 password");
    }

    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}
