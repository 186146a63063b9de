namespace CryptoHarness.Managed;

/// <summary>
/// Keccak-f[1600] on four independent states at once, for batched SHAKE (<see cref="ShakeX4"/>): the permutation of
/// <c>KeccakP1600</c>, with one partial file per vector path. The scalar path of <see cref="ShakeX4"/> needs none of
/// this: it runs four single-state sponges one after another.
/// </summary>
internal static partial class KeccakP1600X4
{
    /// <summary>
    /// Absorbs <paramref name="blockCount"/> whole blocks of each of four messages into the four states, permuting
    /// after each with Keccak-p[1600, <paramref name="rounds"/>]; <paramref name="rateInLanes"/> 0 applies the
    /// permutation once and reads no data.
    /// </summary>
    public static void Absorb(
        ref KeccakStateX4 state,
        ref byte data0,
        ref byte data1,
        ref byte data2,
        ref byte data3,
        nuint blockCount,
        int rateInLanes,
        InstructionSet path,
        int rounds = KeccakP1600.RoundCount)
    {
        Debug.Assert(rateInLanes is 0 or 17 or 21, "SHAKE256 and SHA3-256, or SHAKE128 rates, or a bare permutation.");
        Debug.Assert(rounds is KeccakP1600.RoundCount or KeccakP1600.TurboRoundCount, "Keccak-f[1600] or Keccak-p[1600, 12].");
        int firstRound = KeccakP1600.RoundCount - rounds;
        if (path == InstructionSet.Avx512)
        {
            AbsorbAvx512(ref state, ref data0, ref data1, ref data2, ref data3, blockCount, rateInLanes, firstRound);
        }
        else
        {
            Debug.Assert(path == InstructionSet.Avx2, "Callers validate the path.");
            AbsorbAvx2(ref state, ref data0, ref data1, ref data2, ref data3, blockCount, rateInLanes, firstRound);
        }
    }
}

/// <summary>
/// Four Keccak states interleaved lane by lane: lane <c>i</c> of state <c>j</c> at index <c>4i + j</c>, each lane a
/// native-order ulong (the four-way paths are x86 only, so native order is little endian).
/// </summary>
[InlineArray(4 * KeccakP1600.StateSizeInLanes)]
internal struct KeccakStateX4
{
    private ulong _lane0;

    /// <summary>Writes the first <c>destination.Length</c> bytes of state <paramref name="instance"/> (FIPS 202 byte order).</summary>
    public readonly void ExtractBytes(int instance, Span<byte> destination)
    {
        Debug.Assert(destination.Length <= KeccakP1600.StateSizeInBytes, "At most one state's worth.");
        int wholeLanes = destination.Length / sizeof(ulong);
        for (int i = 0; i < wholeLanes; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(destination.Slice(i * sizeof(ulong), sizeof(ulong)), this[4 * i + instance]);
        }

        // A trailing partial lane: its low-order bytes come first.
        if (destination.Length % sizeof(ulong) != 0)
        {
            ulong last = this[4 * wholeLanes + instance];
            for (int i = wholeLanes * sizeof(ulong); i < destination.Length; i++)
            {
                destination[i] = (byte)last;
                last >>= 8;
            }
        }
    }
}
