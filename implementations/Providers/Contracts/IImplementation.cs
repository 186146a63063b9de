namespace CryptoHarness.Implementations;

/// <summary>What every registered implementation exposes, whatever its kind (hash, XOF, MAC, AEAD, and later password hash).</summary>
public interface IImplementation
{
    /// <summary>Stable id: <c>{algorithm slug}/{provider}</c>, plus <c>/{variant}</c> when there is one.</summary>
    string Id { get; }

    Algorithm Algorithm { get; }

    Provider Provider { get; }

    /// <summary>The code path within a provider (<c>scalar</c>, <c>avx2</c>, …); empty for third parties.</summary>
    string Variant { get; }

    Support Support { get; }
}

/// <summary>A one-shot fixed-length hash.</summary>
public interface IHashImplementation : IImplementation
{
    int OutputBytes { get; }

    /// <summary>Hashes <paramref name="source"/> into the first <see cref="OutputBytes"/> bytes of <paramref name="destination"/>.</summary>
    void Hash(ReadOnlySpan<byte> source, Span<byte> destination);
}

/// <summary>An extendable-output function: the output length is the caller's choice.</summary>
public interface IXofImplementation : IImplementation
{
    /// <summary>
    /// Fills all of <paramref name="destination"/>. <paramref name="customization"/> is cSHAKE's S; an algorithm
    /// that is not <see cref="Algorithm.Customizable"/> accepts only an empty one.
    /// </summary>
    void Hash(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination);
}

/// <summary>A message authentication code with a fixed output length.</summary>
public interface IMacImplementation : IImplementation
{
    int OutputBytes { get; }

    /// <summary>
    /// Writes the tag of <paramref name="source"/> under <paramref name="key"/> into the first <see cref="OutputBytes"/>
    /// bytes of <paramref name="destination"/>. <paramref name="customization"/> is KMAC's S; empty for HMAC.
    /// </summary>
    void Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>
    /// Whether this implementation takes a key of <paramref name="keyBytes"/> bytes, and why not (NSec's HMAC-SHA-256
    /// takes exactly 32 bytes; keyed BLAKE2b at most 64): the gate leaves such a key out for it instead of failing it.
    /// </summary>
    Support SupportForKey(int keyBytes) => Support.Yes;

    /// <summary>
    /// Whether <paramref name="tag"/> is the tag of <paramref name="source"/> under <paramref name="key"/>: false for any
    /// other tag, including one of another length; never throws for a wrong tag. An adapter whose library has its own
    /// verification (NSec's <c>MacAlgorithm.Verify</c>, libsodium's <c>crypto_verify_*</c>) uses it; without one, this
    /// default computes the tag and compares it in constant time, as a caller of that library would have to.
    /// </summary>
    bool Verify(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag) =>
        MacVerification.ComputeAndCompare(this, key, customization, source, tag);
}

/// <summary>The verification a MAC library without one leaves to its caller: compute the tag, compare in constant time.</summary>
public static class MacVerification
{
    public static bool ComputeAndCompare(IMacImplementation mac, ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
    {
        ArgumentNullException.ThrowIfNull(mac);
        if (tag.Length != mac.OutputBytes)
        {
            return false;
        }

        // MAC tags are at most 64 bytes here; the bound only keeps a hypothetical long tag off the stack.
        Span<byte> computed = mac.OutputBytes <= 256 ? stackalloc byte[mac.OutputBytes] : new byte[mac.OutputBytes];
        mac.Mac(key, customization, source, computed);
        var equal = System.Security.Cryptography.CryptographicOperations.FixedTimeEquals(computed, tag);

        // The right tag is what a forger lacks: it does not stay behind on the stack.
        System.Security.Cryptography.CryptographicOperations.ZeroMemory(computed);
        return equal;
    }
}

/// <summary>Authenticated encryption with associated data; encryption and verified decryption are separate operations.</summary>
public interface IAeadImplementation : IImplementation
{
    /// <summary>Writes <c>plaintext.Length</c> bytes of ciphertext and <see cref="Algorithm.TagBytes"/> bytes of tag.</summary>
    void Encrypt(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag);

    /// <summary>
    /// Verifies the tag and, only if it is valid, writes the plaintext. Returns false for any forgery, never throws for one.
    /// </summary>
    bool Decrypt(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext);
}

/// <summary>
/// A hash that can also be fed in pieces: the streaming scenario times it over a large input in fixed chunks.
/// </summary>
public interface IStreamingHashImplementation : IHashImplementation
{
    /// <summary>A fresh hasher; the caller disposes it.</summary>
    IIncrementalHash CreateIncremental();
}

/// <summary>
/// A hash that also takes many independent messages in one call, as multi-buffer code hashes several messages per
/// vector. The batch scenario times this call against a loop of single calls of every other implementation of the
/// algorithm over the same messages.
/// </summary>
public interface IBatchHashImplementation : IHashImplementation
{
    /// <summary>
    /// Hashes each of the <c>messages.Length / messageLength</c> messages of <paramref name="messageLength"/> bytes laid
    /// end to end in <paramref name="messages"/>, writing the digests end to end, <see cref="IHashImplementation.OutputBytes"/>
    /// each, in batch order.
    /// </summary>
    /// <exception cref="ArgumentException">
    /// <paramref name="messageLength"/> is not positive or does not divide the length of <paramref name="messages"/>, or
    /// <paramref name="destination"/> is shorter than one digest per message.
    /// </exception>
    void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination);
}

/// <summary>One incremental hashing state, reusable after <see cref="Finish"/>.</summary>
public interface IIncrementalHash : IDisposable
{
    void Append(ReadOnlySpan<byte> source);

    /// <summary>Writes the digest into the first <c>OutputBytes</c> bytes and resets, ready for the next message.</summary>
    void Finish(Span<byte> destination);
}

/// <summary>
/// A password hash (Argon2, bcrypt): a deliberately costly function of a password and a salt under parameters that set
/// the cost, with an encoded string form (PHC for Argon2, modular crypt for bcrypt) that carries everything needed to
/// verify a password later.
/// </summary>
public interface IPasswordHashImplementation : IImplementation
{
    /// <summary>
    /// Whether this implementation can run these parameters with inputs of these sizes, and why not (libsodium runs
    /// Argon2 with one lane only; bcrypt takes no secret): a table says so instead of leaving a hole.
    /// </summary>
    Support SupportFor(PasswordHashParameters parameters, PasswordHashInputs inputs);

    /// <summary>
    /// Writes the raw tag, <see cref="PasswordHashParameters.TagBytes"/> bytes, into <paramref name="tag"/>.
    /// <paramref name="secret"/> and <paramref name="associatedData"/> are Argon2's K and X; empty for bcrypt.
    /// </summary>
    void Hash(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        PasswordHashParameters parameters, Span<byte> tag);

    /// <summary>
    /// Hashes and encodes (<c>$argon2id$v=19$m=…,t=…,p=…$salt$hash</c>, <c>$2b$10$…</c>). A provider whose encoding
    /// call draws its own salt (libsodium's <c>crypto_pwhash_str</c>) ignores <paramref name="salt"/>; its
    /// <see cref="SupportFor"/> says which salt length it draws.
    /// </summary>
    string HashToString(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, PasswordHashParameters parameters);

    /// <summary>
    /// True when <paramref name="password"/> matches <paramref name="encoded"/>, false when it does not. A malformed
    /// string either throws <see cref="FormatException"/> or, where the provider cannot tell malformed from wrong
    /// (libsodium, libxcrypt), returns false; never another exception.
    /// </summary>
    bool Verify(string encoded, ReadOnlySpan<byte> password);

    /// <summary>
    /// False for an alternative code path of a provider whose primary entry is measured in full (the managed
    /// instruction-set variants): only its raw hash is timed, since encoding and verifying cost the same on every path.
    /// </summary>
    bool IsPrimary => true;
}

/// <summary>What a password-hash call does: some providers can verify strings they cannot produce (libsodium verifies p=4).</summary>
public enum PasswordHashUse
{
    /// <summary>The raw tag.</summary>
    Hash,

    /// <summary>Hash and encode as a string.</summary>
    Encode,

    /// <summary>Parse a string and verify a password against it.</summary>
    Verify,
}

/// <summary>The sizes of a password hash's inputs, which some providers restrict (libsodium: 16-byte salts, no secret), and the use.</summary>
public readonly record struct PasswordHashInputs(int SaltBytes, int SecretBytes, int AssociatedDataBytes, PasswordHashUse Use);
