using System.Security.Cryptography;

namespace CryptoHarness.Implementations;

public sealed class OsSha256() : HashImplementation(Algorithms.Sha256, Providers.Os)
{
    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA256.HashData(source, destination);
}
