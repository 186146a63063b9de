namespace CryptoHarness.Managed;

/// <summary>
/// The lookup tables of a round made of byte S-boxes and a circulant MDS matrix over GF(2^8) modulo
/// x^8 + x^4 + x^3 + x^2 + 1 (0x11d), shared by Whirlpool and Kupyna, whose rounds have that form.
/// </summary>
internal static class MdsTables
{
    /// <summary>
    /// Eight tables of 256 64-bit words: entry [k][x] holds in byte j the product of S_k(x) with the matrix
    /// coefficient that takes input byte k to output byte j, so a round's output word is the XOR of eight lookups.
    /// S_k is the (k mod n)-th of the n S-boxes laid one after the other in <paramref name="sBoxes"/>. The
    /// coefficient is <paramref name="circulant"/>[(j - k) mod 8] when a row of bytes is multiplied by the matrix
    /// (Whirlpool), and <paramref name="circulant"/>[(k - j) mod 8] when the matrix multiplies a column (Kupyna).
    /// </summary>
    internal static ulong[] Build(ReadOnlySpan<byte> sBoxes, ReadOnlySpan<byte> circulant, bool matrixTimesColumn)
    {
        int boxCount = sBoxes.Length / 256;
        var table = new ulong[8 * 256];
        for (int k = 0; k < 8; k++)
        {
            for (int x = 0; x < 256; x++)
            {
                byte s = sBoxes[((k % boxCount) * 256) + x];
                ulong word = 0;
                for (int j = 0; j < 8; j++)
                {
                    int offset = matrixTimesColumn ? k - j : j - k;
                    word |= (ulong)Multiply(s, circulant[(offset + 8) % 8]) << (8 * j);
                }

                table[(k * 256) + x] = word;
            }
        }

        return table;
    }

    /// <summary>Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1.</summary>
    private static byte Multiply(byte a, byte b)
    {
        int product = 0;
        int x = a;
        for (int y = b; y != 0; y >>= 1)
        {
            if ((y & 1) != 0)
            {
                product ^= x;
            }

            x <<= 1;
            if ((x & 0x100) != 0)
            {
                x ^= 0x11d;
            }
        }

        return (byte)product;
    }
}
