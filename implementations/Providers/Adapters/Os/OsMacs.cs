using System.Security.Cryptography;

namespace CryptoHarness.Implementations.Adapters.Os;

public sealed class OsHmacSha256() : MacImplementation(Algorithms.HmacSha256, OsProvider.Provider)
{
    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        HMACSHA256.HashData(key, source, destination);
}

public sealed class OsHmacSha512() : MacImplementation(Algorithms.HmacSha512, OsProvider.Provider)
{
    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        HMACSHA512.HashData(key, source, destination);
}

public sealed class OsKmac128() : MacImplementation(Algorithms.Kmac128, OsProvider.Provider)
{
    public override Support Support => OsSupport.Of(Kmac128.IsSupported, Algorithm);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Kmac128.HashData(key, source, destination, customization);
}

public sealed class OsKmac256() : MacImplementation(Algorithms.Kmac256, OsProvider.Provider)
{
    public override Support Support => OsSupport.Of(Kmac256.IsSupported, Algorithm);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Kmac256.HashData(key, source, destination, customization);
}

/// <summary>The os provider's MACs.</summary>
public static class OsMacs
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new OsHmacSha256(),
        new OsHmacSha512(),
        new OsKmac128(),
        new OsKmac256(),
    ];
}
