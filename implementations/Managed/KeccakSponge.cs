namespace CryptoHarness.Managed;

/// <summary>
/// The sponge construction over Keccak-f[1600] (FIPS 202 §4, Algorithm 8) as a mutable value: absorb any number
/// of byte strings, then squeeze any number of times. Every Keccak-based function here is this sponge with its own
/// rate, domain suffix, and (for SP 800-185) an encoded prefix.
/// </summary>
/// <remarks>
/// A struct, so one-shot calls keep it on the stack and hashers embed it without a second allocation. It holds
/// message- and key-derived state: owners call <see cref="Clear"/> when done.
/// </remarks>
internal struct KeccakSponge
{
    // The padding byte pad10*1 starts with, with the function's domain suffix in front of its first 1 bit, bits
    // read from the least significant end (FIPS 202 §B.2): SHA-3 appends 01 (§6.1), SHAKE 1111 (§6.2), cSHAKE 00
    // (SP 800-185 §3.3), and the original Keccak submission nothing.
    public const byte Sha3Suffix = 0x06;
    public const byte ShakeSuffix = 0x1F;
    public const byte CShakeSuffix = 0x04;
    public const byte KeccakSuffix = 0x01;

    // The last bit of pad10*1, at the end of the block.
    public const byte FinalPaddingBit = 0x80;

    private KeccakState _state;
    private readonly int _rateInBytes;
    // Not readonly: KangarooTwelve's final node learns its domain byte (single node or tree) only when the input ends.
    private byte _suffix;
    private readonly InstructionSet _path;

    // 24 for Keccak-f[1600] (FIPS 202), 12 for Keccak-p[1600, 12] (TurboSHAKE and KangarooTwelve, RFC 9861).
    private readonly int _rounds;

    // While absorbing, the number of bytes already XORed into the current block; while squeezing, the number of
    // bytes of the current output block already handed out.
    private int _position;
    private bool _squeezing;

    public KeccakSponge(int rateInBytes, byte suffix, InstructionSet path, int rounds = KeccakP1600.RoundCount)
    {
        Debug.Assert(rateInBytes is > 0 and <= KeccakP1600.MaxRateInBytes && rateInBytes % sizeof(ulong) == 0, "A rate is whole lanes.");
        _rateInBytes = rateInBytes;
        _suffix = suffix;
        _path = path;
        _rounds = rounds;
    }

    public readonly int RateInBytes => _rateInBytes;

    /// <summary>
    /// The one-shot shape every plain sponge function shares: absorb <paramref name="source"/>, pad, squeeze all of
    /// <paramref name="destination"/>, wipe. Source and destination may overlap: output is written only after all
    /// input has been read.
    /// </summary>
    public static void Hash(
        ReadOnlySpan<byte> source, Span<byte> destination, int rateInBytes, byte suffix, InstructionSet path, int rounds = KeccakP1600.RoundCount)
    {
        var sponge = new KeccakSponge(rateInBytes, suffix, path, rounds);
        sponge.Absorb(source);
        sponge.Squeeze(destination);
        sponge.Clear();
    }

    /// <summary>The rate of a function with capacity twice its security strength (FIPS 202 §5.2, §6).</summary>
    public static int RateForCapacity(int capacityInBytes) => KeccakP1600.StateSizeInBytes - capacityInBytes;

    public readonly bool IsSqueezing => _squeezing;

    /// <summary>Replaces the domain suffix the padding will use; only before squeezing begins.</summary>
    public void SetSuffix(byte suffix)
    {
        Debug.Assert(!_squeezing, "The suffix is consumed by the padding.");
        _suffix = suffix;
    }

    /// <summary>Absorbs <paramref name="data"/>; whole blocks go straight from the caller's buffer into the permutation.</summary>
    public void Absorb(ReadOnlySpan<byte> data)
    {
        Debug.Assert(!_squeezing, "Callers stop absorbing once squeezing has begun.");

        if (_position != 0)
        {
            int take = Math.Min(data.Length, _rateInBytes - _position);
            XorIntoState(_position, data[..take]);
            _position += take;
            data = data[take..];
            if (_position < _rateInBytes)
            {
                return;
            }

            KeccakP1600.Permute(ref _state, _path, _rounds);
            _position = 0;
        }

        int wholeBlocksLength = data.Length - (data.Length % _rateInBytes);
        KeccakP1600.AbsorbBlocks(ref _state, data[..wholeBlocksLength], _rateInBytes, _path, _rounds);
        ReadOnlySpan<byte> tail = data[wholeBlocksLength..];
        XorIntoState(0, tail);
        _position = tail.Length;
    }

    /// <summary>
    /// Completes the current block with zero bytes. That is the tail of SP 800-185's <c>bytepad(X, rate)</c>
    /// (§2.3.3), whose zeros change nothing when XORed in, so only the permutation is left to apply.
    /// </summary>
    public void ZeroPadToBlockBoundary()
    {
        Debug.Assert(!_squeezing, "Padding is part of absorbing.");
        if (_position != 0)
        {
            KeccakP1600.Permute(ref _state, _path, _rounds);
            _position = 0;
        }
    }

    /// <summary>SP 800-185 §2.3.1 <c>left_encode(x)</c>: the byte count of x, then x big endian, at least one byte.</summary>
    public void AbsorbLeftEncoded(ulong value)
    {
        Span<byte> encoded = stackalloc byte[1 + sizeof(ulong)];
        int length = EncodedLength(value);
        encoded[0] = (byte)length;
        WriteBigEndian(value, encoded.Slice(1, length));
        Absorb(encoded[..(1 + length)]);
    }

    /// <summary>SP 800-185 §2.3.1 <c>right_encode(x)</c>: x big endian in at least one byte, then its byte count.</summary>
    public void AbsorbRightEncoded(ulong value)
    {
        Span<byte> encoded = stackalloc byte[sizeof(ulong) + 1];
        int length = EncodedLength(value);
        WriteBigEndian(value, encoded[..length]);
        encoded[length] = (byte)length;
        Absorb(encoded[..(length + 1)]);
    }

    /// <summary>SP 800-185 §2.3.2 <c>encode_string(S)</c>: <c>left_encode(len(S))</c> in bits, then S.</summary>
    public void AbsorbEncodedString(ReadOnlySpan<byte> value)
    {
        // A span holds fewer than 2^31 bytes, so its length in bits fits a ulong with room to spare.
        AbsorbLeftEncoded((ulong)value.Length * 8);
        Absorb(value);
    }

    /// <summary>
    /// Squeezes <c>destination.Length</c> more bytes of output (FIPS 202 Algorithm 8, steps 7–10), padding and
    /// finishing the absorbing phase on the first call. Successive calls continue the same output stream.
    /// </summary>
    public void Squeeze(Span<byte> destination)
    {
        if (!_squeezing)
        {
            Pad();
        }

        Span<byte> stateBytes = StateBytes;
        while (!destination.IsEmpty)
        {
            // The next block is computed only when output is actually asked of it.
            if (_position == _rateInBytes)
            {
                KeccakP1600.Permute(ref _state, _path, _rounds);
                _position = 0;
            }

            int take = Math.Min(destination.Length, _rateInBytes - _position);
            stateBytes.Slice(_position, take).CopyTo(destination);
            _position += take;
            destination = destination[take..];
        }
    }

    /// <summary>Wipes the state; the sponge must not be used again until it is reassigned.</summary>
    public void Clear() => CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref this, 1)));

    /// <summary>
    /// Appends the domain suffix and pad10*1 (FIPS 202 §5.1) to what has been absorbed, and applies the last
    /// permutation. The suffix byte already carries pad10*1's first 1 bit, so a single-byte gap gets both bytes
    /// XORed into the same position (0x86 for SHA-3), as the standard's bit order requires.
    /// </summary>
    private void Pad()
    {
        Span<byte> stateBytes = StateBytes;
        stateBytes[_position] ^= _suffix;
        stateBytes[_rateInBytes - 1] ^= FinalPaddingBit;
        KeccakP1600.Permute(ref _state, _path, _rounds);
        _position = 0;
        _squeezing = true;
    }

    [UnscopedRef]
    private Span<byte> StateBytes => MemoryMarshal.AsBytes((Span<ulong>)_state);

    /// <summary>XORs <paramref name="data"/> into the state bytes from <paramref name="offset"/> on.</summary>
    private void XorIntoState(int offset, ReadOnlySpan<byte> data)
    {
        Debug.Assert(offset + data.Length <= _rateInBytes, "Absorbed bytes stay within the rate.");

        // Eight bytes at a time where possible: XOR is bytewise, so reading both sides as native words gives the
        // same bytes on either endianness.
        ref byte target = ref Unsafe.Add(ref MemoryMarshal.GetReference(StateBytes), offset);
        ref byte source = ref MemoryMarshal.GetReference(data);
        int i = 0;
        for (; i + sizeof(ulong) <= data.Length; i += sizeof(ulong))
        {
            ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref target, i))
                ^ Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, i));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref target, i), word);
        }

        for (; i < data.Length; i++)
        {
            Unsafe.Add(ref target, i) ^= Unsafe.Add(ref source, i);
        }
    }

    // The smallest n ≥ 1 with 2^(8n) > x (SP 800-185 §2.3.1, step 1).
    private static int EncodedLength(ulong value) =>
        Math.Max(1, (64 - System.Numerics.BitOperations.LeadingZeroCount(value) + 7) / 8);

    private static void WriteBigEndian(ulong value, Span<byte> destination)
    {
        for (int i = destination.Length - 1; i >= 0; i--)
        {
            destination[i] = (byte)value;
            value >>= 8;
        }
    }
}
