using System.Runtime.CompilerServices;
using CryptoHarness.Managed;

namespace CryptoHarness.Implementations.Adapters.Managed;

// The product's own code: one registry entry per algorithm and instruction-set path, so reports show what each path
// buys and the gate checks every path this CPU has. A path the CPU lacks is listed as unsupported, with the reason.

/// <summary>
/// A managed one-shot hash on one explicit path. The call goes through a function pointer to the algorithm's static
/// <c>HashData(source, destination, path)</c>: no delegate, no allocation.
/// </summary>
public unsafe class ManagedHash(
    Algorithm algorithm, InstructionSet path, delegate*<ReadOnlySpan<byte>, Span<byte>, InstructionSet, void> hash, Func<InstructionSet, bool> hasPath)
    : HashImplementation(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
{
    protected InstructionSet Path { get; } = path;

    public override Support Support =>
        !hasPath(Path) ? Support.No($"{Algorithm.Name} has no {Variant} path")
        : InstructionSets.IsSupported(Path) ? Support.Yes
        : Support.NotOnThisCpu($"this CPU lacks {Variant}");

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination) => hash(source, destination, Path);

    /// <summary>The algorithm's class is the one whose <c>IsSupported</c> names its paths (Blake2b, Sha224, …).</summary>
    public override IReadOnlyList<Type> CodeTypes { get; } = [hasPath.Method.DeclaringType!];

    /// <summary>Every path an algorithm has, each as an entry; the CPU decides at run time which are supported.</summary>
    public static IEnumerable<InstructionSet> PathsOf(Func<InstructionSet, bool> hasPath) =>
        Enum.GetValues<InstructionSet>().Where(p => hasPath(p) || p == InstructionSet.Scalar);
}

/// <summary>A managed hash that can also stream, through its hasher class on the same path.</summary>
public sealed unsafe class ManagedStreamingHash(
    Algorithm algorithm, InstructionSet path, delegate*<ReadOnlySpan<byte>, Span<byte>, InstructionSet, void> hash, Func<InstructionSet, bool> hasPath,
    Func<InstructionSet, IIncrementalHash> createIncremental)
    : ManagedHash(algorithm, path, hash, hasPath), IStreamingHashImplementation
{
    public IIncrementalHash CreateIncremental() => createIncremental(Path);
}

/// <summary>
/// Managed SHAKE (no customization) and cSHAKE (function name N empty, customization S as given) on one path, of the
/// strength <typeparamref name="TSize"/>.
/// </summary>
public sealed class ManagedShake<TSize>(Algorithm algorithm, bool customizable, InstructionSet path)
    : XofImplementation(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
    where TSize : struct, IShakeSize
{
    public override Support Support => Support.WhenCpuHas(InstructionSets.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [customizable ? typeof(CShake) : typeof(Shake)];

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (customizable)
        {
            CShake.HashData<TSize>(source, destination, [], customization, path);
        }
        else
        {
            Shake.HashData<TSize>(source, destination, path);
        }
    }
}

/// <summary>Managed TurboSHAKE (RFC 9861 §2) of the strength <typeparamref name="TSize"/> on one path, with the default domain byte D = 0x1F.</summary>
public sealed class ManagedTurboShake<TSize>(Algorithm algorithm, InstructionSet path)
    : XofImplementation(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
    where TSize : struct, IShakeSize
{
    public override Support Support => Support.WhenCpuHas(InstructionSets.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(TurboShake)];

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        TurboShake.HashData<TSize>(source, destination, TurboShake.DefaultDomain, path);
}

/// <summary>
/// Managed KT128 or KT256 (RFC 9861 §3), by <typeparamref name="TSize"/>, on one path; the XOF contract's
/// customization string is KangarooTwelve's C, as it is cSHAKE's S.
/// </summary>
public sealed class ManagedKangarooTwelve<TSize>(Algorithm algorithm, InstructionSet path)
    : XofImplementation(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
    where TSize : struct, IShakeSize
{
    public override Support Support => Support.WhenCpuHas(InstructionSets.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(KangarooTwelve)];

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        KangarooTwelve.HashData<TSize>(source, destination, customization, path);
}

/// <summary>Managed Ascon-XOF128 (SP 800-232 §5.2) on one path.</summary>
public sealed class ManagedAsconXof128(InstructionSet path)
    : XofImplementation(Algorithms.AsconXof128, ManagedProvider.Provider, InstructionSets.VariantName(path))
{
    public override Support Support => Support.WhenCpuHas(AsconHash.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(AsconXof128)];

    protected override void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination) =>
        AsconHash.HashData<AsconXof128>(source, destination, path);
}

/// <summary>Managed Ascon-AEAD128 (SP 800-232 §4) on one path: one static call each way, no key schedule to keep.</summary>
public sealed class ManagedAsconAead128(InstructionSet path)
    : AeadImplementation(Algorithms.AsconAead128, ManagedProvider.Provider, InstructionSets.VariantName(path))
{
    public override Support Support => Support.WhenCpuHas(AsconAead128.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(AsconAead128)];

    protected override void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag) =>
        AsconAead128.Encrypt(key, nonce, associatedData, plaintext, ciphertext, tag, path);

    protected override bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext) =>
        AsconAead128.Decrypt(key, nonce, associatedData, ciphertext, tag, plaintext, path);
}

/// <summary>Managed KMAC on one path; the output length is the algorithm's.</summary>
/// <remarks>
/// Not generic over the strength as the SHAKE family's adapters are: with <c>Kmac.HashData&lt;TSize&gt;</c> called
/// through this class's own type parameter, KMAC128 and KMAC256 of 128 bytes took 7 to 9% longer than before the sizes
/// were types (harness paired, 41 rounds, Avx512 and Scalar alike), the JIT inlining the set-up differently; with each
/// size named here, as below, level with it.
/// </remarks>
public sealed class ManagedKmac(Algorithm algorithm, int strength, InstructionSet path)
    : MacImplementation(algorithm, ManagedProvider.Provider, InstructionSets.VariantName(path))
{
    public override Support Support => Support.WhenCpuHas(InstructionSets.IsSupported(path), $"this CPU lacks {Variant}");

    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Kmac)];

    protected override void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (strength == 128)
        {
            Kmac.HashData<Bits128>(key, source, destination, customization, xof: false, path);
        }
        else
        {
            Kmac.HashData<Bits256>(key, source, destination, customization, xof: false, path);
        }
    }
}

/// <summary>
/// A managed hash of many messages at once (<see cref="IBatchHashImplementation"/>) on one path, or, with no path, on
/// its code's own choice (variant <c>multibuffer-auto</c>). Its one-shot hash is an honest batch of one, so the gate's
/// cross-check covers it as any other hash of its algorithm; only the empty message, which a batch cannot hold (its
/// messages have a positive length), goes its own way.
/// </summary>
public abstract class ManagedMultiBufferHash(Algorithm algorithm, InstructionSet? path, [CallerFilePath] string adapterFile = "")
    : HashImplementation(algorithm, ManagedProvider.Provider, $"multibuffer-{(path is { } p ? InstructionSets.VariantName(p) : "auto")}", adapterFile),
        IBatchHashImplementation
{
    /// <summary>The path this entry is pinned to, or null for the code's own choice.</summary>
    protected InstructionSet? Path => path;

    public override Support Support =>
        path is not { } p || HasPath(p) ? Support.Yes
        : !InstructionSets.IsSupported(p) ? Support.NotOnThisCpu($"this CPU lacks {InstructionSets.VariantName(p)}")
        : Support.No(NoPathReason(p));

    /// <summary>Whether the code has the path and this CPU runs it.</summary>
    protected abstract bool HasPath(InstructionSet path);

    /// <summary>Why a path this CPU has is still not one the code runs.</summary>
    protected abstract string NoPathReason(InstructionSet path);

    public abstract void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination);

    /// <summary>The digest of the empty message.</summary>
    protected abstract void HashEmpty(Span<byte> destination);

    protected override void HashCore(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (source.IsEmpty)
        {
            HashEmpty(destination);
            return;
        }

        HashBatch(source, source.Length, destination);
    }
}

/// <summary>
/// Managed multi-buffer SHA-256 on one path, or, with no path, through its overloads that pick the path per batch size
/// from the measured crossover (variant <c>multibuffer-auto</c>).
/// </summary>
public sealed class ManagedMultiBufferSha256(InstructionSet? path) : ManagedMultiBufferHash(Algorithms.Sha256, path)
{
    public override IReadOnlyList<Type> CodeTypes { get; } = [typeof(Sha256MultiBuffer)];

    protected override bool HasPath(InstructionSet path) => Sha256MultiBuffer.IsSupported(path);

    protected override string NoPathReason(InstructionSet path) => $"the multi-buffer {InstructionSets.VariantName(path)} path needs x86";

    public override void HashBatch(ReadOnlySpan<byte> messages, int messageLength, Span<byte> destination)
    {
        if (Path is { } p)
        {
            Sha256MultiBuffer.HashBatch(messages, messageLength, destination, p);
        }
        else
        {
            Sha256MultiBuffer.HashBatch(messages, messageLength, destination);
        }
    }

    /// <remarks>The end-to-end layout has no empty message; the layout of memories has.</remarks>
    protected override void HashEmpty(Span<byte> destination)
    {
        var empty = ReadOnlyMemory<byte>.Empty;
        var one = new ReadOnlySpan<ReadOnlyMemory<byte>>(in empty);
        if (Path is { } p)
        {
            Sha256MultiBuffer.HashBatch(one, destination, p);
        }
        else
        {
            Sha256MultiBuffer.HashBatch(one, destination);
        }
    }
}

/// <summary>The managed entries, built from the paths each algorithm reports.</summary>
internal static unsafe class ManagedEntries
{
    // Not an iterator: iterators cannot take the address of a method (&Blake2b.HashData).
    public static IReadOnlyList<IImplementation> All()
    {
        var entries = new List<IImplementation>();
        foreach (var path in ManagedHash.PathsOf(Blake2b.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Blake2b256, path, &Blake2b.HashData, Blake2b.IsSupported, p => new Blake2bIncremental(32, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Blake2b512, path, &Blake2b.HashData, Blake2b.IsSupported, p => new Blake2bIncremental(64, p)));
        }

        foreach (var path in ManagedHash.PathsOf(Blake2s.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Blake2s128, path, &Blake2s.HashData, Blake2s.IsSupported, p => new Blake2sIncremental(16, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Blake2s256, path, &Blake2s.HashData, Blake2s.IsSupported, p => new Blake2sIncremental(32, p)));
        }

        foreach (var path in ManagedHash.PathsOf(CryptoHarness.Managed.Sha256.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Sha224, path, &Sha224.HashData, Sha224.IsSupported, p => new Sha256Incremental(28, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha256, path, &CryptoHarness.Managed.Sha256.HashData, CryptoHarness.Managed.Sha256.IsSupported, p => new Sha256Incremental(32, p)));
        }

        foreach (var path in ManagedHash.PathsOf(Sha512.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Sha384, path, &Sha384.HashData, Sha384.IsSupported, p => new Sha512Incremental(48, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha512, path, &Sha512.HashData, Sha512.IsSupported, p => new Sha512Incremental(64, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha512_224, path, &Sha512T224.HashData, Sha512T224.IsSupported, p => new Sha512Incremental(28, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha512_256, path, &Sha512T256.HashData, Sha512T256.IsSupported, p => new Sha512Incremental(32, p)));
        }

        foreach (var path in ManagedHash.PathsOf(Sha3.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Sha3_224, path, &Sha3.HashData<Bits224>, Sha3.IsSupported, p => new Sha3Incremental(224, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha3_256, path, &Sha3.HashData<Bits256>, Sha3.IsSupported, p => new Sha3Incremental(256, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha3_384, path, &Sha3.HashData<Bits384>, Sha3.IsSupported, p => new Sha3Incremental(384, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Sha3_512, path, &Sha3.HashData<Bits512>, Sha3.IsSupported, p => new Sha3Incremental(512, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Keccak256, path, &Keccak.HashData<Bits256>, Keccak.IsSupported, p => new KeccakIncremental(256, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Keccak384, path, &Keccak.HashData<Bits384>, Keccak.IsSupported, p => new KeccakIncremental(384, p)));
            entries.Add(new ManagedStreamingHash(Algorithms.Keccak512, path, &Keccak.HashData<Bits512>, Keccak.IsSupported, p => new KeccakIncremental(512, p)));
            entries.Add(new ManagedShake<Bits128>(Algorithms.Shake128, customizable: false, path));
            entries.Add(new ManagedShake<Bits256>(Algorithms.Shake256, customizable: false, path));
            entries.Add(new ManagedShake<Bits128>(Algorithms.CShake128, customizable: true, path));
            entries.Add(new ManagedShake<Bits256>(Algorithms.CShake256, customizable: true, path));
            entries.Add(new ManagedKmac(Algorithms.Kmac128, 128, path));
            entries.Add(new ManagedKmac(Algorithms.Kmac256, 256, path));
            entries.Add(new ManagedTurboShake<Bits128>(Algorithms.TurboShake128, path));
            entries.Add(new ManagedTurboShake<Bits256>(Algorithms.TurboShake256, path));
        }

        foreach (var path in ManagedHash.PathsOf(Lsh256.IsSupported))
        {
            entries.Add(new ManagedHash(Algorithms.Lsh256_256, path, &Lsh256.HashData, Lsh256.IsSupported));
        }

        foreach (var path in ManagedHash.PathsOf(Lsh512.IsSupported))
        {
            entries.Add(new ManagedHash(Algorithms.Lsh512_256, path, &Lsh512.HashData256, Lsh512.IsSupported));
            entries.Add(new ManagedHash(Algorithms.Lsh512_512, path, &Lsh512.HashData512, Lsh512.IsSupported));
        }

        // KangarooTwelve's paths are those of its leaves, the four-state Keccak: scalar, avx2 and avx512.
        foreach (var path in ManagedHash.PathsOf(KangarooTwelve.IsSupported))
        {
            entries.Add(new ManagedKangarooTwelve<Bits128>(Algorithms.Kt128, path));
            entries.Add(new ManagedKangarooTwelve<Bits256>(Algorithms.Kt256, path));
        }

        foreach (var path in ManagedHash.PathsOf(CryptoHarness.Managed.Blake3.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Blake3, path, &CryptoHarness.Managed.Blake3.HashData, CryptoHarness.Managed.Blake3.IsSupported, p => new Blake3Incremental(p)));
        }

        // Ascon (SP 800-232): scalar and avx512 for each function; which one each dispatches to is in Ascon.cs.
        foreach (var path in ManagedHash.PathsOf(AsconHash.IsSupported))
        {
            entries.Add(new ManagedHash(Algorithms.AsconHash256, path, &AsconHash.HashData<AsconHash256>, AsconHash.IsSupported));
            entries.Add(new ManagedAsconXof128(path));
            entries.Add(new ManagedAsconAead128(path));
        }

        // The scalar-only block hashes (BlockHash.cs): one entry each, on the one path they have.
        entries.Add(new ManagedStreamingHash(Algorithms.Md5, InstructionSet.Scalar, &Md5.HashData, Md5.IsSupported, _ => new Md5Incremental()));
        entries.Add(new ManagedStreamingHash(Algorithms.Sha1, InstructionSet.Scalar, &Sha1.HashData, Sha1.IsSupported, _ => new Sha1Incremental()));
        entries.Add(new ManagedStreamingHash(Algorithms.Ripemd160, InstructionSet.Scalar, &Ripemd160.HashData, Ripemd160.IsSupported, _ => new Ripemd160Incremental()));
        foreach (var path in ManagedHash.PathsOf(Sm3.IsSupported))
        {
            entries.Add(new ManagedStreamingHash(Algorithms.Sm3, path, &Sm3.HashData, Sm3.IsSupported, p => new Sm3Incremental(p)));
        }
        entries.Add(new ManagedStreamingHash(Algorithms.Streebog256, InstructionSet.Scalar, &Streebog.HashData256, Streebog.IsSupported, _ => new StreebogIncremental(32)));
        entries.Add(new ManagedStreamingHash(Algorithms.Streebog512, InstructionSet.Scalar, &Streebog.HashData512, Streebog.IsSupported, _ => new StreebogIncremental(64)));
        entries.Add(new ManagedStreamingHash(Algorithms.Kupyna256, InstructionSet.Scalar, &Kupyna.HashData256, Kupyna.IsSupported, _ => new KupynaIncremental(32)));
        entries.Add(new ManagedStreamingHash(Algorithms.Kupyna384, InstructionSet.Scalar, &Kupyna.HashData384, Kupyna.IsSupported, _ => new KupynaIncremental(48)));
        entries.Add(new ManagedStreamingHash(Algorithms.Kupyna512, InstructionSet.Scalar, &Kupyna.HashData512, Kupyna.IsSupported, _ => new KupynaIncremental(64)));
        entries.Add(new ManagedStreamingHash(Algorithms.Whirlpool, InstructionSet.Scalar, &Whirlpool.HashData, Whirlpool.IsSupported, _ => new WhirlpoolIncremental()));

        // Every multi-buffer path exists on every CPU (Sha256MultiBuffer.IsSupported also asks the CPU), so all four are
        // entries and the ones this CPU lacks are listed as unsupported; beside them, the dispatching default.
        foreach (var path in Enum.GetValues<InstructionSet>())
        {
            entries.Add(new ManagedMultiBufferSha256(path));
        }

        entries.Add(new ManagedMultiBufferSha256(path: null));
        return entries;
    }

    private sealed class Blake2bIncremental(int outputBytes, InstructionSet path) : IIncrementalHash
    {
        private readonly Blake2bHasher _hasher = new(outputBytes, [], path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination[..outputBytes]);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Sha256Incremental(int outputBytes, InstructionSet path) : IIncrementalHash
    {
        private readonly Sha256Hasher _hasher = new(outputBytes, path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination[..outputBytes]);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Sha512Incremental(int outputBytes, InstructionSet path) : IIncrementalHash
    {
        private readonly Sha512Hasher _hasher = new(outputBytes, path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination[..outputBytes]);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Sha3Incremental(int bits, InstructionSet path) : IIncrementalHash
    {
        private readonly Sha3Hasher _hasher = new(bits, path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination[..(bits / 8)]);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class KeccakIncremental(int bits, InstructionSet path) : IIncrementalHash
    {
        private readonly KeccakHasher _hasher = new(bits, path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination[..(bits / 8)]);

        public void Dispose() => _hasher.Dispose();
    }

    /// <summary>Blake3Hasher.Finish leaves the state open for more input; the contract's Finish starts a new message.</summary>
    private sealed class Blake3Incremental(InstructionSet path) : IIncrementalHash
    {
        private readonly Blake3Hasher _hasher = new(path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination)
        {
            _hasher.Finish(destination[..CryptoHarness.Managed.Blake3.HashSizeInBytes]);
            _hasher.Reset();
        }

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Md5Incremental : IIncrementalHash
    {
        private readonly Md5Hasher _hasher = new();

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Sha1Incremental : IIncrementalHash
    {
        private readonly Sha1Hasher _hasher = new();

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Ripemd160Incremental : IIncrementalHash
    {
        private readonly Ripemd160Hasher _hasher = new();

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Sm3Incremental(InstructionSet path) : IIncrementalHash
    {
        private readonly Sm3Hasher _hasher = new(path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class StreebogIncremental(int outputBytes) : IIncrementalHash
    {
        private readonly StreebogHasher _hasher = new(outputBytes);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class KupynaIncremental(int outputBytes) : IIncrementalHash
    {
        private readonly KupynaHasher _hasher = new(outputBytes);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class WhirlpoolIncremental : IIncrementalHash
    {
        private readonly WhirlpoolHasher _hasher = new();

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination);

        public void Dispose() => _hasher.Dispose();
    }

    private sealed class Blake2sIncremental(int outputBytes, InstructionSet path) : IIncrementalHash
    {
        private readonly Blake2sHasher _hasher = new(outputBytes, [], path);

        public void Append(ReadOnlySpan<byte> source) => _hasher.Append(source);

        public void Finish(Span<byte> destination) => _hasher.GetHashAndReset(destination[..outputBytes]);

        public void Dispose() => _hasher.Dispose();
    }
}
