using System.Runtime.InteropServices;
using CryptoHarness.Implementations.Adapters.Common;

namespace CryptoHarness.Implementations.Adapters.Libsodium;

// Native providers: libsodium (C) and the Rust blake3 and tiny-keccak crates. Spans are pinned with `fixed`; nothing is copied.
// libsodium's hash functions have no failure mode and return 0 always (libsodium documentation, "Hashing").
// One-shot calls on inputs up to 1 KiB are made without the GC transition (NativeCalls says why).

/// <summary>
/// libsodium's SHA-256 or SHA-512 (crypto_hash_sha256, crypto_hash_sha512): the same calls under other names, so an
/// adapter is its set of calls (<see cref="Libsodium.Sha2Entries"/>).
/// </summary>
public unsafe class LibsodiumSha2 : HashImplementation, IStreamingHashImplementation
{
    private readonly Libsodium.Sha2Entries _calls;

    private protected LibsodiumSha2(Algorithm algorithm, Libsodium.Sha2Entries calls)
        : base(algorithm, LibsodiumProvider.Provider) => _calls = calls;

    public override Support Support => Libsodium.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = _calls.Hash.Call(NativeCalls.IsShort(source.Length), output, input, (ulong)source.Length);
        }
    }

    public IIncrementalHash CreateIncremental() => new Incremental(_calls);

    private sealed class Incremental(Libsodium.Sha2Entries calls) : LibsodiumIncremental(calls.StateBytes())
    {
        protected override int Init(byte* state) => calls.Init(state);

        protected override int Update(byte* state, byte* input, ulong length) => calls.Update(state, input, length);

        protected override int Final(byte* state, byte* output) => calls.Final(state, output);
    }
}

public sealed class LibsodiumSha256() : LibsodiumSha2(Algorithms.Sha256, Libsodium.Sha256);

public sealed class LibsodiumSha512() : LibsodiumSha2(Algorithms.Sha512, Libsodium.Sha512);

/// <summary>libsodium's generic hash is unkeyed BLAKE2b with the output length asked for.</summary>
public abstract unsafe class LibsodiumBlake2b(Algorithm algorithm) : HashImplementation(algorithm, LibsodiumProvider.Provider), IStreamingHashImplementation
{
    public override Support Support => Libsodium.Support;

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        fixed (byte* input = source)
        fixed (byte* output = destination)
        {
            _ = Libsodium.crypto_generichash.Call(NativeCalls.IsShort(source.Length), output, (nuint)destination.Length, input, (ulong)source.Length, null, 0);
        }
    }

    public IIncrementalHash CreateIncremental() => new Incremental(OutputBytes);

    private sealed class Incremental(int outputBytes) : LibsodiumIncremental(Libsodium.crypto_generichash_statebytes())
    {
        protected override int Init(byte* state) => Libsodium.crypto_generichash_init(state, null, 0, (nuint)outputBytes);

        protected override int Update(byte* state, byte* input, ulong length) => Libsodium.crypto_generichash_update(state, input, length);

        protected override int Final(byte* state, byte* output) => Libsodium.crypto_generichash_final(state, output, (nuint)outputBytes);
    }
}

public sealed class LibsodiumBlake2b256() : LibsodiumBlake2b(Algorithms.Blake2b256);

public sealed class LibsodiumBlake2b512() : LibsodiumBlake2b(Algorithms.Blake2b512);

/// <summary>
/// A libsodium init/update/final state in native memory, aligned as its headers require (64 bytes covers them all),
/// wiped and freed on dispose. The return values are ignored: these calls have no failure mode.
/// </summary>
internal abstract unsafe class LibsodiumIncremental : IIncrementalHash
{
    private readonly nuint _stateBytes;
    private byte* _state;
    private bool _initialized;

    protected LibsodiumIncremental(nuint stateBytes)
    {
        _stateBytes = stateBytes;
        _state = (byte*)NativeMemory.AlignedAlloc(stateBytes, 64);
    }

    protected abstract int Init(byte* state);

    protected abstract int Update(byte* state, byte* input, ulong length);

    protected abstract int Final(byte* state, byte* output);

    public void Append(ReadOnlySpan<byte> source)
    {
        EnsureInitialized();
        fixed (byte* input = source)
        {
            _ = Update(_state, input, (ulong)source.Length);
        }
    }

    public void Finish(Span<byte> destination)
    {
        EnsureInitialized();
        fixed (byte* output = destination)
        {
            _ = Final(_state, output);
        }

        _initialized = false;
    }

    public void Dispose()
    {
        if (_state is not null)
        {
            NativeMemory.Clear(_state, _stateBytes);
            NativeMemory.AlignedFree(_state);
            _state = null;
        }
    }

    private void EnsureInitialized()
    {
        ObjectDisposedException.ThrowIf(_state is null, this);
        if (!_initialized)
        {
            _ = Init(_state);
            _initialized = true;
        }
    }
}

/// <summary>libsodium's hashes.</summary>
public static class LibsodiumHashes
{
    public static IReadOnlyList<IImplementation> Entries { get; } =
    [
        new LibsodiumSha256(),
        new LibsodiumSha512(),
        new LibsodiumBlake2b256(),
        new LibsodiumBlake2b512(),
    ];
}
