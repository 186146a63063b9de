using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Botan;

/// <summary>
/// Botan's Argon2 through <c>botan_pwdhash("Argon2id", M, t, p, …)</c>, its C API's one password-hashing call. It
/// computes the raw tag only: Botan 2.19's PHC string functions (<c>argon2_generate_pwhash</c>, <c>argon2_check_pwhash</c>)
/// are C++ only, and the C call takes no secret or associated data. Botan 2.19 computes the lanes one after another
/// on the calling thread (timed here: p=4 takes as long as p=1 at the same memory).
/// </summary>
public abstract unsafe class BotanArgon2(Algorithm algorithm, string botanName) : RawOnlyArgon2Implementation(algorithm, BotanProvider.Provider)
{
    public override Support Support => LibBotan.Support;

    protected override string NoStringReason => "Botan 2.19's C API has botan_pwdhash (raw tags) only; its PHC string functions are C++ only";

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.SecretBytes > 0 || inputs.AssociatedDataBytes > 0
            ? Support.No("botan_pwdhash takes no secret or associated data")
            : base.SupportCore(parameters, inputs);

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        Span<byte> name = stackalloc byte[16];
        LibBotan.NulTerminated(botanName, name);

        // A length of 0 makes Botan take strlen(password), so the empty password is passed as an empty C string.
        byte empty = 0;
        fixed (byte* algorithmName = name)
        fixed (byte* output = tag)
        fixed (byte* input = password)
        fixed (byte* saltBytes = salt)
        {
            var result = LibBotan.botan_pwdhash(algorithmName, (nuint)parameters.MemoryKib, (nuint)parameters.Passes, (nuint)parameters.Lanes,
                output, (nuint)tag.Length, password.IsEmpty ? &empty : input, (nuint)password.Length, saltBytes, (nuint)salt.Length);
            if (result != LibBotan.Success)
            {
                LibBotan.Check(result, "botan_pwdhash", $"{botanName} at {parameters.Compact()}");
            }
        }
    }
}

public sealed class BotanArgon2d() : BotanArgon2(Algorithms.Argon2d, "Argon2d");

public sealed class BotanArgon2i() : BotanArgon2(Algorithms.Argon2i, "Argon2i");

public sealed class BotanArgon2id() : BotanArgon2(Algorithms.Argon2id, "Argon2id");

/// <summary>
/// Botan's bcrypt through <c>botan_bcrypt_generate</c> and <c>botan_bcrypt_is_valid</c>. The C API draws the salt from
/// a random number generator object; to hash with the salt the harness gives (known answers, cross-checks), the
/// generator is the C API's own custom one (<c>botan_rng_init_custom</c>, Botan 2.18) whose callback hands out that
/// salt, one per thread and reused. Botan writes <c>$2a$</c> strings (its FFI has no version argument) and accepts
/// <c>$2a$</c>, <c>$2b$</c> and <c>$2y$</c>; its C API refuses a work factor outside 4..18. The raw tag is read back
/// from the string, as for libxcrypt.
/// </summary>
public sealed unsafe class BotanBcrypt() : BcryptImplementation(BotanProvider.Provider)
{
    /// <summary>The largest work factor botan_bcrypt_generate takes (ffi_pkey.cpp: about 15 s a hash in 2019).</summary>
    private const int MaxCost = 18;

    /// <summary><c>$2a$NN$</c>: version, two-digit cost, separators.</summary>
    private const int PrefixLength = 7;

    private static readonly int SaltChars = BcryptBase64.EncodedLength(SaltBytes);

    /// <summary>A bcrypt string (60 characters) and Botan's NUL.</summary>
    private static readonly int OutputBytes = PrefixLength + SaltChars + BcryptBase64.EncodedLength(PasswordHashParameters.BcryptTagBytes) + 1;

    [ThreadStatic]
    private static SaltGenerator? t_generator;

    public override Support Support => LibBotan.Support.Then(static () => Support.When(
        LibBotan.Loader.Exports("botan_rng_init_custom"),
        "the loaded Botan has no botan_rng_init_custom (Botan 2.18), through which the harness gives bcrypt its salt"));

    protected override Support SupportCore(PasswordHashParameters parameters, PasswordHashInputs inputs) =>
        inputs.Use != PasswordHashUse.Verify && parameters.Cost > MaxCost
            ? Support.No($"botan_bcrypt_generate takes a work factor up to {MaxCost}, not {parameters.Cost}")
            : base.SupportCore(parameters, inputs);

    protected override void HashCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag)
    {
        Span<byte> encoded = stackalloc byte[OutputBytes];
        Generate(password, salt, parameters.Cost, encoded);
        if (!BcryptBase64.TryDecode(encoded[(PrefixLength + SaltChars)..^1], tag))
        {
            throw new InvalidOperationException($"{Id}: botan_bcrypt_generate returned a string whose tag does not decode");
        }

        CryptographicOperations.ZeroMemory(encoded);
    }

    protected override string HashToStringCore(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters)
    {
        Span<byte> encoded = stackalloc byte[OutputBytes];
        Generate(password, salt, parameters.Cost, encoded);
        return Encoding.ASCII.GetString(encoded[..^1]);
    }

    protected override bool VerifyCore(string encoded, ReadOnlySpan<byte> password)
    {
        RequireText(password);
        var hash = encoded.Length <= NulTerminatedAscii.StackLimit ? stackalloc byte[encoded.Length + 1] : new byte[encoded.Length + 1];
        if (!NulTerminatedAscii.TryWrite(encoded, hash))
        {
            return false;
        }

        Span<byte> phrase = stackalloc byte[password.Length + 1];
        NulTerminatedAscii.WritePassword(password, phrase);
        try
        {
            fixed (byte* p = phrase)
            fixed (byte* h = hash)
            {
                var result = LibBotan.botan_bcrypt_is_valid(p, h);

                // 1 is a wrong password or a string Botan cannot parse; a negative value is a failure of the call.
                return result switch
                {
                    LibBotan.Success => true,
                    LibBotan.InvalidVerifier => false,
                    _ => throw new InvalidOperationException($"{Id}: botan_bcrypt_is_valid failed: {LibBotan.ErrorDescription(result)} ({result})"),
                };
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(phrase);
        }
    }

    /// <summary>Writes Botan's NUL-terminated string for this password, salt and cost into <paramref name="encoded"/>.</summary>
    private void Generate(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int cost, Span<byte> encoded)
    {
        RequireText(password);
        var generator = t_generator ??= new SaltGenerator();
        salt.CopyTo(new Span<byte>(generator.Salt, SaltBytes));
        Span<byte> phrase = stackalloc byte[password.Length + 1];
        NulTerminatedAscii.WritePassword(password, phrase);
        try
        {
            fixed (byte* p = phrase)
            fixed (byte* output = encoded)
            {
                var length = (nuint)encoded.Length;
                var result = LibBotan.botan_bcrypt_generate(output, &length, p, generator.Rng, (nuint)cost, 0);
                if (result != LibBotan.Success)
                {
                    LibBotan.Check(result, "botan_bcrypt_generate", $"work factor {cost}");
                }

                if (length != (nuint)OutputBytes || generator.Handed != SaltBytes)
                {
                    throw new InvalidOperationException($"{Id}: botan_bcrypt_generate wrote {length} bytes having drawn {generator.Handed} random bytes; expected {OutputBytes} and {SaltBytes}");
                }
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(phrase);
            generator.Handed = 0;
        }
    }

    /// <summary>
    /// A Botan RNG object whose output is the salt last written into <see cref="Salt"/>: Botan asks it for the 16
    /// salt bytes once per hash (bcrypt.cpp: <c>rng.random_vec(16)</c>). The salt lives in native memory, the
    /// callback's context.
    /// </summary>
    private sealed class SaltGenerator
    {
        public SaltGenerator()
        {
            Context = (GeneratorContext*)NativeMemory.AllocZeroed((nuint)sizeof(GeneratorContext));
            IntPtr rng;
            fixed (byte* name = "harness-salt\0"u8)
            {
                LibBotan.Check(LibBotan.botan_rng_init_custom(&rng, name, Context, &Get, null, null), "botan_rng_init_custom", "harness-salt");
            }

            Rng = rng;
        }

        private GeneratorContext* Context { get; }

        public IntPtr Rng { get; }

        public byte* Salt => Context->Salt;

        /// <summary>How many bytes the callback has handed out since the last reset, so a change in Botan's draw shows.</summary>
        public int Handed
        {
            get => Context->Handed;
            set => Context->Handed = value;
        }

        ~SaltGenerator()
        {
            _ = LibBotan.botan_rng_destroy(Rng);
            NativeMemory.Free(Context);
        }

        [UnmanagedCallersOnly(CallConvs = [typeof(CallConvCdecl)])]
        private static int Get(void* context, byte* output, nuint length)
        {
            var state = (GeneratorContext*)context;
            if (state->Handed + (int)length > SaltBytes)
            {
                return -1;
            }

            new ReadOnlySpan<byte>(state->Salt + state->Handed, (int)length).CopyTo(new Span<byte>(output, (int)length));
            state->Handed += (int)length;
            return 0;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct GeneratorContext
    {
        public fixed byte Salt[SaltBytes];
        public int Handed;
    }
}

/// <summary>Botan's password hashes.</summary>
public static class BotanPasswordHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BotanArgon2d(),
        new BotanArgon2i(),
        new BotanArgon2id(),
        new BotanBcrypt(),
    ];
}
