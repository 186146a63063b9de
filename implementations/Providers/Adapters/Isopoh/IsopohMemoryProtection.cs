using Isopoh.Cryptography.SecureArray;

namespace CryptoHarness.Implementations.Adapters.Isopoh;

/// <summary>
/// Which protection Isopoh's default buffers get on this machine. Its <see cref="SecureArray{T}"/> asks for zeroed,
/// pinned and locked (no swap) memory and silently settles for less when the OS refuses the lock (RLIMIT_MEMLOCK,
/// no CAP_IPC_LOCK), so the answer is read off a buffer the size of an Argon2 matrix, once.
/// </summary>
public static class IsopohMemoryProtection
{
    /// <summary>64 MiB: the matrix of the largest default parameter set.</summary>
    private const int ProbeBytes = 64 << 20;

    private static readonly Lazy<string> Description = new(() =>
    {
        using var probe = new SecureArray<byte>(ProbeBytes);
        return $"{probe.ProtectionType} for a {ProbeBytes >> 20} MiB buffer";
    });

    public static string Describe() => Description.Value;
}
