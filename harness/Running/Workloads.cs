using System.Runtime.CompilerServices;
using CryptoHarness.Kinds;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Running;

/// <summary>
/// The benchmarks' workloads: case keys, the registry entry a case names, and the timed call of an operation, made by
/// the implementation's kind (<see cref="KindContract"/>) or, for the batch scenario, a batch call or a loop of single
/// calls.
/// </summary>
public static class Workloads
{
    /// <summary>The operation names an implementation is measured under, as its algorithm's kind declares them.</summary>
    public static IReadOnlyList<string> OperationsOf(IImplementation implementation) => KindRegistry.Of(implementation)?.Operations(implementation) ?? [];

    /// <summary>A benchmark case key: id and operation, e.g. <c>shake128/os xof-64</c>.</summary>
    public static string CaseKey(string id, string operation) => $"{id} {operation}";

    public static (string Id, string Operation) ParseCaseKey(string key)
    {
        var space = key.LastIndexOf(' ');
        return space < 0 ? (key, Hash) : (key[..space], key[(space + 1)..]);
    }

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
        return KindRegistry.Of(implementation)?.CreateWorkload(implementation, operation, input)
            ?? throw new InvalidOperationException($"{implementation.Id} has no operation '{operation}'.");
    }

    /// <summary>How the batch scenario times an implementation: its batch API when it has one, else a loop of single calls.</summary>
    public static string BatchOperationOf(IImplementation implementation) =>
        implementation is IBatchHashImplementation ? HashBatch : HashLoop;

    /// <summary>
    /// <paramref name="batchSize"/> messages of <paramref name="messageBytes"/> laid end to end, the same bytes for every
    /// implementation, hashed as <see cref="BatchOperationOf"/> says. The messages and the digests each start at a
    /// 64-byte boundary of one pinned block, as the one-shot cases' buffers do (see <see cref="AlignedBlock"/>).
    /// </summary>
    public static Workload CreateBatch(IHashImplementation implementation, int batchSize, int messageBytes)
    {
        var contents = WorkloadInputs.Filled(batchSize * messageBytes, seed: (batchSize * 1000) + messageBytes);
        var digestBytes = batchSize * implementation.OutputBytes;
        var block = new AlignedBlock(contents.Length, digestBytes);
        var messages = block.Take(contents);
        var digests = block.Take(digestBytes);
        return implementation is IBatchHashImplementation batch
            ? new BatchWorkload(batch, messages, messageBytes, digests)
            : new LoopWorkload(implementation, messages, messageBytes, batchSize, digests);
    }

    private sealed class BatchWorkload(IBatchHashImplementation batch, ArraySegment<byte> messages, int messageBytes, ArraySegment<byte> digests)
        : Workload
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => batch.HashBatch(messages, messageBytes, digests);
    }

    private sealed class LoopWorkload(IHashImplementation hash, ArraySegment<byte> messages, int messageBytes, int batchSize, ArraySegment<byte> digests)
        : Workload
    {
        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run()
        {
            var outputBytes = hash.OutputBytes;
            for (var i = 0; i < batchSize; i++)
            {
                hash.Hash(messages.AsSpan(i * messageBytes, messageBytes), digests.AsSpan(i * outputBytes, outputBytes));
            }
        }
    }
}
