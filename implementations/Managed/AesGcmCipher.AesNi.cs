using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

// The AES-NI path: the key schedule, CTR over eight blocks at once, GHASH by 128-bit PCLMULQDQ. The key schedule, the
// single-block and tail code and the final tag are shared with the wider GHASH path, which differs in its bulk loop only.
public sealed partial class AesGcmCipher
{
    // POLYVAL's reduction constant (RFC 8452 §3: x^128 + x^127 + x^126 + x^121 + 1); its high word is the multiplier of
    // the Montgomery reduction, its low word the x^0 term.
    private const ulong PolyHigh = 0xC200000000000000UL;

    /// <summary>pshufb mask reversing a block's 16 bytes: GCM's big-endian blocks to POLYVAL's little-endian elements.</summary>
    private static Vector128<byte> ReverseMask => Vector128.Create((byte)15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Reverse(Vector128<byte> block) => Ssse3.Shuffle(block, ReverseMask).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> SwapHalves(Vector128<ulong> value) => Sse2.Shuffle(value.AsUInt32(), 0x4E).AsUInt64();

    private void ExpandKey(ReadOnlySpan<byte> key)
    {
        Span<Vector128<byte>> rk = _roundKeys;
        var k0 = Vector128.Create(key[..16]);
        rk[0] = k0;
        if (key.Length == 16)
        {
            // FIPS 197 §5.2 with AESKEYGENASSIST; the round constants are the powers of x in GF(2^8).
            rk[1] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x01), 0xFF);
            rk[2] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x02), 0xFF);
            rk[3] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x04), 0xFF);
            rk[4] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x08), 0xFF);
            rk[5] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x10), 0xFF);
            rk[6] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x20), 0xFF);
            rk[7] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x40), 0xFF);
            rk[8] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x80), 0xFF);
            rk[9] = k0 = Expand(k0, Aes.KeygenAssist(k0, 0x1B), 0xFF);
            rk[10] = Expand(k0, Aes.KeygenAssist(k0, 0x36), 0xFF);
            return;
        }

        // AES-256 alternates a step with RotWord, SubWord and a round constant (word 3 of the assist) and one with
        // SubWord alone (word 2), FIPS 197 §5.2 with Nk = 8.
        var k1 = Vector128.Create(key[16..]);
        rk[1] = k1;
        rk[2] = k0 = Expand(k0, Aes.KeygenAssist(k1, 0x01), 0xFF);
        rk[3] = k1 = Expand(k1, Aes.KeygenAssist(k0, 0x00), 0xAA);
        rk[4] = k0 = Expand(k0, Aes.KeygenAssist(k1, 0x02), 0xFF);
        rk[5] = k1 = Expand(k1, Aes.KeygenAssist(k0, 0x00), 0xAA);
        rk[6] = k0 = Expand(k0, Aes.KeygenAssist(k1, 0x04), 0xFF);
        rk[7] = k1 = Expand(k1, Aes.KeygenAssist(k0, 0x00), 0xAA);
        rk[8] = k0 = Expand(k0, Aes.KeygenAssist(k1, 0x08), 0xFF);
        rk[9] = k1 = Expand(k1, Aes.KeygenAssist(k0, 0x00), 0xAA);
        rk[10] = k0 = Expand(k0, Aes.KeygenAssist(k1, 0x10), 0xFF);
        rk[11] = k1 = Expand(k1, Aes.KeygenAssist(k0, 0x00), 0xAA);
        rk[12] = k0 = Expand(k0, Aes.KeygenAssist(k1, 0x20), 0xFF);
        rk[13] = Expand(k1, Aes.KeygenAssist(k0, 0x00), 0xAA);
        rk[14] = Expand(k0, Aes.KeygenAssist(rk[13], 0x40), 0xFF);
    }

    /// <summary>One key-schedule step: each word XORed with all the words before it, then with the assist's chosen word.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Expand(Vector128<byte> key, Vector128<byte> assist, [ConstantExpected] byte word)
    {
        var t = Sse2.Shuffle(assist.AsUInt32(), word).AsByte();
        key ^= Sse2.ShiftLeftLogical128BitLane(key, 4);
        key ^= Sse2.ShiftLeftLogical128BitLane(key, 4);
        key ^= Sse2.ShiftLeftLogical128BitLane(key, 4);
        return key ^ t;
    }

    /// <summary>H = AES_K(0^128), turned into POLYVAL's mulX(ByteReverse(H)), and its powers up to H^8.</summary>
    private void ComputeHashKeyPowers()
    {
        var h = Reverse(EncryptBlock(Vector128<byte>.Zero));

        // mulX: shift left one bit; a bit carried out of x^127 comes back as the reduction polynomial's low terms.
        ulong lo = h.GetElement(0), hi = h.GetElement(1);
        ulong carry = 0UL - (hi >> 63);
        var h1 = Vector128.Create((lo << 1) ^ (carry & 1), ((hi << 1) | (lo >> 63)) ^ (carry & PolyHigh));

        Span<Vector128<ulong>> powers = _powers;
        var power = h1;
        for (int i = 0; i < Lanes; i++)
        {
            powers[2 * i] = power;
            powers[(2 * i) + 1] = KaratsubaHalf(power);
            power = Multiply(power, h1);
        }

        // The 512-bit path's layout: H^8, H^7, H^6, H^5 then H^4, H^3, H^2, H^1, one per 128-bit lane.
        for (int i = 0; i < Lanes; i++)
        {
            powers[(2 * Lanes) + i] = powers[2 * (Lanes - 1 - i)];
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> KaratsubaHalf(Vector128<ulong> h) => h ^ SwapHalves(h);

    private static Vector128<ulong> Multiply(Vector128<ulong> a, Vector128<ulong> b)
    {
        Vector128<ulong> lo = default, mid = default, hi = default;
        MultiplyAdd(a, b, KaratsubaHalf(b), ref lo, ref mid, ref hi);
        return Reduce(lo, mid, hi);
    }

    /// <summary>Adds x·h, unreduced, to three Karatsuba partial sums; <paramref name="hk"/> is h's Karatsuba half.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void MultiplyAdd(Vector128<ulong> x, Vector128<ulong> h, Vector128<ulong> hk, ref Vector128<ulong> lo, ref Vector128<ulong> mid, ref Vector128<ulong> hi)
    {
        lo ^= Pclmulqdq.CarrylessMultiply(x, h, 0x00);
        hi ^= Pclmulqdq.CarrylessMultiply(x, h, 0x11);
        mid ^= Pclmulqdq.CarrylessMultiply(x ^ SwapHalves(x), hk, 0x00);
    }

    /// <summary>
    /// Combines Karatsuba sums into the 256-bit product and reduces it: product · x^-128 mod the POLYVAL polynomial,
    /// two folds of the low word by 0xC2000000_00000000.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Reduce(Vector128<ulong> lo, Vector128<ulong> mid, Vector128<ulong> hi) =>
        ReduceProduct(lo, mid ^ lo ^ hi, hi);

    /// <summary>Reduces the product whose middle term (the two cross products' sum) is <paramref name="mid"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> ReduceProduct(Vector128<ulong> lo, Vector128<ulong> mid, Vector128<ulong> hi)
    {
        lo ^= Sse2.ShiftLeftLogical128BitLane(mid, 8);
        hi ^= Sse2.ShiftRightLogical128BitLane(mid, 8);
        var poly = Vector128.Create(1UL, PolyHigh);
        lo = SwapHalves(lo) ^ Pclmulqdq.CarrylessMultiply(lo, poly, 0x10);
        lo = SwapHalves(lo) ^ Pclmulqdq.CarrylessMultiply(lo, poly, 0x10);
        return lo ^ hi;
    }

    private Vector128<byte> EncryptBlock(Vector128<byte> block)
    {
        ref Vector128<byte> rk = ref MemoryMarshal.GetReference((Span<Vector128<byte>>)_roundKeys);
        block ^= rk;
        for (int r = 1; r < _rounds; r++)
        {
            block = Aes.Encrypt(block, Unsafe.Add(ref rk, r));
        }

        return Aes.EncryptLast(block, Unsafe.Add(ref rk, _rounds));
    }

    /// <summary>Encrypts eight blocks at once, each round on all eight before the next.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EncryptEight(
        ref Vector128<byte> rk, int rounds,
        ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3,
        ref Vector128<byte> b4, ref Vector128<byte> b5, ref Vector128<byte> b6, ref Vector128<byte> b7)
    {
        var k = rk;
        b0 ^= k; b1 ^= k; b2 ^= k; b3 ^= k; b4 ^= k; b5 ^= k; b6 ^= k; b7 ^= k;
        for (int r = 1; r < rounds; r++)
        {
            k = Unsafe.Add(ref rk, r);
            b0 = Aes.Encrypt(b0, k); b1 = Aes.Encrypt(b1, k); b2 = Aes.Encrypt(b2, k); b3 = Aes.Encrypt(b3, k);
            b4 = Aes.Encrypt(b4, k); b5 = Aes.Encrypt(b5, k); b6 = Aes.Encrypt(b6, k); b7 = Aes.Encrypt(b7, k);
        }

        k = Unsafe.Add(ref rk, rounds);
        b0 = Aes.EncryptLast(b0, k); b1 = Aes.EncryptLast(b1, k); b2 = Aes.EncryptLast(b2, k); b3 = Aes.EncryptLast(b3, k);
        b4 = Aes.EncryptLast(b4, k); b5 = Aes.EncryptLast(b5, k); b6 = Aes.EncryptLast(b6, k); b7 = Aes.EncryptLast(b7, k);
    }

    /// <summary>Counter block <paramref name="ctr"/> + <paramref name="i"/>: the counter is word 0 of the reversed block.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<byte> Counter(Vector128<uint> ctr, uint i) =>
        Ssse3.Shuffle((ctr + Vector128.Create(i, 0, 0, 0)).AsByte(), ReverseMask);

    /// <summary>The next chunk's eight counter blocks, <paramref name="ctr"/> + 1 to + 8; <paramref name="ctr"/> moves on by eight.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void NextEight(
        ref Vector128<uint> ctr,
        out Vector128<byte> b0, out Vector128<byte> b1, out Vector128<byte> b2, out Vector128<byte> b3,
        out Vector128<byte> b4, out Vector128<byte> b5, out Vector128<byte> b6, out Vector128<byte> b7)
    {
        var c = ctr;
        b0 = Counter(c, 1);
        b1 = Counter(c, 2);
        b2 = Counter(c, 3);
        b3 = Counter(c, 4);
        b4 = Counter(c, 5);
        b5 = Counter(c, 6);
        b6 = Counter(c, 7);
        b7 = Counter(c, 8);
        ctr = c + Vector128.Create((uint)Lanes, 0, 0, 0);
    }

    /// <summary>
    /// The whole AEAD but the tag comparison: J0 and E(K, J0), GHASH of the associated data, CTR from inc32(J0) over
    /// <paramref name="input"/> into <paramref name="output"/> with GHASH over the ciphertext (the output when
    /// encrypting, the input when decrypting), the length block. Returns the tag.
    /// </summary>
    // A root of its own: inlined into Encrypt or Decrypt beside the one-chunk route's call, the route used up their
    // inlining budget (even the byte-order mask stayed a call), and encrypting 1 KiB took 1.01-1.05 times as long
    // (harness paired); with each path's route a call, 1 KiB and 8 KiB were the same as before both changes.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private Vector128<byte> SealAesNi(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
    {
        Start(nonce, out var ctr, out var tagMask);
        var s = HashAssociatedData(associatedData);
        int done = BulkAesNi(ref ctr, ref s, input, output, encrypting);
        return Finish(ctr, s, input[done..], output[done..], encrypting, associatedData.Length, input.Length, tagMask);
    }

    /// <summary>
    /// The whole AEAD for a message of at most one chunk (128 bytes) with at most one block of associated data, the
    /// same on every path: J0 is encrypted as a ninth block beside the chunk's eight counter blocks, and the associated
    /// data, the message and the length block are hashed here rather than through the general route's calls.
    /// </summary>
    /// <remarks>
    /// On the general route a 128-byte message with 16 bytes of associated data made six calls, E(K, J0) was a chain of
    /// its own, and the associated data went through a loop meant for any length (perf on the AMD EPYC (Zen 3):
    /// encrypting J0 10% of the call, the associated data 18%).
    /// </remarks>
    [SkipLocalsInit]
    private Vector128<byte> SealOneChunk<TDirection>(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output)
        where TDirection : struct, IDirection
    {
        var tagMask = Vector128.Create(
            MemoryMarshal.Read<ulong>(nonce),
            MemoryMarshal.Read<uint>(nonce[8..]) | (0x01000000UL << 32)).AsByte();
        var ctr = Reverse(tagMask).AsUInt32();
        NextEight(ref ctr, out var b0, out var b1, out var b2, out var b3, out var b4, out var b5, out var b6, out var b7);
        ref Vector128<byte> rk = ref MemoryMarshal.GetReference((Span<Vector128<byte>>)_roundKeys);
        int rounds = _rounds;
        var k = rk;
        tagMask ^= k;
        b0 ^= k; b1 ^= k; b2 ^= k; b3 ^= k; b4 ^= k; b5 ^= k; b6 ^= k; b7 ^= k;
        for (int r = 1; r < rounds; r++)
        {
            k = Unsafe.Add(ref rk, r);
            tagMask = Aes.Encrypt(tagMask, k);
            Round(k, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
        }

        k = Unsafe.Add(ref rk, rounds);
        tagMask = Aes.EncryptLast(tagMask, k);
        b0 = Aes.EncryptLast(b0, k); b1 = Aes.EncryptLast(b1, k); b2 = Aes.EncryptLast(b2, k); b3 = Aes.EncryptLast(b3, k);
        b4 = Aes.EncryptLast(b4, k); b5 = Aes.EncryptLast(b5, k); b6 = Aes.EncryptLast(b6, k); b7 = Aes.EncryptLast(b7, k);

        ref Vector128<ulong> powers = ref MemoryMarshal.GetReference((Span<Vector128<ulong>>)_powers);
        Vector128<ulong> lo = default, mid = default, hi = default;
        var s = Vector128<ulong>.Zero;
        if (!associatedData.IsEmpty)
        {
            // Zero-padded in a register by AEGIS's partial-block load (no buffer, no copy call). Copied into a register
            // through Span.CopyTo, a 16-byte block cost a Memmove call: 8-10% of a 128-byte call (harness paired).
            var block = AegisBlocks.LoadPartial(ref MemoryMarshal.GetReference(associatedData), associatedData.Length);
            MultiplyAdd(Reverse(block), powers, Unsafe.Add(ref powers, 1), ref lo, ref mid, ref hi);
            s = Reduce(lo, mid, hi);
        }

        if (input.Length == ChunkSize)
        {
            ref byte src = ref MemoryMarshal.GetReference(input);
            ref byte dst = ref MemoryMarshal.GetReference(output);
            lo = mid = hi = default;
            if (TDirection.Encrypting)
            {
                // Hashed from the registers it was made in: loaded back from the output, it waited on its own stores.
                var c0 = b0 ^ Vector128.LoadUnsafe(ref src, 0);
                var c1 = b1 ^ Vector128.LoadUnsafe(ref src, 16);
                var c2 = b2 ^ Vector128.LoadUnsafe(ref src, 32);
                var c3 = b3 ^ Vector128.LoadUnsafe(ref src, 48);
                var c4 = b4 ^ Vector128.LoadUnsafe(ref src, 64);
                var c5 = b5 ^ Vector128.LoadUnsafe(ref src, 80);
                var c6 = b6 ^ Vector128.LoadUnsafe(ref src, 96);
                var c7 = b7 ^ Vector128.LoadUnsafe(ref src, 112);
                c0.StoreUnsafe(ref dst, 0); c1.StoreUnsafe(ref dst, 16); c2.StoreUnsafe(ref dst, 32); c3.StoreUnsafe(ref dst, 48);
                c4.StoreUnsafe(ref dst, 64); c5.StoreUnsafe(ref dst, 80); c6.StoreUnsafe(ref dst, 96); c7.StoreUnsafe(ref dst, 112);
                HashEight(c0, c1, c2, c3, c4, c5, c6, c7, ref powers, s, ref lo, ref mid, ref hi);
            }
            else
            {
                // Hashed before the output is written: in place, the output is the ciphertext.
                HashEight(ref src, 0, ref powers, s, ref lo, ref mid, ref hi);
                XorStore(ref src, ref dst, 0, b0, b1, b2, b3, b4, b5, b6, b7);
            }

            s = Reduce(lo, mid, hi);
        }
        else if (!input.IsEmpty)
        {
            Span<byte> buffer = stackalloc byte[ChunkSize];
            ref byte data = ref MemoryMarshal.GetReference(buffer);
            int blocks = (input.Length + BlockSize - 1) / BlockSize;
            buffer.Clear();
            input.CopyTo(buffer);
            if (!TDirection.Encrypting)
            {
                HashBlocks(ref s, ref data, blocks);
            }

            XorStore(ref data, ref data, 0, b0, b1, b2, b3, b4, b5, b6, b7);
            buffer[..input.Length].CopyTo(output);
            if (TDirection.Encrypting)
            {
                // The ciphertext's padding is zeros, not keystream.
                buffer[input.Length..].Clear();
                HashBlocks(ref s, ref data, blocks);
            }

            CryptographicOperations.ZeroMemory(buffer);
        }

        // The length block, as in Finish.
        var lengths = Vector128.Create((ulong)input.Length * 8, (ulong)associatedData.Length * 8);
        lo = mid = hi = default;
        MultiplyAdd(s ^ lengths, powers, Unsafe.Add(ref powers, 1), ref lo, ref mid, ref hi);
        return Ssse3.Shuffle(Reduce(lo, mid, hi).AsByte(), ReverseMask) ^ tagMask;
    }

    /// <summary>
    /// The direction of <see cref="SealOneChunk{TDirection}"/> as a type, so each direction is compiled on its own,
    /// without the other's branches.
    /// </summary>
    private interface IDirection
    {
        static abstract bool Encrypting { get; }
    }

    private readonly struct Encryption : IDirection
    {
        public static bool Encrypting => true;
    }

    private readonly struct Decryption : IDirection
    {
        public static bool Encrypting => false;
    }

    /// <summary>
    /// The last partial chunk (under 128 bytes, possibly empty): its keystream from one eight-block pass, its GHASH
    /// zero-padded; then the length block and the tag, ByteReverse(POLYVAL) ^ E(K, J0).
    /// </summary>
    [SkipLocalsInit]
    private Vector128<byte> Finish(
        Vector128<uint> ctr, Vector128<ulong> s, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting, int associatedLength, int totalLength,
        Vector128<byte> tagMask)
    {
        if (!input.IsEmpty)
        {
            Span<byte> buffer = stackalloc byte[2 * ChunkSize];
            ref byte data = ref MemoryMarshal.GetReference(buffer);
            ref byte keystream = ref Unsafe.Add(ref data, ChunkSize);
            int blocks = (input.Length + BlockSize - 1) / BlockSize;
            var padded = buffer[..(blocks * BlockSize)];
            padded.Clear();
            input.CopyTo(padded);
            if (!encrypting)
            {
                HashBlocks(ref s, ref data, blocks);
            }

            ref Vector128<byte> rk = ref MemoryMarshal.GetReference((Span<Vector128<byte>>)_roundKeys);
            // ctr is not needed after this, so NextEight moving it on costs nothing.
            NextEight(ref ctr, out var b0, out var b1, out var b2, out var b3, out var b4, out var b5, out var b6, out var b7);
            EncryptEight(ref rk, _rounds, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            b0.StoreUnsafe(ref keystream, 0);
            b1.StoreUnsafe(ref keystream, 16);
            b2.StoreUnsafe(ref keystream, 32);
            b3.StoreUnsafe(ref keystream, 48);
            b4.StoreUnsafe(ref keystream, 64);
            b5.StoreUnsafe(ref keystream, 80);
            b6.StoreUnsafe(ref keystream, 96);
            b7.StoreUnsafe(ref keystream, 112);
            for (int i = 0; i < blocks; i++)
            {
                nuint at = (nuint)(i * BlockSize);
                (Vector128.LoadUnsafe(ref data, at) ^ Vector128.LoadUnsafe(ref keystream, at)).StoreUnsafe(ref data, at);
            }

            padded[..input.Length].CopyTo(output);
            if (encrypting)
            {
                // The ciphertext's padding is zeros, not keystream.
                padded[input.Length..].Clear();
                HashBlocks(ref s, ref data, blocks);
            }

            CryptographicOperations.ZeroMemory(buffer);
        }

        // The length block: [len(A)]64 || [len(C)]64 in bits, big-endian; reversed, len(C) is the low word.
        var lengths = Vector128.Create((ulong)totalLength * 8, (ulong)associatedLength * 8);
        ref Vector128<ulong> powers = ref MemoryMarshal.GetReference((Span<Vector128<ulong>>)_powers);
        Vector128<ulong> lo = default, mid = default, hi = default;
        MultiplyAdd(s ^ lengths, powers, Unsafe.Add(ref powers, 1), ref lo, ref mid, ref hi);
        s = Reduce(lo, mid, hi);
        return Ssse3.Shuffle(s.AsByte(), ReverseMask) ^ tagMask;
    }

    /// <summary>J0 = nonce || 0^31 || 1 (SP 800-38D §7.1 with a 96-bit IV), as the reversed counter, and E(K, J0).</summary>
    private void Start(ReadOnlySpan<byte> nonce, out Vector128<uint> ctr, out Vector128<byte> tagMask)
    {
        var j0 = Vector128.Create(
            MemoryMarshal.Read<ulong>(nonce),
            MemoryMarshal.Read<uint>(nonce[8..]) | (0x01000000UL << 32)).AsByte();
        ctr = Reverse(j0).AsUInt32();
        tagMask = EncryptBlock(j0);
    }

    /// <summary>GHASH of the associated data, zero-padded to whole blocks, from a zero state.</summary>
    /// <remarks>
    /// Whole blocks are hashed where they lie, eight to a reduction; a partial last block is loaded zero-padded into a
    /// register. The associated data is public, so nothing here is wiped. Copying the last up to 127
    /// bytes into a 128-byte buffer, clearing it before and wiping it after took 13% of a 128-byte encryption with
    /// 16 bytes of associated data (perf on the AMD EPYC (Zen 3)).
    /// </remarks>
    private Vector128<ulong> HashAssociatedData(ReadOnlySpan<byte> associatedData)
    {
        var s = Vector128<ulong>.Zero;
        ref byte a = ref MemoryMarshal.GetReference(associatedData);
        int whole = associatedData.Length / BlockSize;
        for (int done = 0; done < whole; done += Lanes)
        {
            HashBlocks(ref s, ref Unsafe.Add(ref a, done * BlockSize), Math.Min(Lanes, whole - done));
        }

        int rest = associatedData.Length - (whole * BlockSize);
        if (rest > 0)
        {
            var last = AegisBlocks.LoadPartial(ref Unsafe.Add(ref a, whole * BlockSize), rest);
            HashBlocks(ref s, ref Unsafe.As<Vector128<byte>, byte>(ref last), 1);
        }

        return s;
    }

    /// <summary>
    /// Folds 1 to 8 whole blocks into the GHASH state with one reduction: (s ^ X1)·H^n ^ X2·H^(n-1) ^ … ^ Xn·H.
    /// </summary>
    private void HashBlocks(ref Vector128<ulong> s, ref byte blocks, int count)
    {
        ref Vector128<ulong> powers = ref MemoryMarshal.GetReference((Span<Vector128<ulong>>)_powers);
        Vector128<ulong> lo = default, mid = default, hi = default;
        var x = Reverse(Vector128.LoadUnsafe(ref blocks)) ^ s;
        for (int i = 0; ; )
        {
            int power = count - 1 - i;
            MultiplyAdd(x, Unsafe.Add(ref powers, 2 * power), Unsafe.Add(ref powers, (2 * power) + 1), ref lo, ref mid, ref hi);
            if (++i == count)
            {
                break;
            }

            x = Reverse(Vector128.LoadUnsafe(ref blocks, (nuint)(i * BlockSize)));
        }

        s = Reduce(lo, mid, hi);
    }

    /// <summary>
    /// CTR and GHASH over every whole 128-byte chunk of <paramref name="input"/>; returns the bytes done.
    /// </summary>
    /// <remarks>
    /// The GHASH of one chunk is interleaved with the AES rounds of another, one block's multiplication after each
    /// round, so the CPU's schedulers always hold independent work of both kinds: with the hash of a chunk written
    /// after its own rounds, its multiplications waited on the last round's output, filled the scheduler and held up the
    /// next chunk's rounds, and the path ran at about half the speed of the 512-bit one (1.84 against 3.92 B/ns at
    /// 128 KiB, Stopwatch, best of 15). Decrypting hashes the chunk it decrypts (its input, read before the output is
    /// written, so in place works); encrypting hashes the previous chunk's ciphertext, and the last one after the loop.
    /// </remarks>
    // On its own and optimized at first call, so the JIT's inlining budget and the process's profile do not decide
    // this loop's code: see BulkVpclmul256.
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    private int BulkAesNi(ref Vector128<uint> ctr, ref Vector128<ulong> s, ReadOnlySpan<byte> input, Span<byte> output, bool encrypting)
    {
        int chunks = input.Length / ChunkSize;
        if (chunks == 0)
        {
            return 0;
        }

        ref byte src = ref MemoryMarshal.GetReference(input);
        ref byte dst = ref MemoryMarshal.GetReference(output);
        ref Vector128<byte> rk = ref MemoryMarshal.GetReference((Span<Vector128<byte>>)_roundKeys);
        ref Vector128<ulong> p = ref MemoryMarshal.GetReference((Span<Vector128<ulong>>)_powers);
        int rounds = _rounds;
        var c = ctr;
        var state = s;

        // What each iteration hashes: the input chunk it decrypts, or the ciphertext chunk written one iteration before.
        ref byte hashed = ref encrypting ? ref dst : ref src;
        nuint lag = encrypting ? (nuint)ChunkSize : 0;
        int n = 0;
        if (encrypting)
        {
            NextEight(ref c, out var b0, out var b1, out var b2, out var b3, out var b4, out var b5, out var b6, out var b7);
            EncryptEight(ref rk, rounds, ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            XorStore(ref src, ref dst, 0, b0, b1, b2, b3, b4, b5, b6, b7);
            n = 1;
        }

        for (; n < chunks; n++)
        {
            nuint at = (nuint)(n * ChunkSize);
            nuint h = at - lag;
            NextEight(ref c, out var b0, out var b1, out var b2, out var b3, out var b4, out var b5, out var b6, out var b7);

            Vector128<ulong> lo = default, mid = default, hi = default;
            var k = rk;
            b0 ^= k; b1 ^= k; b2 ^= k; b3 ^= k; b4 ^= k; b5 ^= k; b6 ^= k; b7 ^= k;
            Round(Unsafe.Add(ref rk, 1), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h)) ^ state, Unsafe.Add(ref p, 14), Unsafe.Add(ref p, 15), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 2), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 16)), Unsafe.Add(ref p, 12), Unsafe.Add(ref p, 13), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 3), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 32)), Unsafe.Add(ref p, 10), Unsafe.Add(ref p, 11), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 4), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 48)), Unsafe.Add(ref p, 8), Unsafe.Add(ref p, 9), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 5), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 64)), Unsafe.Add(ref p, 6), Unsafe.Add(ref p, 7), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 6), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 80)), Unsafe.Add(ref p, 4), Unsafe.Add(ref p, 5), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 7), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 96)), Unsafe.Add(ref p, 2), Unsafe.Add(ref p, 3), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 8), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref hashed, h + 112)), p, Unsafe.Add(ref p, 1), ref lo, ref mid, ref hi);
            Round(Unsafe.Add(ref rk, 9), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            state = Reduce(lo, mid, hi);
            for (int r = 10; r < rounds; r++)
            {
                Round(Unsafe.Add(ref rk, r), ref b0, ref b1, ref b2, ref b3, ref b4, ref b5, ref b6, ref b7);
            }

            k = Unsafe.Add(ref rk, rounds);
            b0 = Aes.EncryptLast(b0, k); b1 = Aes.EncryptLast(b1, k); b2 = Aes.EncryptLast(b2, k); b3 = Aes.EncryptLast(b3, k);
            b4 = Aes.EncryptLast(b4, k); b5 = Aes.EncryptLast(b5, k); b6 = Aes.EncryptLast(b6, k); b7 = Aes.EncryptLast(b7, k);
            XorStore(ref src, ref dst, at, b0, b1, b2, b3, b4, b5, b6, b7);
        }

        if (encrypting)
        {
            Vector128<ulong> lo = default, mid = default, hi = default;
            HashEight(ref dst, (nuint)((chunks - 1) * ChunkSize), ref p, state, ref lo, ref mid, ref hi);
            state = Reduce(lo, mid, hi);
        }

        ctr = c;
        s = state;
        return chunks * ChunkSize;
    }

    /// <summary>One middle AES round on eight blocks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(
        Vector128<byte> k,
        ref Vector128<byte> b0, ref Vector128<byte> b1, ref Vector128<byte> b2, ref Vector128<byte> b3,
        ref Vector128<byte> b4, ref Vector128<byte> b5, ref Vector128<byte> b6, ref Vector128<byte> b7)
    {
        b0 = Aes.Encrypt(b0, k); b1 = Aes.Encrypt(b1, k); b2 = Aes.Encrypt(b2, k); b3 = Aes.Encrypt(b3, k);
        b4 = Aes.Encrypt(b4, k); b5 = Aes.Encrypt(b5, k); b6 = Aes.Encrypt(b6, k); b7 = Aes.Encrypt(b7, k);
    }

    /// <summary>Output chunk at <paramref name="at"/> = input chunk XOR the eight keystream blocks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void XorStore(
        ref byte src, ref byte dst, nuint at,
        Vector128<byte> b0, Vector128<byte> b1, Vector128<byte> b2, Vector128<byte> b3,
        Vector128<byte> b4, Vector128<byte> b5, Vector128<byte> b6, Vector128<byte> b7)
    {
        (b0 ^ Vector128.LoadUnsafe(ref src, at)).StoreUnsafe(ref dst, at);
        (b1 ^ Vector128.LoadUnsafe(ref src, at + 16)).StoreUnsafe(ref dst, at + 16);
        (b2 ^ Vector128.LoadUnsafe(ref src, at + 32)).StoreUnsafe(ref dst, at + 32);
        (b3 ^ Vector128.LoadUnsafe(ref src, at + 48)).StoreUnsafe(ref dst, at + 48);
        (b4 ^ Vector128.LoadUnsafe(ref src, at + 64)).StoreUnsafe(ref dst, at + 64);
        (b5 ^ Vector128.LoadUnsafe(ref src, at + 80)).StoreUnsafe(ref dst, at + 80);
        (b6 ^ Vector128.LoadUnsafe(ref src, at + 96)).StoreUnsafe(ref dst, at + 96);
        (b7 ^ Vector128.LoadUnsafe(ref src, at + 112)).StoreUnsafe(ref dst, at + 112);
    }

    /// <summary>Adds the unreduced GHASH of eight blocks at <paramref name="at"/>, the first XORed with the state.</summary>
    /// <remarks>
    /// Each block is loaded where it is multiplied. Written as the eight loads handed to the register form below, the
    /// eight blocks were live at once beside the keystream, and decrypting 128 B took 1.09-1.11 times as long (harness
    /// paired).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashEight(ref byte blocks, nuint at, ref Vector128<ulong> p, Vector128<ulong> state, ref Vector128<ulong> lo, ref Vector128<ulong> mid, ref Vector128<ulong> hi)
    {
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at)) ^ state, Unsafe.Add(ref p, 14), Unsafe.Add(ref p, 15), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 16)), Unsafe.Add(ref p, 12), Unsafe.Add(ref p, 13), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 32)), Unsafe.Add(ref p, 10), Unsafe.Add(ref p, 11), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 48)), Unsafe.Add(ref p, 8), Unsafe.Add(ref p, 9), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 64)), Unsafe.Add(ref p, 6), Unsafe.Add(ref p, 7), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 80)), Unsafe.Add(ref p, 4), Unsafe.Add(ref p, 5), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 96)), Unsafe.Add(ref p, 2), Unsafe.Add(ref p, 3), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(Vector128.LoadUnsafe(ref blocks, at + 112)), p, Unsafe.Add(ref p, 1), ref lo, ref mid, ref hi);
    }

    /// <summary>Adds the unreduced GHASH of eight blocks, the first XORed with the state.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HashEight(
        Vector128<byte> x0, Vector128<byte> x1, Vector128<byte> x2, Vector128<byte> x3,
        Vector128<byte> x4, Vector128<byte> x5, Vector128<byte> x6, Vector128<byte> x7,
        ref Vector128<ulong> p, Vector128<ulong> state, ref Vector128<ulong> lo, ref Vector128<ulong> mid, ref Vector128<ulong> hi)
    {
        MultiplyAdd(Reverse(x0) ^ state, Unsafe.Add(ref p, 14), Unsafe.Add(ref p, 15), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x1), Unsafe.Add(ref p, 12), Unsafe.Add(ref p, 13), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x2), Unsafe.Add(ref p, 10), Unsafe.Add(ref p, 11), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x3), Unsafe.Add(ref p, 8), Unsafe.Add(ref p, 9), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x4), Unsafe.Add(ref p, 6), Unsafe.Add(ref p, 7), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x5), Unsafe.Add(ref p, 4), Unsafe.Add(ref p, 5), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x6), Unsafe.Add(ref p, 2), Unsafe.Add(ref p, 3), ref lo, ref mid, ref hi);
        MultiplyAdd(Reverse(x7), p, Unsafe.Add(ref p, 1), ref lo, ref mid, ref hi);
    }
}
