namespace CryptoHarness.Managed;

// The scalar path (the only one): the SHA-1 compression function of FIPS 180-4 §6.1.2, fully unrolled.
public static partial class Sha1
{
    /// <summary>FIPS 180-4 §6.1.2 over <paramref name="blockCount"/> (at least one) 64-byte blocks.</summary>
    [SkipLocalsInit]
    private static void CompressBlocks(ref ChainingWords state, ref byte blocks, int blockCount)
    {
        uint a = state[0];
        uint b = state[1];
        uint c = state[2];
        uint d = state[3];
        uint e = state[4];

        Unsafe.SkipInit(out Window window);
        ref uint w = ref window[0];
        do
        {
            // t = 0..19: f = Ch, K = 0x5a827999 (FIPS 180-4 §4.1.1, §4.2.1).
            e += BitOperations.RotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5a827999 + Load(ref blocks, ref w, 0); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5a827999 + Load(ref blocks, ref w, 1); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5a827999 + Load(ref blocks, ref w, 2); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5a827999 + Load(ref blocks, ref w, 3); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5a827999 + Load(ref blocks, ref w, 4); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5a827999 + Load(ref blocks, ref w, 5); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5a827999 + Load(ref blocks, ref w, 6); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5a827999 + Load(ref blocks, ref w, 7); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5a827999 + Load(ref blocks, ref w, 8); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5a827999 + Load(ref blocks, ref w, 9); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5a827999 + Load(ref blocks, ref w, 10); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5a827999 + Load(ref blocks, ref w, 11); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5a827999 + Load(ref blocks, ref w, 12); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5a827999 + Load(ref blocks, ref w, 13); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5a827999 + Load(ref blocks, ref w, 14); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (d ^ (b & (c ^ d))) + 0x5a827999 + Load(ref blocks, ref w, 15); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (c ^ (a & (b ^ c))) + 0x5a827999 + Schedule(ref w, 0); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (b ^ (e & (a ^ b))) + 0x5a827999 + Schedule(ref w, 1); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (a ^ (d & (e ^ a))) + 0x5a827999 + Schedule(ref w, 2); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (e ^ (c & (d ^ e))) + 0x5a827999 + Schedule(ref w, 3); c = BitOperations.RotateLeft(c, 30);
            // t = 20..39: f = Parity, K = 0x6ed9eba1 (FIPS 180-4 §4.1.1, §4.2.1).
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + Schedule(ref w, 4); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + Schedule(ref w, 5); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + Schedule(ref w, 6); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + Schedule(ref w, 7); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + Schedule(ref w, 8); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + Schedule(ref w, 9); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + Schedule(ref w, 10); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + Schedule(ref w, 11); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + Schedule(ref w, 12); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + Schedule(ref w, 13); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + Schedule(ref w, 14); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + Schedule(ref w, 15); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + Schedule(ref w, 0); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + Schedule(ref w, 1); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + Schedule(ref w, 2); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0x6ed9eba1 + Schedule(ref w, 3); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0x6ed9eba1 + Schedule(ref w, 4); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0x6ed9eba1 + Schedule(ref w, 5); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0x6ed9eba1 + Schedule(ref w, 6); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0x6ed9eba1 + Schedule(ref w, 7); c = BitOperations.RotateLeft(c, 30);
            // t = 40..59: f = Maj, K = 0x8f1bbcdc (FIPS 180-4 §4.1.1, §4.2.1).
            e += BitOperations.RotateLeft(a, 5) + (b & c) + (d & (b ^ c)) + 0x8f1bbcdc + Schedule(ref w, 8); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a & b) + (c & (a ^ b)) + 0x8f1bbcdc + Schedule(ref w, 9); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e & a) + (b & (e ^ a)) + 0x8f1bbcdc + Schedule(ref w, 10); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d & e) + (a & (d ^ e)) + 0x8f1bbcdc + Schedule(ref w, 11); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c & d) + (e & (c ^ d)) + 0x8f1bbcdc + Schedule(ref w, 12); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b & c) + (d & (b ^ c)) + 0x8f1bbcdc + Schedule(ref w, 13); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a & b) + (c & (a ^ b)) + 0x8f1bbcdc + Schedule(ref w, 14); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e & a) + (b & (e ^ a)) + 0x8f1bbcdc + Schedule(ref w, 15); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d & e) + (a & (d ^ e)) + 0x8f1bbcdc + Schedule(ref w, 0); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c & d) + (e & (c ^ d)) + 0x8f1bbcdc + Schedule(ref w, 1); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b & c) + (d & (b ^ c)) + 0x8f1bbcdc + Schedule(ref w, 2); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a & b) + (c & (a ^ b)) + 0x8f1bbcdc + Schedule(ref w, 3); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e & a) + (b & (e ^ a)) + 0x8f1bbcdc + Schedule(ref w, 4); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d & e) + (a & (d ^ e)) + 0x8f1bbcdc + Schedule(ref w, 5); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c & d) + (e & (c ^ d)) + 0x8f1bbcdc + Schedule(ref w, 6); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b & c) + (d & (b ^ c)) + 0x8f1bbcdc + Schedule(ref w, 7); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a & b) + (c & (a ^ b)) + 0x8f1bbcdc + Schedule(ref w, 8); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e & a) + (b & (e ^ a)) + 0x8f1bbcdc + Schedule(ref w, 9); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d & e) + (a & (d ^ e)) + 0x8f1bbcdc + Schedule(ref w, 10); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c & d) + (e & (c ^ d)) + 0x8f1bbcdc + Schedule(ref w, 11); c = BitOperations.RotateLeft(c, 30);
            // t = 60..79: f = Parity, K = 0xca62c1d6 (FIPS 180-4 §4.1.1, §4.2.1).
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + Schedule(ref w, 12); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + Schedule(ref w, 13); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + Schedule(ref w, 14); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + Schedule(ref w, 15); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + Schedule(ref w, 0); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + Schedule(ref w, 1); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + Schedule(ref w, 2); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + Schedule(ref w, 3); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + Schedule(ref w, 4); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + Schedule(ref w, 5); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + Schedule(ref w, 6); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + Schedule(ref w, 7); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + Schedule(ref w, 8); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + Schedule(ref w, 9); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + Schedule(ref w, 10); c = BitOperations.RotateLeft(c, 30);
            e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + 0xca62c1d6 + Schedule(ref w, 11); b = BitOperations.RotateLeft(b, 30);
            d += BitOperations.RotateLeft(e, 5) + (a ^ b ^ c) + 0xca62c1d6 + Schedule(ref w, 12); a = BitOperations.RotateLeft(a, 30);
            c += BitOperations.RotateLeft(d, 5) + (e ^ a ^ b) + 0xca62c1d6 + Schedule(ref w, 13); e = BitOperations.RotateLeft(e, 30);
            b += BitOperations.RotateLeft(c, 5) + (d ^ e ^ a) + 0xca62c1d6 + Schedule(ref w, 14); d = BitOperations.RotateLeft(d, 30);
            a += BitOperations.RotateLeft(b, 5) + (c ^ d ^ e) + 0xca62c1d6 + Schedule(ref w, 15); c = BitOperations.RotateLeft(c, 30);

            a = state[0] += a;
            b = state[1] += b;
            c = state[2] += c;
            d = state[3] += d;
            e = state[4] += e;
            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);

        // The window holds message-derived words; the working variables live in registers and spill slots no API reaches.
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)window));
    }

    /// <summary>W(t) = M(t) for t &lt; 16, read big-endian and kept in the window.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Load(ref byte block, ref uint w, int t) =>
        Unsafe.Add(ref w, t) = BinaryPrimitives.ReverseEndianness(
            Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref block, t * sizeof(uint))));

    /// <summary>W(t) = ROTL1(W(t-3) ⊕ W(t-8) ⊕ W(t-14) ⊕ W(t-16)) in slot <paramref name="s"/> = t mod 16 (FIPS 180-4 §6.1.2 step 1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Schedule(ref uint w, int s) =>
        Unsafe.Add(ref w, s) = BitOperations.RotateLeft(
            Unsafe.Add(ref w, (s + 13) & 15) ^ Unsafe.Add(ref w, (s + 8) & 15) ^ Unsafe.Add(ref w, (s + 2) & 15) ^ Unsafe.Add(ref w, s), 1);

    [InlineArray(16)]
    private struct Window
    {
        private uint _element0;
    }
}
