using Blake2bCalls = Geralt.BLAKE2b;

namespace CryptoHarness.Implementations.Adapters.Geralt;

/// <summary>
/// Keyed BLAKE2b with 64-byte output: <c>BLAKE2b.ComputeTag(tag, message, key)</c>, and Geralt's own
/// <c>BLAKE2b.VerifyTag</c>, as its users verify. Geralt takes 16- to 64-byte keys (its <c>MinKeySize</c> and
/// <c>MaxKeySize</c>, libsodium's recommended minimum and its maximum) and refuses others by throwing, so
/// <see cref="SupportForKey"/> lists them and the gate leaves the others out.
/// </summary>
public sealed class GeraltBlake2b512Mac() : MacImplementation(Algorithms.Blake2b512Mac, GeraltProvider.Provider)
{
    public override Support Support => GeraltLibrary.Support;

    public override Support SupportForKey(int keyBytes) =>
        keyBytes is >= Blake2bCalls.MinKeySize and <= Blake2bCalls.MaxKeySize ? Support.Yes
        : Support.No($"Geralt takes BLAKE2b keys of {Blake2bCalls.MinKeySize} to {Blake2bCalls.MaxKeySize} bytes; this one is {keyBytes}");

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Blake2bCalls.ComputeTag(destination, source, key);

    protected override bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag) =>
        Blake2bCalls.VerifyTag(tag, source, key);
}

/// <summary>Geralt's MACs.</summary>
public static class GeraltMacs
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new GeraltBlake2b512Mac(),
    ];
}
