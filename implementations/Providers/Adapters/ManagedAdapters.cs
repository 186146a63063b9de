namespace CryptoHarness.Implementations;

/// <summary>The product's own code. Each instruction-set path will be its own variant; today there is the scalar one.</summary>
public sealed class ManagedSha256() : HashImplementation(Algorithms.Sha256, Providers.Managed, "scalar")
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => Managed.Sha256.HashData(source, destination);
}

public sealed class ManagedBlake3() : HashImplementation(Algorithms.Blake3, Providers.Managed, "scalar")
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => Managed.Blake3.HashData(source, destination);
}
