using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace CryptoHarness.Managed;

/// <summary>
/// The Ascon permutation Ascon-p[rnd] of NIST SP 800-232 §3 on a 320-bit state of five 64-bit words, one
/// implementation per path (<c>Ascon.Scalar.cs</c>, <c>Ascon.Avx512.cs</c>), each with its own register form of a
/// word (<typeparamref name="TWord"/>): the engine under <see cref="AsconHash256"/>, <see cref="AsconXof128"/> and
/// <see cref="AsconAead128"/>, whose loops are generic over it so that the JIT compiles each function once per path
/// with the rounds inlined and the state in that path's registers from the first block to the last.
/// </summary>
/// <remarks>
/// <para>
/// The state is five locals passed by reference into aggressively inlined methods, so that the JIT keeps the words
/// in registers across a whole absorb loop instead of storing them after each permutation. The functions' loops
/// (<c>Sponge</c>, <c>EncryptCore</c>, <c>DecryptCore</c>) are <see cref="MethodImplOptions.NoInlining"/>: when the
/// JIT inlined them into a Tier-1 caller (<c>AsconXof128.HashData</c>, whose body is small), the caller's inlining
/// budget ran out inside them, the rounds became calls and the five words lived on the stack, which made the same
/// loop 20% slower for Ascon-XOF128 than for Ascon-Hash256 and the Avx512 path twice as slow as Scalar (seen with
/// <c>DOTNET_JitDisasm</c>, 2026-11-26). The bit-interleaved form of the reference code is for 32-bit CPUs and not
/// needed on x64 or Arm64. SP 800-232 reads bytes into words little endian (§2.1, the change from the big-endian
/// v1.2 submission), so on little-endian hosts a block is one load.
/// </para>
/// <para>
/// Each block depends on the permutation of the one before, so there is no parallelism across blocks to put in vector
/// lanes; a round is a chain of integer operations, and the scalar path is bound by their count on four ALUs
/// (37 a round: 16 for the S-box with ANDN, 20 for the linear layer, and the constant, into which the previous
/// round's NOT is folded) more than by the chain's depth (8 operations from one round's input to the next's). The
/// <see cref="InstructionSet.Avx512"/> path holds each word in the low lane of a 128-bit register for AVX-512's
/// three-input logic (<c>vpternlogq</c>) and rotations (<c>vprolq</c>): one instruction for each S-box term
/// x ^ (~y &amp; z), one for each three-way XOR of the linear layer, 26 instructions a round on the four vector
/// pipes and a chain of 5; its words stay in the vector registers through the whole loop, input and output
/// included.
/// </para>
/// <para>
/// Dispatch: Scalar for all three functions for now (measurement below pending), Avx512 registered as a path of its own so that reports show it.
/// </para>
/// </remarks>
/// <typeparam name="TWord">One state word as the path holds it in a register.</typeparam>
internal interface IAsconPermutation<TWord>
    where TWord : struct
{
    /// <summary>A word from its integer value.</summary>
    static abstract TWord FromScalar(ulong value);

    /// <summary>The integer value of a word.</summary>
    static abstract ulong ToScalar(TWord word);

    /// <summary>A whole 8-byte block as a word, little endian (SP 800-232 §2.1).</summary>
    static abstract TWord Load(ReadOnlySpan<byte> block);

    /// <summary>A word into the first 8 bytes of <paramref name="block"/>, little endian.</summary>
    static abstract void Store(Span<byte> block, TWord word);

    /// <summary>The 8 bytes from <paramref name="block"/> on as a word, little endian; the caller checked that they exist.</summary>
    static abstract TWord Load(ref byte block);

    /// <summary>A word into the 8 bytes from <paramref name="block"/> on, little endian; the caller checked that they exist.</summary>
    static abstract void Store(ref byte block, TWord word);

    static abstract TWord Xor(TWord left, TWord right);

    /// <summary>Ascon-p[12] on the five words.</summary>
    static abstract void P12(ref TWord x0, ref TWord x1, ref TWord x2, ref TWord x3, ref TWord x4);

    /// <summary>Ascon-p[8] on the five words.</summary>
    static abstract void P8(ref TWord x0, ref TWord x1, ref TWord x2, ref TWord x3, ref TWord x4);
}

/// <summary>Byte-to-word conversions, padding and path selection shared by the Ascon functions.</summary>
internal static class AsconPermutation
{
    /// <summary>A whole 8-byte block as a word, little endian (SP 800-232 §2.1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong Load(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadUInt64LittleEndian(block);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(Span<byte> block, ulong word) => BinaryPrimitives.WriteUInt64LittleEndian(block, word);

    /// <summary>
    /// The first <c>bytes.Length</c> (0 to 7) bytes of a word, little endian, followed by the padding bit: the
    /// 0x01 byte right after the data that SP 800-232's pad(X, r) appends (§2.1, Algorithm 2 step 1 read in
    /// little-endian byte order).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadPartialPadded(ReadOnlySpan<byte> bytes) => LoadPartial(bytes) | PaddingAfter(bytes.Length);

    /// <summary>The first <c>bytes.Length</c> (0 to 7) bytes of a word, little endian, the rest zero.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong LoadPartial(ReadOnlySpan<byte> bytes)
    {
        ulong word = 0;
        for (int i = 0; i < bytes.Length; i++)
        {
            word |= (ulong)bytes[i] << (8 * i);
        }

        return word;
    }

    /// <summary>The padding byte 0x01 placed right after <paramref name="length"/> (0 to 7) data bytes of a word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong PaddingAfter(int length) => 1UL << (8 * length);

    /// <summary>The first <c>destination.Length</c> (0 to 7) bytes of <paramref name="word"/>, little endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StorePartial(Span<byte> destination, ulong word)
    {
        for (int i = 0; i < destination.Length; i++)
        {
            destination[i] = (byte)(word >> (8 * i));
        }
    }

    /// <summary>Whether Ascon has <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => path switch
    {
        InstructionSet.Scalar => true,
        InstructionSet.Avx512 => InstructionSets.IsSupported(InstructionSet.Avx512) && Avx512F.VL.IsSupported,
        _ => false,
    };

    /// <summary>
    /// Throws <see cref="PlatformNotSupportedException"/> when the CPU lacks <paramref name="path"/> and
    /// <see cref="ArgumentException"/> when Ascon has no code for it.
    /// </summary>
    public static void ThrowIfNotSupported(InstructionSet path, string name)
    {
        InstructionSets.ThrowIfNotSupported(path);
        if (!IsSupported(path))
        {
            throw new ArgumentException(
                $"{name} has no {InstructionSets.VariantName(path)} path; it has scalar and avx512.", nameof(path));
        }
    }
}
