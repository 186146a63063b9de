namespace CryptoHarness.Managed;

/// <summary>
/// cSHAKE128 and cSHAKE256 (NIST SP 800-185 §3): SHAKE with a function name N and a customization string S
/// absorbed first, as <c>bytepad(encode_string(N) || encode_string(S), rate)</c>, and the domain suffix 00.
/// </summary>
/// <remarks>
/// With N and S both empty the function is SHAKE itself (§3.3), and this class computes exactly that. Paths and
/// dispatch are those of <see cref="Sha3"/>. No call allocates on the heap, and the sponge state is wiped before
/// returning.
/// </remarks>
public static class CShake
{
    /// <summary>Whether this library has a cSHAKE path for <paramref name="path"/> and this CPU can run it.</summary>
    public static bool IsSupported(InstructionSet path) => KeccakP1600.IsSupported(path);

    /// <summary>
    /// Fills <paramref name="destination"/> with cSHAKEn(X = <paramref name="source"/>, N, S) output, n being
    /// <typeparamref name="TSize"/>: <see cref="Bits128"/> or <see cref="Bits256"/>.
    /// </summary>
    /// <param name="source">The message X.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output (L = 8·length bits); may be empty.</param>
    /// <param name="functionName">N, the function name NIST assigns; empty for plain customized hashing.</param>
    /// <param name="customization">S, the caller's customization string; may be empty.</param>
    public static void HashData<TSize>(
        ReadOnlySpan<byte> source, Span<byte> destination, ReadOnlySpan<byte> functionName, ReadOnlySpan<byte> customization)
        where TSize : struct, IShakeSize =>
        HashData<TSize>(source, destination, functionName, customization, KeccakP1600.DefaultPath);

    /// <inheritdoc cref="HashData{TSize}(ReadOnlySpan{byte}, Span{byte}, ReadOnlySpan{byte}, ReadOnlySpan{byte})"/>
    /// <param name="source">The message X.</param>
    /// <param name="destination">Receives <c>destination.Length</c> bytes of output (L = 8·length bits); may be empty.</param>
    /// <param name="functionName">N, the function name NIST assigns; empty for plain customized hashing.</param>
    /// <param name="customization">S, the caller's customization string; may be empty.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public static void HashData<TSize>(
        ReadOnlySpan<byte> source,
        Span<byte> destination,
        ReadOnlySpan<byte> functionName,
        ReadOnlySpan<byte> customization,
        InstructionSet path)
        where TSize : struct, IShakeSize
    {
        KeccakP1600.ThrowIfNotSupported(path);
        KeccakSponge sponge = default;
        Start(ref sponge, KeccakSize.RateInBytes<TSize>(), functionName, customization, path);
        sponge.Absorb(source);
        sponge.Squeeze(destination);
        sponge.Clear();
    }

    /// <summary>
    /// Sets <paramref name="sponge"/> up as cSHAKE with the given N and S, ready to absorb X. Writes into the
    /// caller's storage so that no copy of a keyed state (KMAC) is left behind in this frame.
    /// </summary>
    internal static void Start(
        ref KeccakSponge sponge, int rateInBytes, ReadOnlySpan<byte> functionName, ReadOnlySpan<byte> customization, InstructionSet path)
    {
        if (functionName.IsEmpty && customization.IsEmpty)
        {
            // SP 800-185 §3.3: cSHAKE(X, L, "", "") = SHAKE(X, L).
            sponge = new KeccakSponge(rateInBytes, KeccakSponge.ShakeSuffix, path);
            return;
        }

        // bytepad(encode_string(N) || encode_string(S), rate), SP 800-185 §2.3.3 and §3.3.
        sponge = new KeccakSponge(rateInBytes, KeccakSponge.CShakeSuffix, path);
        sponge.AbsorbLeftEncoded((ulong)rateInBytes);
        sponge.AbsorbEncodedString(functionName);
        sponge.AbsorbEncodedString(customization);
        sponge.ZeroPadToBlockBoundary();
    }
}

/// <summary>
/// Incremental cSHAKE128 or cSHAKE256: N and S are fixed at construction; append data in any pieces, then squeeze
/// output in any pieces.
/// </summary>
/// <remarks>
/// The state after absorbing N and S is kept, so <see cref="KeccakSpongeHasher.Reset"/> does not absorb them again.
/// Nothing is allocated after construction; <see cref="KeccakSpongeHasher.Dispose"/> wipes the state.
/// </remarks>
public sealed class CShakeHasher : KeccakXofHasher
{
    /// <summary>Starts a cSHAKE computation on the default path for this CPU.</summary>
    /// <param name="securityStrengthInBits">128 for cSHAKE128, 256 for cSHAKE256.</param>
    /// <param name="functionName">N; may be empty.</param>
    /// <param name="customization">S; may be empty.</param>
    public CShakeHasher(int securityStrengthInBits, ReadOnlySpan<byte> functionName, ReadOnlySpan<byte> customization)
        : this(securityStrengthInBits, functionName, customization, KeccakP1600.DefaultPath)
    {
    }

    /// <summary>Starts a cSHAKE computation on <paramref name="path"/>.</summary>
    /// <param name="securityStrengthInBits">128 for cSHAKE128, 256 for cSHAKE256.</param>
    /// <param name="functionName">N; may be empty.</param>
    /// <param name="customization">S; may be empty.</param>
    /// <param name="path">The code path to run.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="securityStrengthInBits"/> is not 128 or 256.</exception>
    /// <exception cref="PlatformNotSupportedException">The CPU lacks <paramref name="path"/>.</exception>
    public CShakeHasher(
        int securityStrengthInBits, ReadOnlySpan<byte> functionName, ReadOnlySpan<byte> customization, InstructionSet path)
    {
        int rate = Shake.RateInBytes(securityStrengthInBits, nameof(securityStrengthInBits));
        KeccakP1600.ThrowIfNotSupported(path);
        CShake.Start(ref Initial, rate, functionName, customization, path);
        Begin();
    }
}
