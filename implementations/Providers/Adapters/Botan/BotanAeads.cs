using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Botan;

/// <summary>
/// Botan's AEADs through its C API's cipher objects, as its users call them: one <c>botan_cipher_t</c> per direction,
/// algorithm and thread, keyed by <c>botan_cipher_set_key</c> only when the key changes (the key schedule is kept, as
/// the OS and BouncyCastle adapters keep theirs); per message <c>botan_cipher_set_associated_data</c>,
/// <c>botan_cipher_start</c> with the nonce, and one <c>botan_cipher_update</c> with the final flag over the whole
/// message. That call takes and gives the ciphertext with its tag appended, so encryption writes into a per-thread
/// buffer split into ciphertext and tag, and decryption joins them in it: two copies a wrapper with a detached
/// interface could not avoid (Botan copies the message into its own buffer as well). A bad tag is
/// <c>BOTAN_FFI_ERROR_BAD_MAC</c>, and then nothing is written to the plaintext.
/// </summary>
/// <remarks>
/// Botan's <c>ChaCha20Poly1305</c> takes a 24-byte nonce as XChaCha20-Poly1305 (Botan's chacha20poly1305.h), so
/// one name serves both. The tag is 16 bytes for every entry, as in the catalog.
/// </remarks>
public abstract unsafe class BotanAead<TSelf>(Algorithm algorithm, string botanName) : AeadImplementation(algorithm, BotanProvider.Provider)
    where TSelf : BotanAead<TSelf>
{
    [ThreadStatic]
    private static Keyed? t_encrypt;

    [ThreadStatic]
    private static Keyed? t_decrypt;

    /// <summary>Ciphertext and tag end to end, grown to the longest message seen on this thread.</summary>
    [ThreadStatic]
    private static byte[]? t_joined;

    public override Support Support => LibBotan.Support;

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        var cipher = (t_encrypt ??= new Keyed(BotanObject.Cipher(botanName, 0))).For(key, botanName);
        var joined = Joined(plaintext.Length + tag.Length);
        var result = Run(cipher, nonce, associatedData, plaintext, joined);
        LibBotan.Check(result, "botan_cipher_update", botanName);
        joined.AsSpan(0, plaintext.Length).CopyTo(ciphertext);
        joined.AsSpan(plaintext.Length, tag.Length).CopyTo(tag);
    }

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        var cipher = (t_decrypt ??= new Keyed(BotanObject.Cipher(botanName, LibBotan.CipherDecrypt))).For(key, botanName);
        var joined = Joined(ciphertext.Length + tag.Length);
        ciphertext.CopyTo(joined);
        tag.CopyTo(joined.AsSpan(ciphertext.Length));
        var result = Run(cipher, nonce, associatedData, joined.AsSpan(0, ciphertext.Length + tag.Length), plaintext);
        if (result == LibBotan.BadMac)
        {
            return false;
        }

        LibBotan.Check(result, "botan_cipher_update", botanName);
        return true;
    }

    /// <summary>Associated data, nonce and the whole message in one final update; Botan's result code.</summary>
    private static int Run(IntPtr cipher, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output)
    {
        fixed (byte* n = nonce)
        fixed (byte* ad = associatedData)
        fixed (byte* i = input)
        fixed (byte* o = output)
        {
            nuint written, consumed;
            var isShort = NativeCalls.IsShort(input.Length + associatedData.Length);
            var started = LibBotan.botan_cipher_set_associated_data.Call(isShort, cipher, ad, (nuint)associatedData.Length);
            started = started != LibBotan.Success ? started : LibBotan.botan_cipher_start.Call(isShort, cipher, n, (nuint)nonce.Length);
            return started != LibBotan.Success ? started
                : LibBotan.botan_cipher_update.Call(isShort, cipher, LibBotan.UpdateFinal, o, (nuint)output.Length, &written, i, (nuint)input.Length, &consumed);
        }
    }

    private static byte[] Joined(int length)
    {
        if (t_joined is null || t_joined.Length < length)
        {
            t_joined = new byte[Math.Max(length, 2 * (t_joined?.Length ?? 0))];
        }

        return t_joined;
    }

    /// <summary>A cipher object and the key it holds, rekeyed only when another key comes.</summary>
    private sealed class Keyed(BotanObject cipher)
    {
        private byte[]? _key;

        public IntPtr For(ReadOnlySpan<byte> key, string name)
        {
            if (_key is null || !key.SequenceEqual(_key))
            {
                fixed (byte* k = key)
                {
                    LibBotan.Check(LibBotan.botan_cipher_set_key(cipher.Handle, k, (nuint)key.Length), "botan_cipher_set_key", name);
                }

                _key = key.ToArray();
            }

            return cipher.Handle;
        }
    }
}

public sealed class BotanAes128Gcm() : BotanAead<BotanAes128Gcm>(Algorithms.Aes128Gcm, "AES-128/GCM");

public sealed class BotanAes256Gcm() : BotanAead<BotanAes256Gcm>(Algorithms.Aes256Gcm, "AES-256/GCM");

public sealed class BotanChaCha20Poly1305() : BotanAead<BotanChaCha20Poly1305>(Algorithms.ChaCha20Poly1305, "ChaCha20Poly1305");

public sealed class BotanXChaCha20Poly1305() : BotanAead<BotanXChaCha20Poly1305>(Algorithms.XChaCha20Poly1305, "ChaCha20Poly1305");

/// <summary>Botan's AEADs.</summary>
public static class BotanAeads
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BotanAes128Gcm(),
        new BotanAes256Gcm(),
        new BotanChaCha20Poly1305(),
        new BotanXChaCha20Poly1305(),
    ];
}
