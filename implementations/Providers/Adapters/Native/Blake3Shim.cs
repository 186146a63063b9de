using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using System.Text;

namespace CryptoHarness.Implementations.Native;

/// <summary>
/// The Rust blake3 crate through implementations/Native/blake3-shim, which the build compiles with cargo
/// and copies beside the assemblies (see Blake3Shim.targets).
/// </summary>
internal static unsafe partial class Blake3Shim
{
    internal const string Library = "blake3_shim";

    // Registered before the first call into the library, wherever that call comes from.
    static Blake3Shim() => NativeResolver.EnsureRegistered();

    private const string InstallHint =
        "the build makes it when cargo and Debian's librust-blake3-dev are installed (apt-get install cargo librust-blake3-dev), then rebuild";

    internal static readonly NativeLibraryLoader Loader = new(Library, InstallHint, Candidates(Blake3ShimLevel.Current()));

    /// <summary>
    /// The files to try: the full build, or the build for the level the runtime shows when it hides instruction sets
    /// the CPU has (an emulated level), since the crate would otherwise pick them itself. Where the CPU lacks them
    /// too, the full build runs exactly what a CPU of that level runs, so it stands in for a missing level build.
    /// </summary>
    private static string[] Candidates(Blake3ShimLevel.Choice level) =>
        level.Suffix is null ? ["libblake3_shim.so", "libblake3_shim.dylib", "blake3_shim.dll"]
        : level.CpuHasHigher ? [$"libblake3_shim_{level.Suffix}.so"]
        : [$"libblake3_shim_{level.Suffix}.so", "libblake3_shim.so", "libblake3_shim.dylib", "blake3_shim.dll"];

    private static readonly Lazy<Support> Loaded = new(() =>
    {
        return Loader.Support;
    });

    public static Support Support => Loaded.Value;

    /// <summary>The crate's version, and the features that left SIMD code out of this build when it is a level's build.</summary>
    public static string Version
    {
        get
        {
            if (!Support.IsSupported)
            {
                return "not loaded";
            }

            Span<byte> buffer = stackalloc byte[64];
            fixed (byte* pointer = buffer)
            {
                var length = (int)harness_blake3_version(pointer, (nuint)buffer.Length);
                var version = length <= buffer.Length ? Encoding.UTF8.GetString(buffer[..length]) : "unknown";
                if (NativeLibrary.TryGetExport(Loader.Handle, "harness_blake3_build_features", out _))
                {
                    length = (int)harness_blake3_build_features(pointer, (nuint)buffer.Length);
                    if (length is > 0 && length <= buffer.Length)
                    {
                        version += $" (built with cargo features {Encoding.UTF8.GetString(buffer[..length])}, for the instruction-set level this run shows)";
                    }
                }

                return version;
            }
        }
    }

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hash(byte* input, nuint inputLength, byte* output, nuint outputLength);

    /// <summary>
    /// The same call without the GC transition, as Blake3.NET makes its short calls: used only up to
    /// <see cref="NativeCalls.SuppressTransitionMaxBytes"/> (see <see cref="NativeCalls"/> for why).
    /// </summary>
    [LibraryImport(Library, EntryPoint = "harness_blake3_hash")]
    [SuppressGCTransition]
    internal static partial void harness_blake3_hash_short(byte* input, nuint inputLength, byte* output, nuint outputLength);

    [LibraryImport(Library)]
    private static partial nuint harness_blake3_version(byte* buffer, nuint capacity);

    [LibraryImport(Library)]
    private static partial nuint harness_blake3_build_features(byte* buffer, nuint capacity);

    [LibraryImport(Library)]
    internal static partial IntPtr harness_blake3_hasher_new();

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_update(IntPtr hasher, byte* input, nuint inputLength);

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_finalize_reset(IntPtr hasher, byte* output, nuint outputLength);

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_free(IntPtr hasher);
}

/// <summary>
/// Which build of the shim matches the instruction sets the runtime shows (see Blake3Shim.targets): the crate detects
/// the CPU itself, so under the runtime's switches that hide AVX-512 (an emulated x86-64-v3) the full build would still
/// run its AVX-512 code beside managed code that cannot.
/// </summary>
internal static class Blake3ShimLevel
{
    /// <param name="Suffix">null for the full build; else <c>v3</c>, <c>v2</c> or <c>scalar</c>.</param>
    /// <param name="CpuHasHigher">Whether the CPU has instruction sets the runtime hides, which the full build would use.</param>
    internal readonly record struct Choice(string? Suffix, bool CpuHasHigher);

    public static Choice Current()
    {
        if (RuntimeInformation.ProcessArchitecture != Architecture.X64)
        {
            return new(null, false);
        }

        // With every hardware intrinsic hidden even CPUID is out of reach; an x64 CPU has at least SSE2, which the
        // crate's default build uses.
        if (!X86Base.IsSupported)
        {
            return new("scalar", true);
        }

        var (cpuAvx512, cpuAvx2, cpuSse41) = CpuFeatures();
        return For(Avx512F.IsSupported && Avx512BW.IsSupported && Avx512F.VL.IsSupported, Avx2.IsSupported, Sse41.IsSupported, cpuAvx512, cpuAvx2, cpuSse41);
    }

    /// <summary>The choice for what the runtime shows (the first three) and what the CPU has (the last three).</summary>
    public static Choice For(bool showsAvx512, bool showsAvx2, bool showsSse41, bool cpuAvx512, bool cpuAvx2, bool cpuSse41) =>
        showsAvx512 ? new(null, false)
        : showsAvx2 ? new("v3", cpuAvx512)
        : showsSse41 ? new("v2", cpuAvx512 || cpuAvx2)
        : new("scalar", true);

    /// <summary>CPUID's own answer (leaf 7: AVX2 in EBX bit 5, AVX-512F bit 16; leaf 1: SSE4.1 in ECX bit 19), which the runtime's switches do not change.</summary>
    private static (bool Avx512, bool Avx2, bool Sse41) CpuFeatures()
    {
        var (_, leaf7Ebx, _, _) = X86Base.CpuId(7, 0);
        var (_, _, leaf1Ecx, _) = X86Base.CpuId(1, 0);
        return ((leaf7Ebx & (1 << 16)) != 0, (leaf7Ebx & (1 << 5)) != 0, (leaf1Ecx & (1 << 19)) != 0);
    }
}
