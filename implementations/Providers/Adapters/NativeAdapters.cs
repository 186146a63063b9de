using CryptoHarness.Implementations.Native;

namespace CryptoHarness.Implementations;

public sealed unsafe class LibsodiumSha256() : HashImplementation(Algorithms.Sha256, Providers.Libsodium)
{
    public override Support Support => Libsodium.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            // crypto_hash_sha256 has no failure mode; it returns 0 always (libsodium documentation, "SHA-2").
            _ = Libsodium.crypto_hash_sha256(output, input, (ulong)source.Length);
        }
    }
}

public sealed unsafe class Blake3NativeHash() : HashImplementation(Algorithms.Blake3, Providers.Blake3Native)
{
    public override Support Support => Blake3Shim.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            Blake3Shim.harness_blake3_hash(input, (nuint)source.Length, output, (nuint)destination.Length);
        }
    }
}
