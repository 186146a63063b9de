using System.Runtime.CompilerServices;
using System.Text;
using static CryptoHarness.Selecting.PasswordOperationNames;

namespace CryptoHarness.Pairing;

/// <summary>
/// One password-hash operation of one build's entry at one parameter set, as <c>Running/PasswordWorkload.cs</c> times
/// it (the inputs of <see cref="PasswordInputs"/>: raw tag, hash and encode, verify the right password and a wrong one
/// against a string made once), but calling through <see cref="BoundPasswordHash"/>, so it works for an entry of any
/// load context. The password, salt and tag lie in one pinned block, as a one-shot workload's buffers do.
/// </summary>
public abstract class BoundPasswordWorkload : BoundWorkload
{
    private protected BoundPasswordWorkload(BoundPasswordHash calls, int tagBytes)
    {
        Calls = calls;
        var block = new AlignedBlock(PasswordInputs.Password.Length, PasswordInputs.WrongPassword.Length, PasswordInputs.SaltBytes, tagBytes);
        Password = block.Take(PasswordInputs.Password);
        WrongPassword = block.Take(PasswordInputs.WrongPassword);
        Salt = block.Take(PasswordInputs.Salt);
        Tag = block.Take(tagBytes);
    }

    private protected ArraySegment<byte> Password { get; }

    private protected ArraySegment<byte> WrongPassword { get; }

    private protected ArraySegment<byte> Salt { get; }

    private protected ArraySegment<byte> Tag { get; }

    private protected BoundPasswordHash Calls { get; }

    /// <summary>
    /// The workload of <paramref name="operation"/>. A verify verifies <paramref name="encoded"/>, the string to verify
    /// (see <see cref="ReferenceString"/>): required for <see cref="VerifyRight"/> and <see cref="VerifyWrong"/>.
    /// </summary>
    /// <exception cref="ContractChangedException">The operation is not a password operation, or a call does not bind.</exception>
    public static BoundPasswordWorkload Create(BuildEntry entry, string operation, PasswordHashParameters parameters, string? encoded = null)
    {
        if (!All.Contains(operation))
        {
            throw new ContractChangedException($"{entry.Id} ({entry.Kind}) has no password operation '{operation}'");
        }

        var calls = entry.BindPassword(parameters);
        return operation switch
        {
            HashTag => new TagWorkload(calls, parameters.TagBytes),
            HashPhc => new EncodeWorkload(calls, parameters.TagBytes),
            _ => new VerifyWorkload(entry.Id, calls, parameters.TagBytes, right: operation == VerifyRight,
                encoded ?? throw new ArgumentNullException(nameof(encoded), $"{operation} verifies a string made beforehand")),
        };
    }

    /// <summary>
    /// The string every copy of both builds verifies, made once by <paramref name="entry"/> (the head's first copy) on
    /// the benchmark inputs, as the password scenario makes each provider's own: one hash instead of one per copy, and
    /// both builds verifying the same string is itself a check that they compute the same function. Null for an
    /// operation that verifies nothing.
    /// </summary>
    public static string? ReferenceString(BuildEntry entry, string operation, PasswordHashParameters parameters) =>
        operation is VerifyRight or VerifyWrong ? entry.BindPassword(parameters).HashToString(PasswordInputs.Password, PasswordInputs.Salt) : null;

    private sealed class TagWorkload(BoundPasswordHash calls, int tagBytes) : BoundPasswordWorkload(calls, tagBytes)
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => Calls.Hash(Password, Salt, Tag);

        public override byte[] Output() => [.. Tag];
    }

    /// <summary>
    /// Hash and encode. Two strings of the same computation are the same bytes, except from a provider whose encoding
    /// draws its own salt (libsodium's <c>crypto_pwhash_str</c>): then each side's verify must accept the other's string
    /// with the right password, which it can only when both computed the same function.
    /// </summary>
    private sealed class EncodeWorkload(BoundPasswordHash calls, int tagBytes) : BoundPasswordWorkload(calls, tagBytes)
    {
        private string _encoded = "";

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => _encoded = Calls.HashToString(Password, Salt);

        public override byte[] Output() => Encoding.UTF8.GetBytes(_encoded);

        public override bool Agrees(BoundWorkload reference)
        {
            if (base.Agrees(reference))
            {
                return true;
            }

            try
            {
                return reference is EncodeWorkload other && Calls.Verify(other._encoded, Password) && other.Calls.Verify(_encoded, other.Password);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                // A string the other side cannot parse is not the same computation.
                return false;
            }
        }
    }

    /// <summary>
    /// Verifies the right or a wrong password against the reference string; the answer is the output. An unexpected
    /// answer means the build does not compute what the string says, so the call throws and the case is not paired.
    /// </summary>
    private sealed class VerifyWorkload(string id, BoundPasswordHash calls, int tagBytes, bool right, string encoded) : BoundPasswordWorkload(calls, tagBytes)
    {
        private bool _answer;

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            _answer = Calls.Verify(encoded, right ? Password : WrongPassword);
            if (_answer != right)
            {
                throw new InvalidOperationException($"{id} verified {(right ? "the right password as wrong" : "a wrong password as right")}.");
            }
        }

        public override byte[] Output() => [_answer ? (byte)1 : (byte)0];
    }
}
