using CryptoHarness.Implementations.Botan;

namespace CryptoHarness.Implementations;

/// <summary>
/// The one list of implementations. Tests, the gate, benchmark parameters, <c>harness list</c>, the scripts'
/// family names and the report's grouping all read it; nothing else names a family, algorithm or provider.
/// </summary>
public static partial class Registry
{
    /// <summary>Every registered implementation. An adapter either works or is not here: no stubs.</summary>
    public static IReadOnlyList<IImplementation> Implementations { get; } =
    [
        // SHA-2
        new OsSha256(), new OsSha384(), new OsSha512(),
        new BouncyCastleSha224(), new BouncyCastleSha256(), new BouncyCastleSha384(), new BouncyCastleSha512(),
        new BouncyCastleSha512_224(), new BouncyCastleSha512_256(),
        new LibsodiumSha256(), new LibsodiumSha512(),
        new NSecSha256(), new NSecSha512(),

        // SHA-3 and Keccak
        new OsSha3_256(), new OsSha3_384(), new OsSha3_512(),
        new BouncyCastleSha3_224(), new BouncyCastleSha3_256(), new BouncyCastleSha3_384(), new BouncyCastleSha3_512(),
        new BouncyCastleKeccak256(), new BouncyCastleKeccak384(), new BouncyCastleKeccak512(),
        new OsShake128(), new OsShake256(), new BouncyCastleShake128(), new BouncyCastleShake256(),
        new BouncyCastleCShake128(), new BouncyCastleCShake256(),
        new TinyKeccakKt128(),

        // BLAKE2 and BLAKE3
        new BouncyCastleBlake2b256(), new BouncyCastleBlake2b512(), new BouncyCastleBlake2s128(), new BouncyCastleBlake2s256(), new BouncyCastleBlake3(),
        new LibsodiumBlake2b256(), new LibsodiumBlake2b512(),
        new NSecBlake2b256(), new NSecBlake2b512(),
        new Blake3NativeHash(), new Blake3NetHash(),

        // Ascon (NIST SP 800-232)
        new BouncyCastleAsconHash256(), new BouncyCastleAsconXof128(),

        // Legacy and regional
        new OsMd5(), new OsSha1(), new BouncyCastleMd5(), new BouncyCastleSha1(),
        new BouncyCastleSm3(), new BouncyCastleStreebog256(), new BouncyCastleStreebog512(), new BouncyCastleWhirlpool(),
        new BouncyCastleRipemd160(), new BouncyCastleKupyna256(), new BouncyCastleKupyna384(), new BouncyCastleKupyna512(),

        // MACs
        new OsHmacSha256(), new OsHmacSha512(), new BouncyCastleHmacSha256(), new BouncyCastleHmacSha512(),
        new OsKmac128(), new OsKmac256(), new BouncyCastleKmac128(), new BouncyCastleKmac256(),
        new NSecHmacSha256(), new NSecHmacSha512(),
        new LibsodiumBlake2b512Mac(), new NSecBlake2b512Mac(),

        // AEAD
        new OsAes128Gcm(), new OsAes256Gcm(), new OsChaCha20Poly1305(),
        new BouncyCastleAes128Gcm(), new BouncyCastleAes256Gcm(), new BouncyCastleChaCha20Poly1305(),
        new BouncyCastleXChaCha20Poly1305(), new BouncyCastleAsconAead128(),
        new LibsodiumAes256Gcm(), new LibsodiumChaCha20Poly1305(), new LibsodiumXChaCha20Poly1305(),
        new NSecAes256Gcm(), new NSecChaCha20Poly1305(), new NSecXChaCha20Poly1305(),
        new LibsodiumAegis128L(), new LibsodiumAegis256(), new NSecAegis128L(), new NSecAegis256(),

        // Password hashing
        new Libargon2Argon2d(), new Libargon2Argon2i(), new Libargon2Argon2id(),
        new LibsodiumArgon2i(), new LibsodiumArgon2id(),
        new NSecArgon2id(),
        new BouncyCastleArgon2d(), new BouncyCastleArgon2i(), new BouncyCastleArgon2id(),
        new IsopohArgon2d(), new IsopohArgon2i(), new IsopohArgon2id(),
        new KonsciousArgon2d(), new KonsciousArgon2i(), new KonsciousArgon2id(),
        new BouncyCastleBcrypt(), new LibxcryptBcrypt(), new BcryptNetBcrypt(),

        // Botan 2 through its C API: every algorithm above that Botan 2.19 has
        new BotanSha224(), new BotanSha256(), new BotanSha384(), new BotanSha512(), new BotanSha512_256(),
        new BotanSha3_224(), new BotanSha3_256(), new BotanSha3_384(), new BotanSha3_512(),
        new BotanKeccak256(), new BotanKeccak384(), new BotanKeccak512(), new BotanShake128(), new BotanShake256(),
        new BotanBlake2b256(), new BotanBlake2b512(),
        new BotanMd5(), new BotanSha1(), new BotanSm3(), new BotanStreebog256(), new BotanStreebog512(), new BotanWhirlpool(), new BotanRipemd160(),
        new BotanHmacSha256(), new BotanHmacSha512(),
        new BotanAes128Gcm(), new BotanAes256Gcm(), new BotanChaCha20Poly1305(), new BotanXChaCha20Poly1305(),
        new BotanArgon2d(), new BotanArgon2i(), new BotanArgon2id(), new BotanBcrypt(),

        // Our own, one entry per algorithm and instruction-set path
        .. ManagedEntries.All(),
        .. ManagedArgon2.All(),
        .. ManagedBlake2b512Mac.All(),
        .. ManagedChaCha20Poly1305.All(),
        .. ManagedAesAeads.All(),
    ];

    public static IReadOnlyList<Algorithm> Algorithms { get; } =
        Implementations.Select(i => i.Algorithm).Distinct().ToArray();

    public static IReadOnlyList<string> Families { get; } =
        Algorithms.Select(a => a.Family).Distinct().ToArray();

    public static IReadOnlyList<Provider> Providers { get; } =
        Implementations.Select(i => i.Provider).Distinct().ToArray();

    public static IImplementation? Find(string id) =>
        Implementations.FirstOrDefault(i => string.Equals(i.Id, id, StringComparison.Ordinal));

    /// <summary>
    /// Implementations matching every given filter exactly (case-insensitive, never by substring, so SHA-256 never
    /// selects HMAC-SHA-256). <paramref name="family"/> accepts a family name or an algorithm name.
    /// </summary>
    /// <exception cref="SelectionException">A value matches nothing; the message names it and the valid choices.</exception>
    public static IReadOnlyList<IImplementation> Select(string? family = null, string? algorithm = null, string? provider = null)
    {
        IEnumerable<IImplementation> selected = Implementations;
        if (family is not null)
        {
            var names = ResolveFamilyOrAlgorithm(family);
            selected = selected.Where(i => names.Any(n => Same(i.Algorithm.Family, n) || Same(i.Algorithm.Name, n)));
        }

        if (algorithm is not null)
        {
            var name = ResolveAlgorithm(algorithm);
            selected = selected.Where(i => Same(i.Algorithm.Name, name));
        }

        if (provider is not null)
        {
            if (!Providers.Any(p => Same(p.Key, provider)))
            {
                throw new SelectionException(
                    $"Unknown provider '{provider}'. Valid providers: {string.Join(", ", Providers.Select(p => p.Key))}.");
            }

            selected = selected.Where(i => Same(i.Provider.Key, provider));
        }

        return selected.ToArray();
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
}

/// <summary>A filter value that names nothing in the registry.</summary>
public sealed class SelectionException(string message) : Exception(message);
