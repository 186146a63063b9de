using static System.Numerics.BitOperations;

namespace CryptoHarness.Managed;

// The Avx2 path: two blocks at a time, the message schedule of both in the two 128-bit halves of 256-bit vectors, the
// rounds scalar.
public static partial class Sha512
{
    /// <summary>
    /// Runs the compression function over <paramref name="blockCount"/> consecutive 128-byte blocks starting at
    /// <paramref name="blocks"/> (at least one), updating <paramref name="state"/> in place: whole pairs here, a last
    /// odd block on the Ssse3 path.
    /// </summary>
    internal static void CompressAvx2(ref State state, ref byte blocks, int blockCount)
    {
        int pairs = blockCount / 2;
        if (pairs != 0)
        {
            CompressPairsAvx2(ref state, ref blocks, pairs);
        }

        if ((blockCount & 1) != 0)
        {
            CompressSsse3(ref state, ref Unsafe.Add(ref blocks, (blockCount - 1) * BlockSizeInBytes), 1);
        }
    }

    /// <summary>Compresses <paramref name="pairCount"/> pairs of consecutive blocks (at least one pair).</summary>
    /// <remarks>
    /// <para>
    /// The Ssse3 path spends about half its instructions on the schedule: one block's two words per 128-bit vector.
    /// Here each vector holds that pair of words for the first block in its low half and for the second in its high
    /// half; vpalignr and the shifts work within halves, so the same instructions expand both schedules. The first
    /// block's rounds run between the schedule steps, as on the Ssse3 path, and store K + W of both blocks; the second
    /// block's rounds then read theirs from the stack with no vector work at all. OpenSSL's AVX2 SHA-512 is built the
    /// same way.
    /// </para>
    /// <para>
    /// The rounds are written out as statements, not calls to an inlined helper as on the other paths: with 80 rounds,
    /// 32 schedule steps and the second block's loop in one method, the helpers' temporaries took the JIT past the
    /// number of locals it tracks, and it kept the working variables in memory (more than a thousand stack accesses in
    /// the disassembly, twice the time). The second block's rounds are a loop of sixteen, which measured the same as
    /// eighty written out, in a fifth of the code.
    /// </para>
    /// <para>
    /// Each round is OpenSSL's: T1 is added into h in place (no temporary), and Maj(a, b, c) = b ^ ((a ^ b) &amp; (b ^
    /// c)) reuses the round before's a ^ b as this round's b ^ c, so <c>u</c> and <c>v</c> take turns holding the one
    /// and the other. Maj is written as an assignment to the value that dies, <c>v = (v &amp; u) ^ b</c>: written as an
    /// expression, the JIT copied a register before each and. Together with σ0's rotation by 8 as one vpshufb, the
    /// loop lost 183 of its 3,449 instructions, and <c>harness paired --base-build</c> (the t1 and or-and form) gave
    /// 0.94-0.97 of the time at 1 KiB and 128 KiB (SHA-512 and SHA-384, two runs) on an AMD EPYC (Zen 3),
    /// 2026-11-27.
    /// </para>
    /// <para>
    /// Tried after that, paired against it on the same machine, and not kept: w7 by vshufpd, so that the JIT no longer
    /// keeps one vpalignr for four steps and spills it (30 fewer stack accesses, the same time); each schedule step
    /// split around its first round (the same); the K + W buffer aligned to 32 bytes through a computed reference, which
    /// took a register from the rounds (1.18 times the time at 128 KiB); and rounds 64 to 79 of the first block run by
    /// the second block's loop, with the state's update inside it (1.34 times, from spills).
    /// </para>
    /// </remarks>
    [SkipLocalsInit]
    private static void CompressPairsAvx2(ref State state, ref byte blocks, int pairCount)
    {
        ulong a = state[0];
        ulong b = state[1];
        ulong c = state[2];
        ulong d = state[3];
        ulong e = state[4];
        ulong f = state[5];
        ulong g = state[6];
        ulong h = state[7];
        ulong u, v; // a ^ b of this round and of the round before, in turn (see the remarks)
        Vector256<byte> rotateRight8 = Vector256.Create((byte)1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
        Vector256<ulong> x0, x1, x2, x3, x4, x5, x6, x7, w15, w7;

        // K(t) + W(t) of both blocks, a pair of rounds per 32 bytes: the first block's two words, then the second's.
        Unsafe.SkipInit(out PairScheduleSums sums);
        ref ulong kw = ref sums[0];

        do
        {
            v = b ^ c; // the first round's b ^ c
            // The first block's rounds with both schedules. The constants are K(0)..K(79) of FIPS 180-4 §4.2.3, in
            // order, paired, in each half.
            x0 = LoadPairs(ref blocks, 0, Vector256.Create(0x428a2f98d728ae22UL, 0x7137449123ef65cdUL, 0x428a2f98d728ae22UL, 0x7137449123ef65cdUL), ref kw);
            x1 = LoadPairs(ref blocks, 1, Vector256.Create(0xb5c0fbcfec4d3b2fUL, 0xe9b5dba58189dbbcUL, 0xb5c0fbcfec4d3b2fUL, 0xe9b5dba58189dbbcUL), ref kw);
            x2 = LoadPairs(ref blocks, 2, Vector256.Create(0x3956c25bf348b538UL, 0x59f111f1b605d019UL, 0x3956c25bf348b538UL, 0x59f111f1b605d019UL), ref kw);
            x3 = LoadPairs(ref blocks, 3, Vector256.Create(0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL, 0x923f82a4af194f9bUL, 0xab1c5ed5da6d8118UL), ref kw);
            x4 = LoadPairs(ref blocks, 4, Vector256.Create(0xd807aa98a3030242UL, 0x12835b0145706fbeUL, 0xd807aa98a3030242UL, 0x12835b0145706fbeUL), ref kw);
            x5 = LoadPairs(ref blocks, 5, Vector256.Create(0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL, 0x243185be4ee4b28cUL, 0x550c7dc3d5ffb4e2UL), ref kw);
            x6 = LoadPairs(ref blocks, 6, Vector256.Create(0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL, 0x72be5d74f27b896fUL, 0x80deb1fe3b1696b1UL), ref kw);
            x7 = LoadPairs(ref blocks, 7, Vector256.Create(0x9bdc06a725c71235UL, 0xc19bf174cf692694UL, 0x9bdc06a725c71235UL, 0xc19bf174cf692694UL), ref kw);
            w15 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            x0 += (((x7 >>> 19) | (x7 << 45)) ^ ((x7 >>> 61) | (x7 << 3)) ^ (x7 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x0 + Vector256.Create(0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL, 0xe49b69c19ef14ad2UL, 0xefbe4786384f25e3UL)).StoreUnsafe(ref kw, 32);
            h += Unsafe.Add(ref kw, 0) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 1) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            x1 += (((x0 >>> 19) | (x0 << 45)) ^ ((x0 >>> 61) | (x0 << 3)) ^ (x0 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x1 + Vector256.Create(0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL, 0x0fc19dc68b8cd5b5UL, 0x240ca1cc77ac9c65UL)).StoreUnsafe(ref kw, 36);
            f += Unsafe.Add(ref kw, 4) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 5) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            x2 += (((x1 >>> 19) | (x1 << 45)) ^ ((x1 >>> 61) | (x1 << 3)) ^ (x1 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x2 + Vector256.Create(0x2de92c6f592b0275UL, 0x4a7484aa6ea6e483UL, 0x2de92c6f592b0275UL, 0x4a7484aa6ea6e483UL)).StoreUnsafe(ref kw, 40);
            d += Unsafe.Add(ref kw, 8) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 9) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            x3 += (((x2 >>> 19) | (x2 << 45)) ^ ((x2 >>> 61) | (x2 << 3)) ^ (x2 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x3 + Vector256.Create(0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL, 0x5cb0a9dcbd41fbd4UL, 0x76f988da831153b5UL)).StoreUnsafe(ref kw, 44);
            b += Unsafe.Add(ref kw, 12) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 13) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            x4 += (((x3 >>> 19) | (x3 << 45)) ^ ((x3 >>> 61) | (x3 << 3)) ^ (x3 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x4 + Vector256.Create(0x983e5152ee66dfabUL, 0xa831c66d2db43210UL, 0x983e5152ee66dfabUL, 0xa831c66d2db43210UL)).StoreUnsafe(ref kw, 48);
            h += Unsafe.Add(ref kw, 16) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 17) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            x5 += (((x4 >>> 19) | (x4 << 45)) ^ ((x4 >>> 61) | (x4 << 3)) ^ (x4 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x5 + Vector256.Create(0xb00327c898fb213fUL, 0xbf597fc7beef0ee4UL, 0xb00327c898fb213fUL, 0xbf597fc7beef0ee4UL)).StoreUnsafe(ref kw, 52);
            f += Unsafe.Add(ref kw, 20) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 21) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            x6 += (((x5 >>> 19) | (x5 << 45)) ^ ((x5 >>> 61) | (x5 << 3)) ^ (x5 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x6 + Vector256.Create(0xc6e00bf33da88fc2UL, 0xd5a79147930aa725UL, 0xc6e00bf33da88fc2UL, 0xd5a79147930aa725UL)).StoreUnsafe(ref kw, 56);
            d += Unsafe.Add(ref kw, 24) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 25) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            x7 += (((x6 >>> 19) | (x6 << 45)) ^ ((x6 >>> 61) | (x6 << 3)) ^ (x6 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x7 + Vector256.Create(0x06ca6351e003826fUL, 0x142929670a0e6e70UL, 0x06ca6351e003826fUL, 0x142929670a0e6e70UL)).StoreUnsafe(ref kw, 60);
            b += Unsafe.Add(ref kw, 28) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 29) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            x0 += (((x7 >>> 19) | (x7 << 45)) ^ ((x7 >>> 61) | (x7 << 3)) ^ (x7 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x0 + Vector256.Create(0x27b70a8546d22ffcUL, 0x2e1b21385c26c926UL, 0x27b70a8546d22ffcUL, 0x2e1b21385c26c926UL)).StoreUnsafe(ref kw, 64);
            h += Unsafe.Add(ref kw, 32) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 33) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            x1 += (((x0 >>> 19) | (x0 << 45)) ^ ((x0 >>> 61) | (x0 << 3)) ^ (x0 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x1 + Vector256.Create(0x4d2c6dfc5ac42aedUL, 0x53380d139d95b3dfUL, 0x4d2c6dfc5ac42aedUL, 0x53380d139d95b3dfUL)).StoreUnsafe(ref kw, 68);
            f += Unsafe.Add(ref kw, 36) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 37) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            x2 += (((x1 >>> 19) | (x1 << 45)) ^ ((x1 >>> 61) | (x1 << 3)) ^ (x1 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x2 + Vector256.Create(0x650a73548baf63deUL, 0x766a0abb3c77b2a8UL, 0x650a73548baf63deUL, 0x766a0abb3c77b2a8UL)).StoreUnsafe(ref kw, 72);
            d += Unsafe.Add(ref kw, 40) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 41) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            x3 += (((x2 >>> 19) | (x2 << 45)) ^ ((x2 >>> 61) | (x2 << 3)) ^ (x2 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x3 + Vector256.Create(0x81c2c92e47edaee6UL, 0x92722c851482353bUL, 0x81c2c92e47edaee6UL, 0x92722c851482353bUL)).StoreUnsafe(ref kw, 76);
            b += Unsafe.Add(ref kw, 44) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 45) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            x4 += (((x3 >>> 19) | (x3 << 45)) ^ ((x3 >>> 61) | (x3 << 3)) ^ (x3 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x4 + Vector256.Create(0xa2bfe8a14cf10364UL, 0xa81a664bbc423001UL, 0xa2bfe8a14cf10364UL, 0xa81a664bbc423001UL)).StoreUnsafe(ref kw, 80);
            h += Unsafe.Add(ref kw, 48) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 49) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            x5 += (((x4 >>> 19) | (x4 << 45)) ^ ((x4 >>> 61) | (x4 << 3)) ^ (x4 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x5 + Vector256.Create(0xc24b8b70d0f89791UL, 0xc76c51a30654be30UL, 0xc24b8b70d0f89791UL, 0xc76c51a30654be30UL)).StoreUnsafe(ref kw, 84);
            f += Unsafe.Add(ref kw, 52) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 53) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            x6 += (((x5 >>> 19) | (x5 << 45)) ^ ((x5 >>> 61) | (x5 << 3)) ^ (x5 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x6 + Vector256.Create(0xd192e819d6ef5218UL, 0xd69906245565a910UL, 0xd192e819d6ef5218UL, 0xd69906245565a910UL)).StoreUnsafe(ref kw, 88);
            d += Unsafe.Add(ref kw, 56) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 57) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            x7 += (((x6 >>> 19) | (x6 << 45)) ^ ((x6 >>> 61) | (x6 << 3)) ^ (x6 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x7 + Vector256.Create(0xf40e35855771202aUL, 0x106aa07032bbd1b8UL, 0xf40e35855771202aUL, 0x106aa07032bbd1b8UL)).StoreUnsafe(ref kw, 92);
            b += Unsafe.Add(ref kw, 60) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 61) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            x0 += (((x7 >>> 19) | (x7 << 45)) ^ ((x7 >>> 61) | (x7 << 3)) ^ (x7 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x0 + Vector256.Create(0x19a4c116b8d2d0c8UL, 0x1e376c085141ab53UL, 0x19a4c116b8d2d0c8UL, 0x1e376c085141ab53UL)).StoreUnsafe(ref kw, 96);
            h += Unsafe.Add(ref kw, 64) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 65) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            x1 += (((x0 >>> 19) | (x0 << 45)) ^ ((x0 >>> 61) | (x0 << 3)) ^ (x0 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x1 + Vector256.Create(0x2748774cdf8eeb99UL, 0x34b0bcb5e19b48a8UL, 0x2748774cdf8eeb99UL, 0x34b0bcb5e19b48a8UL)).StoreUnsafe(ref kw, 100);
            f += Unsafe.Add(ref kw, 68) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 69) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            x2 += (((x1 >>> 19) | (x1 << 45)) ^ ((x1 >>> 61) | (x1 << 3)) ^ (x1 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x2 + Vector256.Create(0x391c0cb3c5c95a63UL, 0x4ed8aa4ae3418acbUL, 0x391c0cb3c5c95a63UL, 0x4ed8aa4ae3418acbUL)).StoreUnsafe(ref kw, 104);
            d += Unsafe.Add(ref kw, 72) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 73) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            x3 += (((x2 >>> 19) | (x2 << 45)) ^ ((x2 >>> 61) | (x2 << 3)) ^ (x2 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x3 + Vector256.Create(0x5b9cca4f7763e373UL, 0x682e6ff3d6b2b8a3UL, 0x5b9cca4f7763e373UL, 0x682e6ff3d6b2b8a3UL)).StoreUnsafe(ref kw, 108);
            b += Unsafe.Add(ref kw, 76) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 77) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            x4 += (((x3 >>> 19) | (x3 << 45)) ^ ((x3 >>> 61) | (x3 << 3)) ^ (x3 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x4 + Vector256.Create(0x748f82ee5defb2fcUL, 0x78a5636f43172f60UL, 0x748f82ee5defb2fcUL, 0x78a5636f43172f60UL)).StoreUnsafe(ref kw, 112);
            h += Unsafe.Add(ref kw, 80) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 81) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            x5 += (((x4 >>> 19) | (x4 << 45)) ^ ((x4 >>> 61) | (x4 << 3)) ^ (x4 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x5 + Vector256.Create(0x84c87814a1f0ab72UL, 0x8cc702081a6439ecUL, 0x84c87814a1f0ab72UL, 0x8cc702081a6439ecUL)).StoreUnsafe(ref kw, 116);
            f += Unsafe.Add(ref kw, 84) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 85) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            x6 += (((x5 >>> 19) | (x5 << 45)) ^ ((x5 >>> 61) | (x5 << 3)) ^ (x5 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x6 + Vector256.Create(0x90befffa23631e28UL, 0xa4506cebde82bde9UL, 0x90befffa23631e28UL, 0xa4506cebde82bde9UL)).StoreUnsafe(ref kw, 120);
            d += Unsafe.Add(ref kw, 88) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 89) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            x7 += (((x6 >>> 19) | (x6 << 45)) ^ ((x6 >>> 61) | (x6 << 3)) ^ (x6 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x7 + Vector256.Create(0xbef9a3f7b2c67915UL, 0xc67178f2e372532bUL, 0xbef9a3f7b2c67915UL, 0xc67178f2e372532bUL)).StoreUnsafe(ref kw, 124);
            b += Unsafe.Add(ref kw, 92) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 93) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            x0 += (((x7 >>> 19) | (x7 << 45)) ^ ((x7 >>> 61) | (x7 << 3)) ^ (x7 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x0 + Vector256.Create(0xca273eceea26619cUL, 0xd186b8c721c0c207UL, 0xca273eceea26619cUL, 0xd186b8c721c0c207UL)).StoreUnsafe(ref kw, 128);
            h += Unsafe.Add(ref kw, 96) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 97) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            x1 += (((x0 >>> 19) | (x0 << 45)) ^ ((x0 >>> 61) | (x0 << 3)) ^ (x0 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x1 + Vector256.Create(0xeada7dd6cde0eb1eUL, 0xf57d4f7fee6ed178UL, 0xeada7dd6cde0eb1eUL, 0xf57d4f7fee6ed178UL)).StoreUnsafe(ref kw, 132);
            f += Unsafe.Add(ref kw, 100) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 101) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            x2 += (((x1 >>> 19) | (x1 << 45)) ^ ((x1 >>> 61) | (x1 << 3)) ^ (x1 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x2 + Vector256.Create(0x06f067aa72176fbaUL, 0x0a637dc5a2c898a6UL, 0x06f067aa72176fbaUL, 0x0a637dc5a2c898a6UL)).StoreUnsafe(ref kw, 136);
            d += Unsafe.Add(ref kw, 104) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 105) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            x3 += (((x2 >>> 19) | (x2 << 45)) ^ ((x2 >>> 61) | (x2 << 3)) ^ (x2 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x3 + Vector256.Create(0x113f9804bef90daeUL, 0x1b710b35131c471bUL, 0x113f9804bef90daeUL, 0x1b710b35131c471bUL)).StoreUnsafe(ref kw, 140);
            b += Unsafe.Add(ref kw, 108) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 109) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            w15 = Avx2.AlignRight(x5.AsByte(), x4.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x1.AsByte(), x0.AsByte(), 8).AsUInt64();
            x4 += (((x3 >>> 19) | (x3 << 45)) ^ ((x3 >>> 61) | (x3 << 3)) ^ (x3 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x4 + Vector256.Create(0x28db77f523047d84UL, 0x32caab7b40c72493UL, 0x28db77f523047d84UL, 0x32caab7b40c72493UL)).StoreUnsafe(ref kw, 144);
            h += Unsafe.Add(ref kw, 112) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 113) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            w15 = Avx2.AlignRight(x6.AsByte(), x5.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x2.AsByte(), x1.AsByte(), 8).AsUInt64();
            x5 += (((x4 >>> 19) | (x4 << 45)) ^ ((x4 >>> 61) | (x4 << 3)) ^ (x4 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x5 + Vector256.Create(0x3c9ebe0a15c9bebcUL, 0x431d67c49c100d4cUL, 0x3c9ebe0a15c9bebcUL, 0x431d67c49c100d4cUL)).StoreUnsafe(ref kw, 148);
            f += Unsafe.Add(ref kw, 116) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 117) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            w15 = Avx2.AlignRight(x7.AsByte(), x6.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x3.AsByte(), x2.AsByte(), 8).AsUInt64();
            x6 += (((x5 >>> 19) | (x5 << 45)) ^ ((x5 >>> 61) | (x5 << 3)) ^ (x5 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x6 + Vector256.Create(0x4cc5d4becb3e42b6UL, 0x597f299cfc657e2aUL, 0x4cc5d4becb3e42b6UL, 0x597f299cfc657e2aUL)).StoreUnsafe(ref kw, 152);
            d += Unsafe.Add(ref kw, 120) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 121) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            w15 = Avx2.AlignRight(x0.AsByte(), x7.AsByte(), 8).AsUInt64();
            w7 = Avx2.AlignRight(x4.AsByte(), x3.AsByte(), 8).AsUInt64();
            x7 += (((x6 >>> 19) | (x6 << 45)) ^ ((x6 >>> 61) | (x6 << 3)) ^ (x6 >>> 6))
                + w7 + (((w15 >>> 1) | (w15 << 63)) ^ Avx2.Shuffle(w15.AsByte(), rotateRight8).AsUInt64() ^ (w15 >>> 7));
            (x7 + Vector256.Create(0x5fcb6fab3ad6faecUL, 0x6c44198c4a475817UL, 0x5fcb6fab3ad6faecUL, 0x6c44198c4a475817UL)).StoreUnsafe(ref kw, 156);
            b += Unsafe.Add(ref kw, 124) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 125) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            h += Unsafe.Add(ref kw, 128) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 129) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            f += Unsafe.Add(ref kw, 132) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 133) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            d += Unsafe.Add(ref kw, 136) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 137) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            b += Unsafe.Add(ref kw, 140) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 141) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
            h += Unsafe.Add(ref kw, 144) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
            d += h;
            u = a ^ b;
            v = (v & u) ^ b;
            h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
            g += Unsafe.Add(ref kw, 145) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
            c += g;
            v = h ^ a;
            u = (u & v) ^ a;
            g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
            f += Unsafe.Add(ref kw, 148) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
            b += f;
            u = g ^ h;
            v = (v & u) ^ h;
            f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
            e += Unsafe.Add(ref kw, 149) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
            a += e;
            v = f ^ g;
            u = (u & v) ^ g;
            e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
            d += Unsafe.Add(ref kw, 152) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
            h += d;
            u = e ^ f;
            v = (v & u) ^ f;
            d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
            c += Unsafe.Add(ref kw, 153) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
            g += c;
            v = d ^ e;
            u = (u & v) ^ e;
            c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
            b += Unsafe.Add(ref kw, 156) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
            f += b;
            u = c ^ d;
            v = (v & u) ^ d;
            b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
            a += Unsafe.Add(ref kw, 157) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
            e += a;
            v = b ^ c;
            u = (u & v) ^ c;
            a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;

            a = state[0] += a;
            b = state[1] += b;
            c = state[2] += c;
            d = state[3] += d;
            e = state[4] += e;
            f = state[5] += f;
            g = state[6] += g;
            h = state[7] += h;

            // The second block's rounds, sixteen at a time.
            ref ulong second = ref kw;
            v = b ^ c;
            for (int sixteen = 0; sixteen < 5; sixteen++)
            {
                h += Unsafe.Add(ref second, 2) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
                d += h;
                u = a ^ b;
                v = (v & u) ^ b;
                h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
                g += Unsafe.Add(ref second, 3) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
                c += g;
                v = h ^ a;
                u = (u & v) ^ a;
                g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
                f += Unsafe.Add(ref second, 6) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
                b += f;
                u = g ^ h;
                v = (v & u) ^ h;
                f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
                e += Unsafe.Add(ref second, 7) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
                a += e;
                v = f ^ g;
                u = (u & v) ^ g;
                e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
                d += Unsafe.Add(ref second, 10) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
                h += d;
                u = e ^ f;
                v = (v & u) ^ f;
                d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
                c += Unsafe.Add(ref second, 11) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
                g += c;
                v = d ^ e;
                u = (u & v) ^ e;
                c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
                b += Unsafe.Add(ref second, 14) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
                f += b;
                u = c ^ d;
                v = (v & u) ^ d;
                b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
                a += Unsafe.Add(ref second, 15) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
                e += a;
                v = b ^ c;
                u = (u & v) ^ c;
                a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
                h += Unsafe.Add(ref second, 18) + ((e & f) ^ (~e & g)) + (RotateRight(e, 14) ^ RotateRight(e, 18) ^ RotateRight(e, 41));
                d += h;
                u = a ^ b;
                v = (v & u) ^ b;
                h += (RotateRight(a, 28) ^ RotateRight(a, 34) ^ RotateRight(a, 39)) + v;
                g += Unsafe.Add(ref second, 19) + ((d & e) ^ (~d & f)) + (RotateRight(d, 14) ^ RotateRight(d, 18) ^ RotateRight(d, 41));
                c += g;
                v = h ^ a;
                u = (u & v) ^ a;
                g += (RotateRight(h, 28) ^ RotateRight(h, 34) ^ RotateRight(h, 39)) + u;
                f += Unsafe.Add(ref second, 22) + ((c & d) ^ (~c & e)) + (RotateRight(c, 14) ^ RotateRight(c, 18) ^ RotateRight(c, 41));
                b += f;
                u = g ^ h;
                v = (v & u) ^ h;
                f += (RotateRight(g, 28) ^ RotateRight(g, 34) ^ RotateRight(g, 39)) + v;
                e += Unsafe.Add(ref second, 23) + ((b & c) ^ (~b & d)) + (RotateRight(b, 14) ^ RotateRight(b, 18) ^ RotateRight(b, 41));
                a += e;
                v = f ^ g;
                u = (u & v) ^ g;
                e += (RotateRight(f, 28) ^ RotateRight(f, 34) ^ RotateRight(f, 39)) + u;
                d += Unsafe.Add(ref second, 26) + ((a & b) ^ (~a & c)) + (RotateRight(a, 14) ^ RotateRight(a, 18) ^ RotateRight(a, 41));
                h += d;
                u = e ^ f;
                v = (v & u) ^ f;
                d += (RotateRight(e, 28) ^ RotateRight(e, 34) ^ RotateRight(e, 39)) + v;
                c += Unsafe.Add(ref second, 27) + ((h & a) ^ (~h & b)) + (RotateRight(h, 14) ^ RotateRight(h, 18) ^ RotateRight(h, 41));
                g += c;
                v = d ^ e;
                u = (u & v) ^ e;
                c += (RotateRight(d, 28) ^ RotateRight(d, 34) ^ RotateRight(d, 39)) + u;
                b += Unsafe.Add(ref second, 30) + ((g & h) ^ (~g & a)) + (RotateRight(g, 14) ^ RotateRight(g, 18) ^ RotateRight(g, 41));
                f += b;
                u = c ^ d;
                v = (v & u) ^ d;
                b += (RotateRight(c, 28) ^ RotateRight(c, 34) ^ RotateRight(c, 39)) + v;
                a += Unsafe.Add(ref second, 31) + ((f & g) ^ (~f & h)) + (RotateRight(f, 14) ^ RotateRight(f, 18) ^ RotateRight(f, 41));
                e += a;
                v = b ^ c;
                u = (u & v) ^ c;
                a += (RotateRight(b, 28) ^ RotateRight(b, 34) ^ RotateRight(b, 39)) + u;
                second = ref Unsafe.Add(ref second, 32);
            }

            a = state[0] += a;
            b = state[1] += b;
            c = state[2] += c;
            d = state[3] += d;
            e = state[4] += e;
            f = state[5] += f;
            g = state[6] += g;
            h = state[7] += h;

            blocks = ref Unsafe.Add(ref blocks, 2 * BlockSizeInBytes);
        }
        while (--pairCount != 0);

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)sums));
    }

    /// <summary>
    /// W(2p) and W(2p+1) of the block at <paramref name="blocks"/> (low half) and of the one after it (high half),
    /// byte-swapped from big-endian; stores K + W of the four in <paramref name="kw"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> LoadPairs(ref byte blocks, int p, Vector256<ulong> k, ref ulong kw)
    {
        Vector256<ulong> w = Avx2.Shuffle(
            Vector256.Create(
                Vector128.LoadUnsafe(ref blocks, (nuint)(p * 2 * sizeof(ulong))),
                Vector128.LoadUnsafe(ref blocks, (nuint)(BlockSizeInBytes + (p * 2 * sizeof(ulong))))),
            Vector256.Create((byte)7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8)).AsUInt64();
        (w + k).StoreUnsafe(ref kw, (nuint)(p * 4));
        return w;
    }

    /// <summary>K(t) + W(t) for t = 0..79 of two blocks, interleaved by pairs of rounds.</summary>
    [InlineArray(160)]
    private struct PairScheduleSums
    {
        private ulong _element0;
    }
}
