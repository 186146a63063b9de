using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// AEGIS-128L with AES-NI: AESRound(in, rk) of the draft (§2, "AESRound") is exactly AESENC.
//
// Every loop copies the state into eight locals and writes the update out in full (UPDATE below, four times): with the
// locals passed by ref to an update method, or kept in a struct, the JIT kept the state in stack slots across the
// loop's back edge and every update stored and reloaded it, putting store-to-load forwarding into the chain of
// dependent rounds: 7.0 B/ns at 128 KiB that way, 17.9 with the loops written out (Stopwatch, best of 15, one process).
// The struct carries the state between loops, and through the one update of a partial block.
public static partial class Aegis128L
{
    [SkipLocalsInit]
    private static void SealAesNi(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output,
        bool encrypting, Span<byte> tag)
    {
        // Init (draft §4.2): C0 and C1 are the Fibonacci sequence modulo 256 (§2, "Constants").
        var c0 = Vector128.Create((byte)0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62);
        var c1 = Vector128.Create((byte)0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd);
        var k = Vector128.Create(key);
        var n = Vector128.Create(nonce);
        State st;
        st.S0 = k ^ n;
        st.S1 = c1;
        st.S2 = c0;
        st.S3 = c1;
        st.S4 = k ^ n;
        st.S5 = k ^ c0;
        st.S6 = k ^ c1;
        st.S7 = k ^ c0;
        Repeat(ref st, n, k, 10);

        Span<byte> buffer = stackalloc byte[BlockSize];
        ref byte pad = ref MemoryMarshal.GetReference(buffer);

        // Absorb the associated data (§4.3), the last block zero-padded.
        ref byte ad = ref MemoryMarshal.GetReference(associatedData);
        int whole = associatedData.Length & ~(BlockSize - 1);
        AbsorbWhole(ref st, ref ad, whole);

        if (whole < associatedData.Length)
        {
            buffer.Clear();
            associatedData[whole..].CopyTo(buffer);
            st = Update(st, Vector128.LoadUnsafe(ref pad), Vector128.LoadUnsafe(ref pad, 16));
        }

        // Enc and Dec (§4.3, §4.4): the keystream of a block is z0 = S6 ^ S1 ^ (S2 & S3), z1 = S2 ^ S5 ^ (S6 & S7);
        // the state absorbs the plaintext either way.
        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        whole = input.Length & ~(BlockSize - 1);
        if (encrypting)
        {
            EncryptWhole(ref st, ref src, ref dst, whole);
        }
        else
        {
            DecryptWhole(ref st, ref src, ref dst, whole);
        }

        int rest = input.Length - whole;
        if (rest > 0)
        {
            // The last partial block: zero-padded, XORed with a whole block of keystream and truncated. Decrypting, the
            // padding of the plaintext the state absorbs must be zeros again, not keystream (§4.5, DecPartial).
            buffer.Clear();
            input[whole..].CopyTo(buffer);
            var x0 = Vector128.LoadUnsafe(ref pad);
            var x1 = Vector128.LoadUnsafe(ref pad, 16);
            (x0 ^ st.S6 ^ st.S1 ^ (st.S2 & st.S3)).StoreUnsafe(ref pad);
            (x1 ^ st.S2 ^ st.S5 ^ (st.S6 & st.S7)).StoreUnsafe(ref pad, 16);
            buffer[..rest].CopyTo(output[whole..]);
            if (!encrypting)
            {
                buffer[rest..].Clear();
                x0 = Vector128.LoadUnsafe(ref pad);
                x1 = Vector128.LoadUnsafe(ref pad, 16);
            }

            st = Update(st, x0, x1);
        }

        CryptographicOperations.ZeroMemory(buffer);

        // Finalize (§4.6): the lengths in bits, each a little-endian 64-bit word, XORed into S2.
        var t = st.S2 ^ Vector128.Create((ulong)associatedData.Length * 8, (ulong)input.Length * 8).AsByte();
        Repeat(ref st, t, t, 7);

        if (tag.Length == 16)
        {
            (st.S0 ^ st.S1 ^ st.S2 ^ st.S3 ^ st.S4 ^ st.S5 ^ st.S6).CopyTo(tag);
        }
        else
        {
            (st.S0 ^ st.S1 ^ st.S2 ^ st.S3).CopyTo(tag);
            (st.S4 ^ st.S5 ^ st.S6 ^ st.S7).CopyTo(tag[16..]);
        }
    }

    /// <summary>Update(M0, M1) <paramref name="count"/> times: the initialization and the finalization.</summary>
    private static void Repeat(ref State st, Vector128<byte> m0, Vector128<byte> m1, int count)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3;
        var s4 = st.S4; var s5 = st.S5; var s6 = st.S6; var s7 = st.S7;
        for (int i = 0; i < count; i++)
        {
            // UPDATE
            var n0 = Aes.Encrypt(s7, s0) ^ m0;
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4) ^ m1;
            var n5 = Aes.Encrypt(s4, s5);
            var n6 = Aes.Encrypt(s5, s6);
            s7 = Aes.Encrypt(s6, s7);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4; s5 = n5; s6 = n6;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3;
        st.S4 = s4; st.S5 = s5; st.S6 = s6; st.S7 = s7;
    }

    /// <summary>Absorb (§4.3) over <paramref name="length"/> bytes of associated data, a whole number of blocks.</summary>
    private static void AbsorbWhole(ref State st, ref byte src, int length)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3;
        var s4 = st.S4; var s5 = st.S5; var s6 = st.S6; var s7 = st.S7;
        for (int i = 0; i < length; i += BlockSize)
        {
            // UPDATE
            var n0 = Aes.Encrypt(s7, s0) ^ Vector128.LoadUnsafe(ref src, (nuint)i);
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4) ^ Vector128.LoadUnsafe(ref src, (nuint)i + 16);
            var n5 = Aes.Encrypt(s4, s5);
            var n6 = Aes.Encrypt(s5, s6);
            s7 = Aes.Encrypt(s6, s7);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4; s5 = n5; s6 = n6;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3;
        st.S4 = s4; st.S5 = s5; st.S6 = s6; st.S7 = s7;
    }

    /// <summary>Enc (§4.3) over <paramref name="length"/> bytes, a whole number of blocks, with the state in registers.</summary>
    private static void EncryptWhole(ref State st, ref byte src, ref byte dst, int length)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3;
        var s4 = st.S4; var s5 = st.S5; var s6 = st.S6; var s7 = st.S7;
        for (int i = 0; i < length; i += BlockSize)
        {
            var x0 = Vector128.LoadUnsafe(ref src, (nuint)i);
            var x1 = Vector128.LoadUnsafe(ref src, (nuint)i + 16);
            (x0 ^ s6 ^ s1 ^ (s2 & s3)).StoreUnsafe(ref dst, (nuint)i);
            (x1 ^ s2 ^ s5 ^ (s6 & s7)).StoreUnsafe(ref dst, (nuint)i + 16);

            // UPDATE
            var n0 = Aes.Encrypt(s7, s0) ^ x0;
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4) ^ x1;
            var n5 = Aes.Encrypt(s4, s5);
            var n6 = Aes.Encrypt(s5, s6);
            s7 = Aes.Encrypt(s6, s7);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4; s5 = n5; s6 = n6;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3;
        st.S4 = s4; st.S5 = s5; st.S6 = s6; st.S7 = s7;
    }

    /// <summary>Dec (§4.4) over <paramref name="length"/> bytes, a whole number of blocks, with the state in registers.</summary>
    private static void DecryptWhole(ref State st, ref byte src, ref byte dst, int length)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3;
        var s4 = st.S4; var s5 = st.S5; var s6 = st.S6; var s7 = st.S7;
        for (int i = 0; i < length; i += BlockSize)
        {
            var x0 = Vector128.LoadUnsafe(ref src, (nuint)i) ^ s6 ^ s1 ^ (s2 & s3);
            var x1 = Vector128.LoadUnsafe(ref src, (nuint)i + 16) ^ s2 ^ s5 ^ (s6 & s7);
            x0.StoreUnsafe(ref dst, (nuint)i);
            x1.StoreUnsafe(ref dst, (nuint)i + 16);

            // UPDATE
            var n0 = Aes.Encrypt(s7, s0) ^ x0;
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4) ^ x1;
            var n5 = Aes.Encrypt(s4, s5);
            var n6 = Aes.Encrypt(s5, s6);
            s7 = Aes.Encrypt(s6, s7);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4; s5 = n5; s6 = n6;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3;
        st.S4 = s4; st.S5 = s5; st.S6 = s6; st.S7 = s7;
    }

    /// <summary>
    /// Update(M0, M1), draft §4.1: S'i = AESRound(S(i-1), Si), with the message blocks XORed into S0 and S4. The
    /// message is XORed after the round rather than into its round key (the same value: AddRoundKey is the round's last
    /// step), so a message block that is computed late, as when decrypting, does not hold up the AESENC.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static State Update(State s, Vector128<byte> m0, Vector128<byte> m1)
    {
        State next;
        next.S0 = Aes.Encrypt(s.S7, s.S0) ^ m0;
        next.S1 = Aes.Encrypt(s.S0, s.S1);
        next.S2 = Aes.Encrypt(s.S1, s.S2);
        next.S3 = Aes.Encrypt(s.S2, s.S3);
        next.S4 = Aes.Encrypt(s.S3, s.S4) ^ m1;
        next.S5 = Aes.Encrypt(s.S4, s.S5);
        next.S6 = Aes.Encrypt(s.S5, s.S6);
        next.S7 = Aes.Encrypt(s.S6, s.S7);
        return next;
    }

    private struct State
    {
        public Vector128<byte> S0, S1, S2, S3, S4, S5, S6, S7;
    }
}
