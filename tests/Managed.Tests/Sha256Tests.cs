using System.Security.Cryptography;

namespace CryptoHarness.Managed.Tests;

public sealed class Sha256Tests
{
    /// <summary>Every length across five blocks, at every offset within a word, against the OS.</summary>
    [Fact]
    public void Matches_the_os_on_every_length_and_offset()
    {
        var buffer = new byte[5 * 64 + 8];
        new Random(2026).NextBytes(buffer);
        Span<byte> expected = stackalloc byte[32];
        Span<byte> actual = stackalloc byte[32];
        for (var offset = 0; offset < 8; offset++)
        {
            for (var length = 0; length <= 5 * 64; length++)
            {
                var input = buffer.AsSpan(offset, length);
                SHA256.HashData(input, expected);
                Sha256.HashData(input, actual);
                Assert.True(expected.SequenceEqual(actual), $"length {length}, offset {offset}");
            }
        }
    }
}
