using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace CryptoHarness.Tests.Correctness;

/// <summary>
/// Ciphertext and tag handed over adjacent (one message buffer, as the benchmarks lay them out) or apart: every AEAD
/// gives the same answer both ways, and the adapters of one-buffer libraries (NSec, Geralt) work in place only when the
/// two really are one span.
/// </summary>
public sealed class JoinedCiphertextTests
{
    public static TheoryData<string> AeadIds() =>
        new(Registry.Implementations.OfType<IAeadImplementation>().Where(a => a.Support.IsSupported).Select(a => a.Id));

    [Theory]
    [MemberData(nameof(AeadIds))]
    public void An_aead_seals_and_opens_alike_with_ciphertext_and_tag_adjacent_or_apart(string id)
    {
        var aead = Registry.Implementations.OfType<IAeadImplementation>().Single(a => a.Id == id);
        var algorithm = aead.Algorithm;
        var key = Enumerable.Range(1, algorithm.KeyBytes).Select(i => (byte)i).ToArray();
        var nonce = Enumerable.Range(7, algorithm.NonceBytes).Select(i => (byte)i).ToArray();
        byte[] associatedData = [1, 2, 3];
        foreach (var length in new[] { 0, 1, 63, 200 })
        {
            var plaintext = Enumerable.Range(0, length).Select(i => (byte)(i * 13)).ToArray();
            nonce[0]++;

            var message = new byte[length + algorithm.TagBytes];
            aead.Encrypt(key, nonce, associatedData, plaintext, message.AsSpan(0, length), message.AsSpan(length));
            // The same nonce again: every adapter must give the same answer (BouncyCastle's adapter takes a fresh cipher).
            var ciphertext = new byte[length];
            var tag = new byte[algorithm.TagBytes];
            aead.Encrypt(key, nonce, associatedData, plaintext, ciphertext, tag);

            Assert.Equal(message, ciphertext.Concat(tag).ToArray());
            var openedTogether = new byte[length];
            var openedApart = new byte[length];
            Assert.True(aead.Decrypt(key, nonce, associatedData, message.AsSpan(0, length), message.AsSpan(length), openedTogether));
            Assert.True(aead.Decrypt(key, nonce, associatedData, ciphertext, tag, openedApart));
            Assert.Equal(plaintext, openedTogether);
            Assert.Equal(plaintext, openedApart);

            tag[^1] ^= 1;
            Assert.False(aead.Decrypt(key, nonce, associatedData, ciphertext, tag, new byte[length]));
        }
    }

    [Fact]
    public void Adjacent_spans_are_used_in_place_and_apart_ones_go_through_the_buffer()
    {
        var message = new byte[40];
        var together = JoinedCiphertext.ForEncryption(message.AsSpan(0, 24), message.AsSpan(24), out var inPlace);
        Assert.True(inPlace);
        Assert.Equal(40, together.Length);
        Assert.True(Unsafe.AreSame(ref MemoryMarshal.GetReference(together), ref message[0]));

        var ciphertext = new byte[24];
        var tag = new byte[16];
        var apart = JoinedCiphertext.ForEncryption(ciphertext, tag, out inPlace);
        Assert.False(inPlace);
        Assert.Equal(40, apart.Length);
        Assert.False(Unsafe.AreSame(ref MemoryMarshal.GetReference(apart), ref ciphertext[0]));

        // A gap of one byte is not adjacent, nor is a tag placed before the ciphertext.
        Assert.False(SameStart(JoinedCiphertext.Join(message.AsSpan(0, 23), message.AsSpan(24)), message));
        Assert.False(SameStart(JoinedCiphertext.Join(message.AsSpan(16, 24), message.AsSpan(0, 16)), message, 16));
        Assert.True(SameStart(JoinedCiphertext.Join(message.AsSpan(0, 24), message.AsSpan(24)), message));

        // An empty ciphertext is adjacent to a tag at the same place.
        Assert.True(SameStart(JoinedCiphertext.Join(message.AsSpan(24, 0), message.AsSpan(24)), message, 24));
    }

    [Fact]
    public void A_copy_through_the_buffer_keeps_ciphertext_then_tag()
    {
        byte[] ciphertext = [1, 2, 3];
        byte[] tag = [9, 8];
        Assert.Equal(new byte[] { 1, 2, 3, 9, 8 }, JoinedCiphertext.Join(ciphertext, tag).ToArray());

        var outCiphertext = new byte[3];
        var outTag = new byte[2];
        JoinedCiphertext.Split([4, 5, 6, 7, 0], outCiphertext, outTag);
        Assert.Equal(new byte[] { 4, 5, 6 }, outCiphertext);
        Assert.Equal(new byte[] { 7, 0 }, outTag);
    }

    private static bool SameStart(ReadOnlySpan<byte> joined, byte[] message, int offset = 0) =>
        Unsafe.AreSame(ref MemoryMarshal.GetReference(joined), ref message[offset]);
}
