using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using CryptoHarness.Formatting;
using static CryptoHarness.Kinds.KindChecks;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Kinds;

/// <summary>An AEAD: sealing and opening with associated data; timed as <c>encrypt</c> and <c>decrypt</c> (with tag verification).</summary>
public sealed class AeadKind : KindContract<IAeadImplementation>
{
    /// <summary>Empty, one byte, either side of the 16-byte AES and Poly1305 blocks and the 64-byte ChaCha20 block.</summary>
    private static readonly int[] AeadPropertyLengths = [0, 1, 15, 16, 17, 63, 64, 65, 255, 1000];

    /// <summary>Gives the property checks nonces of their own, distinct from every cross-check slice's.</summary>
    private const int PropertyCheckOffset = -1;

    public override AlgorithmKind Kind => AlgorithmKind.Aead;

    public override string SiteArea => "aead";

    public override string? Parameters(AlgorithmInfo algorithm) =>
        $"{algorithm.KeyBytes}-byte key, {algorithm.NonceBytes}-byte nonce, {algorithm.TagBytes}-byte tag, {algorithm.AssociatedDataBytes} bytes of associated data; sizes are plaintext bytes. Encrypt uses a new nonce per call; decrypt verifies the tag.";

    /// <summary>Encryption before decryption.</summary>
    public override OperationLabel? Label(string operation) => operation switch
    {
        Encrypt => new(0, "Encrypt"),
        Decrypt => new(1, "Decrypt and verify"),
        _ => null,
    };

    public override IEnumerable<(Probe Probe, string What)> Probes(Algorithm algorithm) => AeadProbes(algorithm);

    /// <summary>The property check's fixed lengths (up to 1000 bytes at offset 1) exceed the cross-check's when the block is small and the sizes few.</summary>
    public override int LongestPropertyInput => AeadPropertyLengths.Max();

    public override void CheckProperties(
        Algorithm algorithm, IReadOnlyList<IImplementation> candidates, IReadOnlyCollection<int> benchmarkSizes, byte[] input,
        IReadOnlyList<PasswordParameterSet> passwordSets, Dictionary<IImplementation, string> failures) =>
        CheckAeadProperties(algorithm, candidates, benchmarkSizes, input, failures);

    public override int AssociatedDataBytes => WorkloadInputs.AssociatedDataBytes;

    public override IReadOnlyList<string> Operations(IImplementation implementation) => [Encrypt, Decrypt];

    protected override Workload? CreateWorkload(IAeadImplementation aead, string operation, byte[] input) => operation switch
    {
        Encrypt => new EncryptWorkload(aead, input),
        Decrypt => new DecryptWorkload(aead, input),
        _ => null,
    };

    protected override string? CheckAnswer(IAeadImplementation aead, KnownAnswer answer)
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

    /// <summary>
    /// The nonce differs per probe, as a caller's must between encryptions under one key (BouncyCastle enforces it for
    /// GCM); the output compared is ciphertext followed by tag.
    /// </summary>
    private static IEnumerable<(Probe Probe, string What)> AeadProbes(Algorithm algorithm)
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

    /// <summary>
    /// Key, nonce and associated data, then the message buffers, in one pinned block, each at a 64-byte boundary (see
    /// <see cref="AlignedBlock"/>). Ciphertext and tag are one message buffer, ciphertext ‖ tag, as a sealed message is
    /// sent or stored: a library whose API takes them as one buffer (NSec, Geralt) works on it in place, as its users
    /// call it, and the others are handed the two parts as spans.
    /// </summary>
    private abstract class AeadWorkload : Workload
    {
        protected readonly AlignedBlock Block;
        protected readonly ArraySegment<byte> Key;
        protected readonly ArraySegment<byte> Nonce;
        protected readonly ArraySegment<byte> AssociatedData;
        protected readonly ArraySegment<byte> Ciphertext;
        protected readonly ArraySegment<byte> Tag;

        /// <summary>The block's last buffer, <paramref name="length"/> bytes, is the subclass's plaintext: its input or its output.</summary>
        protected AeadWorkload(Algorithm algorithm, int length)
        {
            var associatedData = WorkloadInputs.AssociatedData();
            Block = new AlignedBlock(algorithm.KeyBytes, algorithm.NonceBytes, associatedData.Length, length + algorithm.TagBytes, length);
            Key = Block.Take(WorkloadInputs.Key(algorithm.KeyBytes));
            Nonce = Block.Take(WorkloadInputs.Nonce(algorithm.NonceBytes));
            AssociatedData = Block.Take(associatedData);
            (Ciphertext, Tag) = Block.TakeMessage(length, algorithm.TagBytes);
        }
    }

    /// <summary>A new nonce per call, as a caller must use (and BouncyCastle enforces): a counter in its first 8 bytes.</summary>
    private sealed class EncryptWorkload : AeadWorkload
    {
        private readonly IAeadImplementation _aead;
        private readonly ArraySegment<byte> _plaintext;
        private ulong _counter;

        public EncryptWorkload(IAeadImplementation aead, byte[] plaintext)
            : base(aead.Algorithm, plaintext.Length)
        {
            _aead = aead;
            _plaintext = Block.Take(plaintext);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            BinaryPrimitives.WriteUInt64LittleEndian(Nonce, ++_counter);
            _aead.Encrypt(Key, Nonce, AssociatedData, _plaintext, Ciphertext, Tag);
        }
    }

    /// <summary>Decrypts one valid message again and again; a rejection would mean the gate missed something, so it throws.</summary>
    private sealed class DecryptWorkload : AeadWorkload
    {
        private readonly IAeadImplementation _aead;
        private readonly ArraySegment<byte> _plaintext;

        public DecryptWorkload(IAeadImplementation aead, byte[] plaintext)
            : base(aead.Algorithm, plaintext.Length)
        {
            _aead = aead;
            _plaintext = Block.Take(plaintext.Length);
            aead.Encrypt(Key, Nonce, AssociatedData, plaintext, Ciphertext, Tag);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            if (!_aead.Decrypt(Key, Nonce, AssociatedData, Ciphertext, Tag, _plaintext))
            {
                throw new InvalidOperationException($"{_aead.Id} rejected its own ciphertext.");
            }
        }
    }
}
