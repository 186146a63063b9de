namespace CryptoHarness.Managed;

/// <summary>
/// The AEAD construction of RFC 8439 §2.8 on a ChaCha20 state: the one-time Poly1305 key from block 0, the message
/// encrypted from block 1, and the tag over the padded associated data, the padded ciphertext and both lengths.
/// Shared by <see cref="ChaCha20Poly1305Cipher"/> and <see cref="XChaCha20Poly1305Cipher"/>, which differ only in
/// how they make the state.
/// </summary>
/// <remarks>
/// <para>
/// Block 0 runs with the message's first blocks in one call of the narrowest kernel that holds them, in a stack
/// buffer: a 128-byte message is a single four-block call (Poly1305 key and two blocks of message, one block spare)
/// instead of a call for the key and another for the message. The rest of the message is encrypted in one call and
/// then authenticated in one call, as decryption authenticates and then decrypts.
/// </para>
/// <para>
/// Encryption once went through the message in 4 KiB chunks, each encrypted and then authenticated while still in the
/// L1 cache. That was written for the scalar Poly1305; each call of a vector path pays to spread the accumulator into
/// its lanes and to sum them back with the last powers of r, so the chunks cost that 32 times at 128 KiB. Measured on
/// an AMD EPYC (Zen 3, AVX2 path), Stopwatch, medians of 81 interleaved rounds against .NET's ChaCha20Poly1305
/// (OpenSSL) at 128 KiB, two runs each: 4 KiB chunks 1.16 and 1.11 times its time, 16 KiB 1.10 and 1.09, one pass
/// each 1.03 and 1.07, where decryption (always one pass each) was 1.05 to 1.07. A second pass reads the ciphertext
/// from L2 instead of L1, which at Poly1305's 0.5 cycles a byte costs nothing measurable.
/// </para>
/// <para>
/// Decryption authenticates the whole ciphertext first and decrypts only when the tag matches (compared in constant
/// time, as one 16-byte vector: see <see cref="Open"/>), so a forgery writes nothing to the plaintext buffer. The
/// stack buffers that held keystream, the one-time key or the state are wiped before returning.
/// </para>
/// </remarks>
internal static class ChaCha20Poly1305Core
{
    public const int TagSizeInBytes = 16;

    [SkipLocalsInit]
    public static void Seal(
        InstructionSet path, ref ChaCha20.State state, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        Unsafe.SkipInit(out ChaCha20.GroupBuffer buffer);
        Unsafe.SkipInit(out Poly1305.State poly);
        int head = FirstGroup(path, ref state, plaintext, buffer, out uint counter);
        Poly1305.Initialize(ref poly, ((ReadOnlySpan<byte>)buffer)[..Poly1305.KeySizeInBytes]);
        ((ReadOnlySpan<byte>)buffer).Slice(ChaCha20.BlockSizeInBytes, head).CopyTo(ciphertext);
        CryptographicOperations.ZeroMemory(buffer);

        if (head < plaintext.Length)
        {
            ChaCha20.Xor(
                path, ref state, counter,
                ref Unsafe.Add(ref MemoryMarshal.GetReference(plaintext), head), ref Unsafe.Add(ref MemoryMarshal.GetReference(ciphertext), head), plaintext.Length - head);
        }

        AbsorbPadded(path, ref poly, associatedData);
        AbsorbPadded(path, ref poly, ciphertext);
        AbsorbLengths(ref poly, associatedData.Length, plaintext.Length);
        Poly1305.Finish(ref poly, tag);
    }

    [SkipLocalsInit]
    public static bool Open(
        InstructionSet path, ref ChaCha20.State state, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        Unsafe.SkipInit(out ChaCha20.GroupBuffer buffer);
        Unsafe.SkipInit(out Poly1305.State poly);
        Unsafe.SkipInit(out Vector128<byte> computedTag);
        var computed = MemoryMarshal.AsBytes(new Span<Vector128<byte>>(ref computedTag));

        // The first group's plaintext stays in the stack buffer until the tag is known to be right.
        int head = FirstGroup(path, ref state, ciphertext, buffer, out uint counter);
        Poly1305.Initialize(ref poly, ((ReadOnlySpan<byte>)buffer)[..Poly1305.KeySizeInBytes]);
        AbsorbPadded(path, ref poly, associatedData);
        AbsorbPadded(path, ref poly, ciphertext);
        AbsorbLengths(ref poly, associatedData.Length, ciphertext.Length);
        Poly1305.Finish(ref poly, computed);

        // The tags (16 bytes each, checked) compared as one vector: one XOR and one test, with no branch on where they
        // differ, as FixedTimeEquals would, without its call and a stackalloc'd copy of the computed tag.
        bool valid = (computedTag ^ Vector128.LoadUnsafe(ref MemoryMarshal.GetReference(tag))) == Vector128<byte>.Zero;
        CryptographicOperations.ZeroMemory(computed);
        if (valid)
        {
            ((ReadOnlySpan<byte>)buffer).Slice(ChaCha20.BlockSizeInBytes, head).CopyTo(plaintext);
            if (head < ciphertext.Length)
            {
                ChaCha20.Xor(
                    path, ref state, counter,
                    ref Unsafe.Add(ref MemoryMarshal.GetReference(ciphertext), head), ref Unsafe.Add(ref MemoryMarshal.GetReference(plaintext), head), ciphertext.Length - head);
            }
        }

        CryptographicOperations.ZeroMemory(buffer);
        return valid;
    }

    /// <summary>
    /// Runs block 0 and as many of the message's first blocks as the narrowest kernel covering them holds, in
    /// <paramref name="buffer"/>: afterwards its first 32 bytes are the Poly1305 key and the <c>head</c> bytes
    /// after its first block are the first <c>head</c> bytes of the output. <paramref name="counter"/> is the
    /// block the rest of the message starts at.
    /// </summary>
    private static int FirstGroup(InstructionSet path, ref ChaCha20.State state, ReadOnlySpan<byte> input, Span<byte> buffer, out uint counter)
    {
        int blocks = 1 + (input.Length + ChaCha20.BlockSizeInBytes - 1) / ChaCha20.BlockSizeInBytes;
        int groupBlocks = ChaCha20.WidthFor(path, blocks);
        int head = Math.Min(input.Length, (groupBlocks - 1) * ChaCha20.BlockSizeInBytes);
        Span<byte> group = buffer[..(groupBlocks * ChaCha20.BlockSizeInBytes)];
        group[..ChaCha20.BlockSizeInBytes].Clear();
        input[..head].CopyTo(group[ChaCha20.BlockSizeInBytes..]);
        group[(ChaCha20.BlockSizeInBytes + head)..].Clear();
        ChaCha20.XorGroups(path, groupBlocks, ref state, 0, ref MemoryMarshal.GetReference(group), ref MemoryMarshal.GetReference(group), 1);
        counter = (uint)groupBlocks;
        return head;
    }

    /// <summary>Absorbs data zero-padded to a whole number of 16-byte blocks (RFC 8439 §2.8's pad16).</summary>
    private static void AbsorbPadded(InstructionSet path, ref Poly1305.State poly, ReadOnlySpan<byte> data)
    {
        int whole = data.Length & ~(Poly1305.BlockSizeInBytes - 1);
        if (whole != 0)
        {
            Poly1305.Blocks(path, ref poly, ref MemoryMarshal.GetReference(data), whole / Poly1305.BlockSizeInBytes);
        }

        if (whole != data.Length)
        {
            AbsorbLast(ref poly, data[whole..]);
        }
    }

    [SkipLocalsInit]
    private static void AbsorbLast(ref Poly1305.State poly, ReadOnlySpan<byte> last)
    {
        Span<byte> block = stackalloc byte[Poly1305.BlockSizeInBytes];
        block.Clear();
        last.CopyTo(block);
        Poly1305.Blocks(ref poly, block, 1);
        CryptographicOperations.ZeroMemory(block);
    }

    [SkipLocalsInit]
    private static void AbsorbLengths(ref Poly1305.State poly, int associatedDataLength, int messageLength)
    {
        Span<byte> block = stackalloc byte[Poly1305.BlockSizeInBytes];
        BinaryPrimitives.WriteUInt64LittleEndian(block, (ulong)associatedDataLength);
        BinaryPrimitives.WriteUInt64LittleEndian(block[8..], (ulong)messageLength);
        Poly1305.Blocks(ref poly, block, 1);
    }

    /// <summary>
    /// The checks of a call in either direction: the nonce's and tag's lengths, and the output as long as the input (the
    /// ciphertext when <paramref name="sealing"/>, else the plaintext). Small enough to inline; the messages are built
    /// in <see cref="Throw"/>, only when a check fails (inlined with them, the checks gave Encrypt a stack frame of
    /// string-building temporaries: 10-15% at 128 B).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Validate(ReadOnlySpan<byte> nonce, int expectedNonce, ReadOnlySpan<byte> tag, int inputLength, int outputLength, bool sealing)
    {
        if (nonce.Length != expectedNonce || tag.Length != TagSizeInBytes || outputLength != inputLength)
        {
            Throw(nonce, expectedNonce, tag, inputLength, outputLength, sealing);
        }
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Throw(ReadOnlySpan<byte> nonce, int expectedNonce, ReadOnlySpan<byte> tag, int inputLength, int outputLength, bool sealing)
    {
        if (nonce.Length != expectedNonce)
        {
            throw new ArgumentException($"Nonce is {nonce.Length} bytes; this AEAD takes {expectedNonce}.", nameof(nonce));
        }

        if (tag.Length != TagSizeInBytes)
        {
            throw new ArgumentException($"Tag is {tag.Length} bytes; this AEAD's tag is {TagSizeInBytes}.", nameof(tag));
        }

        var (output, outputName, input) = sealing ? ("Ciphertext", "ciphertext", "plaintext") : ("Plaintext", "plaintext", "ciphertext");
        throw new ArgumentException($"{output} is {outputLength} bytes; it must be as long as the {input} ({inputLength}).", outputName);
    }
}

/// <summary>
/// What <see cref="ChaCha20Poly1305Cipher"/> and <see cref="XChaCha20Poly1305Cipher"/> share: a 256-bit key on one
/// <see cref="ChaCha20"/> path, 128-bit tags, the checks, the AEAD of RFC 8439 §2.8 and the wipe. They differ only in
/// their nonce and how it makes the ChaCha20 state (<see cref="InitializeState"/>). Allocates nothing per call;
/// <see cref="Dispose"/> wipes the key.
/// </summary>
public abstract class ChaCha20Poly1305CipherBase : AeadCipher
{
    public const int KeySizeInBytes = 32;
    public const int TagSizeInBytes = 16;

    private readonly InstructionSet _path;
    private readonly int _nonceSize;
    private ChaCha20.Key _key;
    private bool _disposed;

    /// <exception cref="ArgumentException">The key is not 32 bytes.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    private protected ChaCha20Poly1305CipherBase(ReadOnlySpan<byte> key, InstructionSet path, int nonceSize, string name)
    {
        if (!ChaCha20.IsSupported(path))
        {
            ChaCha20.ThrowNotSupported(path);
        }

        if (key.Length != KeySizeInBytes)
        {
            throw new ArgumentException($"Key is {key.Length} bytes; {name} takes {KeySizeInBytes}.", nameof(key));
        }

        _path = path;
        _nonceSize = nonceSize;
        ChaCha20.ReadKey(ref _key, key);
    }

    /// <summary>Encrypts <paramref name="plaintext"/> into <paramref name="ciphertext"/> (as long) and writes the 16-byte tag.</summary>
    [SkipLocalsInit]
    public sealed override void Encrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag, ReadOnlySpan<byte> associatedData = default)
    {
        Start(nonce, tag, plaintext.Length, ciphertext.Length, sealing: true, out var state);
        ChaCha20Poly1305Core.Seal(_path, ref state, associatedData, plaintext, ciphertext, tag);
        ChaCha20.Wipe(ref state);
    }

    /// <summary>
    /// Checks the tag and, only when it is right, decrypts into <paramref name="plaintext"/>; on a wrong tag returns
    /// false and leaves <paramref name="plaintext"/> untouched.
    /// </summary>
    [SkipLocalsInit]
    public sealed override bool Decrypt(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext, ReadOnlySpan<byte> associatedData = default)
    {
        Start(nonce, tag, ciphertext.Length, plaintext.Length, sealing: false, out var state);
        bool valid = ChaCha20Poly1305Core.Open(_path, ref state, associatedData, ciphertext, tag, plaintext);
        ChaCha20.Wipe(ref state);
        return valid;
    }

    /// <summary>The checks of a call in either direction, then the ChaCha20 state for <paramref name="nonce"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Start(ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag, int inputLength, int outputLength, bool sealing, out ChaCha20.State state)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ChaCha20Poly1305Core.Validate(nonce, _nonceSize, tag, inputLength, outputLength, sealing);
        Unsafe.SkipInit(out state);
        InitializeState(ref _key, ref state, nonce);
    }

    public sealed override void Dispose()
    {
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)_key));
        _disposed = true;
        GC.SuppressFinalize(this);
    }

    /// <summary>The ChaCha20 state for <paramref name="nonce"/> (already checked to be the variant's length).</summary>
    private protected abstract void InitializeState(ref ChaCha20.Key key, ref ChaCha20.State state, ReadOnlySpan<byte> nonce);
}

/// <summary>ChaCha20-Poly1305 (RFC 8439 §2.8) under one key on one <see cref="ChaCha20"/> path: 96-bit nonces.</summary>
/// <param name="key">The 32-byte key.</param>
/// <param name="path">The ChaCha20 path; see <see cref="ChaCha20.IsSupported"/>.</param>
/// <exception cref="ArgumentException">The key is not 32 bytes.</exception>
/// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
public sealed class ChaCha20Poly1305Cipher(ReadOnlySpan<byte> key, InstructionSet path)
    : ChaCha20Poly1305CipherBase(key, path, NonceSizeInBytes, "ChaCha20-Poly1305")
{
    public const int NonceSizeInBytes = 12;

    /// <summary>A cipher on the default ChaCha20 path.</summary>
    public ChaCha20Poly1305Cipher(ReadOnlySpan<byte> key)
        : this(key, ChaCha20.DefaultPath)
    {
    }

    private protected override void InitializeState(ref ChaCha20.Key key, ref ChaCha20.State state, ReadOnlySpan<byte> nonce) =>
        ChaCha20.Initialize(ref state, ref key, nonce);
}

/// <summary>
/// XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha-03 §2): HChaCha20 of the key and the nonce's first 16 bytes gives a
/// subkey, under which ChaCha20-Poly1305 runs with the nonce's last 8 bytes after four zero bytes. 192-bit nonces.
/// </summary>
/// <remarks>HChaCha20 is one scalar block per call: a vector path has nothing to spread a single block over.</remarks>
/// <param name="key">The 32-byte key.</param>
/// <param name="path">The ChaCha20 path; see <see cref="ChaCha20.IsSupported"/>.</param>
/// <exception cref="ArgumentException">The key is not 32 bytes.</exception>
/// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
public sealed class XChaCha20Poly1305Cipher(ReadOnlySpan<byte> key, InstructionSet path)
    : ChaCha20Poly1305CipherBase(key, path, NonceSizeInBytes, "XChaCha20-Poly1305")
{
    public const int NonceSizeInBytes = 24;

    /// <summary>A cipher on the default ChaCha20 path.</summary>
    public XChaCha20Poly1305Cipher(ReadOnlySpan<byte> key)
        : this(key, ChaCha20.DefaultPath)
    {
    }

    /// <summary>The ChaCha20 state under the subkey (draft §2.3); the subkey is wiped once it is in the state.</summary>
    [SkipLocalsInit]
    private protected override void InitializeState(ref ChaCha20.Key key, ref ChaCha20.State state, ReadOnlySpan<byte> nonce)
    {
        Unsafe.SkipInit(out ChaCha20.Key subkey);
        ChaCha20.HChaCha20(ref key, nonce[..ChaCha20.HChaChaNonceSizeInBytes], ref subkey);
        ChaCha20.Initialize(ref state, ref subkey, nonce[ChaCha20.HChaChaNonceSizeInBytes..]);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)subkey));
    }
}
