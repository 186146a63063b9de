namespace CryptoHarness.Managed;

/// <summary>
/// The extendable-output functions KT128 and KT256 (KangarooTwelve, RFC 9861 §3): a tree over TurboSHAKE128 or
/// TurboSHAKE256 whose leaves, 8192-byte chunks, are independent and hashed several at a time.
/// </summary>
/// <remarks>
/// <para>
/// The input string is S = M ‖ C ‖ length_encode(|C|), with M the message and C the customization string (§3.2).
/// If S fits one chunk, the output is TurboSHAKE(S, 0x07). Otherwise S is cut into chunks S_0, S_1, …, S_(n−1),
/// each S_i after the first is hashed to a chaining value CV_i = TurboSHAKE(S_i, 0x0B) of 32 bytes (KT128) or 64
/// bytes (KT256), and the output is TurboSHAKE(S_0 ‖ 03 00 00 00 00 00 00 00 ‖ CV_1 ‖ … ‖ CV_(n−1) ‖
/// length_encode(n − 1) ‖ FF FF, 0x06). KT128 runs on TurboSHAKE128 and KT256 on TurboSHAKE256 (§3.3).
/// </para>
/// <para>
/// Paths: <see cref="InstructionSet.Scalar"/> hashes every leaf with the single-state scalar permutation;
/// <see cref="InstructionSet.Avx2"/> and <see cref="InstructionSet.Avx512"/> hash leaves four at a time on the
/// four-state permutation of that name (<c>KeccakP1600X4.Avx2.cs</c>, <c>KeccakP1600X4.Avx512.cs</c>, the engine of
/// <see cref="ShakeX4"/>), and the final node, and a leaf left alone at the end, on the single-state permutation:
/// Avx512's where the path is Avx512, the scalar one under Avx2 (Keccak has no single-state Avx2 path; see
/// <c>KeccakP1600.cs</c>). Two or three whole leaves left over still go through the four-state code, with a
/// repeated leaf in the spare slots: four states cost about what one costs on the single-state path.
/// </para>
/// <para>
/// Dispatch: Avx512, else Avx2, else Scalar, the order of <see cref="ShakeX4"/>, whose four-state kernels these are.
/// KT128 of 128 KiB, Stopwatch medians of 21 interleaved rounds on an AMD EPYC (Zen 4) shared with other jobs
/// (2026-11-26): Avx512 34 µs, Avx2 40 µs, against 530 µs for SHAKE128 and 371 µs for TurboSHAKE128 on the
/// single-state Avx512 path; the tree's four leaves at a time at 12 rounds are what the ratio buys.
/// </para>
/// <para>
/// The input is consumed as it comes (M, then C, then the length encoding), so nothing is copied into a buffer of
/// S; whole leaves are read straight from the caller's span. No call allocates on the heap, and the sponge states
/// and chaining values are wiped before returning. Output is written only after all input has been read.
/// </para>
/// </remarks>
public static class KangarooTwelve
{
    /// <summary>The chunk (leaf) size B of RFC 9861 §3.2.</summary>
    public const int ChunkSizeInBytes = 8192;

    // Domain bytes of RFC 9861 §3.2: a single node, an inner leaf, and the final node of a tree.
    private const byte SingleNodeDomain = 0x07;
    private const byte LeafDomain = 0x0B;
    private const byte FinalNodeDomain = 0x06;

    internal static readonly InstructionSet DefaultPath =
        IsSupported(InstructionSet.Avx512) ? InstructionSet.Avx512
        : IsSupported(InstructionSet.Avx2) ? InstructionSet.Avx2
        : InstructionSet.Scalar;

    /// <summary>Whether this library has a KangarooTwelve path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => path != InstructionSet.Ssse3 && ShakeX4.IsSupported(path);

    /// <summary>
    /// Fills <paramref name="destination"/> with KTn(M = <paramref name="source"/>, C, L) output, n being
    /// <typeparamref name="TSize"/>: <see cref="Bits128"/> (over TurboSHAKE128) or <see cref="Bits256"/> (over
    /// TurboSHAKE256).
    /// </summary>
    /// <param name="source">The message M.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; may be empty.</param>
    /// <param name="customization">The customization string C; may be empty.</param>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization = default)
        where TSize : struct, IShakeSize =>
        HashData<TSize>(source, destination, customization, DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte})"/>
    /// <param name="source">The message M.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output; may be empty.</param>
    /// <param name="customization">The customization string C; may be empty.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization, InstructionSet path)
        where TSize : struct, IShakeSize =>
        HashCore(source, destination, customization, KeccakSize.RateInBytes<TSize>(), path);

    private static void HashCore(
        ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> customization, int rateInBytes, InstructionSet path)
    {
        KeccakSpongeX4.ThrowIfNoPath(path, "KangarooTwelve");

        var tree = new Tree(rateInBytes, path);
        tree.Append(source);
        tree.Append(customization);
        Span<byte> encoded = stackalloc byte[MaxLengthEncodingBytes];
        tree.Append(encoded[..LengthEncode((ulong)customization.Length, encoded)]);
        tree.Finish(destination);
        tree.Clear();
    }

    // A 64-bit count in at most 8 bytes, then the byte holding its length.
    private const int MaxLengthEncodingBytes = sizeof(ulong) + 1;

    /// <summary>
    /// RFC 9861 §3.3 <c>length_encode(x)</c>: x big endian in as few bytes as hold it (none for zero), then the
    /// number of those bytes. Returns the length written.
    /// </summary>
    internal static int LengthEncode(ulong value, Span<byte> destination)
    {
        int length = (64 - System.Numerics.BitOperations.LeadingZeroCount(value) + 7) / 8;
        for (int i = length - 1; i >= 0; i--)
        {
            destination[i] = (byte)value;
            value >>= 8;
        }

        destination[length] = (byte)length;
        return length + 1;
    }

    /// <summary>
    /// The tree hash as a mutable value, fed S in any pieces: the final node's sponge, the leaf being filled when a
    /// piece ends inside one, and the counts that decide between a single node and a tree.
    /// </summary>
    private struct Tree
    {
        private KeccakSponge _final;
        private KeccakSponge _leaf;
        private readonly int _rateInBytes;
        private readonly int _chainingValueBytes;
        private readonly InstructionSet _path;
        private readonly InstructionSet _singlePath;

        // Bytes of S in the current chunk so far: chunk 0 (in the final node) while _leafCount is 0 and the tree has
        // not begun, else the current leaf.
        private int _chunkPosition;
        private bool _isTree;
        private ulong _leafCount;

        public Tree(int rateInBytes, InstructionSet path)
        {
            _rateInBytes = rateInBytes;

            // The capacity: 32 bytes for KT128, 64 for KT256 (RFC 9861 §3.2 and §3.3).
            _chainingValueBytes = KeccakP1600.StateSizeInBytes - rateInBytes;
            _path = path;
            _singlePath = path == InstructionSet.Avx512 ? InstructionSet.Avx512 : InstructionSet.Scalar;
            _final = new KeccakSponge(rateInBytes, SingleNodeDomain, _singlePath, KeccakP1600.TurboRoundCount);
        }

        public void Append(ReadOnlySpan<byte> data)
        {
            if (!_isTree)
            {
                int take = Math.Min(data.Length, ChunkSizeInBytes - _chunkPosition);
                _final.Absorb(data[..take]);
                _chunkPosition += take;
                data = data[take..];
                if (data.IsEmpty)
                {
                    return;
                }

                // More than one chunk: S_0 is followed by 03 and seven zero bytes, and the leaves begin.
                _final.Absorb([0x03, 0, 0, 0, 0, 0, 0, 0]);
                _isTree = true;
                _chunkPosition = 0;
            }

            if (_chunkPosition != 0)
            {
                int take = Math.Min(data.Length, ChunkSizeInBytes - _chunkPosition);
                _leaf.Absorb(data[..take]);
                _chunkPosition += take;
                data = data[take..];
                if (_chunkPosition < ChunkSizeInBytes)
                {
                    return;
                }

                FinishLeaf();
            }

            data = HashWholeLeaves(data);
            if (!data.IsEmpty)
            {
                _leaf = new KeccakSponge(_rateInBytes, LeafDomain, _singlePath, KeccakP1600.TurboRoundCount);
                _leaf.Absorb(data);
                _chunkPosition = data.Length;
            }
        }

        public void Finish(Span<byte> destination)
        {
            if (_isTree)
            {
                if (_chunkPosition != 0)
                {
                    FinishLeaf();
                }

                Span<byte> encoded = stackalloc byte[MaxLengthEncodingBytes];
                _final.Absorb(encoded[..LengthEncode(_leafCount, encoded)]);
                _final.Absorb([0xFF, 0xFF]);
                _final.SetSuffix(FinalNodeDomain);
            }

            _final.Squeeze(destination);
        }

        public void Clear()
        {
            _final.Clear();
            _leaf.Clear();
        }

        /// <summary>Squeezes the filled leaf's chaining value into the final node.</summary>
        private void FinishLeaf()
        {
            Span<byte> chainingValue = stackalloc byte[64];
            chainingValue = chainingValue[.._chainingValueBytes];
            _leaf.Squeeze(chainingValue);
            _leaf.Clear();
            _final.Absorb(chainingValue);
            CryptographicOperations.ZeroMemory(chainingValue);
            _leafCount++;
            _chunkPosition = 0;
        }

        /// <summary>Hashes the whole chunks at the start of <paramref name="data"/> as leaves; returns the rest.</summary>
        [SkipLocalsInit]
        private ReadOnlySpan<byte> HashWholeLeaves(ReadOnlySpan<byte> data)
        {
            int wholeLeaves = data.Length / ChunkSizeInBytes;
            if (wholeLeaves == 0)
            {
                return data;
            }

            int cv = _chainingValueBytes;
            Span<byte> chainingValues = stackalloc byte[4 * 64];
            if (_path != InstructionSet.Scalar)
            {
                while (wholeLeaves >= 2)
                {
                    // Two or three leaves left: the spare slots repeat the last one, and their values are dropped.
                    int count = Math.Min(wholeLeaves, 4);
                    ReadOnlySpan<byte> leaf0 = data[..ChunkSizeInBytes];
                    ReadOnlySpan<byte> leaf1 = data.Slice(ChunkSizeInBytes, ChunkSizeInBytes);
                    ReadOnlySpan<byte> leaf2 = data.Slice(Math.Min(2, count - 1) * ChunkSizeInBytes, ChunkSizeInBytes);
                    ReadOnlySpan<byte> leaf3 = data.Slice((count - 1) * ChunkSizeInBytes, ChunkSizeInBytes);
                    KeccakSpongeX4.Hash(
                        leaf0, leaf1, leaf2, leaf3,
                        chainingValues[..cv], chainingValues.Slice(cv, cv), chainingValues.Slice(2 * cv, cv), chainingValues.Slice(3 * cv, cv),
                        _rateInBytes, LeafDomain, _path, KeccakP1600.TurboRoundCount);
                    _final.Absorb(chainingValues[..(count * cv)]);
                    _leafCount += (ulong)count;
                    data = data[(count * ChunkSizeInBytes)..];
                    wholeLeaves -= count;
                }
            }

            for (; wholeLeaves != 0; wholeLeaves--)
            {
                KeccakSponge.Hash(data[..ChunkSizeInBytes], chainingValues[..cv], _rateInBytes, LeafDomain, _singlePath, KeccakP1600.TurboRoundCount);
                _final.Absorb(chainingValues[..cv]);
                _leafCount++;
                data = data[ChunkSizeInBytes..];
            }

            CryptographicOperations.ZeroMemory(chainingValues);
            return data;
        }
    }
}
