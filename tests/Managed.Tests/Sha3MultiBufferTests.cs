using System.Security.Cryptography;
using static CryptoHarness.Managed.Tests.KeccakTestSupport;

namespace CryptoHarness.Managed.Tests;

/// <summary>
/// Multi-message SHA3-256 on every path this CPU has: the FIPS 202 example vectors in every lane, every batch size
/// around the four-message groups, message lengths around the 136-byte rate, unaligned batches, and each digest
/// against the single-state scalar SHA3-256, BouncyCastle and (where the OS has it) the OS.
/// </summary>
public sealed class Sha3MultiBufferTests
{
    public static TheoryData<InstructionSet> Paths => new(Enum.GetValues<InstructionSet>().Where(Sha3MultiBuffer.IsSupported));

    [Fact]
    public void Scalar_avx2_and_avx512_are_the_paths_and_the_default_is_supported()
    {
        Assert.True(Sha3MultiBuffer.IsSupported(InstructionSet.Scalar));
        Assert.False(Sha3MultiBuffer.IsSupported(InstructionSet.Ssse3));
        Assert.True(Sha3MultiBuffer.IsSupported(Sha3MultiBuffer.DefaultPath));
        Assert.Equal(System.Runtime.Intrinsics.X86.Avx2.IsSupported, Sha3MultiBuffer.IsSupported(InstructionSet.Avx2));
    }

    /// <summary>
    /// NIST FIPS 202 example values: SHA3-256_1600.pdf (200 × 0xA3, longer than the rate) in every lane of a batch of
    /// five, so the last one runs in a group with spare elements; SHA3-256_Msg0.pdf's empty message cannot be batched
    /// (message lengths are positive) and is covered by <c>Sha3Tests</c>.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_the_fips202_example_in_every_lane(InstructionSet path)
    {
        const string expected = "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787";
        byte[] messages = Enumerable.Repeat((byte)0xa3, 5 * 200).ToArray();
        var digests = new byte[5 * 32];
        Sha3MultiBuffer.HashBatch256(messages, 200, digests, path);
        for (int lane = 0; lane < 5; lane++)
        {
            Assert.Equal(expected, Convert.ToHexStringLower(digests.AsSpan(lane * 32, 32)));
        }
    }

    /// <summary>
    /// Batch sizes 1 to 9 and 17 (every remainder after the groups of four), lengths 1, around the rate (135 to 137,
    /// 271, 272) and long (4 KiB, 128 KiB for one batch), each batch read at offsets 0 to 7 of its buffer: each digest
    /// equals the single-state scalar SHA3-256 of its message, and nothing is written past the last digest.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Each_digest_equals_single_state_scalar_sha3(InstructionSet path)
    {
        foreach (int length in (int[])[1, 32, 64, 135, 136, 137, 271, 272, 4096])
        {
            foreach (int count in (int[])[1, 2, 3, 4, 5, 6, 7, 8, 9, 17])
            {
                CheckBatch(path, length, count, offset: (length + count) % 8);
            }
        }

        CheckBatch(path, 131072, 5, offset: 3);
    }

    /// <summary>Against BouncyCastle's Sha3Digest and the OS's SHA3_256 (OpenSSL here), independent implementations.</summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Matches_bouncycastle_and_the_os(InstructionSet path)
    {
        const int count = 7;
        foreach (int length in (int[])[1, 64, 136, 1000])
        {
            byte[] messages = RandomBuffer(count * length, 3000 + length)[..(count * length)];
            var digests = new byte[count * 32];
            Sha3MultiBuffer.HashBatch256(messages, length, digests, path);
            for (int i = 0; i < count; i++)
            {
                var bouncy = new Org.BouncyCastle.Crypto.Digests.Sha3Digest(256);
                bouncy.BlockUpdate(messages, i * length, length);
                var expected = new byte[32];
                bouncy.DoFinal(expected, 0);
                Assert.Equal(expected, digests.AsSpan(i * 32, 32).ToArray());
                if (SHA3_256.IsSupported)
                {
                    Assert.Equal(SHA3_256.HashData(messages.AsSpan(i * length, length)), digests.AsSpan(i * 32, 32).ToArray());
                }
            }
        }
    }

    [Fact]
    public void Rejects_bad_lengths_with_the_parameter_named()
    {
        var digests = new byte[64];
        Assert.Equal("messageLength", Assert.Throws<ArgumentException>(() => Sha3MultiBuffer.HashBatch256(new byte[10], 0, digests)).ParamName);
        Assert.Equal("messageLength", Assert.Throws<ArgumentException>(() => Sha3MultiBuffer.HashBatch256(new byte[10], 3, digests)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Sha3MultiBuffer.HashBatch256(new byte[30], 10, digests)).ParamName);
        Assert.Equal("path", Assert.Throws<ArgumentException>(
            () => Sha3MultiBuffer.HashBatch256(new byte[10], 10, digests, InstructionSet.Ssse3)).ParamName);
    }

    private static void CheckBatch(InstructionSet path, int length, int count, int offset)
    {
        byte[] buffer = RandomBuffer(count * length, (length * 31) + count);
        ReadOnlySpan<byte> messages = buffer.AsSpan(offset, count * length);
        var digests = new byte[(count + 1) * 32];
        digests.AsSpan().Fill(0xA5);
        Sha3MultiBuffer.HashBatch256(messages, length, digests.AsSpan(0, count * 32), path);
        var expected = new byte[32];
        for (int i = 0; i < count; i++)
        {
            Sha3.HashData<Bits256>(messages.Slice(i * length, length), expected, InstructionSet.Scalar);
            Assert.True(
                expected.AsSpan().SequenceEqual(digests.AsSpan(i * 32, 32)),
                $"{path}: message {i} of {count}, {length} bytes at offset {offset}");
        }

        Assert.False(digests.AsSpan(count * 32).ContainsAnyExcept((byte)0xA5), $"{path}: wrote past the last digest");
    }
}
