namespace CryptoHarness.Managed.Tests;

/// <summary>
/// BLAKE2s on every path this CPU has: the tests BLAKE2b and BLAKE2s share (<see cref="Blake2Tests{TVariant}"/>), with
/// BLAKE2s's vectors and BouncyCastle's Blake2sDigest (<see cref="Blake2sVariant"/>), and the choice of its default path.
/// </summary>
public sealed class Blake2sTests : Blake2Tests<Blake2sVariant>
{
    /// <summary>Intel cores run Ssse3 faster than Avx512 (see <see cref="Blake2s.DefaultPath"/>); others with AVX-512 the reverse.</summary>
    [Fact]
    public void The_default_path_follows_the_cores_maker()
    {
        var expected = Blake2s.IsSupported(InstructionSet.Avx512) && !InstructionSets.IsIntel ? InstructionSet.Avx512
            : Blake2s.IsSupported(InstructionSet.Ssse3) ? InstructionSet.Ssse3 : InstructionSet.Scalar;
        Assert.Equal(expected, Blake2s.DefaultPath);
        if (System.Runtime.Intrinsics.X86.X86Base.IsSupported)
        {
            // The vendor string as the kernel reports it, where it does.
            var cpuinfo = "/proc/cpuinfo";
            if (File.Exists(cpuinfo))
            {
                var vendor = File.ReadLines(cpuinfo).First(l => l.StartsWith("vendor_id", StringComparison.Ordinal));
                Assert.Equal(vendor.EndsWith("GenuineIntel", StringComparison.Ordinal), InstructionSets.IsIntel);
            }
        }
    }
}
