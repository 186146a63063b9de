namespace CryptoHarness.Managed;

/// <summary>
/// AEGIS-128L (draft-irtf-cfrg-aegis-aead, "The AEGIS Family of Authenticated Encryption Algorithms", §4): a 128-bit
/// key, a 128-bit nonce, a 128- or 256-bit tag, 32 bytes absorbed per update of an eight-block state.
/// </summary>
/// <remarks>
/// <para>
/// One path, <c>Aegis128L.AesNi.cs</c>: the state update is eight AES rounds (AESENC), independent of one another, so
/// the rounds of one update issue together and an update costs about one AESENC latency. There is no portable path: a
/// table-free AES round in software would be a bitsliced implementation for a state that changes every 32 bytes, so
/// where the CPU (or the runtime) has no AES-NI, <c>IsSupported</c> is false and the registry lists the entry as
/// unsupported. The key is used once per message (AEGIS has no key schedule), so the API is static: <c>Encrypt</c>,
/// <c>Decrypt</c> and <c>IsSupported</c>, declared once for both variants in <c>Aegis.cs</c>.
/// </para>
/// <para>
/// Nothing is allocated. The state lives in locals of one method (registers, where the JIT keeps them), and so do
/// partial blocks and the computed tag (<see cref="AegisBlocks"/>): no stack buffer holds plaintext, keystream or a tag.
/// </para>
/// </remarks>
public readonly partial struct Aegis128L : IAegisVariant
{
    public static int KeySizeInBytes => 16;

    public static int NonceSizeInBytes => 16;

    static string IAegisVariant.Name => "AEGIS-128L";
}
