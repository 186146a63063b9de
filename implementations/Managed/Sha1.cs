namespace CryptoHarness.Managed;

/// <summary>
/// SHA-1 as specified in FIPS 180-4 §6.1. Broken for collision resistance: here for compatibility and comparison only.
/// </summary>
/// <remarks>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. .NET exposes no x86 SHA extensions
/// (SHA-NI), and the 80 rounds form one dependency chain; vectors could compute the message schedule four words at
/// a time, but here the schedule is three XORs and a rotate per word, which the scalar units overlap with the
/// round chain anyway.
/// </para>
/// <para>
/// The compression function is fully unrolled with the five working variables renamed instead of shifted, and the
/// schedule a rolling window of sixteen words on the stack (W(t) in place of W(t-16)). One-shot calls allocate
/// nothing and wipe the padded tail and the window.
/// </para>
/// </remarks>
public static class Sha1
{
    public const int HashSizeInBytes = 20;
    public const int BlockSizeInBytes = 64;

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the SHA-1 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 20-byte digest; bytes past the first 20 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the SHA-1 digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 20-byte digest; bytes past the first 20 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 20 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<MerkleDamgard32<Definition>, ChainingWords>(HashSizeInBytes, "SHA-1", source, destination, path);

    /// <summary>FIPS 180-4 §5.1.1: 0x80, zeros, the 64-bit big-endian bit count; the chaining value is H(i) of §6.1.2, the five words of the digest written big-endian.</summary>
    internal readonly struct Definition : IMerkleDamgard32Definition
    {
        public static bool BigEndian => true;

        /// <summary>H(0), FIPS 180-4 §5.3.1.</summary>
        public static ReadOnlySpan<uint> InitialValue => [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];

        public static void Compress(ref ChainingWords state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);
    }

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

/// <summary>Incremental SHA-1: append the message in pieces of any size, then read the digest.</summary>
public sealed class Sha1Hasher : BlockHasher
{
    /// <summary>Starts a SHA-1 computation (scalar, the only path).</summary>
    public Sha1Hasher()
        : base(new BlockHashEngine<MerkleDamgard32<Sha1.Definition>, ChainingWords>(Sha1.HashSizeInBytes), "SHA-1")
    {
    }
}
