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

    /// <summary>
    /// One output word of a round: the XOR over k = 0..7 of table k at byte k of word w_k of the state
    /// <paramref name="s"/> (byte 0 first XORed with <paramref name="k0"/>, Kupyna's T⊕ constant).
    /// </summary>
    /// <remarks>
    /// Written without helper calls: with the byte and table lookups as small inlined methods, the 16 words of a
    /// round pair came to about 270 inlinees, past the JIT's limit per method, and some lookups stayed calls (seen
    /// with DOTNET_JitDisasm in Whirlpool, 2026-11-26). Byte k of a word is byte k of a little-endian word, byte
    /// 7 - k = k ^ 7 of a big-endian one; unsigned native-width indices let the table offset fold into the address.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Lookup(ref ulong t, ref byte s, int w0, int w1, int w2, int w3, int w4, int w5, int w6, int w7, int k0 = 0)
    {
        int order = BitConverter.IsLittleEndian ? 0 : 7;
        return Unsafe.Add(ref t, (nuint)(uint)(Unsafe.Add(ref s, (w0 * 8) + (0 ^ order)) ^ k0))
            ^ Unsafe.Add(ref t, 256 + (nuint)Unsafe.Add(ref s, (w1 * 8) + (1 ^ order)))
            ^ Unsafe.Add(ref t, 512 + (nuint)Unsafe.Add(ref s, (w2 * 8) + (2 ^ order)))
            ^ Unsafe.Add(ref t, 768 + (nuint)Unsafe.Add(ref s, (w3 * 8) + (3 ^ order)))
            ^ Unsafe.Add(ref t, 1024 + (nuint)Unsafe.Add(ref s, (w4 * 8) + (4 ^ order)))
            ^ Unsafe.Add(ref t, 1280 + (nuint)Unsafe.Add(ref s, (w5 * 8) + (5 ^ order)))
            ^ Unsafe.Add(ref t, 1536 + (nuint)Unsafe.Add(ref s, (w6 * 8) + (6 ^ order)))
            ^ Unsafe.Add(ref t, 1792 + (nuint)Unsafe.Add(ref s, (w7 * 8) + (7 ^ order)));
    }

    /// <summary>
    /// Entry <paramref name="value"/> of table <paramref name="k"/> in eight tables of 256 words laid one after the
    /// other, the layout <see cref="Build"/> writes and Streebog's tables share; unsigned native-width indices let the
    /// table offset fold into the address.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong Entry(ref ulong tables, int k, byte value) => Unsafe.Add(ref tables, (nuint)value + (nuint)(uint)(k * 256));

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
