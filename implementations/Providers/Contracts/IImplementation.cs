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
