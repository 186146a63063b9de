using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Jobs;

namespace CryptoHarness.Running.Scenarios;

/// <summary>
/// Incremental hashing of one large input fed in 64 KiB chunks, as a file hasher reads it; and one multi-algorithm pass
/// that feeds each chunk to every selected hasher (the input is read once). The hashers are created in setup, so a
/// measured operation allocates only what the provider's Append and Finish allocate.
/// </summary>
public class StreamingBenchmarks
{
    public const string MultiPassCase = "multi-pass";

    public const int ChunkBytes = 64 * 1024;

    private ArraySegment<byte> _input = [];
    private IIncrementalHash[] _hashers = [];
    private ArraySegment<byte> _output = [];

    public static IReadOnlyList<string> SelectedCases { get; set; } = [];

    public static IReadOnlyList<string> SelectedIds { get; set; } = [];

    /// <summary>Out-of-process runs read the stream size from here too: it is a parameter, so it is embedded in the case.</summary>
    public static int StreamBytes { get; set; } = StreamSettings.DefaultStreamBytes;

    public static IEnumerable<string> Cases => SelectedCases;

    public static IEnumerable<string> Ids => [string.Join(',', SelectedIds)];

    public static IEnumerable<int> Sizes => [StreamBytes];

    [ParamsSource(nameof(Cases))]
    public string Case { get; set; } = "";

    /// <summary>Every streaming id of the run, for the multi-algorithm pass (comma-separated).</summary>
    [ParamsSource(nameof(Ids))]
    public string Members { get; set; } = "";

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>
    /// Each operation takes tens of milliseconds to seconds, so one invocation per iteration; fewer iterations than the
    /// one-shot jobs, since each already averages over thousands of chunks. The dry job stays a pipeline check.
    /// </summary>
    public static Job Job(JobPreset preset)
    {
        var job = preset.Create();
        return preset == JobPreset.Dry
            ? job
            : job.WithStrategy(RunStrategy.Monitoring).WithWarmupCount(2).WithIterationCount(7).WithInvocationCount(1).WithUnrollFactor(1);
    }

    [GlobalSetup]
    public void Setup()
    {
        var ids = Case == MultiPassCase ? Members.Split(',') : [Case];
        var implementations = ids.Select(Workloads.Resolve<IStreamingHashImplementation>).ToArray();
        _hashers = implementations.Select(i => i.CreateIncremental()).ToArray();
        // Input and digest each at a 64-byte boundary of one pinned block, as the one-shot cases' buffers (see AlignedBlock).
        var outputBytes = implementations.Max(i => i.OutputBytes);
        var block = new AlignedBlock(Size, outputBytes);
        _input = block.Take(Size);
        _output = block.Take(outputBytes);
        new Random(Size).NextBytes(_input);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        foreach (var hasher in _hashers)
        {
            hasher.Dispose();
        }
    }

    [Benchmark]
    public void Stream()
    {
        var input = _input.AsSpan();
        for (var offset = 0; offset < input.Length; offset += ChunkBytes)
        {
            var chunk = input.Slice(offset, Math.Min(ChunkBytes, input.Length - offset));
            foreach (var hasher in _hashers)
            {
                hasher.Append(chunk);
            }
        }

        foreach (var hasher in _hashers)
        {
            hasher.Finish(_output);
        }
    }
}
