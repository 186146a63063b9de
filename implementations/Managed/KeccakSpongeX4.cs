namespace CryptoHarness.Managed;

/// <summary>
/// Four Keccak sponges (FIPS 202 Algorithm 8) run side by side on <see cref="KeccakP1600X4"/>: the engine under
/// <see cref="ShakeX4"/> and <see cref="Sha3MultiBuffer"/>, which differ only in rate, domain suffix and output length.
/// The scalar path runs four single-state scalar sponges one after another.
/// </summary>
internal static class KeccakSpongeX4
{
    /// <summary>
    /// Throws unless <paramref name="path"/> is one the four-way engine has and this CPU runs; <paramref name="function"/>
    /// names the caller's function in the message.
    /// </summary>
    public static void ThrowIfNoPath(InstructionSet path, string function)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!ShakeX4.IsSupported(path))
        {
            throw new ArgumentException(
                $"{function} has no {InstructionSets.VariantName(path)} path; it has scalar, avx2 and avx512.", nameof(path));
        }
    }

    /// <summary>
    /// Four sponges of one rate and one domain suffix in step: each destination receives the output for the source of
    /// the same number. The caller has checked the path (<see cref="ThrowIfNoPath"/>).
    /// </summary>
    /// <exception cref="ArgumentException">The sources differ in length, or the destinations do.</exception>
    [SkipLocalsInit]
    public static void Hash(
        ReadOnlySpan<byte> source0, ReadOnlySpan<byte> source1, ReadOnlySpan<byte> source2, ReadOnlySpan<byte> source3,
        Span<byte> destination0, Span<byte> destination1, Span<byte> destination2, Span<byte> destination3,
        int rateInBytes, byte suffix, InstructionSet path, int rounds = KeccakP1600.RoundCount)
    {
        // The four sponges must stay in step: checked here once for every caller (a few compares per four messages).
        int length = source0.Length;
        if (source1.Length != length || source2.Length != length || source3.Length != length)
        {
            throw new ArgumentException("The four sources must have the same length.", nameof(source1));
        }

        int outputLength = destination0.Length;
        if (destination1.Length != outputLength || destination2.Length != outputLength || destination3.Length != outputLength)
        {
            throw new ArgumentException("The four destinations must have the same length.", nameof(destination1));
        }

        if (path == InstructionSet.Scalar)
        {
            KeccakSponge.Hash(source0, destination0, rateInBytes, suffix, InstructionSet.Scalar, rounds);
            KeccakSponge.Hash(source1, destination1, rateInBytes, suffix, InstructionSet.Scalar, rounds);
            KeccakSponge.Hash(source2, destination2, rateInBytes, suffix, InstructionSet.Scalar, rounds);
            KeccakSponge.Hash(source3, destination3, rateInBytes, suffix, InstructionSet.Scalar, rounds);
            return;
        }

        int rateInLanes = rateInBytes / sizeof(ulong);
        KeccakStateX4 state = default;

        // Whole blocks straight from the callers' buffers.
        int wholeBlocksLength = length - (length % rateInBytes);
        if (wholeBlocksLength != 0)
        {
            KeccakP1600X4.Absorb(
                ref state,
                ref MemoryMarshal.GetReference(source0),
                ref MemoryMarshal.GetReference(source1),
                ref MemoryMarshal.GetReference(source2),
                ref MemoryMarshal.GetReference(source3),
                (nuint)(wholeBlocksLength / rateInBytes),
                rateInLanes,
                path,
                rounds);
        }

        // The last block of each message: its tail, the domain suffix with pad10*1's first bit, and the final bit
        // (FIPS 202 §5.1, §6.2; see KeccakSponge.Pad for the byte values).
        Span<byte> finalBlocks = stackalloc byte[4 * KeccakP1600.MaxRateInBytes];
        finalBlocks.Clear();
        PadFinalBlock(source0[wholeBlocksLength..], finalBlocks.Slice(0 * rateInBytes, rateInBytes), suffix);
        PadFinalBlock(source1[wholeBlocksLength..], finalBlocks.Slice(1 * rateInBytes, rateInBytes), suffix);
        PadFinalBlock(source2[wholeBlocksLength..], finalBlocks.Slice(2 * rateInBytes, rateInBytes), suffix);
        PadFinalBlock(source3[wholeBlocksLength..], finalBlocks.Slice(3 * rateInBytes, rateInBytes), suffix);
        ref byte blocks = ref MemoryMarshal.GetReference(finalBlocks);
        KeccakP1600X4.Absorb(
            ref state,
            ref blocks,
            ref Unsafe.Add(ref blocks, 1 * rateInBytes),
            ref Unsafe.Add(ref blocks, 2 * rateInBytes),
            ref Unsafe.Add(ref blocks, 3 * rateInBytes),
            1,
            rateInLanes,
            path,
            rounds);

        // Squeeze: every source byte has been read by now.
        for (int produced = 0; ;)
        {
            int take = Math.Min(rateInBytes, outputLength - produced);
            state.ExtractBytes(0, destination0.Slice(produced, take));
            state.ExtractBytes(1, destination1.Slice(produced, take));
            state.ExtractBytes(2, destination2.Slice(produced, take));
            state.ExtractBytes(3, destination3.Slice(produced, take));
            produced += take;
            if (produced == outputLength)
            {
                break;
            }

            // A rate of zero lanes reads no data, so the references are never dereferenced.
            ref byte none = ref Unsafe.NullRef<byte>();
            KeccakP1600X4.Absorb(ref state, ref none, ref none, ref none, ref none, 1, 0, path, rounds);
        }

        CryptographicOperations.ZeroMemory(finalBlocks);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)state));

        static void PadFinalBlock(ReadOnlySpan<byte> tail, Span<byte> block, byte suffix)
        {
            tail.CopyTo(block);
            block[tail.Length] ^= suffix;
            block[^1] ^= KeccakSponge.FinalPaddingBit;
        }
    }
}
