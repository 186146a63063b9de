namespace CryptoHarness.Managed;

/// <summary>
/// LSH-256-256, the Korean hash standard KS X 3262 (LSH, designed by NSR; KISA publishes it), one message at a time:
/// a wide-pipe Merkle–Damgård hash of 32-bit words, a 512-bit chaining variable, 1024-bit blocks and 26 steps.
/// </summary>
/// <remarks>
/// <para>
/// Each step xors a 16-word sub-message into the chaining variable, mixes its left and right halves column by column
/// (add, rotate by α, xor a step constant, add, rotate by β, add, rotate the right word by γ), and permutes the 16
/// words. The sub-messages are the block's two halves and then, from step 2 on, the sum of the previous one and a
/// word-permuted copy of the one before; a 27th is xored in after the last step. The message is padded with one
/// 1 bit and zeros to a whole block (no length field), so a message of whole blocks takes one more.
/// </para>
/// <para>
/// Two paths: <see cref="InstructionSet.Scalar"/> (<c>Lsh.Scalar.cs</c>, shared with LSH-512, the chaining variable in sixteen
/// registers) and <see cref="InstructionSet.Avx2"/> (<c>Lsh256.Avx2.cs</c>, each half in one vector, a step's eight
/// columns in its eight lanes). Dispatch policy: AVX2 wherever the CPU has it, scalar otherwise. Measured on an AMD
/// EPYC (Zen 4, x86-64-v4, a shared and busy machine), best of 40 interleaved Stopwatch rounds: AVX2 285 ns at 128 B
/// (scalar 2.35 µs), 8.3 µs at 8 KiB (101 µs) and 130 µs at 128 KiB (1.08 ms), about 1 GB/s against 120 MB/s.
/// One-shot calls allocate nothing on the heap and wipe the chaining variable and the padded tail they held on the stack.
/// </para>
/// </remarks>
public static unsafe partial class Lsh256
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = 128;

    internal const int Steps = 26;

    // Rotation amounts, KS X 3262 (and the NSR reference code's ROT_EVEN_ALPHA …): α and β for even and odd steps,
    // γ per column of the right half.
    internal const int AlphaEven = 29, BetaEven = 1, AlphaOdd = 5, BetaOdd = 17;

    internal static readonly int[] Gamma = [0, 8, 16, 24, 24, 16, 8, 0];

    /// <summary>The step constants SC_0 … SC_25 (<see cref="Lsh.DeriveStepConstants"/>), SC_0 as the standard gives it.</summary>
    internal static readonly uint[] StepConstants = Lsh.DeriveStepConstants<uint>(
        [0x917caf90, 0x6c1b10a2, 0x6f352943, 0xcf778243, 0x2ceb7472, 0x29e96ff2, 0x8a9ba428, 0x2eeb2642], Steps);

    private static readonly uint* AlignedStepConstants = Lsh.AlignedCopy<uint>(StepConstants);

    /// <summary>The step constants at a 64-byte-aligned address (<see cref="Lsh.AlignedCopy"/>), for the vector path.</summary>
    private static ref uint AlignedStepConstantsStart => ref *AlignedStepConstants;

    /// <summary>
    /// The initial chaining variable of LSH-256-256, derived as the standard defines it: the words (32, 256, 0, …, 0)
    /// (the largest hash size in bytes and this hash size in bits) through the compression function with an all-zero
    /// block. A test checks it against the table the NSR reference code (and KS X 3262) print.
    /// </summary>
    internal static readonly uint[] InitialValue = Lsh.DeriveInitialValue<uint, Lsh.Lsh256Parameters>(HashSizeInBytes * 8);

    /// <summary>
    /// Whether this algorithm has <paramref name="path"/> here: <see cref="InstructionSet.Scalar"/> always, and
    /// <see cref="InstructionSet.Avx2"/> on x86 CPUs with AVX2 (it uses vpermd, vpsllvd and vperm2i128 directly).
    /// </summary>
    public static bool IsSupported(InstructionSet path) =>
        path == InstructionSet.Scalar || (path == InstructionSet.Avx2 && Avx2.IsSupported);

    /// <summary>The path the overload without one uses: <see cref="InstructionSet.Avx2"/> where the CPU has it.</summary>
    public static InstructionSet DefaultPath => Avx2.IsSupported ? InstructionSet.Avx2 : InstructionSet.Scalar;

    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) => HashData(source, destination, DefaultPath);

    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Lsh.Hash<uint, Lsh.Lsh256Parameters>(source, destination, HashSizeInBytes, InitialValue, path);
}
