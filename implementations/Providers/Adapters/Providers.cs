using System.Reflection;
using System.Security.Cryptography;

namespace CryptoHarness.Implementations;

/// <summary>The fixed provider keys and what each one is. Adapters name their provider from here.</summary>
public static class Providers
{
    public static Provider Managed { get; } = new(
        "managed", "This repository's own C# implementations", () => VersionOf(typeof(Managed.Sha256).Assembly, "CryptoHarness.Managed"));

    public static Provider Os { get; } = new(
        "os", "System.Security.Cryptography (OpenSSL on Linux, CNG on Windows, CommonCrypto/CryptoKit on macOS)", OsVersion);

    public static Provider BouncyCastle { get; } = new(
        "bouncycastle", "BouncyCastle C# (package Portable.BouncyCastle)",
        () => VersionOf(typeof(Org.BouncyCastle.Crypto.Digests.Sha256Digest).Assembly, "Portable.BouncyCastle"));

    public static Provider Libsodium { get; } = new(
        "libsodium", "libsodium, native C, from the NuGet package libsodium", () => "libsodium " + Native.Libsodium.Version);

    public static Provider NSec { get; } = new(
        "nsec", "NSec.Cryptography, a managed .NET API over libsodium",
        () => VersionOf(typeof(global::NSec.Cryptography.Key).Assembly, "NSec.Cryptography"));

    public static Provider Blake3Native { get; } = new(
        "blake3-native", "The official Rust blake3 crate through a C ABI shim (implementations/Native/blake3-shim)",
        () => "blake3 crate " + Native.Blake3Shim.Version);

    public static Provider Libargon2 { get; } = new(
        "libargon2", "The Argon2 reference C implementation (phc-winner-argon2), the distribution's libargon2, loaded from the system",
        () => "libargon2 " + (Native.DistributionPackage.Version("libargon2-1") ?? "(version not recorded)"));

    public static Provider Libxcrypt { get; } = new(
        "libxcrypt", "libxcrypt's crypt_rn, the system's password hashing library in C, loaded from the system",
        () => "libxcrypt " + (Native.DistributionPackage.Version("libcrypt1") ?? "(version not recorded)"));

    private static string VersionOf(Assembly assembly, string package)
    {
        var informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        var version = informational is null ? assembly.GetName().Version?.ToString() : informational.Split('+')[0];
        return $"{package} {version ?? "unknown"}";
    }

    private static string OsVersion()
    {
        var runtime = $".NET {Environment.Version}";
        if (!OperatingSystem.IsLinux())
        {
            return runtime;
        }

        // OPENSSL_VERSION_NUMBER layout: 0xMNN00PP0 for OpenSSL 3 (major, minor, patch).
        var number = SafeEvpPKeyHandle.OpenSslVersion;
        return $"{runtime}, OpenSSL {(number >> 28) & 0xF}.{(number >> 20) & 0xFF}.{(number >> 4) & 0xFF}";
    }
}
