using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;
using Org.BouncyCastle.Crypto.Macs;
using Org.BouncyCastle.Crypto.Parameters;

namespace CryptoHarness.Implementations.Adapters.BouncyCastle;

/// <summary>
/// HMAC and KMAC as a one-shot call with the key: the key is set on every call, as with the OS's
/// <c>HMACSHA256.HashData(key, …)</c>, so both do the same work. BouncyCastle's <see cref="KeyParameter"/> copies the key
/// into a new array each time (and HMAC re-derives its pads); that cost is the API's and shows in the report.
/// </summary>
public abstract class BouncyCastleMac<TSelf>(Algorithm algorithm) : MacImplementation(algorithm, BouncyCastleProvider.Provider)
    where TSelf : BouncyCastleMac<TSelf>
{
    [ThreadStatic]
    private static IMac? t_mac;

    protected abstract IMac CreateMac(byte[]? customization);

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var mac = customization.IsEmpty ? t_mac ??= CreateMac(null) : CreateMac(customization.ToArray());
        mac.Init(new KeyParameter(key));
        mac.BlockUpdate(source);
        mac.DoFinal(destination);
    }
}

public sealed class BouncyCastleHmacSha256() : BouncyCastleMac<BouncyCastleHmacSha256>(Algorithms.HmacSha256)
{
    protected override IMac CreateMac(byte[]? customization) => new HMac(new Sha256Digest());
}

public sealed class BouncyCastleHmacSha512() : BouncyCastleMac<BouncyCastleHmacSha512>(Algorithms.HmacSha512)
{
    protected override IMac CreateMac(byte[]? customization) => new HMac(new Sha512Digest());
}

public sealed class BouncyCastleKmac128() : BouncyCastleMac<BouncyCastleKmac128>(Algorithms.Kmac128)
{
    protected override IMac CreateMac(byte[]? customization) => new KMac(128, customization);
}

public sealed class BouncyCastleKmac256() : BouncyCastleMac<BouncyCastleKmac256>(Algorithms.Kmac256)
{
    protected override IMac CreateMac(byte[]? customization) => new KMac(256, customization);
}

/// <summary>BouncyCastle's MACs.</summary>
public static class BouncyCastleMacs
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BouncyCastleHmacSha256(),
        new BouncyCastleHmacSha512(),
        new BouncyCastleKmac128(),
        new BouncyCastleKmac256(),
    ];
}
