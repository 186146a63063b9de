using System.Buffers.Binary;
using CryptoHarness.Selecting;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Pairing;

/// <summary>
/// One operation of one build's entry on one payload size, as <c>Running/Workload.cs</c> times it (the same inputs from
/// <see cref="WorkloadInputs"/>, the same output buffers, a new nonce per encryption, decryption of one valid message),
/// but calling through a bound delegate, so it works for an entry of any load context. <see cref="Output"/> is what the
/// last call wrote, for checking that both builds compute the same thing before they are timed as equals.
/// </summary>
public abstract class BoundWorkload
{
    /// <summary>The timed call: the provider's call and nothing else.</summary>
    public abstract void Run();

    /// <summary>A copy of what the last <see cref="Run"/> wrote (digest, tag, ciphertext and tag, or plaintext).</summary>
    public abstract byte[] Output();

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

    private sealed class HashWorkload(HashCall hash, byte[] input, int outputBytes) : BoundWorkload
    {
        private readonly byte[] _output = new byte[outputBytes];

        public override void Run() => hash(input, _output);

        public override byte[] Output() => [.. _output];
    }

    private sealed class XofWorkload(XofCall xof, byte[] input, int outputBytes) : BoundWorkload
    {
        private readonly byte[] _output = new byte[outputBytes];

        public override void Run() => xof([], input, _output);

        public override byte[] Output() => [.. _output];
    }

    private sealed class MacWorkload(MacCall mac, byte[] input, int keyBytes, int outputBytes) : BoundWorkload
    {
        private readonly byte[] _key = WorkloadInputs.Key(keyBytes);
        private readonly byte[] _output = new byte[outputBytes];

        public override void Run() => mac(_key, [], input, _output);

        public override byte[] Output() => [.. _output];
    }

    private sealed class EncryptWorkload(EncryptCall encrypt, byte[] plaintext, int keyBytes, int nonceBytes, int tagBytes) : BoundWorkload
    {
        private readonly byte[] _key = WorkloadInputs.Key(keyBytes);
        private readonly byte[] _nonce = WorkloadInputs.Nonce(nonceBytes);
        private readonly byte[] _associatedData = WorkloadInputs.AssociatedData();
        private readonly byte[] _ciphertext = new byte[plaintext.Length];
        private readonly byte[] _tag = new byte[tagBytes];
        private ulong _counter;

        public override void Run()
        {
            BinaryPrimitives.WriteUInt64LittleEndian(_nonce, ++_counter);
            encrypt(_key, _nonce, _associatedData, plaintext, _ciphertext, _tag);
        }

        public override byte[] Output() => [.. _ciphertext, .. _tag];
    }

    private sealed class DecryptWorkload : BoundWorkload
    {
        private readonly string _id;
        private readonly DecryptCall _decrypt;
        private readonly byte[] _key;
        private readonly byte[] _nonce;
        private readonly byte[] _associatedData = WorkloadInputs.AssociatedData();
        private readonly byte[] _ciphertext;
        private readonly byte[] _tag;
        private readonly byte[] _plaintext;

        public DecryptWorkload(string id, EncryptCall encrypt, DecryptCall decrypt, byte[] plaintext, int keyBytes, int nonceBytes, int tagBytes)
        {
            _id = id;
            _decrypt = decrypt;
            _key = WorkloadInputs.Key(keyBytes);
            _nonce = WorkloadInputs.Nonce(nonceBytes);
            _ciphertext = new byte[plaintext.Length];
            _tag = new byte[tagBytes];
            _plaintext = new byte[plaintext.Length];
            encrypt(_key, _nonce, _associatedData, plaintext, _ciphertext, _tag);
        }

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
