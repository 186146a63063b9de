using System.Buffers.Binary;
using CryptoHarness.Implementations;
using CryptoHarness.Selecting;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Running;

/// <summary>
/// One timed operation of one implementation on one payload size: everything is prepared in <see cref="Create"/>, so
/// <see cref="Run"/> is the provider's call and nothing else. Operations by kind: a hash or MAC has one; an XOF one per
/// benchmarked output length; an AEAD encrypts, and separately decrypts with verification.
/// </summary>
public abstract class Workload
{
    /// <summary>The operation names an implementation is measured under, derived from its algorithm.</summary>
    public static IReadOnlyList<string> OperationsOf(IImplementation implementation) => implementation.Algorithm.Kind switch
    {
        AlgorithmKind.Hash => [Hash],
        AlgorithmKind.Xof => implementation.Algorithm.BenchmarkOutputs.Select(Xof).ToArray(),
        AlgorithmKind.Mac => [Mac],
        AlgorithmKind.Aead => [Encrypt, Decrypt],
        _ => [],
    };

    /// <summary>A benchmark case key: id and operation, e.g. <c>shake128/os xof-64</c>.</summary>
    public static string CaseKey(string id, string operation) => $"{id} {operation}";

    public static (string Id, string Operation) ParseCaseKey(string key)
    {
        var space = key.LastIndexOf(' ');
        return space < 0 ? (key, Hash) : (key[..space], key[(space + 1)..]);
    }

    public abstract void Run();

    /// <summary>
    /// The registry entry a benchmark case names, of the kind it needs and supported here. The measuring side of an
    /// out-of-process run looks it up again from the id; only gate-approved ids reach it.
    /// </summary>
    public static T Resolve<T>(string id)
        where T : class, IImplementation
    {
        var implementation = Registry.Find(id) as T
            ?? throw new InvalidOperationException($"'{id}' is not a registered {typeof(T).Name}.");
        var support = implementation.Support;
        return support.IsSupported ? implementation : throw new InvalidOperationException($"{id} is not supported here: {support.Reason}");
    }

    public static Workload Create(IImplementation implementation, string operation, int size)
    {
        var input = WorkloadInputs.Payload(size);
        return (implementation, operation) switch
        {
            (IHashImplementation hash, Hash) => new HashWorkload(hash, input),
            (IXofImplementation xof, _) when operation.StartsWith("xof-", StringComparison.Ordinal)
                && int.TryParse(operation.AsSpan(4), out var outputBytes) => new XofWorkload(xof, input, outputBytes),
            (IMacImplementation mac, Mac) => new MacWorkload(mac, input),
            (IAeadImplementation aead, Encrypt) => new EncryptWorkload(aead, input),
            (IAeadImplementation aead, Decrypt) => new DecryptWorkload(aead, input),
            _ => throw new InvalidOperationException($"{implementation.Id} has no operation '{operation}'."),
        };
    }

    /// <summary>How the batch scenario times an implementation: its batch API when it has one, else a loop of single calls.</summary>
    public static string BatchOperationOf(IImplementation implementation) =>
        implementation is IBatchHashImplementation ? HashBatch : HashLoop;

    /// <summary>
    /// <paramref name="batchSize"/> messages of <paramref name="messageBytes"/> laid end to end, the same bytes for every
    /// implementation, hashed as <see cref="BatchOperationOf"/> says.
    /// </summary>
    public static Workload CreateBatch(IHashImplementation implementation, int batchSize, int messageBytes)
    {
        var messages = WorkloadInputs.Filled(batchSize * messageBytes, seed: (batchSize * 1000) + messageBytes);
        return implementation is IBatchHashImplementation batch
            ? new BatchWorkload(batch, messages, messageBytes, batchSize)
            : new LoopWorkload(implementation, messages, messageBytes, batchSize);
    }

    private sealed class HashWorkload(IHashImplementation hash, byte[] input) : Workload
    {
        private readonly byte[] _output = new byte[hash.OutputBytes];

        public override void Run() => hash.Hash(input, _output);
    }

    private sealed class BatchWorkload(IBatchHashImplementation batch, byte[] messages, int messageBytes, int batchSize) : Workload
    {
        private readonly byte[] _digests = new byte[batchSize * batch.OutputBytes];

        public override void Run() => batch.HashBatch(messages, messageBytes, _digests);
    }

    private sealed class LoopWorkload(IHashImplementation hash, byte[] messages, int messageBytes, int batchSize) : Workload
    {
        private readonly byte[] _digests = new byte[batchSize * hash.OutputBytes];

        public override void Run()
        {
            var outputBytes = hash.OutputBytes;
            for (var i = 0; i < batchSize; i++)
            {
                hash.Hash(messages.AsSpan(i * messageBytes, messageBytes), _digests.AsSpan(i * outputBytes, outputBytes));
            }
        }
    }

    private sealed class XofWorkload(IXofImplementation xof, byte[] input, int outputBytes) : Workload
    {
        private readonly byte[] _output = new byte[outputBytes];

        public override void Run() => xof.Hash([], input, _output);
    }

    private sealed class MacWorkload(IMacImplementation mac, byte[] input) : Workload
    {
        private readonly byte[] _key = WorkloadInputs.Key(mac.Algorithm.KeyBytes);
        private readonly byte[] _output = new byte[mac.OutputBytes];

        public override void Run() => mac.Mac(_key, [], input, _output);
    }

    /// <summary>A new nonce per call, as a caller must use (and BouncyCastle enforces): a counter in its first 8 bytes.</summary>
    private sealed class EncryptWorkload(IAeadImplementation aead, byte[] plaintext) : Workload
    {
        private readonly byte[] _key = WorkloadInputs.Key(aead.Algorithm.KeyBytes);
        private readonly byte[] _nonce = WorkloadInputs.Nonce(aead.Algorithm.NonceBytes);
        private readonly byte[] _associatedData = WorkloadInputs.AssociatedData();
        private readonly byte[] _ciphertext = new byte[plaintext.Length];
        private readonly byte[] _tag = new byte[aead.Algorithm.TagBytes];
        private ulong _counter;

        public override void Run()
        {
            BinaryPrimitives.WriteUInt64LittleEndian(_nonce, ++_counter);
            aead.Encrypt(_key, _nonce, _associatedData, plaintext, _ciphertext, _tag);
        }
    }

    /// <summary>Decrypts one valid message again and again; a rejection would mean the gate missed something, so it throws.</summary>
    private sealed class DecryptWorkload : Workload
    {
        private readonly IAeadImplementation _aead;
        private readonly byte[] _key;
        private readonly byte[] _nonce;
        private readonly byte[] _associatedData = WorkloadInputs.AssociatedData();
        private readonly byte[] _ciphertext;
        private readonly byte[] _tag;
        private readonly byte[] _plaintext;

        public DecryptWorkload(IAeadImplementation aead, byte[] plaintext)
        {
            _aead = aead;
            _key = WorkloadInputs.Key(aead.Algorithm.KeyBytes);
            _nonce = WorkloadInputs.Nonce(aead.Algorithm.NonceBytes);
            _ciphertext = new byte[plaintext.Length];
            _tag = new byte[aead.Algorithm.TagBytes];
            _plaintext = new byte[plaintext.Length];
            aead.Encrypt(_key, _nonce, _associatedData, plaintext, _ciphertext, _tag);
        }

        public override void Run()
        {
            if (!_aead.Decrypt(_key, _nonce, _associatedData, _ciphertext, _tag, _plaintext))
            {
                throw new InvalidOperationException($"{_aead.Id} rejected its own ciphertext.");
            }
        }
    }
}
