using System.Globalization;

namespace CryptoHarness.Managed;

/// <summary>The fields of an Argon2 PHC string: type, cost parameters, salt and tag.</summary>
/// <param name="Type">The variant, from the identifier <c>argon2d</c>, <c>argon2i</c> or <c>argon2id</c>.</param>
/// <param name="Parameters">m, t and p.</param>
/// <param name="Salt">The decoded salt, at least 8 bytes.</param>
/// <param name="Tag">The decoded tag, at least 4 bytes; its length is the tag length to verify with.</param>
public readonly record struct Argon2PhcValue(Argon2Type Type, Argon2Parameters Parameters, ReadOnlyMemory<byte> Salt, ReadOnlyMemory<byte> Tag);

/// <summary>
/// Argon2 in the PHC string format, <c>$argon2id$v=19$m=65536,t=3,p=4$&lt;salt&gt;$&lt;tag&gt;</c>, as the reference
/// implementation (phc-winner-argon2 <c>encoding.c</c>) and libsodium write and read it.
/// </summary>
/// <remarks>
/// <para>
/// Written and accepted exactly as the reference does: the identifier, <c>v=19</c> (the only version implemented; a
/// string without it means version 0x10 to the reference, so it is refused here), then <c>m</c>, <c>t</c> and
/// <c>p</c> in that order, then salt and tag in standard base64 without padding (PHC string format specification,
/// "B64"). Decimal numbers have no sign and no leading zero (PHC specification, "decimal"); base64 whose last
/// character carries nonzero unused bits is refused, as the reference's and libsodium's decoders refuse it. No
/// <c>keyid</c> or <c>data</c> field: the reference has none.
/// </para>
/// <para>
/// <see cref="Verify(string, ReadOnlySpan{byte}, InstructionSet)"/> returns true or false for a well-formed string
/// and throws <see cref="FormatException"/> for anything else, including parameters out of range (m beyond what the
/// process can get among them), and no other exception for any string content. Tags are compared with
/// <see cref="CryptographicOperations.FixedTimeEquals"/>.
/// </para>
/// </remarks>
public static class Argon2Phc
{
    private const string VersionField = "v=19";

    /// <summary>Writes the PHC string of an Argon2 (version 0x13) tag.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The type or a parameter is out of range.</exception>
    /// <exception cref="ArgumentException">The salt or the tag is too short.</exception>
    public static string Encode(Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> tag)
    {
        string? problem = CheckFields(type, parameters, salt.Length, tag.Length, checkMemory: false);
        if (problem is not null)
        {
            throw new ArgumentException(problem, salt.Length < Argon2.MinSaltSizeInBytes ? nameof(salt) : tag.Length < Argon2.MinTagSizeInBytes ? nameof(tag) : nameof(parameters));
        }

        return string.Create(
            CultureInfo.InvariantCulture,
            $"${Identifier(type)}${VersionField}$m={parameters.MemoryKib},t={parameters.Passes},p={parameters.Lanes}${ToBase64(salt)}${ToBase64(tag)}");
    }

    /// <summary>
    /// Reads a PHC string; false exactly when <see cref="Verify(string, ReadOnlySpan{byte}, InstructionSet)"/> would throw
    /// <see cref="FormatException"/>: malformed, or fields out of range (m beyond what this process can get included).
    /// </summary>
    public static bool TryParse(string? encoded, out Argon2PhcValue value) => Parse(encoded, out value, checkMemory: true) is null;

    /// <summary>Hashes <paramref name="password"/> on the default path and returns the PHC string.</summary>
    /// <inheritdoc cref="HashToString(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, int, InstructionSet)"/>
    public static string HashToString(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int tagLength) =>
        HashToString(type, parameters, password, salt, tagLength, Argon2.DefaultPath);

    /// <summary>Hashes <paramref name="password"/> on the given path and returns the PHC string.</summary>
    /// <param name="type">Argon2d, Argon2i or Argon2id.</param>
    /// <param name="parameters">m, t and p.</param>
    /// <param name="password">The password.</param>
    /// <param name="salt">The salt, at least 8 bytes (16 random bytes are usual).</param>
    /// <param name="tagLength">The tag length, at least 4 bytes (32 are usual).</param>
    /// <param name="path">The path of the compression function; see <see cref="Argon2.IsSupported"/>.</param>
    public static string HashToString(
        Argon2Type type, Argon2Parameters parameters, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int tagLength,
        InstructionSet path)
    {
        if (tagLength < Argon2.MinTagSizeInBytes)
        {
            throw new ArgumentOutOfRangeException(
                nameof(tagLength), tagLength, $"Argon2 tags are at least {Argon2.MinTagSizeInBytes} bytes long (RFC 9106 §3.1).");
        }

        var tag = new byte[tagLength];
        try
        {
            Argon2.Hash(type, parameters, password, salt, tag, path);
            return Encode(type, parameters, salt, tag);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(tag);
        }
    }

    /// <summary>Checks a password against a PHC string on the default path.</summary>
    /// <inheritdoc cref="Verify(string, ReadOnlySpan{byte}, InstructionSet)"/>
    public static bool Verify(string encoded, ReadOnlySpan<byte> password) => Verify(encoded, password, Argon2.DefaultPath);

    /// <summary>Checks a password against a PHC string.</summary>
    /// <param name="encoded">The PHC string, e.g. from <see cref="HashToString(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, int, InstructionSet)"/>, libsodium or the reference.</param>
    /// <param name="password">The password to check.</param>
    /// <param name="path">The path of the compression function; see <see cref="Argon2.IsSupported"/>.</param>
    /// <returns>Whether the password gives the string's tag.</returns>
    /// <exception cref="FormatException">The string is malformed or a field is out of range.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="encoded"/> is null.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static bool Verify(string encoded, ReadOnlySpan<byte> password, InstructionSet path)
    {
        ArgumentNullException.ThrowIfNull(encoded);
        if (!Argon2.IsSupported(path))
        {
            throw new PlatformNotSupportedException(
                $"Argon2 has no {InstructionSets.VariantName(path)} path on this CPU; see Argon2.IsSupported.");
        }

        string? problem = Parse(encoded, out Argon2PhcValue value, checkMemory: true);
        if (problem is not null)
        {
            throw new FormatException($"Not an Argon2 PHC string this implementation accepts: {problem}");
        }

        var tag = new byte[value.Tag.Length];
        try
        {
            Argon2.Hash(value.Type, value.Parameters, password, value.Salt.Span, tag, path);
            return CryptographicOperations.FixedTimeEquals(tag, value.Tag.Span);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(tag);
        }
    }

    private static string Identifier(Argon2Type type) => type switch
    {
        Argon2Type.Argon2d => "argon2d",
        Argon2Type.Argon2i => "argon2i",
        _ => "argon2id",
    };

    private static string ToBase64(ReadOnlySpan<byte> bytes) => Convert.ToBase64String(bytes).TrimEnd('=');

    /// <summary>What is wrong with these fields, or null; the rules of <see cref="Argon2.Hash(Argon2Type, Argon2Parameters, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte}, InstructionSet)"/>.</summary>
    private static string? CheckFields(Argon2Type type, Argon2Parameters parameters, int saltLength, int tagLength, bool checkMemory)
    {
        if (type is not (Argon2Type.Argon2d or Argon2Type.Argon2i or Argon2Type.Argon2id))
        {
            return $"unknown type {(int)type}.";
        }

        if (parameters.Lanes is < 1 or > Argon2Parameters.MaxLanes || parameters.Passes < 1 || parameters.MemoryKib < 8UL * (uint)parameters.Lanes)
        {
            return $"parameters out of range (RFC 9106 §3.1): m={parameters.MemoryKib}, t={parameters.Passes}, p={parameters.Lanes}.";
        }

        if (checkMemory)
        {
            try
            {
                parameters.Validate();
            }
            catch (ArgumentOutOfRangeException e)
            {
                return e.Message;
            }
        }

        if (saltLength < Argon2.MinSaltSizeInBytes)
        {
            return $"the salt is {saltLength} bytes, fewer than {Argon2.MinSaltSizeInBytes}.";
        }

        return tagLength < Argon2.MinTagSizeInBytes ? $"the tag is {tagLength} bytes, fewer than {Argon2.MinTagSizeInBytes}." : null;
    }

    /// <summary>Reads the string; returns what is wrong with it, or null and the fields.</summary>
    private static string? Parse(string? encoded, out Argon2PhcValue value, bool checkMemory)
    {
        value = default;
        if (encoded is null)
        {
            return "null.";
        }

        var reader = new Reader(encoded);
        Argon2Type type;
        if (reader.Skip("$argon2id$"))
        {
            type = Argon2Type.Argon2id;
        }
        else if (reader.Skip("$argon2i$"))
        {
            type = Argon2Type.Argon2i;
        }
        else if (reader.Skip("$argon2d$"))
        {
            type = Argon2Type.Argon2d;
        }
        else
        {
            return "it does not start with $argon2d$, $argon2i$ or $argon2id$.";
        }

        if (!reader.Skip(VersionField + "$"))
        {
            return "the version field is not v=19 (the only version implemented, 0x13).";
        }

        if (!reader.Skip("m=") || !reader.Decimal(out uint memory)
            || !reader.Skip(",t=") || !reader.Decimal(out uint passes)
            || !reader.Skip(",p=") || !reader.Decimal(out uint lanes))
        {
            return "the parameters are not m=<decimal>,t=<decimal>,p=<decimal> with 32-bit values.";
        }

        if (!reader.Skip("$") || !reader.Base64(out byte[]? salt) || !reader.Skip("$") || !reader.Base64(out byte[]? tag))
        {
            return "the salt and tag are not $<base64>$<base64> (standard alphabet, no padding).";
        }

        if (!reader.AtEnd)
        {
            return "there is more after the tag.";
        }

        var parameters = new Argon2Parameters(memory, passes, lanes > int.MaxValue ? -1 : (int)lanes);
        string? problem = CheckFields(type, parameters, salt.Length, tag.Length, checkMemory);
        if (problem is not null)
        {
            return problem;
        }

        value = new Argon2PhcValue(type, parameters, salt, tag);
        return null;
    }

    /// <summary>A cursor over the string with the two lexical rules of the PHC format.</summary>
    private ref struct Reader(string text)
    {
        private readonly ReadOnlySpan<char> _text = text;
        private int _position;

        public readonly bool AtEnd => _position == _text.Length;

        public bool Skip(string expected)
        {
            if (!_text[_position..].StartsWith(expected, StringComparison.Ordinal))
            {
                return false;
            }

            _position += expected.Length;
            return true;
        }

        /// <summary>One or more ASCII digits, no leading zero unless the number is 0, at most 2^32 - 1.</summary>
        public bool Decimal(out uint number)
        {
            number = 0;
            int start = _position;
            ulong accumulator = 0;
            while (_position < _text.Length && char.IsAsciiDigit(_text[_position]))
            {
                accumulator = (accumulator * 10) + (uint)(_text[_position] - '0');
                _position++;
                if (accumulator > uint.MaxValue)
                {
                    return false;
                }
            }

            int length = _position - start;
            if (length == 0 || (length > 1 && _text[start] == '0'))
            {
                return false;
            }

            number = (uint)accumulator;
            return true;
        }

        /// <summary>
        /// Standard base64 up to the next <c>$</c> or the end: no padding, no whitespace, no leftover character
        /// (a length of 4k + 1) and no nonzero bits in the last character beyond the bytes it completes.
        /// </summary>
        public bool Base64(out byte[] bytes)
        {
            bytes = [];
            int end = _text[_position..].IndexOf('$');
            ReadOnlySpan<char> field = end < 0 ? _text[_position..] : _text.Slice(_position, end);
            if (field.Length % 4 == 1)
            {
                return false;
            }

            var output = new byte[field.Length * 3 / 4];
            uint accumulator = 0;
            int bits = 0;
            int written = 0;
            foreach (char c in field)
            {
                int sextet = c switch
                {
                    >= 'A' and <= 'Z' => c - 'A',
                    >= 'a' and <= 'z' => c - 'a' + 26,
                    >= '0' and <= '9' => c - '0' + 52,
                    '+' => 62,
                    '/' => 63,
                    _ => -1,
                };
                if (sextet < 0)
                {
                    return false;
                }

                accumulator = (accumulator << 6) | (uint)sextet;
                bits += 6;
                if (bits >= 8)
                {
                    bits -= 8;
                    output[written++] = (byte)(accumulator >> bits);
                }
            }

            // Unused low bits of the last character must be zero: otherwise two strings would decode alike.
            if ((accumulator & ((1u << bits) - 1)) != 0)
            {
                return false;
            }

            _position += field.Length;
            bytes = output;
            return true;
        }
    }
}
