using System.Globalization;

namespace CryptoHarness.Managed;

/// <summary>
/// Streebog, the hash function of GOST R 34.11-2012 (RFC 6986), with 512- and 256-bit output.
/// </summary>
/// <remarks>
/// <para>
/// Byte order: the standard prints vectors as numbers, most significant byte first; the byte string an
/// implementation reads and writes is the reverse, so a 64-byte block is eight little-endian 64-bit words with
/// word 0 the least significant (the standard's a_0). Message bytes are processed in memory order.
/// </para>
/// <para>
/// Dispatch policy: only the <see cref="InstructionSet.Scalar"/> path exists. The round function LPS (substitution
/// π, byte transposition τ, linear map l) is done as the usual eight tables of 256 64-bit words, built once from π
/// and the matrix A in the static constructor: output word i is the XOR over j of table j at byte i of input word j,
/// 64 lookups per LPS and 25 LPS per block. Six of an LPS's eight input words are read into registers and their bytes
/// shifted out, the other two read a byte at a time from memory, so that neither the load ports nor the ALUs alone set
/// the pace (see <c>Lps</c>). The lookups depend on the data, as in every table-driven Streebog (BouncyCastle's and
/// Botan's included); the cache timing that follows is the price of this design.
/// </para>
/// <para>One-shot calls allocate nothing and wipe the stack copies of the message and key schedule.</para>
/// </remarks>
public static class Streebog
{
    public const int HashSizeInBytes512 = 64;
    public const int HashSizeInBytes256 = 32;
    public const int BlockSizeInBytes = 64;

    private const int Words = 8;

    /// <summary>π of GOST R 34.11-2012 as given in RFC 6986 §6.2, the substitution S applies to every byte.</summary>
    private static ReadOnlySpan<byte> Pi =>
    [
        252, 238, 221, 17, 207, 110, 49, 22, 251, 196, 250, 218, 35, 197, 4, 77,
        233, 119, 240, 219, 147, 46, 153, 186, 23, 54, 241, 187, 20, 205, 95, 193,
        249, 24, 101, 90, 226, 92, 239, 33, 129, 28, 60, 66, 139, 1, 142, 79,
        5, 132, 2, 174, 227, 106, 143, 160, 6, 11, 237, 152, 127, 212, 211, 31,
        235, 52, 44, 81, 234, 200, 72, 171, 242, 42, 104, 162, 253, 58, 206, 204,
        181, 112, 14, 86, 8, 12, 118, 18, 191, 114, 19, 71, 156, 183, 93, 135,
        21, 161, 150, 41, 16, 123, 154, 199, 243, 145, 120, 111, 157, 158, 178, 177,
        50, 117, 25, 61, 255, 53, 138, 126, 109, 84, 198, 128, 195, 189, 13, 87,
        223, 245, 36, 169, 62, 168, 67, 201, 215, 121, 214, 246, 124, 34, 185, 3,
        224, 15, 236, 222, 122, 148, 176, 188, 220, 232, 40, 80, 78, 51, 10, 74,
        167, 151, 96, 115, 30, 0, 98, 68, 26, 184, 56, 130, 100, 159, 38, 65,
        173, 69, 70, 146, 39, 94, 85, 47, 140, 163, 165, 125, 105, 213, 149, 59,
        7, 88, 179, 64, 134, 172, 29, 247, 48, 55, 107, 228, 136, 217, 231, 137,
        225, 27, 131, 73, 76, 63, 248, 254, 141, 83, 170, 144, 202, 216, 133, 97,
        32, 113, 103, 164, 45, 43, 9, 91, 203, 155, 37, 208, 190, 229, 108, 82,
        89, 166, 116, 210, 230, 244, 180, 192, 209, 102, 175, 194, 57, 75, 99, 182,
    ];

    /// <summary>
    /// The matrix A of the linear map l, as given in RFC 6986 §6.4, in the standard's order: l(a) is the
    /// XOR of A[63 - i] over the set bits a_i of its 64-bit argument.
    /// </summary>
    private static ReadOnlySpan<ulong> MatrixA =>
    [
        0x8e20faa72ba0b470, 0x47107ddd9b505a38, 0xad08b0e0c3282d1c, 0xd8045870ef14980e,
        0x6c022c38f90a4c07, 0x3601161cf205268d, 0x1b8e0b0e798c13c8, 0x83478b07b2468764,
        0xa011d380818e8f40, 0x5086e740ce47c920, 0x2843fd2067adea10, 0x14aff010bdd87508,
        0x0ad97808d06cb404, 0x05e23c0468365a02, 0x8c711e02341b2d01, 0x46b60f011a83988e,
        0x90dab52a387ae76f, 0x486dd4151c3dfdb9, 0x24b86a840e90f0d2, 0x125c354207487869,
        0x092e94218d243cba, 0x8a174a9ec8121e5d, 0x4585254f64090fa0, 0xaccc9ca9328a8950,
        0x9d4df05d5f661451, 0xc0a878a0a1330aa6, 0x60543c50de970553, 0x302a1e286fc58ca7,
        0x18150f14b9ec46dd, 0x0c84890ad27623e0, 0x0642ca05693b9f70, 0x0321658cba93c138,
        0x86275df09ce8aaa8, 0x439da0784e745554, 0xafc0503c273aa42a, 0xd960281e9d1d5215,
        0xe230140fc0802984, 0x71180a8960409a42, 0xb60c05ca30204d21, 0x5b068c651810a89e,
        0x456c34887a3805b9, 0xac361a443d1c8cd2, 0x561b0d22900e4669, 0x2b838811480723ba,
        0x9bcf4486248d9f5d, 0xc3e9224312c8c1a0, 0xeffa11af0964ee50, 0xf97d86d98a327728,
        0xe4fa2054a80b329c, 0x727d102a548b194e, 0x39b008152acb8227, 0x9258048415eb419d,
        0x492c024284fbaec0, 0xaa16012142f35760, 0x550b8e9e21f7a530, 0xa48b474f9ef5dc18,
        0x70a6a56e2440598e, 0x3853dc371220a247, 0x1ca76e95091051ad, 0x0edd37c48a08a6d8,
        0x07e095624504536c, 0x8d70c431ac02a736, 0xc83862965601dd1b, 0x641c314b2b8ee083,
    ];

    /// <summary>The iteration constants C_1..C_12 as given in RFC 6986 §6.5, as printed: most significant byte first.</summary>
    private static readonly string[] RoundConstantsAsPrinted =
    [
        "b1085bda1ecadae9ebcb2f81c0657c1f2f6a76432e45d016714eb88d7585c4fc4b7ce09192676901a2422a08a460d31505767436cc744d23dd806559f2a64507",
        "6fa3b58aa99d2f1a4fe39d460f70b5d7f3feea720a232b9861d55e0f16b501319ab5176b12d699585cb561c2db0aa7ca55dda21bd7cbcd56e679047021b19bb7",
        "f574dcac2bce2fc70a39fc286a3d843506f15e5f529c1f8bf2ea7514b1297b7bd3e20fe490359eb1c1c93a376062db09c2b6f443867adb31991e96f50aba0ab2",
        "ef1fdfb3e81566d2f948e1a05d71e4dd488e857e335c3c7d9d721cad685e353fa9d72c82ed03d675d8b71333935203be3453eaa193e837f1220cbebc84e3d12e",
        "4bea6bacad4747999a3f410c6ca923637f151c1f1686104a359e35d7800fffbdbfcd1747253af5a3dfff00b723271a167a56a27ea9ea63f5601758fd7c6cfe57",
        "ae4faeae1d3ad3d96fa4c33b7a3039c02d66c4f95142a46c187f9ab49af08ec6cffaa6b71c9ab7b40af21f66c2bec6b6bf71c57236904f35fa68407a46647d6e",
        "f4c70e16eeaac5ec51ac86febf240954399ec6c7e6bf87c9d3473e33197a93c90992abc52d822c3706476983284a05043517454ca23c4af38886564d3a14d493",
        "9b1f5b424d93c9a703e7aa020c6e41414eb7f8719c36de1e89b4443b4ddbc49af4892bcb929b069069d18d2bd1a5c42f36acc2355951a8d9a47f0dd4bf02e71e",
        "378f5a541631229b944c9ad8ec165fde3a7d3a1b258942243cd955b7e00d0984800a440bdbb2ceb17b2b8a9aa6079c540e38dc92cb1f2a607261445183235adb",
        "abbedea680056f52382ae548b2e4f3f38941e71cff8a78db1fffe18a1b3361039fe76702af69334b7a1e6c303b7652f43698fad1153bb6c374b4c7fb98459ced",
        "7bcd9ed0efc889fb3002c6cd635afe94d8fa6bbbebab076120018021148466798a1d71efea48b9caefbacd1d7d476e98dea2594ac06fd85d6bcaa4cd81f32d1b",
        "378ee767f11631bad21380b00449b17acda43c32bcdf1d77f82012d430219f9b5d80ef9d1891cc86e71da4aa88e12852faf417d5d9b21b9948bc924af11bd720",
    ];

    /// <summary>
    /// LPS as eight tables of 256 words: entry [j][b] is l(π(b) · 2^(8j)), the contribution of byte value b when it
    /// sits in input word j; after τ that byte lands in byte j of some output word, and l is linear, so
    /// LPS(x)[i] = XOR over j of table [j][byte i of x[j]].
    /// </summary>
    private static readonly ulong[] LpsTable = BuildLpsTable();

    /// <summary>C_1..C_12 as little-endian words, eight per constant.</summary>
    private static readonly ulong[] RoundConstants = BuildRoundConstants();

    private static ulong[] BuildLpsTable()
    {
        var table = new ulong[Words * 256];
        for (int j = 0; j < Words; j++)
        {
            for (int b = 0; b < 256; b++)
            {
                ulong input = (ulong)Pi[b] << (8 * j);
                ulong output = 0;
                for (int bit = 0; bit < 64; bit++)
                {
                    if (((input >> bit) & 1) != 0)
                    {
                        output ^= MatrixA[63 - bit];
                    }
                }

                table[(j * 256) + b] = output;
            }
        }

        return table;
    }

    private static ulong[] BuildRoundConstants()
    {
        var constants = new ulong[RoundConstantsAsPrinted.Length * Words];
        for (int c = 0; c < RoundConstantsAsPrinted.Length; c++)
        {
            // Printed most significant first, so word 0 (the least significant) is the last sixteen digits.
            string printed = RoundConstantsAsPrinted[c];
            for (int word = 0; word < Words; word++)
            {
                constants[(c * Words) + word] = ulong.Parse(
                    printed.AsSpan(printed.Length - (16 * (word + 1)), 16), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture);
            }
        }

        return constants;
    }

    /// <summary>Whether this algorithm has <paramref name="path"/>: only <see cref="InstructionSet.Scalar"/>.</summary>
    public static bool IsSupported(InstructionSet path) => path == InstructionSet.Scalar;

    /// <summary>Computes the 512-bit Streebog hash code of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes.</exception>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData512(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the 512-bit Streebog hash code of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 64-byte digest; bytes past the first 64 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 64 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData512(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes512, "Streebog-512", source, destination, path);

    /// <summary>Computes the 256-bit Streebog hash code of <paramref name="source"/> (scalar).</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 32 bytes.</exception>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData256(source, destination, InstructionSet.Scalar);

    /// <summary>Computes the 256-bit Streebog hash code of <paramref name="source"/> with the given code path.</summary>
    /// <param name="source">The message.</param>
    /// <param name="destination">Receives the 32-byte digest; bytes past the first 32 are left untouched.</param>
    /// <param name="path">The code path; only <see cref="InstructionSet.Scalar"/> exists.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="destination"/> is shorter than 32 bytes, or this algorithm has no such <paramref name="path"/>.
    /// </exception>
    public static void HashData256(ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path) =>
        BlockHash.HashChecked<Function, State>(HashSizeInBytes256, "Streebog-256", source, destination, path);

    /// <summary>Returns <paramref name="hashSize"/> if it is one of Streebog's, throws otherwise.</summary>
    internal static int CheckHashSize(int hashSize, [CallerArgumentExpression(nameof(hashSize))] string? parameter = null) =>
        hashSize is HashSizeInBytes512 or HashSizeInBytes256
            ? hashSize
            : throw new ArgumentException("Streebog-512 writes 64 bytes and Streebog-256 32.", parameter);

    /// <summary>A 512-bit vector as eight little-endian words.</summary>
    [InlineArray(Words)]
    internal struct Vector512Bits
    {
        private ulong _element0;
    }

    /// <summary>h, N and Σ of the hash computation (RFC 6986): the chaining value, the bits processed, and the sum of the blocks.</summary>
    internal struct State
    {
        public Vector512Bits H;
        public Vector512Bits N;
        public Vector512Bits Sigma;
    }

    internal readonly struct Function : IBlockHashFunction<State>
    {
        public static int BlockSizeFor(int hashSize) => BlockSizeInBytes;

        /// <summary>Stage 1: IV is 0^512 for the 512-bit hash and (00000001)^64 for the 256-bit one; N and Σ start at 0.</summary>
        public static void Initialize(ref State state, int hashSize)
        {
            ((Span<ulong>)state.H).Fill(hashSize == HashSizeInBytes256 ? 0x0101010101010101UL : 0UL);
            ((Span<ulong>)state.N).Clear();
            ((Span<ulong>)state.Sigma).Clear();
        }

        /// <summary>Stage 2, for each whole block: h = g_N(h, m), N += 512, Σ += m.</summary>
        public static void Compress(ref State state, ref byte blocks, int blockCount)
        {
            do
            {
                G(ref state.H[0], ref state.N[0], ref blocks);
                AddWord(ref state.N[0], 512);
                AddBlock(ref state.Sigma[0], ref blocks);
                blocks = ref Unsafe.Add(ref blocks, BlockSizeInBytes);
            }
            while (--blockCount != 0);
        }

        /// <summary>
        /// Stage 3: m = 0^(511-|M|) ‖ 1 ‖ M (in memory order: the tail, 0x01, zeros), h = g_N(h, m),
        /// N += |M|, Σ += m, h = g_0(h, N), h = g_0(h, Σ); the 256-bit code is the most significant half of h.
        /// </summary>
        [SkipLocalsInit]
        public static void Finish(ref State state, ReadOnlySpan<byte> tail, ulong messageLength, Span<byte> destination)
        {
            Unsafe.SkipInit(out Vector512Bits padded);
            Span<byte> block = MemoryMarshal.AsBytes((Span<ulong>)padded);
            tail.CopyTo(block);
            block[tail.Length..].Clear();
            block[tail.Length] = 0x01;
            G(ref state.H[0], ref state.N[0], ref block[0]);
            AddWord(ref state.N[0], (ulong)tail.Length * 8);
            AddBlock(ref state.Sigma[0], ref block[0]);

            // g_0 takes N and Σ as message blocks, so they are written out as the little-endian bytes G reads.
            Vector512Bits zero = default;
            BlockHash.WriteWords<ulong>(state.N, block, bigEndian: false);
            G(ref state.H[0], ref zero[0], ref block[0]);
            BlockHash.WriteWords<ulong>(state.Sigma, block, bigEndian: false);
            G(ref state.H[0], ref zero[0], ref block[0]);

            int firstWord = destination.Length == HashSizeInBytes256 ? Words / 2 : 0;
            BlockHash.WriteWords(((ReadOnlySpan<ulong>)state.H)[firstWord..], destination, bigEndian: false);

            CryptographicOperations.ZeroMemory(block);
        }
    }

    /// <summary>
    /// The compression function g_N(h, m) = E(LPS(h ⊕ N), m) ⊕ h ⊕ m, with E(K, m) = X[K13] LPSX[K12] …
    /// LPSX[K1](m) and K(i+1) = LPS(K(i) ⊕ C(i)). The message block is read at <paramref name="m"/> (64 bytes,
    /// any alignment, little-endian words).
    /// </summary>
    [SkipLocalsInit]
    private static void G(ref ulong h, ref ulong n, ref byte m)
    {
        Unsafe.SkipInit(out Vector512Bits k);
        Unsafe.SkipInit(out Vector512Bits s);
        Unsafe.SkipInit(out Vector512Bits x);
        Unsafe.SkipInit(out Vector512Bits y0);
        Unsafe.SkipInit(out Vector512Bits y1);
        ref ulong table = ref MemoryMarshal.GetArrayDataReference(LpsTable);
        ref ulong constants = ref MemoryMarshal.GetArrayDataReference(RoundConstants);
        ref ulong message = ref Unsafe.As<byte, ulong>(ref m);

        Xor(ref h, ref n, ref x[0]);
        Lps(ref table, ref x[0], ref k[0]);                  // K1
        for (int i = 0; i < Words; i++)
        {
            x[i] = k[i] ^ ReadWord(ref message, i);          // X[K1](m)
            y0[i] = k[i] ^ Unsafe.Add(ref constants, i);     // K1 ⊕ C1
        }

        // Round r (1 to 11): s = LPS(X[K(r)](…)), then K(r + 1) = LPS(K(r) ⊕ C(r)). K(r + 1) itself is never stored:
        // each word goes straight into the next state input, K(r + 1) ⊕ s, and the next key input, K(r + 1) ⊕ C(r + 1),
        // which alternates between y0 and y1 because LPS must not write the block it reads. With the two XORs as passes
        // of their own over a stored K(r + 1), each round read it back twice, and the JIT compiled each XOR as a loop of
        // eight, not written out: 1.25 times the time of this form (harness paired at 1 KiB and 128 KiB, AMD EPYC Zen 3,
        // LPS's bytes all read from memory in both).
        ref ulong key = ref y0[0];
        ref ulong nextKey = ref y1[0];
        for (int round = 0; round < 11; round++)
        {
            Lps(ref table, ref x[0], ref s[0]);
            LpsTwice(ref table, ref key, ref s[0], ref x[0], ref Unsafe.Add(ref constants, (round + 1) * Words), ref nextKey);
            ref ulong used = ref key;
            key = ref nextKey;
            nextKey = ref used;
        }

        Lps(ref table, ref x[0], ref s[0]);                  // LPSX[K12]
        Lps(ref table, ref key, ref k[0]);                   // K13

        // h = K13 ⊕ s ⊕ h ⊕ m.
        for (int i = 0; i < Words; i++)
        {
            Unsafe.Add(ref h, i) ^= k[i] ^ s[i] ^ ReadWord(ref message, i);
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)k));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)s));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)x));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)y0));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<ulong>)y1));
    }

    /// <summary>A word of an unaligned block, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong ReadWord(ref ulong words, int i)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ulong, byte>(ref Unsafe.Add(ref words, i)));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    /// <summary>destination = a ⊕ b, eight native words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Xor(ref ulong a, ref ulong b, ref ulong destination)
    {
        for (int i = 0; i < Words; i++)
        {
            Unsafe.Add(ref destination, i) = Unsafe.Add(ref a, i) ^ Unsafe.Add(ref b, i);
        }
    }

    /// <summary>destination = LPS(source) by the tables; the two must not overlap.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Lps(ref ulong table, ref ulong source, ref ulong destination) =>
        Lps(ref table, ref source, ref destination, ref Unsafe.NullRef<ulong>(), ref Unsafe.NullRef<ulong>(), ref Unsafe.NullRef<ulong>(), twice: false);

    /// <summary>
    /// With w = LPS(source), w ⊕ <paramref name="firstMask"/> into <paramref name="first"/> and w ⊕
    /// <paramref name="secondMask"/> into <paramref name="second"/>, w itself not stored (the next state input and the
    /// next key input of <see cref="G"/>). Neither output may overlap the source.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LpsTwice(ref ulong table, ref ulong source, ref ulong firstMask, ref ulong first, ref ulong secondMask, ref ulong second) =>
        Lps(ref table, ref source, ref first, ref firstMask, ref second, ref secondMask, twice: true);

    /// <summary>
    /// LPS(source) by the tables, each output word w stored as it is into <paramref name="first"/> or, when
    /// <paramref name="twice"/> (a constant at every call, so the JIT keeps one branch), as w ⊕
    /// <paramref name="firstMask"/> into <paramref name="first"/> and w ⊕ <paramref name="secondMask"/> into
    /// <paramref name="second"/>. Six of the eight input words are read into registers once and their bytes shifted out
    /// (a zero-extend and a shift a lookup, no load); the other two are read a byte at a time from memory (a load a
    /// lookup). All from memory, the loads set the pace (two a lookup: the byte and the table word); all from
    /// registers, the eight words and the outputs' references did not fit the registers and spilled (1.24 times the
    /// time at 128 KiB). A ref struct per kind of output, generic, measured 1.05 times this: its references were kept
    /// on the stack and reloaded before every store.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Lps(ref ulong table, ref ulong source, ref ulong first, ref ulong firstMask, ref ulong second, ref ulong secondMask, bool twice)
    {
        ref byte bytes = ref Unsafe.As<ulong, byte>(ref source);
        ulong w0 = source, w1 = Unsafe.Add(ref source, 1), w2 = Unsafe.Add(ref source, 2);
        ulong w3 = Unsafe.Add(ref source, 3), w4 = Unsafe.Add(ref source, 4), w5 = Unsafe.Add(ref source, 5);
        Store(LpsWord(ref table, ref bytes, 0, w0, w1, w2, w3, w4, w5), 0, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 1, w0, w1, w2, w3, w4, w5), 1, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 2, w0, w1, w2, w3, w4, w5), 2, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 3, w0, w1, w2, w3, w4, w5), 3, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 4, w0, w1, w2, w3, w4, w5), 4, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 5, w0, w1, w2, w3, w4, w5), 5, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 6, w0, w1, w2, w3, w4, w5), 6, ref first, ref firstMask, ref second, ref secondMask, twice);
        (w0, w1, w2, w3, w4, w5) = (w0 >> 8, w1 >> 8, w2 >> 8, w3 >> 8, w4 >> 8, w5 >> 8);
        Store(LpsWord(ref table, ref bytes, 7, w0, w1, w2, w3, w4, w5), 7, ref first, ref firstMask, ref second, ref secondMask, twice);
    }

    /// <summary>Output word <paramref name="i"/> of <see cref="Lps(ref ulong, ref ulong, ref ulong, ref ulong, ref ulong, ref ulong, bool)"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ulong w, int i, ref ulong first, ref ulong firstMask, ref ulong second, ref ulong secondMask, bool twice)
    {
        if (twice)
        {
            Unsafe.Add(ref first, i) = w ^ Unsafe.Add(ref firstMask, i);
            Unsafe.Add(ref second, i) = w ^ Unsafe.Add(ref secondMask, i);
        }
        else
        {
            Unsafe.Add(ref first, i) = w;
        }
    }

    /// <summary>
    /// Output word <paramref name="i"/> of LPS: table j at byte i of input word j, for j = 0..7 (little-endian bytes).
    /// <paramref name="w0"/> to <paramref name="w5"/> are input words 0 to 5 shifted right by 8i bits, so their low
    /// bytes are the ones wanted; words 6 and 7 are read from <paramref name="source"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LpsWord(ref ulong table, ref byte source, int i, ulong w0, ulong w1, ulong w2, ulong w3, ulong w4, ulong w5)
    {
        // Byte i of word j is at offset 8j + i on little-endian machines, and 8j + 7 - i on big-endian ones.
        int b = BitConverter.IsLittleEndian ? i : 7 - i;
        return MdsTables.Entry(ref table, 0, (byte)w0)
            ^ MdsTables.Entry(ref table, 1, (byte)w1)
            ^ MdsTables.Entry(ref table, 2, (byte)w2)
            ^ MdsTables.Entry(ref table, 3, (byte)w3)
            ^ MdsTables.Entry(ref table, 4, (byte)w4)
            ^ MdsTables.Entry(ref table, 5, (byte)w5)
            ^ MdsTables.Entry(ref table, 6, Unsafe.Add(ref source, (6 * 8) + b))
            ^ MdsTables.Entry(ref table, 7, Unsafe.Add(ref source, (7 * 8) + b));
    }


    /// <summary>v += value mod 2^512 (the counter N).</summary>
    private static void AddWord(ref ulong v, ulong value)
    {
        for (int i = 0; i < Words && value != 0; i++)
        {
            ulong sum = Unsafe.Add(ref v, i) + value;
            value = sum < value ? 1UL : 0UL;
            Unsafe.Add(ref v, i) = sum;
        }
    }

    /// <summary>v += m mod 2^512 (the sum Σ), m an unaligned little-endian block.</summary>
    private static void AddBlock(ref ulong v, ref byte m)
    {
        ref ulong words = ref Unsafe.As<byte, ulong>(ref m);
        ulong carry = 0;
        for (int i = 0; i < Words; i++)
        {
            ulong a = Unsafe.Add(ref v, i);
            ulong b = ReadWord(ref words, i);
            ulong sum = a + b;
            ulong carryOut = sum < a ? 1UL : 0UL;
            sum += carry;
            carryOut |= sum < carry ? 1UL : 0UL;
            Unsafe.Add(ref v, i) = sum;
            carry = carryOut;
        }
    }
}

/// <summary>Incremental Streebog-512 or Streebog-256: append the message in pieces of any size, then read the hash code.</summary>
public sealed class StreebogHasher : BlockHasher
{
    /// <summary>Starts a Streebog computation (scalar, the only path).</summary>
    /// <param name="hashSizeInBytes">64 for Streebog-512, 32 for Streebog-256.</param>
    /// <exception cref="ArgumentException">Another hash size.</exception>
    public StreebogHasher(int hashSizeInBytes)
        : base(new BlockHashEngine<Streebog.Function, Streebog.State>(Streebog.CheckHashSize(hashSizeInBytes)), $"Streebog-{8 * hashSizeInBytes}")
    {
    }
}
