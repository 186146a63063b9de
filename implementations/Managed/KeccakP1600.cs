namespace CryptoHarness.Managed;

/// <summary>
/// Keccak-f[1600], that is Keccak-p[1600, 24] (FIPS 202 §3.3–3.4), and the sponge's absorb loop over it: the
/// engine under <see cref="Sha3"/>, <see cref="Shake"/>, <see cref="Keccak"/>, <see cref="CShake"/> and
/// <see cref="Kmac"/>. One partial file per path.
/// </summary>
/// <remarks>
/// <para>
/// Paths: <see cref="InstructionSet.Scalar"/> (<c>KeccakP1600.Scalar.cs</c>, 64-bit integer registers) and
/// <see cref="InstructionSet.Avx512"/> (<c>KeccakP1600.Avx512.cs</c>, the 25 lanes in 25 of the 32 AVX-512
/// registers, with <c>vprolq</c> and <c>vpternlogq</c>). There is no Ssse3 or Avx2 single-state path: the same
/// round built for Vector128 with AVX2 instructions only (16 registers, a rotation as two shifts and an OR) ran at
/// 0.76 times the scalar path with the JIT held to AVX2, and level with it when the JIT could use AVX-512 encodings.
/// On AVX2-only CPUs the vector route is many messages at once: <see cref="Sha3MultiBuffer"/> and
/// <see cref="ShakeX4"/> run four states per 256-bit vector (<c>KeccakP1600X4.Avx2.cs</c>).
/// </para>
/// <para>
/// OpenSSL's AVX2 layout (keccak1600-avx2.pl, which reports 10 to 20% over its scalar code on Intel and a loss on AMD
/// Zen) was also written here from FIPS 202 and measured, and lost on this machine (Zen 4), so it is not a path:
/// A[0][0] broadcast in one register and the other 24 lanes in six, where slot j of five registers is column j + 1
/// (θ's parities are XORs of whole registers), ρ is <c>vpsllvq</c>/<c>vpsrlvq</c>/OR per slot, π sends each register
/// onto another with at most one <c>vpermq</c>, and χ gathers its neighbours with <c>vpblendd</c> from registers that
/// hold planes 2, 4, 1, 3 in slots 0 to 3, then three <c>vpermq</c> restore the layout. With the JIT held to AVX2
/// (<c>DOTNET_EnableAVX512F=0</c>, as <c>--isa x86-64-v3</c> does), Stopwatch medians of 3001 interleaved 128 KiB
/// absorbs at SHA3-256's rate against the scalar path's 492 MB/s: 0.94 times as a direct port; 0.95 at best after
/// sharing χ's blends (each blend of two registers serves the low half of one neighbour vector and the high half of
/// another, 20 blends a round instead of 30) and broadcasting with <c>vpbroadcastq</c> instead of <c>vpermq</c>; 0.91
/// when π's <c>vpermq</c> moved off the longest chain by permuting D instead, which takes six more. The cost is
/// <c>vpermq</c>: 4 cycles of latency and one per cycle on this CPU, 11 a round in the best variant; the same code
/// with every <c>vpermq</c> deleted (wrong results, timing only) ran at 1.31 times scalar, the bound for this layout
/// here. A search over the slot orders of the layout found at best five lane-crossing permutations for π and χ
/// instead of seven, not built: by that bound worth a few percent, too little to pass scalar. In <c>harness run --isa
/// x86-64-v3 --algorithm SHA3-256 --job quick</c>, with the path registered for that run only, SHA3-256 of 128 KiB
/// took 278.6 µs against scalar's 269.2 µs (medians; median per-round ratio 1.013).
/// </para>
/// <para>
/// Dispatch: Avx512 whenever the CPU has it, else Scalar. Measured on an AMD EPYC (Zen 4) with Stopwatch loops,
/// medians of interleaved runs, SHA3-256 of 128 KiB: Avx512 650 MB/s, Scalar 490, the OS's
/// <c>SHA3_256.HashData</c> (OpenSSL 3.0, hand-written x86-64 assembly) 500, BouncyCastle's <c>Sha3Digest</c> 262;
/// so Avx512 is 1.28 times the OS and 2.5 times BouncyCastle, Scalar 0.97 times the OS. At 64 bytes, where the
/// OS pays for its native call, Avx512 is 3.2 times the OS and Scalar 2.7 times. The scalar round runs into the four
/// integer ALUs (about 130 operations a round with ANDN); the Avx512 round issues fewer, with no spills, over the
/// four vector pipes. A variant packing two rows per register (15 registers, variable rotations, unpack shuffles for
/// π) measured 3% faster than this one and was not kept, for being much harder to check by eye. Gathering each plane
/// of the Avx512 round one plane ahead of its χ (see <c>KeccakP1600.Avx512.cs</c>) later took SHA3-256 at 128 KiB
/// from 215 to 199 µs in <c>harness run --algorithm SHA3-256 --job quick</c> (medians of the runs the OS row shows
/// undisturbed), the OS taking 1.36 times as long instead of 1.28.
/// </para>
/// <para>
/// Each path's absorb loop is marked <see cref="MethodImplOptions.AggressiveOptimization"/>: a first call that runs
/// long is otherwise moved mid-loop into on-stack-replacement code, which measured up to five times slower than the
/// fully optimized loop (the four-way Avx2 loop: 337 against 1617 MB/s) until tiering caught up.
/// </para>
/// <para>
/// The state is 25 lanes held as the FIPS 202 byte string S (lane <c>x + 5y</c> at bytes <c>8(x + 5y)</c>, little
/// endian, §3.1.2), so byte-wise absorbing and squeezing work on its bytes directly on any host; each path converts
/// lanes to native order on load and back on store, which costs nothing on little-endian hosts.
/// </para>
/// </remarks>
internal static partial class KeccakP1600
{
    public const int StateSizeInBytes = 200;
    public const int StateSizeInLanes = 25;
    public const int RoundCount = 24;

    // Keccak-p[1600, 12], the permutation of TurboSHAKE and KangarooTwelve (RFC 9861 §2.2): the last 12 rounds of
    // Keccak-f[1600], round indices 12 to 23 (FIPS 202 §3.3, ir from 12 + 2·6 − 12 to 12 + 2·6 − 1). Every path
    // takes the index of its first round, so a 12-round call is the same loop entered halfway, and the 24-round
    // callers pay one loop bound read from a register instead of a constant.
    public const int TurboRoundCount = 12;

    // The largest rate any function here uses: SHAKE128, cSHAKE128 and KMAC128, 1600 - 2·128 bits (FIPS 202 §6.2).
    public const int MaxRateInBytes = 168;

    // RC[ir] for ir = 0..23, the round constants of ι (FIPS 202 §3.2.5, Algorithm 6): bit 2^j - 1 of RC[ir] is
    // rc(j + 7·ir) of Algorithm 5 for j = 0..6, all other bits zero. A static readonly array rather than a
    // ReadOnlySpan<ulong> literal property, because unoptimized code allocates on every read of the latter.
    internal static readonly ulong[] RoundConstants =
    [
        0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
        0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
        0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
        0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
        0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
        0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
    ];

    /// <summary>The path the parameterless overloads use on this CPU; see the dispatch policy above.</summary>
    public static InstructionSet DefaultPath { get; } =
        IsSupported(InstructionSet.Avx512) ? InstructionSet.Avx512 : InstructionSet.Scalar;

    /// <summary>Whether <paramref name="path"/> exists for Keccak and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        // The Avx512 path needs only AVX-512 F and VL, which the Avx512 instruction set implies.
        InstructionSet.Avx512 => InstructionSets.IsSupported(InstructionSet.Avx512) && Avx512F.VL.IsSupported,
        _ => false,
    };

    /// <summary>
    /// Throws <see cref="PlatformNotSupportedException"/> when the CPU lacks <paramref name="path"/> and
    /// <see cref="ArgumentException"/> when Keccak has no code for it.
    /// </summary>
    public static void ThrowIfNotSupported(InstructionSet path)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
        {
            throw new ArgumentException(
                $"Keccak has no {InstructionSets.VariantName(path)} path; it has scalar and avx512.", nameof(path));
        }
    }

    /// <summary>
    /// XORs each whole block of <paramref name="blocks"/> into the first <paramref name="rateInBytes"/> bytes of
    /// the state and applies Keccak-f[1600] after each (step 6 of the sponge, FIPS 202 Algorithm 8).
    /// </summary>
    /// <remarks>
    /// The loop lives inside each path so that the state stays in registers from one block to the next.
    /// </remarks>
    public static void AbsorbBlocks(
        ref KeccakState state, ReadOnlySpan<byte> blocks, int rateInBytes, InstructionSet path, int rounds = RoundCount)
    {
        Debug.Assert(IsRate(rateInBytes), "Rates are 72, 104, 136, 144 or 168 bytes.");
        Debug.Assert(blocks.Length % rateInBytes == 0, "Only whole blocks are absorbed here.");

        nuint blockCount = (nuint)(blocks.Length / rateInBytes);
        if (blockCount == 0)
        {
            return;
        }

        Run(ref state, ref MemoryMarshal.GetReference(blocks), blockCount, rateInBytes / sizeof(ulong), path, rounds);
    }

    /// <summary>Applies Keccak-p[1600, <paramref name="rounds"/>] once: Keccak-f[1600] by default.</summary>
    public static void Permute(ref KeccakState state, InstructionSet path, int rounds = RoundCount) =>
        // A rate of zero lanes absorbs nothing, so the data reference is never read.
        Run(ref state, ref Unsafe.NullRef<byte>(), 1, 0, path, rounds);

    internal static void Run(
        ref KeccakState state, ref byte data, nuint blockCount, int rateInLanes, InstructionSet path, int rounds = RoundCount)
    {
        Debug.Assert(rounds is RoundCount or TurboRoundCount, "Keccak-f[1600] or Keccak-p[1600, 12].");
        int firstRound = RoundCount - rounds;
        if (path == InstructionSet.Avx512)
        {
            AbsorbAvx512(ref state, ref data, blockCount, rateInLanes, firstRound);
        }
        else
        {
            Debug.Assert(path == InstructionSet.Scalar, "Callers validate the path.");
            AbsorbScalar(ref state, ref data, blockCount, rateInLanes, firstRound);
        }
    }

    private static bool IsRate(int rateInBytes) => rateInBytes is 72 or 104 or 136 or 144 or 168;

    /// <summary>Lane <paramref name="index"/> of the state, in native order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadLane(ref KeccakState state, int index) => FromLittleEndian(state[index]);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreLane(ref KeccakState state, int index, ulong lane) => state[index] = FromLittleEndian(lane);

    /// <summary>The 8 message bytes at lane <paramref name="index"/> of a block, as a lane in native order.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadMessageLane(ref byte block, int index) =>
        FromLittleEndian(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, index * sizeof(ulong))));

    // The same swap converts either way; the branch is folded away by the JIT.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong FromLittleEndian(ulong value) =>
        BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
}

/// <summary>The 1600-bit Keccak state as 25 lanes, each stored little endian (the byte string S of FIPS 202).</summary>
[InlineArray(KeccakP1600.StateSizeInLanes)]
internal struct KeccakState
{
    private ulong _lane0;
}
