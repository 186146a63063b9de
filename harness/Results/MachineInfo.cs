using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;
using System.Text;
using ArmSha256 = System.Runtime.Intrinsics.Arm.Sha256;
using ArmAes = System.Runtime.Intrinsics.Arm.Aes;

namespace CryptoHarness.Results;

/// <summary>What the machine is, as the run saw it. The machine key decides where reports go.</summary>
public static class MachineInfo
{
    public static string CpuName()
    {
        if (OperatingSystem.IsLinux() && File.Exists("/proc/cpuinfo"))
        {
            var line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
            if (line is not null)
            {
                return line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
            }
        }

        return Environment.GetEnvironmentVariable("PROCESSOR_IDENTIFIER") ?? RuntimeInformation.ProcessArchitecture.ToString();
    }

    /// <summary>
    /// The CPU's maker, family, model and stepping as CPUID reports them (leaves 0 and 1), and whether the run was made
    /// under a hypervisor (leaf 1, ECX bit 31); null off x86. A cloud guest's model name is often generic ("Intel(R)
    /// Xeon(R) Processor"), and these numbers are what tell one micro-architecture from another, which the per-CPU
    /// path choices depend on; the hypervisor bit says the timings share a host.
    /// </summary>
    public static string? CpuIdentity()
    {
        if (!X86Base.IsSupported)
        {
            return null;
        }

        var (_, vendorB, vendorC, vendorD) = X86Base.CpuId(0, 0);
        Span<byte> vendor = stackalloc byte[12];
        BitConverter.TryWriteBytes(vendor, vendorB);
        BitConverter.TryWriteBytes(vendor[4..], vendorD);
        BitConverter.TryWriteBytes(vendor[8..], vendorC);
        var (signature, _, features, _) = X86Base.CpuId(1, 0);

        // The displayed family and model (Intel SDM vol. 2A, CPUID leaf 1): the extended fields count only for base
        // family 15 (family) and families 6 and 15 (model).
        int baseFamily = (signature >> 8) & 0xF;
        int family = baseFamily == 15 ? baseFamily + ((signature >> 20) & 0xFF) : baseFamily;
        int model = (signature >> 4) & 0xF;
        if (baseFamily is 6 or 15)
        {
            model += ((signature >> 16) & 0xF) << 4;
        }

        var text = $"{Encoding.ASCII.GetString(vendor)} family {family} model {model} stepping {signature & 0xF}";
        return (features & (1 << 31)) != 0 ? text + ", under a hypervisor" : text;
    }

    /// <summary>
    /// The instruction sets that decide which code paths run. SHA, VAES and AVX-512 IFMA on x64 are read with CPUID
    /// because .NET exposes no intrinsics for them there; OpenSSL uses them, so they explain the <c>os</c> numbers.
    /// </summary>
    public static SortedDictionary<string, bool> InstructionSets()
    {
        var sets = new SortedDictionary<string, bool>(StringComparer.Ordinal);
        if (RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.X86)
        {
            sets["SSSE3"] = Ssse3.IsSupported;
            sets["SSE4.1"] = Sse41.IsSupported;
            sets["AVX2"] = Avx2.IsSupported;
            sets["AVX-512F"] = Avx512F.IsSupported;
            sets["AES"] = System.Runtime.Intrinsics.X86.Aes.IsSupported;
            // CPUID leaf 7 (structured extended features), read once for the bits below.
            var leaf7 = X86Base.IsSupported ? X86Base.CpuId(7, 0) : default;
            sets["SHA"] = (leaf7.Ebx & (1 << 29)) != 0;

            // AVX-512 IFMA (leaf 7, EBX bit 21): 52-bit multiply-add, which OpenSSL's Poly1305 uses and .NET 10 exposes no
            // intrinsics for, so it explains most of the `os` ChaCha20-Poly1305 lead at large sizes.
            sets["AVX-512 IFMA"] = (leaf7.Ebx & (1 << 21)) != 0;

            // VAES (leaf 7, ECX bit 9): AES rounds on 256- and 512-bit vectors, which OpenSSL's AES-GCM uses and .NET
            // 10 exposes no intrinsics for, so it explains the `os` AES-GCM rows at large sizes.
            sets["VAES"] = (leaf7.Ecx & (1 << 9)) != 0;
        }
        else if (RuntimeInformation.ProcessArchitecture == Architecture.Arm64)
        {
            sets["AdvSIMD"] = System.Runtime.Intrinsics.Arm.AdvSimd.IsSupported;
            sets["AES"] = ArmAes.IsSupported;
            sets["SHA"] = ArmSha256.IsSupported;
        }

        return sets;
    }

    /// <summary>x86-64 micro-architecture level (v1–v4) or the architecture name elsewhere.</summary>
    public static string InstructionSetLevel()
    {
        if (RuntimeInformation.ProcessArchitecture != Architecture.X64)
        {
            return RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant();
        }

        if (Avx512F.IsSupported && Avx512BW.IsSupported && Avx512CD.IsSupported && Avx512DQ.IsSupported && Avx512F.VL.IsSupported)
        {
            return "x86-64-v4";
        }

        if (Avx2.IsSupported && Bmi1.IsSupported && Bmi2.IsSupported && Fma.IsSupported && Lzcnt.IsSupported)
        {
            return "x86-64-v3";
        }

        return Sse42.IsSupported && Popcnt.IsSupported ? "x86-64-v2" : "x86-64";
    }

    /// <summary>
    /// The CPU clock rate cycles per byte are derived from, and where it was read: BenchmarkDotNet's CpuInfo (nominal,
    /// else maximum frequency; from lscpu, WMI or sysctl), else on Linux the kernel's current <c>cpu MHz</c> from
    /// /proc/cpuinfo, averaged over the logical cores when the run starts. Neither follows turbo or power states
    /// during the run, which is why the source travels with the figure. Null when no source answers.
    /// </summary>
    public static (double Hertz, string Source)? ClockRate()
    {
        var cpu = BenchmarkDotNet.Environments.HostEnvironmentInfo.GetCurrent().Cpu.Value;
        if (cpu?.NominalFrequency() is { } nominal && nominal.Hertz > 0)
        {
            return (nominal.Hertz, "BenchmarkDotNet's CpuInfo nominal frequency");
        }

        if (cpu?.MaxFrequency() is { } max && max.Hertz > 0)
        {
            return (max.Hertz, "BenchmarkDotNet's CpuInfo maximum frequency");
        }

        if (OperatingSystem.IsLinux() && File.Exists("/proc/cpuinfo"))
        {
            var megahertz = File.ReadLines("/proc/cpuinfo")
                .Where(l => l.StartsWith("cpu MHz", StringComparison.Ordinal))
                .Select(l => double.TryParse(l[(l.IndexOf(':', StringComparison.Ordinal) + 1)..], System.Globalization.NumberStyles.Float,
                    System.Globalization.CultureInfo.InvariantCulture, out var mhz) ? mhz : 0)
                .Where(mhz => mhz > 0)
                .ToArray();
            if (megahertz.Length > 0)
            {
                return (megahertz.Average() * 1e6, "/proc/cpuinfo 'cpu MHz' at the start of the run (BenchmarkDotNet's CpuInfo had no frequency)");
            }
        }

        return null;
    }

    public static string OsName() => RuntimeInformation.OSDescription;

    public static string OsKey() =>
        OperatingSystem.IsLinux() ? "linux" : OperatingSystem.IsWindows() ? "windows" : OperatingSystem.IsMacOS() ? "macos" : "other";

    public static string Runtime() => RuntimeInformation.FrameworkDescription;

    /// <summary>
    /// <c>{cpu}-{isa level}-{os}-net{major}</c>, lower-case, e.g. <c>amd-epyc-x86-64-v4-linux-net10</c> or
    /// <c>intel-xeon-x86-64-v4-linux-net10</c>: the CPU's name without trademark marks and without the words
    /// "Processor" and "CPU", which name no machine ("Intel(R) Xeon(R) Processor" would otherwise be
    /// <c>intel-r-xeon-r-processor</c>).
    /// </summary>
    public static string MachineKey(string cpuName, string isaLevel, string osKey, string runtime)
    {
        var major = new string(runtime.SkipWhile(c => !char.IsDigit(c)).TakeWhile(char.IsDigit).ToArray());
        return Slug($"{CpuKeyName(cpuName)} {isaLevel} {osKey} net{major}");
    }

    private static string CpuKeyName(string cpuName)
    {
        var words = cpuName
            .Replace("(R)", " ", StringComparison.OrdinalIgnoreCase)
            .Replace("(TM)", " ", StringComparison.OrdinalIgnoreCase)
            .Split(' ', StringSplitOptions.RemoveEmptyEntries);
        var kept = words.Where(w => !w.Equals("Processor", StringComparison.OrdinalIgnoreCase) && !w.Equals("CPU", StringComparison.OrdinalIgnoreCase)).ToArray();
        return kept.Length > 0 ? string.Join(' ', kept) : string.Join(' ', words);
    }

    internal static string Slug(string text)
    {
        var builder = new StringBuilder(text.Length);
        foreach (var c in text.ToLowerInvariant())
        {
            if (char.IsAsciiLetterOrDigit(c))
            {
                builder.Append(c);
            }
            else if (builder.Length > 0 && builder[^1] != '-')
            {
                builder.Append('-');
            }
        }

        return builder.ToString().Trim('-');
    }

    /// <summary>
    /// The commit the harness ran from, with <c>-dirty</c> when tracked files other than reports had changes. Outside a
    /// git checkout (a published harness on another machine, see README "Several machines") it is the commit the
    /// harness was built from, which the SDK writes into the assembly's informational version, with <c>-build</c>
    /// since whether that tree was dirty is not known; <c>unknown</c> when neither says.
    /// </summary>
    public static string GitCommit(string repositoryRoot)
    {
        var commit = RunGit(repositoryRoot, "rev-parse HEAD");
        if (commit is null)
        {
            return BuildCommit(typeof(MachineInfo).Assembly) is { } built ? built + "-build" : "unknown";
        }

        // Generated reports are outputs, not inputs: changes there do not make the measured code dirty.
        var status = RunGit(repositoryRoot, "status --porcelain --untracked-files=no -- . :!reports :!machine-specs");
        return string.IsNullOrEmpty(status) ? commit : commit + "-dirty";
    }

    /// <summary>The 40-hex commit after the '+' of an assembly's informational version (e.g. <c>1.0.0+1e59536…</c>), if any.</summary>
    internal static string? BuildCommit(System.Reflection.Assembly assembly)
    {
        var version = System.Reflection.CustomAttributeExtensions.GetCustomAttribute<System.Reflection.AssemblyInformationalVersionAttribute>(assembly)?.InformationalVersion;
        var plus = version?.IndexOf('+', StringComparison.Ordinal) ?? -1;
        var commit = plus < 0 ? null : version![(plus + 1)..];
        return commit is { Length: 40 } && commit.All(char.IsAsciiHexDigitLower) ? commit : null;
    }

    private static string? RunGit(string directory, string arguments)
    {
        try
        {
            var start = new ProcessStartInfo("git", arguments)
            {
                WorkingDirectory = directory,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            using var process = Process.Start(start);
            if (process is null)
            {
                return null;
            }

            var output = process.StandardOutput.ReadToEnd().Trim();
            process.WaitForExit();
            return process.ExitCode == 0 ? output : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }
}
