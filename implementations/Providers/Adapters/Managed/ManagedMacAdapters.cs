using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

/// <summary>
/// Our BLAKE2b in keyed mode (<see cref="Blake2b.HashData(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte}, InstructionSet)"/>)
/// on one path, as a MAC: one entry per path BLAKE2b has, like the unkeyed hashes.
/// </summary>
public sealed class ManagedBlake2b512Mac(InstructionSet path)
    : MacImplementation(Algorithms.Blake2b512Mac, ManagedProvider.Provider, InstructionSets.VariantName(path))
{
    public static IEnumerable<IImplementation> All() =>
        ManagedHash.PathsOf(Blake2b.IsSupported).Select(path => new ManagedBlake2b512Mac(path));

    public override Support Support => Support.WhenCpuHas(Blake2b.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Blake2b)];

    public override Support SupportForKey(int keyBytes) => Blake2bMacKeys.SupportFor(keyBytes);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Blake2b.HashData(key, source, destination, path);
}
