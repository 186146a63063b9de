namespace CryptoHarness.Managed;

/// <summary>
/// The Poly1305 one-time authenticator of RFC 8439 §2.5, in 64-bit limbs: the accumulator h as two 64-bit words and
/// a few bits above them (h0 + 2^64 h1 + 2^128 h2), r as two 64-bit words.
/// </summary>
/// <remarks>
/// <para>
/// A block costs four 64×64→128-bit multiplications (<see cref="Math.BigMul(ulong, ulong, out ulong)"/>, one mulx
/// each) and two small ones. Clamping (RFC 8439 §2.5.1) clears the low two bits of r1, so the terms that land at
/// 2^128 and above fold back with 2^130 ≡ 5: h1·r1·2^128 = h1·(r1/4)·2^130 ≡ h1·(5·r1/4), and 5·r1/4 = r1 + (r1 ≫ 2)
/// is exact. The product is reduced only partly after each block (h2 back to two bits plus a carry), fully once at
/// the end. This is the radix-2^64 form of the scalar code in OpenSSL's and others' Poly1305; it was chosen over 26-
/// or 44-bit limbs because .NET's BigMul gives the full 128-bit product in one instruction.
/// </para>
/// <para>
/// Vector forms (<c>Poly1305.Avx512.cs</c>, <c>Poly1305.Avx2.cs</c>) for the AEAD's long messages: eight or four
/// accumulators in 64-bit lanes, radix 2^26 so that vpmuludq's 32-bit products and five-term sums fit, each lane
/// multiplied by r^8 or r^4 per step and by the power that lines it up at the end. Measured on the AMD EPYC (Zen 4),
/// a MAC over 128 KiB (best of 400 rounds of a loop, on a loaded machine): scalar about 1.95 GB/s, AVX2 lanes 7.3,
/// AVX-512 lanes 7.8 to 8.3; the ChaCha20 AVX-512 kernel on the same bytes 5.2 to 5.3. Without them the AEAD at
/// 128 KiB spent two thirds of its time here.
/// </para>
/// </remarks>
public static partial class Poly1305
{
    public const int KeySizeInBytes = 32;
    public const int TagSizeInBytes = 16;
    public const int BlockSizeInBytes = 16;

    // The vector paths' limbs: 26 bits, so a limb times a limb times 5, summed five times, stays below 2^64, and
    // vpmuludq's 32-bit inputs hold a limb with the message added.
    private const ulong LimbMask = (1UL << 26) - 1;

    // The fewest blocks a call runs in vector lanes; see Blocks(InstructionSet, …).
    private const int VectorMinimumBlocks = 32;

    // The widest vector path's lanes (Avx512's eight 64-bit lanes): the powers of r it needs.
    private const int MaxLanes = 8;

    /// <summary>Computes the Poly1305 tag of <paramref name="message"/> under a one-time <paramref name="key"/> (RFC 8439 §2.5.1).</summary>
    public static void Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> message, Span<byte> tag) =>
        Mac(key, message, tag, InstructionSet.Scalar);

    /// <summary>
    /// As <see cref="Mac(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/> with the whole blocks on
    /// <paramref name="path"/>: Avx512 and Avx2 have vector forms, Ssse3 runs the scalar loop.
    /// </summary>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    [SkipLocalsInit]
    public static void Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> message, Span<byte> tag, InstructionSet path)
    {
        if (!ChaCha20.IsSupported(path))
        {
            throw new PlatformNotSupportedException($"Poly1305 has no {InstructionSets.VariantName(path)} path on this CPU.");
        }

        if (key.Length != KeySizeInBytes)
        {
            throw new ArgumentException($"Key is {key.Length} bytes; Poly1305 takes {KeySizeInBytes}.", nameof(key));
        }

        if (tag.Length != TagSizeInBytes)
        {
            throw new ArgumentException($"Tag is {tag.Length} bytes; Poly1305 writes {TagSizeInBytes}.", nameof(tag));
        }

        Unsafe.SkipInit(out State state);
        Initialize(ref state, key);
        int whole = message.Length & ~(BlockSizeInBytes - 1);
        Blocks(path, ref state, ref MemoryMarshal.GetReference(message), whole / BlockSizeInBytes);
        if (whole != message.Length)
        {
            // RFC 8439 §2.5.1: a short last block is followed by a 1 byte and zeros, with no bit at 2^128.
            Span<byte> last = stackalloc byte[BlockSizeInBytes];
            last.Clear();
            message[whole..].CopyTo(last);
            last[message.Length - whole] = 1;
            Blocks(ref state, last, 0);
            CryptographicOperations.ZeroMemory(last);
        }

        Finish(ref state, tag);
    }

    /// <summary>r clamped (RFC 8439 §2.5.1), s, and a zero accumulator.</summary>
    internal static void Initialize(ref State state, ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length == KeySizeInBytes, "Poly1305 keys are 32 bytes.");
        state.R0 = BinaryPrimitives.ReadUInt64LittleEndian(key) & 0x0ffffffc0fffffffUL;
        state.R1 = BinaryPrimitives.ReadUInt64LittleEndian(key[8..]) & 0x0ffffffc0ffffffcUL;
        state.S0 = BinaryPrimitives.ReadUInt64LittleEndian(key[16..]);
        state.S1 = BinaryPrimitives.ReadUInt64LittleEndian(key[24..]);
        state.H0 = 0;
        state.H1 = 0;
        state.H2 = 0;
        state.HasPowers = false;
    }

    /// <summary>Absorbs whole 16-byte blocks, each with <paramref name="padBit"/> at 2^128 (1 for a full block).</summary>
    internal static void Blocks(ref State state, ReadOnlySpan<byte> blocks, ulong padBit)
    {
        Debug.Assert(blocks.Length % BlockSizeInBytes == 0, "Only whole blocks.");
        Blocks(ref state, ref MemoryMarshal.GetReference(blocks), blocks.Length / BlockSizeInBytes, padBit);
    }

    /// <summary>
    /// The block loop, with h and r in locals so they stay in registers from the first block to the last.
    /// </summary>
    /// <remarks>
    /// This loop and the vector ones are <see cref="MethodImplOptions.AggressiveOptimization"/>: see
    /// <see cref="Blocks(InstructionSet, ref State, ref byte, int)"/>.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    internal static void Blocks(ref State state, ref byte blocks, int count, ulong padBit)
    {
        ulong r0 = state.R0, r1 = state.R1;
        ulong s1 = r1 + (r1 >> 2);
        ulong h0 = state.H0, h1 = state.H1, h2 = state.H2;
        for (int i = 0; i < count; i++)
        {
            ulong m0 = ReadLittleEndian(ref blocks, 16 * i);
            ulong m1 = ReadLittleEndian(ref blocks, 16 * i + 8);

            // h += m, with the pad bit at 2^128.
            h0 += m0;
            ulong carry = h0 < m0 ? 1UL : 0UL;
            h1 += m1;
            ulong carry1 = h1 < m1 ? 1UL : 0UL;
            h1 += carry;
            carry1 += h1 < carry ? 1UL : 0UL;
            h2 += carry1 + padBit;

            Multiply(ref h0, ref h1, ref h2, r0, r1, s1);
        }

        state.H0 = h0;
        state.H1 = h1;
        state.H2 = h2;
    }

    /// <summary>
    /// h = h·r, partly reduced: d0 = h0 r0 + h1 s1, d1 = h0 r1 + h1 r0 + h2 s1, d2 = h2 r0 (h2 is at most 7 and r0
    /// below 2^60), then h = d0 + 2^64 d1 + 2^128 d2 with the bits from 2^130 up folded back times 5, which leaves h2
    /// at most 4.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Multiply(ref ulong h0, ref ulong h1, ref ulong h2, ulong r0, ulong r1, ulong s1)
    {
        ulong d0Hi = Math.BigMul(h0, r0, out ulong d0Lo);
        ulong tHi = Math.BigMul(h1, s1, out ulong tLo);
        d0Lo += tLo;
        d0Hi += tHi + (d0Lo < tLo ? 1UL : 0UL);

        ulong d1Hi = Math.BigMul(h0, r1, out ulong d1Lo);
        tHi = Math.BigMul(h1, r0, out tLo);
        d1Lo += tLo;
        d1Hi += tHi + (d1Lo < tLo ? 1UL : 0UL);
        tLo = h2 * s1;
        d1Lo += tLo;
        d1Hi += d1Lo < tLo ? 1UL : 0UL;
        ulong d2 = h2 * r0;

        h0 = d0Lo;
        d1Lo += d0Hi;
        d1Hi += d1Lo < d0Hi ? 1UL : 0UL;
        h1 = d1Lo;
        h2 = d1Hi + d2;
        ulong c = (h2 & ~3UL) + (h2 >> 2);
        h2 &= 3;
        h0 += c;
        c = h0 < c ? 1UL : 0UL;
        h1 += c;
        h2 += h1 < c ? 1UL : 0UL;
    }

    /// <summary>The tag: h reduced fully modulo 2^130 - 5 without a branch on its value, plus s, modulo 2^128.</summary>
    internal static void Finish(ref State state, Span<byte> tag)
    {
        ulong h0 = state.H0, h1 = state.H1, h2 = state.H2;

        // h < 2 p after the partial reductions; h - p = h + 5 - 2^130, taken when that does not borrow.
        ulong g0 = h0 + 5;
        ulong c = g0 < 5 ? 1UL : 0UL;
        ulong g1 = h1 + c;
        c = g1 < c ? 1UL : 0UL;
        ulong g2 = h2 + c;
        ulong useG = 0UL - (g2 >> 2);
        h0 = (h0 & ~useG) | (g0 & useG);
        h1 = (h1 & ~useG) | (g1 & useG);

        h0 += state.S0;
        c = h0 < state.S0 ? 1UL : 0UL;
        h1 += state.S1 + c;
        BinaryPrimitives.WriteUInt64LittleEndian(tag, h0);
        BinaryPrimitives.WriteUInt64LittleEndian(tag[8..], h1);
        Wipe(ref state);
    }

    /// <summary>Wipes r, s and h, and the powers of r when a vector path computed them.</summary>
    internal static void Wipe(ref State state)
    {
        if (state.HasPowers)
        {
            CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)state.Powers));
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state.R0, 7)));
        state.HasPowers = false;
    }

    /// <summary>
    /// Absorbs whole 16-byte blocks, each with the bit at 2^128 set, on <paramref name="path"/>: the Avx512 path runs
    /// groups of eight blocks in eight lanes, the Avx2 path groups of four, and the rest goes through the scalar loop.
    /// </summary>
    /// <remarks>
    /// The lanes start from <see cref="VectorMinimumBlocks"/>: below it the fixed cost of a vector call (the powers of
    /// r once per message, spreading h into the lanes and summing them back) is more than the lanes save. Measured on
    /// the AMD EPYC (Zen 4), one MAC over 128 bytes (8 blocks): 148 ns through the AVX2 lanes against 79 ns scalar; the
    /// lanes run 2 ns a block against 8 ns, so they break even near 20 blocks.
    /// <para>
    /// At Avx512 the eight-lane loop is kept over the four-lane one: Zen 4 runs each 512-bit vpmuludq as two 256-bit
    /// halves, so a step of eight blocks costs about twice a step of four, but the four-lane loop waits on its carry
    /// chain while the eight-lane one fills the pipes. Measured on the AMD EPYC (Zen 4), <c>Poly1305.Mac</c> per path
    /// in one process, 41 interleaved rounds after a long warm-up (best / median): at 128 KiB 8.25 / 8.22 B/ns against
    /// 7.39 / 7.31 for the four lanes, at 8 KiB 7.22 / 7.20 against 6.48 / 6.42, at 1 KiB 4.09 / 3.99 against
    /// 3.88 / 3.76, at 512 B even (2.83 / 2.71 against 2.78 / 2.66).
    /// </para>
    /// <para>
    /// An earlier reading of 3.15 B/ns for the eight lanes against 7.3 was the JIT's, not the loop's: a call whose
    /// loop runs long starts in unoptimized code and is moved mid-loop into on-stack-replacement code, and until
    /// tiering replaced the method (on this busy machine, for one path or the other, not within a whole run) each MAC
    /// over 128 KiB ran at 1.2 to 2.9 B/ns. The block loops are therefore marked
    /// <see cref="MethodImplOptions.AggressiveOptimization"/>, as KeccakP1600's are, and compiled optimized at their
    /// first call. So are <see cref="EnsurePowers"/> and <see cref="FromLimbs"/>, which the vector loops call once a
    /// MAC: with the loops marked and not they, those two stayed in unoptimized code and a MAC over 8 KiB took
    /// 1754 ns in eight lanes where it took 1143 with neither marked and takes 1121 with both (best of 41 rounds).
    /// Fully warmed, the marks change nothing: at 128 KiB 15888 ns against 15856 unmarked. Cold, they matter: a
    /// process timing the eight lanes first (one path after another) read 2.82 B/ns unmarked and 8.14 marked.
    /// </para>
    /// </remarks>
    internal static void Blocks(InstructionSet path, ref State state, ref byte blocks, int count)
    {
        if (count >= VectorMinimumBlocks)
        {
            if (path == InstructionSet.Avx512)
            {
                int groups = count / 8;
                BlocksAvx512(ref state, ref blocks, groups);
                blocks = ref Unsafe.Add(ref blocks, groups * 8 * BlockSizeInBytes);
                count -= groups * 8;
            }
            else if (path == InstructionSet.Avx2)
            {
                int groups = count / 4;
                BlocksAvx2(ref state, ref blocks, groups);
                blocks = ref Unsafe.Add(ref blocks, groups * 4 * BlockSizeInBytes);
                count -= groups * 4;
            }
        }

        if (count > 0)
        {
            Blocks(ref state, ref blocks, count, 1);
        }
    }

    /// <summary>r^1 to r^8 in 26-bit limbs (<see cref="State.Powers"/>), computed once per message by the first vector call.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void EnsurePowers(ref State state)
    {
        if (state.HasPowers)
        {
            return;
        }

        ulong r0 = state.R0, r1 = state.R1;
        ulong s1 = r1 + (r1 >> 2);
        ulong h0 = r0, h1 = r1, h2 = 0;
        for (int i = 0; i < MaxLanes; i++)
        {
            ToLimbs(h0, h1, h2, out state.Powers[5 * i], out state.Powers[5 * i + 1], out state.Powers[5 * i + 2], out state.Powers[5 * i + 3], out state.Powers[5 * i + 4]);
            Multiply(ref h0, ref h1, ref h2, r0, r1, s1);
        }

        state.HasPowers = true;
    }

    /// <summary>h = h0 + 2^64 h1 + 2^128 h2 (h2 at most 7) as five 26-bit limbs, the top one up to 29 bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ToLimbs(ulong h0, ulong h1, ulong h2, out ulong l0, out ulong l1, out ulong l2, out ulong l3, out ulong l4)
    {
        l0 = h0 & LimbMask;
        l1 = (h0 >> 26) & LimbMask;
        l2 = ((h0 >> 52) | (h1 << 12)) & LimbMask;
        l3 = (h1 >> 14) & LimbMask;
        l4 = (h1 >> 40) | (h2 << 24);
    }

    /// <summary>
    /// Five limbs of any size below 2^40 back to h0 + 2^64 h1 + 2^128 h2, carried and with the bits from 2^130 up
    /// folded back times 5, so h2 ends at most 4 as after the scalar loop.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void FromLimbs(ulong l0, ulong l1, ulong l2, ulong l3, ulong l4, out ulong h0, out ulong h1, out ulong h2)
    {
        Carry(ref l0, ref l1);
        Carry(ref l1, ref l2);
        Carry(ref l2, ref l3);
        Carry(ref l3, ref l4);
        l0 += (l4 >> 26) * 5;
        l4 &= LimbMask;
        Carry(ref l0, ref l1);

        UInt128 t = l0 + ((UInt128)l1 << 26) + ((UInt128)l2 << 52);
        h0 = (ulong)t;
        t = (t >> 64) + ((UInt128)l3 << 14) + ((UInt128)l4 << 40);
        h1 = (ulong)t;
        h2 = (ulong)(t >> 64);
    }

    /// <summary>Moves the bits of <paramref name="limb"/> from 2^26 up into <paramref name="next"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Carry(ref ulong limb, ref ulong next)
    {
        next += limb >> 26;
        limb &= LimbMask;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReadLittleEndian(ref byte source, int offset)
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset));
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>
    /// r (clamped), s, and the accumulator h = H0 + 2^64 H1 + 2^128 H2; for the vector paths r^1 to r^8, valid when
    /// <see cref="HasPowers"/> is set.
    /// </summary>
    internal struct State
    {
        public ulong R0;
        public ulong R1;
        public ulong S0;
        public ulong S1;
        public ulong H0;
        public ulong H1;
        public ulong H2;
        public bool HasPowers;
        public PowerTable Powers;
    }

    /// <summary>Power i + 1 of r at [5 i] to [5 i + 4], limb 0 first.</summary>
    [InlineArray(5 * MaxLanes)]
    internal struct PowerTable
    {
        private ulong _element0;
    }
}
