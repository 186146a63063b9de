using System.Globalization;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Botan;

// Botan's hashes through its C API, called as its users call it: one botan_hash_t per algorithm (and per thread),
// created once by name and reused; a message is one botan_hash_update and one botan_hash_final, which also resets
// the object for the next message, so botan_hash_clear is needed only after a failure. Spans are pinned, not copied.
// Botan 2.19 has no SHA-512/224, BLAKE2s, cSHAKE, BLAKE3, Ascon, Kupyna, LSH or KangarooTwelve: no entries for them.

/// <summary>A fixed-length hash by its Botan name; <typeparamref name="TSelf"/> gives each algorithm its own per-thread object.</summary>
public abstract unsafe class BotanHash<TSelf>(Algorithm algorithm, string botanName)
    : HashImplementation(algorithm, BotanProvider.Provider), IStreamingHashImplementation
    where TSelf : BotanHash<TSelf>
{
    [ThreadStatic]
    private static BotanObject? t_hash;

    public override Support Support => LibBotan.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        var hash = (t_hash ??= BotanObject.Hash(botanName)).Handle;
        BotanHashing.HashOnce(hash, source, destination, botanName);
    }

    public IIncrementalHash CreateIncremental() => new BotanIncrementalHash(BotanObject.Hash(botanName), botanName);
}

/// <summary>The calls every Botan hash and XOF adapter makes.</summary>
internal static unsafe class BotanHashing
{
    /// <summary>One message through a reused object: update and final, without the GC transition when short.</summary>
    public static void HashOnce(IntPtr hash, ReadOnlySpan<byte> source, Span<byte> destination, string name)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            var isShort = NativeCalls.IsShort(source.Length);
            var update = LibBotan.botan_hash_update.Call(isShort, hash, input, (nuint)source.Length);
            var final = LibBotan.botan_hash_final.Call(isShort, hash, output);
            if (update != LibBotan.Success || final != LibBotan.Success)
            {
                // A failed update leaves input in the object; clear it so the next message starts clean.
                _ = LibBotan.botan_hash_clear(hash);
                LibBotan.Check(update, "botan_hash_update", name);
                LibBotan.Check(final, "botan_hash_final", name);
            }
        }
    }
}

/// <summary>A Botan hash object of its own, fed as the streaming scenario feeds it; destroyed on dispose.</summary>
internal sealed unsafe class BotanIncrementalHash(BotanObject hash, string name) : IIncrementalHash
{
    private BotanObject? _hash = hash;

    public void Append(ReadOnlySpan<byte> source)
    {
        ObjectDisposedException.ThrowIf(_hash is null, this);
        fixed (byte* input = source)
        {
            LibBotan.Check(LibBotan.botan_hash_update.Call(false, _hash.Handle, input, (nuint)source.Length), "botan_hash_update", name);
        }
    }

    public void Finish(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_hash is null, this);
        fixed (byte* output = destination)
        {
            LibBotan.Check(LibBotan.botan_hash_final.Call(false, _hash.Handle, output), "botan_hash_final", name);
        }
    }

    public void Dispose()
    {
        if (_hash is not null)
        {
            _hash.Dispose();
            _hash = null;
        }
    }
}

/// <summary>
/// SHAKE through Botan's hash interface, where the output length is part of the name (<c>SHAKE-128(256)</c> for 256
/// bits). The per-thread object is made for the length last asked for and replaced when another length comes.
/// </summary>
public abstract unsafe class BotanShake<TSelf>(Algorithm algorithm, string botanFamily) : XofImplementation(algorithm, BotanProvider.Provider)
    where TSelf : BotanShake<TSelf>
{
    [ThreadStatic]
    private static BotanObject? t_hash;

    [ThreadStatic]
    private static int t_outputBytes;

    public override Support Support => LibBotan.Support;

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (destination.IsEmpty)
        {
            // No output asked for: nothing to compute (and botan_hash_final refuses a null output pointer).
            return;
        }

        if (t_hash is null || t_outputBytes != destination.Length)
        {
            Span<char> name = stackalloc char[32];
            if (!name.TryWrite(CultureInfo.InvariantCulture, $"{botanFamily}({8L * destination.Length})", out var written))
            {
                throw new ArgumentException($"{Id}: {destination.Length} output bytes is beyond Botan's SHAKE.", nameof(destination));
            }

            if (t_hash is null)
            {
                t_hash = BotanObject.Hash(name[..written]);
            }
            else
            {
                t_hash.ReplaceHash(name[..written]);
            }

            t_outputBytes = destination.Length;
        }

        BotanHashing.HashOnce(t_hash.Handle, source, destination, botanFamily);
    }
}

public sealed class BotanSha224() : BotanHash<BotanSha224>(Algorithms.Sha224, "SHA-224");

public sealed class BotanSha256() : BotanHash<BotanSha256>(Algorithms.Sha256, "SHA-256");

public sealed class BotanSha384() : BotanHash<BotanSha384>(Algorithms.Sha384, "SHA-384");

public sealed class BotanSha512() : BotanHash<BotanSha512>(Algorithms.Sha512, "SHA-512");

public sealed class BotanSha512_256() : BotanHash<BotanSha512_256>(Algorithms.Sha512_256, "SHA-512-256");

public sealed class BotanSha3_224() : BotanHash<BotanSha3_224>(Algorithms.Sha3_224, "SHA-3(224)");

public sealed class BotanSha3_256() : BotanHash<BotanSha3_256>(Algorithms.Sha3_256, "SHA-3(256)");

public sealed class BotanSha3_384() : BotanHash<BotanSha3_384>(Algorithms.Sha3_384, "SHA-3(384)");

public sealed class BotanSha3_512() : BotanHash<BotanSha3_512>(Algorithms.Sha3_512, "SHA-3(512)");

public sealed class BotanKeccak256() : BotanHash<BotanKeccak256>(Algorithms.Keccak256, "Keccak-1600(256)");

public sealed class BotanKeccak384() : BotanHash<BotanKeccak384>(Algorithms.Keccak384, "Keccak-1600(384)");

public sealed class BotanKeccak512() : BotanHash<BotanKeccak512>(Algorithms.Keccak512, "Keccak-1600(512)");

public sealed class BotanShake128() : BotanShake<BotanShake128>(Algorithms.Shake128, "SHAKE-128");

public sealed class BotanShake256() : BotanShake<BotanShake256>(Algorithms.Shake256, "SHAKE-256");

public sealed class BotanBlake2b256() : BotanHash<BotanBlake2b256>(Algorithms.Blake2b256, "BLAKE2b(256)");

public sealed class BotanBlake2b512() : BotanHash<BotanBlake2b512>(Algorithms.Blake2b512, "BLAKE2b(512)");

public sealed class BotanMd5() : BotanHash<BotanMd5>(Algorithms.Md5, "MD5");

public sealed class BotanSha1() : BotanHash<BotanSha1>(Algorithms.Sha1, "SHA-1");

public sealed class BotanSm3() : BotanHash<BotanSm3>(Algorithms.Sm3, "SM3");

public sealed class BotanStreebog256() : BotanHash<BotanStreebog256>(Algorithms.Streebog256, "Streebog-256");

public sealed class BotanStreebog512() : BotanHash<BotanStreebog512>(Algorithms.Streebog512, "Streebog-512");

public sealed class BotanWhirlpool() : BotanHash<BotanWhirlpool>(Algorithms.Whirlpool, "Whirlpool");

public sealed class BotanRipemd160() : BotanHash<BotanRipemd160>(Algorithms.Ripemd160, "RIPEMD-160");

/// <summary>Botan's hashes and XOFs: every one of ours that Botan 2.19 has.</summary>
public static class BotanHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new BotanSha224(),
        new BotanSha256(),
        new BotanSha384(),
        new BotanSha512(),
        new BotanSha512_256(),
        new BotanSha3_224(),
        new BotanSha3_256(),
        new BotanSha3_384(),
        new BotanSha3_512(),
        new BotanKeccak256(),
        new BotanKeccak384(),
        new BotanKeccak512(),
        new BotanShake128(),
        new BotanShake256(),
        new BotanBlake2b256(),
        new BotanBlake2b512(),
        new BotanMd5(),
        new BotanSha1(),
        new BotanSm3(),
        new BotanStreebog256(),
        new BotanStreebog512(),
        new BotanWhirlpool(),
        new BotanRipemd160(),
    ];
}
