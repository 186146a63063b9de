using System.Runtime.CompilerServices;
using CryptoHarness.Formatting;
using static CryptoHarness.Kinds.KindChecks;
using static CryptoHarness.Selecting.OperationNames;

namespace CryptoHarness.Kinds;

/// <summary>A MAC: a tag under a key, and verifying one; timed as <c>mac</c>.</summary>
public sealed class MacKind : KindContract<IMacImplementation>
{
    public override AlgorithmKind Kind => AlgorithmKind.Mac;

    public override string SiteArea => "xofs-and-macs";

    public override string? Parameters(AlgorithmInfo algorithm) =>
        $"{algorithm.OutputBytes}-byte tag, {algorithm.KeyBytes}-byte key{(algorithm.Name.StartsWith("KMAC", StringComparison.Ordinal) ? ", empty customization string" : "")}; the key is set on every call.";

    public override OperationLabel? Label(string operation) => operation == Mac ? new(0, "") : null;

    /// <summary>
    /// Known answers at the key lengths the implementation takes; it must meet at least one published vector, not be
    /// trusted on the cross-check alone.
    /// </summary>
    public override string? CheckKnownAnswers(IImplementation implementation)
    {
        var mac = (IMacImplementation)implementation;
        var refusedKeys = new SortedSet<int>();
        var failure = CheckEachAnswer(implementation, answer => CheckAnswer(mac, answer), skip: answer =>
        {
            if (mac.SupportForKey(answer.Key.Length).IsSupported)
            {
                return false;
            }

            refusedKeys.Add(answer.Key.Length);
            return true;
        });
        return failure ?? (refusedKeys.Count > 0 && implementation.Algorithm.KnownAnswers.All(a => refusedKeys.Contains(a.Key.Length))
            ? $"takes none of the known answers' key lengths ({string.Join(", ", refusedKeys)} bytes): {mac.SupportForKey(refusedKeys.Min).Reason}"
            : null);
    }

    public override IEnumerable<(Probe Probe, string What)> Probes(Algorithm algorithm) => MacProbes(algorithm);

    public override IReadOnlyList<string> Operations(IImplementation implementation) => [Mac];

    protected override Workload? CreateWorkload(IMacImplementation mac, string operation, byte[] input) =>
        operation == Mac ? new MacWorkload(mac, input) : null;

    protected override string? CheckAnswer(IMacImplementation mac, KnownAnswer answer)
    {
        var output = new byte[mac.OutputBytes];
        mac.Mac(answer.Key, answer.Customization, answer.Input, output);
        return Mismatch(Prefix(answer, output.Length), output)
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

    private static IEnumerable<(Probe Probe, string What)> MacProbes(Algorithm algorithm)
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

    /// <summary>Key, input and tag in one pinned block, each at a 64-byte boundary (see <see cref="AlignedBlock"/>).</summary>
    private sealed class MacWorkload : Workload
    {
        private readonly IMacImplementation _mac;
        private readonly ArraySegment<byte> _key;
        private readonly ArraySegment<byte> _input;
        private readonly ArraySegment<byte> _output;

        public MacWorkload(IMacImplementation mac, byte[] input)
        {
            _mac = mac;
            var block = new AlignedBlock(mac.Algorithm.KeyBytes, input.Length, mac.OutputBytes);
            _key = block.Take(WorkloadInputs.Key(mac.Algorithm.KeyBytes));
            _input = block.Take(input);
            _output = block.Take(mac.OutputBytes);
        }

        [MethodImpl(MethodImplOptions.AggressiveOptimization)]
        public override void Run() => _mac.Mac(_key, [], _input, _output);
    }
}
