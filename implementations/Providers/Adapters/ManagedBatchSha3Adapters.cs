using CryptoHarness.Managed;

namespace CryptoHarness.Implementations;

/// <summary>
/// Managed multi-message SHA3-256 on one path, or, with no path, on its default (variant <c>multibuffer-auto</c>): four
/// messages per pass of the four-state Keccak permutation, the vector route on CPUs without AVX-512. Its one-shot hash
/// is an honest batch of one, so the gate's cross-check covers it as any other SHA3-256.
/// </summary>
public sealed class ManagedMultiBufferSha3_256(InstructionSet? path)
    : HashImplementation(Algorithms.Sha3_256, Providers.Managed, VariantOf(path)), IBatchHashImplementation
{
    public override Support Support =>
        path is not { } p || Sha3MultiBuffer.IsSupported(p) ? Support.Yes
        : !InstructionSets.IsSupported(p) ? Support.No($"this CPU lacks {InstructionSets.VariantName(p)}")
        : Support.No($"multi-message SHA3-256 has no {InstructionSets.VariantName(p)} path");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Sha3MultiBuffer)];

    /// <summary>Every path there is code for: scalar, avx2 and avx512.</summary>
    public static IEnumerable<InstructionSet> Paths { get; } = [InstructionSet.Scalar, InstructionSet.Avx2, InstructionSet.Avx512];

    public void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination)
    {
        if (path is { } p)
        {
            Sha3MultiBuffer.HashBatch256(messages, messageLength, destination, p);
        }
        else
        {
            Sha3MultiBuffer.HashBatch256(messages, messageLength, destination);
        }
    }

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.IsEmpty)
        {
            // A batch needs a positive message length, so the empty message goes to a single sponge: the same path's
            // where one exists (Avx2 has none), the default one for the default.
            if (path is { } p)
            {
                Sha3.HashData256(source, destination, p == InstructionSet.Avx512 ? p : InstructionSet.Scalar);
            }
            else
            {
                Sha3.HashData256(source, destination);
            }

            return;
        }

        HashBatch(source, source.Length, destination);
    }

    private static string VariantOf(InstructionSet? path) => $"multibuffer-{(path is { } p ? InstructionSets.VariantName(p) : "auto")}";
}
