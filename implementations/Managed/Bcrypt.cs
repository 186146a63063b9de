using System.Text;

namespace CryptoHarness.Managed;

/// <summary>
/// bcrypt (Provos and Mazières, "A Future-Adaptable Password Scheme", USENIX 1999), as OpenBSD's bcrypt.c writes it
/// with version <c>$2b$</c>: EksBlowfishSetup over the password and a 16-byte salt, 2^cost rounds of re-keying, then
/// "OrpheanBeholderScryDoubt" encrypted 64 times; the string holds the first 23 of its 24 bytes.
/// </summary>
/// <remarks>
/// <para>
/// The key is the password's bytes and a NUL, cut at 72 bytes (what <c>$2b$</c> reads: a longer password is
/// truncated). <c>$2a$</c> and <c>$2y$</c> strings verify the same way, as BCrypt.Net-Next and libxcrypt verify them;
/// the two differ from <c>$2b$</c> only in how some old C code handled passwords of 256 bytes and more, or with bytes
/// above 0x7F, which were then hashed wrongly.
/// </para>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. Blowfish is one chain of dependent
/// table lookups (each round's four lookups take the previous round's output), and the key schedule is Blowfish
/// itself, one encryption after another, each feeding the next: there is nothing for vectors to run side by side
/// within one hash.
/// </para>
/// <para>
/// The state (P and the four S-boxes, 4,168 bytes) lives on the stack and is wiped before returning, as are the key
/// words; <see cref="HashData"/> allocates nothing. The initial P and S are the fractional part of π in hexadecimal
/// (Schneier, "Description of a New Variable-Length Key, 64-Bit Block Cipher (Blowfish)", 1993), computed once here
/// from Machin's formula rather than typed out.
/// </para>
/// </remarks>
public static class Bcrypt
{
    public const int SaltSizeInBytes = 16;

    /// <summary>The bytes of the 24-byte result that a bcrypt string holds: its last byte is never encoded.</summary>
    public const int TagSizeInBytes = 23;

    public const int MinimumCost = 4;
    public const int MaximumCost = 31;

    /// <summary>The password bytes bcrypt reads; a longer password is cut here.</summary>
    public const int MaximumPasswordBytes = 72;

    /// <summary>A <c>$2b$</c> string's length: prefix, two cost digits, separator, 22 characters of salt, 31 of tag.</summary>
    public const int EncodedLength = 60;

    /// <summary>The encrypted magic text, three 8-byte blocks.</summary>
    private const int ResultSizeInBytes = 24;

    private const int PWords = 18;
    private const int StateWords = PWords + (4 * 256);

    /// <summary>P then S0 to S3, as π's fractional hexadecimal digits fill them.</summary>
    private static readonly uint[] InitialState = PiWords(StateWords);

    /// <summary>"OrpheanBeholderScryDoubt", the plaintext bcrypt encrypts, as six big-endian words.</summary>
    private static ReadOnlySpan<byte> MagicText => "OrpheanBeholderScryDoubt"u8;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes bcrypt's raw 23-byte tag, the one its string encodes.</summary>
    /// <param name="password">The password's bytes (UTF-8 text as a rule), without NUL; bytes past 72 are ignored.</param>
    /// <param name="salt">The 16-byte salt.</param>
    /// <param name="cost">The base-2 logarithm of the re-keying rounds, 4 to 31.</param>
    /// <param name="tag">Receives the 23-byte tag; bytes past it are left untouched.</param>
    /// <exception cref="ArgumentException">The password holds a NUL, the salt is not 16 bytes, or the tag is shorter than 23.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The cost is outside 4 to 31.</exception>
    public static void HashData(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int cost, Span<byte> tag)
    {
        CheckArguments(password, salt, cost);
        if (tag.Length < TagSizeInBytes)
        {
            throw new ArgumentException($"bcrypt writes a {TagSizeInBytes}-byte tag.", nameof(tag));
        }

        Span<byte> result = stackalloc byte[ResultSizeInBytes];
        Compute(password, salt, cost, result);
        result[..TagSizeInBytes].CopyTo(tag);
        CryptographicOperations.ZeroMemory(result);
    }

    /// <summary>Computes the <c>$2b$</c> string of <paramref name="password"/> with the given salt and cost.</summary>
    /// <inheritdoc cref="HashData" path="/param[@name='password']"/>
    /// <inheritdoc cref="HashData" path="/param[@name='salt']"/>
    /// <inheritdoc cref="HashData" path="/param[@name='cost']"/>
    /// <exception cref="ArgumentException">The password holds a NUL, or the salt is not 16 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The cost is outside 4 to 31.</exception>
    public static string HashToString(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int cost)
    {
        Span<byte> tag = stackalloc byte[TagSizeInBytes];
        HashData(password, salt, cost, tag);
        Span<byte> encoded = stackalloc byte[EncodedLength];
        "$2b$"u8.CopyTo(encoded);
        encoded[4] = (byte)('0' + (cost / 10));
        encoded[5] = (byte)('0' + (cost % 10));
        encoded[6] = (byte)'$';
        Base64.Encode(salt, encoded.Slice(7, 22));
        Base64.Encode(tag, encoded[29..]);
        return Encoding.ASCII.GetString(encoded);
    }

    /// <summary>
    /// Whether <paramref name="password"/> hashes to <paramref name="encoded"/>, a <c>$2a$</c>, <c>$2b$</c> or
    /// <c>$2y$</c> string; the tags are compared in constant time.
    /// </summary>
    /// <exception cref="FormatException"><paramref name="encoded"/> is not such a string.</exception>
    /// <exception cref="ArgumentException">The password holds a NUL.</exception>
    public static bool Verify(string encoded, ReadOnlySpan<byte> password)
    {
        ArgumentNullException.ThrowIfNull(encoded);
        if (encoded.Length != EncodedLength || !encoded.StartsWith("$2", StringComparison.Ordinal) || encoded[2] is not ('a' or 'b' or 'y')
            || encoded[3] != '$' || !char.IsAsciiDigit(encoded[4]) || !char.IsAsciiDigit(encoded[5]) || encoded[6] != '$')
        {
            throw new FormatException($"Not a bcrypt string: expected $2a$, $2b$ or $2y$, two cost digits, '$' and 53 characters ({EncodedLength} in all).");
        }

        int cost = ((encoded[4] - '0') * 10) + (encoded[5] - '0');
        if (cost is < MinimumCost or > MaximumCost)
        {
            throw new FormatException($"bcrypt cost {cost} is outside {MinimumCost} to {MaximumCost}.");
        }

        Span<byte> salt = stackalloc byte[SaltSizeInBytes];
        Span<byte> expected = stackalloc byte[TagSizeInBytes];
        if (!Base64.TryDecode(encoded.AsSpan(7, 22), salt) || !Base64.TryDecode(encoded.AsSpan(29), expected))
        {
            throw new FormatException("bcrypt string's salt or tag holds a character outside ./A-Za-z0-9.");
        }

        Span<byte> actual = stackalloc byte[TagSizeInBytes];
        HashData(password, salt, cost, actual);
        bool equal = CryptographicOperations.FixedTimeEquals(actual, expected);
        CryptographicOperations.ZeroMemory(actual);
        return equal;
    }

    private static void CheckArguments(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int cost)
    {
        if (password.Contains((byte)0))
        {
            throw new ArgumentException("bcrypt reads the password as a C string: it may not hold a NUL byte.", nameof(password));
        }

        if (salt.Length != SaltSizeInBytes)
        {
            throw new ArgumentException($"bcrypt takes a {SaltSizeInBytes}-byte salt, not {salt.Length} bytes.", nameof(salt));
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(cost, MinimumCost);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(cost, MaximumCost);
    }

    /// <summary>The whole computation on checked arguments: the 24 bytes of the encrypted magic text.</summary>
    [SkipLocalsInit]
    private static void Compute(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int cost, Span<byte> result)
    {
        Unsafe.SkipInit(out State state);
        Unsafe.SkipInit(out KeyWords key);
        Unsafe.SkipInit(out KeyWords saltKey);
        InitialState.CopyTo((Span<uint>)state);
        CyclicWords(password, appendNul: true, key);
        CyclicWords(salt, appendNul: false, saltKey);
        ref uint s = ref state[0];

        // EksBlowfishSetup: the salted key schedule, then 2^cost rounds of the plain one, with the key and then the salt.
        ExpandKeySalted(ref s, ref key[0], ref saltKey[0]);
        for (long round = 1L << cost; round > 0; round--)
        {
            ExpandKey(ref s, ref key[0]);
            ExpandKey(ref s, ref saltKey[0]);
        }

        // The magic text, three blocks, each encrypted 64 times in ECB mode; big-endian words out.
        for (int block = 0; block < 3; block++)
        {
            uint l = BinaryPrimitives.ReadUInt32BigEndian(MagicText[(8 * block)..]);
            uint r = BinaryPrimitives.ReadUInt32BigEndian(MagicText[((8 * block) + 4)..]);
            for (int i = 0; i < 64; i++)
            {
                Encrypt(ref s, ref l, ref r);
            }

            BinaryPrimitives.WriteUInt32BigEndian(result[(8 * block)..], l);
            BinaryPrimitives.WriteUInt32BigEndian(result[((8 * block) + 4)..], r);
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)state));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)key));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)saltKey));
    }

    /// <summary>
    /// The 18 big-endian words P is XORed with: <paramref name="bytes"/> (with a NUL after them for a password) read
    /// over and over, cut at 72 bytes; for the salt, its four words repeated.
    /// </summary>
    private static void CyclicWords(ReadOnlySpan<byte> bytes, bool appendNul, Span<uint> words)
    {
        int length = Math.Min(bytes.Length + (appendNul ? 1 : 0), MaximumPasswordBytes);
        int position = 0;
        for (int i = 0; i < PWords; i++)
        {
            uint word = 0;
            for (int k = 0; k < 4; k++)
            {
                // The NUL after a password shorter than 72 bytes is the byte at its length.
                word = (word << 8) | (position < bytes.Length ? bytes[position] : 0u);
                position = position + 1 == length ? 0 : position + 1;
            }

            words[i] = word;
        }
    }

    /// <summary>OpenBSD's Blowfish_expand0state: <see cref="ExpandKey(ref uint, ref uint, ref uint, bool)"/> without a salt.</summary>
    /// <remarks>
    /// Not inlined: called with the state as an argument, the state's address stays in a register and every lookup is
    /// one load from it; inlined into <see cref="Compute"/>, which owns the state, the JIT rebuilt the address of the
    /// stack-held state before every lookup.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void ExpandKey(ref uint s, ref uint key) => ExpandKey(ref s, ref key, ref Unsafe.NullRef<uint>(), salted: false);

    /// <summary>OpenBSD's Blowfish_expandstate, once a hash: <see cref="ExpandKey(ref uint, ref uint, ref uint, bool)"/> with the salt.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ExpandKeySalted(ref uint s, ref uint key, ref uint salt) => ExpandKey(ref s, ref key, ref salt, salted: true);

    /// <summary>
    /// Blowfish's key schedule on the running state: P ^= the key's words, then P and the S-boxes replaced in order by
    /// the successive encryptions of a block that starts at zero, XORed with the salt's next two words before each
    /// encryption when <paramref name="salted"/> (a constant at both calls).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ExpandKey(ref uint s, ref uint key, ref uint salt, bool salted)
    {
        for (int i = 0; i < PWords; i++)
        {
            Unsafe.Add(ref s, i) ^= Unsafe.Add(ref key, i);
        }

        uint l = 0, r = 0;
        for (int i = 0; i < StateWords; i += 2)
        {
            if (salted)
            {
                // A 16-byte salt is four words: pairs 0-1 and 2-3 in turn.
                l ^= Unsafe.Add(ref salt, i & 2);
                r ^= Unsafe.Add(ref salt, (i & 2) + 1);
            }

            Encrypt(ref s, ref l, ref r);
            Unsafe.Add(ref s, i) = l;
            Unsafe.Add(ref s, i + 1) = r;
        }
    }

    /// <summary>
    /// One Blowfish block encryption under the state at <paramref name="s"/>: sixteen rounds, written out. Each round's
    /// P word is XORed into the half before F's result, so that XOR is off the chain from one round's F to the next.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Encrypt(ref uint s, ref uint left, ref uint right)
    {
        ref uint sBoxes = ref Unsafe.Add(ref s, PWords);
        uint l = left ^ s;
        uint r = right;
        r = (r ^ Unsafe.Add(ref s, 1)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 2)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 3)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 4)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 5)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 6)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 7)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 8)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 9)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 10)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 11)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 12)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 13)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 14)) ^ F(ref sBoxes, r);
        r = (r ^ Unsafe.Add(ref s, 15)) ^ F(ref sBoxes, l);
        l = (l ^ Unsafe.Add(ref s, 16)) ^ F(ref sBoxes, r);
        left = r ^ Unsafe.Add(ref s, 17);
        right = l;
    }

    /// <summary>Blowfish's F: ((S0[a] + S1[b]) ^ S2[c]) + S3[d], a to d the bytes of x from the most significant.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint F(ref uint sBoxes, uint x) =>
        ((Unsafe.Add(ref sBoxes, (nuint)(x >> 24)) + Unsafe.Add(ref sBoxes, 256 + (nuint)(byte)(x >> 16)))
            ^ Unsafe.Add(ref sBoxes, 512 + (nuint)(byte)(x >> 8)))
        + Unsafe.Add(ref sBoxes, 768 + (nuint)(byte)x);

    /// <summary>
    /// The first <paramref name="count"/> 32-bit words of π's fractional part: π by Machin's formula, π = 16 atan(1/5) -
    /// 4 atan(1/239), in fixed point with 64 guard bits against the truncation of each term.
    /// </summary>
    private static uint[] PiWords(int count)
    {
        const int GuardBits = 64;
        int bits = (32 * count) + GuardBits;
        var pi = (16 * ArctanOfInverse(5, bits)) - (4 * ArctanOfInverse(239, bits));
        var fraction = (pi >> GuardBits) - (new System.Numerics.BigInteger(3) << (32 * count));
        var words = new uint[count];
        for (int i = 0; i < count; i++)
        {
            words[i] = (uint)((fraction >> (32 * (count - 1 - i))) & uint.MaxValue);
        }

        return words;
    }

    /// <summary>atan(1/<paramref name="x"/>) · 2^<paramref name="bits"/>, by its Taylor series.</summary>
    private static System.Numerics.BigInteger ArctanOfInverse(int x, int bits)
    {
        var power = (System.Numerics.BigInteger.One << bits) / x;
        var sum = power;
        int squared = x * x;
        for (int k = 1; !power.IsZero; k++)
        {
            power /= squared;
            var term = power / ((2 * k) + 1);
            sum = (k & 1) == 1 ? sum - term : sum + term;
        }

        return sum;
    }

    /// <summary>P and the four S-boxes, 1,042 words.</summary>
    [InlineArray(StateWords)]
    private struct State
    {
        private uint _element0;
    }

    /// <summary>The 18 words of a key (or of the salt) that P is XORed with.</summary>
    [InlineArray(PWords)]
    private struct KeyWords
    {
        private uint _element0;
    }

    /// <summary>bcrypt's own base64 (OpenBSD bcrypt.c): alphabet <c>./A-Za-z0-9</c>, most significant bits first, no padding.</summary>
    private static class Base64
    {
        private static ReadOnlySpan<byte> Alphabet => "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"u8;

        /// <summary>Fills <paramref name="destination"/> with the characters of <paramref name="source"/>, the last one padded with zero bits.</summary>
        public static void Encode(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            for (int i = 0; i < destination.Length; i++)
            {
                destination[i] = Alphabet[SixBits(source, 6 * i)];
            }
        }

        /// <summary>Fills <paramref name="destination"/> from <paramref name="source"/>'s characters; false on one outside the alphabet.</summary>
        public static bool TryDecode(ReadOnlySpan<char> source, Span<byte> destination)
        {
            destination.Clear();
            for (int i = 0; i < source.Length; i++)
            {
                int value = source[i] < 128 ? Alphabet.IndexOf((byte)source[i]) : -1;
                if (value < 0)
                {
                    return false;
                }

                // Six bits at bit offset 6i, most significant first; bits past the destination (the padding) are dropped.
                for (int bit = 0; bit < 6; bit++)
                {
                    int at = (6 * i) + bit;
                    if ((value & (0x20 >> bit)) != 0 && at < 8 * destination.Length)
                    {
                        destination[at >> 3] |= (byte)(0x80 >> (at & 7));
                    }
                }
            }

            return true;
        }

        /// <summary>The six bits of <paramref name="source"/> at bit offset <paramref name="at"/>, zeros past its end.</summary>
        private static int SixBits(ReadOnlySpan<byte> source, int at)
        {
            int value = 0;
            for (int bit = at; bit < at + 6; bit++)
            {
                int set = (bit >> 3) < source.Length ? (source[bit >> 3] >> (7 - (bit & 7))) & 1 : 0;
                value = (value << 1) | set;
            }

            return value;
        }
    }
}
