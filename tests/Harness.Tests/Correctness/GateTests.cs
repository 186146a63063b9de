using System.Collections.Concurrent;
using CryptoHarness.Gate;

namespace CryptoHarness.Tests.Correctness;

public sealed class GateTests
{
    private static readonly int[] Sizes = [128, 1024, 8192, 131072];

    public static TheoryData<string> RegisteredIds()
    {
        var data = new TheoryData<string>();
        foreach (var implementation in Registry.Implementations)
        {
            data.Add(implementation.Id);
        }

        return data;
    }

    /// <summary>
    /// Every registry entry passes its known answers and the cross-check against every other provider of its algorithm.
    /// CI installs every native library, so there an unsupported entry is a failure too, unless the no is the CPU's: CI
    /// machines differ (an AVX-512 Xeon one day, a Zen 3 without AVX-512 the next), and a path for an instruction set
    /// the machine lacks cannot run there.
    /// </summary>
    [Theory]
    [MemberData(nameof(RegisteredIds))]
    public void Registered_implementation_passes_the_gate(string id)
    {
        var implementation = Registry.Find(id)!;
        var verdict = VerdictsOf(implementation.Algorithm).Single(v => v.Id == id);

        if (verdict.Status == GateStatus.Unsupported && (!IsCi || implementation.Support.IsCpuLimit))
        {
            Assert.False(string.IsNullOrWhiteSpace(verdict.Reason));
            return;
        }

        Assert.True(verdict.Status == GateStatus.Passed, $"{id}: {verdict.Status}: {verdict.Reason}");
    }

    /// <summary>
    /// The gate's verdicts on every implementation of <paramref name="algorithm"/>, computed once per algorithm: one
    /// gate run checks each entry against the known answers and every peer, so running it again per entry (as this
    /// test once did) repeated the whole cross-check n times for an algorithm with n entries (Argon2id: 13 times).
    /// </summary>
    private static IReadOnlyList<GateVerdict> VerdictsOf(Algorithm algorithm) =>
        VerdictsByAlgorithm.GetOrAdd(
            algorithm,
            a => new Lazy<IReadOnlyList<GateVerdict>>(
                () => CorrectnessGate.Verify(Registry.Implementations.Where(i => i.Algorithm == a).ToArray(), Sizes)))
        .Value;

    private static readonly ConcurrentDictionary<Algorithm, Lazy<IReadOnlyList<GateVerdict>>> VerdictsByAlgorithm = new();

    [Fact]
    public void A_wrong_known_answer_fails_only_that_implementation_and_names_the_vector()
    {
        var broken = new FlipBitAbove(Algorithms.Sha256, "broken-kat", minimumLength: 0);
        GateAssert.FailsAlone(broken, [broken, new OsSha256(), new BouncyCastleSha256()], Sizes, "NIST CAVP SHA256ShortMsg");
    }

    [Fact]
    public void A_disagreement_beyond_the_known_answers_is_caught_by_the_cross_check()
    {
        // Known answers go up to 56 bytes and one million bytes; this one is wrong at 100..999_999 bytes only.
        var broken = new FlipBitAbove(Algorithms.Sha256, "broken-long", minimumLength: 100, maximumLength: 999_999);
        GateAssert.Fails(broken, [new OsSha256(), broken, new BouncyCastleSha256()], Sizes, "differs from sha256/os, sha256/bouncycastle hash at length 100");
    }

    [Fact]
    public void Two_implementations_that_disagree_with_no_majority_both_fail()
    {
        var broken = new FlipBitAbove(Algorithms.Sha256, "broken-long", minimumLength: 100, maximumLength: 999_999);
        var verdicts = CorrectnessGate.Verify([new OsSha256(), broken], Sizes);
        Assert.All(verdicts, v =>
        {
            Assert.Equal(GateStatus.Failed, v.Status);
            Assert.Contains("no majority", v.Reason, StringComparison.Ordinal);
        });
    }

    [Fact]
    public void An_implementation_that_mishandles_unaligned_input_fails()
    {
        var broken = new WrongWhenUnaligned();
        var failure = GateAssert.Fails(broken, [new OsSha256(), broken, new BouncyCastleSha256()], Sizes);
        Assert.Matches("offset [1-7]", failure.Reason!);
    }

    [Fact]
    public void A_missing_native_library_is_unsupported_with_the_names_tried()
    {
        var loader = new NativeLibraryLoader("definitely_missing", "install it", ["libdefinitely_missing.so", "libdefinitely_missing.so.9"]);
        Assert.False(loader.IsLoaded);
        Assert.False(loader.Support.IsSupported);
        Assert.Contains("libdefinitely_missing.so, libdefinitely_missing.so.9", loader.Support.Reason, StringComparison.Ordinal);
        Assert.False(loader.Support.IsCpuLimit);
    }

    /// <summary>
    /// CI excuses an unsupported entry only when the no is the CPU's, so a missing library must never carry that mark,
    /// and every no that names this CPU must: otherwise CI on a machine without AVX-512 fails on paths it cannot run.
    /// </summary>
    [Fact]
    public void Only_a_no_that_names_the_cpu_is_marked_as_the_cpus()
    {
        Assert.True(Support.WhenCpuHas(false, "this CPU lacks avx512").IsCpuLimit);
        Assert.False(Support.When(false, "libsodium could not be loaded").IsCpuLimit);
        Assert.False(Support.WhenCpuHas(true, "unused").IsCpuLimit);
        Assert.True(Support.NotOnThisCpu("this CPU lacks avx2").Then(() => Support.No("never asked")).IsCpuLimit);

        foreach (var implementation in Registry.Implementations.Where(i => !i.Support.IsSupported))
        {
            var names = implementation.Support.Reason!.Contains("this CPU", StringComparison.Ordinal)
                || implementation.Support.Reason.Contains("runtime level", StringComparison.Ordinal);
            Assert.True(names == implementation.Support.IsCpuLimit, $"{implementation.Id}: {implementation.Support}");
        }
    }

    private static bool IsCi => string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>A real SHA-256 with one output bit flipped for inputs in a length range.</summary>
    private sealed class FlipBitAbove(Algorithm algorithm, string provider, int minimumLength, int maximumLength = int.MaxValue)
        : HashImplementation(algorithm, new Provider(provider, "test double", () => "test"))
    {
        protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            System.Security.Cryptography.SHA256.HashData(source, destination);
            if (source.Length >= minimumLength && source.Length <= maximumLength)
            {
                destination[0] ^= 1;
            }
        }
    }

    /// <summary>Reads the input as if it always started on an 8-byte boundary: wrong for unaligned slices.</summary>
    private sealed unsafe class WrongWhenUnaligned() : HashImplementation(Algorithms.Sha256, new Provider("unaligned", "test double", () => "test"))
    {
        protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
        {
            fixed (byte* pointer = source)
            {
                var misalignment = (int)((nuint)pointer % 8);
                System.Security.Cryptography.SHA256.HashData(source, destination);
                if (misalignment != 0 && source.Length > 0)
                {
                    destination[misalignment] ^= 0x80;
                }
            }
        }
    }
}
