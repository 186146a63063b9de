using System.Numerics;
using System.Runtime.CompilerServices;

namespace CryptoHarness.Managed;

/// <summary>
/// The scalar path of Ascon-p: the five words in 64-bit integer registers, the S-box with ANDN (BMI1) where the CPU
/// has it, the rotations with RORX.
/// </summary>
internal readonly struct AsconScalar : IAsconPermutation
{
    /// <summary>
    /// Ascon-p[12]. SP 800-232 Table 5 numbers the round constants for up to 16 rounds, c_0 = 0x3C … c_15 = 0x4B, and
    /// p[rnd] uses the last rnd of them (§3.2): here c_4 = 0xF0 … c_15.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P12(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
    {
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xF0);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xE1);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xD2);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xC3);
        P8(ref x0, ref x1, ref x2, ref x3, ref x4);
    }

    /// <summary>Ascon-p[8]: the last eight rounds of p[12], constants c_8 = 0xB4 … c_15 = 0x4B.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void P8(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4)
    {
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xB4);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0xA5);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x96);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x87);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x78);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x69);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x5A);
        Round(ref x0, ref x1, ref x2, ref x3, ref x4, 0x4B);
    }

    /// <summary>
    /// One round (SP 800-232 §3.2–3.4): the constant into word 2 (p_C), the 5-bit S-box across the five words
    /// (p_S, in its bitsliced form: the χ-like core between two linear steps), and each word XORed with two
    /// rotations of itself (p_L, Σ_0 … Σ_4).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(ref ulong x0, ref ulong x1, ref ulong x2, ref ulong x3, ref ulong x4, ulong constant)
    {
        x2 ^= constant;

        // p_S: the affine input layer, the nonlinear core t_i = x_i ^ (~x_(i+1) & x_(i+2)), the affine output layer.
        x0 ^= x4;
        x4 ^= x3;
        x2 ^= x1;
        ulong t0 = x0 ^ (~x1 & x2);
        ulong t1 = x1 ^ (~x2 & x3);
        ulong t2 = x2 ^ (~x3 & x4);
        ulong t3 = x3 ^ (~x4 & x0);
        ulong t4 = x4 ^ (~x0 & x1);
        t1 ^= t0;
        t0 ^= t4;
        t3 ^= t2;

        // p_L, with the output layer's complement of word 2 moved past it: Σ_2(~t) = ~Σ_2(t).
        x0 = t0 ^ BitOperations.RotateRight(t0, 19) ^ BitOperations.RotateRight(t0, 28);
        x1 = t1 ^ BitOperations.RotateRight(t1, 61) ^ BitOperations.RotateRight(t1, 39);
        x2 = ~(t2 ^ BitOperations.RotateRight(t2, 1) ^ BitOperations.RotateRight(t2, 6));
        x3 = t3 ^ BitOperations.RotateRight(t3, 10) ^ BitOperations.RotateRight(t3, 17);
        x4 = t4 ^ BitOperations.RotateRight(t4, 7) ^ BitOperations.RotateRight(t4, 41);
    }
}
