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
}
