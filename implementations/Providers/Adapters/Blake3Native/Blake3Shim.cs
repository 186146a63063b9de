using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using System.Text;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Blake3Native;

/// <summary>
/// The Rust blake3 crate through implementations/Native/blake3-shim, which the build compiles with cargo
/// and copies beside the assemblies (see Blake3Shim.targets).
/// </summary>
internal static unsafe partial class Blake3Shim
{
    internal const string Library = "blake3_shim";

    private const string InstallHint =
        "the build makes it when cargo and Debian's librust-blake3-dev and librust-tiny-keccak-dev are installed (apt-get install cargo librust-blake3-dev librust-tiny-keccak-dev), then rebuild";

    internal static readonly NativeLibraryLoader Loader = LoaderFor(Blake3ShimLevel.Current());

    /// <summary>
    /// The full build, unless the runtime hides instruction sets the CPU has (an emulated level): then only the build
    /// for the level it shows, since the full build's own CPU detection would pick what the run hides. On a CPU of
    /// that level the full build picks what the level build would, and is what users ship, so it is the one loaded.
    /// </summary>
    private static NativeLibraryLoader LoaderFor(Blake3ShimLevel.Choice level) =>
        level.Suffix is { } suffix && level.CpuHasHigher
            ? new(Library,
                $"the full build is not loaded because its CPU detection would use instruction sets this run hides; the build makes libblake3_shim_{suffix}.so beside it on x64 Linux when cargo and Debian's librust-blake3-dev and librust-tiny-keccak-dev are installed, then rebuild",
                [$"libblake3_shim_{suffix}.so"])
            : new(Library, InstallHint, ["libblake3_shim.so", "libblake3_shim.dylib", "blake3_shim.dll"]);

    public static Support Support => Loader.Support;

    /// <summary>
    /// The crate's version and the SIMD code it chose here (its own detection, e.g. <c>AVX512</c>), and for a level's
    /// build the features that stopped its detection there.
    /// </summary>
    public static string Version
    {
        get
        {
            if (!Support.IsSupported)
            {
                return "not loaded";
            }

            var version = Read(&harness_blake3_version) ?? "unknown";
            if (Loader.Exports("harness_blake3_platform") && Read(&harness_blake3_platform) is { } platform)
            {
                version += $", running its {platform} code";
            }

            if (Loader.Exports("harness_blake3_build_features") && Read(&harness_blake3_build_features) is { Length: > 0 } features)
            {
                version += $" (the build for the instruction-set level this run shows: cargo features {features})";
            }

            return version;
        }
    }

    /// <summary>A short UTF-8 string from one of the shim's writers; null if it does not fit.</summary>
    private static string? Read(delegate*<byte*, nuint, nuint> writer)
    {
        Span<byte> buffer = stackalloc byte[64];
        fixed (byte* pointer = buffer)
        {
            var length = (int)writer(pointer, (nuint)buffer.Length);
            return length <= buffer.Length ? Encoding.UTF8.GetString(buffer[..length]) : null;
        }
    }

    /// <summary>
    /// The one-shot hash, called without the GC transition up to <see cref="NativeCalls.SuppressTransitionMaxBytes"/>
    /// as Blake3.NET makes its short calls, and with it beyond (see <see cref="NativeCalls"/> for why).
    /// </summary>
    internal static readonly OneShotHash harness_blake3_hash = new(Loader.Export(nameof(harness_blake3_hash)));

    [LibraryImport(Library)]
    private static partial nuint harness_blake3_version(byte* buffer, nuint capacity);

    [LibraryImport(Library)]
    private static partial nuint harness_blake3_build_features(byte* buffer, nuint capacity);

    [LibraryImport(Library)]
    private static partial nuint harness_blake3_platform(byte* buffer, nuint capacity);

    [LibraryImport(Library)]
    internal static partial IntPtr harness_blake3_hasher_new();

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_update(IntPtr hasher, byte* input, nuint inputLength);

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_finalize_reset(IntPtr hasher, byte* output, nuint outputLength);

    [LibraryImport(Library)]
    internal static partial void harness_blake3_hasher_free(IntPtr hasher);

    /// <summary>harness_blake3_hash: (input, input_len, output, output_len).</summary>
    internal readonly struct OneShotHash(IntPtr address)
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public void Call(bool isShort, byte* input, nuint inputLength, byte* output, nuint outputLength)
        {
            if (isShort)
            {
                ((delegate* unmanaged[Cdecl, SuppressGCTransition]<byte*, nuint, byte*, nuint, void>)address)(input, inputLength, output, outputLength);
            }
            else
            {
                CallLong(input, inputLength, output, outputLength);
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private void CallLong(byte* input, nuint inputLength, byte* output, nuint outputLength) =>
            ((delegate* unmanaged[Cdecl]<byte*, nuint, byte*, nuint, void>)address)(input, inputLength, output, outputLength);
    }
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
