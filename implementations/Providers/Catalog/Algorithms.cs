namespace CryptoHarness.Implementations;

/// <summary>
/// Every algorithm the harness knows, one partial file per family. The registry lists these; nothing else does.
/// </summary>
public static partial class Algorithms
{
    /// <summary>Input of the form byte i = i mod 251, as used by the BLAKE3 official vectors.</summary>
    internal static byte[] Mod251(int length)
    {
        var input = new byte[length];
        for (var i = 0; i < length; i++)
        {
            input[i] = (byte)(i % 251);
        }

        return input;
    }

    internal static byte[] Ascii(string text) => System.Text.Encoding.ASCII.GetBytes(text);

    /// <summary><paramref name="text"/> repeated <paramref name="count"/> times, as ASCII (e.g. 8 × "1234567890").</summary>
    internal static byte[] AsciiRepeated(string text, int count) => Ascii(string.Concat(Enumerable.Repeat(text, count)));

    /// <summary>Bytes from hex as a publication prints them (either case, no separators).</summary>
    internal static byte[] Hex(string hex) => Convert.FromHexString(hex);

    /// <summary>Input of the form byte i = i mod 256 (00 01 02 …), as used by the SP 800-185, BLAKE2 and Kupyna vectors.</summary>
    internal static byte[] Counting(int length)
    {
        var input = new byte[length];
        for (var i = 0; i < length; i++)
        {
            input[i] = (byte)i;
        }

        return input;
    }
}
