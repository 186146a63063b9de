namespace CryptoHarness.Managed;

/// <summary>
/// Whirlpool (Barreto and Rijmen, 2003 revision), as in ISO/IEC 10118-3:2004 (dedicated hash function 7).
/// </summary>
/// <remarks>
/// <para>
/// The state is an 8 × 8 byte matrix, row by row; each row is held as a little-endian 64-bit word, column j its
/// byte j. The compression function is Miyaguchi–Preneel over the block cipher W: H = W[H](m) ⊕ H ⊕ m.
/// </para>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. A round ρ[k] = σ[k] ∘ θ ∘ π ∘ γ is
/// done with eight tables of 256 words built once in the static constructor: entry [k][x] is row k of the θ
/// matrix times S(x), so output row i is the XOR of eight lookups, byte k of row i - k (π moves column k down by
/// k) through table k. Six of a round's eight input rows are read into registers and their bytes rotated out, the
/// other two read a byte at a time from the stack buffers, as in Streebog (see <c>Round</c>). The lookups depend on
/// the data, as in every table-driven Whirlpool (BouncyCastle's and the reference code's included).
/// </para>
/// <para>One-shot calls allocate nothing and wipe their stack buffers.</para>
/// </remarks>
public static class Whirlpool
{
    public const int HashSizeInBytes = 64;
    public const int BlockSizeInBytes = 64;

    private const int Rounds = 10;

    private static readonly byte[] SBox = BuildSBox();

    /// <summary>
    /// The θ-and-γ tables, 8 × 256 words. θ multiplies each row by the circulant matrix cir(1, 1, 4, 1, 8, 5, 2, 9)
    /// (the diffusion layer): entry [k][j] of the matrix is the coefficient at (j - k) mod 8.
    /// </summary>
    private static readonly ulong[] RoundTable = MdsTables.Build(SBox, [1, 1, 4, 1, 8, 5, 2, 9], matrixTimesColumn: false);

    /// <summary>The round constants c^r (r = 1..10): row 0 is S[8(r - 1) + j] in column j, the other rows zero.</summary>
    private static readonly ulong[] RoundConstants = BuildRoundConstants();

    /// <summary>
    /// The S-box from its mini-boxes (Barreto and Rijmen, "The WHIRLPOOL Hashing Function", the S-box's structure): E, its inverse, and R, with
    /// u = E(high nibble), l = E⁻¹(low nibble), r = R(u ⊕ l), S = E(u ⊕ r) ‖ E⁻¹(l ⊕ r).
    /// </summary>
    private static byte[] BuildSBox()
    {
        ReadOnlySpan<byte> e = [0x1, 0xB, 0x9, 0xC, 0xD, 0x6, 0xF, 0x3, 0xE, 0x8, 0x7, 0x4, 0xA, 0x2, 0x5, 0x0];
        ReadOnlySpan<byte> r = [0x7, 0xC, 0xB, 0xD, 0xE, 0x4, 0x9, 0xF, 0x6, 0x3, 0x8, 0xA, 0x2, 0x5, 0x1, 0x0];
        Span<byte> eInverse = stackalloc byte[16];
        for (int i = 0; i < 16; i++)
        {
            eInverse[e[i]] = (byte)i;
        }

        var sBox = new byte[256];
        for (int x = 0; x < 256; x++)
        {
            int u = e[x >> 4];
            int l = eInverse[x & 0xF];
            int mixed = r[u ^ l];
            sBox[x] = (byte)((e[u ^ mixed] << 4) | eInverse[l ^ mixed]);
        }

        return sBox;
    }

    private static ulong[] BuildRoundConstants()
    {
        var constants = new ulong[Rounds];
        for (int round = 0; round < Rounds; round++)
        {
            constants[round] = BinaryPrimitives.ReadUInt64LittleEndian(SBox.AsSpan(8 * round, 8));
        }

        return constants;
    }

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the Whirlpool digest of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes.</exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the Whirlpool digest of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 64 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes, "Whirlpool", source, destination, path);

    /// <summary>Eight rows of eight bytes, each a little-endian word.</summary>
    [InlineArray(8)]
    internal struct State
    {
        private ulong _element0;
    }

    internal readonly struct Function : IBlockHashFunction<State>
    {
        public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

        /// <summary>The initial value is zero.</summary>
        public static void Initialize(ref State state, int hashSize) => ((Span<ulong>)state).Clear();

        public static void Compress(ref State state, ref byte blocks, int blockCount) =>
            CompressBlocks(ref state[0], ref blocks, blockCount);

        /// <summary>Padding: a 1 bit (0x80), zeros, and the message length in bits as a 256-bit big-endian number; the digest is H.</summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            BlockHash.PadAndCompress<Function, State>(ref state, tail, messageLength, BlockSizeInBytes, 32, bigEndianLength: true);
            BlockHash.WriteWords<ulong>(state, destination, bigEndian: false);
        }
    }

    /// <summary>A row of an unaligned message block, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReadRow(ref byte block, int i)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref block, i * sizeof(ulong)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    /// <summary>A key-schedule round: destination = ρ[c^r](source), the constant in row 0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void KeyRound(ref ulong t, ref ulong source, ref ulong destination, ulong constant) =>
        Round(ref t, ref source, ref destination, ref Unsafe.NullRef<ulong>(), constant, keySchedule: true);

    /// <summary>A message round: destination = ρ[key](source).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StateRound(ref ulong t, ref ulong source, ref ulong destination, ref ulong key) =>
        Round(ref t, ref source, ref destination, ref key, 0, keySchedule: false);

    /// <summary>
    /// destination = ρ[k](source): output row i is the XOR over k of table k at byte k of row i - k, then σ adds the
    /// key, which is <paramref name="key"/> or, in the key schedule (<paramref name="keySchedule"/>, a constant at every
    /// call), <paramref name="constant"/> in row 0. Rows 0 to 5 are read into registers once, each rotated so that its
    /// low byte is the one the next output row takes from it (output row i takes byte i - r of row r), and rotated a
    /// byte further after every row; rows 6 and 7 are read a byte at a time from memory. Written out row by row, so
    /// every byte, rotation and table offset is a constant. Against all eight rows read a byte at a time, 0.915-0.923 of
    /// the time at every size (harness paired, 31 rounds, AMD EPYC Zen 3): the loads no longer set the pace alone.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref ulong t, ref ulong source, ref ulong destination, ref ulong key, ulong constant, bool keySchedule)
    {
        ref byte s = ref Unsafe.As<ulong, byte>(ref source);
        ulong w0 = source;
        ulong w1 = BitOperations.RotateRight(Unsafe.Add(ref source, 1), 56);
        ulong w2 = BitOperations.RotateRight(Unsafe.Add(ref source, 2), 48);
        ulong w3 = BitOperations.RotateRight(Unsafe.Add(ref source, 3), 40);
        ulong w4 = BitOperations.RotateRight(Unsafe.Add(ref source, 4), 32);
        ulong w5 = BitOperations.RotateRight(Unsafe.Add(ref source, 5), 24);
        Store(ref destination, 0, Row(ref t, ref s, 0, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 1, Row(ref t, ref s, 1, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 2, Row(ref t, ref s, 2, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 3, Row(ref t, ref s, 3, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 4, Row(ref t, ref s, 4, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 5, Row(ref t, ref s, 5, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 6, Row(ref t, ref s, 6, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
        (w0, w1, w2, w3, w4, w5) = (Next(w0), Next(w1), Next(w2), Next(w3), Next(w4), Next(w5));
        Store(ref destination, 7, Row(ref t, ref s, 7, w0, w1, w2, w3, w4, w5), ref key, constant, keySchedule);
    }

    /// <summary>A row register's next byte, for the next output row.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Next(ulong row) => BitOperations.RotateRight(row, 8);

    /// <summary>Output row <paramref name="i"/> of <see cref="Round"/> with its key added.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ref ulong destination, int i, ulong row, ref ulong key, ulong constant, bool keySchedule) =>
        Unsafe.Add(ref destination, i) = keySchedule ? (i == 0 ? row ^ constant : row) : row ^ Unsafe.Add(ref key, i);

    /// <summary>
    /// Output row <paramref name="i"/> of θ ∘ π ∘ γ: byte k of row i - k through table k, for k = 0..7; the bytes of
    /// rows 0 to 5 are the low bytes of <paramref name="w0"/> to <paramref name="w5"/>, those of rows 6 and 7 read from
    /// <paramref name="s"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong Row(ref ulong t, ref byte s, int i, ulong w0, ulong w1, ulong w2, ulong w3, ulong w4, ulong w5)
    {
        // Byte k of a row is byte k of a little-endian word, byte 7 - k = k ^ 7 of a big-endian one.
        int order = BitConverter.IsLittleEndian ? 0 : 7;
        int k6 = (i - 6) & 7;
        int k7 = (i - 7) & 7;
        return MdsTables.Entry(ref t, i & 7, (byte)w0)
            ^ MdsTables.Entry(ref t, (i - 1) & 7, (byte)w1)
            ^ MdsTables.Entry(ref t, (i - 2) & 7, (byte)w2)
            ^ MdsTables.Entry(ref t, (i - 3) & 7, (byte)w3)
            ^ MdsTables.Entry(ref t, (i - 4) & 7, (byte)w4)
            ^ MdsTables.Entry(ref t, (i - 5) & 7, (byte)w5)
            ^ MdsTables.Entry(ref t, k6, Unsafe.Add(ref s, (6 * 8) + (k6 ^ order)))
            ^ MdsTables.Entry(ref t, k7, Unsafe.Add(ref s, (7 * 8) + (k7 ^ order)));
    }

    /// <summary>
    /// H = W[H](m) ⊕ H ⊕ m for <paramref name="blockCount"/> (at least one) 64-byte blocks, W[K] = ρ[K^10] ∘ … ∘
    /// ρ[K^1] ∘ σ[K^0] with K^0 = H and K^r = ρ[c^r](K^(r-1)). The key and message rounds alternate between two
    /// buffers each, so they interleave and the CPU overlaps their lookups.
    /// </summary>
    [SkipLocalsInit]
    private static void CompressBlocks(ref ulong h, ref byte blocks, int blockCount)
    {
        Unsafe.SkipInit(out State ka);
        Unsafe.SkipInit(out State kb);
        Unsafe.SkipInit(out State sa);
        Unsafe.SkipInit(out State sb);
        ref ulong t = ref MemoryMarshal.GetArrayDataReference(RoundTable);
        ref ulong c = ref MemoryMarshal.GetArrayDataReference(RoundConstants);
        do
        {
            for (int i = 0; i < 8; i++)
            {
                ulong key = Unsafe.Add(ref h, i);
                ka[i] = key;
                sa[i] = key ^ ReadRow(ref blocks, i);
            }

            // One call site per round kind, the buffers swapped by reference after each round: with two of each
            // (the rounds unrolled by two), the JIT's inlining budget ran out inside this method and the second pair
            // became calls (seen with DOTNET_JitDisasm, 2026-11-26).
            ref ulong keyIn = ref ka[0];
            ref ulong keyOut = ref kb[0];
            ref ulong stateIn = ref sa[0];
            ref ulong stateOut = ref sb[0];
            for (int round = 0; round < Rounds; round++)
            {
                KeyRound(ref t, ref keyIn, ref keyOut, Unsafe.Add(ref c, round));
                StateRound(ref t, ref stateIn, ref stateOut, ref keyOut);
                ref ulong key = ref keyIn;
                keyIn = ref keyOut;
                keyOut = ref key;
                ref ulong state = ref stateIn;
                stateIn = ref stateOut;
                stateOut = ref state;
            }

            // An even number of rounds leaves the result where it started, in sa.

            for (int i = 0; i < 8; i++)
            {
                Unsafe.Add(ref h, i) ^= sa[i] ^ ReadRow(ref blocks, i);
            }

            blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
        }
        while (--blockCount != 0);

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)ka));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)kb));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)sa));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)sb));
    }
}

/// <summary>Incremental Whirlpool: append the message in pieces of any size, then read the digest.</summary>
public sealed class WhirlpoolHasher : BlockHasher
{
    /// <summary>Starts a Whirlpool computation (scalar, the only path).</summary>
    public WhirlpoolHasher()
        : base(new BlockHashEngine<Whirlpool.Function, Whirlpool.State>(Whirlpool.HashSizeInBytes), "Whirlpool")
    {
    }
}
