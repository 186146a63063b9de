using System.Reflection;
using System.Security.Cryptography;

namespace CryptoHarness.Implementations;

/// <summary>The fixed provider keys and what each one is. Adapters name their provider from here.</summary>
public static class Providers
{
    public static Provider Managed { get; } = new(
        "managed", "This repository's own C# implementations", () => VersionOf(typeof(Managed.Sha256).Assembly, "CryptoHarness.Managed"))
    {
        Role = ProviderRole.Own,
    };

    public static Provider Os { get; } = new(
        "os", "System.Security.Cryptography (OpenSSL on Linux, CNG on Windows, CommonCrypto/CryptoKit on macOS)", OsVersion)
    {
        Role = ProviderRole.Platform,
    };

    /// <remarks>
    /// The version line also names the AES engine BouncyCastle's own factory picked on this machine (its AES-NI engine, or
    /// the table-based one), since the AES-GCM rows depend on it.
    /// </remarks>
    public static Provider BouncyCastle { get; } = new(
        "bouncycastle", "BouncyCastle C# (package BouncyCastle.Cryptography)",
        () => VersionOf(typeof(Org.BouncyCastle.Crypto.Digests.Sha256Digest).Assembly, "BouncyCastle.Cryptography")
            + $", AES engine {Org.BouncyCastle.Crypto.AesUtilities.CreateEngine().GetType().Name}")
    {
        Role = ProviderRole.ManagedAlternative,
    };

    public static Provider Isopoh { get; } = new(
        "isopoh", "Isopoh.Cryptography.Argon2, a managed C# Argon2 with buffers it tries to lock in memory",
        () => VersionOf(typeof(Isopoh.Cryptography.Argon2.Argon2).Assembly, "Isopoh.Cryptography.Argon2")
            + ", memory protection " + IsopohMemoryProtection.Describe())
    {
        Role = ProviderRole.ManagedAlternative,
    };

    public static Provider Konscious { get; } = new(
        "konscious", "Konscious.Security.Cryptography.Argon2, the most installed managed Argon2 for .NET",
        () => VersionOf(typeof(Konscious.Security.Cryptography.Argon2id).Assembly, "Konscious.Security.Cryptography.Argon2"))
    {
        Role = ProviderRole.ManagedAlternative,
    };

    public static Provider BcryptNet { get; } = new(
        "bcrypt-net", "BCrypt.Net-Next, the most installed managed bcrypt for .NET",
        () => VersionOf(typeof(BCrypt.Net.BCrypt).Assembly, "BCrypt.Net-Next"))
    {
        Role = ProviderRole.ManagedAlternative,
    };

    public static Provider Libsodium { get; } = new(
        "libsodium", "libsodium, native C, from the NuGet package libsodium; " + Native.NativeCalls.ShortCallNote,
        () => $"libsodium {Native.Libsodium.Version}")
    {
        CallingNote = Native.NativeCalls.ShortCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    public static Provider NSec { get; } = new(
        "nsec", "NSec.Cryptography, a managed .NET API over libsodium",
        () => VersionOf(typeof(global::NSec.Cryptography.Key).Assembly, "NSec.Cryptography"))
    {
        Role = ProviderRole.Other,
    };

    public static Provider Blake3Net { get; } = new(
        "blake3-net", "Blake3.NET (package Blake3), a fully managed SIMD BLAKE3 for .NET",
        () => VersionOf(typeof(global::Blake3.Hasher).Assembly, "Blake3"))
    {
        Role = ProviderRole.ManagedAlternative,
    };

    public static Provider Blake3Native { get; } = new(
        "blake3-native", "The official Rust blake3 crate through a C ABI shim (implementations/Native/blake3-shim); " + Native.NativeCalls.ShortCallNote,
        // "Rust crate blake3 …", not "blake3 crate …": a version line's first word is read as a package id when builds
        // are paired, and the NuGet package Blake3 (blake3-net) would answer to "blake3".
        () => $"Rust crate blake3 {Native.Blake3Shim.Version}")
    {
        CallingNote = Native.NativeCalls.ShortCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    public static Provider TinyKeccak { get; } = new(
        "tiny-keccak", "The Rust tiny-keccak crate's KangarooTwelve (KT128) through the blake3 shim's C ABI (implementations/Native/blake3-shim); " + Native.NativeCalls.ShortCallNote,
        () => $"tiny-keccak crate {Native.TinyKeccakShim.Version}")
    {
        CallingNote = Native.NativeCalls.ShortCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    public static Provider Libargon2 { get; } = new(
        "libargon2", "The Argon2 reference C implementation (phc-winner-argon2), the distribution's libargon2, loaded from the system",
        () => "libargon2 " + (Native.DistributionPackage.Version("libargon2-1") ?? "(version not recorded)"))
    {
        CallingNote = Native.NativeCalls.LongCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    public static Provider Libxcrypt { get; } = new(
        "libxcrypt", "libxcrypt's crypt_rn, the system's password hashing library in C, loaded from the system",
        () => "libxcrypt " + (Native.DistributionPackage.Version("libcrypt1") ?? "(version not recorded)"))
    {
        CallingNote = Native.NativeCalls.LongCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    /// <summary>
    /// Botan 2 (C++) through the C API its library exports, no shim: an object per algorithm and thread, created once by
    /// name and reused (hashes and MACs: update and final; AEADs: keyed once, then associated data, start and one final
    /// update per message); bcrypt's salt goes in through the API's custom random number generator.
    /// </summary>
    public static Provider Botan { get; } = new(
        "botan", "Botan 2 (C++), the distribution's libbotan-2, through its C API (botan/ffi.h) with an object per algorithm created once and reused; "
            + Native.NativeCalls.ShortCallNote,
        () => Implementations.Botan.LibBotan.Version)
    {
        CallingNote = Native.NativeCalls.ShortCallNote,
        Role = ProviderRole.NativeAnchor,
    };

    /// <summary>
    /// The package's version as restored for this app (its deps.json), else the assembly's own: the two can differ, and
    /// only the first says what ran (Isopoh.Cryptography.Argon2 2.0.0 ships an assembly stamped 1.0.0).
    /// </summary>
    private static string VersionOf(Assembly assembly, string package)
    {
        if (RestoredPackages.Value.TryGetValue(package, out var restored))
        {
            return $"{package} {restored}";
        }

        var informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        var version = informational is null ? assembly.GetName().Version?.ToString() : informational.Split('+')[0];
        return $"{package} {version ?? "unknown"}";
    }

    private static readonly Lazy<Dictionary<string, string>> RestoredPackages = new(ReadRestoredPackages);

    /// <summary>Package id → version, from the deps.json files the host loaded (a list separated by ";" on every OS; entries "Id/Version" of type package).</summary>
    private static Dictionary<string, string> ReadRestoredPackages()
    {
        var packages = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var depsFiles = AppContext.GetData("APP_CONTEXT_DEPS_FILES") as string ?? "";
        foreach (var depsFile in depsFiles.Split(';', StringSplitOptions.RemoveEmptyEntries))
        {
            if (!File.Exists(depsFile))
            {
                continue;
            }

            using var document = System.Text.Json.JsonDocument.Parse(File.ReadAllBytes(depsFile));
            if (!document.RootElement.TryGetProperty("libraries", out var libraries))
            {
                continue;
            }

            foreach (var library in libraries.EnumerateObject())
            {
                var slash = library.Name.IndexOf('/', StringComparison.Ordinal);
                if (slash > 0 && library.Value.TryGetProperty("type", out var type) && type.GetString() == "package")
                {
                    packages.TryAdd(library.Name[..slash], library.Name[(slash + 1)..]);
                }
            }
        }

        return packages;
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
