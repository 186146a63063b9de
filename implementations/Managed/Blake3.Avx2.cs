namespace CryptoHarness.Managed;

public static partial class Blake3
{
    /// <summary>
    /// The AVX2 path: eight chunks (or parents) at a time, one input per lane of sixteen <c>Vector256</c> state
    /// vectors, then the 128-bit kernels for what is left. Single blocks use the 128-bit row compression, as AVX2
    /// adds nothing to one block's 4x4 state.
    /// </summary>
    private readonly struct Avx2Path : IPath
    {
        public static int Degree => 8;

        public static void CompressBlock(ref ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags) =>
            CompressBlockRows<ShuffleRotations>(ref chainingValue, ref block, counter, blockLength, flags);

        public static void HashChunkToRoot(in ChainingValue key, uint flags, ReadOnlySpan<byte> chunk, Span<byte> hash) =>
            HashChunkToRootRows<ShuffleRotations>(in key, flags, ref MemoryMarshal.GetReference(chunk), chunk.Length, ref MemoryMarshal.GetReference(hash));

        public static void CompressXof(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output) =>
            CompressXofRows<ShuffleRotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);

        public static void CompressXofMany(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output, int outputBlocks)
        {
            while (outputBlocks >= 8)
            {
                XofEight<ShuffleRotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);
                output = ref Unsafe.Add(ref output, 8 * BlockSizeInBytes);
                counter += 8;
                outputBlocks -= 8;
            }

            if (outputBlocks >= 4)
            {
                XofFour<ShuffleRotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);
                output = ref Unsafe.Add(ref output, 4 * BlockSizeInBytes);
                counter += 4;
                outputBlocks -= 4;
            }

            CompressXofOneAtATime<Avx2Path>(in chainingValue, ref block, counter, blockLength, flags, ref output, outputBlocks);
        }

        public static void HashMany(
            ref byte inputs, int count, int stride, int blocks, in ChainingValue key,
            ulong counter, bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
        {
            uint counterStep = incrementCounter ? 1u : 0u;
            while (count >= 8)
            {
                HashEight<ShuffleRotations>(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 8 * stride);
                output = ref Unsafe.Add(ref output, 8 * ChainingValueSizeInBytes);
                counter += 8 * counterStep;
                count -= 8;
            }

            if (count >= 4)
            {
                HashFour<ShuffleRotations>(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 4 * stride);
                output = ref Unsafe.Add(ref output, 4 * ChainingValueSizeInBytes);
                counter += 4 * counterStep;
                count -= 4;
            }

            if (count >= 2)
            {
                HashTwo<ShuffleRotations>(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 2 * stride);
                output = ref Unsafe.Add(ref output, 2 * ChainingValueSizeInBytes);
                counter += 2 * counterStep;
                count -= 2;
            }

            HashOneAtATime<Avx2Path>(ref inputs, count, stride, blocks, in key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);
        }
    }

    /// <summary>
    /// Hashes eight inputs at once, input <c>i</c> in lane <c>i</c> (the reference crate's <c>hash8</c>); the
    /// 256-bit counterpart of <see cref="HashFour"/>. Each block's message is loaded as sixteen-byte quarters, inputs
    /// i and i + 4 in one vector, and transposed so that vector <c>j</c> holds word <c>j</c> of every input.
    /// </summary>
    [SkipLocalsInit]
    private static void HashEight<TRotations>(
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
        Vector256<uint> h0 = Vector256.Create(key[0]);
        Vector256<uint> h1 = Vector256.Create(key[1]);
        Vector256<uint> h2 = Vector256.Create(key[2]);
        Vector256<uint> h3 = Vector256.Create(key[3]);
        Vector256<uint> h4 = Vector256.Create(key[4]);
        Vector256<uint> h5 = Vector256.Create(key[5]);
        Vector256<uint> h6 = Vector256.Create(key[6]);
        Vector256<uint> h7 = Vector256.Create(key[7]);

        // As in HashFour: the lane index added to the low words, with the carry into the high words.
        Vector256<uint> counterLow = Vector256.Create((uint)counter) + (counterStep == 0 ? Vector256<uint>.Zero : Vector256<uint>.Indices);
        Vector256<uint> counterHigh = Vector256.Create((uint)(counter >> 32)) - Vector256.LessThan(counterLow, Vector256.Create((uint)counter));

        // Every word and row 8 are written before they are read; wiped at the end.
        Unsafe.SkipInit(out Message256 m);
        ref Vector256<uint> words = ref AlignedWords(ref m);
        uint blockFlags = flags | flagsStart;
        for (int blockIndex = 0; blockIndex < blocks; blockIndex++)
        {
            if (blockIndex == blocks - 1)
            {
                blockFlags |= flagsEnd;
            }

            ref byte block = ref Unsafe.Add(ref inputs, blockIndex * BlockSizeInBytes);
            for (int quarter = 0; quarter < 4; quarter++)
            {
                // Words 4q to 4q + 3 of inputs i and i + 4 side by side, one per 128-bit half (a load and an insert
                // from memory), so that a 4x4 transpose within the halves finishes the job without crossing them.
                ref byte quarterBlock = ref Unsafe.Add(ref block, 16 * quarter);
                Vector256<uint> x0 = LoadPair(ref quarterBlock, 4 * stride);
                Vector256<uint> x1 = LoadPair(ref Unsafe.Add(ref quarterBlock, stride), 4 * stride);
                Vector256<uint> x2 = LoadPair(ref Unsafe.Add(ref quarterBlock, 2 * stride), 4 * stride);
                Vector256<uint> x3 = LoadPair(ref Unsafe.Add(ref quarterBlock, 3 * stride), 4 * stride);
                Vector256<ulong> t0 = Avx2.UnpackLow(x0, x1).AsUInt64();
                Vector256<ulong> t1 = Avx2.UnpackHigh(x0, x1).AsUInt64();
                Vector256<ulong> t2 = Avx2.UnpackLow(x2, x3).AsUInt64();
                Vector256<ulong> t3 = Avx2.UnpackHigh(x2, x3).AsUInt64();
                Unsafe.Add(ref words, (4 * quarter) + 0) = Avx2.UnpackLow(t0, t2).AsUInt32();
                Unsafe.Add(ref words, (4 * quarter) + 1) = Avx2.UnpackHigh(t0, t2).AsUInt32();
                Unsafe.Add(ref words, (4 * quarter) + 2) = Avx2.UnpackLow(t1, t3).AsUInt32();
                Unsafe.Add(ref words, (4 * quarter) + 3) = Avx2.UnpackHigh(t1, t3).AsUInt32();
            }

            Vector256<uint> v0 = h0;
            Vector256<uint> v1 = h1;
            Vector256<uint> v2 = h2;
            Vector256<uint> v3 = h3;
            Vector256<uint> v4 = h4;
            Vector256<uint> v5 = h5;
            Vector256<uint> v6 = h6;
            Vector256<uint> v7 = h7;
            Vector256<uint> v8 = Vector256.Create(Iv0);
            Vector256<uint> v9 = Vector256.Create(Iv1);
            Vector256<uint> v10 = Vector256.Create(Iv2);
            Vector256<uint> v11 = Vector256.Create(Iv3);
            Vector256<uint> v12 = counterLow;
            Vector256<uint> v13 = counterHigh;
            Vector256<uint> v14 = Vector256.Create((uint)BlockSizeInBytes);
            Vector256<uint> v15 = Vector256.Create(blockFlags);

            Rounds<TRotations>(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref words);

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

        // Back from one word per vector to one input per vector: vector i is chaining value i.
        Transpose(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7);
        ref uint outputWords = ref Unsafe.As<byte, uint>(ref output);
        h0.StoreUnsafe(ref outputWords, 0);
        h1.StoreUnsafe(ref outputWords, 8);
        h2.StoreUnsafe(ref outputWords, 16);
        h3.StoreUnsafe(ref outputWords, 24);
        h4.StoreUnsafe(ref outputWords, 32);
        h5.StoreUnsafe(ref outputWords, 40);
        h6.StoreUnsafe(ref outputWords, 48);
        h7.StoreUnsafe(ref outputWords, 56);

        Wipe(ref m);
    }

    /// <summary>
    /// Eight consecutive blocks of extendable output at once, lane <c>i</c> with output block counter
    /// <c>counter + i</c>; the 256-bit counterpart of <see cref="XofSixteen"/>.
    /// </summary>
    private static void XofEight<TRotations>(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
        where TRotations : struct, IRotations
    {
        Message256 m = default;
        ref Vector256<uint> words = ref AlignedWords(ref m);
        for (int j = 0; j < 16; j++)
        {
            Unsafe.Add(ref words, j) = Vector256.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 4 * j)));
        }

        Vector256<uint> h0 = Vector256.Create(chainingValue[0]);
        Vector256<uint> h1 = Vector256.Create(chainingValue[1]);
        Vector256<uint> h2 = Vector256.Create(chainingValue[2]);
        Vector256<uint> h3 = Vector256.Create(chainingValue[3]);
        Vector256<uint> h4 = Vector256.Create(chainingValue[4]);
        Vector256<uint> h5 = Vector256.Create(chainingValue[5]);
        Vector256<uint> h6 = Vector256.Create(chainingValue[6]);
        Vector256<uint> h7 = Vector256.Create(chainingValue[7]);

        Vector256<uint> v0 = h0;
        Vector256<uint> v1 = h1;
        Vector256<uint> v2 = h2;
        Vector256<uint> v3 = h3;
        Vector256<uint> v4 = h4;
        Vector256<uint> v5 = h5;
        Vector256<uint> v6 = h6;
        Vector256<uint> v7 = h7;
        Vector256<uint> v8 = Vector256.Create(Iv0);
        Vector256<uint> v9 = Vector256.Create(Iv1);
        Vector256<uint> v10 = Vector256.Create(Iv2);
        Vector256<uint> v11 = Vector256.Create(Iv3);

        // As in HashFour: the lane index added to the low words, with the carry into the high words.
        Vector256<uint> v12 = Vector256.Create((uint)counter) + Vector256<uint>.Indices;
        Vector256<uint> v13 = Vector256.Create((uint)(counter >> 32)) - Vector256.LessThan(v12, Vector256.Create((uint)counter));
        Vector256<uint> v14 = Vector256.Create(blockLength);
        Vector256<uint> v15 = Vector256.Create(flags);

        Rounds<TRotations>(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref words);

        // Words 0-7 are the chaining-value half, 8-15 the second half with the input chaining value fed forward;
        // each half transposed gives that half of every block.
        Vector256<uint> o0 = v0 ^ v8;
        Vector256<uint> o1 = v1 ^ v9;
        Vector256<uint> o2 = v2 ^ v10;
        Vector256<uint> o3 = v3 ^ v11;
        Vector256<uint> o4 = v4 ^ v12;
        Vector256<uint> o5 = v5 ^ v13;
        Vector256<uint> o6 = v6 ^ v14;
        Vector256<uint> o7 = v7 ^ v15;
        Vector256<uint> o8 = v8 ^ h0;
        Vector256<uint> o9 = v9 ^ h1;
        Vector256<uint> o10 = v10 ^ h2;
        Vector256<uint> o11 = v11 ^ h3;
        Vector256<uint> o12 = v12 ^ h4;
        Vector256<uint> o13 = v13 ^ h5;
        Vector256<uint> o14 = v14 ^ h6;
        Vector256<uint> o15 = v15 ^ h7;
        Transpose(ref o0, ref o1, ref o2, ref o3, ref o4, ref o5, ref o6, ref o7);
        Transpose(ref o8, ref o9, ref o10, ref o11, ref o12, ref o13, ref o14, ref o15);
        ref uint outputWords = ref Unsafe.As<byte, uint>(ref output);
        o0.StoreUnsafe(ref outputWords, 0);
        o8.StoreUnsafe(ref outputWords, 8);
        o1.StoreUnsafe(ref outputWords, 16);
        o9.StoreUnsafe(ref outputWords, 24);
        o2.StoreUnsafe(ref outputWords, 32);
        o10.StoreUnsafe(ref outputWords, 40);
        o3.StoreUnsafe(ref outputWords, 48);
        o11.StoreUnsafe(ref outputWords, 56);
        o4.StoreUnsafe(ref outputWords, 64);
        o12.StoreUnsafe(ref outputWords, 72);
        o5.StoreUnsafe(ref outputWords, 80);
        o13.StoreUnsafe(ref outputWords, 88);
        o6.StoreUnsafe(ref outputWords, 96);
        o14.StoreUnsafe(ref outputWords, 104);
        o7.StoreUnsafe(ref outputWords, 112);
        o15.StoreUnsafe(ref outputWords, 120);
        Wipe(ref m);
    }

    /// <summary>
    /// The seven rounds of the compression function (BLAKE3 spec §2.2) on every lane, reading the message words
    /// from <paramref name="m"/> in the order of <see cref="MessageSchedule"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds<TRotations>(
        ref Vector256<uint> v0,
        ref Vector256<uint> v1,
        ref Vector256<uint> v2,
        ref Vector256<uint> v3,
        ref Vector256<uint> v4,
        ref Vector256<uint> v5,
        ref Vector256<uint> v6,
        ref Vector256<uint> v7,
        ref Vector256<uint> v8,
        ref Vector256<uint> v9,
        ref Vector256<uint> v10,
        ref Vector256<uint> v11,
        ref Vector256<uint> v12,
        ref Vector256<uint> v13,
        ref Vector256<uint> v14,
        ref Vector256<uint> v15,
        ref Vector256<uint> words)
        where TRotations : struct, IRotations
    {
        // The seven rounds: columns, then diagonals, with the words of MessageSchedule's row for the round.
        // A loop reading the words' byte offsets from a table, rather than the rounds unrolled with constant
        // indices: unrolled, the JIT kept constants and message words in registers across rounds, and with 16 vector
        // registers that means spilling the state (2.7x slower at 8 KiB in the paired comparison, whose code is
        // FullOpts). The AVX-512 kernels (Blake3.Avx512.cs), with 32, unroll.

        // Without AVX-512 there are 16 vector registers and the sixteen rows fill them, but a rotation by 12 or 7 (two
        // shifts and an OR) needs a 17th for the shifted copy: the JIT spilled and reloaded two rows around almost
        // every such rotation (2.0x slower at 8 KiB than with AVX-512 visible: 4.0 against 1.97 µs; now 1.98; the AMD
        // EPYC development machine with the runtime's AVX-512 switches off, Stopwatch A/B in one process). So row 8
        // lives in memory, in the message buffer's spare slot, as in the reference crate's AVX2 assembly; each
        // half-round adds to it last and rotates with it first, so its sum holds the one free register only between the
        // two. With AVX-512 (32 registers) it stays a register.
        ref Vector256<uint> row8 = ref Avx512F.IsSupported ? ref v8 : ref Unsafe.Add(ref words, 16);
        row8 = v8;
        Vector256<uint> sum8;
        ref ushort schedule = ref MemoryMarshal.GetReference(MessageScheduleOffsets256);
        for (int round = 0; round < 7; round++)
        {
            // G (BLAKE3 spec §2.2) on the four columns, then on the four diagonals, written step by step
            // across the four so that independent work sits next to dependent work in program order (measured
            // 8% faster in the 16-input kernel, 12% in the 8-input one, than one G after another).
            v0 = v0 + WordAtOffset(ref words, ref schedule, 0) + v4;
            v1 = v1 + WordAtOffset(ref words, ref schedule, 2) + v5;
            v2 = v2 + WordAtOffset(ref words, ref schedule, 4) + v6;
            v3 = v3 + WordAtOffset(ref words, ref schedule, 6) + v7;
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
            v0 = v0 + WordAtOffset(ref words, ref schedule, 1) + v4;
            v1 = v1 + WordAtOffset(ref words, ref schedule, 3) + v5;
            v2 = v2 + WordAtOffset(ref words, ref schedule, 5) + v6;
            v3 = v3 + WordAtOffset(ref words, ref schedule, 7) + v7;
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

            v0 = v0 + WordAtOffset(ref words, ref schedule, 8) + v5;
            v1 = v1 + WordAtOffset(ref words, ref schedule, 10) + v6;
            v2 = v2 + WordAtOffset(ref words, ref schedule, 12) + v7;
            v3 = v3 + WordAtOffset(ref words, ref schedule, 14) + v4;
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
            v0 = v0 + WordAtOffset(ref words, ref schedule, 9) + v5;
            v1 = v1 + WordAtOffset(ref words, ref schedule, 11) + v6;
            v2 = v2 + WordAtOffset(ref words, ref schedule, 13) + v7;
            v3 = v3 + WordAtOffset(ref words, ref schedule, 15) + v4;
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

    /// <summary>
    /// Hashes two inputs at once with the row layout of <see cref="CompressRows"/>, one input per 128-bit half of
    /// each <c>Vector256</c>: every instruction the row compression uses works within 128-bit halves, so two
    /// compressions cost about as much time as one (the reference crate's assembly does the same for leftover pairs).
    /// For the one to three inputs the transposed kernels leave over, where one at a time is latency-bound.
    /// </summary>
    private static void HashTwo<TRotations>(
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
        Vector256<uint> h0 = Vector256.Create(Vector128.LoadUnsafe(in key[0]));
        Vector256<uint> h1 = Vector256.Create(Vector128.LoadUnsafe(in key[0], 4));
        ulong secondCounter = counter + counterStep;
        uint blockFlags = flags | flagsStart;
        for (int blockIndex = 0; blockIndex < blocks; blockIndex++)
        {
            if (blockIndex == blocks - 1)
            {
                blockFlags |= flagsEnd;
            }

            ref byte first = ref Unsafe.Add(ref inputs, blockIndex * BlockSizeInBytes);
            ref byte second = ref Unsafe.Add(ref first, stride);
            Vector256<float> m0 = Vector256.Create(Vector128.LoadUnsafe(ref first), Vector128.LoadUnsafe(ref second)).AsSingle();
            Vector256<float> m1 = Vector256.Create(Vector128.LoadUnsafe(ref first, 16), Vector128.LoadUnsafe(ref second, 16)).AsSingle();
            Vector256<float> m2 = Vector256.Create(Vector128.LoadUnsafe(ref first, 32), Vector128.LoadUnsafe(ref second, 32)).AsSingle();
            Vector256<float> m3 = Vector256.Create(Vector128.LoadUnsafe(ref first, 48), Vector128.LoadUnsafe(ref second, 48)).AsSingle();

            Vector256<uint> r0 = h0;
            Vector256<uint> r1 = h1;
            Vector256<uint> r2 = Vector256.Create(Iv0, Iv1, Iv2, Iv3, Iv0, Iv1, Iv2, Iv3);
            Vector256<uint> r3 = Vector256.Create(
                counter,
                ((ulong)blockFlags << 32) | BlockSizeInBytes,
                secondCounter,
                ((ulong)blockFlags << 32) | BlockSizeInBytes).AsUInt32();

            // From here on exactly the steps of CompressRows, on both halves at once.
            Vector256<uint> a = Avx.Shuffle(m0, m1, Lanes0202).AsUInt32();
            Vector256<uint> b = Avx.Shuffle(m0, m1, Lanes1313).AsUInt32();
            Vector256<uint> c = Avx.Shuffle(m2, m3, Lanes0202).AsUInt32();
            Vector256<uint> d = Avx.Shuffle(m2, m3, Lanes1313).AsUInt32();
            for (int round = 0; ; round++)
            {
                r0 = r0 + a + r1;
                r3 = TRotations.RotateRight16(r3 ^ r0);
                r2 += r3;
                r1 = TRotations.RotateRight12(r1 ^ r2);
                r0 = r0 + b + r1;
                r3 = TRotations.RotateRight8(r3 ^ r0);
                r2 += r3;
                r1 = TRotations.RotateRight7(r1 ^ r2);

                // CompressRows' diagonalization: rows 0, 2 and 3 move, row 1 and its critical path stay.
                r0 = Avx2.Shuffle(r0, Lanes3012);
                r2 = Avx2.Shuffle(r2, Lanes1230);
                r3 = Avx2.Shuffle(r3, Lanes2301);

                r0 = r0 + Avx2.Shuffle(c, Lanes3012) + r1;
                r3 = TRotations.RotateRight16(r3 ^ r0);
                r2 += r3;
                r1 = TRotations.RotateRight12(r1 ^ r2);
                r0 = r0 + Avx2.Shuffle(d, Lanes3012) + r1;
                r3 = TRotations.RotateRight8(r3 ^ r0);
                r2 += r3;
                r1 = TRotations.RotateRight7(r1 ^ r2);

                r0 = Avx2.Shuffle(r0, Lanes1230);
                r2 = Avx2.Shuffle(r2, Lanes3012);
                r3 = Avx2.Shuffle(r3, Lanes2301);

                if (round == 6)
                {
                    break;
                }

                // PermuteMessage's shuffles, half by half.
                Vector256<float> fa = a.AsSingle();
                Vector256<float> fb = b.AsSingle();
                Vector256<float> fc = c.AsSingle();
                Vector256<float> fd = d.AsSingle();
                a = Avx2.Shuffle(Avx.Shuffle(fa, fb, Lanes1213).AsUInt32(), Lanes0231);
                b = Avx.Shuffle(Avx.Shuffle(fa, fc, Lanes3011), Avx.Shuffle(fa, fd, Lanes0022), Lanes0202).AsUInt32();
                c = Avx.Shuffle(Avx.Shuffle(fb, fc, Lanes0022), fd, Lanes0203).AsUInt32();
                d = Avx.Shuffle(Avx.Shuffle(fd, fb, Lanes1122), fc, Lanes0230).AsUInt32();
            }

            h0 = r0 ^ r2;
            h1 = r1 ^ r3;
            blockFlags = flags;
        }

        ref uint outputWords = ref Unsafe.As<byte, uint>(ref output);
        h0.GetLower().StoreUnsafe(ref outputWords);
        h1.GetLower().StoreUnsafe(ref outputWords, 4);
        h0.GetUpper().StoreUnsafe(ref outputWords, 8);
        h1.GetUpper().StoreUnsafe(ref outputWords, 12);
    }

    /// <summary>
    /// Transposes an 8x8 matrix of words held as eight row vectors: 4x4 transposes within each 128-bit half
    /// (unpack by words, then by pairs of words), then the halves exchanged across vectors.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Transpose(
        ref Vector256<uint> x0,
        ref Vector256<uint> x1,
        ref Vector256<uint> x2,
        ref Vector256<uint> x3,
        ref Vector256<uint> x4,
        ref Vector256<uint> x5,
        ref Vector256<uint> x6,
        ref Vector256<uint> x7)
    {
        Vector256<ulong> t0 = Avx2.UnpackLow(x0, x1).AsUInt64();
        Vector256<ulong> t1 = Avx2.UnpackHigh(x0, x1).AsUInt64();
        Vector256<ulong> t2 = Avx2.UnpackLow(x2, x3).AsUInt64();
        Vector256<ulong> t3 = Avx2.UnpackHigh(x2, x3).AsUInt64();
        Vector256<ulong> t4 = Avx2.UnpackLow(x4, x5).AsUInt64();
        Vector256<ulong> t5 = Avx2.UnpackHigh(x4, x5).AsUInt64();
        Vector256<ulong> t6 = Avx2.UnpackLow(x6, x7).AsUInt64();
        Vector256<ulong> t7 = Avx2.UnpackHigh(x6, x7).AsUInt64();

        // Each u holds word k of rows 0-3 (or 4-7) in its low half and word k + 4 in its high half.
        Vector256<uint> u0 = Avx2.UnpackLow(t0, t2).AsUInt32();
        Vector256<uint> u1 = Avx2.UnpackHigh(t0, t2).AsUInt32();
        Vector256<uint> u2 = Avx2.UnpackLow(t1, t3).AsUInt32();
        Vector256<uint> u3 = Avx2.UnpackHigh(t1, t3).AsUInt32();
        Vector256<uint> u4 = Avx2.UnpackLow(t4, t6).AsUInt32();
        Vector256<uint> u5 = Avx2.UnpackHigh(t4, t6).AsUInt32();
        Vector256<uint> u6 = Avx2.UnpackLow(t5, t7).AsUInt32();
        Vector256<uint> u7 = Avx2.UnpackHigh(t5, t7).AsUInt32();

        // 0x20: both low halves; 0x31: both high halves.
        x0 = Avx2.Permute2x128(u0, u4, 0x20);
        x1 = Avx2.Permute2x128(u1, u5, 0x20);
        x2 = Avx2.Permute2x128(u2, u6, 0x20);
        x3 = Avx2.Permute2x128(u3, u7, 0x20);
        x4 = Avx2.Permute2x128(u0, u4, 0x31);
        x5 = Avx2.Permute2x128(u1, u5, 0x31);
        x6 = Avx2.Permute2x128(u2, u6, 0x31);
        x7 = Avx2.Permute2x128(u3, u7, 0x31);
    }

    /// <summary>
    /// <see cref="MessageSchedule"/> as byte offsets into a block of sixteen transposed <c>Vector256</c> words, so
    /// that each word costs the rounds one scalar load (the offset) rather than a load, a shift and an address.
    /// </summary>
    private static ReadOnlySpan<ushort> MessageScheduleOffsets256 =>
    [
        0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 480,
        64, 192, 96, 320, 224, 0, 128, 416, 32, 352, 384, 160, 288, 448, 480, 256,
        96, 128, 320, 384, 416, 64, 224, 448, 192, 160, 288, 0, 352, 480, 256, 32,
        320, 224, 384, 288, 448, 96, 416, 480, 128, 0, 352, 64, 160, 256, 32, 192,
        384, 416, 288, 352, 480, 320, 448, 256, 224, 64, 160, 96, 0, 32, 192, 128,
        288, 448, 352, 160, 256, 384, 480, 32, 416, 96, 0, 320, 64, 192, 128, 224,
        352, 480, 160, 0, 32, 288, 256, 192, 448, 320, 64, 384, 96, 128, 224, 416,
    ];

    /// <summary>The transposed message word at byte offset <c>schedule[k]</c>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> WordAtOffset(ref Vector256<uint> words, ref ushort schedule, int k) =>
        Unsafe.AddByteOffset(ref words, (nuint)Unsafe.Add(ref schedule, k));

    /// <summary>Sixteen bytes at <paramref name="first"/> in the low half and sixteen at <paramref name="offset"/> bytes on in the high half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> LoadPair(ref byte first, int offset) =>
        Vector256.Create(Vector128.LoadUnsafe(ref first), Vector128.LoadUnsafe(ref Unsafe.Add(ref first, offset))).AsUInt32();

    /// <summary>
    /// The start of <paramref name="m"/>'s 32-byte-aligned run of seventeen vectors. The JIT aligns stack locals to 16
    /// bytes only, so every other <c>Vector256</c> of the message buffer could straddle two cache lines.
    /// <paramref name="m"/> must be a local: the address is taken once.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static unsafe ref Vector256<uint> AlignedWords(ref Message256 m)
    {
        ref byte start = ref Unsafe.As<Message256, byte>(ref m);
        nuint padding = (nuint)(-(nint)Unsafe.AsPointer(ref start)) & 31;
        return ref Unsafe.As<byte, Vector256<uint>>(ref Unsafe.AddByteOffset(ref start, padding));
    }

    /// <summary>
    /// The sixteen transposed message words and, without AVX-512, state row 8 (see <c>Rounds</c>), with one vector of
    /// slack for <see cref="AlignedWords"/>.
    /// </summary>
    [InlineArray(18)]
    private struct Message256
    {
        private Vector256<uint> _element0;
    }
}
