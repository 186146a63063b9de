using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// AEGIS-256 with AES-NI: AESRound(in, rk) of the draft (§2, "AESRound") is exactly AESENC. As in Aegis128L.AesNi.cs,
// the whole message is one method with the state in six locals and every update written out in full (UPDATE below),
// so the state stays in registers from init to tag: a struct carried between a method per phase was stored and
// reloaded at every call, which at 128 bytes cost as much as the rounds. As there too, the block absorbed goes into
// S'0 as the round key (AESRound(S5, S0) ^ M = AESRound(S5, M) ^ S0), so S0 does not wait every update for its own
// round and an XOR (5 cycles, where the six-block ring takes about 4.2 an update and 6 AESENC on two AES units 3:
// Aegis256.Encrypt called directly on the AMD EPYC, 47 ns at 128 B instead of 54, 10.6-10.9 us at 128 KiB instead of
// 11.3-11.6, best of 31 rounds; decrypting, no change beyond noise);
// and the init's sixteen updates and the finalization's seven are written out rather than looped, Encrypt and
// Decrypt being roots of their own (Aegis.cs and Aegis128L.AesNi.cs say why).
public readonly partial struct Aegis256
{
    private const int BlockSize = 16;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    static void IAegisVariant.Seal(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output,
        bool encrypting, out Vector128<byte> tag0, out Vector128<byte> tag1, bool longTag)
    {
        // Init (draft §5.2), with the constants C0 and C1 of §2. The lengths were checked.
        var c0 = Vector128.Create((byte)0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62);
        var c1 = Vector128.Create((byte)0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd);
        ref byte keyBytes = ref MemoryMarshal.GetReference(key);
        ref byte nonceBytes = ref MemoryMarshal.GetReference(nonce);
        var k0 = Vector128.LoadUnsafe(ref keyBytes);
        var k1 = Vector128.LoadUnsafe(ref keyBytes, 16);
        var kn0 = k0 ^ AegisBlocks.LoadNonceBlock(ref nonceBytes);
        var kn1 = k1 ^ AegisBlocks.LoadNonceBlock(ref Unsafe.Add(ref nonceBytes, 16));
        var s0 = kn0;
        var s1 = kn1;
        var s2 = c1;
        var s3 = c0;
        var s4 = k0 ^ c0;
        var s5 = k1 ^ c1;
        Vector128<byte> old;

        // Four times Update(K0), Update(K1), Update(K0 ^ N0), Update(K1 ^ N1).

        // UPDATE 1 of 16 (draft §5.1): S'i = AESRound(S(i-1), Si), the block absorbed XORed into S'0, as the round key.
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k0) ^ s0;

        // UPDATE 2 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k1) ^ s0;

        // UPDATE 3 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn0) ^ s0;

        // UPDATE 4 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn1) ^ s0;

        // UPDATE 5 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k0) ^ s0;

        // UPDATE 6 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k1) ^ s0;

        // UPDATE 7 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn0) ^ s0;

        // UPDATE 8 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn1) ^ s0;

        // UPDATE 9 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k0) ^ s0;

        // UPDATE 10 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k1) ^ s0;

        // UPDATE 11 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn0) ^ s0;

        // UPDATE 12 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn1) ^ s0;

        // UPDATE 13 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k0) ^ s0;

        // UPDATE 14 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, k1) ^ s0;

        // UPDATE 15 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn0) ^ s0;

        // UPDATE 16 of 16
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, kn1) ^ s0;

        // Absorb the associated data (§5.3), the last block zero-padded.
        ref byte ad = ref MemoryMarshal.GetReference(associatedData);
        int length = associatedData.Length;
        int whole = length & ~(BlockSize - 1);
        Vector128<byte> m;
        for (int i = 0; i < whole; i += BlockSize)
        {
            m = Vector128.LoadUnsafe(ref ad, (nuint)i);

            // UPDATE
            old = s5;
            s5 = Aes.Encrypt(s4, s5);
            s4 = Aes.Encrypt(s3, s4);
            s3 = Aes.Encrypt(s2, s3);
            s2 = Aes.Encrypt(s1, s2);
            s1 = Aes.Encrypt(s0, s1);
            s0 = Aes.Encrypt(old, m) ^ s0;
        }

        if (whole < length)
        {
            m = AegisBlocks.LoadPartial(ref Unsafe.Add(ref ad, whole), length - whole);

            // UPDATE
            old = s5;
            s5 = Aes.Encrypt(s4, s5);
            s4 = Aes.Encrypt(s3, s4);
            s3 = Aes.Encrypt(s2, s3);
            s2 = Aes.Encrypt(s1, s2);
            s1 = Aes.Encrypt(s0, s1);
            s0 = Aes.Encrypt(old, m) ^ s0;
        }

        // Enc and Dec (§5.3, §5.4): the keystream of a block is z = S1 ^ S4 ^ S5 ^ (S2 & S3); the state absorbs the
        // plaintext either way.
        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        length = input.Length;
        whole = length & ~(BlockSize - 1);
        if (encrypting)
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                m = Vector128.LoadUnsafe(ref src, (nuint)i);
                (m ^ s1 ^ s4 ^ s5 ^ (s2 & s3)).StoreUnsafe(ref dst, (nuint)i);

                // UPDATE
                old = s5;
                s5 = Aes.Encrypt(s4, s5);
                s4 = Aes.Encrypt(s3, s4);
                s3 = Aes.Encrypt(s2, s3);
                s2 = Aes.Encrypt(s1, s2);
                s1 = Aes.Encrypt(s0, s1);
                s0 = Aes.Encrypt(old, m) ^ s0;
            }
        }
        else
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                // Unlike Aegis128L.AesNi.cs, the plaintext block joins after the round here: taking the ciphertext as the
                // round key and the keystream after it (AESRound(S5, X) ^ (S0 ^ z)) measured 3% slower at 128 KiB on
                // Zen 4 (harness paired against 1e59536: ratio 1.030, 1.012–1.044), with six states the keystream is
                // not what the round waits for.
                m = Vector128.LoadUnsafe(ref src, (nuint)i) ^ s1 ^ s4 ^ s5 ^ (s2 & s3);
                m.StoreUnsafe(ref dst, (nuint)i);

                // UPDATE
                old = s5;
                s5 = Aes.Encrypt(s4, s5);
                s4 = Aes.Encrypt(s3, s4);
                s3 = Aes.Encrypt(s2, s3);
                s2 = Aes.Encrypt(s1, s2);
                s1 = Aes.Encrypt(s0, s1);
                s0 = Aes.Encrypt(old, s0) ^ m;
            }
        }

        int rest = length - whole;
        if (rest > 0)
        {
            // The last partial block; decrypting, the plaintext the state absorbs is zero-padded again (§5.5, DecPartial).
            m = AegisBlocks.LoadPartial(ref Unsafe.Add(ref src, whole), rest);
            var y = m ^ s1 ^ s4 ^ s5 ^ (s2 & s3);
            AegisBlocks.StorePartial(ref Unsafe.Add(ref dst, whole), rest, y);
            if (!encrypting)
            {
                m = y & AegisBlocks.Prefix(rest);
            }

            // UPDATE
            old = s5;
            s5 = Aes.Encrypt(s4, s5);
            s4 = Aes.Encrypt(s3, s4);
            s3 = Aes.Encrypt(s2, s3);
            s2 = Aes.Encrypt(s1, s2);
            s1 = Aes.Encrypt(s0, s1);
            s0 = Aes.Encrypt(old, m) ^ s0;
        }

        // Finalize (§5.6): the lengths in bits, each a little-endian 64-bit word, XORed into S3; seven updates.
        var t = s3 ^ Vector128.Create((ulong)associatedData.Length * 8, (ulong)length * 8).AsByte();
        // UPDATE 1 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 2 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 3 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 4 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 5 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 6 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 7 of 7
        old = s5;
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, s4);
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        if (longTag)
        {
            tag0 = s0 ^ s1 ^ s2;
            tag1 = s3 ^ s4 ^ s5;
        }
        else
        {
            tag0 = s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5;
            tag1 = default;
        }
    }
}
