using CryptoHarness.Selecting;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using CryptoHarness.Gate;
using CryptoHarness.Selecting.Scenarios;

namespace CryptoHarness.Tests.Correctness;

/// <summary>The gate's checks for XOF, MAC, AEAD, incremental and batch hashing, each shown to catch a broken double.</summary>
public sealed class GateKindTests
{
    private static readonly int[] Sizes = [128, 1024];

    private static Provider Double(string key) => new(key, "test double", () => "test");

    [Fact]
    public void An_aead_that_accepts_a_flipped_tag_bit_fails()
    {
        var lax = new LaxAesGcm(checkTag: false);
        GateAssert.FailsAlone(lax, [new OsAes256Gcm(), new BouncyCastleAes256Gcm(), lax], Sizes, "accepted a tag with a flipped bit");
    }

    [Fact]
    public void An_aead_that_checks_its_tag_passes_as_the_control()
    {
        var strict = new LaxAesGcm(checkTag: true);
        GateAssert.AllPass([new OsAes256Gcm(), strict], Sizes);
    }

    [Fact]
    public void An_aead_that_ignores_associated_data_fails_its_known_answers()
    {
        var blind = new LaxAesGcm(checkTag: true, ignoreAssociatedData: true);
        GateAssert.Fails(blind, [new OsAes256Gcm(), blind], Sizes, "known answer");
    }

    [Fact]
    public void An_xof_wrong_past_the_first_block_of_output_is_caught_by_the_cross_check()
    {
        // The longest published output is 200 bytes; the cross-check reads 232 (one rate of 168 bytes, plus 64).
        var shortSighted = new ShakeWrongAfter(Algorithms.Shake128, firstWrongByte: 210);
        GateAssert.Fails(shortSighted, [new OsShake128(), new BouncyCastleShake128(), shortSighted], Sizes, "232-byte output");
    }

    [Fact]
    public void A_mac_that_mishandles_a_key_one_byte_longer_than_the_block_is_caught_by_the_cross_check()
    {
        // RFC 4231's keys are 4, 20, 25 and 131 bytes long, so only the cross-check's 65-byte key finds this one.
        var truncating = new HmacTruncatingKeys();
        GateAssert.Fails(truncating, [new OsHmacSha256(), new BouncyCastleHmacSha256(), truncating], Sizes, "65-byte key");
    }

    [Fact]
    public void An_incremental_hash_that_differs_from_its_one_shot_fails_before_any_cross_check()
    {
        var drifting = new IncrementalDropsLastByte();
        GateAssert.Fails(drifting, [new OsSha256(), drifting], Sizes, "incremental hashing");
    }

    [Fact]
    public void Every_registered_streaming_implementation_matches_its_one_shot()
    {
        var streaming = Registry.Implementations.OfType<IStreamingHashImplementation>().Where(i => i.Support.IsSupported).ToArray();
        Assert.NotEmpty(streaming);
        GateAssert.AllPass(streaming, Sizes);
    }

    [Fact]
    public void A_batch_api_wrong_in_one_lane_only_from_nine_messages_on_fails_and_names_the_lane()
    {
        // Batches of 1, 7 and 8 are right; the one-shot hash is right, so only the lane-by-lane check can see it.
        var broken = new Sha256Batch(Sha256Batch.Fault.LaneFiveFromNine);
        var failure = GateAssert.FailsAlone(broken, [new OsSha256(), new BouncyCastleSha256(), broken], Sizes);
        Assert.StartsWith("lane 5 differs from the one-shot hash of sha256/os in a batch of 9 messages of 1 byte at offset 0", failure.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public void A_batch_api_that_writes_past_its_last_digest_fails()
    {
        var overrunning = new Sha256Batch(Sha256Batch.Fault.WritesPastTheEnd);
        GateAssert.Fails(overrunning, [new OsSha256(), overrunning], Sizes, "wrote past its last digest in a batch of 17 messages");
    }

    [Fact]
    public void A_correct_batch_api_passes_as_the_control()
    {
        GateAssert.AllPass([new OsSha256(), new Sha256Batch(Sha256Batch.Fault.None)], Sizes);
    }

    [Fact]
    public void The_batch_check_covers_each_lane_count_and_the_padding_edges()
    {
        Assert.Subset(CorrectnessGate.BatchSizes.ToHashSet(), new HashSet<int> { 1, 7, 8, 9, 16, 17, 64, 128 });
        Assert.Subset(CorrectnessGate.BatchSizes.ToHashSet(), BatchSelection.BatchSizes.ToHashSet());
        Assert.Subset(CorrectnessGate.BatchMessageLengths(Algorithms.Sha256).ToHashSet(), new HashSet<int> { 32, 55, 56, 63, 64, 65, 119, 120 });
    }

    /// <summary>AES-256-GCM through the OS, with the verification optionally skipped or the associated data dropped.</summary>
    private sealed class LaxAesGcm(bool checkTag, bool ignoreAssociatedData = false)
        : AeadImplementation(Algorithms.Aes256Gcm, Double(checkTag ? "strict" : "lax"))
    {
        protected override void EncryptCore(
            ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
        {
            using var aes = new AesGcm(key, 16);
            aes.Encrypt(nonce, plaintext, ciphertext, tag, ignoreAssociatedData ? [] : associatedData);
        }

        protected override bool DecryptCore(
            ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
        {
            using var aes = new AesGcm(key, 16);
            if (!checkTag)
            {
                // Recompute the tag over what was received and ignore the one given: the forgery a lax decryptor lets through.
                Span<byte> ignored = stackalloc byte[16];
                Span<byte> scratch = new byte[ciphertext.Length];
                aes.Encrypt(nonce, new byte[ciphertext.Length], scratch, ignored, associatedData);
                for (var i = 0; i < ciphertext.Length; i++)
                {
                    plaintext[i] = (byte)(ciphertext[i] ^ scratch[i]);
                }

                return true;
            }

            try
            {
                aes.Decrypt(nonce, ciphertext, tag, plaintext, ignoreAssociatedData ? [] : associatedData);
                return true;
            }
            catch (AuthenticationTagMismatchException)
            {
                return false;
            }
        }
    }

    private sealed class ShakeWrongAfter(Algorithm algorithm, int firstWrongByte) : XofImplementation(algorithm, Double("short-sighted"))
    {
        protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
        {
            Shake128.HashData(source, destination);
            if (destination.Length > firstWrongByte)
            {
                destination[firstWrongByte] ^= 1;
            }
        }
    }

    /// <summary>A key one byte longer than the block is cut to the block instead of hashed (RFC 2104 §2 says hash it).</summary>
    private sealed class HmacTruncatingKeys() : MacImplementation(Algorithms.HmacSha256, Double("truncating"))
    {
        protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
            HMACSHA256.HashData(key.Length == 65 ? key[..64] : key, source, destination);
    }

    /// <summary>SHA-256 through the OS one message at a time, behind a batch API with an optional fault.</summary>
    private sealed class Sha256Batch(Sha256Batch.Fault fault) : HashImplementation(Algorithms.Sha256, Double($"batch-{fault}".ToLowerInvariant())), IBatchHashImplementation
    {
        public enum Fault
        {
            None,

            /// <summary>Lane 5 is wrong once a batch has 9 messages, as a second 8-lane step that mixes up its lanes would be.</summary>
            LaneFiveFromNine,

            /// <summary>A batch of 17 writes one byte past the destination, as unchecked pointer code could.</summary>
            WritesPastTheEnd,
        }

        protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA256.HashData(source, destination);

        public void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination)
        {
            var count = messages.Length / messageLength;
            for (var i = 0; i < count; i++)
            {
                SHA256.HashData(messages.Slice(i * messageLength, messageLength), destination.Slice(i * 32, 32));
            }

            if (fault == Fault.LaneFiveFromNine && count >= 9)
            {
                destination[(5 * 32) + 7] ^= 0x10;
            }

            if (fault == Fault.WritesPastTheEnd && count == 17)
            {
                Unsafe.Add(ref MemoryMarshal.GetReference(destination), count * 32) = 0;
            }
        }
    }

    private sealed class IncrementalDropsLastByte() : HashImplementation(Algorithms.Sha256, Double("drifting")), IStreamingHashImplementation
    {
        protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => SHA256.HashData(source, destination);

        public IIncrementalHash CreateIncremental() => new Incremental();

        private sealed class Incremental : IIncrementalHash
        {
            private readonly IncrementalHash _hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);

            public void Append(ReadOnlySpan<byte> source) => _hash.AppendData(source.Length > 1 ? source[..^1] : source);

            public void Finish(Span<byte> destination) => _hash.GetHashAndReset(destination);

            public void Dispose() => _hash.Dispose();
        }
    }
}
