using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>
/// Managed multi-message SHA3-256 on one path, or, with no path, on its default (variant <c>multibuffer-auto</c>): four
/// messages per pass of the four-state Keccak permutation, the vector route on CPUs without AVX-512.
/// </summary>
public sealed class ManagedMultiBufferSha3_256(InstructionSet? path) : ManagedMultiBufferHash(Algorithms.Sha3_256, path)
{
    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Sha3MultiBuffer)];

    /// <summary>Every path there is code for: scalar, avx2 and avx512.</summary>
    public static IEnumerable<InstructionSet> Paths { get; } = [InstructionSet.Scalar, InstructionSet.Avx2, InstructionSet.Avx512];

    protected override bool HasPath(InstructionSet path) => Sha3MultiBuffer.IsSupported(path);

    protected override string NoPathReason(InstructionSet path) => $"multi-message SHA3-256 has no {InstructionSets.VariantName(path)} path";

    /// <remarks>No path is the default one: the overload without a path is this call on <see cref="Sha3MultiBuffer.DefaultPath"/>.</remarks>
    public override void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination) =>
        Sha3MultiBuffer.HashBatch256(messages, messageLength, destination, Path ?? Sha3MultiBuffer.DefaultPath);

    /// <remarks>
    /// To a single sponge on the same path where one exists, else the scalar one (Avx2 has none); for the default this
    /// is the single sponge's own default, Avx512 where the CPU has it.
    /// </remarks>
    protected override void HashEmpty(Span<byte> destination) =>
        Sha3.HashData<Bits256>(
            [], destination, (Path ?? Sha3MultiBuffer.DefaultPath) == InstructionSet.Avx512 ? InstructionSet.Avx512 : InstructionSet.Scalar);
}

/// <summary>The multi-message SHA3-256 entries, declared here so a change to this file selects SHA-3 only.</summary>
internal static class ManagedBatchSha3
{
    /// <summary>Each path with code, listed as unsupported where the CPU lacks it, then the dispatching default.</summary>
    public static IEnumerable<IImplementation> All() =>
        [.. ManagedMultiBufferSha3_256.Paths.Select(path => new ManagedMultiBufferSha3_256(path)), new ManagedMultiBufferSha3_256(path: null)];
}
