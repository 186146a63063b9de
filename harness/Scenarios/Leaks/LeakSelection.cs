namespace CryptoHarness.Leaks;

/// <summary>
/// What <c>harness leaks</c> checks: every verify and decrypt path of the selection. A MAC's verify, an AEAD's decrypt
/// with a forged tag, and a password hash's verify (tag wrong first vs last, right vs wrong password) at the cheapest
/// parameter set it can make a string at. A password hash's alternative instruction-set paths are left out, as in the
/// password scenario: verifying runs the same code on every path but the raw hash.
/// </summary>
public static class LeakSelection
{
    /// <summary>The families <c>leaks</c> has something to check in, for the message when a selection has none.</summary>
    public static IReadOnlyList<string> Families =>
        Registry.Implementations.Where(Applies).Select(i => i.Algorithm.Family).Distinct().ToArray();

    /// <summary>
    /// Password-hash costs, cheapest first; each provider runs at the first it can make a string at. <c>test</c>
    /// (m=1 MiB, t=1, p=1); then the same memory at t=3, the fewest passes libsodium's Argon2i takes
    /// (crypto_pwhash_argon2i_OPSLIMIT_MIN); bcrypt at cost 4, the lowest it has (OpenBSD bcrypt.c).
    /// </summary>
    public static IReadOnlyList<PasswordParameterSet> PasswordSets { get; } =
    [
        PasswordParameterSets.FindArgon2("test"),
        new("test-t3", PasswordHashParameters.Argon2(1024, 3, 1), "the test set at t=3, the fewest passes libsodium's Argon2i takes"),
        PasswordParameterSets.ParseBcryptCosts("4")[0],
    ];

    public static bool Applies(IImplementation implementation) =>
        implementation is IMacImplementation or IAeadImplementation or IPasswordHashImplementation { IsPrimary: true };

    /// <summary>
    /// The checks for implementations that passed the gate, in their order, the control first; and for the rest of them
    /// why they cannot be checked (a raw-only Argon2 library has no verify; a MAC that refuses the algorithm's key length).
    /// </summary>
    public static (IReadOnlyList<LeakCase> Cases, IReadOnlyList<(IImplementation Implementation, string Reason)> CannotRun) Cases(IEnumerable<IImplementation> passed)
    {
        var cases = new List<LeakCase> { new EarlyExitControl() };
        var cannot = new List<(IImplementation, string)>();
        foreach (var implementation in passed.Where(Applies))
        {
            try
            {
                switch (implementation)
                {
                    case IMacImplementation mac when mac.SupportForKey(mac.Algorithm.KeyBytes) is { IsSupported: false } refused:
                        cannot.Add((mac, refused.Reason!));
                        break;
                    case IMacImplementation mac:
                        cases.Add(new MacVerifyCase(mac));
                        break;
                    case IAeadImplementation aead:
                        cases.Add(new AeadDecryptCase(aead));
                        break;
                    case IPasswordHashImplementation hash when CheapestSet(hash) is { } set:
                        cases.Add(new PasswordVerifyCase(hash, set, rightVsWrong: false));
                        cases.Add(new PasswordVerifyCase(hash, set, rightVsWrong: true));
                        break;
                    case IPasswordHashImplementation hash:
                        var first = PasswordSets.First(s => s.Parameters.IsBcrypt == (hash.Algorithm == Algorithms.Bcrypt));
                        cannot.Add((hash, $"cannot make a string to verify at {first.Describe()}: {hash.SupportFor(first.Parameters, VerifyInputs).Reason}"));
                        break;
                }
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                // Preparing the inputs runs the implementation once per class; the gate passed it, so this is ours to explain.
                cannot.Add((implementation, $"could not prepare the inputs: {e.GetType().Name}: {e.Message}"));
            }
        }

        return (cases, cannot);
    }

    /// <summary>The first of <see cref="PasswordSets"/> of the implementation's kind at which it can make and verify its own string.</summary>
    public static PasswordParameterSet? CheapestSet(IPasswordHashImplementation hash) =>
        PasswordSets.FirstOrDefault(s => s.Parameters.IsBcrypt == (hash.Algorithm == Algorithms.Bcrypt) && hash.SupportFor(s.Parameters, VerifyInputs).IsSupported);

    private static readonly PasswordHashInputs VerifyInputs = PasswordInputs.InputsOf(PasswordOperationNames.VerifyRight);
}
