namespace CryptoHarness.Managed;

/// <summary>
/// The number n in a Keccak-family function's name, as a type: the digest size of SHA3-n and Keccak-n, the security
/// strength of SHAKEn, cSHAKEn, KMACn, TurboSHAKEn and KTn. Every one of them is Keccak[c = 2n] (FIPS 202 §5.2, §6;
/// SP 800-185 §3.3, §4.3; RFC 9861 §2.2), so n alone fixes the rate, 1600 − 2n bits.
/// </summary>
/// <remarks>
/// Each function has one generic entry point over its sizes (<c>Sha3.HashData&lt;Bits256&gt;</c>) rather than a
/// method per size: the sizes share one method, and the constraint to a struct with a static member makes the JIT
/// compile each size on its own with n as a constant, so the call stays direct. The member is internal, so the sizes
/// are the ones declared here: <see cref="ISha3Size"/>, <see cref="IKeccakDigestSize"/> and
/// <see cref="IShakeSize"/> say which function takes which.
/// </remarks>
public interface IKeccakSize
{
    /// <summary>n, in bits.</summary>
    internal static abstract int Bits { get; }
}

/// <summary>A digest size of SHA-3: 224, 256, 384 or 512 bits (FIPS 202 §6.1).</summary>
public interface ISha3Size : IKeccakSize;

/// <summary>A digest size this library offers for the original Keccak: 256, 384 or 512 bits.</summary>
public interface IKeccakDigestSize : ISha3Size;

/// <summary>A security strength of SHAKE and the functions built on it: 128 or 256 bits (FIPS 202 §6.2).</summary>
public interface IShakeSize : IKeccakSize;

/// <summary>n = 128: SHAKE128, cSHAKE128, KMAC128, TurboSHAKE128, KT128.</summary>
public readonly struct Bits128 : IShakeSize
{
    static int IKeccakSize.Bits => 128;
}

/// <summary>n = 224: SHA3-224.</summary>
public readonly struct Bits224 : ISha3Size
{
    static int IKeccakSize.Bits => 224;
}

/// <summary>n = 256: SHA3-256, Keccak-256, SHAKE256, cSHAKE256, KMAC256, TurboSHAKE256, KT256.</summary>
public readonly struct Bits256 : IKeccakDigestSize, IShakeSize
{
    static int IKeccakSize.Bits => 256;
}

/// <summary>n = 384: SHA3-384, Keccak-384.</summary>
public readonly struct Bits384 : IKeccakDigestSize
{
    static int IKeccakSize.Bits => 384;
}

/// <summary>n = 512: SHA3-512, Keccak-512.</summary>
public readonly struct Bits512 : IKeccakDigestSize
{
    static int IKeccakSize.Bits => 512;
}

/// <summary>What n fixes.</summary>
internal static class KeccakSize
{
    /// <summary>The rate of Keccak[c = 2n]: 200 − n/4 bytes (168 for n = 128, 136 for 256, 72 for 512).</summary>
    public static int RateInBytes<TSize>()
        where TSize : struct, IKeccakSize => KeccakSponge.RateForCapacity(TSize.Bits / 4);

    /// <summary>The digest of SHA3-n and Keccak-n: n/8 bytes.</summary>
    public static int HashSizeInBytes<TSize>()
        where TSize : struct, IKeccakSize => TSize.Bits / 8;
}
