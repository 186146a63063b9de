using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Botan;

// Botan's HMAC through its C API: one botan_mac_t per algorithm and thread, reused. The key is set on every call, as
// the OS's HMACSHA256.HashData(key, ...) and the BouncyCastle adapter take it, so all three do the same work per
// message (the pads are derived from the key each time). botan_mac_final resets the object to its keyed state.
// Botan 2.19 has no KMAC and no keyed BLAKE2b (both came in Botan 3).

public abstract unsafe class BotanHmac<TSelf>(Algorithm algorithm, string botanName) : MacImplementation(algorithm, BotanProvider.Provider)
    where TSelf : BotanHmac<TSelf>
{
    [ThreadStatic]
    private static BotanObject? t_mac;

    public override Support Support => LibBotan.Support;

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var mac = (t_mac ??= BotanObject.Mac(botanName)).Handle;
        fixed (byte* k = key)
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            // Botan's HMAC takes an empty key, but refuses the null pointer an empty span pins to.
            byte empty = 0;
            var keyPointer = k is null ? &empty : k;
            var isShort = NativeCalls.IsShort(source.Length + key.Length);
            LibBotan.Check(LibBotan.botan_mac_set_key.Call(isShort, mac, keyPointer, (nuint)key.Length), "botan_mac_set_key", botanName);
            LibBotan.Check(LibBotan.botan_mac_update.Call(isShort, mac, input, (nuint)source.Length), "botan_mac_update", botanName);
            LibBotan.Check(LibBotan.botan_mac_final.Call(isShort, mac, output), "botan_mac_final", botanName);
        }
    }
}

public sealed class BotanHmacSha256() : BotanHmac<BotanHmacSha256>(Algorithms.HmacSha256, "HMAC(SHA-256)");

public sealed class BotanHmacSha512() : BotanHmac<BotanHmacSha512>(Algorithms.HmacSha512, "HMAC(SHA-512)");

/// <summary>Botan's MACs.</summary>
public static class BotanMacs
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BotanHmacSha256(),
        new BotanHmacSha512(),
    ];
}
