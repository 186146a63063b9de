using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoHarness.Implementations.Adapters.Common;

/// <summary>
/// For libraries that write and read ciphertext and tag as one buffer (ciphertext ‖ tag, RFC 5116's combined output),
/// while the contract passes them as two spans. When the caller's tag starts where its ciphertext ends, as in a message
/// laid out ciphertext ‖ tag (the benchmarks' and the gate's layout), the two are one span already and the library works
/// on it in place, as its own users call it. Otherwise the adapter goes through a per-thread buffer and copies the
/// ciphertext across once, what a caller holding the two apart would also pay. The buffer holds only ciphertext and tag,
/// nothing secret.
/// </summary>
internal static class JoinedCiphertext
{
    [ThreadStatic]
    private static byte[]? t_joined;

    /// <summary>
    /// Where to encrypt: the caller's <paramref name="ciphertext"/> ‖ <paramref name="tag"/> when they are adjacent
    /// (<paramref name="inPlace"/>), else this thread's buffer, to be handed to <see cref="Split"/> afterwards.
    /// </summary>
    public static Span<byte> ForEncryption(Span<byte> ciphertext, Span<byte> tag, out bool inPlace)
    {
        inPlace = Adjacent(MemoryMarshal.GetReference(ciphertext), ciphertext.Length, MemoryMarshal.GetReference(tag));
        return inPlace
            ? MemoryMarshal.CreateSpan(ref MemoryMarshal.GetReference(ciphertext), ciphertext.Length + tag.Length)
            : Buffer(ciphertext.Length + tag.Length);
    }

    /// <summary>Copies ciphertext and tag out of <paramref name="joined"/>, the tag being its last <c>tag.Length</c> bytes.</summary>
    public static void Split(ReadOnlySpan<byte> joined, Span<byte> ciphertext, Span<byte> tag)
    {
        var length = joined.Length - tag.Length;
        joined[..length].CopyTo(ciphertext);
        joined[length..].CopyTo(tag);
    }

    /// <summary><paramref name="ciphertext"/> ‖ <paramref name="tag"/> as one span: the caller's when adjacent, else a copy in this thread's buffer.</summary>
    public static ReadOnlySpan<byte> Join(ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag)
    {
        if (Adjacent(MemoryMarshal.GetReference(ciphertext), ciphertext.Length, MemoryMarshal.GetReference(tag)))
        {
            return MemoryMarshal.CreateReadOnlySpan(ref MemoryMarshal.GetReference(ciphertext), ciphertext.Length + tag.Length);
        }

        var joined = Buffer(ciphertext.Length + tag.Length);
        ciphertext.CopyTo(joined);
        tag.CopyTo(joined[ciphertext.Length..]);
        return joined;
    }

    private static bool Adjacent(in byte ciphertextStart, int ciphertextLength, in byte tagStart) =>
        Unsafe.AreSame(ref Unsafe.Add(ref Unsafe.AsRef(in ciphertextStart), ciphertextLength), ref Unsafe.AsRef(in tagStart));

    /// <summary>This thread's buffer as exactly <paramref name="length"/> bytes, grown when a longer message arrives.</summary>
    private static Span<byte> Buffer(int length)
    {
        if (t_joined is null || t_joined.Length < length)
        {
            t_joined = new byte[length];
        }

        return t_joined.AsSpan(0, length);
    }
}
