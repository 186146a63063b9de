using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace CryptoHarness.Managed;

/// <summary>
/// The Ascon permutation Ascon-p[rnd] of NIST SP 800-232 §3 on a 320-bit state of five 64-bit words, one
/// implementation per path (<c>Ascon.Scalar.cs</c>, <c>Ascon.Avx512.cs</c>): the engine under
/// <see cref="AsconHash256"/>, <see cref="AsconXof128"/> and <see cref="AsconAead128"/>, which are generic over it
/// so that the JIT compiles each function once per path with the rounds inlined.
/// </summary>
/// <remarks>
/// <para>
/// The state is five locals passed by reference into aggressively inlined methods, so that the JIT keeps the words
/// in registers across a whole absorb loop instead of storing them after each permutation. The bit-interleaved form
/// of the reference code is for 32-bit CPUs and not needed on x64 or Arm64. SP 800-232 reads bytes into words little
/// endian (§2.1, the change from the big-endian v1.2 submission), so on little-endian hosts a block is one load.
/// </para>
/// <para>
/// Each block depends on the permutation of the one before, so there is no parallelism across blocks to put in vector
/// lanes; a round is a chain of about 38 integer operations (16 for the S-box with ANDN, 20 for the linear layer, the
/// constant and a NOT), and the scalar path is bound both by their count on four ALUs and by the chain's depth
/// (8 operations from one round's input to the next's). The <see cref="InstructionSet.Avx512"/> path holds each
/// word in the low lane of a 128-bit register for AVX-512's three-input logic (<c>vpternlogq</c>) and rotations
/// (<c>vprolq</c>): one instruction for each S-box term x ^ (~y &amp; z), one for each three-way XOR of the linear
/// layer, about 26 instructions a round and a chain of 5. The words cross between the two register files at each
/// permutation's start and end.
/// </para>
/// <para>
/// Dispatch: Scalar for all three functions, Avx512 registered as a path of its own so that reports show it. Stopwatch
/// medians of 21 interleaved rounds on an AMD EPYC (Zen 4) shared with other jobs (2026-11-26), 128 KiB: Ascon-Hash256
/// took 1.9 to 2.6 ms on Scalar and 4.4 to 6.8 ms on Avx512 in four runs (BouncyCastle 2.8 to 4.4 ms); squeezing
/// 128 KiB of Ascon-XOF128 output, the same p[12] per 8 bytes without the message load, ran level (2.64 against
/// 2.75 ms), and the cause of the absorb loop's loss was not found. Ascon-AEAD128 encryption measured once in Avx512's
/// favour (517 against 635 µs; 0.93 against 1.65 µs at 128 bytes) and once against it (1297 against 1020 µs; 2.30
/// against 1.63 µs), so no path is shown to win there and the simpler one is the default.
/// </para>
/// </remarks>
internal interface IAsconPermutation
{
    /// <summary>Ascon-p[12] on the five words.</summary>
    static abstract void P12(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4);

    /// <summary>Ascon-p[8] on the five words.</summary>
    static abstract void P8(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4);
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
