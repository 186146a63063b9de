namespace CryptoHarness.Managed;

// The scalar path (the only one): the SHA-1 compression function of FIPS 180-4 §6.1.2, fully unrolled.
public static partial class Sha1
{
    /// <summary>FIPS 180-4 §6.1.2 over <paramref name="blockCount"/> (at least one) 64-byte blocks.</summary>
    /// <remarks>
    /// Each step sums T = ROTL5(a) + f(b, c, d) + e + K + W in the order its terms are ready, which the JIT keeps (it
    /// does not reassociate): e + K + W wait for nothing of the last step, f for the word before it, and ROTL5(a) for
    /// the word the last step made, so that one is added last, one add after its rotate instead of four.
    /// </remarks>
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
            e = e + 0x5a827999 + Load(ref blocks, ref w, 0) + (d ^ (b & (c ^ d))) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x5a827999 + Load(ref blocks, ref w, 1) + (c ^ (a & (b ^ c))) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x5a827999 + Load(ref blocks, ref w, 2) + (b ^ (e & (a ^ b))) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x5a827999 + Load(ref blocks, ref w, 3) + (a ^ (d & (e ^ a))) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x5a827999 + Load(ref blocks, ref w, 4) + (e ^ (c & (d ^ e))) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x5a827999 + Load(ref blocks, ref w, 5) + (d ^ (b & (c ^ d))) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x5a827999 + Load(ref blocks, ref w, 6) + (c ^ (a & (b ^ c))) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x5a827999 + Load(ref blocks, ref w, 7) + (b ^ (e & (a ^ b))) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x5a827999 + Load(ref blocks, ref w, 8) + (a ^ (d & (e ^ a))) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x5a827999 + Load(ref blocks, ref w, 9) + (e ^ (c & (d ^ e))) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x5a827999 + Load(ref blocks, ref w, 10) + (d ^ (b & (c ^ d))) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x5a827999 + Load(ref blocks, ref w, 11) + (c ^ (a & (b ^ c))) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x5a827999 + Load(ref blocks, ref w, 12) + (b ^ (e & (a ^ b))) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x5a827999 + Load(ref blocks, ref w, 13) + (a ^ (d & (e ^ a))) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x5a827999 + Load(ref blocks, ref w, 14) + (e ^ (c & (d ^ e))) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x5a827999 + Load(ref blocks, ref w, 15) + (d ^ (b & (c ^ d))) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x5a827999 + Schedule(ref w, 0) + (c ^ (a & (b ^ c))) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x5a827999 + Schedule(ref w, 1) + (b ^ (e & (a ^ b))) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x5a827999 + Schedule(ref w, 2) + (a ^ (d & (e ^ a))) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x5a827999 + Schedule(ref w, 3) + (e ^ (c & (d ^ e))) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            // t = 20..39: f = Parity, K = 0x6ed9eba1 (FIPS 180-4 §4.1.1, §4.2.1).
            e = e + 0x6ed9eba1 + Schedule(ref w, 4) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x6ed9eba1 + Schedule(ref w, 5) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x6ed9eba1 + Schedule(ref w, 6) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x6ed9eba1 + Schedule(ref w, 7) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x6ed9eba1 + Schedule(ref w, 8) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x6ed9eba1 + Schedule(ref w, 9) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x6ed9eba1 + Schedule(ref w, 10) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x6ed9eba1 + Schedule(ref w, 11) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x6ed9eba1 + Schedule(ref w, 12) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x6ed9eba1 + Schedule(ref w, 13) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x6ed9eba1 + Schedule(ref w, 14) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x6ed9eba1 + Schedule(ref w, 15) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x6ed9eba1 + Schedule(ref w, 0) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x6ed9eba1 + Schedule(ref w, 1) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x6ed9eba1 + Schedule(ref w, 2) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x6ed9eba1 + Schedule(ref w, 3) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x6ed9eba1 + Schedule(ref w, 4) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x6ed9eba1 + Schedule(ref w, 5) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x6ed9eba1 + Schedule(ref w, 6) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x6ed9eba1 + Schedule(ref w, 7) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            // t = 40..59: f = Maj, K = 0x8f1bbcdc (FIPS 180-4 §4.1.1, §4.2.1).
            e = e + 0x8f1bbcdc + Schedule(ref w, 8) + (b & c) + (d & (b ^ c)) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x8f1bbcdc + Schedule(ref w, 9) + (a & b) + (c & (a ^ b)) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x8f1bbcdc + Schedule(ref w, 10) + (e & a) + (b & (e ^ a)) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x8f1bbcdc + Schedule(ref w, 11) + (d & e) + (a & (d ^ e)) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x8f1bbcdc + Schedule(ref w, 12) + (c & d) + (e & (c ^ d)) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x8f1bbcdc + Schedule(ref w, 13) + (b & c) + (d & (b ^ c)) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x8f1bbcdc + Schedule(ref w, 14) + (a & b) + (c & (a ^ b)) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x8f1bbcdc + Schedule(ref w, 15) + (e & a) + (b & (e ^ a)) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x8f1bbcdc + Schedule(ref w, 0) + (d & e) + (a & (d ^ e)) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x8f1bbcdc + Schedule(ref w, 1) + (c & d) + (e & (c ^ d)) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x8f1bbcdc + Schedule(ref w, 2) + (b & c) + (d & (b ^ c)) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x8f1bbcdc + Schedule(ref w, 3) + (a & b) + (c & (a ^ b)) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x8f1bbcdc + Schedule(ref w, 4) + (e & a) + (b & (e ^ a)) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x8f1bbcdc + Schedule(ref w, 5) + (d & e) + (a & (d ^ e)) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x8f1bbcdc + Schedule(ref w, 6) + (c & d) + (e & (c ^ d)) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0x8f1bbcdc + Schedule(ref w, 7) + (b & c) + (d & (b ^ c)) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0x8f1bbcdc + Schedule(ref w, 8) + (a & b) + (c & (a ^ b)) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0x8f1bbcdc + Schedule(ref w, 9) + (e & a) + (b & (e ^ a)) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0x8f1bbcdc + Schedule(ref w, 10) + (d & e) + (a & (d ^ e)) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0x8f1bbcdc + Schedule(ref w, 11) + (c & d) + (e & (c ^ d)) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            // t = 60..79: f = Parity, K = 0xca62c1d6 (FIPS 180-4 §4.1.1, §4.2.1).
            e = e + 0xca62c1d6 + Schedule(ref w, 12) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0xca62c1d6 + Schedule(ref w, 13) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0xca62c1d6 + Schedule(ref w, 14) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0xca62c1d6 + Schedule(ref w, 15) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0xca62c1d6 + Schedule(ref w, 0) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0xca62c1d6 + Schedule(ref w, 1) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0xca62c1d6 + Schedule(ref w, 2) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0xca62c1d6 + Schedule(ref w, 3) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0xca62c1d6 + Schedule(ref w, 4) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0xca62c1d6 + Schedule(ref w, 5) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0xca62c1d6 + Schedule(ref w, 6) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0xca62c1d6 + Schedule(ref w, 7) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0xca62c1d6 + Schedule(ref w, 8) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0xca62c1d6 + Schedule(ref w, 9) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0xca62c1d6 + Schedule(ref w, 10) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);
            e = e + 0xca62c1d6 + Schedule(ref w, 11) + (b ^ c ^ d) + BitOperations.RotateLeft(a, 5); b = BitOperations.RotateLeft(b, 30);
            d = d + 0xca62c1d6 + Schedule(ref w, 12) + (a ^ b ^ c) + BitOperations.RotateLeft(e, 5); a = BitOperations.RotateLeft(a, 30);
            c = c + 0xca62c1d6 + Schedule(ref w, 13) + (e ^ a ^ b) + BitOperations.RotateLeft(d, 5); e = BitOperations.RotateLeft(e, 30);
            b = b + 0xca62c1d6 + Schedule(ref w, 14) + (d ^ e ^ a) + BitOperations.RotateLeft(c, 5); d = BitOperations.RotateLeft(d, 30);
            a = a + 0xca62c1d6 + Schedule(ref w, 15) + (c ^ d ^ e) + BitOperations.RotateLeft(b, 5); c = BitOperations.RotateLeft(c, 30);

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
