namespace CryptoHarness.Implementations.Adapters.Common;

/// <summary>
/// For libraries that write and read ciphertext and tag as one buffer (ciphertext ‖ tag), while the contract keeps them
/// apart: a per-thread buffer the adapter encrypts into and then splits, or joins into and then decrypts from. One copy
/// of the message per call, what a caller holding the two separately would also pay. The buffer holds only ciphertext
/// and tag, nothing secret.
/// </summary>
internal static class JoinedCiphertext
{
    [ThreadStatic]
    private static byte[]? t_joined;

    /// <summary>This thread's buffer as exactly <paramref name="length"/> bytes, grown when a longer message arrives.</summary>
    public static Span<byte> Buffer(int length)
    {
        if (t_joined is null || t_joined.Length < length)
        {
            t_joined = new byte[length];
        }

        return t_joined.AsSpan(0, length);
    }

    /// <summary>Copies ciphertext ‖ tag out of <paramref name="joined"/>, the tag being its last <c>tag.Length</c> bytes.</summary>
    public static void Split(ReadOnlySpan<byte> joined, Span<byte> ciphertext, Span<byte> tag)
    {
        var length = joined.Length - tag.Length;
        joined[..length].CopyTo(ciphertext);
        joined[length..].CopyTo(tag);
    }

    /// <summary>This thread's buffer holding <paramref name="ciphertext"/> ‖ <paramref name="tag"/>.</summary>
    public static ReadOnlySpan<byte> Join(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag)
    {
        var joined = Buffer(ciphertext.Length + tag.Length);
        ciphertext.CopyTo(joined);
        tag.CopyTo(joined[ciphertext.Length..]);
        return joined;
    }
}
