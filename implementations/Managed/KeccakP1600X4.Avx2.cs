using V = System.Runtime.Intrinsics.Vector256<ulong>;

namespace CryptoHarness.Managed;

/// <summary>
/// The Avx2 path of the four-way permutation: four independent states side by side, lane <c>i</c> of all four in one
/// 256-bit register, so each instruction of the round does the work of four scalar ones.
/// </summary>
/// <remarks>
/// The round is the scalar path's, operation for operation (FIPS 202 §3.2; the derivation is in
/// <c>KeccakP1600.Scalar.cs</c>), on <see cref="Vector256{T}"/> with AVX2 instructions only: a rotation is two shifts
/// and an OR, χ an ANDN and an XOR. On a CPU that also has AVX-512 the JIT encodes the same code with EVEX and may
/// use 32 registers and three-input logic; the path does not ask for either.
/// <para>
/// Registers: 25 lanes of state cannot stay in 16 registers (AVX2 without AVX-512), so the JIT keeps most lanes in
/// stack slots; in its code for the two-round loop (DOTNET_JitDisasm, .NET 10, AMD EPYC Zen 4 with the runtime's
/// AVX-512 switches off) that is 44 vector stores and 74 loads in 441 instructions, against 27 and 29 in 393 with
/// AVX-512 visible (32 registers; the JIT also fuses χ and θ's XORs into vpternlogq). That is about what XKCP's
/// times-4 AVX2 code gets from a C compiler with the same all-lanes-as-locals design. Tried and dropped: θ's column
/// parities accumulated while χ produces the lanes (XKCP's "prepare theta"), which removes θ's second read of every
/// lane: with 32 registers the loop fell to 9 stores and 11 loads and ran 15-25% faster, but with 16 the five extra
/// accumulators cost more spills (52 stores, 63 loads) and it ran 0.97-1.4x the time of this code, no gain.
/// Kept: rotations by 8 and 56 as one byte shuffle (<see cref="Rol8"/>, <see cref="Rol56"/>), 0.97x the time at
/// x86-64-v3 (median of ten runs, 0.90-1.07) and 0.82x with AVX-512 visible (six runs, 0.79-0.83), where the JIT
/// then keeps all but a few lanes in registers (4 stores, 8 loads). Measured with Stopwatch in one process, the old
/// and new kernel copied side by side and timed alternately, 15 rounds of 400 absorbs of 64 SHAKE128 blocks, median
/// round; 2026-11-25, on a machine shared with other jobs.
/// </para>
/// </remarks>
internal static partial class KeccakP1600X4
{
    [SkipLocalsInit]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static void AbsorbAvx2(
        ref KeccakStateX4 state, ref byte data0, ref byte data1, ref byte data2, ref byte data3, nuint blockCount, int rateInLanes, int firstRound)
    {
        Debug.Assert(Avx2.IsSupported, "Callers check the path.");

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
                d0 = c4 ^ Rol(c1, 1);
                d1 = c0 ^ Rol(c2, 1);
                d2 = c1 ^ Rol(c3, 1);
                d3 = c2 ^ Rol(c4, 1);
                d4 = c3 ^ Rol(c0, 1);
                // Plane y = 0: θ, ρ and π gather B[x, 0], then χ and ι.
                b0 = a0 ^ d0;
                b1 = Rol(a6 ^ d1, 44);
                b2 = Rol(a12 ^ d2, 43);
                b3 = Rol(a18 ^ d3, 21);
                b4 = Rol(a24 ^ d4, 14);
                e0 = Chi(b0, b1, b2) ^ Vector256.Create(Unsafe.Add(ref roundConstants, round));
                e1 = Chi(b1, b2, b3);
                e2 = Chi(b2, b3, b4);
                e3 = Chi(b3, b4, b0);
                e4 = Chi(b4, b0, b1);
                // Plane y = 1: θ, ρ and π gather B[x, 1], then χ.
                b0 = Rol(a3 ^ d3, 28);
                b1 = Rol(a9 ^ d4, 20);
                b2 = Rol(a10 ^ d0, 3);
                b3 = Rol(a16 ^ d1, 45);
                b4 = Rol(a22 ^ d2, 61);
                e5 = Chi(b0, b1, b2);
                e6 = Chi(b1, b2, b3);
                e7 = Chi(b2, b3, b4);
                e8 = Chi(b3, b4, b0);
                e9 = Chi(b4, b0, b1);
                // Plane y = 2: θ, ρ and π gather B[x, 2], then χ.
                b0 = Rol(a1 ^ d1, 1);
                b1 = Rol(a7 ^ d2, 6);
                b2 = Rol(a13 ^ d3, 25);
                b3 = Rol8(a19 ^ d4);
                b4 = Rol(a20 ^ d0, 18);
                e10 = Chi(b0, b1, b2);
                e11 = Chi(b1, b2, b3);
                e12 = Chi(b2, b3, b4);
                e13 = Chi(b3, b4, b0);
                e14 = Chi(b4, b0, b1);
                // Plane y = 3: θ, ρ and π gather B[x, 3], then χ.
                b0 = Rol(a4 ^ d4, 27);
                b1 = Rol(a5 ^ d0, 36);
                b2 = Rol(a11 ^ d1, 10);
                b3 = Rol(a17 ^ d2, 15);
                b4 = Rol56(a23 ^ d3);
                e15 = Chi(b0, b1, b2);
                e16 = Chi(b1, b2, b3);
                e17 = Chi(b2, b3, b4);
                e18 = Chi(b3, b4, b0);
                e19 = Chi(b4, b0, b1);
                // Plane y = 4: θ, ρ and π gather B[x, 4], then χ.
                b0 = Rol(a2 ^ d2, 62);
                b1 = Rol(a8 ^ d3, 55);
                b2 = Rol(a14 ^ d4, 39);
                b3 = Rol(a15 ^ d0, 41);
                b4 = Rol(a21 ^ d1, 2);
                e20 = Chi(b0, b1, b2);
                e21 = Chi(b1, b2, b3);
                e22 = Chi(b2, b3, b4);
                e23 = Chi(b3, b4, b0);
                e24 = Chi(b4, b0, b1);

                // θ: column parities C[x] and D[x] = C[x - 1] ^ ROT(C[x + 1], 1).
                c0 = e0 ^ e5 ^ e10 ^ e15 ^ e20;
                c1 = e1 ^ e6 ^ e11 ^ e16 ^ e21;
                c2 = e2 ^ e7 ^ e12 ^ e17 ^ e22;
                c3 = e3 ^ e8 ^ e13 ^ e18 ^ e23;
                c4 = e4 ^ e9 ^ e14 ^ e19 ^ e24;
                d0 = c4 ^ Rol(c1, 1);
                d1 = c0 ^ Rol(c2, 1);
                d2 = c1 ^ Rol(c3, 1);
                d3 = c2 ^ Rol(c4, 1);
                d4 = c3 ^ Rol(c0, 1);
                // Plane y = 0: θ, ρ and π gather B[x, 0], then χ and ι.
                b0 = e0 ^ d0;
                b1 = Rol(e6 ^ d1, 44);
                b2 = Rol(e12 ^ d2, 43);
                b3 = Rol(e18 ^ d3, 21);
                b4 = Rol(e24 ^ d4, 14);
                a0 = Chi(b0, b1, b2) ^ Vector256.Create(Unsafe.Add(ref roundConstants, round + 1));
                a1 = Chi(b1, b2, b3);
                a2 = Chi(b2, b3, b4);
                a3 = Chi(b3, b4, b0);
                a4 = Chi(b4, b0, b1);
                // Plane y = 1: θ, ρ and π gather B[x, 1], then χ.
                b0 = Rol(e3 ^ d3, 28);
                b1 = Rol(e9 ^ d4, 20);
                b2 = Rol(e10 ^ d0, 3);
                b3 = Rol(e16 ^ d1, 45);
                b4 = Rol(e22 ^ d2, 61);
                a5 = Chi(b0, b1, b2);
                a6 = Chi(b1, b2, b3);
                a7 = Chi(b2, b3, b4);
                a8 = Chi(b3, b4, b0);
                a9 = Chi(b4, b0, b1);
                // Plane y = 2: θ, ρ and π gather B[x, 2], then χ.
                b0 = Rol(e1 ^ d1, 1);
                b1 = Rol(e7 ^ d2, 6);
                b2 = Rol(e13 ^ d3, 25);
                b3 = Rol8(e19 ^ d4);
                b4 = Rol(e20 ^ d0, 18);
                a10 = Chi(b0, b1, b2);
                a11 = Chi(b1, b2, b3);
                a12 = Chi(b2, b3, b4);
                a13 = Chi(b3, b4, b0);
                a14 = Chi(b4, b0, b1);
                // Plane y = 3: θ, ρ and π gather B[x, 3], then χ.
                b0 = Rol(e4 ^ d4, 27);
                b1 = Rol(e5 ^ d0, 36);
                b2 = Rol(e11 ^ d1, 10);
                b3 = Rol(e17 ^ d2, 15);
                b4 = Rol56(e23 ^ d3);
                a15 = Chi(b0, b1, b2);
                a16 = Chi(b1, b2, b3);
                a17 = Chi(b2, b3, b4);
                a18 = Chi(b3, b4, b0);
                a19 = Chi(b4, b0, b1);
                // Plane y = 4: θ, ρ and π gather B[x, 4], then χ.
                b0 = Rol(e2 ^ d2, 62);
                b1 = Rol(e8 ^ d3, 55);
                b2 = Rol(e14 ^ d4, 39);
                b3 = Rol(e15 ^ d0, 41);
                b4 = Rol(e21 ^ d1, 2);
                a20 = Chi(b0, b1, b2);
                a21 = Chi(b1, b2, b3);
                a22 = Chi(b2, b3, b4);
                a23 = Chi(b3, b4, b0);
                a24 = Chi(b4, b0, b1);
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

    /// <summary>Lane <paramref name="index"/> of the current block of each of the four messages, one per element.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V LoadMessageLanes(ref byte data0, ref byte data1, ref byte data2, ref byte data3, int index)
    {
        int offset = index * sizeof(ulong);
        return Vector256.Create(
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref data0, offset)),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref data1, offset)),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref data2, offset)),
            Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref data3, offset)));
    }

    // Rotations by a whole byte are one byte shuffle (vpshufb) instead of two shifts and an OR, as in XKCP's times-4
    // AVX2 code (KeccakP-1600-times4-SIMD256.c, ROL64in256_8 and ROL64in256_56); the class remarks say what it bought.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V Rol8(V lanes) =>
        Avx2.Shuffle(lanes.AsByte(), Vector256.Create((byte)7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V Rol56(V lanes) =>
        Avx2.Shuffle(lanes.AsByte(), Vector256.Create((byte)1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V Rol(V lanes, int offset) =>
        Vector256.ShiftLeft(lanes, offset) | Vector256.ShiftRightLogical(lanes, 64 - offset);

    // χ for one lane of each state, FIPS 202 §3.2.4: A'[x, y] = A[x, y] ^ (~A[x + 1, y] & A[x + 2, y]).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static V Chi(V lanes, V next, V nextButOne) => lanes ^ Vector256.AndNot(nextButOne, next);
}
