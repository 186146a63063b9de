using System.Buffers.Binary;
using System.Text;
using CryptoHarness.Implementations;

namespace CryptoHarness.Gate;

// What each kind's output is, for known answers and for the cross-check.
public static partial class CorrectnessGate
{
    /// <summary>The customization string the gate uses beside the empty one for cSHAKE and KMAC.</summary>
    private static readonly byte[] GateCustomization = Encoding.ASCII.GetBytes("crypto-harness gate");

    /// <summary>Empty, one byte, either side of the 16-byte AES and Poly1305 blocks and the 64-byte ChaCha20 block.</summary>
    private static readonly int[] AeadPropertyLengths = [0, 1, 15, 16, 17, 63, 64, 65, 255, 1000];

    /// <summary>Gives the property checks nonces of their own, distinct from every cross-check slice's.</summary>
    private const int PropertyCheckOffset = -1;

    private static string? CheckHashAnswer(IHashImplementation hash, KnownAnswer answer)
    {
        var output = new byte[hash.OutputBytes];
        hash.Hash(answer.Input, output);

        // A published output may be longer than the default (BLAKE3's extended output): compare its prefix.
        return Mismatch(answer.ExpectedHex[..Math.Min(answer.ExpectedHex.Length, output.Length * 2)], output);
    }

    private static string? CheckXofAnswer(IXofImplementation xof, KnownAnswer answer)
    {
        var output = new byte[answer.ExpectedHex.Length / 2];
        xof.Hash(answer.Customization, answer.Input, output);
        return Mismatch(answer.ExpectedHex, output);
    }

    private static string? CheckMacAnswer(IMacImplementation mac, KnownAnswer answer)
    {
        var output = new byte[mac.OutputBytes];
        mac.Mac(answer.Key, answer.Customization, answer.Input, output);
        return Mismatch(answer.ExpectedHex[..Math.Min(answer.ExpectedHex.Length, output.Length * 2)], output)
            ?? CheckMacVerify(mac, answer.Key, answer.Customization, answer.Input, output);
    }

    /// <summary>
    /// The verify operation, on a tag the known answer has just confirmed: it must accept that tag and refuse one whose
    /// first or last byte is wrong, one a byte short, and the tag of another message. (Published vectors may be
    /// truncated, RFC 4231 test case 5, so the full computed tag is the right one.)
    /// </summary>
    private static string? CheckMacVerify(IMacImplementation mac, byte[] key, byte[] customization, byte[] message, byte[] tag)
    {
        if (!mac.Verify(key, customization, message, tag))
        {
            return "verify refused the right tag";
        }

        var firstWrong = (byte[])tag.Clone();
        firstWrong[0] ^= 0x01;
        var lastWrong = (byte[])tag.Clone();
        lastWrong[^1] ^= 0x80;
        foreach (var (forged, what) in new[] { (firstWrong, "a tag whose first byte is wrong"), (lastWrong, "a tag whose last byte is wrong"), (tag[..^1], "a tag one byte short") })
        {
            if (mac.Verify(key, customization, message, forged))
            {
                return $"verify accepted {what}";
            }
        }

        return mac.Verify(key, customization, [.. message, 0x00], tag) ? "verify accepted the tag of another message" : null;
    }

    private static string? CheckAeadAnswer(IAeadImplementation aead, KnownAnswer answer)
    {
        var tagBytes = aead.Algorithm.TagBytes;
        var sealedBytes = new byte[answer.Input.Length + tagBytes];
        aead.Encrypt(answer.Key, answer.Nonce, answer.AssociatedData, answer.Input, sealedBytes.AsSpan(0, answer.Input.Length), sealedBytes.AsSpan(answer.Input.Length));
        if (Mismatch(answer.ExpectedHex, sealedBytes) is { } failure)
        {
            return "encrypt: " + failure;
        }

        var plaintext = new byte[answer.Input.Length];
        if (!aead.Decrypt(answer.Key, answer.Nonce, answer.AssociatedData, sealedBytes.AsSpan(0, answer.Input.Length), sealedBytes.AsSpan(answer.Input.Length), plaintext))
        {
            return "decrypt rejected the published ciphertext and tag";
        }

        return plaintext.AsSpan().SequenceEqual(answer.Input) ? null : "decrypt returned a different plaintext";
    }

    private static IEnumerable<(Probe, string)> HashProbes(Algorithm algorithm)
    {
        yield return ((implementation, input, _, _) =>
        {
            var output = new byte[algorithm.OutputBytes];
            ((IHashImplementation)implementation).Hash(input, output);
            return output;
        }, "hash");
    }

    /// <summary>Output one block past the rate, so squeezing more than one block is compared too.</summary>
    private static IEnumerable<(Probe, string)> XofProbes(Algorithm algorithm)
    {
        var outputBytes = algorithm.BlockBytes + 64;
        IEnumerable<byte[]> customizations = algorithm.Customizable ? [[], GateCustomization] : [[]];
        foreach (var customization in customizations)
        {
            yield return ((implementation, input, _, _) =>
            {
                var output = new byte[outputBytes];
                ((IXofImplementation)implementation).Hash(customization, input, output);
                return output;
            }, $"{outputBytes}-byte output{(customization.Length == 0 ? "" : ", with a customization string,")}");
        }
    }

    private static IEnumerable<(Probe, string)> MacProbes(Algorithm algorithm)
    {
        var key = Deterministic(algorithm.KeyBytes, purpose: 1);
        IEnumerable<byte[]> customizations = algorithm.Customizable ? [[], GateCustomization] : [[]];
        foreach (var customization in customizations)
        {
            yield return ((implementation, input, _, _) => MacOrRefuse((IMacImplementation)implementation, key, customization, input), $"{key.Length}-byte key{(customization.Length == 0 ? "" : ", with a customization string,")}");
        }

        // Keys shorter and longer than the block (HMAC hashes a long key first), with messages of the swept lengths.
        // No key under 16 bytes: OpenSSL's KMAC refuses keys under 4 bytes, a policy rather than a wrong answer.
        foreach (var keyLength in new[] { 16, algorithm.BlockBytes, algorithm.BlockBytes + 1, (2 * algorithm.BlockBytes) + 3 }.Distinct())
        {
            var otherKey = Deterministic(keyLength, purpose: 100 + keyLength);
            yield return ((implementation, input, length, _) =>
                MacOrRefuse((IMacImplementation)implementation, length % 7 == 0 ? otherKey : key, [], input), $"{keyLength}-byte key on every seventh length");
        }
    }

    /// <summary>The tag, or null for a key length the implementation refuses by its stated policy (keyed BLAKE2b over 64 bytes).</summary>
    private static byte[]? MacOrRefuse(IMacImplementation mac, byte[] key, byte[] customization, ReadOnlySpan<byte> input)
    {
        if (!mac.SupportForKey(key.Length).IsSupported)
        {
            return null;
        }

        var output = new byte[mac.OutputBytes];
        mac.Mac(key, customization, input, output);
        return output;
    }

    /// <summary>
    /// The nonce differs per probe, as a caller's must between encryptions under one key (BouncyCastle enforces it for
    /// GCM); the output compared is ciphertext followed by tag.
    /// </summary>
    private static IEnumerable<(Probe, string)> AeadProbes(Algorithm algorithm)
    {
        yield return ((implementation, input, length, offset) => Seal((IAeadImplementation)implementation, input, length, offset), "encrypt with 16-byte associated data");
    }

    private static byte[] Seal(IAeadImplementation aead, ReadOnlySpan<byte> plaintext, int length, int offset)
    {
        var (key, nonce, associatedData) = AeadParameters(aead.Algorithm, length, offset);
        var output = new byte[plaintext.Length + aead.Algorithm.TagBytes];
        aead.Encrypt(key, nonce, associatedData, plaintext, output.AsSpan(0, plaintext.Length), output.AsSpan(plaintext.Length));
        return output;
    }

    private static (byte[] Key, byte[] Nonce, byte[] AssociatedData) AeadParameters(Algorithm algorithm, int length, int offset)
    {
        var nonce = Deterministic(algorithm.NonceBytes, purpose: 2);
        BinaryPrimitives.WriteInt32LittleEndian(nonce, length);
        BinaryPrimitives.WriteInt32LittleEndian(nonce.AsSpan(4), offset);
        return (Deterministic(algorithm.KeyBytes, purpose: 1), nonce, Deterministic(16, purpose: 3));
    }

    /// <summary>
    /// Beyond agreeing on ciphertexts: every implementation decrypts what the others produced, and rejects a flipped bit
    /// in the tag, the ciphertext or the associated data.
    /// </summary>
    private static void CheckAeadProperties(
        Algorithm algorithm, IReadOnlyList<IImplementation> candidates, IReadOnlyCollection<int> benchmarkSizes, byte[] buffer,
        Dictionary<IImplementation, string> failures)
    {
        var lengths = AeadPropertyLengths.Concat(benchmarkSizes).Distinct().Order();
        foreach (var length in lengths)
        {
            var plaintext = buffer.AsSpan(1, length).ToArray();
            var alive = candidates.Where(c => !failures.ContainsKey(c)).Cast<IAeadImplementation>().ToArray();
            for (var index = 0; index < alive.Length; index++)
            {
                // A nonce per producer: BouncyCastle refuses to encrypt under a nonce it has just decrypted with.
                var producer = alive[index];
                var offset = PropertyCheckOffset - index;
                var (key, nonce, associatedData) = AeadParameters(algorithm, length, offset);
                byte[] sealedBytes;
                try
                {
                    sealedBytes = Seal(producer, plaintext, length, offset);
                }
                catch (Exception e) when (e is not OutOfMemoryException)
                {
                    failures.TryAdd(producer, $"threw {e.GetType().Name} encrypting {length} bytes: {e.Message}");
                    continue;
                }

                foreach (var consumer in alive.Where(c => !failures.ContainsKey(c)))
                {
                    if (Guard(() => CheckOpen(consumer, producer, sealedBytes, plaintext, key, nonce, associatedData)) is { } failure)
                    {
                        failures.TryAdd(consumer, $"{failure} ({length} bytes from {producer.Id})");
                    }
                }
            }
        }
    }

    private static string? CheckOpen(
        IAeadImplementation consumer, IAeadImplementation producer, byte[] sealedBytes, byte[] plaintext, byte[] key, byte[] nonce, byte[] associatedData)
    {
        var length = plaintext.Length;
        var opened = new byte[length];
        if (!consumer.Decrypt(key, nonce, associatedData, sealedBytes.AsSpan(0, length), sealedBytes.AsSpan(length), opened))
        {
            return $"rejected a valid ciphertext";
        }

        if (!opened.AsSpan().SequenceEqual(plaintext))
        {
            return "decrypted to a different plaintext";
        }

        if (consumer != producer)
        {
            return null;
        }

        // Tampering, checked on the implementation's own output: each flip must be rejected.
        var tampered = (byte[])sealedBytes.Clone();
        tampered[^1] ^= 0x01;
        if (consumer.Decrypt(key, nonce, associatedData, tampered.AsSpan(0, length), tampered.AsSpan(length), opened))
        {
            return "accepted a tag with a flipped bit";
        }

        if (length > 0)
        {
            tampered = (byte[])sealedBytes.Clone();
            tampered[length / 2] ^= 0x80;
            if (consumer.Decrypt(key, nonce, associatedData, tampered.AsSpan(0, length), tampered.AsSpan(length), opened))
            {
                return "accepted a ciphertext with a flipped bit";
            }
        }

        var otherData = (byte[])associatedData.Clone();
        otherData[0] ^= 0x01;
        return consumer.Decrypt(key, nonce, otherData, sealedBytes.AsSpan(0, length), sealedBytes.AsSpan(length), opened)
            ? "accepted changed associated data"
            : null;
    }
}
