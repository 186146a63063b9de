namespace CryptoHarness.Managed;

/// <summary>
/// SHAKE128 or SHAKE256 (FIPS 202 §6.2) of four messages at once: four independent sponges run side by side, as
/// lattice schemes use them to expand matrices and sample noise. Each output equals the one-shot
/// <see cref="Shake"/> output of its message.
/// </summary>
/// <remarks>
/// <para>
/// The four messages must have one length and the four outputs another, so the sponges stay in step. A
/// destination may overlap its own source but no other: the scalar path finishes one sponge before reading the next
/// message. No call allocates on the heap, and the states are wiped before returning.
/// </para>
/// <para>
/// Paths: <see cref="InstructionSet.Scalar"/> runs four single-state scalar sponges one after another (the
/// baseline the vector paths must beat); <see cref="InstructionSet.Avx2"/> (<c>KeccakP1600X4.Avx2.cs</c>) runs the
/// four states in the elements of 256-bit vectors with AVX2 instructions; <see cref="InstructionSet.Avx512"/>
/// (<c>KeccakP1600X4.Avx512.cs</c>) runs the same 256-bit code with AVX-512VL rotations and three-input logic.
/// </para>
/// <para>
/// Dispatch: Avx512, else Avx2, else Scalar, from Stopwatch loops on an AMD EPYC (Zen 4), medians of interleaved
/// runs, in MB/s summed over the four sponges. Four 16 KiB messages, 32-byte outputs: four calls of the OS's
/// <c>Shake128.HashData</c> 587, Scalar 603, Avx2 2244, Avx512 3041; with the runtime's AVX-512 use switched off
/// (<c>DOTNET_EnableAVX512=0</c>, standing in for an AVX2-only CPU) Avx2 1620. Four 34-byte seeds, 504 bytes of
/// output each (bytes of output): OS 404, Scalar 571, Avx2 1861, Avx512 2365.
/// </para>
/// </remarks>
public static class ShakeX4
{
    internal static readonly InstructionSet DefaultPath =
        IsSupported(InstructionSet.Avx512) ? InstructionSet.Avx512
        : IsSupported(InstructionSet.Avx2) ? InstructionSet.Avx2
        : InstructionSet.Scalar;

    /// <summary>Whether this library has a four-way SHAKE path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Avx2 => InstructionSets.IsSupported(InstructionSet.Avx2),
        InstructionSet.Avx512 => KeccakP1600.IsSupported(InstructionSet.Avx512),
        _ => false,
    };

    /// <summary>
    /// Fills each destination with SHAKEn output for the source of the same number, n being
    /// <typeparamref name="TSize"/>: <see cref="Bits128"/> or <see cref="Bits256"/>.
    /// </summary>
    /// <param name="path">
    /// The code path to run, or null for this CPU's best (the dispatch above). One overload with an optional path
    /// rather than the pair the single-message functions have, so that the eight spans are declared once.
    /// </param>
    /// <exception cref="ArgumentException">The sources differ in length, or the destinations do.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(
        ReadOnlySpan<byte> source0,
        ReadOnlySpan<byte> source1,
        ReadOnlySpan<byte> source2,
        ReadOnlySpan<byte> source3,
        Span<byte> destination0,
        Span<byte> destination1,
        Span<byte> destination2,
        Span<byte> destination3,
        InstructionSet? path = null)
        where TSize : struct, IShakeSize
    {
        InstructionSet chosen = path ?? DefaultPath;
        KeccakSpongeX4.ThrowIfNoPath(chosen, "Four-way SHAKE");
        KeccakSpongeX4.Hash(
            source0, source1, source2, source3, destination0, destination1, destination2, destination3,
            KeccakSize.RateInBytes<TSize>(), KeccakSponge.ShakeSuffix, chosen);
    }
}
