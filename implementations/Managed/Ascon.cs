namespace CryptoHarness.Managed;

/// <summary>
/// The Ascon permutation Ascon-p[rnd] of NIST SP 800-232 §3 on a 320-bit state of five 64-bit words, one
/// implementation per path (<c>Ascon.Scalar.cs</c>, <c>Ascon.Avx512.cs</c>), each with its own register form of a
/// word (<typeparamref name="TWord"/>): the engine under <see cref="AsconHash256"/>, <see cref="AsconXof128"/> (both through <see cref="AsconHash"/>) and
/// <see cref="AsconAead128"/>, whose loops are generic over it so that the JIT compiles each function once per path
/// with the rounds inlined and the state in that path's registers from the first block to the last.
/// </summary>
/// <remarks>
/// <para>
/// The state is five locals passed by reference into aggressively inlined methods, so that the JIT keeps the words
/// in registers across a whole absorb loop instead of storing them after each permutation. The functions' loops
/// (<c>Sponge</c>, <c>EncryptCore</c>, <c>DecryptCore</c>) are <see cref="MethodImplOptions.NoInlining"/>: when the
/// JIT inlined them into a Tier-1 caller (<c>AsconHash.HashData</c>, whose body is small), the caller's inlining
/// budget ran out inside them, the rounds became calls and the five words lived on the stack, which made the same
/// loop 20% slower for Ascon-XOF128 than for Ascon-Hash256 and the Avx512 path twice as slow as Scalar (seen with
/// <c>DOTNET_JitDisasm</c>, 2026-11-26). The bit-interleaved form of the reference code is for 32-bit CPUs and not
/// needed on x64 or Arm64. SP 800-232 reads bytes into words little endian (§2.1, the change from the big-endian
/// v1.2 submission), so on little-endian hosts a block is one load.
/// </para>
/// <para>
/// Each block depends on the permutation of the one before, so there is no parallelism across blocks to put in vector
/// lanes; a round is one chain. The scalar path spends 37 integer operations a round (16 for the S-box with ANDN,
/// 20 for the linear layer, and the constant, into which the previous round's NOT is folded), 7 of them deep. The
/// <see cref="InstructionSet.Avx512"/> path holds each word in the low lane of a 128-bit register for AVX-512's
/// three-input logic (<c>vpternlogq</c>) and rotations (<c>vprorq</c>): one instruction for each S-box term
/// x ^ (~y &amp; z), one for each three-way XOR of the linear layer, 26 instructions a round, 6 cycles deep; its words
/// stay in the vector registers through the whole loop, input and output included. Measured on the AMD EPYC (Zen 4), a
/// round took about 11.7 cycles on either path, for different reasons (Ascon-p[8] alone in a loop, paired runs on that
/// shared machine, 2026-11-26); the scalar round takes about 10.7 since its statements were reordered (see
/// <c>AsconScalar.Round</c>). The scalar path is bound by its operation count: with the rotations replaced by
/// additions, which any of the four ALUs runs, it took as long; with half the linear layer left out (10 operations
/// fewer) 8.5 cycles; two independent states interleaved, 10.6 cycles a state-round. The Avx512 path is bound by
/// latency: <c>vprorq</c> takes 2 cycles (3.8 for a <c>vprorq</c>→<c>vpternlogq</c> pair) at two a cycle, and the ten
/// rotations become ready together after each S-box; with them replaced by additions a round took 8.9 cycles, and two
/// interleaved states ran at 8.8 a state-round, so the vector path has throughput to spare but a single sponge cannot
/// use it. Tried on the Avx512 path and slower: the next round's input layer and constant folded into the linear
/// layer's three-way XORs (one level shorter, two operations more: 14 cycles); each word held in both lanes, so that
/// one <c>vprorvq</c> and a <c>vpshufd</c> make each Σ_i's two rotations (4% slower; for words 2 and 4 only, 2%); the
/// rotations as <c>vpmultishiftqb</c> (13.4 cycles). On the scalar path, one Σ_i computed in a vector register (a round
/// trip between the register files every round) was slower too. Rolling the rounds into a loop changed nothing (within
/// 1%), so the front end is not the limit either.
/// </para>
/// <para>
/// Dispatch: Scalar for all three functions; Avx512 stays registered as a path of its own so that reports show it.
/// Minimum times of 101 interleaved rounds on that machine, shared with other jobs (2026-11-26), Scalar against
/// Avx512: Ascon-XOF128 at 128 KiB 626.6 against 627.1 µs, at 128 B 767 against 750 ns; Ascon-Hash256 626.6 against
/// 625.3 µs, 769 against 758 ns; Ascon-AEAD128 encryption 208.6 against 207.6 µs, 336 against 330 ns. The vector
/// path wins nothing measurable at 128 KiB and at most 2% at 128 B, within what this shared machine moves between
/// runs, so the path every x64 CPU has (and the one an x86-64-v3 machine runs) is the default. Against BouncyCastle
/// 2.7 in the same runs: 1.42× (XOF, 128 KiB), 1.44× (XOF, 128 B), 1.43× (Hash, 128 KiB), 1.26× (AEAD, 128 KiB),
/// 1.6× (AEAD, 128 B), the same with AVX-512 switched off (<c>DOTNET_EnableAVX512F=0</c>). Since the scalar round's
/// reordering Scalar is ahead of Avx512 by about 6% (Ascon-p[8] alone, 2.92 against 3.10 ns a round), and against
/// BouncyCastle, as the median over interleaved rounds of the per-round ratio (<c>harness run --family Ascon --job
/// quick --sizes 128,128KiB</c>, 2026-11-26): Hash 1.55× (128 B) and 1.53× (128 KiB), XOF 1.51× to 1.58×, AEAD
/// encryption 1.85× and 1.56×, decryption 1.91× and 1.40× (1.38× to 1.44× in two runs of Ascon-AEAD128 alone).
/// </para>
/// </remarks>
/// <typeparam name="TWord">One state word as the path holds it in a register.</typeparam>
internal interface IAsconPermutation<TWord>
    where TWord : struct
{
    /// <summary>A word from its integer value.</summary>
    static abstract TWord FromScalar(ulong value);

    /// <summary>The integer value of a word.</summary>
    static abstract ulong ToScalar(TWord word);

    /// <summary>A whole 8-byte block as a word, little endian (SP 800-232 §2.1).</summary>
    static abstract TWord Load(ReadOnlySpan<byte> block);

    /// <summary>A word into the first 8 bytes of <paramref name="block"/>, little endian.</summary>
    static abstract void Store(Span<byte> block, TWord word);

    /// <summary>The 8 bytes from <paramref name="block"/> on as a word, little endian; the caller checked that they exist.</summary>
    static abstract TWord Load(ref byte block);

    /// <summary>A word into the 8 bytes from <paramref name="block"/> on, little endian; the caller checked that they exist.</summary>
    static abstract void Store(ref byte block, TWord word);

    static abstract TWord Xor(TWord left, TWord right);

    /// <summary>Ascon-p[12] on the five words.</summary>
    static abstract void P12(ref TWord x0, ref TWord x1, ref TWord x2, ref TWord x3, ref TWord x4);

    /// <summary>Ascon-p[8] on the five words.</summary>
    static abstract void P8(ref TWord x0, ref TWord x1, ref TWord x2, ref TWord x3, ref TWord x4);
}

/// <summary>Byte-to-word conversions, padding and path selection shared by the Ascon functions.</summary>
internal static class AsconPermutation
{
    /// <summary>A whole 8-byte block as a word, little endian (SP 800-232 §2.1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadUInt64LittleEndian(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(Span<byte> block, ulong word) => BinaryPrimitives.WriteUInt64LittleEndian(block, word);

    /// <summary>
    /// The first <c>bytes.Length</c> (0 to 7) bytes of a word, little endian, followed by the padding bit: the
    /// 0x01 byte right after the data that SP 800-232's pad(X, r) appends (§2.1, Algorithm 2 step 1 read in
    /// little-endian byte order).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadPartialPadded(ReadOnlySpan<byte> bytes) => LoadPartial(bytes) | PaddingAfter(bytes.Length);

    /// <summary>The first <c>bytes.Length</c> (0 to 7) bytes of a word, little endian, the rest zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadPartial(ReadOnlySpan<byte> bytes)
    {
        ulong word = 0;
        for (int i = 0; i < bytes.Length; i++)
        {
            word |= (ulong)bytes[i] << (8 * i);
        }

        return word;
    }

    /// <summary>The padding byte 0x01 placed right after <paramref name="length"/> (0 to 7) data bytes of a word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong PaddingAfter(int length) => 1UL << (8 * length);

    /// <summary>The first <c>destination.Length</c> (0 to 7) bytes of <paramref name="word"/>, little endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StorePartial(Span<byte> destination, ulong word)
    {
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = (byte)(word >> (8 * i));
        }
    }

    /// <summary>Whether Ascon has <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Avx512 => InstructionSets.IsSupported(InstructionSet.Avx512) && Avx512F.VL.IsSupported,
        _ => false,
    };

    /// <summary>
    /// Throws <see cref="PlatformNotSupportedException"/> when the CPU lacks <paramref name="path"/> and
    /// <see cref="ArgumentException"/> when Ascon has no code for it.
    /// </summary>
    public static void ThrowIfNotSupported(InstructionSet path, string name)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
        {
            throw new ArgumentException(
                $"{name} has no {InstructionSets.VariantName(path)} path; it has scalar and avx512.", nameof(path));
        }
    }
}
