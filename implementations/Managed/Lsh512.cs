namespace CryptoHarness.Managed;

/// <summary>
/// LSH-512-256 and LSH-512-512, the 64-bit family of the Korean hash standard KS X 3262: the construction of
/// <see cref="Lsh256"/> on 64-bit words, with a 1024-bit chaining variable, 2048-bit blocks, 28 steps and its own
/// rotation amounts and step constants. The two outputs differ only in their initial value and in how much of the
/// final 512 bits is kept.
/// </summary>
/// <remarks>
/// Three paths: <see cref="InstructionSet.Scalar"/> (<c>Lsh.Scalar.cs</c>, shared with LSH-256, the chaining variable in
/// sixteen registers), <see cref="InstructionSet.Avx2"/> (<c>Lsh512.Avx2.cs</c>, each half in two 256-bit vectors:
/// γ rotates by whole bytes, so it is a <c>vpshufb</c>, and σ and τ take each output vector from one input vector, so
/// they are <c>vpermq</c>) and <see cref="InstructionSet.Avx512"/> (<c>Lsh512.Avx512.cs</c>, each half in one 512-bit
/// vector). Dispatch policy: the widest the CPU has. Measured on an AMD EPYC (Zen 4, a shared and busy machine), best of
/// 40 interleaved Stopwatch rounds, LSH-512-512: AVX-512 185 ns at 128 B (scalar 0.6–0.95 µs), 4.9 µs at 8 KiB (26–34
/// µs) and 75 µs at 128 KiB (0.27–0.53 ms), about 1.7 GB/s against 250–490 MB/s. On an AMD EPYC (Zen 3, no AVX-512),
/// 300 one-shot calls at 128 KiB after 50 to warm up, twice (2026-11-27): AVX2 1,156–1,194 MB/s, scalar 252–260 MB/s.
/// One-shot calls allocate nothing on the heap and wipe the chaining variable and the padded tail they held on the
/// stack.
/// </remarks>
public static unsafe partial class Lsh512
{
    public const int BlockSizeInBytes = 256;

    internal const int Steps = 28;

    // Rotation amounts of the 64-bit family, KS X 3262 (the NSR reference code's ROT_EVEN_ALPHA …).
    internal const int AlphaEven = 23, BetaEven = 59, AlphaOdd = 7, BetaOdd = 3;

    internal static readonly int[] Gamma = [0, 16, 32, 48, 8, 24, 40, 56];

    /// <summary>The step constants SC_0 … SC_27 (<see cref="Lsh.DeriveStepConstants"/>), SC_0 as the standard gives it.</summary>
    internal static readonly ulong[] StepConstants = Lsh.DeriveStepConstants<ulong>(
    [
        0x97884283c938982a, 0xba1fca93533e2355, 0xc519a2e87aeb1c03, 0x9a0fc95462af17b1,
        0xfc3dda8ab019a82b, 0x02825d079a895407, 0x79f2d0a7ee06a6f7, 0xd76d15eed9fdf5fe,
    ], Steps);

    private static readonly ulong* AlignedStepConstants = Lsh.AlignedCopy<ulong>(StepConstants);

    /// <summary>The step constants at a 64-byte-aligned address (<see cref="Lsh.AlignedCopy"/>), for the vector path.</summary>
    private static ref ulong AlignedStepConstantsStart => ref *AlignedStepConstants;

    /// <summary>
    /// The initial chaining variables, derived as the standard defines them: (64, hash bits, 0, …, 0) through the
    /// compression function with an all-zero block. A test checks them against the NSR reference code's tables.
    /// </summary>
    internal static readonly ulong[] InitialValue256 = Lsh.DeriveInitialValue<ulong, Lsh.Lsh512Parameters>(256);

    internal static readonly ulong[] InitialValue512 = Lsh.DeriveInitialValue<ulong, Lsh.Lsh512Parameters>(512);

    /// <summary>
    /// Whether this algorithm has <paramref name="path"/> here: <see cref="InstructionSet.Scalar"/> always,
    /// <see cref="InstructionSet.Avx2"/> on x86 CPUs with AVX2 (it uses vpermq and vpshufb directly), and
    /// <see cref="InstructionSet.Avx512"/> where 512-bit vectors are accelerated (it uses vprolq and vpermt2q directly).
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Avx2 => Avx2.IsSupported,
        InstructionSet.Avx512 => Vector512.IsHardwareAccelerated,
        _ => false,
    };

    /// <summary>The path the callers without one use: the widest of <see cref="InstructionSet.Avx512"/> and <see cref="InstructionSet.Avx2"/> the CPU has.</summary>
    public static InstructionSet DefaultPath { get; } = InstructionSets.Widest(IsSupported);

    /// <summary>LSH-512-256: 32 bytes.</summary>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Lsh.Hash<ulong, Lsh.Lsh512Parameters>(source, destination, 32, InitialValue256, path);

    /// <summary>LSH-512-512: 64 bytes.</summary>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        Lsh.Hash<ulong, Lsh.Lsh512Parameters>(source, destination, 64, InitialValue512, path);
}
