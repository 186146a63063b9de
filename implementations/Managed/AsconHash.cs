using static CryptoHarness.Managed.AsconPermutation;

namespace CryptoHarness.Managed;

/// <summary>
/// The Ascon hash functions of NIST SP 800-232 §5: Ascon-Hash256 (<see cref="AsconHash256"/>, a 256-bit digest) and
/// Ascon-XOF128 (<see cref="AsconXof128"/>, any output length, every output a prefix of every longer one). Both are
/// the Ascon sponge with a 64-bit rate and Ascon-p[12] throughout; they differ in the IV and in whether the output
/// length is fixed, which the function's type carries.
/// </summary>
/// <remarks>
/// Paths and dispatch are those of Ascon-p (see <c>Ascon.cs</c>): Scalar, and Avx512 where the CPU has it. No call
/// allocates on the heap; the state lives in registers and locals only.
/// </remarks>
public static class AsconHash
{
    /// <summary>Whether this library has an Ascon hash path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => AsconPermutation.IsSupported(path);

    /// <summary>
    /// Computes <typeparamref name="TFunction"/> of <paramref name="source"/>: for <see cref="AsconHash256"/> the
    /// digest into the first 32 bytes of <paramref name="destination"/>, for <see cref="AsconXof128"/> output filling
    /// all of it.
    /// </summary>
    /// <exception cref="ArgumentException">The function has a fixed length and <paramref name="destination"/> is shorter.</exception>
    public static void HashData<TFunction>(ReadOnlySpan<byte> source, Span<byte> destination)
        where TFunction : struct, IAsconHashFunction =>
        // Scalar even where Avx512 exists: see the dispatch note in Ascon.cs.
        HashData<TFunction>(source, destination, InstructionSet.Scalar);

    /// <inheritdoc cref="HashData{TFunction}(ReadOnlySpan{byte}, Span{byte})"/>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the digest or output; bytes past a digest are left untouched.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TFunction>(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
        where TFunction : struct, IAsconHashFunction =>
        TFunction.Initial.Sponge(source, destination, path, TFunction.FixedLength);
}

/// <summary>
/// An Ascon hash function as a type, for <see cref="AsconHash.HashData{TFunction}(ReadOnlySpan{byte}, Span{byte})"/>:
/// one method serves both, and the JIT compiles it for each with the function's constants. The members are internal,
/// so the functions are the two declared here.
/// </summary>
public interface IAsconHashFunction
{
    /// <summary>The state after p[12](IV ‖ 0^256), computed once per function.</summary>
    internal static abstract ref readonly AsconInitialState Initial { get; }

    /// <summary>The digest size in bytes, or 0 for an extendable-output function.</summary>
    internal static abstract int FixedLength { get; }
}

/// <summary>Ascon-Hash256 (NIST SP 800-232 §5.1): a 256-bit digest.</summary>
public readonly struct AsconHash256 : IAsconHashFunction
{
    public const int HashSizeInBytes = 32;

    // SP 800-232 §5.1: IV = 0x0000080100CC0002 (v = 2, a = 12, rate 64 bits, 256-bit output). The state after
    // p[12](IV ‖ 0^256) is the same for every message, so it is computed once.
    private const ulong InitialValue = 0x0000080100CC0002;

    private static readonly AsconInitialState InitialState = AsconInitialState.From(InitialValue, "Ascon-Hash256");

    static ref readonly AsconInitialState IAsconHashFunction.Initial => ref InitialState;

    static int IAsconHashFunction.FixedLength => HashSizeInBytes;
}

/// <summary>Ascon-XOF128 (NIST SP 800-232 §5.2): the sponge of <see cref="AsconHash256"/> with its own IV and any output length.</summary>
public readonly struct AsconXof128 : IAsconHashFunction
{
    // SP 800-232 §5.2: IV = 0x0000080000CC0003 (v = 3, a = 12, rate 64 bits, no fixed output length).
    private const ulong InitialValue = 0x0000080000CC0003;

    private static readonly AsconInitialState InitialState = AsconInitialState.From(InitialValue, "Ascon-XOF128");

    static ref readonly AsconInitialState IAsconHashFunction.Initial => ref InitialState;

    static int IAsconHashFunction.FixedLength => 0;
}

/// <summary>
/// The Ascon hash state after its first permutation with the name of the function it starts, and the sponge both hash
/// functions share.
/// </summary>
internal readonly struct AsconInitialState
{
    private readonly ulong _x0, _x1, _x2, _x3, _x4;
    private readonly string _name;

    private AsconInitialState(ulong x0, ulong x1, ulong x2, ulong x3, ulong x4, string name) =>
        (_x0, _x1, _x2, _x3, _x4, _name) = (x0, x1, x2, x3, x4, name);

    /// <summary>p[12](IV ‖ 0^256), SP 800-232 Algorithm 5 step 2, for the function <paramref name="name"/> (for messages).</summary>
    public static AsconInitialState From(ulong initialValue, string name)
    {
        ulong x0 = initialValue, x1 = 0, x2 = 0, x3 = 0, x4 = 0;
        AsconScalar.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
        return new(x0, x1, x2, x3, x4, name);
    }

    /// <summary>
    /// A hash function's <c>HashData</c> with a path: checks the path, then, for a fixed-length hash
    /// (<paramref name="fixedLength"/> above 0), that <paramref name="destination"/> holds the digest, and fills the
    /// first <paramref name="fixedLength"/> bytes of it, or all of it for the XOF.
    /// </summary>
    public void Sponge(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path, int fixedLength = 0)
    {
        AsconPermutation.ThrowIfNotSupported(path, _name);
        if (fixedLength > 0)
        {
            if (destination.Length < fixedLength)
            {
                throw new ArgumentException($"The destination must hold at least {fixedLength} bytes.", nameof(destination));
            }

            destination = destination[..fixedLength];
        }

        if (path == InstructionSet.Avx512)
        {
            Sponge<AsconAvx512, Vector128<ulong>>(source, destination, this);
        }
        else
        {
            Sponge<AsconScalar, ulong>(source, destination, this);
        }
    }

    /// <summary>
    /// SP 800-232 Algorithm 5 from step 3: absorb 8-byte blocks with p[12] after each, the last one padded; then
    /// squeeze 8 bytes per block with p[12] between blocks. Output is written only after all input has been read.
    /// </summary>
    /// <remarks>Never inlined, so that the rounds inline here and the state stays in registers: see <c>Ascon.cs</c>.</remarks>
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private static void Sponge<TPermutation, TWord>(ReadOnlySpan<byte> source, Span<byte> destination, in AsconInitialState initial)
        where TPermutation : struct, IAsconPermutation<TWord>
        where TWord : struct
    {
        TWord x0 = TPermutation.FromScalar(initial._x0), x1 = TPermutation.FromScalar(initial._x1);
        TWord x2 = TPermutation.FromScalar(initial._x2), x3 = TPermutation.FromScalar(initial._x3);
        TWord x4 = TPermutation.FromScalar(initial._x4);
        int whole = source.Length & ~(sizeof(ulong) - 1);
        ref byte input = ref MemoryMarshal.GetReference(source);
        for (nuint offset = 0; offset < (nuint)whole; offset += sizeof(ulong))
        {
            x0 = TPermutation.Xor(x0, TPermutation.Load(ref Unsafe.Add(ref input, offset)));
            TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
        }

        source = source[whole..];

        x0 = TPermutation.Xor(x0, TPermutation.FromScalar(LoadPartialPadded(source)));
        TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);

        while (destination.Length > sizeof(ulong))
        {
            TPermutation.Store(destination, x0);
            TPermutation.P12(ref x0, ref x1, ref x2, ref x3, ref x4);
            destination = destination[sizeof(ulong)..];
        }

        if (destination.Length == sizeof(ulong))
        {
            TPermutation.Store(destination, x0);
        }
        else
        {
            StorePartial(destination, TPermutation.ToScalar(x0));
        }
    }
}
