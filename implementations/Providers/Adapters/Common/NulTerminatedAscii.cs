using System.Text;

namespace CryptoHarness.Implementations.Adapters.Common;

/// <summary>An encoded password-hash string as the NUL-terminated ASCII native verifiers read.</summary>
internal static class NulTerminatedAscii
{
    /// <summary>Strings up to this length are converted on the stack, so verifying allocates nothing.</summary>
    public const int StackLimit = 511;

    /// <summary>
    /// Writes <paramref name="text"/> and a NUL into <paramref name="destination"/> (at least one byte longer than the
    /// text); false if it holds a NUL or a non-ASCII character, which no encoded string does.
    /// </summary>
    public static bool TryWrite(string text, Span<byte> destination)
    {
        if (!Ascii.IsValid(text) || text.Contains('\0', StringComparison.Ordinal))
        {
            return false;
        }

        destination[Encoding.ASCII.GetBytes(text, destination)] = 0;
        return true;
    }

    /// <summary>
    /// Writes <paramref name="password"/> and a NUL into <paramref name="destination"/> (one byte longer), as the C
    /// password arguments take it; the callers check it holds no NUL and wipe the copy after the call.
    /// </summary>
    public static void WritePassword(ReadOnlySpan<byte> password, Span<byte> destination)
    {
        password.CopyTo(destination);
        destination[password.Length] = 0;
    }
}
