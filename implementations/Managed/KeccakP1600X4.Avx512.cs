using V = System.Runtime.Intrinsics.Vector256<ulong>;

namespace CryptoHarness.Managed;

/// <summary>
/// The Avx512 path of the four-way permutation: the Avx2 path's layout (lane <c>i</c> of the four states in one
/// 256-bit register), with AVX-512VL's <c>vprolq</c> for each rotation and <c>vpternlogq</c> for χ.
/// </summary>
/// <remarks>
/// Still four states in 256-bit registers, the batch size of the API (lattice schemes expand in fours); eight states
/// in 512-bit registers were not tried. What AVX-512 adds here is a one-instruction rotation (three on AVX2), a
/// one-instruction χ, and 32 registers, so the 25 lanes do not spill.
/// </remarks>
internal static partial class KeccakP1600X4
{
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void AbsorbAvx512(
        ref KeccakStateX4 state, ref byte data0, ref byte data1, ref byte data2, ref byte data3, nuint blockCount, int rateInLanes, int firstRound)
    {
        Debug.Assert(Avx512F.VL.IsSupported, "Callers check the path.");

        V a0 = Vector256.LoadUnsafe(ref state[0], 0);
        V a1 = Vector256.LoadUnsafe(ref state[0], 4);
        V a2 = Vector256.LoadUnsafe(ref state[0], 8);
        V a3 = Vector256.LoadUnsafe(ref state[0], 12);
        V a4 = Vector256.LoadUnsafe(ref state[0], 16);
        V a5 = Vector256.LoadUnsafe(ref state[0], 20);
        V a6 = Vector256.LoadUnsafe(ref state[0], 24);
        V a7 = Vector256.LoadUnsafe(ref state[0], 28);
        V a8 = Vector256.LoadUnsafe(ref state[0], 32);
        V a9 = Vector256.LoadUnsafe(ref state[0], 36);
        V a10 = Vector256.LoadUnsafe(ref state[0], 40);
        V a11 = Vector256.LoadUnsafe(ref state[0], 44);
        V a12 = Vector256.LoadUnsafe(ref state[0], 48);
        V a13 = Vector256.LoadUnsafe(ref state[0], 52);
        V a14 = Vector256.LoadUnsafe(ref state[0], 56);
        V a15 = Vector256.LoadUnsafe(ref state[0], 60);
        V a16 = Vector256.LoadUnsafe(ref state[0], 64);
        V a17 = Vector256.LoadUnsafe(ref state[0], 68);
        V a18 = Vector256.LoadUnsafe(ref state[0], 72);
        V a19 = Vector256.LoadUnsafe(ref state[0], 76);
        V a20 = Vector256.LoadUnsafe(ref state[0], 80);
        V a21 = Vector256.LoadUnsafe(ref state[0], 84);
        V a22 = Vector256.LoadUnsafe(ref state[0], 88);
        V a23 = Vector256.LoadUnsafe(ref state[0], 92);
        V a24 = Vector256.LoadUnsafe(ref state[0], 96);

        V c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, b0, b1, b2, b3, b4;
        V e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12;
        V e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;
        ref ulong roundConstants = ref MemoryMarshal.GetArrayDataReference(KeccakP1600.RoundConstants);

        while (blockCount != 0)
        {
            // The rate is 17 or 21 lanes (SHAKE256, SHAKE128), or 0 for a bare permutation.
            if (rateInLanes != 0)
            {
                a0 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 0);
                a1 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 1);
                a2 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 2);
                a3 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 3);
                a4 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 4);
                a5 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 5);
                a6 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 6);
                a7 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 7);
                a8 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 8);
                a9 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 9);
                a10 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 10);
                a11 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 11);
                a12 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 12);
                a13 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 13);
                a14 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 14);
                a15 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 15);
                a16 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 16);
                if (rateInLanes > 17)
                {
                    a17 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 17);
                    a18 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 18);
                    a19 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 19);
                    a20 ^= LoadMessageLanes(ref data0, ref data1, ref data2, ref data3, 20);
                }
            }

            // Two rounds per iteration, A → E → A, so that no lane is copied between rounds.
            for (int round = firstRound; round < KeccakP1600.RoundCount; round += 2)
            {
                // θ: column parities C[x] and D[x] = C[x - 1] ^ ROT(C[x + 1], 1).
                c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
                c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
                c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
                c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
                c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
                d0 = c4 ^ RolAvx512(c1, 1);
                d1 = c0 ^ RolAvx512(c2, 1);
                d2 = c1 ^ RolAvx512(c3, 1);
                d3 = c2 ^ RolAvx512(c4, 1);
                d4 = c3 ^ RolAvx512(c0, 1);
                // Plane y = 0: θ, ρ and π gather B[x, 0], then χ and ι.
                b0 = a0 ^ d0;
                b1 = RolAvx512(a6 ^ d1, 44);
                b2 = RolAvx512(a12 ^ d2, 43);
                b3 = RolAvx512(a18 ^ d3, 21);
                b4 = RolAvx512(a24 ^ d4, 14);
                e0 = ChiAvx512(b0, b1, b2) ^ Vector256.Create(Unsafe.Add(ref roundConstants, round));
                e1 = ChiAvx512(b1, b2, b3);
                e2 = ChiAvx512(b2, b3, b4);
                e3 = ChiAvx512(b3, b4, b0);
                e4 = ChiAvx512(b4, b0, b1);
                // Plane y = 1: θ, ρ and π gather B[x, 1], then χ.
                b0 = RolAvx512(a3 ^ d3, 28);
                b1 = RolAvx512(a9 ^ d4, 20);
                b2 = RolAvx512(a10 ^ d0, 3);
                b3 = RolAvx512(a16 ^ d1, 45);
                b4 = RolAvx512(a22 ^ d2, 61);
                e5 = ChiAvx512(b0, b1, b2);
                e6 = ChiAvx512(b1, b2, b3);
                e7 = ChiAvx512(b2, b3, b4);
                e8 = ChiAvx512(b3, b4, b0);
                e9 = ChiAvx512(b4, b0, b1);
                // Plane y = 2: θ, ρ and π gather B[x, 2], then χ.
                b0 = RolAvx512(a1 ^ d1, 1);
                b1 = RolAvx512(a7 ^ d2, 6);
                b2 = RolAvx512(a13 ^ d3, 25);
                b3 = RolAvx512(a19 ^ d4, 8);
                b4 = RolAvx512(a20 ^ d0, 18);
                e10 = ChiAvx512(b0, b1, b2);
                e11 = ChiAvx512(b1, b2, b3);
                e12 = ChiAvx512(b2, b3, b4);
                e13 = ChiAvx512(b3, b4, b0);
                e14 = ChiAvx512(b4, b0, b1);
                // Plane y = 3: θ, ρ and π gather B[x, 3], then χ.
                b0 = RolAvx512(a4 ^ d4, 27);
                b1 = RolAvx512(a5 ^ d0, 36);
                b2 = RolAvx512(a11 ^ d1, 10);
                b3 = RolAvx512(a17 ^ d2, 15);
                b4 = RolAvx512(a23 ^ d3, 56);
                e15 = ChiAvx512(b0, b1, b2);
                e16 = ChiAvx512(b1, b2, b3);
                e17 = ChiAvx512(b2, b3, b4);
                e18 = ChiAvx512(b3, b4, b0);
                e19 = ChiAvx512(b4, b0, b1);
                // Plane y = 4: θ, ρ and π gather B[x, 4], then χ.
                b0 = RolAvx512(a2 ^ d2, 62);
                b1 = RolAvx512(a8 ^ d3, 55);
                b2 = RolAvx512(a14 ^ d4, 39);
                b3 = RolAvx512(a15 ^ d0, 41);
                b4 = RolAvx512(a21 ^ d1, 2);
                e20 = ChiAvx512(b0, b1, b2);
                e21 = ChiAvx512(b1, b2, b3);
                e22 = ChiAvx512(b2, b3, b4);
                e23 = ChiAvx512(b3, b4, b0);
                e24 = ChiAvx512(b4, b0, b1);

                // θ: column parities C[x] and D[x] = C[x - 1] ^ ROT(C[x + 1], 1).
                c0 = e0 ^ e5 ^ e10 ^ e15 ^ e20;
                c1 = e1 ^ e6 ^ e11 ^ e16 ^ e21;
                c2 = e2 ^ e7 ^ e12 ^ e17 ^ e22;
                c3 = e3 ^ e8 ^ e13 ^ e18 ^ e23;
                c4 = e4 ^ e9 ^ e14 ^ e19 ^ e24;
                d0 = c4 ^ RolAvx512(c1, 1);
                d1 = c0 ^ RolAvx512(c2, 1);
                d2 = c1 ^ RolAvx512(c3, 1);
                d3 = c2 ^ RolAvx512(c4, 1);
                d4 = c3 ^ RolAvx512(c0, 1);
                // Plane y = 0: θ, ρ and π gather B[x, 0], then χ and ι.
                b0 = e0 ^ d0;
                b1 = RolAvx512(e6 ^ d1, 44);
                b2 = RolAvx512(e12 ^ d2, 43);
                b3 = RolAvx512(e18 ^ d3, 21);
                b4 = RolAvx512(e24 ^ d4, 14);
                a0 = ChiAvx512(b0, b1, b2) ^ Vector256.Create(Unsafe.Add(ref roundConstants, round + 1));
                a1 = ChiAvx512(b1, b2, b3);
                a2 = ChiAvx512(b2, b3, b4);
                a3 = ChiAvx512(b3, b4, b0);
                a4 = ChiAvx512(b4, b0, b1);
                // Plane y = 1: θ, ρ and π gather B[x, 1], then χ.
                b0 = RolAvx512(e3 ^ d3, 28);
                b1 = RolAvx512(e9 ^ d4, 20);
                b2 = RolAvx512(e10 ^ d0, 3);
                b3 = RolAvx512(e16 ^ d1, 45);
                b4 = RolAvx512(e22 ^ d2, 61);
                a5 = ChiAvx512(b0, b1, b2);
                a6 = ChiAvx512(b1, b2, b3);
                a7 = ChiAvx512(b2, b3, b4);
                a8 = ChiAvx512(b3, b4, b0);
                a9 = ChiAvx512(b4, b0, b1);
                // Plane y = 2: θ, ρ and π gather B[x, 2], then χ.
                b0 = RolAvx512(e1 ^ d1, 1);
                b1 = RolAvx512(e7 ^ d2, 6);
                b2 = RolAvx512(e13 ^ d3, 25);
                b3 = RolAvx512(e19 ^ d4, 8);
                b4 = RolAvx512(e20 ^ d0, 18);
                a10 = ChiAvx512(b0, b1, b2);
                a11 = ChiAvx512(b1, b2, b3);
                a12 = ChiAvx512(b2, b3, b4);
                a13 = ChiAvx512(b3, b4, b0);
                a14 = ChiAvx512(b4, b0, b1);
                // Plane y = 3: θ, ρ and π gather B[x, 3], then χ.
                b0 = RolAvx512(e4 ^ d4, 27);
                b1 = RolAvx512(e5 ^ d0, 36);
                b2 = RolAvx512(e11 ^ d1, 10);
                b3 = RolAvx512(e17 ^ d2, 15);
                b4 = RolAvx512(e23 ^ d3, 56);
                a15 = ChiAvx512(b0, b1, b2);
                a16 = ChiAvx512(b1, b2, b3);
                a17 = ChiAvx512(b2, b3, b4);
                a18 = ChiAvx512(b3, b4, b0);
                a19 = ChiAvx512(b4, b0, b1);
                // Plane y = 4: θ, ρ and π gather B[x, 4], then χ.
                b0 = RolAvx512(e2 ^ d2, 62);
                b1 = RolAvx512(e8 ^ d3, 55);
                b2 = RolAvx512(e14 ^ d4, 39);
                b3 = RolAvx512(e15 ^ d0, 41);
                b4 = RolAvx512(e21 ^ d1, 2);
                a20 = ChiAvx512(b0, b1, b2);
                a21 = ChiAvx512(b1, b2, b3);
                a22 = ChiAvx512(b2, b3, b4);
                a23 = ChiAvx512(b3, b4, b0);
                a24 = ChiAvx512(b4, b0, b1);
            }

            nint step = rateInLanes * sizeof(ulong);
            data0 = ref Unsafe.Add(ref data0, step);
            data1 = ref Unsafe.Add(ref data1, step);
            data2 = ref Unsafe.Add(ref data2, step);
            data3 = ref Unsafe.Add(ref data3, step);
            blockCount--;
        }

        a0.StoreUnsafe(ref state[0], 0);
        a1.StoreUnsafe(ref state[0], 4);
        a2.StoreUnsafe(ref state[0], 8);
        a3.StoreUnsafe(ref state[0], 12);
        a4.StoreUnsafe(ref state[0], 16);
        a5.StoreUnsafe(ref state[0], 20);
        a6.StoreUnsafe(ref state[0], 24);
        a7.StoreUnsafe(ref state[0], 28);
        a8.StoreUnsafe(ref state[0], 32);
        a9.StoreUnsafe(ref state[0], 36);
        a10.StoreUnsafe(ref state[0], 40);
        a11.StoreUnsafe(ref state[0], 44);
        a12.StoreUnsafe(ref state[0], 48);
        a13.StoreUnsafe(ref state[0], 52);
        a14.StoreUnsafe(ref state[0], 56);
        a15.StoreUnsafe(ref state[0], 60);
        a16.StoreUnsafe(ref state[0], 64);
        a17.StoreUnsafe(ref state[0], 68);
        a18.StoreUnsafe(ref state[0], 72);
        a19.StoreUnsafe(ref state[0], 76);
        a20.StoreUnsafe(ref state[0], 80);
        a21.StoreUnsafe(ref state[0], 84);
        a22.StoreUnsafe(ref state[0], 88);
        a23.StoreUnsafe(ref state[0], 92);
        a24.StoreUnsafe(ref state[0], 96);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V RolAvx512(V lanes, [ConstantExpected(Min = 1, Max = 63)] byte offset) => Avx512F.VL.RotateLeft(lanes, offset);

    // χ for one lane of each state, FIPS 202 §3.2.4: A'[x, y] = A[x, y] ^ (~A[x + 1, y] & A[x + 2, y]).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V ChiAvx512(V lanes, V next, V nextButOne) => Avx512F.VL.TernaryLogic(lanes, next, nextButOne, 0xD2);
}
