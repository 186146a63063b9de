using System.Buffers.Binary;
using System.Diagnostics;
using System.Numerics;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace CryptoHarness.Managed;

/// <summary>
/// SHA-256 as specified in FIPS 180-4, written in portable scalar C#.
/// </summary>
/// <remarks>
/// A readable scalar baseline: it follows the standard's notation closely instead of being tuned, so that
/// faster variants have something obviously correct to be compared with. It allocates nothing on the heap per
/// call and wipes every stack buffer that held message bytes before returning.
/// </remarks>
public static class Sha256
{
    public const int HashSizeInBytes = 32;
    public const int BlockSizeInBytes = 64;

    private const int StateSizeInWords = 8;
    private const int ScheduleSizeInWords = 64;

    // The length field that ends the padded message: a 64-bit big-endian count of message bits (FIPS 180-4 §5.1.1).
    private const int LengthFieldSizeInBytes = 8;

    // The tables are static readonly arrays rather than ReadOnlySpan<uint> literal properties: in unoptimized
    // (Debug) code every read of such a property allocates, because RuntimeHelpers.CreateSpan is not expanded
    // there, whereas an array is allocated once at type initialization and never again.

    // H(0), FIPS 180-4 §5.3.3.
    private static readonly uint[] InitialHashValue =
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ];

    // K(0)..K(63), the SHA-224/SHA-256 round constants of FIPS 180-4 §4.2.2.
    private static readonly uint[] RoundConstants =
    [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ];

    /// <summary>Computes the SHA-256 digest of <paramref name="source"/>.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (destination.Length < HashSizeInBytes)
        {
            throw new ArgumentException(
                $"Destination is too short: SHA-256 writes {HashSizeInBytes} bytes.", nameof(destination));
        }

        Span<uint> state = stackalloc uint[StateSizeInWords];
        InitialHashValue.AsSpan().CopyTo(state);

        // Whole blocks are compressed straight from the caller's buffer; only the tail is copied, because
        // padding has to be appended to it.
        int wholeBlocksLength = source.Length - (source.Length % BlockSizeInBytes);
        Compress(state, source[..wholeBlocksLength]);
        ReadOnlySpan<byte> tail = source[wholeBlocksLength..];

        // The tail (0..63 bytes), the 0x80 terminator and the length field take one block when they fit in
        // 64 bytes, otherwise two (FIPS 180-4 §5.1.1).
        Span<byte> finalBlocks = stackalloc byte[2 * BlockSizeInBytes];
        int finalLength = tail.Length + 1 + LengthFieldSizeInBytes <= BlockSizeInBytes
            ? BlockSizeInBytes
            : 2 * BlockSizeInBytes;
        // stackalloc zeroes only while the assembly does not opt into SkipLocalsInit; the padding must be zero
        // either way, so it is cleared explicitly.
        finalBlocks.Clear();
        tail.CopyTo(finalBlocks);
        finalBlocks[tail.Length] = 0x80;

        // An int length times 8 fits comfortably in the 64-bit field, so no overflow handling is needed.
        ulong messageLengthInBits = (ulong)source.Length * 8;
        BinaryPrimitives.WriteUInt64BigEndian(
            finalBlocks.Slice(finalLength - LengthFieldSizeInBytes, LengthFieldSizeInBytes), messageLengthInBits);
        Compress(state, finalBlocks[..finalLength]);

        // The digest is written only after the whole source has been read, so source and destination may overlap.
        for (int i = 0; i < StateSizeInWords; i++)
        {
            BinaryPrimitives.WriteUInt32BigEndian(destination.Slice(i * sizeof(uint), sizeof(uint)), state[i]);
        }

        CryptographicOperations.ZeroMemory(finalBlocks);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(state));
    }

    /// <summary>
    /// Runs the SHA-256 compression function (FIPS 180-4 §6.2.2) over each 64-byte block of
    /// <paramref name="blocks"/> in order, updating <paramref name="state"/> in place.
    /// </summary>
    /// <remarks>
    /// Takes raw bytes and any number of whole blocks so an incremental hasher can feed it directly from the
    /// caller's buffer and keep only a partial block of its own.
    /// </remarks>
    private static void Compress(Span<uint> state, ReadOnlySpan<byte> blocks)
    {
        Debug.Assert(state.Length == StateSizeInWords, "SHA-256 state is eight words.");
        Debug.Assert(blocks.Length % BlockSizeInBytes == 0, "Only whole blocks can be compressed.");

        if (blocks.IsEmpty)
        {
            return;
        }

        // Allocated once per call rather than per block; the schedule is derived from message words, so it is
        // wiped before returning.
        Span<uint> schedule = stackalloc uint[ScheduleSizeInWords];
        ReadOnlySpan<uint> k = RoundConstants;

        while (!blocks.IsEmpty)
        {
            ReadOnlySpan<byte> block = blocks[..BlockSizeInBytes];

            for (int t = 0; t < 16; t++)
            {
                schedule[t] = BinaryPrimitives.ReadUInt32BigEndian(block.Slice(t * sizeof(uint), sizeof(uint)));
            }

            for (int t = 16; t < ScheduleSizeInWords; t++)
            {
                schedule[t] = SmallSigma1(schedule[t - 2]) + schedule[t - 7]
                    + SmallSigma0(schedule[t - 15]) + schedule[t - 16];
            }

            uint a = state[0];
            uint b = state[1];
            uint c = state[2];
            uint d = state[3];
            uint e = state[4];
            uint f = state[5];
            uint g = state[6];
            uint h = state[7];

            for (int t = 0; t < ScheduleSizeInWords; t++)
            {
                uint t1 = h + BigSigma1(e) + Ch(e, f, g) + k[t] + schedule[t];
                uint t2 = BigSigma0(a) + Maj(a, b, c);
                h = g;
                g = f;
                f = e;
                e = d + t1;
                d = c;
                c = b;
                b = a;
                a = t1 + t2;
            }

            state[0] += a;
            state[1] += b;
            state[2] += c;
            state[3] += d;
            state[4] += e;
            state[5] += f;
            state[6] += g;
            state[7] += h;

            blocks = blocks[BlockSizeInBytes..];
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(schedule));
    }

    // The logical functions of FIPS 180-4 §4.1.2, named as in the standard.
    private static uint Ch(uint x, uint y, uint z) => (x & y) ^ (~x & z);

    private static uint Maj(uint x, uint y, uint z) => (x & y) ^ (x & z) ^ (y & z);

    private static uint BigSigma0(uint x) =>
        BitOperations.RotateRight(x, 2) ^ BitOperations.RotateRight(x, 13) ^ BitOperations.RotateRight(x, 22);

    private static uint BigSigma1(uint x) =>
        BitOperations.RotateRight(x, 6) ^ BitOperations.RotateRight(x, 11) ^ BitOperations.RotateRight(x, 25);

    private static uint SmallSigma0(uint x) =>
        BitOperations.RotateRight(x, 7) ^ BitOperations.RotateRight(x, 18) ^ (x >> 3);

    private static uint SmallSigma1(uint x) =>
        BitOperations.RotateRight(x, 17) ^ BitOperations.RotateRight(x, 19) ^ (x >> 10);
}
