using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Security.Cryptography;
using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// AEGIS-256 with AES-NI: AESRound(in, rk) of the draft (§2, "AESRound") is exactly AESENC.
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
        var s0 = k0 ^ n0;
        var s1 = k1 ^ n1;
        var s2 = c1;
        var s3 = c0;
        var s4 = k0 ^ c0;
        var s5 = k1 ^ c1;
        for (int i = 0; i < 4; i++)
        {
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, k0);
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, k1);
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, k0 ^ n0);
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, k1 ^ n1);
        }

        Span<byte> buffer = stackalloc byte[BlockSize];
        ref byte pad = ref MemoryMarshal.GetReference(buffer);

        // Absorb the associated data (§5.3), the last block zero-padded.
        ref byte ad = ref MemoryMarshal.GetReference(associatedData);
        int whole = associatedData.Length & ~(BlockSize - 1);
        for (int i = 0; i < whole; i += BlockSize)
        {
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, Vector128.LoadUnsafe(ref ad, (nuint)i));
        }

        if (whole < associatedData.Length)
        {
            buffer.Clear();
            associatedData[whole..].CopyTo(buffer);
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, Vector128.LoadUnsafe(ref pad));
        }

        // Enc and Dec (§5.3, §5.4): the keystream of a block is z = S1 ^ S4 ^ S5 ^ (S2 & S3); the state absorbs the
        // plaintext either way.
        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        whole = input.Length & ~(BlockSize - 1);
        if (encrypting)
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                var x = Vector128.LoadUnsafe(ref src, (nuint)i);
                (x ^ s1 ^ s4 ^ s5 ^ (s2 & s3)).StoreUnsafe(ref dst, (nuint)i);
                Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, x);
            }
        }
        else
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                var x = Vector128.LoadUnsafe(ref src, (nuint)i) ^ s1 ^ s4 ^ s5 ^ (s2 & s3);
                x.StoreUnsafe(ref dst, (nuint)i);
                Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, x);
            }
        }

        int rest = input.Length - whole;
        if (rest > 0)
        {
            // The last partial block; decrypting, the plaintext the state absorbs is zero-padded again (§5.5, DecPartial).
            buffer.Clear();
            input[whole..].CopyTo(buffer);
            var x = Vector128.LoadUnsafe(ref pad);
            (x ^ s1 ^ s4 ^ s5 ^ (s2 & s3)).StoreUnsafe(ref pad);
            buffer[..rest].CopyTo(output[whole..]);
            if (!encrypting)
            {
                buffer[rest..].Clear();
                x = Vector128.LoadUnsafe(ref pad);
            }

            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, x);
        }

        CryptographicOperations.ZeroMemory(buffer);

        // Finalize (§5.6): the lengths in bits, each a little-endian 64-bit word, XORed into S3.
        var t = s3 ^ Vector128.Create((ulong)associatedData.Length * 8, (ulong)input.Length * 8).AsByte();
        for (int i = 0; i < 7; i++)
        {
            Update(ref s0, ref s1, ref s2, ref s3, ref s4, ref s5, t);
        }

        if (tag.Length == 16)
        {
            (s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5).CopyTo(tag);
        }
        else
        {
            (s0 ^ s1 ^ s2).CopyTo(tag);
            (s3 ^ s4 ^ s5).CopyTo(tag[16..]);
        }
    }

    /// <summary>Update(M), draft §5.1: S'i = AESRound(S(i-1), Si), with the message block XORed into S0.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Update(
        ref Vector128<byte> s0, ref Vector128<byte> s1, ref Vector128<byte> s2, ref Vector128<byte> s3, ref Vector128<byte> s4, ref Vector128<byte> s5,
        Vector128<byte> m)
    {
        var last = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(last, s0 ^ m);
    }
}
