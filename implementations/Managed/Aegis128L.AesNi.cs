using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// AEGIS-128L with AES-NI: AESRound(in, rk) of the draft (§2, "AESRound") is exactly AESENC.
//
// The whole message, init to tag, is one method with the state in eight locals, and every update is written out in
// full (UPDATE below). With the state in a struct passed by ref to a method per phase (init, associated data, message,
// finalize), each call stored the eight blocks and the next loaded them again, putting store-to-load forwarding into
// the chain of dependent rounds, and a 128-byte message paid four calls, a Memmove for its associated data's partial
// block, a stack buffer with its security cookie, and wiping it: 84.5 ns at 128 B against libsodium's 65.2, in one
// body 69.8 against 66.5 (best of 31 Stopwatch rounds through the adapters, one process, a loaded machine). With a
// method per phase the 128 KiB loop had already cost 60% when its state crossed a call (7.0 B/ns against 17.9).
// Partial blocks are read and written in 8-, 4-, 2- and 1-byte pieces from registers, so no stack buffer holds
// plaintext or keystream. Each update computes S7 first and S0 last, so only the old S7 is held beside the state: ten
// live blocks, which fit the sixteen XMM registers of a CPU without AVX-512 too.
//
// The block XORed into S'0 and S'4 goes in as the round key: AESRound(x, S) ^ M = AESRound(x, M) ^ S, AddRoundKey
// being the round's last step. Written as the draft writes it, S0 and S4 each waited every update for their own round
// and then an XOR (5 cycles where AESENC takes 4), and those two set the pace of the whole chain; with M as the key
// the round does not wait for S0 or S4 at all, and an update is bound by the round before it (over the eight-block ring
// about 4.25 cycles an update, and 8 AESENC on two AES units take 4). Decrypting, the round takes the ciphertext and the
// keystream joins the XOR after it (see there), so no round waits for the keystream either. Aegis128L.Encrypt called
// directly on the AMD EPYC (Zen 4): 38 ns at 128 B instead of 41, 6.4-7.3 us at 128 KiB instead of 7.1-8.1 (best of
// 31 rounds, several processes); decrypting, no change either way (31 ns, 7.6 us).
//
// The init's ten updates and the finalization's seven are written out, not looped. With the loops, and Encrypt open
// to inlining, the same 128-byte call through the adapter, the only provider in the process, took 50-55 ns in some
// processes and 65-74 in others: stable within a process for 12 s, the buffers at the same addresses modulo 4 KiB, and
// (per the perf map) the same machine code for the kernel and its caller at the same addresses in a fast and a slow
// process, so neither the inputs' alignment nor the code the JIT chose set it apart. With Encrypt and Decrypt roots of
// their own (Aegis.cs) the split was 41 against 52-60 ns; written out as well, 41-46 ns in every process (35-38
// with the round key above and the nonce's 8-byte loads, AegisBlocks.LoadNonceBlock).
public readonly partial struct Aegis128L
{
    private const int BlockSize = 32;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    static void IAegisVariant.Seal(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output,
        bool encrypting, out Vector128<byte> tag0, out Vector128<byte> tag1, bool longTag)
    {
        // Init (draft §4.2): C0 and C1 are the Fibonacci sequence modulo 256 (§2, "Constants"). The lengths were checked.
        var c0 = Vector128.Create((byte)0x00, 0x01, 0x01, 0x02, 0x03, 0x05, 0x08, 0x0d, 0x15, 0x22, 0x37, 0x59, 0x90, 0xe9, 0x79, 0x62);
        var c1 = Vector128.Create((byte)0xdb, 0x3d, 0x18, 0x55, 0x6d, 0xc2, 0x2f, 0xf1, 0x20, 0x11, 0x31, 0x42, 0x73, 0xb5, 0x28, 0xdd);
        var k = Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(key));
        var n = AegisBlocks.LoadNonceBlock(ref MemoryMarshal.GetReference(nonce));
        var s0 = k ^ n;
        var s1 = c1;
        var s2 = c0;
        var s3 = c1;
        var s4 = k ^ n;
        var s5 = k ^ c0;
        var s6 = k ^ c1;
        var s7 = k ^ c0;
        Vector128<byte> old;

        // UPDATE 1 of 10 (draft §4.1): S'i = AESRound(S(i-1), Si), the block absorbed (here K and N) XORed into S'0 and
        // S'4, as the round key (see above).
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 2 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 3 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 4 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 5 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 6 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 7 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 8 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 9 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // UPDATE 10 of 10
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, k) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, n) ^ s0;

        // Absorb the associated data (§4.3), the last block zero-padded.
        ref byte ad = ref MemoryMarshal.GetReference(associatedData);
        int length = associatedData.Length;
        int whole = length & ~(BlockSize - 1);
        Vector128<byte> m0, m1;
        for (int i = 0; i < whole; i += BlockSize)
        {
            m0 = Vector128.LoadUnsafe(ref ad, (nuint)i);
            m1 = Vector128.LoadUnsafe(ref ad, (nuint)i + 16);

            // UPDATE
            old = s7;
            s7 = Aes.Encrypt(s6, s7);
            s6 = Aes.Encrypt(s5, s6);
            s5 = Aes.Encrypt(s4, s5);
            s4 = Aes.Encrypt(s3, m1) ^ s4;
            s3 = Aes.Encrypt(s2, s3);
            s2 = Aes.Encrypt(s1, s2);
            s1 = Aes.Encrypt(s0, s1);
            s0 = Aes.Encrypt(old, m0) ^ s0;
        }

        if (whole < length)
        {
            AegisBlocks.LoadPartial32(ref Unsafe.Add(ref ad, whole), length - whole, out m0, out m1);

            // UPDATE
            old = s7;
            s7 = Aes.Encrypt(s6, s7);
            s6 = Aes.Encrypt(s5, s6);
            s5 = Aes.Encrypt(s4, s5);
            s4 = Aes.Encrypt(s3, m1) ^ s4;
            s3 = Aes.Encrypt(s2, s3);
            s2 = Aes.Encrypt(s1, s2);
            s1 = Aes.Encrypt(s0, s1);
            s0 = Aes.Encrypt(old, m0) ^ s0;
        }

        // Enc and Dec (§4.3, §4.4): the keystream of a block is z0 = S6 ^ S1 ^ (S2 & S3), z1 = S2 ^ S5 ^ (S6 & S7);
        // the state absorbs the plaintext either way.
        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        length = input.Length;
        whole = length & ~(BlockSize - 1);
        if (encrypting)
        {
            for (int i = 0; i < whole; i += BlockSize)
            {
                m0 = Vector128.LoadUnsafe(ref src, (nuint)i);
                m1 = Vector128.LoadUnsafe(ref src, (nuint)i + 16);
                (m0 ^ s6 ^ s1 ^ (s2 & s3)).StoreUnsafe(ref dst, (nuint)i);
                (m1 ^ s2 ^ s5 ^ (s6 & s7)).StoreUnsafe(ref dst, (nuint)i + 16);

                // UPDATE
                old = s7;
                s7 = Aes.Encrypt(s6, s7);
                s6 = Aes.Encrypt(s5, s6);
                s5 = Aes.Encrypt(s4, s5);
                s4 = Aes.Encrypt(s3, m1) ^ s4;
                s3 = Aes.Encrypt(s2, s3);
                s2 = Aes.Encrypt(s1, s2);
                s1 = Aes.Encrypt(s0, s1);
                s0 = Aes.Encrypt(old, m0) ^ s0;
            }
        }
        else
        {
            Vector128<byte> x0, x1, z0, z1;
            for (int i = 0; i < whole; i += BlockSize)
            {
                // The plaintext P = X ^ z goes into the round as its key, AESRound(y, X ^ z) ^ S = AESRound(y, X) ^ (S ^ z):
                // the round takes the ciphertext X as loaded and the keystream joins in the XOR after it, off the chain
                // of rounds (with P as the round key, each round would wait for the keystream of this block). Computing
                // Q = S ^ z first and P = X ^ Q ^ S from it, one operation fewer, took 15% longer at 128 KiB.
                x0 = Vector128.LoadUnsafe(ref src, (nuint)i);
                x1 = Vector128.LoadUnsafe(ref src, (nuint)i + 16);
                z0 = s6 ^ s1 ^ (s2 & s3);
                z1 = s2 ^ s5 ^ (s6 & s7);
                (x0 ^ z0).StoreUnsafe(ref dst, (nuint)i);
                (x1 ^ z1).StoreUnsafe(ref dst, (nuint)i + 16);

                // UPDATE
                old = s7;
                s7 = Aes.Encrypt(s6, s7);
                s6 = Aes.Encrypt(s5, s6);
                s5 = Aes.Encrypt(s4, s5);
                s4 = Aes.Encrypt(s3, x1) ^ (s4 ^ z1);
                s3 = Aes.Encrypt(s2, s3);
                s2 = Aes.Encrypt(s1, s2);
                s1 = Aes.Encrypt(s0, s1);
                s0 = Aes.Encrypt(old, x0) ^ (s0 ^ z0);
            }
        }

        int rest = length - whole;
        if (rest > 0)
        {
            // The last partial block: zero-padded, XORed with a whole block of keystream and truncated. Decrypting, the
            // padding of the plaintext the state absorbs must be zeros again, not keystream (§4.5, DecPartial).
            AegisBlocks.LoadPartial32(ref Unsafe.Add(ref src, whole), rest, out m0, out m1);
            var y0 = m0 ^ s6 ^ s1 ^ (s2 & s3);
            var y1 = m1 ^ s2 ^ s5 ^ (s6 & s7);
            AegisBlocks.StorePartial32(ref Unsafe.Add(ref dst, whole), rest, y0, y1);
            if (!encrypting)
            {
                m0 = y0 & AegisBlocks.Prefix(rest);
                m1 = y1 & AegisBlocks.Prefix(rest - 16);
            }

            // UPDATE
            old = s7;
            s7 = Aes.Encrypt(s6, s7);
            s6 = Aes.Encrypt(s5, s6);
            s5 = Aes.Encrypt(s4, s5);
            s4 = Aes.Encrypt(s3, m1) ^ s4;
            s3 = Aes.Encrypt(s2, s3);
            s2 = Aes.Encrypt(s1, s2);
            s1 = Aes.Encrypt(s0, s1);
            s0 = Aes.Encrypt(old, m0) ^ s0;
        }

        // Finalize (§4.6): the lengths in bits, each a little-endian 64-bit word, XORed into S2; seven updates.
        var t = s2 ^ Vector128.Create((ulong)associatedData.Length * 8, (ulong)length * 8).AsByte();
        // UPDATE 1 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 2 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 3 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 4 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 5 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 6 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        // UPDATE 7 of 7
        old = s7;
        s7 = Aes.Encrypt(s6, s7);
        s6 = Aes.Encrypt(s5, s6);
        s5 = Aes.Encrypt(s4, s5);
        s4 = Aes.Encrypt(s3, t) ^ s4;
        s3 = Aes.Encrypt(s2, s3);
        s2 = Aes.Encrypt(s1, s2);
        s1 = Aes.Encrypt(s0, s1);
        s0 = Aes.Encrypt(old, t) ^ s0;

        if (longTag)
        {
            tag0 = s0 ^ s1 ^ s2 ^ s3;
            tag1 = s4 ^ s5 ^ s6 ^ s7;
        }
        else
        {
            tag0 = s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6;
            tag1 = default;
        }
    }
}
