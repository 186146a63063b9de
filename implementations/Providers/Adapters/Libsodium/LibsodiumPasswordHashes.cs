using System.Text;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

// Native password hashes: libsodium's crypto_pwhash (Argon2id, Argon2i), the Argon2 reference library (all three
// variants) and libxcrypt's bcrypt. Spans are pinned with `fixed`; strings cross as NUL-terminated ASCII.

/// <summary>
/// libsodium's Argon2: one lane only (its API has no p; it always runs p=1), a 16-byte salt, a tag of 16 bytes or
/// more, no secret or associated data; Argon2i needs at least three passes. Its string form draws its own random
/// 16-byte salt and writes a 32-byte tag; it verifies any Argon2 string of its variant.
/// </summary>
public abstract unsafe class LibsodiumArgon2(Algorithm algorithm, int alg) : Argon2Implementation(algorithm, LibsodiumProvider.Provider)
{
    public override Support Support => Libsodium.Support;

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs)
    {
        if (inputs.Use == PasswordHashUse.Verify)
        {
            // crypto_pwhash_str_verify parses p and t from the string and runs any lane count (seen: p=4 strings
            // from the reference library verify), unlike its hashing calls.
            return Support.Yes;
        }

        if (parameters.Lanes != 1)
        {
            return Support.No($"libsodium runs Argon2 with one lane only (p=1); this set has p={parameters.Lanes}");
        }

        if (alg == Libsodium.PwhashAlgArgon2i13 && parameters.Passes < Libsodium.PwhashArgon2iOpsLimitMin)
        {
            return Support.No($"libsodium refuses Argon2i below t={Libsodium.PwhashArgon2iOpsLimitMin} (crypto_pwhash_argon2i_OPSLIMIT_MIN); this set has t={parameters.Passes}");
        }

        if (inputs.SecretBytes > 0 || inputs.AssociatedDataBytes > 0)
        {
            return Support.No("libsodium's crypto_pwhash takes no secret or associated data");
        }

        if (inputs.Use == PasswordHashUse.Encode)
        {
            return parameters.TagBytes == Libsodium.PwhashStrTagBytes
                ? Support.Yes
                : Support.No($"libsodium's string form always writes a {Libsodium.PwhashStrTagBytes}-byte tag; this set asks for {parameters.TagBytes}");
        }

        return inputs.SaltBytes != Libsodium.PwhashSaltBytes ? Support.No($"libsodium takes a {Libsodium.PwhashSaltBytes}-byte salt, not {inputs.SaltBytes} bytes")
            : parameters.TagBytes < Libsodium.PwhashBytesMin ? Support.No($"libsodium writes tags of {Libsodium.PwhashBytesMin} bytes or more; this set asks for {parameters.TagBytes}")
            : Support.Yes;
    }

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        fixed (byte* output = tag)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        {
            if (Libsodium.crypto_pwhash(output, (ulong)tag.Length, input, (ulong)password.Length, saltBytes,
                (ulong)parameters.Passes, (nuint)(parameters.MemoryKib * 1024L), alg) != 0)
            {
                throw new InvalidOperationException($"{Id}: crypto_pwhash failed at {parameters.Compact()} (libsodium returns -1 when it cannot allocate the memory)");
            }
        }
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        Span<byte> encoded = stackalloc byte[Libsodium.PwhashStrBytes];
        fixed (byte* output = encoded)
        fixed (byte* input = password)
        {
            var opsLimit = (ulong)parameters.Passes;
            var memLimit = (nuint)(parameters.MemoryKib * 1024L);
            var result = alg == Libsodium.PwhashAlgArgon2id13
                ? Libsodium.crypto_pwhash_argon2id_str(output, input, (ulong)password.Length, opsLimit, memLimit)
                : Libsodium.crypto_pwhash_argon2i_str(output, input, (ulong)password.Length, opsLimit, memLimit);
            if (result != 0)
            {
                throw new InvalidOperationException($"{Id}: crypto_pwhash_str failed at {parameters.Compact()}");
            }
        }

        return Encoding.ASCII.GetString(encoded[..encoded.IndexOf((byte)0)]);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        var bytes = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length + 1] : new byte[encoded.Length + 1];
        if (!NulTerminatedAscii.TryWrite(encoded, bytes))
        {
            return false;
        }

        fixed (byte* text = bytes)
        fixed (byte* input = password)
        {
            return Libsodium.crypto_pwhash_str_verify(text, input, (ulong)password.Length) == 0;
        }
    }
}

public sealed class LibsodiumArgon2id() : LibsodiumArgon2(Algorithms.Argon2id, Libsodium.PwhashAlgArgon2id13);

public sealed class LibsodiumArgon2i() : LibsodiumArgon2(Algorithms.Argon2i, Libsodium.PwhashAlgArgon2i13);

/// <summary>libsodium's password hashes.</summary>
public static class LibsodiumPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new LibsodiumArgon2i(),
        new LibsodiumArgon2id(),
    ];
}
