using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

/// <summary>libsodium's generic hash with a key: keyed BLAKE2b (RFC 7693), 64-byte output.</summary>
public sealed unsafe class LibsodiumBlake2b512Mac() : MacImplementation(Algorithms.Blake2b512Mac, LibsodiumProvider.Provider)
{
    public override Support Support => Libsodium.Support;

    public override Support SupportForKey(int keyBytes) => Blake2bMacKeys.SupportFor(keyBytes);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* k = key)
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = Libsodium.crypto_generichash.Call(
                NativeCalls.IsShort(source.Length), output, (nuint)destination.Length, input, (ulong)source.Length, k, (nuint)key.Length);
        }
    }

    /// <summary>
    /// The generic hash has no verify call of its own; libsodium's way to compare a 64-byte tag is <c>crypto_verify_64</c>
    /// (constant time), which is what a libsodium user calls after recomputing it.
    /// </summary>
    protected override bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
    {
        Span<byte> computed = stackalloc byte[Libsodium.Verify64Bytes];
        MacCore(key, customization, source, computed);
        bool equal;
        fixed (byte* expected = computed)
        fixed (byte* given = tag)
        {
            equal = Libsodium.crypto_verify_64(expected, given) == 0;
        }

        // The right tag is what a forger lacks: it does not stay behind on the stack.
        System.Security.Cryptography.CryptographicOperations.ZeroMemory(computed);
        return equal;
    }
}

/// <summary>libsodium's MACs.</summary>
public static class LibsodiumMacs
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new LibsodiumBlake2b512Mac(),
    ];
}
