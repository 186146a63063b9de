namespace CryptoHarness.Implementations;

/// <summary>
/// Base of every hash adapter: the public call validates once, then <see cref="HashCore"/> does only the provider's work.
/// </summary>
public abstract class HashImplementation : IHashImplementation
{
    protected HashImplementation(Algorithm algorithm, Provider provider, string variant = "")
    {
        Algorithm = algorithm;
        Provider = provider;
        Variant = variant;
        Id = variant.Length == 0 ? $"{algorithm.Slug}/{provider.Key}" : $"{algorithm.Slug}/{provider.Key}/{variant}";
    }

    public string Id { get; }

    public Algorithm Algorithm { get; }

    public Provider Provider { get; }

    public string Variant { get; }

    public int OutputBytes => Algorithm.OutputBytes;

    public virtual Support Support => Support.Yes;

    public void Hash(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (destination.Length < OutputBytes)
        {
            throw new ArgumentException($"Destination holds {destination.Length} bytes; {Id} writes {OutputBytes}.", nameof(destination));
        }

        HashCore(source, destination[..OutputBytes]);
    }

    /// <summary>Writes exactly <see cref="OutputBytes"/> bytes; arguments are already checked.</summary>
    protected abstract void HashCore(ReadOnlySpan<byte> source, Span<byte> destination);

    public override string ToString() => Id;
}
