namespace CryptoHarness.Selecting;

/// <summary>
/// One pinned block, 64-byte aligned, handed out as buffers of the lengths given at construction, in that order, each at
/// a 64-byte boundary (see <c>BoundWorkload</c> for why: arrays allocated one by one start
/// wherever the heap has room, 8-byte aligned, and native code measured a few percent apart from one workload to another
/// for that alone). The run's workloads (<c>Kinds/</c>) and the paired command's both lay out their buffers with it.
/// </summary>
public sealed class AlignedBlock
{
    private const int Alignment = 64;

    private readonly byte[] _block;
    private int _next;

    public AlignedBlock(params ReadOnlySpan<int> lengths)
    {
        var total = Alignment;
        foreach (var length in lengths)
        {
            total += RoundUp(length);
        }

        _block = GC.AllocateArray<byte>(total, pinned: true);
        var address = (long)System.Runtime.InteropServices.Marshal.UnsafeAddrOfPinnedArrayElement(_block, 0);
        _next = (int)((Alignment - (address % Alignment)) % Alignment);
    }

    /// <summary>The next buffer, zeroed.</summary>
    public ArraySegment<byte> Take(int length)
    {
        var buffer = new ArraySegment<byte>(_block, _next, length);
        _next += RoundUp(length);
        return buffer;
    }

    /// <summary>The next buffer, holding a copy of <paramref name="contents"/>.</summary>
    public ArraySegment<byte> Take(ReadOnlySpan<byte> contents)
    {
        var buffer = Take(contents.Length);
        contents.CopyTo(buffer);
        return buffer;
    }

    /// <summary>
    /// The next buffer as one sealed message, ciphertext ‖ tag: <paramref name="length"/> bytes of ciphertext and the
    /// <paramref name="tagBytes"/> of the tag right after them, as a message is sent or stored.
    /// </summary>
    public (ArraySegment<byte> Ciphertext, ArraySegment<byte> Tag) TakeMessage(int length, int tagBytes)
    {
        var message = Take(length + tagBytes);
        return (message[..length], message[length..]);
    }

    private static int RoundUp(int length) => (length + Alignment - 1) / Alignment * Alignment;
}
