namespace CryptoHarness.Managed;

/// <summary>
/// Kupyna, the hash function of DSTU 7564:2014 (Ukraine), with 256-, 384- and 512-bit output.
/// </summary>
/// <remarks>
/// <para>
/// The state is a matrix of eight rows and 8 columns (Kupyna-256, 512-bit state, 10 rounds) or 16 columns
/// (Kupyna-384/512, 1024-bit state, 14 rounds); each column is a little-endian 64-bit word, row 0 its low byte.
/// The compression function is h = T⊕(h ⊕ m) ⊕ T+(m) ⊕ h, and the output h' = T⊕(h) ⊕ h, truncated to its last bytes.
/// </para>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. A round (round constant, the four
/// S-boxes of DSTU 7624:2014 by row, ShiftBytes, MixColumns) is done with eight tables of 256 words built once in
/// the static constructor: entry [b][x] is MixColumns applied to a column holding π(b mod 4)(x) in row b, so an
/// output column is the XOR of eight lookups, one per row, each from the column ShiftBytes brings there. T⊕'s
/// constant touches only row 0 and is XORed into that byte's index; T+'s is a 64-bit addition per column. The two
/// permutations are independent and run in the same loop, so the CPU overlaps their lookups. The lookups depend on
/// the data, as in every table-driven Kupyna (BouncyCastle's included).
/// </para>
/// <para>One-shot calls allocate nothing and wipe their stack buffers.</para>
/// </remarks>
public static class Kupyna
{
    public const int HashSizeInBytes256 = 32;
    public const int HashSizeInBytes384 = 48;
    public const int HashSizeInBytes512 = 64;

    private const int NarrowColumns = 8;
    private const int WideColumns = 16;
    private const int NarrowRounds = 10;
    private const int WideRounds = 14;

    /// <summary>π0..π3, the S-boxes of DSTU 7624:2014 (Kalyna) that DSTU 7564:2014 uses, one after the other.</summary>
    private static ReadOnlySpan<byte> SBoxes =>
    [
        0xa8, 0x43, 0x5f, 0x06, 0x6b, 0x75, 0x6c, 0x59, 0x71, 0xdf, 0x87, 0x95, 0x17, 0xf0, 0xd8, 0x09,
        0x6d, 0xf3, 0x1d, 0xcb, 0xc9, 0x4d, 0x2c, 0xaf, 0x79, 0xe0, 0x97, 0xfd, 0x6f, 0x4b, 0x45, 0x39,
        0x3e, 0xdd, 0xa3, 0x4f, 0xb4, 0xb6, 0x9a, 0x0e, 0x1f, 0xbf, 0x15, 0xe1, 0x49, 0xd2, 0x93, 0xc6,
        0x92, 0x72, 0x9e, 0x61, 0xd1, 0x63, 0xfa, 0xee, 0xf4, 0x19, 0xd5, 0xad, 0x58, 0xa4, 0xbb, 0xa1,
        0xdc, 0xf2, 0x83, 0x37, 0x42, 0xe4, 0x7a, 0x32, 0x9c, 0xcc, 0xab, 0x4a, 0x8f, 0x6e, 0x04, 0x27,
        0x2e, 0xe7, 0xe2, 0x5a, 0x96, 0x16, 0x23, 0x2b, 0xc2, 0x65, 0x66, 0x0f, 0xbc, 0xa9, 0x47, 0x41,
        0x34, 0x48, 0xfc, 0xb7, 0x6a, 0x88, 0xa5, 0x53, 0x86, 0xf9, 0x5b, 0xdb, 0x38, 0x7b, 0xc3, 0x1e,
        0x22, 0x33, 0x24, 0x28, 0x36, 0xc7, 0xb2, 0x3b, 0x8e, 0x77, 0xba, 0xf5, 0x14, 0x9f, 0x08, 0x55,
        0x9b, 0x4c, 0xfe, 0x60, 0x5c, 0xda, 0x18, 0x46, 0xcd, 0x7d, 0x21, 0xb0, 0x3f, 0x1b, 0x89, 0xff,
        0xeb, 0x84, 0x69, 0x3a, 0x9d, 0xd7, 0xd3, 0x70, 0x67, 0x40, 0xb5, 0xde, 0x5d, 0x30, 0x91, 0xb1,
        0x78, 0x11, 0x01, 0xe5, 0x00, 0x68, 0x98, 0xa0, 0xc5, 0x02, 0xa6, 0x74, 0x2d, 0x0b, 0xa2, 0x76,
        0xb3, 0xbe, 0xce, 0xbd, 0xae, 0xe9, 0x8a, 0x31, 0x1c, 0xec, 0xf1, 0x99, 0x94, 0xaa, 0xf6, 0x26,
        0x2f, 0xef, 0xe8, 0x8c, 0x35, 0x03, 0xd4, 0x7f, 0xfb, 0x05, 0xc1, 0x5e, 0x90, 0x20, 0x3d, 0x82,
        0xf7, 0xea, 0x0a, 0x0d, 0x7e, 0xf8, 0x50, 0x1a, 0xc4, 0x07, 0x57, 0xb8, 0x3c, 0x62, 0xe3, 0xc8,
        0xac, 0x52, 0x64, 0x10, 0xd0, 0xd9, 0x13, 0x0c, 0x12, 0x29, 0x51, 0xb9, 0xcf, 0xd6, 0x73, 0x8d,
        0x81, 0x54, 0xc0, 0xed, 0x4e, 0x44, 0xa7, 0x2a, 0x85, 0x25, 0xe6, 0xca, 0x7c, 0x8b, 0x56, 0x80,

        0xce, 0xbb, 0xeb, 0x92, 0xea, 0xcb, 0x13, 0xc1, 0xe9, 0x3a, 0xd6, 0xb2, 0xd2, 0x90, 0x17, 0xf8,
        0x42, 0x15, 0x56, 0xb4, 0x65, 0x1c, 0x88, 0x43, 0xc5, 0x5c, 0x36, 0xba, 0xf5, 0x57, 0x67, 0x8d,
        0x31, 0xf6, 0x64, 0x58, 0x9e, 0xf4, 0x22, 0xaa, 0x75, 0x0f, 0x02, 0xb1, 0xdf, 0x6d, 0x73, 0x4d,
        0x7c, 0x26, 0x2e, 0xf7, 0x08, 0x5d, 0x44, 0x3e, 0x9f, 0x14, 0xc8, 0xae, 0x54, 0x10, 0xd8, 0xbc,
        0x1a, 0x6b, 0x69, 0xf3, 0xbd, 0x33, 0xab, 0xfa, 0xd1, 0x9b, 0x68, 0x4e, 0x16, 0x95, 0x91, 0xee,
        0x4c, 0x63, 0x8e, 0x5b, 0xcc, 0x3c, 0x19, 0xa1, 0x81, 0x49, 0x7b, 0xd9, 0x6f, 0x37, 0x60, 0xca,
        0xe7, 0x2b, 0x48, 0xfd, 0x96, 0x45, 0xfc, 0x41, 0x12, 0x0d, 0x79, 0xe5, 0x89, 0x8c, 0xe3, 0x20,
        0x30, 0xdc, 0xb7, 0x6c, 0x4a, 0xb5, 0x3f, 0x97, 0xd4, 0x62, 0x2d, 0x06, 0xa4, 0xa5, 0x83, 0x5f,
        0x2a, 0xda, 0xc9, 0x00, 0x7e, 0xa2, 0x55, 0xbf, 0x11, 0xd5, 0x9c, 0xcf, 0x0e, 0x0a, 0x3d, 0x51,
        0x7d, 0x93, 0x1b, 0xfe, 0xc4, 0x47, 0x09, 0x86, 0x0b, 0x8f, 0x9d, 0x6a, 0x07, 0xb9, 0xb0, 0x98,
        0x18, 0x32, 0x71, 0x4b, 0xef, 0x3b, 0x70, 0xa0, 0xe4, 0x40, 0xff, 0xc3, 0xa9, 0xe6, 0x78, 0xf9,
        0x8b, 0x46, 0x80, 0x1e, 0x38, 0xe1, 0xb8, 0xa8, 0xe0, 0x0c, 0x23, 0x76, 0x1d, 0x25, 0x24, 0x05,
        0xf1, 0x6e, 0x94, 0x28, 0x9a, 0x84, 0xe8, 0xa3, 0x4f, 0x77, 0xd3, 0x85, 0xe2, 0x52, 0xf2, 0x82,
        0x50, 0x7a, 0x2f, 0x74, 0x53, 0xb3, 0x61, 0xaf, 0x39, 0x35, 0xde, 0xcd, 0x1f, 0x99, 0xac, 0xad,
        0x72, 0x2c, 0xdd, 0xd0, 0x87, 0xbe, 0x5e, 0xa6, 0xec, 0x04, 0xc6, 0x03, 0x34, 0xfb, 0xdb, 0x59,
        0xb6, 0xc2, 0x01, 0xf0, 0x5a, 0xed, 0xa7, 0x66, 0x21, 0x7f, 0x8a, 0x27, 0xc7, 0xc0, 0x29, 0xd7,

        0x93, 0xd9, 0x9a, 0xb5, 0x98, 0x22, 0x45, 0xfc, 0xba, 0x6a, 0xdf, 0x02, 0x9f, 0xdc, 0x51, 0x59,
        0x4a, 0x17, 0x2b, 0xc2, 0x94, 0xf4, 0xbb, 0xa3, 0x62, 0xe4, 0x71, 0xd4, 0xcd, 0x70, 0x16, 0xe1,
        0x49, 0x3c, 0xc0, 0xd8, 0x5c, 0x9b, 0xad, 0x85, 0x53, 0xa1, 0x7a, 0xc8, 0x2d, 0xe0, 0xd1, 0x72,
        0xa6, 0x2c, 0xc4, 0xe3, 0x76, 0x78, 0xb7, 0xb4, 0x09, 0x3b, 0x0e, 0x41, 0x4c, 0xde, 0xb2, 0x90,
        0x25, 0xa5, 0xd7, 0x03, 0x11, 0x00, 0xc3, 0x2e, 0x92, 0xef, 0x4e, 0x12, 0x9d, 0x7d, 0xcb, 0x35,
        0x10, 0xd5, 0x4f, 0x9e, 0x4d, 0xa9, 0x55, 0xc6, 0xd0, 0x7b, 0x18, 0x97, 0xd3, 0x36, 0xe6, 0x48,
        0x56, 0x81, 0x8f, 0x77, 0xcc, 0x9c, 0xb9, 0xe2, 0xac, 0xb8, 0x2f, 0x15, 0xa4, 0x7c, 0xda, 0x38,
        0x1e, 0x0b, 0x05, 0xd6, 0x14, 0x6e, 0x6c, 0x7e, 0x66, 0xfd, 0xb1, 0xe5, 0x60, 0xaf, 0x5e, 0x33,
        0x87, 0xc9, 0xf0, 0x5d, 0x6d, 0x3f, 0x88, 0x8d, 0xc7, 0xf7, 0x1d, 0xe9, 0xec, 0xed, 0x80, 0x29,
        0x27, 0xcf, 0x99, 0xa8, 0x50, 0x0f, 0x37, 0x24, 0x28, 0x30, 0x95, 0xd2, 0x3e, 0x5b, 0x40, 0x83,
        0xb3, 0x69, 0x57, 0x1f, 0x07, 0x1c, 0x8a, 0xbc, 0x20, 0xeb, 0xce, 0x8e, 0xab, 0xee, 0x31, 0xa2,
        0x73, 0xf9, 0xca, 0x3a, 0x1a, 0xfb, 0x0d, 0xc1, 0xfe, 0xfa, 0xf2, 0x6f, 0xbd, 0x96, 0xdd, 0x43,
        0x52, 0xb6, 0x08, 0xf3, 0xae, 0xbe, 0x19, 0x89, 0x32, 0x26, 0xb0, 0xea, 0x4b, 0x64, 0x84, 0x82,
        0x6b, 0xf5, 0x79, 0xbf, 0x01, 0x5f, 0x75, 0x63, 0x1b, 0x23, 0x3d, 0x68, 0x2a, 0x65, 0xe8, 0x91,
        0xf6, 0xff, 0x13, 0x58, 0xf1, 0x47, 0x0a, 0x7f, 0xc5, 0xa7, 0xe7, 0x61, 0x5a, 0x06, 0x46, 0x44,
        0x42, 0x04, 0xa0, 0xdb, 0x39, 0x86, 0x54, 0xaa, 0x8c, 0x34, 0x21, 0x8b, 0xf8, 0x0c, 0x74, 0x67,

        0x68, 0x8d, 0xca, 0x4d, 0x73, 0x4b, 0x4e, 0x2a, 0xd4, 0x52, 0x26, 0xb3, 0x54, 0x1e, 0x19, 0x1f,
        0x22, 0x03, 0x46, 0x3d, 0x2d, 0x4a, 0x53, 0x83, 0x13, 0x8a, 0xb7, 0xd5, 0x25, 0x79, 0xf5, 0xbd,
        0x58, 0x2f, 0x0d, 0x02, 0xed, 0x51, 0x9e, 0x11, 0xf2, 0x3e, 0x55, 0x5e, 0xd1, 0x16, 0x3c, 0x66,
        0x70, 0x5d, 0xf3, 0x45, 0x40, 0xcc, 0xe8, 0x94, 0x56, 0x08, 0xce, 0x1a, 0x3a, 0xd2, 0xe1, 0xdf,
        0xb5, 0x38, 0x6e, 0x0e, 0xe5, 0xf4, 0xf9, 0x86, 0xe9, 0x4f, 0xd6, 0x85, 0x23, 0xcf, 0x32, 0x99,
        0x31, 0x14, 0xae, 0xee, 0xc8, 0x48, 0xd3, 0x30, 0xa1, 0x92, 0x41, 0xb1, 0x18, 0xc4, 0x2c, 0x71,
        0x72, 0x44, 0x15, 0xfd, 0x37, 0xbe, 0x5f, 0xaa, 0x9b, 0x88, 0xd8, 0xab, 0x89, 0x9c, 0xfa, 0x60,
        0xea, 0xbc, 0x62, 0x0c, 0x24, 0xa6, 0xa8, 0xec, 0x67, 0x20, 0xdb, 0x7c, 0x28, 0xdd, 0xac, 0x5b,
        0x34, 0x7e, 0x10, 0xf1, 0x7b, 0x8f, 0x63, 0xa0, 0x05, 0x9a, 0x43, 0x77, 0x21, 0xbf, 0x27, 0x09,
        0xc3, 0x9f, 0xb6, 0xd7, 0x29, 0xc2, 0xeb, 0xc0, 0xa4, 0x8b, 0x8c, 0x1d, 0xfb, 0xff, 0xc1, 0xb2,
        0x97, 0x2e, 0xf8, 0x65, 0xf6, 0x75, 0x07, 0x04, 0x49, 0x33, 0xe4, 0xd9, 0xb9, 0xd0, 0x42, 0xc7,
        0x6c, 0x90, 0x00, 0x8e, 0x6f, 0x50, 0x01, 0xc5, 0xda, 0x47, 0x3f, 0xcd, 0x69, 0xa2, 0xe2, 0x7a,
        0xa7, 0xc6, 0x93, 0x0f, 0x0a, 0x06, 0xe6, 0x2b, 0x96, 0xa3, 0x1c, 0xaf, 0x6a, 0x12, 0x84, 0x39,
        0xe7, 0xb0, 0x82, 0xf7, 0xfe, 0x9d, 0x87, 0x5c, 0x81, 0x35, 0xde, 0xb4, 0xa5, 0xfc, 0x80, 0xef,
        0xcb, 0xbb, 0x6b, 0x76, 0xba, 0x5a, 0x7d, 0x78, 0x0b, 0x95, 0xe3, 0xad, 0x74, 0x98, 0x3b, 0x36,
        0x64, 0x6d, 0xdc, 0xf0, 0x59, 0xa9, 0x4c, 0x17, 0x7f, 0x91, 0xb8, 0xc9, 0x57, 0x1b, 0xe0, 0x61,
    ];

    /// <summary>The first row of the MixColumns matrix (DSTU 7564:2014); row r is this one rotated right by r.</summary>
    private static ReadOnlySpan<byte> MdsRow => [0x01, 0x01, 0x05, 0x01, 0x08, 0x06, 0x07, 0x04];

    private static readonly ulong[] RoundTable = MdsTables.Build(SBoxes, MdsRow, matrixTimesColumn: true);

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the Kupyna-256 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData256(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the Kupyna-256 digest of <paramref name="source"/> with the given code path (only scalar exists).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes256, "Kupyna-256", source, destination, path);

    /// <summary>Computes the Kupyna-384 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 48-byte digest; bytes past the first 48 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 48 bytes.</exception>
    public static void HashData384(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData384(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the Kupyna-384 digest of <paramref name="source"/> with the given code path (only scalar exists).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 48-byte digest; bytes past the first 48 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 48 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData384(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes384, "Kupyna-384", source, destination, path);

    /// <summary>Computes the Kupyna-512 digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes.</exception>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData512(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the Kupyna-512 digest of <paramref name="source"/> with the given code path (only scalar exists).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 64 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes512, "Kupyna-512", source, destination, path);

    /// <summary>Returns <paramref name="hashSize"/> if it is one of Kupyna's, throws otherwise.</summary>
    internal static int CheckHashSize(int hashSize, [CallerArgumentExpression(nameof(hashSize))] string? parameter = null) =>
        hashSize is HashSizeInBytes256 or HashSizeInBytes384 or HashSizeInBytes512
            ? hashSize
            : throw new ArgumentException("Kupyna writes 32, 48 or 64 bytes.", parameter);

    /// <summary>Up to sixteen 64-bit columns.</summary>
    [InlineArray(WideColumns)]
    internal struct Columns
    {
        private ulong _element0;
    }

    /// <summary>The chaining value and its width: 8 columns for Kupyna-256, 16 for Kupyna-384/512.</summary>
    internal struct State
    {
        public Columns H;
        public int ColumnCount;
    }

    internal readonly struct Function : IBlockHashFunction<State>
    {
        /// <summary>l = 512 bits for digests up to 256 bits, 1024 beyond (DSTU 7564:2014).</summary>
        public static int BlockSizeFor(int hashSize) => hashSize <= HashSizeInBytes256 ? 8 * NarrowColumns : 8 * WideColumns;

        /// <summary>IV: all zero but the first byte, which is the state size in bytes (0x40 or 0x80).</summary>
        public static void Initialize(ref State state, int hashSize)
        {
            state.ColumnCount = hashSize <= HashSizeInBytes256 ? NarrowColumns : WideColumns;
            ((Span<ulong>)state.H).Clear();
            state.H[0] = (ulong)(8 * state.ColumnCount);
        }

        public static void Compress(ref State state, ref byte blocks, int blockCount)
        {
            if (state.ColumnCount == NarrowColumns)
            {
                Compress<Narrow>(ref state.H[0], ref blocks, blockCount);
            }
            else
            {
                Compress<Wide>(ref state.H[0], ref blocks, blockCount);
            }
        }

        /// <summary>
        /// Padding: a 1 bit (0x80), zeros, and the message length in bits as a 96-bit little-endian number; then
        /// h' = T⊕(h) ⊕ h, whose last bytes are the digest.
        /// </summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            int blockSize = 8 * state.ColumnCount;
            BlockHash.PadAndCompress<Function, State>(ref state, tail, messageLength, blockSize, 12, bigEndianLength: false);

            Unsafe.SkipInit(out Columns output);
            Span<byte> bytes = MemoryMarshal.AsBytes((Span<ulong>)output)[..blockSize];
            if (state.ColumnCount == NarrowColumns)
            {
                Output<Narrow>(ref state.H[0], ref output[0]);
            }
            else
            {
                Output<Wide>(ref state.H[0], ref output[0]);
            }

            if (!BitConverter.IsLittleEndian)
            {
                for (int i = 0; i < state.ColumnCount; i++)
                {
                    output[i] = BinaryPrimitives.ReverseEndianness(output[i]);
                }
            }

            bytes[(blockSize - destination.Length)..].CopyTo(destination);
            CryptographicOperations.ZeroMemory(bytes);
        }
    }

    /// <summary>A column of an unaligned message block, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReadColumn(ref byte block, int j)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, j * sizeof(ulong)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    /// <summary>The two state widths, as types so that every generic round below is compiled once per width with its sizes as constants.</summary>
    private interface IWidth
    {
        static abstract int Columns { get; }

        static abstract int Rounds { get; }

        /// <summary>ShiftBytes moves row b right by b columns, but row 7 by 7 columns (8-column state) or 11 (16-column).</summary>
        static abstract int Row7Shift { get; }
    }

    /// <summary>The 512-bit state of Kupyna-256: 8 columns, 10 rounds.</summary>
    private readonly struct Narrow : IWidth
    {
        public static int Columns => NarrowColumns;

        public static int Rounds => NarrowRounds;

        public static int Row7Shift => 7;
    }

    /// <summary>The 1024-bit state of Kupyna-384/512: 16 columns, 14 rounds.</summary>
    private readonly struct Wide : IWidth
    {
        public static int Columns => WideColumns;

        public static int Rounds => WideRounds;

        public static int Row7Shift => 11;
    }

    // Below, the state's shape arrives as plain arguments (columns, Row7Shift), read once from the width type at the
    // top of Compress and Output: the JIT folds them as constants through the inlined calls, and reading the type's
    // properties in every column (each an inlinee) had pushed the 16-column compression past the JIT's inlining
    // budget, leaving whole rounds as calls (seen with DOTNET_JitDisasm; Kupyna-512 30% slower).

    /// <summary>
    /// Output column j of one round over <paramref name="columns"/> columns: row b comes from column j - b
    /// (ShiftBytes; row 7 from j - <paramref name="row7Shift"/>). <paramref name="k0"/> is XORed into row 0's byte
    /// first (T⊕'s round constant for that column; 0 for T+, whose constant was added before).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Column(ref ulong t, ref byte s, int j, int columns, int row7Shift, int k0)
    {
        int last = columns - 1;
        return MdsTables.Lookup(
            ref t, ref s, j, (j - 1) & last, (j - 2) & last, (j - 3) & last, (j - 4) & last, (j - 5) & last, (j - 6) & last, (j - row7Shift) & last, k0);
    }

    /// <summary>
    /// Output columns <paramref name="first"/>..+7 of one round, with k0 = (j · <paramref name="stride"/>) ⊕
    /// <paramref name="round"/> in column j: T⊕'s constant (j · 16) ⊕ ν with stride 16, none with stride and round 0.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EightColumns(ref ulong t, ref byte s, ref ulong destination, int first, int columns, int row7Shift, int stride, int round)
    {
        // Written out column by column: with constant column indices every byte and table offset is a constant
        // displacement (a loop here kept them as run-time arithmetic, four times the instructions per lookup).
        Unsafe.Add(ref destination, first) = Column(ref t, ref s, first, columns, row7Shift, (first * stride) ^ round);
        Unsafe.Add(ref destination, first + 1) = Column(ref t, ref s, first + 1, columns, row7Shift, ((first + 1) * stride) ^ round);
        Unsafe.Add(ref destination, first + 2) = Column(ref t, ref s, first + 2, columns, row7Shift, ((first + 2) * stride) ^ round);
        Unsafe.Add(ref destination, first + 3) = Column(ref t, ref s, first + 3, columns, row7Shift, ((first + 3) * stride) ^ round);
        Unsafe.Add(ref destination, first + 4) = Column(ref t, ref s, first + 4, columns, row7Shift, ((first + 4) * stride) ^ round);
        Unsafe.Add(ref destination, first + 5) = Column(ref t, ref s, first + 5, columns, row7Shift, ((first + 5) * stride) ^ round);
        Unsafe.Add(ref destination, first + 6) = Column(ref t, ref s, first + 6, columns, row7Shift, ((first + 6) * stride) ^ round);
        Unsafe.Add(ref destination, first + 7) = Column(ref t, ref s, first + 7, columns, row7Shift, ((first + 7) * stride) ^ round);
    }

    /// <summary>T+'s constant for columns <paramref name="first"/>..+7: column j += 0x00F0F0F0F0F0F0F3 ⊕ ((((c - 1 - j) · 16) ⊕ ν) · 2^56).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EightAdditions(ref ulong source, int first, int columns, ulong nu)
    {
        ulong top = (ulong)(columns - 1 - first) << 60;
        Unsafe.Add(ref source, first) += (0x00f0f0f0f0f0f0f3UL | top) ^ nu;
        Unsafe.Add(ref source, first + 1) += (0x00f0f0f0f0f0f0f3UL | (top - (1UL << 60))) ^ nu;
        Unsafe.Add(ref source, first + 2) += (0x00f0f0f0f0f0f0f3UL | (top - (2UL << 60))) ^ nu;
        Unsafe.Add(ref source, first + 3) += (0x00f0f0f0f0f0f0f3UL | (top - (3UL << 60))) ^ nu;
        Unsafe.Add(ref source, first + 4) += (0x00f0f0f0f0f0f0f3UL | (top - (4UL << 60))) ^ nu;
        Unsafe.Add(ref source, first + 5) += (0x00f0f0f0f0f0f0f3UL | (top - (5UL << 60))) ^ nu;
        Unsafe.Add(ref source, first + 6) += (0x00f0f0f0f0f0f0f3UL | (top - (6UL << 60))) ^ nu;
        Unsafe.Add(ref source, first + 7) += (0x00f0f0f0f0f0f0f3UL | (top - (7UL << 60))) ^ nu;
    }

    /// <summary>One T⊕ round (constant ν = <paramref name="round"/>) from <paramref name="source"/> to <paramref name="destination"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundXor(ref ulong t, ref ulong source, ref ulong destination, int columns, int row7Shift, int round)
    {
        ref byte s = ref Unsafe.As<ulong, byte>(ref source);
        EightColumns(ref t, ref s, ref destination, 0, columns, row7Shift, 16, round);
        if (columns == WideColumns)
        {
            EightColumns(ref t, ref s, ref destination, 8, columns, row7Shift, 16, round);
        }
    }

    /// <summary>One T+ round: T+'s constant added to each column, then the tables. <paramref name="source"/> is changed by the addition.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundAdd(ref ulong t, ref ulong source, ref ulong destination, int columns, int row7Shift, int round)
    {
        ulong nu = (ulong)round << 56;
        ref byte s = ref Unsafe.As<ulong, byte>(ref source);
        EightAdditions(ref source, 0, columns, nu);
        if (columns == WideColumns)
        {
            EightAdditions(ref source, 8, columns, nu);
        }

        EightColumns(ref t, ref s, ref destination, 0, columns, row7Shift, 0, 0);
        if (columns == WideColumns)
        {
            EightColumns(ref t, ref s, ref destination, 8, columns, row7Shift, 0, 0);
        }
    }

    [SkipLocalsInit]
    private static void Compress<TWidth>(ref ulong h, ref byte blocks, int blockCount)
        where TWidth : struct, IWidth
    {
        Unsafe.SkipInit(out Columns xa);
        Unsafe.SkipInit(out Columns xb);
        Unsafe.SkipInit(out Columns ya);
        Unsafe.SkipInit(out Columns yb);
        ref ulong t = ref MemoryMarshal.GetArrayDataReference(RoundTable);
        int columns = TWidth.Columns;
        int rounds = TWidth.Rounds;
        int row7Shift = TWidth.Row7Shift;
        do
        {
            for (int j = 0; j < columns; j++)
            {
                ulong m = ReadColumn(ref blocks, j);
                xa[j] = Unsafe.Add(ref h, j) ^ m;
                ya[j] = m;
            }

            for (int round = 0; round < rounds; round += 2)
            {
                RoundXor(ref t, ref xa[0], ref xb[0], columns, row7Shift, round);
                RoundAdd(ref t, ref ya[0], ref yb[0], columns, row7Shift, round);
                RoundXor(ref t, ref xb[0], ref xa[0], columns, row7Shift, round + 1);
                RoundAdd(ref t, ref yb[0], ref ya[0], columns, row7Shift, round + 1);
            }

            for (int j = 0; j < columns; j++)
            {
                Unsafe.Add(ref h, j) ^= xa[j] ^ ya[j];
            }

            blocks = ref Unsafe.Add(ref blocks, 8 * columns);
        }
        while (--blockCount != 0);

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)xa));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)xb));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)ya));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)yb));
    }

    /// <summary>h' = T⊕(h) ⊕ h, into <paramref name="output"/>.</summary>
    [SkipLocalsInit]
    private static void Output<TWidth>(ref ulong h, ref ulong output)
        where TWidth : struct, IWidth
    {
        Unsafe.SkipInit(out Columns xa);
        Unsafe.SkipInit(out Columns xb);
        ref ulong t = ref MemoryMarshal.GetArrayDataReference(RoundTable);
        int columns = TWidth.Columns;
        int row7Shift = TWidth.Row7Shift;
        MemoryMarshal.CreateReadOnlySpan(ref h, columns).CopyTo(xa);
        for (int round = 0; round < TWidth.Rounds; round += 2)
        {
            RoundXor(ref t, ref xa[0], ref xb[0], columns, row7Shift, round);
            RoundXor(ref t, ref xb[0], ref xa[0], columns, row7Shift, round + 1);
        }

        for (int j = 0; j < columns; j++)
        {
            Unsafe.Add(ref output, j) = xa[j] ^ Unsafe.Add(ref h, j);
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)xa));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)xb));
    }
}

/// <summary>Incremental Kupyna-256, -384 or -512: append the message in pieces of any size, then read the digest.</summary>
public sealed class KupynaHasher : BlockHasher
{
    /// <summary>Starts a Kupyna computation (scalar, the only path).</summary>
    /// <param name="hashSizeInBytes">32, 48 or 64.</param>
    /// <exception cref="ArgumentException">Another hash size.</exception>
    public KupynaHasher(int hashSizeInBytes)
        : base(new BlockHashEngine<Kupyna.Function, Kupyna.State>(Kupyna.CheckHashSize(hashSizeInBytes)), $"Kupyna-{8 * hashSizeInBytes}")
    {
    }
}
