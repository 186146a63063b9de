using Aes = System.Runtime.Intrinsics.X86.Aes;

namespace CryptoHarness.Managed;

/// <summary>
/// What sets one AEGIS variant apart in the code <see cref="Aegis128L"/> and <see cref="Aegis256"/> share: its sizes, its
/// name in messages and its kernel. The variants are structs, so the shared code (<see cref="Aegis"/>), generic over
/// them, is compiled once per variant with the sizes as constants and the kernel inlined.
/// </summary>
public interface IAegisVariant
{
    /// <summary>The key's length in bytes.</summary>
    static abstract int KeySizeInBytes { get; }

    /// <summary>The nonce's length in bytes.</summary>
    static abstract int NonceSizeInBytes { get; }

    /// <summary>The variant's name, as the messages of a failed check give it.</summary>
    internal static abstract string Name { get; }

    /// <summary>
    /// The whole message, init to tag, on checked arguments: <paramref name="input"/> encrypted or decrypted into
    /// <paramref name="output"/>, the computed tag (the second half only for a 32-byte tag) in two registers.
    /// </summary>
    internal static abstract void Seal(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> input, Span<byte> output,
        bool encrypting, out Vector128<byte> tag0, out Vector128<byte> tag1, bool longTag);
}

/// <summary>
/// AEGIS's calls, declared once for both variants: <c>Aegis128L.Encrypt</c>, <c>Aegis256.Decrypt</c>,
/// <c>Aegis128L.IsSupported</c>, … (static extension members of every <see cref="IAegisVariant"/>).
/// </summary>
public static class Aegis
{
    private static bool HasAesNi => Aes.IsSupported && Sse2.IsSupported;

    // CA1000 reads an extension block as a generic type; these members are called on the variant (Aegis128L.Encrypt),
    // never as Aegis<T>.Encrypt, which is what the rule guards against.
#pragma warning disable CA1000
    extension<TVariant>(TVariant)
        where TVariant : struct, IAegisVariant
    {
        /// <summary>Whether this CPU, as the runtime shows it, has AES-NI.</summary>
        public static bool IsSupported => HasAesNi;

        // Encrypt and Decrypt are never inlined, so each is compiled whole, as a root with its own inlining budget: the
        // checks, the kernel and the tag in one body, the spans in registers, the tag never in memory. Inlined into a
        // caller (the adapter, then the harness's workload, as tiered PGO chose), the caller's budget ran out before the
        // kernel's 1,654 bytes of IL (AEGIS-128L's), which became a call of its own taking its spans on the stack and
        // handing the tag back through two stack slots, and how much of the chain was inlined where changed from process
        // to process. Being generic over a struct, each is a root of its own per variant. The checks and the kernel are
        // called from the root itself: with a helper between them (one method doing both for either direction) the
        // root's own IL was too small to earn the budget the kernel needs, the kernel became a call, and AEGIS-128L
        // took 62 ns at 128 B instead of 38 (harness paired against the base build).

        /// <summary>Encrypts <paramref name="plaintext"/> and writes a tag of <paramref name="tag"/>'s length, 16 or 32 bytes.</summary>
        /// <exception cref="ArgumentException">A length is wrong, or the buffers overlap other than exactly.</exception>
        /// <exception cref="PlatformNotSupportedException">This CPU has no AES-NI.</exception>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static void Encrypt(
            ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag,
            ReadOnlySpan<byte> associatedData = default)
        {
            AegisArguments.Check(TVariant.KeySizeInBytes, TVariant.NonceSizeInBytes, HasAesNi, TVariant.Name, key, nonce, plaintext, ciphertext, tag);
            TVariant.Seal(key, nonce, associatedData, plaintext, ciphertext, encrypting: true, out var tag0, out var tag1, longTag: tag.Length == 32);
            AegisBlocks.StoreTag(tag, tag0, tag1);
        }

        /// <summary>
        /// Decrypts and authenticates. Returns false when the tag does not match, with <paramref name="plaintext"/> zeroed.
        /// The tags are compared in constant time.
        /// </summary>
        /// <exception cref="ArgumentException">A length is wrong, or the buffers overlap other than exactly.</exception>
        /// <exception cref="PlatformNotSupportedException">This CPU has no AES-NI.</exception>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static bool Decrypt(
            ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext,
            ReadOnlySpan<byte> associatedData = default)
        {
            AegisArguments.Check(TVariant.KeySizeInBytes, TVariant.NonceSizeInBytes, HasAesNi, TVariant.Name, key, nonce, ciphertext, plaintext, tag);
            TVariant.Seal(key, nonce, associatedData, ciphertext, plaintext, encrypting: false, out var tag0, out var tag1, longTag: tag.Length == 32);
            return AegisBlocks.Verify(tag0, tag1, tag, plaintext);
        }
    }
#pragma warning restore CA1000
}

/// <summary>What AEGIS-128L and AEGIS-256 check and do alike.</summary>
internal static class AegisArguments
{
    /// <summary>
    /// The checks every call makes, inlined into it (a call passing five spans cost more than the checks); the messages
    /// are built only when one fails.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Check(
        int keySize, int nonceSize, bool supported, string name,
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, ReadOnlySpan<byte> tag)
    {
        // In place is fine (each block is read before its output is written); a shifted overlap is not. The lengths being
        // equal (n), the spans overlap exactly when the output starts less than n bytes before or after the input. This
        // is written out rather than left to MemoryExtensions.Overlaps, which the JIT did not always inline into the
        // generic roots (a call passing both spans in every Encrypt: 41 ns instead of 38 at 128 B).
        nint offset = Unsafe.ByteOffset(ref MemoryMarshal.GetReference(input), ref MemoryMarshal.GetReference(output));
        if (!supported || key.Length != keySize || nonce.Length != nonceSize || tag.Length is not (16 or 32)
            || output.Length != input.Length || (offset != 0 && offset > -input.Length && offset < input.Length))
        {
            Throw(keySize, nonceSize, supported, name, key, nonce, input, output, tag);
        }
    }

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Throw(
        int keySize, int nonceSize, bool supported, string name,
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> input, ReadOnlySpan<byte> output, ReadOnlySpan<byte> tag)
    {
        if (!supported)
        {
            throw new PlatformNotSupportedException($"{name} needs AES-NI, which this CPU (or runtime) does not offer.");
        }

        if (key.Length != keySize)
        {
            throw new ArgumentException($"The key is {key.Length} bytes; {name} takes {keySize}.", nameof(key));
        }

        if (nonce.Length != nonceSize)
        {
            throw new ArgumentException($"The nonce is {nonce.Length} bytes; {name} takes {nonceSize}.", nameof(nonce));
        }

        if (tag.Length is not (16 or 32))
        {
            throw new ArgumentException($"The tag is {tag.Length} bytes; {name} writes 16 or 32.", nameof(tag));
        }

        if (output.Length != input.Length)
        {
            throw new ArgumentException($"The output is {output.Length} bytes; the input is {input.Length}.", nameof(output));
        }

        throw new ArgumentException("The input and output overlap other than exactly.", nameof(output));
    }
}

/// <summary>
/// Partial blocks and tags of AEGIS-128L and AEGIS-256, kept in registers: a partial block is read and written in 8-,
/// 4-, 2- and 1-byte pieces (branching on its length, which is public), so no stack buffer ever holds plaintext,
/// keystream or a computed tag, and there is nothing to wipe.
/// </summary>
internal static class AegisBlocks
{
    /// <summary>
    /// 16 nonce bytes at <paramref name="source"/>, read as two 8-byte words. A caller that has just written a counter
    /// into the nonce (8 bytes at a time, as the harness's workload and any counter-nonce caller does) would make one
    /// 16-byte load wait until that narrower store reached the cache, as a store cannot forward to a load wider than
    /// itself; the nonce is needed by the first round, so that wait went straight onto the chain of rounds. 8-byte
    /// loads forward from 8- and 16-byte stores alike: Aegis128L.Encrypt called directly after such a write took 30 ns
    /// at 128 B instead of 38 (Decrypt, with no such write, 31), Aegis256.Encrypt 38 instead of 47 (best of 31 rounds).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> LoadNonceBlock(ref byte source) =>
        Vector128.Create(Unsafe.ReadUnaligned<ulong>(ref source), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, 8))).AsByte();

    /// <summary>The first <paramref name="length"/> (0 to 16) bytes at <paramref name="source"/>, zero-padded.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> LoadPartial(ref byte source, int length)
    {
        if (length >= 16)
        {
            return Vector128.LoadUnsafe(ref source);
        }

        ulong low, high = 0;
        if (length >= 8)
        {
            low = Unsafe.ReadUnaligned<ulong>(ref source);
            high = LoadUpTo7(ref Unsafe.Add(ref source, 8), length - 8);
        }
        else
        {
            low = LoadUpTo7(ref source, length);
        }

        return Vector128.Create(low, high).AsByte();
    }

    /// <summary>The first <paramref name="length"/> (0 to 7) bytes at <paramref name="source"/>, little-endian.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadUpTo7(ref byte source, int length)
    {
        ulong word = 0;
        if ((length & 4) != 0)
        {
            word = Unsafe.ReadUnaligned<uint>(ref source);
        }

        if ((length & 2) != 0)
        {
            word |= (ulong)Unsafe.ReadUnaligned<ushort>(ref Unsafe.Add(ref source, length & 4)) << ((length & 4) * 8);
        }

        if ((length & 1) != 0)
        {
            word |= (ulong)Unsafe.Add(ref source, length & 6) << ((length & 6) * 8);
        }

        return word;
    }

    /// <summary>The first <paramref name="length"/> (1 to 31) bytes at <paramref name="source"/> as a zero-padded 32-byte block.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadPartial32(ref byte source, int length, out Vector128<byte> m0, out Vector128<byte> m1)
    {
        m0 = LoadPartial(ref source, length);
        m1 = length > 16 ? LoadPartial(ref Unsafe.Add(ref source, 16), length - 16) : Vector128<byte>.Zero;
    }

    /// <summary>Writes the first <paramref name="length"/> (0 to 16) bytes of <paramref name="value"/>, nothing beyond.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StorePartial(ref byte destination, int length, Vector128<byte> value)
    {
        if (length >= 16)
        {
            value.StoreUnsafe(ref destination);
            return;
        }

        ulong word = value.AsUInt64().ToScalar();
        if (length >= 8)
        {
            Unsafe.WriteUnaligned(ref destination, word);
            destination = ref Unsafe.Add(ref destination, 8);
            word = value.AsUInt64().GetElement(1);
        }

        if ((length & 4) != 0)
        {
            Unsafe.WriteUnaligned(ref destination, (uint)word);
            destination = ref Unsafe.Add(ref destination, 4);
            word >>= 32;
        }

        if ((length & 2) != 0)
        {
            Unsafe.WriteUnaligned(ref destination, (ushort)word);
            destination = ref Unsafe.Add(ref destination, 2);
            word >>= 16;
        }

        if ((length & 1) != 0)
        {
            destination = (byte)word;
        }
    }

    /// <summary>Writes the first <paramref name="length"/> (1 to 31) bytes of the 32-byte block (m0, m1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StorePartial32(ref byte destination, int length, Vector128<byte> m0, Vector128<byte> m1)
    {
        StorePartial(ref destination, length, m0);
        if (length > 16)
        {
            StorePartial(ref Unsafe.Add(ref destination, 16), length - 16, m1);
        }
    }

    /// <summary>A mask of <paramref name="length"/> leading 0xff bytes (none for 0 or less, all 16 for 16 or more).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<byte> Prefix(int length) =>
        Vector128.LessThan(
            Vector128.Create((byte)0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            Vector128.Create((byte)Math.Clamp(length, 0, 16)));

    /// <summary>Writes a 16-byte tag (<paramref name="tag0"/>) or a 32-byte one (both halves).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTag(Span<byte> tag, Vector128<byte> tag0, Vector128<byte> tag1)
    {
        ref byte t = ref MemoryMarshal.GetReference(tag);
        tag0.StoreUnsafe(ref t);
        if (tag.Length == 32)
        {
            tag1.StoreUnsafe(ref t, 16);
        }
    }

    /// <summary>
    /// Compares the computed tag with <paramref name="tag"/> (16 or 32 bytes, checked) in constant time: the XOR of
    /// every byte pair ORed together and tested once, with no branch on where they differ; on a mismatch the plaintext
    /// is zeroed. The computed tag never leaves the registers.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static bool Verify(Vector128<byte> tag0, Vector128<byte> tag1, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        ref byte t = ref MemoryMarshal.GetReference(tag);
        var difference = Vector128.LoadUnsafe(ref t) ^ tag0;
        if (tag.Length == 32)
        {
            difference |= Vector128.LoadUnsafe(ref t, 16) ^ tag1;
        }

        bool authentic = difference == Vector128<byte>.Zero;
        if (!authentic)
        {
            CryptographicOperations.ZeroMemory(plaintext);
        }

        return authentic;
    }
}
