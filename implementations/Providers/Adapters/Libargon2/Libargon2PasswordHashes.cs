using System.Text;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libargon2;

/// <summary>
/// The Argon2 reference library: every variant, any lanes (run on as many threads), secret and associated data.
/// A verification error other than a mismatch means the string did not parse or names parameters it refuses.
/// </summary>
public abstract unsafe class Libargon2Argon2(Algorithm algorithm, int type) : Argon2Implementation(algorithm, Libargon2Provider.Provider)
{
    public override Support Support => Libargon2.Support;

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        fixed (byte* output = tag)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        fixed (byte* secretBytes = secret)
        fixed (byte* associated = associatedData)
        {
            var context = new Libargon2.Context
            {
                Out = output,
                OutLength = (uint)tag.Length,
                Password = input,
                PasswordLength = (uint)password.Length,
                Salt = saltBytes,
                SaltLength = (uint)salt.Length,
                Secret = secretBytes,
                SecretLength = (uint)secret.Length,
                AssociatedData = associated,
                AssociatedDataLength = (uint)associatedData.Length,
                TimeCost = (uint)parameters.Passes,
                MemoryCost = (uint)parameters.MemoryKib,
                Lanes = (uint)parameters.Lanes,
                Threads = (uint)parameters.Lanes,
                Version = Libargon2.Version13,
            };
            var result = Libargon2.argon2_ctx(&context, type);
            if (result != Libargon2.Ok)
            {
                throw new InvalidOperationException($"{Id}: argon2_ctx failed at {parameters.Compact()}: {Libargon2.ErrorMessage(result)}");
            }
        }
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        var (t, m, p) = ((uint)parameters.Passes, (uint)parameters.MemoryKib, (uint)parameters.Lanes);
        var length = (int)Libargon2.argon2_encodedlen(t, m, p, (uint)salt.Length, (uint)parameters.TagBytes, type);
        Span<byte> encoded = length <= 512 ? stackalloc byte[length] : new byte[length];
        fixed (byte* output = encoded)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        {
            var result = Libargon2.argon2_hash(t, m, p, input, (nuint)password.Length, saltBytes, (nuint)salt.Length,
                null, (nuint)parameters.TagBytes, output, (nuint)length, type, Libargon2.Version13);
            if (result != Libargon2.Ok)
            {
                throw new InvalidOperationException($"{Id}: argon2_hash failed at {parameters.Compact()}: {Libargon2.ErrorMessage(result)}");
            }
        }

        return Encoding.ASCII.GetString(encoded[..encoded.IndexOf((byte)0)]);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        var bytes = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length + 1] : new byte[encoded.Length + 1];
        if (!NulTerminatedAscii.TryWrite(encoded, bytes))
        {
            throw new FormatException($"{Id}: the encoded string is not NUL-free ASCII.");
        }

        int result;
        fixed (byte* text = bytes)
        fixed (byte* input = password)
        {
            result = Libargon2.argon2_verify(text, input, (nuint)password.Length, type);
        }

        return result switch
        {
            Libargon2.Ok => true,
            Libargon2.VerifyMismatch => false,
            _ => throw new FormatException($"{Id}: argon2_verify refused the string: {Libargon2.ErrorMessage(result)}"),
        };
    }
}

public sealed class Libargon2Argon2d() : Libargon2Argon2(Algorithms.Argon2d, 0);

public sealed class Libargon2Argon2i() : Libargon2Argon2(Algorithms.Argon2i, 1);

public sealed class Libargon2Argon2id() : Libargon2Argon2(Algorithms.Argon2id, 2);

/// <summary>The Argon2 reference library's password hashes.</summary>
public static class Libargon2PasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new Libargon2Argon2d(),
        new Libargon2Argon2i(),
        new Libargon2Argon2id(),
    ];
}
