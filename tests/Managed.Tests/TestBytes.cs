namespace CryptoHarness.Managed.Tests;

/// <summary>The pseudo-random inputs the tests draw: from a generator a test already holds, or from a seed of their own.</summary>
internal static class TestBytes
{
    /// <summary><paramref name="length"/> bytes, the next ones <paramref name="random"/> gives.</summary>
    public static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary><paramref name="length"/> bytes from a generator of their own, seeded with <paramref name="seed"/>.</summary>
    public static byte[] RandomBytes(int length, int seed) => Bytes(new Random(seed), length);
}
