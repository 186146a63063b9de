using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// AEGIS-256 with AES-NI: AESRound(in, rk) of the draft (§2, "AESRound") is exactly AESENC. As in Aegis128L.AesNi.cs,
// every loop copies the state into six locals and writes the update out in full (UPDATE below), so the JIT keeps the
// state in registers; the struct carries it between loops and through the one update of a partial block.
public static partial class Aegis256
{
    [SkipLocalsInit]
    private static void SealAesNi(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output,
        bool encrypting, Span<byte> tag)
    {
        // Init (draft §5.2), with the constants C0 and C1 of §2.
        var c0 = Vector128.Create((byte)0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62);
        var c1 = Vector128.Create((byte)0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd);
        var k0 = Vector128.Create(key);
        var k1 = Vector128.Create(key[16..]);
        var n0 = Vector128.Create(nonce);
        var n1 = Vector128.Create(nonce[16..]);
        State st;
        st.S0 = k0 ^ n0;
        st.S1 = k1 ^ n1;
        st.S2 = c1;
        st.S3 = c0;
        st.S4 = k0 ^ c0;
        st.S5 = k1 ^ c1;
        Repeat(ref st, k0, k1, k0 ^ n0, k1 ^ n1, 16);

        Span<byte> buffer = stackalloc byte[BlockSize];
        ref byte pad = ref MemoryMarshal.GetReference(buffer);

        // Absorb the associated data (§5.3), the last block zero-padded.
        int whole = associatedData.Length & ~(BlockSize - 1);
        AbsorbWhole(ref st, ref MemoryMarshal.GetReference(associatedData), whole);
        if (whole < associatedData.Length)
        {
            buffer.Clear();
            associatedData[whole..].CopyTo(buffer);
            st = Update(st, Vector128.LoadUnsafe(ref pad));
        }

        // Enc and Dec (§5.3, §5.4): the keystream of a block is z = S1 ^ S4 ^ S5 ^ (S2 & S3); the state absorbs the
        // plaintext either way.
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
            // The last partial block; decrypting, the plaintext the state absorbs is zero-padded again (§5.5, DecPartial).
            buffer.Clear();
            input[whole..].CopyTo(buffer);
            var x = Vector128.LoadUnsafe(ref pad);
            (x ^ st.S1 ^ st.S4 ^ st.S5 ^ (st.S2 & st.S3)).StoreUnsafe(ref pad);
            buffer[..rest].CopyTo(output[whole..]);
            if (!encrypting)
            {
                buffer[rest..].Clear();
                x = Vector128.LoadUnsafe(ref pad);
            }

            st = Update(st, x);
        }

        CryptographicOperations.ZeroMemory(buffer);

        // Finalize (§5.6): the lengths in bits, each a little-endian 64-bit word, XORed into S3; seven updates.
        var t = st.S3 ^ Vector128.Create((ulong)associatedData.Length * 8, (ulong)input.Length * 8).AsByte();
        Repeat(ref st, t, t, t, t, 7);

        if (tag.Length == 16)
        {
            (st.S0 ^ st.S1 ^ st.S2 ^ st.S3 ^ st.S4 ^ st.S5).CopyTo(tag);
        }
        else
        {
            (st.S0 ^ st.S1 ^ st.S2).CopyTo(tag);
            (st.S3 ^ st.S4 ^ st.S5).CopyTo(tag[16..]);
        }
    }

    /// <summary>
    /// <paramref name="count"/> updates with the messages <paramref name="a"/>, <paramref name="b"/>, <paramref name="c"/>,
    /// <paramref name="d"/> in turn: the initialization (16) and the finalization (7, all four the same).
    /// </summary>
    private static void Repeat(ref State st, Vector128<byte> a, Vector128<byte> b, Vector128<byte> c, Vector128<byte> d, int count)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3; var s4 = st.S4; var s5 = st.S5;
        for (int i = 0; i < count; i++)
        {
            // UPDATE
            var n0 = Aes.Encrypt(s5, s0) ^ a;
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4);
            s5 = Aes.Encrypt(s4, s5);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4;
            var next = a;
            a = b;
            b = c;
            c = d;
            d = next;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3; st.S4 = s4; st.S5 = s5;
    }

    /// <summary>Absorb (§5.3) over <paramref name="length"/> bytes of associated data, a whole number of blocks.</summary>
    private static void AbsorbWhole(ref State st, ref byte src, int length)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3; var s4 = st.S4; var s5 = st.S5;
        for (int i = 0; i < length; i += BlockSize)
        {
            // UPDATE
            var n0 = Aes.Encrypt(s5, s0) ^ Vector128.LoadUnsafe(ref src, (nuint)i);
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4);
            s5 = Aes.Encrypt(s4, s5);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3; st.S4 = s4; st.S5 = s5;
    }

    /// <summary>Enc (§5.3) over <paramref name="length"/> bytes, a whole number of blocks.</summary>
    private static void EncryptWhole(ref State st, ref byte src, ref byte dst, int length)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3; var s4 = st.S4; var s5 = st.S5;
        for (int i = 0; i < length; i += BlockSize)
        {
            var x = Vector128.LoadUnsafe(ref src, (nuint)i);
            (x ^ s1 ^ s4 ^ s5 ^ (s2 & s3)).StoreUnsafe(ref dst, (nuint)i);

            // UPDATE
            var n0 = Aes.Encrypt(s5, s0) ^ x;
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4);
            s5 = Aes.Encrypt(s4, s5);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3; st.S4 = s4; st.S5 = s5;
    }

    /// <summary>Dec (§5.4) over <paramref name="length"/> bytes, a whole number of blocks.</summary>
    private static void DecryptWhole(ref State st, ref byte src, ref byte dst, int length)
    {
        var s0 = st.S0; var s1 = st.S1; var s2 = st.S2; var s3 = st.S3; var s4 = st.S4; var s5 = st.S5;
        for (int i = 0; i < length; i += BlockSize)
        {
            var x = Vector128.LoadUnsafe(ref src, (nuint)i) ^ s1 ^ s4 ^ s5 ^ (s2 & s3);
            x.StoreUnsafe(ref dst, (nuint)i);

            // UPDATE
            var n0 = Aes.Encrypt(s5, s0) ^ x;
            var n1 = Aes.Encrypt(s0, s1);
            var n2 = Aes.Encrypt(s1, s2);
            var n3 = Aes.Encrypt(s2, s3);
            var n4 = Aes.Encrypt(s3, s4);
            s5 = Aes.Encrypt(s4, s5);
            s0 = n0; s1 = n1; s2 = n2; s3 = n3; s4 = n4;
        }

        st.S0 = s0; st.S1 = s1; st.S2 = s2; st.S3 = s3; st.S4 = s4; st.S5 = s5;
    }

    /// <summary>
    /// Update(M), draft §5.1: S'i = AESRound(S(i-1), Si), with the message block XORed into S0 after the round (the same
    /// value as XORed into its round key), so a message computed late does not hold up the AESENC.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static State Update(State s, Vector128<byte> m)
    {
        State next;
        next.S0 = Aes.Encrypt(s.S5, s.S0) ^ m;
        next.S1 = Aes.Encrypt(s.S0, s.S1);
        next.S2 = Aes.Encrypt(s.S1, s.S2);
        next.S3 = Aes.Encrypt(s.S2, s.S3);
        next.S4 = Aes.Encrypt(s.S3, s.S4);
        next.S5 = Aes.Encrypt(s.S4, s.S5);
        return next;
    }

    private struct State
    {
        public Vector128<byte> S0, S1, S2, S3, S4, S5;
    }
}
