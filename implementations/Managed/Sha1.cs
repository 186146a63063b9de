using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

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
        BlockHash.HashChecked<Function, State>(HashSizeInBytes, "SHA-1", source, destination, path);

    /// <summary>The five 32-bit words of the chaining state, H(i) in FIPS 180-4 §6.1.2.</summary>
    [InlineArray(5)]
    internal struct State
    {
        private uint _element0;
    }

    internal readonly struct Function : IBlockHashFunction<State>
    {
        public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

        /// <summary>H(0), FIPS 180-4 §5.3.1.</summary>
        public static void Initialize(ref State state, int hashSize)
        {
            state[0] = 0x67452301;
            state[1] = 0xefcdab89;
            state[2] = 0x98badcfe;
            state[3] = 0x10325476;
            state[4] = 0xc3d2e1f0;
        }

        public static void Compress(ref State state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state, ref blocks, blockCount);

        /// <summary>FIPS 180-4 §5.1.1: 0x80, zeros, the 64-bit big-endian bit count; the digest is H(N) big-endian (§6.1.2).</summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            Unsafe.SkipInit(out BlockHash.FinalBlocks finalBlocks);
            Span<byte> final = finalBlocks;
            int finalLength = BlockHash.Pad(tail, messageLength, final, BlockSizeInBytes, sizeof(ulong), bigEndianLength: true);
            CompressBlocks(ref state, ref final[0], finalLength / BlockSizeInBytes);
            for (int i = 0; i < 5; i++)
            {
                BinaryPrimitives.WriteUInt32BigEndian(destination[(i * sizeof(uint))..], state[i]);
            }

            CryptographicOperations.ZeroMemory(final[..finalLength]);
        }
    }

    /// <summary>FIPS 180-4 §6.1.2 over <paramref name="blockCount"/> (at least one) 64-byte blocks.</summary>
    [SkipLocalsInit]
    private static void CompressBlocks(ref State state, ref byte blocks, int blockCount)
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
            // t = 0..19: Ch, K = 0x5a827999 (FIPS 180-4 §4.1.1, §4.2.1).
            Ch(a, ref b, c, d, ref e, 0x5a827999, Load(ref blocks, ref w, 0));
            Ch(e, ref a, b, c, ref d, 0x5a827999, Load(ref blocks, ref w, 1));
            Ch(d, ref e, a, b, ref c, 0x5a827999, Load(ref blocks, ref w, 2));
            Ch(c, ref d, e, a, ref b, 0x5a827999, Load(ref blocks, ref w, 3));
            Ch(b, ref c, d, e, ref a, 0x5a827999, Load(ref blocks, ref w, 4));
            Ch(a, ref b, c, d, ref e, 0x5a827999, Load(ref blocks, ref w, 5));
            Ch(e, ref a, b, c, ref d, 0x5a827999, Load(ref blocks, ref w, 6));
            Ch(d, ref e, a, b, ref c, 0x5a827999, Load(ref blocks, ref w, 7));
            Ch(c, ref d, e, a, ref b, 0x5a827999, Load(ref blocks, ref w, 8));
            Ch(b, ref c, d, e, ref a, 0x5a827999, Load(ref blocks, ref w, 9));
            Ch(a, ref b, c, d, ref e, 0x5a827999, Load(ref blocks, ref w, 10));
            Ch(e, ref a, b, c, ref d, 0x5a827999, Load(ref blocks, ref w, 11));
            Ch(d, ref e, a, b, ref c, 0x5a827999, Load(ref blocks, ref w, 12));
            Ch(c, ref d, e, a, ref b, 0x5a827999, Load(ref blocks, ref w, 13));
            Ch(b, ref c, d, e, ref a, 0x5a827999, Load(ref blocks, ref w, 14));
            Ch(a, ref b, c, d, ref e, 0x5a827999, Load(ref blocks, ref w, 15));
            Ch(e, ref a, b, c, ref d, 0x5a827999, Schedule(ref w, 0));
            Ch(d, ref e, a, b, ref c, 0x5a827999, Schedule(ref w, 1));
            Ch(c, ref d, e, a, ref b, 0x5a827999, Schedule(ref w, 2));
            Ch(b, ref c, d, e, ref a, 0x5a827999, Schedule(ref w, 3));
            // t = 20..39: Parity, K = 0x6ed9eba1 (FIPS 180-4 §4.1.1, §4.2.1).
            Parity(a, ref b, c, d, ref e, 0x6ed9eba1, Schedule(ref w, 4));
            Parity(e, ref a, b, c, ref d, 0x6ed9eba1, Schedule(ref w, 5));
            Parity(d, ref e, a, b, ref c, 0x6ed9eba1, Schedule(ref w, 6));
            Parity(c, ref d, e, a, ref b, 0x6ed9eba1, Schedule(ref w, 7));
            Parity(b, ref c, d, e, ref a, 0x6ed9eba1, Schedule(ref w, 8));
            Parity(a, ref b, c, d, ref e, 0x6ed9eba1, Schedule(ref w, 9));
            Parity(e, ref a, b, c, ref d, 0x6ed9eba1, Schedule(ref w, 10));
            Parity(d, ref e, a, b, ref c, 0x6ed9eba1, Schedule(ref w, 11));
            Parity(c, ref d, e, a, ref b, 0x6ed9eba1, Schedule(ref w, 12));
            Parity(b, ref c, d, e, ref a, 0x6ed9eba1, Schedule(ref w, 13));
            Parity(a, ref b, c, d, ref e, 0x6ed9eba1, Schedule(ref w, 14));
            Parity(e, ref a, b, c, ref d, 0x6ed9eba1, Schedule(ref w, 15));
            Parity(d, ref e, a, b, ref c, 0x6ed9eba1, Schedule(ref w, 0));
            Parity(c, ref d, e, a, ref b, 0x6ed9eba1, Schedule(ref w, 1));
            Parity(b, ref c, d, e, ref a, 0x6ed9eba1, Schedule(ref w, 2));
            Parity(a, ref b, c, d, ref e, 0x6ed9eba1, Schedule(ref w, 3));
            Parity(e, ref a, b, c, ref d, 0x6ed9eba1, Schedule(ref w, 4));
            Parity(d, ref e, a, b, ref c, 0x6ed9eba1, Schedule(ref w, 5));
            Parity(c, ref d, e, a, ref b, 0x6ed9eba1, Schedule(ref w, 6));
            Parity(b, ref c, d, e, ref a, 0x6ed9eba1, Schedule(ref w, 7));
            // t = 40..59: Maj, K = 0x8f1bbcdc (FIPS 180-4 §4.1.1, §4.2.1).
            Maj(a, ref b, c, d, ref e, 0x8f1bbcdc, Schedule(ref w, 8));
            Maj(e, ref a, b, c, ref d, 0x8f1bbcdc, Schedule(ref w, 9));
            Maj(d, ref e, a, b, ref c, 0x8f1bbcdc, Schedule(ref w, 10));
            Maj(c, ref d, e, a, ref b, 0x8f1bbcdc, Schedule(ref w, 11));
            Maj(b, ref c, d, e, ref a, 0x8f1bbcdc, Schedule(ref w, 12));
            Maj(a, ref b, c, d, ref e, 0x8f1bbcdc, Schedule(ref w, 13));
            Maj(e, ref a, b, c, ref d, 0x8f1bbcdc, Schedule(ref w, 14));
            Maj(d, ref e, a, b, ref c, 0x8f1bbcdc, Schedule(ref w, 15));
            Maj(c, ref d, e, a, ref b, 0x8f1bbcdc, Schedule(ref w, 0));
            Maj(b, ref c, d, e, ref a, 0x8f1bbcdc, Schedule(ref w, 1));
            Maj(a, ref b, c, d, ref e, 0x8f1bbcdc, Schedule(ref w, 2));
            Maj(e, ref a, b, c, ref d, 0x8f1bbcdc, Schedule(ref w, 3));
            Maj(d, ref e, a, b, ref c, 0x8f1bbcdc, Schedule(ref w, 4));
            Maj(c, ref d, e, a, ref b, 0x8f1bbcdc, Schedule(ref w, 5));
            Maj(b, ref c, d, e, ref a, 0x8f1bbcdc, Schedule(ref w, 6));
            Maj(a, ref b, c, d, ref e, 0x8f1bbcdc, Schedule(ref w, 7));
            Maj(e, ref a, b, c, ref d, 0x8f1bbcdc, Schedule(ref w, 8));
            Maj(d, ref e, a, b, ref c, 0x8f1bbcdc, Schedule(ref w, 9));
            Maj(c, ref d, e, a, ref b, 0x8f1bbcdc, Schedule(ref w, 10));
            Maj(b, ref c, d, e, ref a, 0x8f1bbcdc, Schedule(ref w, 11));
            // t = 60..79: Parity, K = 0xca62c1d6 (FIPS 180-4 §4.1.1, §4.2.1).
            Parity(a, ref b, c, d, ref e, 0xca62c1d6, Schedule(ref w, 12));
            Parity(e, ref a, b, c, ref d, 0xca62c1d6, Schedule(ref w, 13));
            Parity(d, ref e, a, b, ref c, 0xca62c1d6, Schedule(ref w, 14));
            Parity(c, ref d, e, a, ref b, 0xca62c1d6, Schedule(ref w, 15));
            Parity(b, ref c, d, e, ref a, 0xca62c1d6, Schedule(ref w, 0));
            Parity(a, ref b, c, d, ref e, 0xca62c1d6, Schedule(ref w, 1));
            Parity(e, ref a, b, c, ref d, 0xca62c1d6, Schedule(ref w, 2));
            Parity(d, ref e, a, b, ref c, 0xca62c1d6, Schedule(ref w, 3));
            Parity(c, ref d, e, a, ref b, 0xca62c1d6, Schedule(ref w, 4));
            Parity(b, ref c, d, e, ref a, 0xca62c1d6, Schedule(ref w, 5));
            Parity(a, ref b, c, d, ref e, 0xca62c1d6, Schedule(ref w, 6));
            Parity(e, ref a, b, c, ref d, 0xca62c1d6, Schedule(ref w, 7));
            Parity(d, ref e, a, b, ref c, 0xca62c1d6, Schedule(ref w, 8));
            Parity(c, ref d, e, a, ref b, 0xca62c1d6, Schedule(ref w, 9));
            Parity(b, ref c, d, e, ref a, 0xca62c1d6, Schedule(ref w, 10));
            Parity(a, ref b, c, d, ref e, 0xca62c1d6, Schedule(ref w, 11));
            Parity(e, ref a, b, c, ref d, 0xca62c1d6, Schedule(ref w, 12));
            Parity(d, ref e, a, b, ref c, 0xca62c1d6, Schedule(ref w, 13));
            Parity(c, ref d, e, a, ref b, 0xca62c1d6, Schedule(ref w, 14));
            Parity(b, ref c, d, e, ref a, 0xca62c1d6, Schedule(ref w, 15));

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

    // One step of FIPS 180-4 §6.1.2 step 3 with f(t) of §4.1.1: T = ROTL5(a) + f(b, c, d) + e + K + W; of the five
    // words only two change: e becomes T (the next a) and b becomes ROTL30(b) (the next c); the caller renames the rest.

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Ch(uint a, ref uint b, uint c, uint d, ref uint e, uint k, uint w)
    {
        e += BitOperations.RotateLeft(a, 5) + (d ^ (b & (c ^ d))) + k + w;
        b = BitOperations.RotateLeft(b, 30);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Parity(uint a, ref uint b, uint c, uint d, ref uint e, uint k, uint w)
    {
        e += BitOperations.RotateLeft(a, 5) + (b ^ c ^ d) + k + w;
        b = BitOperations.RotateLeft(b, 30);
    }

    /// <summary>Maj as (b ∧ c) + (d ∧ (b ⊕ c)): the two terms never share a set bit, and the sum is one operation shorter.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Maj(uint a, ref uint b, uint c, uint d, ref uint e, uint k, uint w)
    {
        e += BitOperations.RotateLeft(a, 5) + (b & c) + (d & (b ^ c)) + k + w;
        b = BitOperations.RotateLeft(b, 30);
    }

    [InlineArray(16)]
    private struct Window
    {
        private uint _element0;
    }
}

/// <summary>Incremental SHA-1: append the message in pieces of any size, then read the digest.</summary>
/// <remarks>Whole blocks are compressed straight from the caller's buffer; only a partial block is kept. Nothing is allocated after construction.</remarks>
public sealed class Sha1Hasher : IDisposable
{
    private BlockHashEngine<Sha1.Function, Sha1.State> _engine;
    private bool _disposed;

    /// <summary>Starts a SHA-1 computation (scalar, the only path).</summary>
    public Sha1Hasher() => _engine.Start(Sha1.HashSizeInBytes);

    public int HashSizeInBytes => _engine.HashSize;

    /// <summary>Feeds the next piece of the message.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.Append(data);
    }

    /// <summary>Writes the digest of everything appended since the last reset, then resets.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 20 bytes.</exception>
    public void GetHashAndReset(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        BlockHash.ThrowIfDestinationTooShort(destination, Sha1.HashSizeInBytes, "SHA-1");
        _engine.FinishAndRestart(destination);
    }

    /// <summary>Discards everything appended and starts over; message-derived state is wiped.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _engine.Start(Sha1.HashSizeInBytes);
    }

    /// <summary>Wipes the state and the buffered message bytes.</summary>
    public void Dispose()
    {
        _engine.Wipe();
        _disposed = true;
    }
}
