namespace CryptoHarness.Managed;

/// <summary>
/// The ChaCha20 stream cipher of RFC 8439 §2.4 (256-bit key, 96-bit nonce, 32-bit block counter) and HChaCha20
/// (draft-irtf-cfrg-xchacha-03 §2.2), the subkey derivation behind XChaCha20.
/// </summary>
/// <remarks>
/// <para>
/// Paths (one partial file each): <see cref="InstructionSet.Scalar"/> (<c>ChaCha20.Scalar.cs</c>, one block at a time
/// in sixteen <c>uint</c> locals), <see cref="InstructionSet.Ssse3"/> (<c>ChaCha20.Ssse3.cs</c>: four blocks in
/// <c>Vector128</c> lanes), <see cref="InstructionSet.Avx2"/> (<c>ChaCha20.Avx2.cs</c>: eight blocks in
/// <c>Vector256</c> lanes) and <see cref="InstructionSet.Avx512"/> (<c>ChaCha20.Avx512.cs</c>: sixteen blocks in
/// <c>Vector512</c> lanes, rotating with vprold). Every vector path keeps word i of each of its blocks in vector i,
/// so a round is the RFC's quarter rounds on whole vectors with no shuffles between the column and diagonal
/// rounds; only the output is transposed back to block order, once per group of blocks.
/// </para>
/// <para>
/// Dispatch: a path runs its own width over whole groups and, for what is left, the narrowest of its kernels that
/// covers it (the Avx512 path's last 1 to 4 blocks go through the 4-block kernel, 5 to 8 through the 8-block one, both
/// rotating with vprold), so a short message never pays for sixteen blocks. <see cref="DefaultPath"/> is the widest
/// path the CPU runs. Measured on the AMD EPYC (Zen 4), 128 KiB (best of 400 rounds of a loop, a loaded machine):
/// Avx512 5.2 GB/s, Avx2 3.4, Ssse3 1.76, Scalar 0.35; at 128 bytes (two blocks in a 4-block call) 168 ns on the
/// Avx512 path against 192 ns on the Ssse3 path, the difference being vprold. At emulated x86-64-v3
/// (<c>DOTNET_EnableAVX512F=0</c>, <c>DOTNET_EnableAVX512=0</c>) the Avx2 and Ssse3 kernels ran at half those speeds
/// (1.57 and 0.85 B/ns): the sixteen words of the running state filled the sixteen registers a CPU without AVX-512
/// has, and the JIT spilled and reloaded a word inside every rotation by 12 or 7, on the chain of dependent
/// operations. Without AVX-512 both kernels now keep words 8 to 11 in memory (<see cref="RowAvx2"/>); the
/// Avx2 kernel then ran at 3.14 B/ns at emulated v3 (Stopwatch, 128 KiB, best of 15 on a loaded machine). Read those
/// paths from the emulated pages.
/// </para>
/// <para>
/// The cipher allocates nothing; a partial last group is run in a stack buffer that is wiped afterwards, as is the
/// state that held the key.
/// </para>
/// </remarks>
public static partial class ChaCha20
{
    public const int KeySizeInBytes = 32;
    public const int NonceSizeInBytes = 12;
    public const int BlockSizeInBytes = 64;

    /// <summary>HChaCha20's nonce (draft-irtf-cfrg-xchacha-03 §2.2): 128 bits.</summary>
    public const int HChaChaNonceSizeInBytes = 16;

    // RFC 8439 §2.3: "expand 32-byte k" as four little-endian words.
    internal const uint Sigma0 = 0x61707865;
    internal const uint Sigma1 = 0x3320646e;
    internal const uint Sigma2 = 0x79622d32;
    internal const uint Sigma3 = 0x6b206574;

    // The widest kernel, Avx512's: the size of the stack buffer a partial group is run in.
    private const int MaxGroupBytes = 16 * BlockSizeInBytes;

    /// <summary>The widest path this CPU runs: the overloads without an <see cref="InstructionSet"/> use it.</summary>
    public static InstructionSet DefaultPath { get; } = InstructionSets.Widest(IsSupported);

    /// <summary>
    /// Whether <paramref name="path"/> exists for ChaCha20 and this CPU runs it. The vector paths are x86 only: they
    /// rotate by 16 and 8 bits with pshufb and transpose with the unpack instructions. Avx512 needs AVX-512F and VL
    /// (vprold at every width, vshufi32x4) beside the 256- and 128-bit kernels it finishes with.
    /// </summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Ssse3 => Ssse3.IsSupported,
        InstructionSet.Avx2 => Avx2.IsSupported,
        InstructionSet.Avx512 => InstructionSets.IsSupported(InstructionSet.Avx512) && Avx512F.VL.IsSupported && Avx2.IsSupported,
        _ => false,
    };

    /// <summary>
    /// Xors <paramref name="source"/> with the ChaCha20 keystream starting at block <paramref name="counter"/> (RFC
    /// 8439 §2.4) into <paramref name="destination"/>, on the default path. Source and destination may be the same.
    /// </summary>
    public static void Xor(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, uint counter, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Xor(key, nonce, counter, source, destination, DefaultPath);

    /// <summary>As <see cref="Xor(ReadOnlySpan{byte}, ReadOnlySpan{byte}, uint, ReadOnlySpan{byte}, Span{byte})"/> on the given path.</summary>
    /// <exception cref="ArgumentException">A length is wrong, or the message runs past block 2^32 - 1 (RFC 8439 §2.4).</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    [SkipLocalsInit]
    public static void Xor(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, uint counter, ReadOnlySpan<byte> source, Span<byte> destination, InstructionSet path)
    {
        ThrowIfNotSupported(path);
        RequireLength(key, KeySizeInBytes, nameof(key));
        RequireLength(nonce, NonceSizeInBytes, nameof(nonce));
        if (destination.Length != source.Length)
        {
            throw new ArgumentException($"Destination is {destination.Length} bytes; it must be as long as the source ({source.Length}).", nameof(destination));
        }

        ulong blocks = ((ulong)(uint)source.Length + BlockSizeInBytes - 1) / BlockSizeInBytes;
        if (counter + blocks > 1UL << 32)
        {
            throw new ArgumentException("The message runs past block 2^32 - 1, where RFC 8439's 32-bit counter ends.", nameof(source));
        }

        Unsafe.SkipInit(out State state);
        Initialize(ref state, key, nonce);
        Xor(path, ref state, counter, ref MemoryMarshal.GetReference(source), ref MemoryMarshal.GetReference(destination), source.Length);
        Wipe(ref state);
    }

    /// <summary>
    /// HChaCha20 (draft-irtf-cfrg-xchacha-03 §2.2): twenty rounds over the key and a 128-bit nonce, and words 0 to 3
    /// and 12 to 15 of the result (without the final addition) as a 256-bit subkey.
    /// </summary>
    public static void HChaCha20(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, Span<byte> subkey)
    {
        RequireLength(key, KeySizeInBytes, nameof(key));
        RequireLength(nonce, HChaChaNonceSizeInBytes, nameof(nonce));
        RequireLength(subkey, KeySizeInBytes, nameof(subkey));
        Unsafe.SkipInit(out Key words);
        ReadKey(ref words, key);
        Unsafe.SkipInit(out Key result);
        HChaCha20(ref words, nonce, ref result);
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(subkey[(4 * i)..], result[i]);
        }

        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)words));
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)result));
    }

    /// <summary>HChaCha20 on key words: the subkey as eight words, for XChaCha20 to use without a round trip through bytes.</summary>
    internal static void HChaCha20(ref Key key, ReadOnlySpan<byte> nonce, ref Key subkey)
    {
        Debug.Assert(nonce.Length == HChaChaNonceSizeInBytes, "HChaCha20 takes a 128-bit nonce.");
        uint x0 = Sigma0, x1 = Sigma1, x2 = Sigma2, x3 = Sigma3;
        uint x4 = key[0], x5 = key[1], x6 = key[2], x7 = key[3], x8 = key[4], x9 = key[5], x10 = key[6], x11 = key[7];
        uint x12 = BinaryPrimitives.ReadUInt32LittleEndian(nonce);
        uint x13 = BinaryPrimitives.ReadUInt32LittleEndian(nonce[4..]);
        uint x14 = BinaryPrimitives.ReadUInt32LittleEndian(nonce[8..]);
        uint x15 = BinaryPrimitives.ReadUInt32LittleEndian(nonce[12..]);
        for (int i = 0; i < 10; i++)
        {
            DoubleRoundScalar(
                ref x0, ref x1, ref x2, ref x3, ref x4, ref x5, ref x6, ref x7,
                ref x8, ref x9, ref x10, ref x11, ref x12, ref x13, ref x14, ref x15);
        }

        subkey[0] = x0;
        subkey[1] = x1;
        subkey[2] = x2;
        subkey[3] = x3;
        subkey[4] = x12;
        subkey[5] = x13;
        subkey[6] = x14;
        subkey[7] = x15;
    }

    /// <summary>Reads a 32-byte key as the eight little-endian words of RFC 8439 §2.3's state.</summary>
    internal static void ReadKey(ref Key words, ReadOnlySpan<byte> key)
    {
        Debug.Assert(key.Length == KeySizeInBytes, "ChaCha20 keys are 32 bytes.");
        for (int i = 0; i < 8; i++)
        {
            words[i] = BinaryPrimitives.ReadUInt32LittleEndian(key[(4 * i)..]);
        }
    }

    /// <summary>The state of RFC 8439 §2.3 from a key and a 96-bit nonce; the counter word is set per group.</summary>
    internal static void Initialize(ref State state, ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce)
    {
        Unsafe.SkipInit(out Key words);
        ReadKey(ref words, key);
        Initialize(ref state, ref words, nonce);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)words));
    }

    /// <summary>
    /// The state from key words and a nonce of 12 bytes, or of 8 bytes after four zero bytes (XChaCha20's, draft §2.3).
    /// </summary>
    internal static void Initialize(ref State state, ref Key key, ReadOnlySpan<byte> nonce)
    {
        state[0] = Sigma0;
        state[1] = Sigma1;
        state[2] = Sigma2;
        state[3] = Sigma3;
        for (int i = 0; i < 8; i++)
        {
            state[4 + i] = key[i];
        }

        state[12] = 0;
        if (nonce.Length == NonceSizeInBytes)
        {
            state[13] = BinaryPrimitives.ReadUInt32LittleEndian(nonce);
            state[14] = BinaryPrimitives.ReadUInt32LittleEndian(nonce[4..]);
            state[15] = BinaryPrimitives.ReadUInt32LittleEndian(nonce[8..]);
        }
        else
        {
            Debug.Assert(nonce.Length == 8, "Either a 96-bit nonce or XChaCha20's last 64 bits.");
            state[13] = 0;
            state[14] = BinaryPrimitives.ReadUInt32LittleEndian(nonce);
            state[15] = BinaryPrimitives.ReadUInt32LittleEndian(nonce[4..]);
        }
    }

    internal static void Wipe(ref State state) =>
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state, 1)));

    /// <summary>
    /// Xors <paramref name="length"/> bytes at <paramref name="source"/> with the keystream from block
    /// <paramref name="counter"/> on: whole groups of the path's width straight between the caller's buffers, the
    /// rest through <see cref="XorPartial"/>. The caller has checked the counter cannot wrap.
    /// </summary>
    internal static void Xor(InstructionSet path, ref State state, uint counter, ref byte source, ref byte destination, int length)
    {
        int width = GroupBlocks(path);
        int groups = length / (width * BlockSizeInBytes);
        if (groups > 0)
        {
            XorGroups(path, width, ref state, counter, ref source, ref destination, groups);
            int done = groups * width * BlockSizeInBytes;
            counter += (uint)(groups * width);
            source = ref Unsafe.Add(ref source, done);
            destination = ref Unsafe.Add(ref destination, done);
            length -= done;
        }

        if (length > 0)
        {
            XorPartial(path, ref state, counter, ref source, ref destination, length);
        }
    }

    /// <summary>
    /// Xors fewer bytes than a group of the path's width: in a zeroed stack buffer, with the smallest of the path's
    /// kernels that covers them, then wiped.
    /// </summary>
    [SkipLocalsInit]
    internal static void XorPartial(InstructionSet path, ref State state, uint counter, ref byte source, ref byte destination, int length)
    {
        Debug.Assert(length > 0 && length < GroupBlocks(path) * BlockSizeInBytes, "A partial group is shorter than a whole one.");
        Unsafe.SkipInit(out GroupBuffer buffer);
        Span<byte> group = buffer;
        int width = WidthFor(path, (length + BlockSizeInBytes - 1) / BlockSizeInBytes);
        int groupBytes = width * BlockSizeInBytes;
        group = group[..groupBytes];
        MemoryMarshal.CreateReadOnlySpan(ref source, length).CopyTo(group);
        group[length..].Clear();
        XorGroups(path, width, ref state, counter, ref MemoryMarshal.GetReference(group), ref MemoryMarshal.GetReference(group), 1);
        group[..length].CopyTo(MemoryMarshal.CreateSpan(ref destination, length));
        CryptographicOperations.ZeroMemory(group);
    }

    /// <summary>The blocks one kernel call of <paramref name="path"/> covers.</summary>
    internal static int GroupBlocks(InstructionSet path) => path switch
    {
        InstructionSet.Avx512 => 16,
        InstructionSet.Avx2 => 8,
        InstructionSet.Ssse3 => 4,
        _ => 1,
    };

    /// <summary>
    /// The narrowest kernel width (4, 8 or 16 blocks, or 1 on the scalar path) that <paramref name="path"/> may use
    /// and that covers <paramref name="blocks"/> blocks in one call, or the path's own width when none does: a wider
    /// path finishes with the narrower vector kernels.
    /// </summary>
    internal static int WidthFor(InstructionSet path, int blocks) => path switch
    {
        InstructionSet.Scalar => 1,
        _ when blocks <= 4 => 4,
        InstructionSet.Ssse3 => 4,
        _ when blocks <= 8 => 8,
        _ => GroupBlocks(path),
    };

    /// <summary>
    /// Xors <paramref name="groups"/> whole groups of <paramref name="width"/> blocks (a width
    /// <paramref name="path"/> has) from <paramref name="source"/> into <paramref name="destination"/>, block counters
    /// from <paramref name="counter"/> up. The one place that picks the code for a path: the Avx512 path's 4- and
    /// 8-block groups rotate with vprold, the other paths' with shuffles and shifts.
    /// </summary>
    internal static void XorGroups(InstructionSet path, int width, ref State state, uint counter, ref byte source, ref byte destination, int groups)
    {
        if (width == 16)
        {
            XorAvx512(ref state, counter, ref source, ref destination, groups);
        }
        else if (path == InstructionSet.Avx512)
        {
            XorNarrower<Avx512Rotations>(width, ref state, counter, ref source, ref destination, groups);
        }
        else
        {
            XorNarrower<ShuffleRotations>(width, ref state, counter, ref source, ref destination, groups);
        }
    }

    /// <summary>The 8-, 4- and 1-block groups of <see cref="XorGroups"/>, rotating as <typeparamref name="TRotations"/> does.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void XorNarrower<TRotations>(int width, ref State state, uint counter, ref byte source, ref byte destination, int groups)
        where TRotations : struct, IRotations
    {
        switch (width)
        {
            case 8:
                XorAvx2<TRotations>(ref state, counter, ref source, ref destination, groups);
                break;
            case 4:
                XorSsse3<TRotations>(ref state, counter, ref source, ref destination, groups);
                break;
            default:
                XorScalar(ref state, counter, ref source, ref destination, groups);
                break;
        }
    }

    private static void ThrowIfNotSupported(InstructionSet path)
    {
        if (!IsSupported(path))
        {
            ThrowNotSupported(path);
        }
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal static void ThrowNotSupported(InstructionSet path)
    {
        InstructionSets.ThrowIfNotSupported(path);
        throw new PlatformNotSupportedException(
            $"ChaCha20 has no {InstructionSets.VariantName(path)} path on this CPU; see ChaCha20.IsSupported.");
    }

    private static void RequireLength(ReadOnlySpan<byte> value, int expected, string parameter)
    {
        if (value.Length != expected)
        {
            throw new ArgumentException($"{parameter} is {value.Length} bytes; ChaCha20 takes {expected}.", parameter);
        }
    }

    /// <summary>RFC 8439 §2.3's sixteen-word state: constants, key, block counter, nonce.</summary>
    [InlineArray(16)]
    internal struct State
    {
        private uint _element0;
    }

    /// <summary>A 256-bit key as eight little-endian words.</summary>
    [InlineArray(8)]
    internal struct Key
    {
        private uint _element0;
    }

    [InlineArray(MaxGroupBytes)]
    internal struct GroupBuffer
    {
        private byte _element0;
    }
}
