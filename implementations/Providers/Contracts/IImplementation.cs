namespace CryptoHarness.Implementations;

/// <summary>What every registered implementation exposes, whatever its kind (hash, and later XOF, MAC, AEAD, password hash).</summary>
public interface IImplementation
{
    /// <summary>Stable id: <c>{algorithm slug}/{provider}</c>, plus <c>/{variant}</c> when there is one.</summary>
    string Id { get; }

    Algorithm Algorithm { get; }

    Provider Provider { get; }

    /// <summary>The code path within a provider (<c>scalar</c>, <c>avx2</c>, …); empty for third parties.</summary>
    string Variant { get; }

    Support Support { get; }
}

/// <summary>A one-shot hash. Incremental hashing will be a separate small interface beside this one.</summary>
public interface IHashImplementation : IImplementation
{
    int OutputBytes { get; }

    /// <summary>Hashes <paramref name="source"/> into the first <see cref="OutputBytes"/> bytes of <paramref name="destination"/>.</summary>
    void Hash(ReadOnlySpan<byte> source, Span<byte> destination);
}
