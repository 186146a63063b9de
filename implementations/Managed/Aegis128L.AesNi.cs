using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// AEGIS-128L with AES-NI: AESRound(in, rk) of the draft (§2, "AESRound") is exactly AESENC.
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
        var s0 = k ^ n;
        var s1 = c1;
        var s2 = c0;
        var s3 = c1;
        var s4 = k ^ n;
        var s5 = k ^ c0;
        var s6 = k ^ c1;
        var s7 = k ^ c0;
        for (int i = 0; i < 10; i++)
        {
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, n, k);
        }

        Span<byte> buffer = stackalloc byte[BlockSize];
        ref byte pad = ref MemoryMarshal.GetReference(buffer);

        // Absorb the associated data (§4.3), the last block zero-padded.
        ref byte ad = ref MemoryMarshal.GetReference(associatedData);
        int whole = associatedData.Length & ~(BlockSize - 1);
        for (int i = 0; i < whole; i += BlockSize)
        {
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7,
                Vector128.LoadUnsafe(ref ad, (nuint)i), Vector128.LoadUnsafe(ref ad, (nuint)i + 16));
        }

        if (whole < associatedData.Length)
        {
            buffer.Clear();
            associatedData[whole..].CopyTo(buffer);
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, Vector128.LoadUnsafe(ref pad), Vector128.LoadUnsafe(ref pad, 16));
        }

        // Enc and Dec (§4.3, §4.4): the keystream of a block is z0 = S6 ^ S1 ^ (S2 & S3), z1 = S2 ^ S5 ^ (S6 & S7);
        // the state absorbs the plaintext either way.
        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        whole = input.Length & ~(BlockSize - 1);
        if (encrypting)
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                var x0 = Vector128.LoadUnsafe(ref src, (nuint)i);
                var x1 = Vector128.LoadUnsafe(ref src, (nuint)i + 16);
                (x0 ^ s6 ^ s1 ^ (s2 & s3)).StoreUnsafe(ref dst, (nuint)i);
                (x1 ^ s2 ^ s5 ^ (s6 & s7)).StoreUnsafe(ref dst, (nuint)i + 16);
                Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, x0, x1);
            }
        }
        else
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                var x0 = Vector128.LoadUnsafe(ref src, (nuint)i) ^ s6 ^ s1 ^ (s2 & s3);
                var x1 = Vector128.LoadUnsafe(ref src, (nuint)i + 16) ^ s2 ^ s5 ^ (s6 & s7);
                x0.StoreUnsafe(ref dst, (nuint)i);
                x1.StoreUnsafe(ref dst, (nuint)i + 16);
                Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, x0, x1);
            }
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
            var o0 = x0 ^ s6 ^ s1 ^ (s2 & s3);
            var o1 = x1 ^ s2 ^ s5 ^ (s6 & s7);
            o0.StoreUnsafe(ref pad);
            o1.StoreUnsafe(ref pad, 16);
            buffer[..rest].CopyTo(output[whole..]);
            if (!encrypting)
            {
                buffer[rest..].Clear();
                x0 = Vector128.LoadUnsafe(ref pad);
                x1 = Vector128.LoadUnsafe(ref pad, 16);
            }

            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, x0, x1);
        }

        CryptographicOperations.ZeroMemory(buffer);

        // Finalize (§4.6): the lengths in bits, each a little-endian 64-bit word, XORed into S2.
        var t = s2 ^ Vector128.Create((ulong)associatedData.Length * 8, (ulong)input.Length * 8).AsByte();
        for (int i = 0; i < 7; i++)
        {
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, ref s6, ref s7, t, t);
        }

        if (tag.Length == 16)
        {
            (s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6).CopyTo(tag);
        }
        else
        {
            (s0 ^ s1 ^ s2 ^ s3).CopyTo(tag);
            (s4 ^ s5 ^ s6 ^ s7).CopyTo(tag[16..]);
        }
    }

    /// <summary>Update(M0, M1), draft §4.1: S'i = AESRound(S(i-1), Si), with the message blocks XORed into S0 and S4.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Update(
        ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2, ref Vector128<byte> s3,
        ref Vector128<byte> s4, ref Vector128<byte> s5, ref Vector128<byte> s6, ref Vector128<byte> s7,
        Vector128<byte> m0, Vector128<byte> m1)
    {
        var last = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4 ^ m1);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(last, s0 ^ m0);
    }
}
