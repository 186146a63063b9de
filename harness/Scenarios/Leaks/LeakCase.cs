using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using CryptoHarness.Managed;

namespace CryptoHarness.Leaks;

/// <summary>
/// What a check is about, as its record names it: a registered implementation, or the control. Its six names are the
/// records' own (<see cref="ImplementationRecord"/>), so a check that fails becomes a <see cref="Failure"/> of it as is.
/// </summary>
public sealed record LeakSubject : ImplementationRecord
{
    public LeakSubject()
    {
    }

    [SetsRequiredMembers]
    private LeakSubject(IImplementation implementation)
        : base(implementation) => Control = false;

    /// <summary>Whether this is the deliberately leaky control rather than a registered implementation.</summary>
    public required bool Control { get; init; }

    public static LeakSubject Of(IImplementation implementation) => new(implementation);
}

/// <summary>
/// One operation timed on two classes of input. Everything either class needs is made in the constructor and kept in
/// memory; before each measurement <see cref="Prepare"/> copies the class's inputs into a slot drawn at random (see
/// <see cref="ClassInputs"/>), and <see cref="Run"/> only makes the call on them: the same work for
/// both classes except what the implementation itself does differently. Each call's answer is checked against the
/// expected one without a branch that differs by class; a wrong answer means the gate missed something.
/// </summary>
public abstract class LeakCase(LeakSubject subject, string operation, string classA, string classB, string parameters)
{
    /// <summary>MAC and AEAD messages: short, so the verification is a large share of the call.</summary>
    public const int MessageBytes = 64;

    public LeakSubject Subject { get; } = subject;

    public string Operation { get; } = operation;

    public string ClassA { get; } = classA;

    public string ClassB { get; } = classB;

    public string Parameters { get; } = parameters;

    /// <summary>Password hashes: the set the string was made at.</summary>
    public string? ParameterSet { get; init; }

    /// <summary>Calls whose answer was not the expected one; any is a failure of the implementation, not a timing.</summary>
    public long WrongAnswers { get; protected set; }

    /// <summary>What a wrong answer means, for the failure line.</summary>
    public abstract string WrongAnswerMeaning { get; }

    /// <summary>One call on the inputs <see cref="Prepare"/> loaded for class 0 (A) or 1 (B).</summary>
    public abstract void Run(int inputClass);

    /// <summary>The classes of a forged-tag case (MAC and AEAD verification, the control).</summary>
    protected const string TagFirstByteWrong = "tag's first byte wrong";

    protected const string TagLastByteWrong = "tag's last byte wrong";

    /// <summary>A forged-tag case's input: <paramref name="tag"/> wrong in its first byte (A) or its last (B).</summary>
    protected ClassInputs ForgedTags(byte[] tag) => ByClass(WithWrongByte(tag, first: true), WithWrongByte(tag, first: false));

    /// <summary>A copy of <paramref name="tag"/> with its first byte (or its last) changed.</summary>
    private static byte[] WithWrongByte(byte[] tag, bool first)
    {
        var forged = (byte[])tag.Clone();
        forged[first ? 0 : ^1] ^= 0x01;
        return forged;
    }

    /// <summary>
    /// The two classes' versions of one input, and a pool of slots one of them is written into before each measurement
    /// (outside the timed region), as dudect prepares an input per measurement. Both classes use the same slots, drawn
    /// at random, so where an input lies in memory (its alignment, a cache line it straddles, an address that aliases
    /// another) cannot differ by class. Writing a slot touches the same memory for either class too: the bytes both
    /// versions share come from one array, then every byte where they differ is written at its position from a table
    /// that keeps the two versions' values side by side. Copied from two whole arrays, class A and class B read
    /// different cache lines just before each measurement, and that alone flagged sound MAC verifications (|t| 10–42
    /// on os HMAC-SHA-512 and managed KMAC256, the same in a second measurement of the same process).
    /// Freshly written, the input is in the cache for every call alike.
    /// </summary>
    protected sealed class ClassInputs
    {
        /// <summary>Slots per input; consecutive slots are 8 bytes apart in alignment, so they cover every 8-byte offset in a cache line.</summary>
        public const int Slots = 64;

        private readonly byte[] _shared;
        private readonly int[] _differingPositions;

        /// <summary>At 2j + class: that class's byte at <see cref="_differingPositions"/>[j].</summary>
        private readonly byte[] _differingValues;

        private readonly byte[] _pool;
        private readonly int _stride;
        private int _current;

        public ClassInputs(byte[] a, byte[] b)
        {
            ArgumentNullException.ThrowIfNull(a);
            ArgumentNullException.ThrowIfNull(b);
            if (a.Length != b.Length)
            {
                throw new ArgumentException("Both classes' inputs have one length.", nameof(b));
            }

            _shared = (byte[])a.Clone();
            _differingPositions = Enumerable.Range(0, a.Length).Where(i => a[i] != b[i]).ToArray();
            _differingValues = _differingPositions.SelectMany(i => new[] { a[i], b[i] }).ToArray();
            _stride = ((a.Length + 63) / 64 * 64) + 8;
            _pool = new byte[Slots * _stride];
            Load(0, 0);
        }

        /// <summary>The input most recently loaded.</summary>
        public ReadOnlySpan<byte> Current => _pool.AsSpan(_current, _shared.Length);

        public void Load(int inputClass, int slot)
        {
            _current = slot * _stride;
            var target = _pool.AsSpan(_current, _shared.Length);
            _shared.CopyTo(target);
            for (var j = 0; j < _differingPositions.Length; j++)
            {
                target[_differingPositions[j]] = _differingValues[(2 * j) + inputClass];
            }
        }
    }

    private readonly List<ClassInputs> _inputs = [];

    /// <summary>How many slots <see cref="Prepare"/> takes.</summary>
    public const int ClassInputSlots = ClassInputs.Slots;

    /// <summary>
    /// Puts class <paramref name="inputClass"/>'s inputs in slot <paramref name="slot"/> (0 to <see cref="ClassInputs.Slots"/> − 1)
    /// for the calls of the next measurement; never timed.
    /// </summary>
    public void Prepare(int inputClass, int slot)
    {
        foreach (var inputs in _inputs)
        {
            inputs.Load(inputClass, slot);
        }
    }

    /// <summary>An input that differs by class, loaded by <see cref="Prepare"/>.</summary>
    protected ClassInputs ByClass(byte[] a, byte[] b)
    {
        var inputs = new ClassInputs(a, b);
        _inputs.Add(inputs);
        return inputs;
    }

    protected static byte[] Deterministic(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}

/// <summary>MAC verification of a forged tag: wrong in its first byte (A) or its last (B).</summary>
public sealed class MacVerifyCase : LeakCase
{
    public const string Name = "verify-first-vs-last";

    private readonly IMacImplementation _mac;
    private readonly byte[] _key;
    private readonly byte[] _message = Deterministic(MessageBytes, 2);
    private readonly ClassInputs _tags;

    public MacVerifyCase(IMacImplementation mac)
        : base(LeakSubject.Of(mac), Name, TagFirstByteWrong, TagLastByteWrong,
            $"{MessageBytes}-byte message, {mac.Algorithm.KeyBytes}-byte key, {mac.OutputBytes}-byte tag")
    {
        _mac = mac;
        _key = Deterministic(mac.Algorithm.KeyBytes, 1);
        var tag = new byte[mac.OutputBytes];
        mac.Mac(_key, [], _message, tag);
        _tags = ForgedTags(tag);
    }

    public override string WrongAnswerMeaning => "verify accepted a forged tag";

    public override void Run(int inputClass) => WrongAnswers += _mac.Verify(_key, [], _message, _tags.Current) ? 1 : 0;
}

/// <summary>AEAD decryption of a valid ciphertext under a forged tag: wrong in its first byte (A) or its last (B).</summary>
public sealed class AeadDecryptCase : LeakCase
{
    public const string Name = "decrypt-first-vs-last";

    private readonly IAeadImplementation _aead;
    private readonly byte[] _key;
    private readonly byte[] _nonce;
    private readonly byte[] _associatedData = Deterministic(WorkloadInputs.AssociatedDataBytes, 3);
    private readonly byte[] _ciphertext = new byte[MessageBytes];
    private readonly byte[] _plaintext = new byte[MessageBytes];
    private readonly ClassInputs _tags;

    public AeadDecryptCase(IAeadImplementation aead)
        : base(LeakSubject.Of(aead), Name, TagFirstByteWrong, TagLastByteWrong,
            $"{MessageBytes}-byte ciphertext, {WorkloadInputs.AssociatedDataBytes} bytes of associated data, {aead.Algorithm.TagBytes}-byte tag")
    {
        _aead = aead;
        _key = Deterministic(aead.Algorithm.KeyBytes, 1);
        _nonce = Deterministic(aead.Algorithm.NonceBytes, 2);
        var tag = new byte[aead.Algorithm.TagBytes];
        aead.Encrypt(_key, _nonce, _associatedData, Deterministic(MessageBytes, 4), _ciphertext, tag);
        _tags = ForgedTags(tag);
    }

    public override string WrongAnswerMeaning => "decrypt accepted a forged tag";

    public override void Run(int inputClass) =>
        WrongAnswers += _aead.Decrypt(_key, _nonce, _associatedData, _ciphertext, _tags.Current, _plaintext) ? 1 : 0;
}

/// <summary>
/// Password verification against the provider's own string: the right password against that string with its tag wrong
/// in the first byte (A) or the last (B); or the right password (A) against a wrong one of the same length (B).
/// </summary>
public sealed class PasswordVerifyCase : LeakCase
{
    public const string TagName = "verify-string-first-vs-last";

    public const string PasswordName = "verify-right-vs-wrong";

    /// <summary>As long as the benchmark password (28 bytes), so both classes hash the same amount of input.</summary>
    public static byte[] WrongPassword { get; } = "correct horse battery stable"u8.ToArray();

    private readonly IPasswordHashImplementation _hash;
    private readonly string[] _strings;
    private readonly ClassInputs _passwords;
    private readonly bool[] _expected;

    public PasswordVerifyCase(IPasswordHashImplementation hash, PasswordParameterSet set, bool rightVsWrong)
        : base(LeakSubject.Of(hash), rightVsWrong ? PasswordName : TagName,
            rightVsWrong ? "right password" : "string's tag, first byte wrong",
            rightVsWrong ? "wrong password of the same length" : "string's tag, last byte wrong",
            $"`{set.Name}` ({set.Parameters.Describe()}), {PasswordInputs.Password.Length}-byte password, the provider's own string")
    {
        _hash = hash;
        ParameterSet = set.Name;
        var own = hash.HashToString(PasswordInputs.Password, PasswordInputs.Salt, set.Parameters);
        if (rightVsWrong)
        {
            _strings = [own, own];
            _passwords = ByClass(PasswordInputs.Password, WrongPassword);
            _expected = [true, false];
        }
        else
        {
            _strings = [EncodedTag.WithWrongByte(own, first: true), EncodedTag.WithWrongByte(own, first: false)];
            _passwords = ByClass(PasswordInputs.Password, PasswordInputs.Password);
            _expected = [false, false];
        }
    }

    public override string WrongAnswerMeaning => Operation == PasswordName ? "verify gave the wrong answer for the right or a wrong password" : "verify accepted a string with a wrong tag";

    public override void Run(int inputClass) =>
        WrongAnswers += _hash.Verify(_strings[inputClass], _passwords.Current) == _expected[inputClass] ? 0 : 1;
}

/// <summary>
/// The control: a deliberately leaky tag comparison that returns at the first differing byte, over a 32-byte tag wrong
/// in its first byte (A) or its last (B). It lives here, not in the registry: it is no provider's code, and it is
/// measured in every run to show that the method, on this machine, sees a leak of its size.
/// </summary>
public sealed class EarlyExitControl : LeakCase
{
    public const string Name = "compare-first-vs-last";

    public const int TagBytes = 32;

    public static LeakSubject ControlSubject { get; } = new()
    {
        Id = "control/early-exit",
        Family = "control",
        Algorithm = "Early-exit comparison (control)",
        Slug = "control-early-exit",
        Provider = "control",
        Variant = "",
        Control = true,
    };

    private readonly byte[] _expected = Deterministic(TagBytes, 5);
    private readonly ClassInputs _tags;

    public EarlyExitControl()
        : base(ControlSubject, Name, TagFirstByteWrong, TagLastByteWrong,
            $"{TagBytes}-byte tag, compared byte by byte until the first difference")
    {
        _tags = ForgedTags(_expected);
    }

    public override string WrongAnswerMeaning => "the control accepted a wrong tag";

    public override void Run(int inputClass) => WrongAnswers += EarlyExitEquals(_expected, _tags.Current) ? 1 : 0;

    /// <summary>The classic bug: the time grows with the number of leading bytes that match. Not inlined, so it stays one call.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static bool EarlyExitEquals(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> given)
    {
        if (expected.Length != given.Length)
        {
            return false;
        }

        for (var i = 0; i < expected.Length; i++)
        {
            if (expected[i] != given[i])
            {
                return false;
            }
        }

        return true;
    }
}

/// <summary>
/// A password hash's encoded string with one byte of its tag changed and everything else as it was: Argon2's PHC string
/// (decoded and re-encoded by <see cref="Argon2Phc"/>), bcrypt's modular crypt string (its own base64, 31 characters
/// for the 23-byte tag after the 29-character prefix). The result is well formed, so a provider that cannot tell a
/// malformed string from a wrong one (libsodium, libxcrypt) still computes the whole hash before it says no.
/// </summary>
public static class EncodedTag
{
    /// <summary><c>$2b$NN$</c> and the 22-character salt.</summary>
    private const int BcryptPrefixLength = 7 + 22;

    public static string WithWrongByte(string encoded, bool first)
    {
        if (encoded.StartsWith("$argon2", StringComparison.Ordinal))
        {
            if (!Argon2Phc.TryParse(encoded, out var value) || Argon2Phc.Encode(value.Type, value.Parameters, value.Salt.Span, value.Tag.Span) != encoded)
            {
                throw new InvalidOperationException($"'{encoded}' is not a PHC string that re-encodes to itself, so its tag cannot be changed alone.");
            }

            var tag = value.Tag.ToArray();
            tag[first ? 0 : ^1] ^= 0x01;
            return Argon2Phc.Encode(value.Type, value.Parameters, value.Salt.Span, tag);
        }

        var tagChars = BcryptBase64.EncodedLength(PasswordHashParameters.BcryptTagBytes);
        if (encoded.StartsWith("$2", StringComparison.Ordinal) && encoded.Length == BcryptPrefixLength + tagChars)
        {
            var ascii = System.Text.Encoding.ASCII.GetBytes(encoded);
            var bcryptTag = new byte[PasswordHashParameters.BcryptTagBytes];
            if (!BcryptBase64.TryDecode(ascii.AsSpan(BcryptPrefixLength), bcryptTag))
            {
                throw new InvalidOperationException($"'{encoded}': the tag is not bcrypt base64.");
            }

            // The last character carries the last byte's low bits, so flip a low bit to stay inside the tag's 184 bits.
            bcryptTag[first ? 0 : ^1] ^= first ? (byte)0x80 : (byte)0x01;
            BcryptBase64.Encode(bcryptTag, ascii.AsSpan(BcryptPrefixLength));
            return System.Text.Encoding.ASCII.GetString(ascii);
        }

        throw new InvalidOperationException($"'{encoded[..Math.Min(encoded.Length, 12)]}…' is neither an Argon2 PHC string nor a bcrypt string.");
    }
}
