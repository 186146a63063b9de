using System.Runtime.Intrinsics.X86;

namespace CryptoHarness.Results;

/// <summary>
/// An x86-64 level emulated on a CPU of a higher one: the runtime's configuration switches hide the higher instruction
/// sets from <c>IsSupported</c> (and from the JIT), so the managed code takes the paths a user of that level gets. It
/// does not make the CPU older: the microarchitecture (caches, ports, latencies, clock) stays the host's, and native
/// providers that detect the CPU themselves (OpenSSL, libsodium) still use what it has; the Rust crate is a build per level.
/// </summary>
public sealed record EmulatedLevel(string Name, IReadOnlyDictionary<string, string> Switches, Func<bool> Holds);

public static class InstructionSetEmulation
{
    /// <summary>Set in the process that runs at an emulated level: the level's name.</summary>
    public const string LevelVariable = "CRYPTOHARNESS_ISA";

    /// <summary>Set beside <see cref="LevelVariable"/>: the host CPU's own level, which the child cannot see.</summary>
    public const string HostVariable = "CRYPTOHARNESS_HOST_ISA";

    private static readonly Dictionary<string, string> NoAvx512 = new(StringComparer.Ordinal)
    {
        // .NET 8/9 name AVX-512 by its subsets, .NET 10 by the whole; AVX10 implies AVX-512's instructions too.
        ["DOTNET_EnableAVX512F"] = "0",
        ["DOTNET_EnableAVX512"] = "0",
        ["DOTNET_EnableAVX10v1"] = "0",
        ["DOTNET_EnableAVX10v2"] = "0",
    };

    /// <summary>The levels <c>--isa</c> takes, highest first. <c>x86-64-v4</c> is the host itself when it has AVX-512.</summary>
    public static IReadOnlyList<EmulatedLevel> Levels { get; } =
    [
        new("x86-64-v4", new Dictionary<string, string>(), () => MachineInfo.InstructionSetLevel() == "x86-64-v4"),
        new("x86-64-v3", NoAvx512, () => MachineInfo.InstructionSetLevel() == "x86-64-v3"),
        new("x86-64-v2", new Dictionary<string, string>(NoAvx512, StringComparer.Ordinal)
        {
            // AVX carries AVX2 and FMA with it; BMI1, BMI2 and LZCNT are switched on their own.
            ["DOTNET_EnableAVX"] = "0",
            ["DOTNET_EnableAVX2"] = "0",
            ["DOTNET_EnableFMA"] = "0",
            ["DOTNET_EnableBMI1"] = "0",
            ["DOTNET_EnableBMI2"] = "0",
            ["DOTNET_EnableLZCNT"] = "0",
        }, () => MachineInfo.InstructionSetLevel() == "x86-64-v2"),
        new("scalar", new Dictionary<string, string>(StringComparer.Ordinal) { ["DOTNET_EnableHWIntrinsic"] = "0" }, () => !Sse2.IsSupported),
    ];

    public static IReadOnlyList<string> Names => Levels.Select(l => l.Name).ToArray();

    /// <summary>The level this process was started at by <c>--isa</c>, and the host's own level; null in a plain run.</summary>
    public static (string Level, string Host)? Current =>
        Environment.GetEnvironmentVariable(LevelVariable) is { Length: > 0 } level
            ? (level, Environment.GetEnvironmentVariable(HostVariable) ?? "unknown")
            : null;

    /// <summary>
    /// The level as it goes into the machine key: an emulated level is marked, so its reports never land among the
    /// host's (or a real CPU's of that level).
    /// </summary>
    public static string KeyLevel(string measuredLevel) =>
        Current is { } emulated && emulated.Level != emulated.Host ? $"{emulated.Level}-emulated" : measuredLevel;

    /// <summary>
    /// What a page says about a run made at an emulated level; empty for a run at the host's own level.
    /// <paramref name="rustCrate"/> is the run's version line for <c>blake3-native</c> (null when the run had none):
    /// only a level's build of the shim names its cargo features there, and only that build is held to the level.
    /// </summary>
    public static string Note(string level, string? emulatedOn, string? rustCrate = null) =>
        emulatedOn is null || emulatedOn == level ? ""
        : $"{level} emulated on an {emulatedOn} CPU: the runtime was told to hide the higher instruction sets, so managed code takes the " +
          $"{level} paths, but the microarchitecture, clock and caches are the host's, and native providers that detect the CPU themselves " +
          (rustCrate is null ? "(OpenSSL, libsodium) may still use its higher instruction sets. "
           : rustCrate.Contains("cargo features", StringComparison.Ordinal)
             ? "(OpenSSL, libsodium) may still use its higher instruction sets; the Rust crate (`blake3-native`) ran a build whose CPU detection stops at this level. "
             : "(OpenSSL, libsodium, and here the Rust crate) may still use its higher instruction sets. ") +
          "A real CPU of this level can differ.";
}
