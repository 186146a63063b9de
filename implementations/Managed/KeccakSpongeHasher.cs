namespace CryptoHarness.Managed;

/// <summary>
/// What every incremental hasher of the Keccak family keeps and does: the sponge as freshly set up (after any
/// SP 800-185 prefix, so that a reset does not absorb a key or a name again), the running copy, appending, resetting
/// and wiping. The fixed-size hashers derive from <see cref="KeccakDigestHasher"/>, the XOFs from
/// <see cref="KeccakXofHasher"/>, KMAC (whose output length is part of its input) from this class directly.
/// </summary>
/// <remarks>
/// The constructor is <c>private protected</c>: the family is closed, and the calls here are not virtual. Nothing is
/// allocated after construction; <see cref="Dispose"/> wipes the state.
/// </remarks>
public abstract class KeccakSpongeHasher : IDisposable
{
    private KeccakSponge _initial;
    private KeccakSponge _current;
    private bool _disposed;

    /// <summary>
    /// Derived constructors set up <see cref="Initial"/> in place (so no copy of a keyed state is left in their
    /// frame), then call <see cref="Begin"/>.
    /// </summary>
    private protected KeccakSpongeHasher()
    {
    }

    /// <summary>Absorbs <paramref name="data"/> after everything appended so far.</summary>
    /// <exception cref="InvalidOperationException">Output has been read since the last reset.</exception>
    public void Append(ReadOnlySpan<byte> data)
    {
        ThrowIfDisposed();
        if (_current.IsSqueezing)
        {
            throw new InvalidOperationException("Output has already been read; call Reset before appending more data.");
        }

        _current.Absorb(data);
    }

    /// <summary>Discards everything appended and squeezed; a key, N or S given at construction stays.</summary>
    public void Reset()
    {
        ThrowIfDisposed();
        _current.Clear();
        _current = _initial;
    }

    /// <summary>Wipes the state; later calls throw <see cref="ObjectDisposedException"/>.</summary>
    public void Dispose()
    {
        _initial.Clear();
        _current.Clear();
        _disposed = true;
        GC.SuppressFinalize(this);
    }

    /// <summary>The sponge as set up by the constructor, written before <see cref="Begin"/>.</summary>
    private protected ref KeccakSponge Initial => ref _initial;

    /// <summary>The running sponge, for functions that absorb an encoding of their own before squeezing (KMAC).</summary>
    private protected ref KeccakSponge Current => ref _current;

    /// <summary>Starts the running sponge from <see cref="Initial"/>; the last step of a derived constructor.</summary>
    private protected void Begin() => _current = _initial;

    private protected void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(_disposed, this);

    /// <summary>Writes the next <c>destination.Length</c> bytes of output; the first call ends the input.</summary>
    private protected void SqueezeCore(Span<byte> destination)
    {
        ThrowIfDisposed();
        _current.Squeeze(destination);
    }
}

/// <summary>The incremental fixed-size hashes (SHA-3, original Keccak): append data in any pieces, then read the digest.</summary>
public abstract class KeccakDigestHasher : KeccakSpongeHasher
{
    // "SHA3" or "Keccak", for the message of a short destination.
    private readonly string _name;

    private protected KeccakDigestHasher(int hashSizeInBytes, byte suffix, string name, InstructionSet path)
    {
        HashSizeInBytes = hashSizeInBytes;
        _name = name;
        KeccakP1600.ThrowIfNotSupported(path);
        Initial = new KeccakSponge(Sha3.RateInBytes(hashSizeInBytes), suffix, path);
        Begin();
    }

    public int HashSizeInBytes { get; }

    /// <summary>Writes the digest of everything appended into the first <see cref="HashSizeInBytes"/> bytes of
    /// <paramref name="destination"/>, then starts over.</summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than the digest.</exception>
    public void GetHashAndReset(Span<byte> destination)
    {
        ThrowIfDisposed();
        Sha3.ThrowIfDestinationTooShort(destination, HashSizeInBytes, _name);
        SqueezeCore(destination[..HashSizeInBytes]);
        Reset();
    }
}

/// <summary>
/// The incremental extendable-output functions (SHAKE, cSHAKE): append data in any pieces, then squeeze output in
/// any pieces; the pieces concatenate to the one-shot output of the same total length.
/// </summary>
public abstract class KeccakXofHasher : KeccakSpongeHasher
{
    private protected KeccakXofHasher()
    {
    }

    /// <summary>Writes the next <c>destination.Length</c> bytes of output; the first call ends the input.</summary>
    public void Squeeze(Span<byte> destination) => SqueezeCore(destination);

    /// <summary>Writes the next <c>destination.Length</c> bytes of output, as <see cref="Squeeze"/> does, then starts over.</summary>
    public void GetHashAndReset(Span<byte> destination)
    {
        SqueezeCore(destination);
        Reset();
    }
}
