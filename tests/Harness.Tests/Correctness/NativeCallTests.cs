namespace CryptoHarness.Tests.Correctness;

/// <summary>
/// The native adapters call an entry without the GC transition up to <see cref="NativeCalls.SuppressTransitionMaxBytes"/>
/// and with it beyond, through two function pointers to the same address: both must compute the same function, so each
/// is checked against an independent provider at the lengths either side of the threshold.
/// </summary>
public sealed class NativeCallTests
{
    private const int Threshold = NativeCalls.SuppressTransitionMaxBytes;

    // The largest short input, the smallest long one, and one well inside each side.
    private static readonly int[] Lengths = [128, Threshold - 1, Threshold, Threshold + 1, 4 * Threshold];

    [Theory]
    [InlineData("sha256/libsodium", "sha256/os")]
    [InlineData("sha512/libsodium", "sha512/os")]
    [InlineData("blake2b512/libsodium", "blake2b512/managed/scalar")]
    [InlineData("blake3/blake3-native", "blake3/managed/scalar")]
    [InlineData("sha3-256/botan", "sha3-256/bouncycastle")]
    [InlineData("streebog512/botan", "streebog512/bouncycastle")]
    public void A_native_hash_agrees_with_an_independent_provider_on_either_side_of_the_threshold(string nativeId, string referenceId)
    {
        var native = Hash(nativeId);
        if (!RequireSupport(native))
        {
            return;
        }

        var reference = Hash(referenceId);
        byte[] input = Input(Lengths.Max(), seed: 1);
        foreach (int length in Lengths)
        {
            var expected = new byte[reference.OutputBytes];
            var actual = new byte[native.OutputBytes];
            reference.Hash(input.AsSpan(0, length), expected);
            native.Hash(input.AsSpan(0, length), actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{nativeId} at {length} bytes");
        }
    }

    [Fact]
    public void Libsodium_keyed_blake2b_agrees_with_managed_on_either_side_of_the_threshold()
    {
        var native = (IMacImplementation)Registry.Find("blake2b-512-mac/libsodium")!;
        Assert.True(native.Support.IsSupported, native.Support.Reason);
        byte[] key = Input(32, seed: 2);
        byte[] input = Input(Lengths.Max(), seed: 3);
        foreach (int length in Lengths)
        {
            var expected = new byte[64];
            var actual = new byte[64];
            Managed.Blake2b.HashData(key, input.AsSpan(0, length), expected, Managed.InstructionSet.Scalar);
            native.Mac(key, [], input.AsSpan(0, length), actual);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"at {length} bytes");
        }
    }

    /// <summary>
    /// The threshold counts plaintext and associated data together: 16 bytes of associated data move the switch by
    /// 16 bytes of plaintext, and both declarations must encrypt and decrypt alike. AEGIS has no provider outside
    /// libsodium; NSec calls the same library through its own declarations, which is what is compared.
    /// </summary>
    [Theory]
    [InlineData("chacha20-poly1305/libsodium", "chacha20-poly1305/os")]
    [InlineData("xchacha20-poly1305/libsodium", "xchacha20-poly1305/bouncycastle")]
    [InlineData("aes-256-gcm/libsodium", "aes-256-gcm/os")]
    [InlineData("aegis-128l/libsodium", "aegis-128l/nsec")]
    [InlineData("aegis256/libsodium", "aegis256/nsec")]
    [InlineData("aes-128-gcm/botan", "aes-128-gcm/os")]
    [InlineData("xchacha20-poly1305/botan", "xchacha20-poly1305/bouncycastle")]
    public void A_native_aead_agrees_with_an_independent_provider_on_either_side_of_the_threshold(string nativeId, string referenceId)
    {
        var native = Aead(nativeId);
        var reference = Aead(referenceId);
        if (!RequireSupport(native))
        {
            return;
        }

        Assert.True(reference.Support.IsSupported, reference.Support.Reason);
        byte[] key = Input(native.Algorithm.KeyBytes, seed: 4);
        byte[] nonce = Input(native.Algorithm.NonceBytes, seed: 5);
        byte[] associatedData = Input(16, seed: 6);
        byte[] input = Input(Lengths.Max(), seed: 7);
        foreach (int length in Lengths.Select(l => l - associatedData.Length).Append(Threshold))
        {
            ReadOnlySpan<byte> plaintext = input.AsSpan(0, length);
            var expected = new byte[length];
            var expectedTag = new byte[native.Algorithm.TagBytes];
            var actual = new byte[length];
            var actualTag = new byte[native.Algorithm.TagBytes];
            reference.Encrypt(key, nonce, associatedData, plaintext, expected, expectedTag);
            native.Encrypt(key, nonce, associatedData, plaintext, actual, actualTag);
            Assert.True(expected.AsSpan().SequenceEqual(actual) && expectedTag.AsSpan().SequenceEqual(actualTag), $"{nativeId} encrypt at {length} bytes");

            var decrypted = new byte[length];
            Assert.True(native.Decrypt(key, nonce, associatedData, actual, actualTag, decrypted), $"{nativeId} decrypt at {length} bytes");
            Assert.True(plaintext.SequenceEqual(decrypted), $"{nativeId} round trip at {length} bytes");
            actualTag[0] ^= 1;
            Assert.False(native.Decrypt(key, nonce, associatedData, actual, actualTag, decrypted), $"{nativeId} forged tag at {length} bytes");
        }
    }

    /// <summary>
    /// libsodium comes from its NuGet package and is always there; the Rust shim only where cargo built it, and Botan
    /// only where its distribution package is installed, and then their reasons say so (any other reason fails).
    /// </summary>
    private static bool RequireSupport(IImplementation implementation)
    {
        if (implementation.Support.IsSupported)
        {
            return true;
        }

        Assert.Contains(implementation.Provider, new[] { Blake3NativeProvider.Provider, BotanProvider.Provider });
        Assert.Contains(implementation.Provider == BotanProvider.Provider ? "libbotan-2-19" : "cargo", implementation.Support.Reason, StringComparison.Ordinal);
        return false;
    }

    private static IHashImplementation Hash(string id) =>
        (IHashImplementation)(Registry.Find(id) ?? throw new InvalidOperationException($"No implementation {id}"));

    private static IAeadImplementation Aead(string id) =>
        (IAeadImplementation)(Registry.Find(id) ?? throw new InvalidOperationException($"No implementation {id}"));

    private static byte[] Input(int length, int seed)
    {
        var bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }
}
