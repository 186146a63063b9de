namespace CryptoHarness.Managed;

/// <summary>
/// AEGIS-256 (draft-irtf-cfrg-aegis-aead, "The AEGIS Family of Authenticated Encryption Algorithms", §5): a 256-bit
/// key, a 256-bit nonce, a 128- or 256-bit tag, 16 bytes absorbed per update of a six-block state.
/// </summary>
/// <remarks>
/// One path, <c>Aegis256.AesNi.cs</c>, as for <see cref="Aegis128L"/> and for the same reasons: six independent AESENC
/// per update, no portable path (<c>IsSupported</c> is false without AES-NI), no key schedule, nothing allocated,
/// the state, partial blocks and the computed tag in locals of one method.
/// </remarks>
public readonly partial struct Aegis256 : IAegisVariant
{
    public static int KeySizeInBytes => 32;

    public static int NonceSizeInBytes => 32;

    static string IAegisVariant.Name => "AEGIS-256";
}
