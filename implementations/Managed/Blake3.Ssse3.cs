namespace CryptoHarness.Managed;

public static partial class Blake3
{
    // shufps/pshufd selectors: result lane i takes source lane Ln (for shufps, lanes 0-1 from the first operand and
    // lanes 2-3 from the second). Named by the lanes they pick.
    private const byte Lanes0202 = 0 | (2 << 2) | (0 << 4) | (2 << 6);
    private const byte Lanes1313 = 1 | (3 << 2) | (1 << 4) | (3 << 6);
    private const byte Lanes1213 = 1 | (2 << 2) | (1 << 4) | (3 << 6);
    private const byte Lanes0231 = 0 | (2 << 2) | (3 << 4) | (1 << 6);
    private const byte Lanes3011 = 3 | (0 << 2) | (1 << 4) | (1 << 6);
    private const byte Lanes0022 = 0 | (0 << 2) | (2 << 4) | (2 << 6);
    private const byte Lanes0203 = 0 | (2 << 2) | (0 << 4) | (3 << 6);
    private const byte Lanes1122 = 1 | (1 << 2) | (2 << 4) | (2 << 6);
    private const byte Lanes0230 = 0 | (2 << 2) | (3 << 4) | (0 << 6);
    private const byte Lanes1230 = 1 | (2 << 2) | (3 << 4) | (0 << 6);
    private const byte Lanes2301 = 2 | (3 << 2) | (0 << 4) | (1 << 6);
    private const byte Lanes3012 = 3 | (0 << 2) | (1 << 4) | (2 << 6);

    /// <summary>
    /// The 128-bit path: one block at a time with the state's four rows in four <c>Vector128</c> registers, and four
    /// chunks (or parents) at a time with one input per lane.
    /// </summary>
    private readonly struct Ssse3Path : IPath
    {
        public static int Degree => 4;

        public static void CompressBlock(ref ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags) =>
            CompressBlockRows<ShuffleRotations>(ref chainingValue, ref block, counter, blockLength, flags);

        public static void HashChunkToRoot(in ChainingValue key, uint flags, ReadOnlySpan<byte> chunk, Span<byte> hash) =>
            HashChunkToRootRows<ShuffleRotations>(in key, flags, ref MemoryMarshal.GetReference(chunk), chunk.Length, ref MemoryMarshal.GetReference(hash));

        public static void CompressXof(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output) =>
            CompressXofRows<ShuffleRotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);

        public static void CompressXofMany(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output, int outputBlocks)
        {
            while (outputBlocks >= 4)
            {
                XofFour<ShuffleRotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);
                output = ref Unsafe.Add(ref output, 4 * BlockSizeInBytes);
                counter += 4;
                outputBlocks -= 4;
            }

            CompressXofOneAtATime<Ssse3Path>(in chainingValue, ref block, counter, blockLength, flags, ref output, outputBlocks);
        }

        public static void HashMany(
            ref byte inputs, int count, int stride, int blocks, in ChainingValue key,
            ulong counter, bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
        {
            uint counterStep = incrementCounter ? 1u : 0u;
            while (count >= 4)
            {
                HashFour<ShuffleRotations>(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 4 * stride);
                output = ref Unsafe.Add(ref output, 4 * ChainingValueSizeInBytes);
                counter += 4 * counterStep;
                count -= 4;
            }

            HashOneAtATime<Ssse3Path>(ref inputs, count, stride, blocks, in key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);
        }
    }

    /// <summary>
    /// How a vector path rotates 32-bit lanes right by BLAKE3's four distances (16, 12, 8, 7). Without AVX-512 there
    /// is no rotate instruction: 16 and 8 are whole-byte moves, one pshufb; 12 and 7 take two shifts and an OR.
    /// </summary>
    private interface IRotations
    {
        static abstract Vector128<uint> RotateRight16(Vector128<uint> x);

        static abstract Vector128<uint> RotateRight12(Vector128<uint> x);

        static abstract Vector128<uint> RotateRight8(Vector128<uint> x);

        static abstract Vector128<uint> RotateRight7(Vector128<uint> x);

        static abstract Vector256<uint> RotateRight16(Vector256<uint> x);

        static abstract Vector256<uint> RotateRight12(Vector256<uint> x);

        static abstract Vector256<uint> RotateRight8(Vector256<uint> x);

        static abstract Vector256<uint> RotateRight7(Vector256<uint> x);
    }

    /// <summary>
    /// Rotations from byte shuffles (SSSE3 pshufb, AVX2 vpshufb) and shift pairs. The shuffle masks are written as
    /// 64-bit lanes to keep these methods' IL small: the JIT's inlining budget is spent by IL size, and the kernels
    /// inline these a few hundred times.
    /// </summary>
    private readonly struct ShuffleRotations : IRotations
    {
        // Per 32-bit lane, the source bytes of a right rotation by 16 (2 3 0 1) and by 8 (1 2 3 0), little-endian.
        private const ulong RotateRight16Mask0 = 0x0504070601000302;
        private const ulong RotateRight16Mask1 = 0x0D0C0F0E09080B0A;
        private const ulong RotateRight8Mask0 = 0x0407060500030201;
        private const ulong RotateRight8Mask1 = 0x0C0F0E0D080B0A09;

        public static Vector128<uint> RotateRight16(Vector128<uint> x) =>
            Ssse3.Shuffle(x.AsByte(), Vector128.Create(RotateRight16Mask0, RotateRight16Mask1).AsByte()).AsUInt32();

        public static Vector128<uint> RotateRight12(Vector128<uint> x) => (x >>> 12) | (x << 20);

        public static Vector128<uint> RotateRight8(Vector128<uint> x) =>
            Ssse3.Shuffle(x.AsByte(), Vector128.Create(RotateRight8Mask0, RotateRight8Mask1).AsByte()).AsUInt32();

        public static Vector128<uint> RotateRight7(Vector128<uint> x) => (x >>> 7) | (x << 25);

        // vpshufb shuffles within each 128-bit half, so the 256-bit mask is the 128-bit one twice.
        public static Vector256<uint> RotateRight16(Vector256<uint> x) =>
            Avx2.Shuffle(x.AsByte(), Vector256.Create(RotateRight16Mask0, RotateRight16Mask1, RotateRight16Mask0, RotateRight16Mask1).AsByte()).AsUInt32();

        public static Vector256<uint> RotateRight12(Vector256<uint> x) => (x >>> 12) | (x << 20);

        public static Vector256<uint> RotateRight8(Vector256<uint> x) =>
            Avx2.Shuffle(x.AsByte(), Vector256.Create(RotateRight8Mask0, RotateRight8Mask1, RotateRight8Mask0, RotateRight8Mask1).AsByte()).AsUInt32();

        public static Vector256<uint> RotateRight7(Vector256<uint> x) => (x >>> 7) | (x << 25);
    }

    /// <summary>
    /// One compression keeping the chaining value. Deliberately not inlined into its many callers: it is the
    /// root the JIT inlines the rounds into, with a budget of its own.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressBlockRows<TRotations>(ref ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags)
        where TRotations : struct, IRotations
    {
        Vector128<uint> row0 = Vector128.LoadUnsafe(in chainingValue[0]);
        Vector128<uint> row1 = Vector128.LoadUnsafe(in chainingValue[0], 4);
        CompressRows<TRotations>(ref row0, ref row1, out Vector128<uint> row2, out Vector128<uint> row3, ref block, counter, blockLength, flags);
        (row0 ^ row2).StoreUnsafe(ref chainingValue[0]);
        (row1 ^ row3).StoreUnsafe(ref chainingValue[0], 4);
    }

    /// <summary>
    /// A whole input of at most one chunk hashed to the standard 32-byte hash: every block compressed in turn with
    /// the chaining value held in two row vectors from the key to the root, and the root's chaining value stored
    /// straight into <paramref name="hash"/>. All of the input is read before <paramref name="hash"/> is written.
    /// </summary>
    /// <remarks>
    /// The general one-shot code keeps the chaining value in memory between blocks and holds the last block back in
    /// an <see cref="Output"/> (copied there, padded, and wiped afterwards) until it knows whether the chunk is the
    /// root. Here the chunk is the root by construction, so none of that is needed: a full last block is read where
    /// it lies, and only a partial one is copied, zero-padded, into a stack block that is wiped after use. One copy
    /// of the rounds serves every block, the last included. Never inlined, for the reason given at
    /// <see cref="CompressBlockRows"/>: inlined into the default overload's call chain, it left the JIT too little
    /// budget to inline the rounds themselves, and every block became a call with the rows passed through memory.
    /// </remarks>
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void HashChunkToRootRows<TRotations>(in ChainingValue key, uint flags, ref byte input, int length, ref byte hash)
        where TRotations : struct, IRotations
    {
        Debug.Assert(length <= ChunkSizeInBytes, "At most one chunk.");

        // Every block but the last is full; the last keeps 1 to 64 bytes, or none for the empty input. It is set up
        // first, so that the loop makes no call and the chaining value stays in registers throughout.
        int blocksBeforeLast = length == 0 ? 0 : (int)((uint)(length - 1) / BlockSizeInBytes);
        int lastLength = length - (blocksBeforeLast * BlockSizeInBytes);
        scoped ref byte lastBlock = ref Unsafe.Add(ref input, blocksBeforeLast * BlockSizeInBytes);
        Unsafe.SkipInit(out Block padded);
        bool usedPadded = lastLength < BlockSizeInBytes;
        if (usedPadded)
        {
            Span<byte> bytes = padded;
            MemoryMarshal.CreateReadOnlySpan(ref lastBlock, lastLength).CopyTo(bytes);
            bytes[lastLength..].Clear();
            lastBlock = ref padded[0];
        }

        Vector128<uint> cv0 = Vector128.LoadUnsafe(in key[0]);
        Vector128<uint> cv1 = Vector128.LoadUnsafe(in key[0], 4);
        scoped ref byte block = ref input;
        uint blockFlags = flags | ChunkStart;
        uint blockLength = BlockSizeInBytes;
        for (int i = 0; ; i++)
        {
            bool last = i == blocksBeforeLast;
            if (last)
            {
                block = ref lastBlock;
                blockLength = (uint)lastLength;
                blockFlags |= ChunkEnd | Root;
            }

            Vector128<uint> row0 = cv0;
            Vector128<uint> row1 = cv1;
            CompressRows<TRotations>(ref row0, ref row1, out Vector128<uint> row2, out Vector128<uint> row3, ref block, 0, blockLength, blockFlags);
            cv0 = row0 ^ row2;
            cv1 = row1 ^ row3;
            if (last)
            {
                break;
            }

            block = ref Unsafe.Add(ref block, BlockSizeInBytes);
            blockFlags = flags;
        }

        // x86 is little-endian, so the words are stored as they are.
        cv0.AsByte().StoreUnsafe(ref hash);
        cv1.AsByte().StoreUnsafe(ref hash, 16);
        if (usedPadded)
        {
            Wipe(ref padded);
        }
    }

    /// <summary>One compression writing all sixteen output words; not inlined, as <see cref="CompressBlockRows"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressXofRows<TRotations>(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
        where TRotations : struct, IRotations
    {
        Vector128<uint> input0 = Vector128.LoadUnsafe(in chainingValue[0]);
        Vector128<uint> input1 = Vector128.LoadUnsafe(in chainingValue[0], 4);
        Vector128<uint> row0 = input0;
        Vector128<uint> row1 = input1;
        CompressRows<TRotations>(ref row0, ref row1, out Vector128<uint> row2, out Vector128<uint> row3, ref block, counter, blockLength, flags);

        // x86 is little-endian, so the words are stored as they are.
        (row0 ^ row2).AsByte().StoreUnsafe(ref output);
        (row1 ^ row3).AsByte().StoreUnsafe(ref output, 16);
        (row2 ^ input0).AsByte().StoreUnsafe(ref output, 32);
        (row3 ^ input1).AsByte().StoreUnsafe(ref output, 48);
    }

    /// <summary>
    /// The compression function (BLAKE3 spec §2.2) with the 4x4 state held as four row vectors, so the four
    /// column G functions run side by side; the diagonal ones run side by side after rotating rows 0, 2 and 3 into
    /// columns. Returns the rows before the final XORs, which differ between chaining value and output.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The message words each half-round needs are kept in four vectors (A: the first word of each G, B: the
    /// second, for the column step; C and D for the diagonal step) and moved from one round's order to the next
    /// with two-source shuffles, instead of being gathered from memory word by word.
    /// </para>
    /// <para>
    /// The rounds are a loop whose body is written out rather than seven calls of a round helper: the JIT's
    /// inlining budget is sized by the caller's IL, and a short caller that inlines seven rounds of helpers runs
    /// out of it and leaves calls with every row passed through memory (measured: 5x slower at 128 bytes).
    /// </para>
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CompressRows<TRotations>(
        ref Vector128<uint> row0,
        ref Vector128<uint> row1,
        out Vector128<uint> row2,
        out Vector128<uint> row3,
        ref byte block,
        ulong counter,
        uint blockLength,
        uint flags)
        where TRotations : struct, IRotations
    {
        Vector128<uint> r0 = row0;
        Vector128<uint> r1 = row1;
        Vector128<uint> r2 = Vector128.Create(Iv0, Iv1, Iv2, Iv3);
        Vector128<uint> r3 = Vector128.Create(counter, ((ulong)flags << 32) | blockLength).AsUInt32();

        Vector128<float> m0 = Vector128.LoadUnsafe(ref block).AsSingle();
        Vector128<float> m1 = Vector128.LoadUnsafe(ref block, 16).AsSingle();
        Vector128<float> m2 = Vector128.LoadUnsafe(ref block, 32).AsSingle();
        Vector128<float> m3 = Vector128.LoadUnsafe(ref block, 48).AsSingle();

        // Round 1 takes the words in order: A = m0 m2 m4 m6, B = m1 m3 m5 m7, C = m8 m10 m12 m14, D = m9 m11 m13 m15.
        Vector128<uint> a = Sse.Shuffle(m0, m1, Lanes0202).AsUInt32();
        Vector128<uint> b = Sse.Shuffle(m0, m1, Lanes1313).AsUInt32();
        Vector128<uint> c = Sse.Shuffle(m2, m3, Lanes0202).AsUInt32();
        Vector128<uint> d = Sse.Shuffle(m2, m3, Lanes1313).AsUInt32();

        for (int round = 0; ; round++)
        {
            // G on the four columns (BLAKE3 spec §2.2). Each message word is added before the row that the
            // critical path waits on.
            r0 = r0 + a + r1;
            r3 = TRotations.RotateRight16(r3 ^ r0);
            r2 += r3;
            r1 = TRotations.RotateRight12(r1 ^ r2);
            r0 = r0 + b + r1;
            r3 = TRotations.RotateRight8(r3 ^ r0);
            r2 += r3;
            r1 = TRotations.RotateRight7(r1 ^ r2);

            // Rotate rows 0, 2 and 3 so that lane j holds diagonal j - 1 (lane 0: s3 s4 s9 s14; lane 1: s0 s5 s10
            // s15; ...). Row 1 stays: it is the last to change and the first the diagonal step reads, so shuffling
            // it would put a shuffle on the critical path twice a round, where these run beside its rotation (the
            // reference crate's diagonalize; measured 1,092 -> 1,037 ns for a 1 KiB input, best of 15). The diagonal step's
            // message words move with the rows; those shuffles wait on nothing.
            r0 = Sse2.Shuffle(r0, Lanes3012);
            r2 = Sse2.Shuffle(r2, Lanes1230);
            r3 = Sse2.Shuffle(r3, Lanes2301);

            r0 = r0 + Sse2.Shuffle(c, Lanes3012) + r1;
            r3 = TRotations.RotateRight16(r3 ^ r0);
            r2 += r3;
            r1 = TRotations.RotateRight12(r1 ^ r2);
            r0 = r0 + Sse2.Shuffle(d, Lanes3012) + r1;
            r3 = TRotations.RotateRight8(r3 ^ r0);
            r2 += r3;
            r1 = TRotations.RotateRight7(r1 ^ r2);

            r0 = Sse2.Shuffle(r0, Lanes1230);
            r2 = Sse2.Shuffle(r2, Lanes3012);
            r3 = Sse2.Shuffle(r3, Lanes2301);

            if (round == 6)
            {
                break;
            }

            PermuteMessage(ref a, ref b, ref c, ref d);
        }

        row0 = r0;
        row1 = r1;
        row2 = r2;
        row3 = r3;
    }

    /// <summary>
    /// Moves the half-round message vectors from one round's order to the next. With the permutation P of BLAKE3
    /// spec §2.2 (Table 2) next round's word i is this round's word P[i], so, writing Xk for lane k of X:
    /// A' = (A1 B1 B3 A2), B' = (A3 C1 A0 D2), C' = (B0 C2 D0 D3), D' = (D1 B2 C3 C0).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void PermuteMessage(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d)
    {
        Vector128<float> fa = a.AsSingle();
        Vector128<float> fb = b.AsSingle();
        Vector128<float> fc = c.AsSingle();
        Vector128<float> fd = d.AsSingle();

        // A1 A2 B1 B3, then reordered.
        Vector128<uint> nextA = Sse2.Shuffle(Sse.Shuffle(fa, fb, Lanes1213).AsUInt32(), Lanes0231);

        // A3 A0 C1 C1 and A0 A0 D2 D2, then the lanes each contributes.
        Vector128<float> a3a0c1 = Sse.Shuffle(fa, fc, Lanes3011);
        Vector128<float> a0d2 = Sse.Shuffle(fa, fd, Lanes0022);
        Vector128<uint> nextB = Sse.Shuffle(a3a0c1, a0d2, Lanes0202).AsUInt32();

        // B0 B0 C2 C2, then lanes 0 and 2 of it with D0 D3.
        Vector128<uint> nextC = Sse.Shuffle(Sse.Shuffle(fb, fc, Lanes0022), fd, Lanes0203).AsUInt32();

        // D1 D1 B2 B2, then lanes 0 and 2 of it with C3 C0.
        Vector128<uint> nextD = Sse.Shuffle(Sse.Shuffle(fd, fb, Lanes1122), fc, Lanes0230).AsUInt32();

        a = nextA;
        b = nextB;
        c = nextC;
        d = nextD;
    }

    /// <summary>
    /// Hashes four inputs at once, input <c>i</c> in lane <c>i</c> of sixteen state vectors (the reference crate's
    /// <c>hash4</c>). Each block's message is loaded as four rows per input and transposed so that vector <c>j</c>
    /// holds word <c>j</c> of every input; the rounds then only index those vectors.
    /// </summary>
    private static void HashFour<TRotations>(
        ref byte inputs,
        int stride,
        int blocks,
        in ChainingValue key,
        ulong counter,
        uint counterStep,
        uint flags,
        uint flagsStart,
        uint flagsEnd,
        ref byte output)
        where TRotations : struct, IRotations
    {
        Vector128<uint> h0 = Vector128.Create(key[0]);
        Vector128<uint> h1 = Vector128.Create(key[1]);
        Vector128<uint> h2 = Vector128.Create(key[2]);
        Vector128<uint> h3 = Vector128.Create(key[3]);
        Vector128<uint> h4 = Vector128.Create(key[4]);
        Vector128<uint> h5 = Vector128.Create(key[5]);
        Vector128<uint> h6 = Vector128.Create(key[6]);
        Vector128<uint> h7 = Vector128.Create(key[7]);

        // Lane i's 64-bit counter is counter + i * counterStep: the low words add the lane index, and a low word
        // that wrapped below the base carries one into the high word (a true compare is all ones, minus one).
        Vector128<uint> counterLow = Vector128.Create((uint)counter) + (counterStep == 0 ? Vector128<uint>.Zero : Vector128<uint>.Indices);
        Vector128<uint> counterHigh = Vector128.Create((uint)(counter >> 32)) - Vector128.LessThan(counterLow, Vector128.Create((uint)counter));

        Message128 m = default;
        uint blockFlags = flags | flagsStart;
        for (int blockIndex = 0; blockIndex < blocks; blockIndex++)
        {
            if (blockIndex == blocks - 1)
            {
                blockFlags |= flagsEnd;
            }

            ref byte block0 = ref Unsafe.Add(ref inputs, blockIndex * BlockSizeInBytes);
            ref byte block1 = ref Unsafe.Add(ref block0, stride);
            ref byte block2 = ref Unsafe.Add(ref block1, stride);
            ref byte block3 = ref Unsafe.Add(ref block2, stride);
            for (int row = 0; row < 4; row++)
            {
                Vector128<uint> w0 = Vector128.LoadUnsafe(ref block0, (nuint)(16 * row)).AsUInt32();
                Vector128<uint> w1 = Vector128.LoadUnsafe(ref block1, (nuint)(16 * row)).AsUInt32();
                Vector128<uint> w2 = Vector128.LoadUnsafe(ref block2, (nuint)(16 * row)).AsUInt32();
                Vector128<uint> w3 = Vector128.LoadUnsafe(ref block3, (nuint)(16 * row)).AsUInt32();
                Transpose(ref w0, ref w1, ref w2, ref w3);
                m[(4 * row) + 0] = w0;
                m[(4 * row) + 1] = w1;
                m[(4 * row) + 2] = w2;
                m[(4 * row) + 3] = w3;
            }

            Vector128<uint> v0 = h0;
            Vector128<uint> v1 = h1;
            Vector128<uint> v2 = h2;
            Vector128<uint> v3 = h3;
            Vector128<uint> v4 = h4;
            Vector128<uint> v5 = h5;
            Vector128<uint> v6 = h6;
            Vector128<uint> v7 = h7;
            Vector128<uint> v8 = Vector128.Create(Iv0);
            Vector128<uint> v9 = Vector128.Create(Iv1);
            Vector128<uint> v10 = Vector128.Create(Iv2);
            Vector128<uint> v11 = Vector128.Create(Iv3);
            Vector128<uint> v12 = counterLow;
            Vector128<uint> v13 = counterHigh;
            Vector128<uint> v14 = Vector128.Create((uint)BlockSizeInBytes);
            Vector128<uint> v15 = Vector128.Create(blockFlags);

            Rounds<TRotations>(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m);

            h0 = v0 ^ v8;
            h1 = v1 ^ v9;
            h2 = v2 ^ v10;
            h3 = v3 ^ v11;
            h4 = v4 ^ v12;
            h5 = v5 ^ v13;
            h6 = v6 ^ v14;
            h7 = v7 ^ v15;
            blockFlags = flags;
        }

        // Back from one word per vector to one input per vector: words 0-3 and 4-7 of chaining value i.
        Transpose(ref h0, ref h1, ref h2, ref h3);
        Transpose(ref h4, ref h5, ref h6, ref h7);
        h0.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 0);
        h4.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 4);
        h1.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 8);
        h5.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 12);
        h2.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 16);
        h6.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 20);
        h3.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 24);
        h7.StoreUnsafe(ref Unsafe.As<byte, uint>(ref output), 28);

        Wipe(ref m);
    }

    /// <summary>
    /// Four consecutive blocks of extendable output at once, lane <c>i</c> with output block counter
    /// <c>counter + i</c>; the 128-bit counterpart of <see cref="XofSixteen"/>.
    /// </summary>
    private static void XofFour<TRotations>(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
        where TRotations : struct, IRotations
    {
        Message128 m = default;
        for (int j = 0; j < 16; j++)
        {
            m[j] = Vector128.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 4 * j)));
        }

        Vector128<uint> h0 = Vector128.Create(chainingValue[0]);
        Vector128<uint> h1 = Vector128.Create(chainingValue[1]);
        Vector128<uint> h2 = Vector128.Create(chainingValue[2]);
        Vector128<uint> h3 = Vector128.Create(chainingValue[3]);
        Vector128<uint> h4 = Vector128.Create(chainingValue[4]);
        Vector128<uint> h5 = Vector128.Create(chainingValue[5]);
        Vector128<uint> h6 = Vector128.Create(chainingValue[6]);
        Vector128<uint> h7 = Vector128.Create(chainingValue[7]);

        Vector128<uint> v0 = h0;
        Vector128<uint> v1 = h1;
        Vector128<uint> v2 = h2;
        Vector128<uint> v3 = h3;
        Vector128<uint> v4 = h4;
        Vector128<uint> v5 = h5;
        Vector128<uint> v6 = h6;
        Vector128<uint> v7 = h7;
        Vector128<uint> v8 = Vector128.Create(Iv0);
        Vector128<uint> v9 = Vector128.Create(Iv1);
        Vector128<uint> v10 = Vector128.Create(Iv2);
        Vector128<uint> v11 = Vector128.Create(Iv3);

        // As in HashFour: the lane index added to the low words, with the carry into the high words.
        Vector128<uint> v12 = Vector128.Create((uint)counter) + Vector128<uint>.Indices;
        Vector128<uint> v13 = Vector128.Create((uint)(counter >> 32)) - Vector128.LessThan(v12, Vector128.Create((uint)counter));
        Vector128<uint> v14 = Vector128.Create(blockLength);
        Vector128<uint> v15 = Vector128.Create(flags);

        Rounds<TRotations>(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m);

        // Words 0-7 are the chaining-value half, 8-15 the second half with the input chaining value fed forward;
        // each group of four words transposed gives those words of every block.
        Vector128<uint> o0 = v0 ^ v8;
        Vector128<uint> o1 = v1 ^ v9;
        Vector128<uint> o2 = v2 ^ v10;
        Vector128<uint> o3 = v3 ^ v11;
        Vector128<uint> o4 = v4 ^ v12;
        Vector128<uint> o5 = v5 ^ v13;
        Vector128<uint> o6 = v6 ^ v14;
        Vector128<uint> o7 = v7 ^ v15;
        Vector128<uint> o8 = v8 ^ h0;
        Vector128<uint> o9 = v9 ^ h1;
        Vector128<uint> o10 = v10 ^ h2;
        Vector128<uint> o11 = v11 ^ h3;
        Vector128<uint> o12 = v12 ^ h4;
        Vector128<uint> o13 = v13 ^ h5;
        Vector128<uint> o14 = v14 ^ h6;
        Vector128<uint> o15 = v15 ^ h7;
        Transpose(ref o0, ref o1, ref o2, ref o3);
        Transpose(ref o4, ref o5, ref o6, ref o7);
        Transpose(ref o8, ref o9, ref o10, ref o11);
        Transpose(ref o12, ref o13, ref o14, ref o15);
        ref uint outputWords = ref Unsafe.As<byte, uint>(ref output);
        StoreBlock(o0, o4, o8, o12, ref outputWords);
        StoreBlock(o1, o5, o9, o13, ref Unsafe.Add(ref outputWords, 16));
        StoreBlock(o2, o6, o10, o14, ref Unsafe.Add(ref outputWords, 32));
        StoreBlock(o3, o7, o11, o15, ref Unsafe.Add(ref outputWords, 48));
        Wipe(ref m);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreBlock(Vector128<uint> words0To3, Vector128<uint> words4To7, Vector128<uint> words8To11, Vector128<uint> words12To15, ref uint output)
    {
        words0To3.StoreUnsafe(ref output, 0);
        words4To7.StoreUnsafe(ref output, 4);
        words8To11.StoreUnsafe(ref output, 8);
        words12To15.StoreUnsafe(ref output, 12);
    }

    /// <summary>
    /// The seven rounds of the compression function (BLAKE3 spec §2.2) on every lane, reading the message words
    /// from <paramref name="m"/> in the order of <see cref="MessageSchedule"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds<TRotations>(
        ref Vector128<uint> v0,
        ref Vector128<uint> v1,
        ref Vector128<uint> v2,
        ref Vector128<uint> v3,
        ref Vector128<uint> v4,
        ref Vector128<uint> v5,
        ref Vector128<uint> v6,
        ref Vector128<uint> v7,
        ref Vector128<uint> v8,
        ref Vector128<uint> v9,
        ref Vector128<uint> v10,
        ref Vector128<uint> v11,
        ref Vector128<uint> v12,
        ref Vector128<uint> v13,
        ref Vector128<uint> v14,
        ref Vector128<uint> v15,
        ref Message128 m)
        where TRotations : struct, IRotations
    {
        // The seven rounds: columns, then diagonals, with the words of MessageSchedule's row for the round.
        // A loop reading the word indices from the table, rather than the rounds unrolled with constant
        // indices: unrolled, the JIT keeps message words in registers across rounds, and with 16 vector
        // registers that means spilling the state. The AVX-512 kernels (Blake3.Avx512.cs), with 32, unroll.
        ref Vector128<uint> words = ref m[0];

        // Without AVX-512 there are 16 vector registers and the sixteen rows fill them, but a rotation by 12 or 7 (two
        // shifts and an OR) needs a 17th for the shifted copy: the JIT spilled and reloaded two rows around almost
        // every such rotation (2.4x slower at 8 KiB than with AVX-512 visible: 8.6 against 3.65 µs; now 3.68; the AMD
        // EPYC development machine with the runtime's AVX-512 switches off, Stopwatch A/B in one process). So row 8
        // lives in memory, in the message buffer's spare slot, as in the reference crate's AVX2 assembly; each
        // half-round adds to it last and rotates with it first, so its sum holds the one free register only between the
        // two. With AVX-512 (32 registers) it stays a register.
        ref Vector128<uint> row8 = ref Avx512F.IsSupported ? ref v8 : ref Unsafe.Add(ref words, 16);
        row8 = v8;
        Vector128<uint> sum8;
        ref byte schedule = ref MemoryMarshal.GetReference(MessageSchedule);
        for (int round = 0; round < 7; round++)
        {
            // G (BLAKE3 spec §2.2) on the four columns, then on the four diagonals, written step by step
            // across the four so that independent work sits next to dependent work in program order (measured
            // 8% faster in the 16-input kernel, 12% in the 8-input one, than one G after another).
            v0 = v0 + ScheduledWord(ref words, ref schedule, 0) + v4;
            v1 = v1 + ScheduledWord(ref words, ref schedule, 2) + v5;
            v2 = v2 + ScheduledWord(ref words, ref schedule, 4) + v6;
            v3 = v3 + ScheduledWord(ref words, ref schedule, 6) + v7;
            v12 = TRotations.RotateRight16(v12 ^ v0);
            v13 = TRotations.RotateRight16(v13 ^ v1);
            v14 = TRotations.RotateRight16(v14 ^ v2);
            v15 = TRotations.RotateRight16(v15 ^ v3);
            v9 += v13;
            v10 += v14;
            v11 += v15;
            sum8 = row8 + v12;
            row8 = sum8;
            v4 = TRotations.RotateRight12(v4 ^ sum8);
            v5 = TRotations.RotateRight12(v5 ^ v9);
            v6 = TRotations.RotateRight12(v6 ^ v10);
            v7 = TRotations.RotateRight12(v7 ^ v11);
            v0 = v0 + ScheduledWord(ref words, ref schedule, 1) + v4;
            v1 = v1 + ScheduledWord(ref words, ref schedule, 3) + v5;
            v2 = v2 + ScheduledWord(ref words, ref schedule, 5) + v6;
            v3 = v3 + ScheduledWord(ref words, ref schedule, 7) + v7;
            v12 = TRotations.RotateRight8(v12 ^ v0);
            v13 = TRotations.RotateRight8(v13 ^ v1);
            v14 = TRotations.RotateRight8(v14 ^ v2);
            v15 = TRotations.RotateRight8(v15 ^ v3);
            v9 += v13;
            v10 += v14;
            v11 += v15;
            sum8 = row8 + v12;
            row8 = sum8;
            v4 = TRotations.RotateRight7(v4 ^ sum8);
            v5 = TRotations.RotateRight7(v5 ^ v9);
            v6 = TRotations.RotateRight7(v6 ^ v10);
            v7 = TRotations.RotateRight7(v7 ^ v11);

            v0 = v0 + ScheduledWord(ref words, ref schedule, 8) + v5;
            v1 = v1 + ScheduledWord(ref words, ref schedule, 10) + v6;
            v2 = v2 + ScheduledWord(ref words, ref schedule, 12) + v7;
            v3 = v3 + ScheduledWord(ref words, ref schedule, 14) + v4;
            v15 = TRotations.RotateRight16(v15 ^ v0);
            v12 = TRotations.RotateRight16(v12 ^ v1);
            v13 = TRotations.RotateRight16(v13 ^ v2);
            v14 = TRotations.RotateRight16(v14 ^ v3);
            v10 += v15;
            v11 += v12;
            v9 += v14;
            sum8 = row8 + v13;
            row8 = sum8;
            v7 = TRotations.RotateRight12(v7 ^ sum8);
            v5 = TRotations.RotateRight12(v5 ^ v10);
            v6 = TRotations.RotateRight12(v6 ^ v11);
            v4 = TRotations.RotateRight12(v4 ^ v9);
            v0 = v0 + ScheduledWord(ref words, ref schedule, 9) + v5;
            v1 = v1 + ScheduledWord(ref words, ref schedule, 11) + v6;
            v2 = v2 + ScheduledWord(ref words, ref schedule, 13) + v7;
            v3 = v3 + ScheduledWord(ref words, ref schedule, 15) + v4;
            v15 = TRotations.RotateRight8(v15 ^ v0);
            v12 = TRotations.RotateRight8(v12 ^ v1);
            v13 = TRotations.RotateRight8(v13 ^ v2);
            v14 = TRotations.RotateRight8(v14 ^ v3);
            v10 += v15;
            v11 += v12;
            v9 += v14;
            sum8 = row8 + v13;
            row8 = sum8;
            v7 = TRotations.RotateRight7(v7 ^ sum8);
            v5 = TRotations.RotateRight7(v5 ^ v10);
            v6 = TRotations.RotateRight7(v6 ^ v11);
            v4 = TRotations.RotateRight7(v4 ^ v9);
            schedule = ref Unsafe.Add(ref schedule, 16);
        }

        v8 = row8;
    }

    /// <summary>Transposes a 4x4 matrix of words held as four row vectors.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose(ref Vector128<uint> x0, ref Vector128<uint> x1, ref Vector128<uint> x2, ref Vector128<uint> x3)
    {
        Vector128<ulong> t0 = Sse2.UnpackLow(x0, x1).AsUInt64();
        Vector128<ulong> t1 = Sse2.UnpackHigh(x0, x1).AsUInt64();
        Vector128<ulong> t2 = Sse2.UnpackLow(x2, x3).AsUInt64();
        Vector128<ulong> t3 = Sse2.UnpackHigh(x2, x3).AsUInt64();
        x0 = Sse2.UnpackLow(t0, t2).AsUInt32();
        x1 = Sse2.UnpackHigh(t0, t2).AsUInt32();
        x2 = Sse2.UnpackLow(t1, t3).AsUInt32();
        x3 = Sse2.UnpackHigh(t1, t3).AsUInt32();
    }

    /// <summary>The sixteen transposed message words and, without AVX-512, state row 8 (see <c>Rounds</c>).</summary>
    [InlineArray(17)]
    private struct Message128
    {
        private Vector128<uint> _element0;
    }
}
