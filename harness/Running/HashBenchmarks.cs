using BenchmarkDotNet.Attributes;
using CryptoHarness.Implementations;

namespace CryptoHarness.Running;

/// <summary>
/// One-shot hashing of one payload. The implementation travels as its registry id (a plain string, so out-of-process
/// runs embed it intact) and is looked up in the registry again on the measuring side.
/// </summary>
public class HashBenchmarks
{
    private IHashImplementation _implementation = null!;
    private byte[] _input = [];
    private byte[] _output = [];

    /// <summary>Set by the host before the run; only gate-approved ids are ever put here.</summary>
    public static IReadOnlyList<string> SelectedIds { get; set; } = [];

    public static IReadOnlyList<int> SelectedSizes { get; set; } = [];

    public static IEnumerable<string> Ids => SelectedIds;

    public static IEnumerable<int> Sizes => SelectedSizes;

    [ParamsSource(nameof(Ids))]
    public string Id { get; set; } = "";

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _implementation = Registry.Find(Id) as IHashImplementation
            ?? throw new InvalidOperationException($"'{Id}' is not a registered hash implementation.");
        var support = _implementation.Support;
        if (!support.IsSupported)
        {
            throw new InvalidOperationException($"{Id} is not supported here: {support.Reason}");
        }

        _input = new byte[Size];
        new Random(Size).NextBytes(_input);
        _output = new byte[_implementation.OutputBytes];
    }

    [Benchmark]
    public void Hash() => _implementation.Hash(_input, _output);
}
