using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Pairing;

/// <summary>
/// One operation of one build's entry on one payload size, as <c>Running/Workload.cs</c> times it (the same inputs from
/// <see cref="WorkloadInputs"/>, the same output buffers, a new nonce per encryption, decryption of one valid message),
/// but calling through a bound delegate, so it works for an entry of any load context. <see cref="Output"/> is what the
/// last call wrote, for checking that both builds compute the same thing before they are timed as equals.
/// <para>
/// Every buffer a workload passes (input, output, key, nonce, associated data) lies in one pinned block of its own, each
/// at a 64-byte boundary, in a fixed order: so every copy of every build reads and writes memory laid out alike (the
/// same cache-line splits, the same distances between input and output), and the collector never moves it between
/// rounds. Arrays allocated one by one start wherever the heap has room, 8-byte aligned; in A/A pairs of one build that
/// alone made native code, the same for every copy, differ by a few percent from one workload to another.
/// </para>
/// </summary>
public abstract class BoundWorkload
{
    /// <summary>The timed call: the provider's call and nothing else.</summary>
    public abstract void Run();

    /// <summary>A copy of what the last <see cref="Run"/> wrote (digest, tag, ciphertext and tag, or plaintext).</summary>
    public abstract byte[] Output();

    /// <summary>
    /// Whether this workload's last call computed what <paramref name="reference"/>'s did, both having run once: the same
    /// bytes, unless the operation's output is not a function of its inputs alone (see <see cref="BoundPasswordWorkload"/>).
    /// </summary>
    public virtual bool Agrees(BoundWorkload reference) => Output().AsSpan().SequenceEqual(reference.Output());

    /// <summary>The operations the entry is measured under, as <c>Workload.OperationsOf</c> derives them from the kind.</summary>
    public static IReadOnlyList<string> OperationsOf(BuildEntry entry) => entry.Kind switch
    {
        "Hash" => [Hash],
        "Xof" => entry.BenchmarkOutputs.Select(Xof).ToArray(),
        "Mac" => [Mac],
        "Aead" => [Encrypt, Decrypt],
        _ => [],
    };

    /// <exception cref="ContractChangedException">The entry has no such operation, or its call does not bind.</exception>
    public static BoundWorkload Create(BuildEntry entry, string operation, int size)
    {
        var input = WorkloadInputs.Payload(size);
        return (entry.Kind, operation) switch
        {
            ("Hash", Hash) => new HashWorkload(entry.BindHash(), input, entry.OutputBytes),
            ("Xof", _) when operation.StartsWith("xof-", StringComparison.Ordinal) && int.TryParse(operation.AsSpan(4), out var outputBytes)
                => new XofWorkload(entry.BindXof(), input, outputBytes),
            ("Mac", Mac) => new MacWorkload(entry.BindMac(), input, entry.KeyBytes, entry.OutputBytes),
            ("Aead", Encrypt) => new EncryptWorkload(entry.BindEncrypt(), input, entry.KeyBytes, entry.NonceBytes, entry.TagBytes),
            ("Aead", Decrypt) => new DecryptWorkload(entry.Id, entry.BindEncrypt(), entry.BindDecrypt(), input, entry.KeyBytes, entry.NonceBytes, entry.TagBytes),
            _ => throw new ContractChangedException($"{entry.Id} ({entry.Kind}) has no operation '{operation}'"),
        };
    }

    /// <summary>An input and an output buffer, in one aligned block: the shape of a hash's and an XOF's call.</summary>
    private abstract class InputOutputWorkload : BoundWorkload
    {
        protected readonly ArraySegment<byte> _input;
        protected readonly ArraySegment<byte> _output;

        protected InputOutputWorkload(byte[] input, int outputBytes)
        {
            var block = new AlignedBlock(input.Length, outputBytes);
            _input = block.Take(input);
            _output = block.Take(outputBytes);
        }

        public sealed override byte[] Output() => [.. _output];
    }

    private sealed class HashWorkload(HashCall hash, byte[] input, int outputBytes) : InputOutputWorkload(input, outputBytes)
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => hash(_input, _output);
    }

    private sealed class XofWorkload(XofCall xof, byte[] input, int outputBytes) : InputOutputWorkload(input, outputBytes)
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => xof([], _input, _output);
    }

    private sealed class MacWorkload : BoundWorkload
    {
        private readonly MacCall _mac;
        private readonly ArraySegment<byte> _key;
        private readonly ArraySegment<byte> _input;
        private readonly ArraySegment<byte> _output;

        public MacWorkload(MacCall mac, byte[] input, int keyBytes, int outputBytes)
        {
            _mac = mac;
            var block = new AlignedBlock(keyBytes, input.Length, outputBytes);
            _key = block.Take(WorkloadInputs.Key(keyBytes));
            _input = block.Take(input);
            _output = block.Take(outputBytes);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => _mac(_key, [], _input, _output);

        public override byte[] Output() => [.. _output];
    }

    /// <summary>
    /// The key, nonce and associated data every AEAD call passes, first in the block; the message buffers follow in the
    /// order the subclass gives their lengths and takes them from <see cref="Block"/>.
    /// </summary>
    private abstract class AeadWorkload : BoundWorkload
    {
        protected readonly AlignedBlock Block;
        protected readonly ArraySegment<byte> _key;
        protected readonly ArraySegment<byte> _nonce;
        protected readonly ArraySegment<byte> _associatedData;

        protected AeadWorkload(int keyBytes, int nonceBytes, params ReadOnlySpan<int> messageLengths)
        {
            var associatedData = WorkloadInputs.AssociatedData();
            Block = new AlignedBlock([keyBytes, nonceBytes, associatedData.Length, .. messageLengths]);
            _key = Block.Take(WorkloadInputs.Key(keyBytes));
            _nonce = Block.Take(WorkloadInputs.Nonce(nonceBytes));
            _associatedData = Block.Take(associatedData);
        }
    }

    private sealed class EncryptWorkload : AeadWorkload
    {
        private readonly EncryptCall _encrypt;
        private readonly ArraySegment<byte> _plaintext;
        private readonly ArraySegment<byte> _ciphertext;
        private readonly ArraySegment<byte> _tag;
        private ulong _counter;

        public EncryptWorkload(EncryptCall encrypt, byte[] plaintext, int keyBytes, int nonceBytes, int tagBytes)
            : base(keyBytes, nonceBytes, plaintext.Length, plaintext.Length + tagBytes)
        {
            _encrypt = encrypt;
            _plaintext = Block.Take(plaintext);
            (_ciphertext, _tag) = Block.TakeMessage(plaintext.Length, tagBytes);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            BinaryPrimitives.WriteUInt64LittleEndian(_nonce, ++_counter);
            _encrypt(_key, _nonce, _associatedData, _plaintext, _ciphertext, _tag);
        }

        public override byte[] Output() => [.. _ciphertext, .. _tag];
    }

    private sealed class DecryptWorkload : AeadWorkload
    {
        private readonly string _id;
        private readonly DecryptCall _decrypt;
        private readonly ArraySegment<byte> _ciphertext;
        private readonly ArraySegment<byte> _tag;
        private readonly ArraySegment<byte> _plaintext;

        public DecryptWorkload(string id, EncryptCall encrypt, DecryptCall decrypt, byte[] plaintext, int keyBytes, int nonceBytes, int tagBytes)
            : base(keyBytes, nonceBytes, plaintext.Length + tagBytes, plaintext.Length)
        {
            _id = id;
            _decrypt = decrypt;
            (_ciphertext, _tag) = Block.TakeMessage(plaintext.Length, tagBytes);
            _plaintext = Block.Take(plaintext.Length);
            encrypt(_key, _nonce, _associatedData, plaintext, _ciphertext, _tag);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            if (!_decrypt(_key, _nonce, _associatedData, _ciphertext, _tag, _plaintext))
            {
                throw new InvalidOperationException($"{_id} rejected its own ciphertext.");
            }
        }

        public override byte[] Output() => [.. _ciphertext, .. _tag, .. _plaintext];
    }
}
