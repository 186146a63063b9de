namespace CryptoHarness.Implementations;

/// <summary>
/// bcrypt's own base64 (OpenBSD bcrypt.c: alphabet <c>./A–Za–z0–9</c>, no padding), for the adapters that must build a
/// setting string from a raw salt or read the raw tag back out of a string. A 16-byte salt is 22 characters, the
/// 23-byte tag 31.
/// </summary>
public static class BcryptBase64
{
    private const string Alphabet = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    public static int EncodedLength(int bytes) => ((bytes * 8) + 5) / 6;

    /// <summary>Writes <see cref="EncodedLength"/> characters as ASCII bytes.</summary>
    public static void Encode(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var (accumulator, bits, written) = (0, 0, 0);
        foreach (var value in source)
        {
            accumulator = (accumulator << 8) | value;
            bits += 8;
            while (bits >= 6)
            {
                bits -= 6;
                destination[written++] = (byte)Alphabet[(accumulator >> bits) & 0x3F];
            }
        }

        if (bits > 0)
        {
            destination[written] = (byte)Alphabet[(accumulator << (6 - bits)) & 0x3F];
        }
    }

    /// <summary>Fills <paramref name="destination"/> from the leading characters; false on a character outside the alphabet.</summary>
    public static bool TryDecode(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var (accumulator, bits, written) = (0, 0, 0);
        foreach (var character in source)
        {
            var value = Alphabet.IndexOf((char)character, StringComparison.Ordinal);
            if (value < 0)
            {
                return false;
            }

            accumulator = ((accumulator << 6) | value) & 0xFFFF;
            bits += 6;
            if (bits >= 8)
            {
                bits -= 8;
                if (written == destination.Length)
                {
                    return true;
                }

                destination[written++] = (byte)(accumulator >> bits);
            }
        }

        return written == destination.Length;
    }
}
