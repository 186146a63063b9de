using System.Buffers.Binary;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

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
/// No vector form: a vectorised Poly1305 runs several blocks at once with powers of r in 26-bit limbs, which pays
/// off only for long messages; the scalar form's dependency chain per block is about the cost of ChaCha20 on the
/// same 16 bytes at 16 blocks per group, and the AEAD target sizes are the short ones.
/// </para>
/// </remarks>
public static class Poly1305
{
    public const int KeySizeInBytes = 32;
    public const int TagSizeInBytes = 16;
    public const int BlockSizeInBytes = 16;

    /// <summary>Computes the Poly1305 tag of <paramref name="message"/> under a one-time <paramref name="key"/> (RFC 8439 §2.5.1).</summary>
    [SkipLocalsInit]
    public static void Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> message, Span<byte> tag)
    {
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
        Blocks(ref state, message[..whole], 1);
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

            // d0 = h0 r0 + h1 s1, d1 = h0 r1 + h1 r0 + h2 s1, d2 = h2 r0; h2 is at most 7 and r0 below 2^60.
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

            // h = d0 + 2^64 d1 + 2^128 d2, then the bits from 2^130 up fold back times 5.
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

        state.H0 = h0;
        state.H1 = h1;
        state.H2 = h2;
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

    internal static void Wipe(ref State state) =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state, 1)));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReadLittleEndian(ref byte source, int offset)
    {
        ulong value = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, offset));
        return BitConverter.IsLittleEndian ? value : BinaryPrimitives.ReverseEndianness(value);
    }

    /// <summary>r (clamped), s, and the accumulator h = H0 + 2^64 H1 + 2^128 H2.</summary>
    internal struct State
    {
        public ulong R0;
        public ulong R1;
        public ulong S0;
        public ulong S1;
        public ulong H0;
        public ulong H1;
        public ulong H2;
    }
}
