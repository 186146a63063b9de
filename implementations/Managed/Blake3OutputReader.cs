namespace CryptoHarness.Managed;

/// <summary>
/// BLAKE3's extendable output for one input (BLAKE3 spec §2.6): a stream of up to 2^64 blocks of 64 bytes in which
/// every block can be computed on its own, so it can be read in pieces, in any order, from any position.
/// </summary>
/// <remarks>
/// A ref struct so that it stays on the stack: it holds the root node's last block, which is message-derived, and
/// <see cref="Dispose"/> wipes it. Reads take their position explicitly and leave the reader unchanged, which
/// keeps them correct on a <c>using</c> variable (one the compiler only lets you read).
/// </remarks>
public ref struct Blake3OutputReader
{
    private Blake3.Output _root;
    private readonly InstructionSet _path;

    internal Blake3OutputReader(scoped in Blake3.Output root, InstructionSet path)
    {
        _root = root;
        _path = path;
    }

    /// <summary>Fills <paramref name="destination"/> with the output stream from byte <paramref name="position"/> on.</summary>
    /// <remarks>Reading in pieces is one call per piece, each at the previous position plus the previous length.</remarks>
    public readonly void Read(ulong position, Span<byte> destination) =>
        Blake3.WriteRootOutput(_path, ref Unsafe.AsRef(in _root), position, destination);

    /// <summary>Wipes the root node held for the output.</summary>
    public void Dispose() => Blake3.WipeOutput(ref _root);
}
