using NSecAlgorithm = NSec.Cryptography.Algorithm;
using NSecMacAlgorithm = NSec.Cryptography.MacAlgorithm;

namespace CryptoHarness.Implementations.Adapters.NSec;

/// <summary>
/// An NSec MAC: <c>MacAlgorithm.Mac(key, data, mac)</c> (and <c>Verify</c>) under a Key imported for an instance of the key's length.
/// NSec refuses keys outside its stated sizes, so <see cref="SupportForKey"/> lists them and the gate leaves them out.
/// </summary>
public abstract class NSecMac<TSelf>(Algorithm algorithm, int minKeyBytes, int maxKeyBytes) : MacImplementation(algorithm, NSecProvider.Provider), INSecKeyed
    where TSelf : NSecMac<TSelf>
{
    public override Support Support => NSecLibrary.Support;

    public override Support SupportForKey(int keyBytes) =>
        keyBytes >= minKeyBytes && keyBytes <= maxKeyBytes ? Support.Yes
        : Support.No($"NSec imports {Algorithm.Name} keys of {(minKeyBytes == maxKeyBytes ? $"exactly {minKeyBytes}" : $"{minKeyBytes} to {maxKeyBytes}")} bytes; this one is {keyBytes}");

    public abstract NSecAlgorithm KeyAlgorithm(int keyBytes);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var imported = NSecKeys<TSelf>.For(key, this);
        ((NSecMacAlgorithm)imported.Algorithm).Mac(imported, source, destination);
    }

    /// <summary>NSec's own <c>MacAlgorithm.Verify(key, data, mac)</c>, as its users verify.</summary>
    protected override bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
    {
        var imported = NSecKeys<TSelf>.For(key, this);
        return ((NSecMacAlgorithm)imported.Algorithm).Verify(imported, source, tag);
    }
}

/// <summary>HMAC-SHA-256; NSec takes exactly 32-byte keys (its <c>HmacSha256.MinKeySize</c> and <c>MaxKeySize</c>).</summary>
public sealed class NSecHmacSha256()
    : NSecMac<NSecHmacSha256>(Algorithms.HmacSha256, global::NSec.Cryptography.HmacSha256.MinKeySize, global::NSec.Cryptography.HmacSha256.MaxKeySize)
{
    public override NSecAlgorithm KeyAlgorithm(int keyBytes) => new global::NSec.Cryptography.HmacSha256(keyBytes, Algorithm.OutputBytes);
}

/// <summary>HMAC-SHA-512; NSec takes 32- to 64-byte keys.</summary>
public sealed class NSecHmacSha512()
    : NSecMac<NSecHmacSha512>(Algorithms.HmacSha512, global::NSec.Cryptography.HmacSha512.MinKeySize, global::NSec.Cryptography.HmacSha512.MaxKeySize)
{
    public override NSecAlgorithm KeyAlgorithm(int keyBytes) => new global::NSec.Cryptography.HmacSha512(keyBytes, Algorithm.OutputBytes);
}

/// <summary>Keyed BLAKE2b with 64-byte output; NSec takes 16- to 64-byte keys (libsodium's recommended minimum).</summary>
public sealed class NSecBlake2b512Mac()
    : NSecMac<NSecBlake2b512Mac>(Algorithms.Blake2b512Mac, global::NSec.Cryptography.Blake2bMac.MinKeySize, global::NSec.Cryptography.Blake2bMac.MaxKeySize)
{
    public override NSecAlgorithm KeyAlgorithm(int keyBytes) => new global::NSec.Cryptography.Blake2bMac(keyBytes, Algorithm.OutputBytes);
}

/// <summary>NSec's MACs.</summary>
public static class NSecMacs
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new NSecHmacSha256(),
        new NSecHmacSha512(),
        new NSecBlake2b512Mac(),
    ];
}
