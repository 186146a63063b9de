namespace CryptoHarness.Managed;

public static partial class Blake3
{
    /// <summary>
    /// The AVX-512 path: sixteen chunks (or parents) at a time in <c>Vector512</c> lanes, then the 256- and 128-bit
    /// kernels for what is left, and the 128-bit row compression for single blocks, all rotating with AVX-512's
    /// vprord (one instruction for every distance, where the other paths need a shuffle or three instructions).
    /// </summary>
    private readonly struct Avx512Path : IPath
    {
        public static int Degree => 16;

        public static void CompressBlock(ref ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags) =>
            CompressBlockRows<Avx512Rotations>(ref chainingValue, ref block, counter, blockLength, flags);

        public static void HashChunkToRoot(in ChainingValue key, uint flags, ReadOnlySpan<byte> chunk, Span<byte> hash) =>
            HashChunkToRootRows<Avx512Rotations>(in key, flags, ref MemoryMarshal.GetReference(chunk), chunk.Length, ref MemoryMarshal.GetReference(hash));

        public static void CompressXof(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output) =>
            CompressXofRows<Avx512Rotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);

        public static void CompressXofMany(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output, int outputBlocks)
        {
            while (outputBlocks >= 16)
            {
                XofSixteen(in chainingValue, ref block, counter, blockLength, flags, ref output);
                output = ref Unsafe.Add(ref output, 16 * BlockSizeInBytes);
                counter += 16;
                outputBlocks -= 16;
            }

            if (outputBlocks >= 8)
            {
                XofEight<Avx512Rotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);
                output = ref Unsafe.Add(ref output, 8 * BlockSizeInBytes);
                counter += 8;
                outputBlocks -= 8;
            }

            if (outputBlocks >= 4)
            {
                XofFour<Avx512Rotations>(in chainingValue, ref block, counter, blockLength, flags, ref output);
                output = ref Unsafe.Add(ref output, 4 * BlockSizeInBytes);
                counter += 4;
                outputBlocks -= 4;
            }

            CompressXofOneAtATime<Avx512Path>(in chainingValue, ref block, counter, blockLength, flags, ref output, outputBlocks);
        }

        public static void HashMany(
            ref byte inputs, int count, int stride, int blocks, in ChainingValue key,
            ulong counter, bool incrementCounter, uint flags, uint flagsStart, uint flagsEnd, ref byte output)
        {
            uint counterStep = incrementCounter ? 1u : 0u;
            while (count >= 16)
            {
                HashSixteen(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 16 * stride);
                output = ref Unsafe.Add(ref output, 16 * ChainingValueSizeInBytes);
                counter += 16 * counterStep;
                count -= 16;
            }

            if (count >= 8)
            {
                HashEightInRegisters(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 8 * stride);
                output = ref Unsafe.Add(ref output, 8 * ChainingValueSizeInBytes);
                counter += 8 * counterStep;
                count -= 8;
            }

            if (count >= 4)
            {
                HashFourInRegisters(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 4 * stride);
                output = ref Unsafe.Add(ref output, 4 * ChainingValueSizeInBytes);
                counter += 4 * counterStep;
                count -= 4;
            }

            if (count >= 2)
            {
                HashTwo<Avx512Rotations>(ref inputs, stride, blocks, in key, counter, counterStep, flags, flagsStart, flagsEnd, ref output);
                inputs = ref Unsafe.Add(ref inputs, 2 * stride);
                output = ref Unsafe.Add(ref output, 2 * ChainingValueSizeInBytes);
                counter += 2 * counterStep;
                count -= 2;
            }

            HashOneAtATime<Avx512Path>(ref inputs, count, stride, blocks, in key, counter, incrementCounter, flags, flagsStart, flagsEnd, ref output);
        }
    }

    /// <summary>Rotations with AVX-512VL's vprord on 128- and 256-bit vectors.</summary>
    private readonly struct Avx512Rotations : IRotations
    {
        public static Vector128<uint> RotateRight16(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 16);

        public static Vector128<uint> RotateRight12(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 12);

        public static Vector128<uint> RotateRight8(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 8);

        public static Vector128<uint> RotateRight7(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 7);

        public static Vector256<uint> RotateRight16(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 16);

        public static Vector256<uint> RotateRight12(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 12);

        public static Vector256<uint> RotateRight8(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 8);

        public static Vector256<uint> RotateRight7(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 7);
    }

    /// <summary>
    /// Hashes sixteen inputs at once, input <c>i</c> in lane <c>i</c> (the reference crate's <c>hash16</c>); the
    /// 512-bit counterpart of <see cref="HashFour"/>. Each block is two 32-byte loads per input, transposed so that
    /// vector <c>j</c> holds word <c>j</c> of every input (<see cref="LoadTransposed"/>), and stays in registers
    /// through the rounds: reading the words from a stack buffer through the schedule table instead was measured 6%
    /// slower at 128 KiB (21.1 against 19.9 µs).
    /// </summary>
    /// <remarks>
    /// The JIT's disassembly (<c>DOTNET_JitDisasm=HashSixteen</c>, <c>DOTNET_TieredCompilation=0</c>) shows the
    /// seven rounds without a spill: 336 vpaddd, 224 vpxord and 224 vprord a block, what the reference crate's
    /// assembly executes, with its two counter vectors stored once a call and reloaded once a block as the crate
    /// does. The transpose was the one difference: 64 shuffles a block for whole 64-byte loads against the crate's
    /// 48 and 16 inserts from memory, now the same as the crate's. On the AMD EPYC (Zen 4), where shuffles are not
    /// the bottleneck, that measured 0.8% faster at 128 KiB (<c>harness paired --algorithm BLAKE3 --provider managed
    /// --sizes 128KiB --rounds 101</c> against the build before: head ÷ base 0.992, 0.982–0.998) and the same at 8 KiB;
    /// Intel cores run every shuffle on one port, which the rounds' adds and XORs share.
    /// </remarks>
    private static void HashSixteen(
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
    {
        Vector512<uint> h0 = Vector512.Create(key[0]);
        Vector512<uint> h1 = Vector512.Create(key[1]);
        Vector512<uint> h2 = Vector512.Create(key[2]);
        Vector512<uint> h3 = Vector512.Create(key[3]);
        Vector512<uint> h4 = Vector512.Create(key[4]);
        Vector512<uint> h5 = Vector512.Create(key[5]);
        Vector512<uint> h6 = Vector512.Create(key[6]);
        Vector512<uint> h7 = Vector512.Create(key[7]);

        // As in HashFour: the lane index added to the low words, with the carry into the high words.
        Vector512<uint> counterLow = Vector512.Create((uint)counter) + (counterStep == 0 ? Vector512<uint>.Zero : Vector512<uint>.Indices);
        Vector512<uint> counterHigh = Vector512.Create((uint)(counter >> 32)) - Vector512.LessThan(counterLow, Vector512.Create((uint)counter));

        uint blockFlags = flags | flagsStart;
        for (int blockIndex = 0; blockIndex < blocks; blockIndex++)
        {
            if (blockIndex == blocks - 1)
            {
                blockFlags |= flagsEnd;
            }

            LoadTransposed(
                ref Unsafe.Add(ref inputs, blockIndex * BlockSizeInBytes),
                stride,
                out Vector512<uint> m0, out Vector512<uint> m1, out Vector512<uint> m2, out Vector512<uint> m3, out Vector512<uint> m4, out Vector512<uint> m5, out Vector512<uint> m6, out Vector512<uint> m7, out Vector512<uint> m8, out Vector512<uint> m9, out Vector512<uint> m10, out Vector512<uint> m11, out Vector512<uint> m12, out Vector512<uint> m13, out Vector512<uint> m14, out Vector512<uint> m15);

            Vector512<uint> v0 = h0;
            Vector512<uint> v1 = h1;
            Vector512<uint> v2 = h2;
            Vector512<uint> v3 = h3;
            Vector512<uint> v4 = h4;
            Vector512<uint> v5 = h5;
            Vector512<uint> v6 = h6;
            Vector512<uint> v7 = h7;
            Vector512<uint> v8 = Vector512.Create(Iv0);
            Vector512<uint> v9 = Vector512.Create(Iv1);
            Vector512<uint> v10 = Vector512.Create(Iv2);
            Vector512<uint> v11 = Vector512.Create(Iv3);
            Vector512<uint> v12 = counterLow;
            Vector512<uint> v13 = counterHigh;
            Vector512<uint> v14 = Vector512.Create((uint)BlockSizeInBytes);
            Vector512<uint> v15 = Vector512.Create(blockFlags);

            Rounds512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
                m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);

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

        StoreTransposed(h0, h1, h2, h3, h4, h5, h6, h7, ref output);
    }

    /// <summary>
    /// Hashes eight inputs at once in <c>Vector256</c> lanes: <see cref="HashEight"/> with the message words kept in
    /// registers, which only AVX-512's 32 vector registers make room for (AVX2 has 16, so its kernel reads them from
    /// a buffer). Eight chunks are the whole of an 8 KiB input: there the shared kernel took 1.71 µs a hash and this
    /// one 1.68, and loading 16-byte rows (<see cref="LoadRowOfEight"/>) rather than transposing 32-byte ones took it
    /// from 1.63 to 1.61 (the Rust crate: 1.59).
    /// </summary>
    private static void HashEightInRegisters(
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

        uint blockFlags = flags | flagsStart;
        for (int blockIndex = 0; blockIndex < blocks; blockIndex++)
        {
            if (blockIndex == blocks - 1)
            {
                blockFlags |= flagsEnd;
            }

            // Each 16-byte row of the block (words 4r to 4r + 3) from inputs i and i + 4 in the two halves of one
            // vector, then a 4x4 transpose inside the halves: fewer shuffles than an 8x8 transpose of whole
            // 32-byte rows, as in the reference crate's assembly.
            ref byte block = ref Unsafe.Add(ref inputs, blockIndex * BlockSizeInBytes);
            LoadRowOfEight(ref block, stride, 0, out Vector256<uint> m0, out Vector256<uint> m1, out Vector256<uint> m2, out Vector256<uint> m3);
            LoadRowOfEight(ref block, stride, 16, out Vector256<uint> m4, out Vector256<uint> m5, out Vector256<uint> m6, out Vector256<uint> m7);
            LoadRowOfEight(ref block, stride, 32, out Vector256<uint> m8, out Vector256<uint> m9, out Vector256<uint> m10, out Vector256<uint> m11);
            LoadRowOfEight(ref block, stride, 48, out Vector256<uint> m12, out Vector256<uint> m13, out Vector256<uint> m14, out Vector256<uint> m15);

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

            Rounds256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
                m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);

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
    }

    /// <summary>
    /// Words <c>offset / 4</c> to <c>offset / 4 + 3</c> of eight inputs <paramref name="stride"/> bytes apart,
    /// transposed: <c>xj</c>'s lane <c>i</c> holds word <c>offset / 4 + j</c> of input <c>i</c>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadRowOfEight(
        ref byte block,
        int stride,
        nuint offset,
        out Vector256<uint> x0,
        out Vector256<uint> x1,
        out Vector256<uint> x2,
        out Vector256<uint> x3)
    {
        // Inputs k and k + 4 side by side; vinserti128 takes the upper half straight from memory.
        Vector256<double> inputs04 = LoadPair(ref block, stride, offset, 0);
        Vector256<double> inputs15 = LoadPair(ref block, stride, offset, 1);
        Vector256<double> inputs26 = LoadPair(ref block, stride, offset, 2);
        Vector256<double> inputs37 = LoadPair(ref block, stride, offset, 3);

        // Pairs of words (unpcklpd/unpckhpd), then words (shufps: 0x88 takes the even words of both, 0xDD the odd).
        Vector256<float> words01Of01 = Avx.UnpackLow(inputs04, inputs15).AsSingle();
        Vector256<float> words23Of01 = Avx.UnpackHigh(inputs04, inputs15).AsSingle();
        Vector256<float> words01Of23 = Avx.UnpackLow(inputs26, inputs37).AsSingle();
        Vector256<float> words23Of23 = Avx.UnpackHigh(inputs26, inputs37).AsSingle();
        x0 = Avx.Shuffle(words01Of01, words01Of23, 0x88).AsUInt32();
        x1 = Avx.Shuffle(words01Of01, words01Of23, 0xDD).AsUInt32();
        x2 = Avx.Shuffle(words23Of01, words23Of23, 0x88).AsUInt32();
        x3 = Avx.Shuffle(words23Of01, words23Of23, 0xDD).AsUInt32();
    }

    /// <summary>16 bytes of input <paramref name="k"/> in the lower half and of input <c>k + 4</c> in the upper.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<double> LoadPair(ref byte block, int stride, nuint offset, int k) =>
        Vector256.Create(
            Vector128.LoadUnsafe(ref Unsafe.Add(ref block, k * stride), offset),
            Vector128.LoadUnsafe(ref Unsafe.Add(ref block, (k + 4) * stride), offset)).AsDouble();

    /// <summary>
    /// Hashes four inputs at once in <c>Vector128</c> lanes: <see cref="HashFour"/> with the message words kept in
    /// registers, as in <see cref="HashEightInRegisters"/>. Four inputs are the parents of an 8-chunk input and a
    /// level of every larger tree, one latency-bound block; measured 1.645 -> 1.631 µs for an 8 KiB hash.
    /// </summary>
    private static void HashFourInRegisters(
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
    {
        Vector128<uint> h0 = Vector128.Create(key[0]);
        Vector128<uint> h1 = Vector128.Create(key[1]);
        Vector128<uint> h2 = Vector128.Create(key[2]);
        Vector128<uint> h3 = Vector128.Create(key[3]);
        Vector128<uint> h4 = Vector128.Create(key[4]);
        Vector128<uint> h5 = Vector128.Create(key[5]);
        Vector128<uint> h6 = Vector128.Create(key[6]);
        Vector128<uint> h7 = Vector128.Create(key[7]);

        // As in HashFour: the lane index added to the low words, with the carry into the high words.
        Vector128<uint> counterLow = Vector128.Create((uint)counter) + (counterStep == 0 ? Vector128<uint>.Zero : Vector128<uint>.Indices);
        Vector128<uint> counterHigh = Vector128.Create((uint)(counter >> 32)) - Vector128.LessThan(counterLow, Vector128.Create((uint)counter));

        uint blockFlags = flags | flagsStart;
        for (int blockIndex = 0; blockIndex < blocks; blockIndex++)
        {
            if (blockIndex == blocks - 1)
            {
                blockFlags |= flagsEnd;
            }

            // Each 16-byte row (words 4r to 4r + 3) of the four inputs is a 4x4 matrix to transpose.
            ref byte block0 = ref Unsafe.Add(ref inputs, blockIndex * BlockSizeInBytes);
            ref byte block1 = ref Unsafe.Add(ref block0, stride);
            ref byte block2 = ref Unsafe.Add(ref block1, stride);
            ref byte block3 = ref Unsafe.Add(ref block2, stride);
            LoadRow(ref block0, ref block1, ref block2, ref block3, 0, out Vector128<uint> m0, out Vector128<uint> m1, out Vector128<uint> m2, out Vector128<uint> m3);
            LoadRow(ref block0, ref block1, ref block2, ref block3, 16, out Vector128<uint> m4, out Vector128<uint> m5, out Vector128<uint> m6, out Vector128<uint> m7);
            LoadRow(ref block0, ref block1, ref block2, ref block3, 32, out Vector128<uint> m8, out Vector128<uint> m9, out Vector128<uint> m10, out Vector128<uint> m11);
            LoadRow(ref block0, ref block1, ref block2, ref block3, 48, out Vector128<uint> m12, out Vector128<uint> m13, out Vector128<uint> m14, out Vector128<uint> m15);

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

            Rounds128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
                m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);

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
        ref uint outputWords = ref Unsafe.As<byte, uint>(ref output);
        h0.StoreUnsafe(ref outputWords, 0);
        h4.StoreUnsafe(ref outputWords, 4);
        h1.StoreUnsafe(ref outputWords, 8);
        h5.StoreUnsafe(ref outputWords, 12);
        h2.StoreUnsafe(ref outputWords, 16);
        h6.StoreUnsafe(ref outputWords, 20);
        h3.StoreUnsafe(ref outputWords, 24);
        h7.StoreUnsafe(ref outputWords, 28);
    }

    /// <summary>Words <c>offset / 4</c> to <c>offset / 4 + 3</c> of four blocks, transposed: <c>xj</c> holds word <c>offset / 4 + j</c> of each.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadRow(
        ref byte block0,
        ref byte block1,
        ref byte block2,
        ref byte block3,
        nuint offset,
        out Vector128<uint> x0,
        out Vector128<uint> x1,
        out Vector128<uint> x2,
        out Vector128<uint> x3)
    {
        x0 = Vector128.LoadUnsafe(ref block0, offset).AsUInt32();
        x1 = Vector128.LoadUnsafe(ref block1, offset).AsUInt32();
        x2 = Vector128.LoadUnsafe(ref block2, offset).AsUInt32();
        x3 = Vector128.LoadUnsafe(ref block3, offset).AsUInt32();
        Transpose(ref x0, ref x1, ref x2, ref x3);
    }

    /// <summary>
    /// Sixteen consecutive blocks of extendable output at once (BLAKE3 spec §2.6): every lane compresses the root's
    /// block under the root's chaining value, lane <c>i</c> with output block counter <c>counter + i</c>, and keeps
    /// all sixteen output words. The message is the same in every lane, so it is broadcast rather than transposed;
    /// the outputs are transposed back into sixteen consecutive 64-byte blocks.
    /// </summary>
    private static void XofSixteen(in ChainingValue chainingValue, ref byte block, ulong counter, uint blockLength, uint flags, ref byte output)
    {
        Vector512<uint> m0 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 0)));
        Vector512<uint> m1 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 4)));
        Vector512<uint> m2 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 8)));
        Vector512<uint> m3 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 12)));
        Vector512<uint> m4 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 16)));
        Vector512<uint> m5 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 20)));
        Vector512<uint> m6 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 24)));
        Vector512<uint> m7 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 28)));
        Vector512<uint> m8 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 32)));
        Vector512<uint> m9 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 36)));
        Vector512<uint> m10 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 40)));
        Vector512<uint> m11 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 44)));
        Vector512<uint> m12 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 48)));
        Vector512<uint> m13 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 52)));
        Vector512<uint> m14 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 56)));
        Vector512<uint> m15 = Vector512.Create(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, 60)));

        Vector512<uint> h0 = Vector512.Create(chainingValue[0]);
        Vector512<uint> h1 = Vector512.Create(chainingValue[1]);
        Vector512<uint> h2 = Vector512.Create(chainingValue[2]);
        Vector512<uint> h3 = Vector512.Create(chainingValue[3]);
        Vector512<uint> h4 = Vector512.Create(chainingValue[4]);
        Vector512<uint> h5 = Vector512.Create(chainingValue[5]);
        Vector512<uint> h6 = Vector512.Create(chainingValue[6]);
        Vector512<uint> h7 = Vector512.Create(chainingValue[7]);

        Vector512<uint> v0 = h0;
        Vector512<uint> v1 = h1;
        Vector512<uint> v2 = h2;
        Vector512<uint> v3 = h3;
        Vector512<uint> v4 = h4;
        Vector512<uint> v5 = h5;
        Vector512<uint> v6 = h6;
        Vector512<uint> v7 = h7;
        Vector512<uint> v8 = Vector512.Create(Iv0);
        Vector512<uint> v9 = Vector512.Create(Iv1);
        Vector512<uint> v10 = Vector512.Create(Iv2);
        Vector512<uint> v11 = Vector512.Create(Iv3);

        // As in HashFour: the lane index added to the low words, with the carry into the high words.
        Vector512<uint> v12 = Vector512.Create((uint)counter) + Vector512<uint>.Indices;
        Vector512<uint> v13 = Vector512.Create((uint)(counter >> 32)) - Vector512.LessThan(v12, Vector512.Create((uint)counter));
        Vector512<uint> v14 = Vector512.Create(blockLength);
        Vector512<uint> v15 = Vector512.Create(flags);

        Rounds512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);

        // Output words 0-7 are the chaining-value half, 8-15 the second half with the input chaining value fed forward.
        TransposeGroup(v0 ^ v8, v1 ^ v9, v2 ^ v10, v3 ^ v11, out Vector512<uint> w00, out Vector512<uint> w01, out Vector512<uint> w02, out Vector512<uint> w03);
        TransposeGroup(v4 ^ v12, v5 ^ v13, v6 ^ v14, v7 ^ v15, out Vector512<uint> w10, out Vector512<uint> w11, out Vector512<uint> w12, out Vector512<uint> w13);
        TransposeGroup(v8 ^ h0, v9 ^ h1, v10 ^ h2, v11 ^ h3, out Vector512<uint> w20, out Vector512<uint> w21, out Vector512<uint> w22, out Vector512<uint> w23);
        TransposeGroup(v12 ^ h4, v13 ^ h5, v14 ^ h6, v15 ^ h7, out Vector512<uint> w30, out Vector512<uint> w31, out Vector512<uint> w32, out Vector512<uint> w33);
        StoreLanes(w00, w10, w20, w30, ref output, 0);
        StoreLanes(w01, w11, w21, w31, ref output, 1);
        StoreLanes(w02, w12, w22, w32, ref output, 2);
        StoreLanes(w03, w13, w23, w33, ref output, 3);
    }

    /// <summary>Output blocks <c>j</c>, <c>4 + j</c>, <c>8 + j</c> and <c>12 + j</c> of <see cref="XofSixteen"/>, from the second transpose stage.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreLanes(Vector512<uint> w0, Vector512<uint> w1, Vector512<uint> w2, Vector512<uint> w3, ref byte output, int j)
    {
        TransposeLanes(w0, w1, w2, w3, out Vector512<uint> block0, out Vector512<uint> block1, out Vector512<uint> block2, out Vector512<uint> block3);
        block0.AsByte().StoreUnsafe(ref output, (nuint)(BlockSizeInBytes * j));
        block1.AsByte().StoreUnsafe(ref output, (nuint)(BlockSizeInBytes * (4 + j)));
        block2.AsByte().StoreUnsafe(ref output, (nuint)(BlockSizeInBytes * (8 + j)));
        block3.AsByte().StoreUnsafe(ref output, (nuint)(BlockSizeInBytes * (12 + j)));
    }

    /// <summary>
    /// The seven rounds of the compression function (BLAKE3 spec §2.2) on 16 lanes, the message words in
    /// registers: round r takes them in the order of row r of <see cref="MessageSchedule"/>, written out here so that
    /// the permutation is only a renaming of registers. Sixteen state and sixteen message vectors fill AVX-512's 32
    /// registers exactly, and the JIT keeps them all there (checked in its disassembly: no spills in the rounds).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds512(
        ref Vector512<uint> v0,
        ref Vector512<uint> v1,
        ref Vector512<uint> v2,
        ref Vector512<uint> v3,
        ref Vector512<uint> v4,
        ref Vector512<uint> v5,
        ref Vector512<uint> v6,
        ref Vector512<uint> v7,
        ref Vector512<uint> v8,
        ref Vector512<uint> v9,
        ref Vector512<uint> v10,
        ref Vector512<uint> v11,
        ref Vector512<uint> v12,
        ref Vector512<uint> v13,
        ref Vector512<uint> v14,
        ref Vector512<uint> v15,
        Vector512<uint> m0,
        Vector512<uint> m1,
        Vector512<uint> m2,
        Vector512<uint> m3,
        Vector512<uint> m4,
        Vector512<uint> m5,
        Vector512<uint> m6,
        Vector512<uint> m7,
        Vector512<uint> m8,
        Vector512<uint> m9,
        Vector512<uint> m10,
        Vector512<uint> m11,
        Vector512<uint> m12,
        Vector512<uint> m13,
        Vector512<uint> m14,
        Vector512<uint> m15)
    {
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m2, m6, m3, m10, m7, m0, m4, m13, m1, m11, m12, m5, m9, m14, m15, m8);
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m3, m4, m10, m12, m13, m2, m7, m14, m6, m5, m9, m0, m11, m15, m8, m1);
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m10, m7, m12, m9, m14, m3, m13, m15, m4, m0, m11, m2, m5, m8, m1, m6);
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m12, m13, m9, m11, m15, m10, m14, m8, m7, m2, m5, m3, m0, m1, m6, m4);
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m9, m14, m11, m5, m8, m12, m15, m1, m13, m3, m0, m10, m2, m6, m4, m7);
        Round512(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m11, m15, m5, m0, m1, m9, m8, m6, m14, m10, m2, m12, m3, m4, m7, m13);
    }

    /// <summary>
    /// One round: G (BLAKE3 spec §2.2) on the four columns with words <paramref name="w0"/>-<paramref name="w7"/>, then on
    /// the four diagonals with <paramref name="w8"/>-<paramref name="w15"/>, written step by step across the four so that
    /// independent work sits next to dependent work in program order (measured 8% faster in the 16-input kernel, 12% in
    /// the 8-input one, than one G after another). The JIT does not reorder: the message words go into all four
    /// before the other additions, the order of the reference crate's assembly (measured 1.5% faster at 128 KiB than
    /// each G's two additions together).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round512(
        ref Vector512<uint> v0,
        ref Vector512<uint> v1,
        ref Vector512<uint> v2,
        ref Vector512<uint> v3,
        ref Vector512<uint> v4,
        ref Vector512<uint> v5,
        ref Vector512<uint> v6,
        ref Vector512<uint> v7,
        ref Vector512<uint> v8,
        ref Vector512<uint> v9,
        ref Vector512<uint> v10,
        ref Vector512<uint> v11,
        ref Vector512<uint> v12,
        ref Vector512<uint> v13,
        ref Vector512<uint> v14,
        ref Vector512<uint> v15,
        Vector512<uint> w0,
        Vector512<uint> w1,
        Vector512<uint> w2,
        Vector512<uint> w3,
        Vector512<uint> w4,
        Vector512<uint> w5,
        Vector512<uint> w6,
        Vector512<uint> w7,
        Vector512<uint> w8,
        Vector512<uint> w9,
        Vector512<uint> w10,
        Vector512<uint> w11,
        Vector512<uint> w12,
        Vector512<uint> w13,
        Vector512<uint> w14,
        Vector512<uint> w15)
    {
        v0 += w0;
        v1 += w2;
        v2 += w4;
        v3 += w6;
        v0 += v4;
        v1 += v5;
        v2 += v6;
        v3 += v7;
        v12 = Avx512F.RotateRight(v12 ^ v0, 16);
        v13 = Avx512F.RotateRight(v13 ^ v1, 16);
        v14 = Avx512F.RotateRight(v14 ^ v2, 16);
        v15 = Avx512F.RotateRight(v15 ^ v3, 16);
        v8 += v12;
        v9 += v13;
        v10 += v14;
        v11 += v15;
        v4 = Avx512F.RotateRight(v4 ^ v8, 12);
        v5 = Avx512F.RotateRight(v5 ^ v9, 12);
        v6 = Avx512F.RotateRight(v6 ^ v10, 12);
        v7 = Avx512F.RotateRight(v7 ^ v11, 12);
        v0 += w1;
        v1 += w3;
        v2 += w5;
        v3 += w7;
        v0 += v4;
        v1 += v5;
        v2 += v6;
        v3 += v7;
        v12 = Avx512F.RotateRight(v12 ^ v0, 8);
        v13 = Avx512F.RotateRight(v13 ^ v1, 8);
        v14 = Avx512F.RotateRight(v14 ^ v2, 8);
        v15 = Avx512F.RotateRight(v15 ^ v3, 8);
        v8 += v12;
        v9 += v13;
        v10 += v14;
        v11 += v15;
        v4 = Avx512F.RotateRight(v4 ^ v8, 7);
        v5 = Avx512F.RotateRight(v5 ^ v9, 7);
        v6 = Avx512F.RotateRight(v6 ^ v10, 7);
        v7 = Avx512F.RotateRight(v7 ^ v11, 7);

        v0 += w8;
        v1 += w10;
        v2 += w12;
        v3 += w14;
        v0 += v5;
        v1 += v6;
        v2 += v7;
        v3 += v4;
        v15 = Avx512F.RotateRight(v15 ^ v0, 16);
        v12 = Avx512F.RotateRight(v12 ^ v1, 16);
        v13 = Avx512F.RotateRight(v13 ^ v2, 16);
        v14 = Avx512F.RotateRight(v14 ^ v3, 16);
        v10 += v15;
        v11 += v12;
        v8 += v13;
        v9 += v14;
        v5 = Avx512F.RotateRight(v5 ^ v10, 12);
        v6 = Avx512F.RotateRight(v6 ^ v11, 12);
        v7 = Avx512F.RotateRight(v7 ^ v8, 12);
        v4 = Avx512F.RotateRight(v4 ^ v9, 12);
        v0 += w9;
        v1 += w11;
        v2 += w13;
        v3 += w15;
        v0 += v5;
        v1 += v6;
        v2 += v7;
        v3 += v4;
        v15 = Avx512F.RotateRight(v15 ^ v0, 8);
        v12 = Avx512F.RotateRight(v12 ^ v1, 8);
        v13 = Avx512F.RotateRight(v13 ^ v2, 8);
        v14 = Avx512F.RotateRight(v14 ^ v3, 8);
        v10 += v15;
        v11 += v12;
        v8 += v13;
        v9 += v14;
        v5 = Avx512F.RotateRight(v5 ^ v10, 7);
        v6 = Avx512F.RotateRight(v6 ^ v11, 7);
        v7 = Avx512F.RotateRight(v7 ^ v8, 7);
        v4 = Avx512F.RotateRight(v4 ^ v9, 7);
    }

    /// <summary>
    /// Loads one 64-byte block from each of sixteen inputs <paramref name="stride"/> bytes apart and transposes the
    /// 16x16 matrix of words, so that <c>mj</c>'s lane <c>i</c> is word <c>j</c> of input <c>i</c>.
    /// </summary>
    /// <remarks>
    /// The block is read in 32-byte halves, input <c>k</c>'s half in the lower half of a vector and input
    /// <c>k + 4</c>'s in the upper (a load and a vinserti64x4 from memory, as the reference crate's AVX-512 assembly
    /// does), so the loads themselves do the first step of the transpose. Unpacking by words and then by pairs of
    /// words (<see cref="TransposeGroup"/>) leaves, for inputs <c>8g..8g+7</c> and word <c>w</c> of the half,
    /// word <c>w</c> of inputs <c>8g..8g+3</c> in lane 0, word <c>w + 4</c> of them in lane 1, and the same of
    /// inputs <c>8g+4..8g+7</c> in lanes 2 and 3; one vshufi32x4 per output vector then picks lanes 0 and 2
    /// (or 1 and 3) of both groups, which puts the inputs back in order. That is 24 shuffles per half, 48 per
    /// block; loading whole 64-byte blocks took 64 (32 unpacks and two rounds of 16 vshufi32x4 for a 4x4
    /// transpose of 128-bit lanes). A 32-byte load also crosses a cache line only where the input is not 32-byte
    /// aligned, where a 64-byte one crosses one whenever the input is not 64-byte aligned.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadTransposed(
        ref byte block,
        int stride,
        out Vector512<uint> m0,
        out Vector512<uint> m1,
        out Vector512<uint> m2,
        out Vector512<uint> m3,
        out Vector512<uint> m4,
        out Vector512<uint> m5,
        out Vector512<uint> m6,
        out Vector512<uint> m7,
        out Vector512<uint> m8,
        out Vector512<uint> m9,
        out Vector512<uint> m10,
        out Vector512<uint> m11,
        out Vector512<uint> m12,
        out Vector512<uint> m13,
        out Vector512<uint> m14,
        out Vector512<uint> m15)
    {
        ref byte upperInputs = ref Unsafe.Add(ref block, 8 * stride);
        LoadHalfOfEight(ref block, stride, 0, out Vector512<uint> a0, out Vector512<uint> a1, out Vector512<uint> a2, out Vector512<uint> a3);
        LoadHalfOfEight(ref upperInputs, stride, 0, out Vector512<uint> b0, out Vector512<uint> b1, out Vector512<uint> b2, out Vector512<uint> b3);
        SelectLanes(a0, b0, out m0, out m4);
        SelectLanes(a1, b1, out m1, out m5);
        SelectLanes(a2, b2, out m2, out m6);
        SelectLanes(a3, b3, out m3, out m7);
        LoadHalfOfEight(ref block, stride, 32, out Vector512<uint> c0, out Vector512<uint> c1, out Vector512<uint> c2, out Vector512<uint> c3);
        LoadHalfOfEight(ref upperInputs, stride, 32, out Vector512<uint> d0, out Vector512<uint> d1, out Vector512<uint> d2, out Vector512<uint> d3);
        SelectLanes(c0, d0, out m8, out m12);
        SelectLanes(c1, d1, out m9, out m13);
        SelectLanes(c2, d2, out m10, out m14);
        SelectLanes(c3, d3, out m11, out m15);
    }

    /// <summary>
    /// Words <c>offset / 4</c> to <c>offset / 4 + 7</c> of eight inputs, transposed inside 128-bit lanes:
    /// <c>wj</c>'s lanes hold word <c>offset / 4 + j</c> of inputs 0-3, word <c>offset / 4 + 4 + j</c> of inputs
    /// 0-3, then the same two of inputs 4-7.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadHalfOfEight(
        ref byte first,
        int stride,
        nuint offset,
        out Vector512<uint> w0,
        out Vector512<uint> w1,
        out Vector512<uint> w2,
        out Vector512<uint> w3) =>
        TransposeGroup(
            LoadHalfPair(ref first, stride, offset, 0),
            LoadHalfPair(ref first, stride, offset, 1),
            LoadHalfPair(ref first, stride, offset, 2),
            LoadHalfPair(ref first, stride, offset, 3),
            out w0,
            out w1,
            out w2,
            out w3);

    /// <summary>32 bytes of input <paramref name="k"/> in the lower half and of input <c>k + 4</c> in the upper.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    /// <remarks>
    /// Written as an insert into a widened load: <c>Vector512.Create</c> of two halves compiled to two inserts, one of
    /// them into a stale register, where this is one load and one vinserti64x4 reading the other half from memory.
    /// </remarks>
    private static Vector512<uint> LoadHalfPair(ref byte first, int stride, nuint offset, int k) =>
        Avx512F.InsertVector256(
            Vector256.LoadUnsafe(ref Unsafe.Add(ref first, k * stride), offset).AsUInt32().ToVector512Unsafe(),
            Vector256.LoadUnsafe(ref Unsafe.Add(ref first, (k + 4) * stride), offset).AsUInt32(),
            1);

    /// <summary>
    /// From two outputs of <see cref="LoadHalfOfEight"/> (inputs 0-7 and 8-15): lanes 0 and 2 of each, one word of
    /// all sixteen inputs in order, and lanes 1 and 3, the word four further on (0x88 and 0xDD).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SelectLanes(Vector512<uint> lower, Vector512<uint> upper, out Vector512<uint> word, out Vector512<uint> wordPlus4)
    {
        word = Avx512F.Shuffle4x128(lower, upper, 0x88);
        wordPlus4 = Avx512F.Shuffle4x128(lower, upper, 0xDD);
    }

    /// <summary>Transposes the 4x4 matrix of words inside each 128-bit lane of four vectors.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void TransposeGroup(
        Vector512<uint> x0,
        Vector512<uint> x1,
        Vector512<uint> x2,
        Vector512<uint> x3,
        out Vector512<uint> w0,
        out Vector512<uint> w1,
        out Vector512<uint> w2,
        out Vector512<uint> w3)
    {
        Vector512<ulong> t0 = Avx512F.UnpackLow(x0, x1).AsUInt64();
        Vector512<ulong> t1 = Avx512F.UnpackHigh(x0, x1).AsUInt64();
        Vector512<ulong> t2 = Avx512F.UnpackLow(x2, x3).AsUInt64();
        Vector512<ulong> t3 = Avx512F.UnpackHigh(x2, x3).AsUInt64();
        w0 = Avx512F.UnpackLow(t0, t2).AsUInt32();
        w1 = Avx512F.UnpackHigh(t0, t2).AsUInt32();
        w2 = Avx512F.UnpackLow(t1, t3).AsUInt32();
        w3 = Avx512F.UnpackHigh(t1, t3).AsUInt32();
    }

    /// <summary>
    /// Transposes the 4x4 matrix of 128-bit lanes of four vectors: lane L of output L' is lane L' of input L.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void TransposeLanes(
        Vector512<uint> w0,
        Vector512<uint> w1,
        Vector512<uint> w2,
        Vector512<uint> w3,
        out Vector512<uint> lane0,
        out Vector512<uint> lane1,
        out Vector512<uint> lane2,
        out Vector512<uint> lane3)
    {
        // 0x44: lanes 0 1 of each source; 0xEE: lanes 2 3 of each.
        Vector512<uint> lanes01Of01 = Avx512F.Shuffle4x128(w0, w1, 0x44);
        Vector512<uint> lanes23Of01 = Avx512F.Shuffle4x128(w0, w1, 0xEE);
        Vector512<uint> lanes01Of23 = Avx512F.Shuffle4x128(w2, w3, 0x44);
        Vector512<uint> lanes23Of23 = Avx512F.Shuffle4x128(w2, w3, 0xEE);

        // 0x88: lanes 0 2 of each source; 0xDD: lanes 1 3 of each.
        lane0 = Avx512F.Shuffle4x128(lanes01Of01, lanes01Of23, 0x88);
        lane1 = Avx512F.Shuffle4x128(lanes01Of01, lanes01Of23, 0xDD);
        lane2 = Avx512F.Shuffle4x128(lanes23Of01, lanes23Of23, 0x88);
        lane3 = Avx512F.Shuffle4x128(lanes23Of01, lanes23Of23, 0xDD);
    }

    /// <summary>
    /// Writes sixteen chaining values from eight vectors that hold word <c>j</c> of each in lane <c>i</c>: a 4x4
    /// transpose inside each 128-bit lane gives words 0-3 and 4-7 of input <c>4L + c</c> in lane <c>L</c> of
    /// <c>y[c]</c> and <c>z[c]</c>; pairing those lanes gives whole chaining values, two per 256-bit half.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreTransposed(
        Vector512<uint> h0,
        Vector512<uint> h1,
        Vector512<uint> h2,
        Vector512<uint> h3,
        Vector512<uint> h4,
        Vector512<uint> h5,
        Vector512<uint> h6,
        Vector512<uint> h7,
        ref byte output)
    {
        Vector512<ulong> t0 = Avx512F.UnpackLow(h0, h1).AsUInt64();
        Vector512<ulong> t1 = Avx512F.UnpackHigh(h0, h1).AsUInt64();
        Vector512<ulong> t2 = Avx512F.UnpackLow(h2, h3).AsUInt64();
        Vector512<ulong> t3 = Avx512F.UnpackHigh(h2, h3).AsUInt64();
        Vector512<ulong> t4 = Avx512F.UnpackLow(h4, h5).AsUInt64();
        Vector512<ulong> t5 = Avx512F.UnpackHigh(h4, h5).AsUInt64();
        Vector512<ulong> t6 = Avx512F.UnpackLow(h6, h7).AsUInt64();
        Vector512<ulong> t7 = Avx512F.UnpackHigh(h6, h7).AsUInt64();

        ref uint words = ref Unsafe.As<byte, uint>(ref output);
        StoreLanePairs(Avx512F.UnpackLow(t0, t2).AsUInt32(), Avx512F.UnpackLow(t4, t6).AsUInt32(), ref words);
        StoreLanePairs(Avx512F.UnpackHigh(t0, t2).AsUInt32(), Avx512F.UnpackHigh(t4, t6).AsUInt32(), ref Unsafe.Add(ref words, 8));
        StoreLanePairs(Avx512F.UnpackLow(t1, t3).AsUInt32(), Avx512F.UnpackLow(t5, t7).AsUInt32(), ref Unsafe.Add(ref words, 16));
        StoreLanePairs(Avx512F.UnpackHigh(t1, t3).AsUInt32(), Avx512F.UnpackHigh(t5, t7).AsUInt32(), ref Unsafe.Add(ref words, 24));
    }

    /// <summary>
    /// Joins lane L of <paramref name="low"/> (words 0-3) and of <paramref name="high"/> (words 4-7) into the
    /// chaining value of input <c>4L + c</c>, for L = 0..3, written 128 bytes apart from <paramref name="first"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreLanePairs(Vector512<uint> low, Vector512<uint> high, ref uint first)
    {
        // 0x44 then 0xD8 (lanes 0 2 1 3): low.L0 high.L0 | low.L1 high.L1; likewise with lanes 2 and 3 (0xEE).
        Vector512<uint> inputs0And1 = Avx512F.Shuffle4x128(Avx512F.Shuffle4x128(low, high, 0x44), Avx512F.Shuffle4x128(low, high, 0x44), 0xD8);
        Vector512<uint> inputs2And3 = Avx512F.Shuffle4x128(Avx512F.Shuffle4x128(low, high, 0xEE), Avx512F.Shuffle4x128(low, high, 0xEE), 0xD8);
        inputs0And1.GetLower().StoreUnsafe(ref first);
        inputs0And1.GetUpper().StoreUnsafe(ref first, 32);
        inputs2And3.GetLower().StoreUnsafe(ref first, 64);
        inputs2And3.GetUpper().StoreUnsafe(ref first, 96);
    }

    /// <summary><see cref="Rounds512"/> on 8 lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds256(
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
        Vector256<uint> m0,
        Vector256<uint> m1,
        Vector256<uint> m2,
        Vector256<uint> m3,
        Vector256<uint> m4,
        Vector256<uint> m5,
        Vector256<uint> m6,
        Vector256<uint> m7,
        Vector256<uint> m8,
        Vector256<uint> m9,
        Vector256<uint> m10,
        Vector256<uint> m11,
        Vector256<uint> m12,
        Vector256<uint> m13,
        Vector256<uint> m14,
        Vector256<uint> m15)
    {
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m2, m6, m3, m10, m7, m0, m4, m13, m1, m11, m12, m5, m9, m14, m15, m8);
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m3, m4, m10, m12, m13, m2, m7, m14, m6, m5, m9, m0, m11, m15, m8, m1);
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m10, m7, m12, m9, m14, m3, m13, m15, m4, m0, m11, m2, m5, m8, m1, m6);
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m12, m13, m9, m11, m15, m10, m14, m8, m7, m2, m5, m3, m0, m1, m6, m4);
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m9, m14, m11, m5, m8, m12, m15, m1, m13, m3, m0, m10, m2, m6, m4, m7);
        Round256(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m11, m15, m5, m0, m1, m9, m8, m6, m14, m10, m2, m12, m3, m4, m7, m13);
    }

    /// <summary><see cref="Round512"/> on 8 lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round256(
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
        Vector256<uint> w0,
        Vector256<uint> w1,
        Vector256<uint> w2,
        Vector256<uint> w3,
        Vector256<uint> w4,
        Vector256<uint> w5,
        Vector256<uint> w6,
        Vector256<uint> w7,
        Vector256<uint> w8,
        Vector256<uint> w9,
        Vector256<uint> w10,
        Vector256<uint> w11,
        Vector256<uint> w12,
        Vector256<uint> w13,
        Vector256<uint> w14,
        Vector256<uint> w15)
    {
        v0 += w0;
        v1 += w2;
        v2 += w4;
        v3 += w6;
        v0 += v4;
        v1 += v5;
        v2 += v6;
        v3 += v7;
        v12 = Avx512F.VL.RotateRight(v12 ^ v0, 16);
        v13 = Avx512F.VL.RotateRight(v13 ^ v1, 16);
        v14 = Avx512F.VL.RotateRight(v14 ^ v2, 16);
        v15 = Avx512F.VL.RotateRight(v15 ^ v3, 16);
        v8 += v12;
        v9 += v13;
        v10 += v14;
        v11 += v15;
        v4 = Avx512F.VL.RotateRight(v4 ^ v8, 12);
        v5 = Avx512F.VL.RotateRight(v5 ^ v9, 12);
        v6 = Avx512F.VL.RotateRight(v6 ^ v10, 12);
        v7 = Avx512F.VL.RotateRight(v7 ^ v11, 12);
        v0 += w1;
        v1 += w3;
        v2 += w5;
        v3 += w7;
        v0 += v4;
        v1 += v5;
        v2 += v6;
        v3 += v7;
        v12 = Avx512F.VL.RotateRight(v12 ^ v0, 8);
        v13 = Avx512F.VL.RotateRight(v13 ^ v1, 8);
        v14 = Avx512F.VL.RotateRight(v14 ^ v2, 8);
        v15 = Avx512F.VL.RotateRight(v15 ^ v3, 8);
        v8 += v12;
        v9 += v13;
        v10 += v14;
        v11 += v15;
        v4 = Avx512F.VL.RotateRight(v4 ^ v8, 7);
        v5 = Avx512F.VL.RotateRight(v5 ^ v9, 7);
        v6 = Avx512F.VL.RotateRight(v6 ^ v10, 7);
        v7 = Avx512F.VL.RotateRight(v7 ^ v11, 7);

        v0 += w8;
        v1 += w10;
        v2 += w12;
        v3 += w14;
        v0 += v5;
        v1 += v6;
        v2 += v7;
        v3 += v4;
        v15 = Avx512F.VL.RotateRight(v15 ^ v0, 16);
        v12 = Avx512F.VL.RotateRight(v12 ^ v1, 16);
        v13 = Avx512F.VL.RotateRight(v13 ^ v2, 16);
        v14 = Avx512F.VL.RotateRight(v14 ^ v3, 16);
        v10 += v15;
        v11 += v12;
        v8 += v13;
        v9 += v14;
        v5 = Avx512F.VL.RotateRight(v5 ^ v10, 12);
        v6 = Avx512F.VL.RotateRight(v6 ^ v11, 12);
        v7 = Avx512F.VL.RotateRight(v7 ^ v8, 12);
        v4 = Avx512F.VL.RotateRight(v4 ^ v9, 12);
        v0 += w9;
        v1 += w11;
        v2 += w13;
        v3 += w15;
        v0 += v5;
        v1 += v6;
        v2 += v7;
        v3 += v4;
        v15 = Avx512F.VL.RotateRight(v15 ^ v0, 8);
        v12 = Avx512F.VL.RotateRight(v12 ^ v1, 8);
        v13 = Avx512F.VL.RotateRight(v13 ^ v2, 8);
        v14 = Avx512F.VL.RotateRight(v14 ^ v3, 8);
        v10 += v15;
        v11 += v12;
        v8 += v13;
        v9 += v14;
        v5 = Avx512F.VL.RotateRight(v5 ^ v10, 7);
        v6 = Avx512F.VL.RotateRight(v6 ^ v11, 7);
        v7 = Avx512F.VL.RotateRight(v7 ^ v8, 7);
        v4 = Avx512F.VL.RotateRight(v4 ^ v9, 7);
    }

    /// <summary><see cref="Rounds512"/> on 4 lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Rounds128(
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
        Vector128<uint> m0,
        Vector128<uint> m1,
        Vector128<uint> m2,
        Vector128<uint> m3,
        Vector128<uint> m4,
        Vector128<uint> m5,
        Vector128<uint> m6,
        Vector128<uint> m7,
        Vector128<uint> m8,
        Vector128<uint> m9,
        Vector128<uint> m10,
        Vector128<uint> m11,
        Vector128<uint> m12,
        Vector128<uint> m13,
        Vector128<uint> m14,
        Vector128<uint> m15)
    {
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m2, m6, m3, m10, m7, m0, m4, m13, m1, m11, m12, m5, m9, m14, m15, m8);
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m3, m4, m10, m12, m13, m2, m7, m14, m6, m5, m9, m0, m11, m15, m8, m1);
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m10, m7, m12, m9, m14, m3, m13, m15, m4, m0, m11, m2, m5, m8, m1, m6);
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m12, m13, m9, m11, m15, m10, m14, m8, m7, m2, m5, m3, m0, m1, m6, m4);
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m9, m14, m11, m5, m8, m12, m15, m1, m13, m3, m0, m10, m2, m6, m4, m7);
        Round128(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m11, m15, m5, m0, m1, m9, m8, m6, m14, m10, m2, m12, m3, m4, m7, m13);
    }

    /// <summary><see cref="Round512"/> on 4 lanes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round128(
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
        Vector128<uint> w0,
        Vector128<uint> w1,
        Vector128<uint> w2,
        Vector128<uint> w3,
        Vector128<uint> w4,
        Vector128<uint> w5,
        Vector128<uint> w6,
        Vector128<uint> w7,
        Vector128<uint> w8,
        Vector128<uint> w9,
        Vector128<uint> w10,
        Vector128<uint> w11,
        Vector128<uint> w12,
        Vector128<uint> w13,
        Vector128<uint> w14,
        Vector128<uint> w15)
    {
        v0 += w0;
        v1 += w2;
        v2 += w4;
        v3 += w6;
        v0 += v4;
        v1 += v5;
        v2 += v6;
        v3 += v7;
        v12 = Avx512F.VL.RotateRight(v12 ^ v0, 16);
        v13 = Avx512F.VL.RotateRight(v13 ^ v1, 16);
        v14 = Avx512F.VL.RotateRight(v14 ^ v2, 16);
        v15 = Avx512F.VL.RotateRight(v15 ^ v3, 16);
        v8 += v12;
        v9 += v13;
        v10 += v14;
        v11 += v15;
        v4 = Avx512F.VL.RotateRight(v4 ^ v8, 12);
        v5 = Avx512F.VL.RotateRight(v5 ^ v9, 12);
        v6 = Avx512F.VL.RotateRight(v6 ^ v10, 12);
        v7 = Avx512F.VL.RotateRight(v7 ^ v11, 12);
        v0 += w1;
        v1 += w3;
        v2 += w5;
        v3 += w7;
        v0 += v4;
        v1 += v5;
        v2 += v6;
        v3 += v7;
        v12 = Avx512F.VL.RotateRight(v12 ^ v0, 8);
        v13 = Avx512F.VL.RotateRight(v13 ^ v1, 8);
        v14 = Avx512F.VL.RotateRight(v14 ^ v2, 8);
        v15 = Avx512F.VL.RotateRight(v15 ^ v3, 8);
        v8 += v12;
        v9 += v13;
        v10 += v14;
        v11 += v15;
        v4 = Avx512F.VL.RotateRight(v4 ^ v8, 7);
        v5 = Avx512F.VL.RotateRight(v5 ^ v9, 7);
        v6 = Avx512F.VL.RotateRight(v6 ^ v10, 7);
        v7 = Avx512F.VL.RotateRight(v7 ^ v11, 7);

        v0 += w8;
        v1 += w10;
        v2 += w12;
        v3 += w14;
        v0 += v5;
        v1 += v6;
        v2 += v7;
        v3 += v4;
        v15 = Avx512F.VL.RotateRight(v15 ^ v0, 16);
        v12 = Avx512F.VL.RotateRight(v12 ^ v1, 16);
        v13 = Avx512F.VL.RotateRight(v13 ^ v2, 16);
        v14 = Avx512F.VL.RotateRight(v14 ^ v3, 16);
        v10 += v15;
        v11 += v12;
        v8 += v13;
        v9 += v14;
        v5 = Avx512F.VL.RotateRight(v5 ^ v10, 12);
        v6 = Avx512F.VL.RotateRight(v6 ^ v11, 12);
        v7 = Avx512F.VL.RotateRight(v7 ^ v8, 12);
        v4 = Avx512F.VL.RotateRight(v4 ^ v9, 12);
        v0 += w9;
        v1 += w11;
        v2 += w13;
        v3 += w15;
        v0 += v5;
        v1 += v6;
        v2 += v7;
        v3 += v4;
        v15 = Avx512F.VL.RotateRight(v15 ^ v0, 8);
        v12 = Avx512F.VL.RotateRight(v12 ^ v1, 8);
        v13 = Avx512F.VL.RotateRight(v13 ^ v2, 8);
        v14 = Avx512F.VL.RotateRight(v14 ^ v3, 8);
        v10 += v15;
        v11 += v12;
        v8 += v13;
        v9 += v14;
        v5 = Avx512F.VL.RotateRight(v5 ^ v10, 7);
        v6 = Avx512F.VL.RotateRight(v6 ^ v11, 7);
        v7 = Avx512F.VL.RotateRight(v7 ^ v8, 7);
        v4 = Avx512F.VL.RotateRight(v4 ^ v9, 7);
    }
}
