using System.Runtime.Intrinsics.Arm;

namespace CryptoHarness.Managed;

/// <summary>
/// The code paths an algorithm in this library may have. Each one is a registry variant of its own, so reports
/// show what each instruction set buys and tests run every path the CPU has, and the scalar path always.
/// </summary>
/// <remarks>
/// The paths are written with the portable <see cref="Vector128"/>, <see cref="Vector256"/> and
/// <see cref="Vector512"/> APIs; the names say which x86 extension each width needs to be fast (the byte
/// shuffles behind rotations need SSSE3's <c>pshufb</c>; 256-bit integer work needs AVX2).
/// </remarks>
public enum InstructionSet
{
    Scalar,

    /// <summary>128-bit vectors: SSSE3 on x86, AdvSimd on Arm.</summary>
    Ssse3,

    /// <summary>256-bit integer vectors: AVX2.</summary>
    Avx2,

    /// <summary>512-bit vectors: AVX-512 F, BW, CD, DQ and VL, as .NET requires for <see cref="Vector512"/>.</summary>
    Avx512,
}

public static class InstructionSets
{
    public static bool IsSupported(InstructionSet set) => set switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => Ssse3.IsSupported || AdvSimd.IsSupported,
        InstructionSet.Avx2 => Avx2.IsSupported,
        InstructionSet.Avx512 => Vector512.IsHardwareAccelerated,
        _ => false,
    };

    /// <summary>
    /// Whether the CPU names itself Intel's (CPUID leaf 0: "GenuineIntel"). For the few algorithms whose paths rank
    /// differently on Intel and AMD cores, measured on both (see each one's <c>DefaultPath</c>); instruction sets alone
    /// cannot tell those CPUs apart, since both have AVX-512.
    /// </summary>
    public static bool IsIntel { get; } = X86Base.IsSupported && VendorIs(X86Base.CpuId(0, 0), "GenuineIntel");

    // Leaf 0 spells the vendor in EBX, EDX, ECX, four ASCII bytes each, little-endian.
    private static bool VendorIs((int Eax, int Ebx, int Ecx, int Edx) leaf0, string vendor)
    {
        Span<byte> name = stackalloc byte[12];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(name, leaf0.Ebx);
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(name[4..], leaf0.Edx);
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(name[8..], leaf0.Ecx);
        return System.Text.Encoding.ASCII.GetString(name) == vendor;
    }

    /// <summary>
    /// The widest path that <paramref name="isSupported"/> accepts (Avx512, then Avx2, then Ssse3), else Scalar: the
    /// default path of each algorithm whose wider paths measured faster wherever they run. An algorithm without some
    /// of the paths says so in its own <c>IsSupported</c>.
    /// </summary>
    internal static InstructionSet Widest(Func<InstructionSet, bool> isSupported) =>
        isSupported(InstructionSet.Avx512) ? InstructionSet.Avx512
        : isSupported(InstructionSet.Avx2) ? InstructionSet.Avx2
        : isSupported(InstructionSet.Ssse3) ? InstructionSet.Ssse3
        : InstructionSet.Scalar;

    /// <summary>The registry variant name: <c>scalar</c>, <c>ssse3</c>, <c>avx2</c>, <c>avx512</c>.</summary>
    public static string VariantName(InstructionSet set) => set.ToString().ToLowerInvariant();

    /// <summary>Throws when a caller asks for a path this CPU lacks, instead of running it slowly or faulting.</summary>
    public static void ThrowIfNotSupported(InstructionSet set)
    {
        if (!IsSupported(set))
        {
            throw new PlatformNotSupportedException($"Instruction set {VariantName(set)} is not supported on this CPU.");
        }
    }
}
