namespace CryptoHarness.Managed;

/// <summary>
/// What LSH-256 and LSH-512 (KS X 3262) share above their compression functions, generic over the word
/// (<see cref="uint"/> or <see cref="ulong"/>) and the variant (<see cref="ILshParameters{TWord}"/>): the one-shot
/// driver with its path check, dispatch, padding and output, and the derivation of the step constants and initial
/// values. The compression functions stay per word size, in their per-instruction-set files.
/// </summary>
internal static unsafe partial class Lsh
{
    /// <summary>The largest block, LSH-512's 2048 bits.</summary>
    private const int MaxBlockSizeInBytes = 256;

    /// <summary>
    /// Checks that the variant has <paramref name="path"/>, then hashes <paramref name="source"/> from
    /// <paramref name="initialValue"/> into the first <paramref name="hashBytes"/> bytes of
    /// <paramref name="destination"/>: whole blocks, then the tail padded with one 1 bit and zeros to a whole block
    /// (no length field), and the output the little-endian words cv[i] ⊕ cv[i + 8], as many as the hash takes (32 and
    /// 64 bytes are whole words).
    /// </summary>
    [SkipLocalsInit]
    internal static void Hash<TWord, TVariant>(
        ReadOnlySpan<byte> source, Span<byte> destination, int hashBytes, ReadOnlySpan<TWord> initialValue, InstructionSet path)
        where TWord : unmanaged, IBinaryInteger<TWord>
        where TVariant : struct, ILshParameters<TWord>
    {
        if (!TVariant.IsSupported(path))
        {
            throw new PlatformNotSupportedException($"{TVariant.Name} has no {InstructionSets.VariantName(path)} path.");
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(destination.Length, hashBytes, nameof(destination));
        int blockSize = TVariant.BlockSizeInBytes;
        Span<TWord> cv = stackalloc TWord[16];
        initialValue.CopyTo(cv);
        var whole = source.Length - (source.Length % blockSize);
        // A message shorter than a block has only the padded block: a call for no blocks would only load and store
        // the chaining variable.
        if (whole != 0)
        {
            Compress<TWord, TVariant>(cv, source[..whole], path);
        }

        Span<byte> last = stackalloc byte[MaxBlockSizeInBytes];
        last = last[..blockSize];
        last.Clear();
        source[whole..].CopyTo(last);
        last[source.Length - whole] = 0x80;
        Compress<TWord, TVariant>(cv, last, path);

        for (var i = 0; i < 8; i++)
        {
            cv[i] ^= cv[i + 8];
        }

        BlockHash.WriteWords<TWord>(cv, destination[..hashBytes], bigEndian: false);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(cv));
        CryptographicOperations.ZeroMemory(last);
    }

    /// <summary>
    /// A copy of <paramref name="values"/> at a 64-byte-aligned address, for the vector kernels. From an array, a
    /// vector load of a step's constants spans two cache lines whenever the GC placed the array off a 64-byte
    /// boundary, and where it lands shifts with whatever the process allocated before: LSH-512-512 on AVX-512 ran 30%
    /// slower or faster from one build to the next for that alone (harness paired, AMD EPYC, 2026-11-26).
    /// Allocated once for the process and never freed.
    /// </summary>
    internal static TWord* AlignedCopy<TWord>(ReadOnlySpan<TWord> values)
        where TWord : unmanaged
    {
        var copy = (TWord*)NativeMemory.AlignedAlloc((nuint)(values.Length * sizeof(TWord)), 64);
        values.CopyTo(new Span<TWord>(copy, values.Length));
        return copy;
    }

    /// <summary>
    /// The step constants SC_0 … SC_(steps-1), eight words each: SC_0 as the standard gives it, then
    /// SC_j[l] = SC_{j-1}[l] + (SC_{j-1}[l] &lt;&lt;&lt; 8), the rule the standard derives the rest by.
    /// </summary>
    internal static TWord[] DeriveStepConstants<TWord>(ReadOnlySpan<TWord> first, int steps)
        where TWord : unmanaged, IBinaryInteger<TWord>
    {
        var constants = new TWord[steps * 8];
        first.CopyTo(constants);
        for (var i = 8; i < constants.Length; i++)
        {
            constants[i] = constants[i - 8] + TWord.RotateLeft(constants[i - 8], 8);
        }

        return constants;
    }

    /// <summary>
    /// An initial chaining variable, derived as the standard defines it: the words (largest hash size in bytes,
    /// this hash size in bits, 0, …, 0) through the compression function with an all-zero block. The largest hash
    /// size in bytes is the word size in bits (32 for LSH-256, 64 for LSH-512).
    /// </summary>
    internal static TWord[] DeriveInitialValue<TWord, TVariant>(int hashBits)
        where TWord : unmanaged, IBinaryInteger<TWord>
        where TVariant : struct, ILshParameters<TWord>
    {
        var cv = new TWord[16];
        cv[0] = TWord.CreateTruncating(8 * Unsafe.SizeOf<TWord>());
        cv[1] = TWord.CreateTruncating(hashBits);
        CompressScalar<TWord, TVariant>(cv, new byte[TVariant.BlockSizeInBytes]);
        return cv;
    }

    /// <summary>
    /// The compression function on <paramref name="path"/>, which is supported: scalar here, the shared code; a vector
    /// path in the variant's <see cref="ILshParameters{TWord}.CompressVector"/> (LSH-256 has avx2, LSH-512 avx2 and avx512).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Compress<TWord, TVariant>(Span<TWord> cv, ReadOnlySpan<byte> blocks, InstructionSet path)
        where TWord : unmanaged, IBinaryInteger<TWord>
        where TVariant : struct, ILshParameters<TWord>
    {
        if (path == InstructionSet.Scalar)
        {
            CompressScalar<TWord, TVariant>(cv, blocks);
        }
        else
        {
            TVariant.CompressVector(cv, blocks, path);
        }
    }
}
