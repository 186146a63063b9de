namespace CryptoHarness.Managed;

/// <summary>
/// Incremental BLAKE3 in any of its three modes, on a chosen instruction-set path: input arrives in pieces of any
/// size through <see cref="Append"/>, and output can be read at any time, of any length, from any position.
/// </summary>
/// <remarks>
/// Large pieces are hashed straight from the caller's buffer a whole subtree at a time with the path's wide
/// kernels, so appending in big pieces is as fast as <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/>.
/// Nothing is allocated after construction. <see cref="Dispose"/> wipes the state, key included.
/// </remarks>
public sealed class Blake3Hasher : IDisposable
{
    private Blake3.HasherState _state;
    private bool _disposed;

    /// <summary>A hasher in the default hash mode on the fastest path for this CPU.</summary>
    public Blake3Hasher()
        : this(Blake3.DefaultPath)
    {
    }

    /// <summary>A hasher in the default hash mode on the given path.</summary>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public Blake3Hasher(InstructionSet path)
    {
        Blake3.ThrowIfNotSupported(path);
        Blake3.InitializeHash(ref _state, path);
    }

    /// <summary>A hasher in keyed_hash mode (a MAC or PRF) on the fastest path for this CPU.</summary>
    /// <param name="key">The 32-byte key; the hasher keeps its own copy.</param>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes.</exception>
    public Blake3Hasher(ReadOnlySpan<byte> key)
        : this(key, Blake3.DefaultPath)
    {
    }

    /// <summary>A hasher in keyed_hash mode on the given path.</summary>
    /// <inheritdoc cref="Blake3Hasher(ReadOnlySpan{byte})"/>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public Blake3Hasher(ReadOnlySpan<byte> key, InstructionSet path)
    {
        Blake3.ThrowIfNotSupported(path);
        Blake3.ThrowIfBadKey(key);
        Blake3.InitializeKeyed(ref _state, key, path);
    }

    private Blake3Hasher(InstructionSet path, ReadOnlySpan<byte> context)
    {
        Blake3.ThrowIfNotSupported(path);
        Blake3.InitializeDeriveKey(ref _state, context, path);
    }

    /// <summary>The path this hasher runs on.</summary>
    public InstructionSet Path => _state.Path;

    /// <summary>A hasher in derive_key mode on the fastest path for this CPU; append the key material.</summary>
    /// <param name="context">
    /// The context string as UTF-8 bytes: hard-coded, globally unique and application-specific (BLAKE3 spec §2.3).
    /// </param>
    public static Blake3Hasher CreateDeriveKey(ReadOnlySpan<byte> context) => new(Blake3.DefaultPath, context);

    /// <summary>A hasher in derive_key mode on the given path; append the key material.</summary>
    /// <inheritdoc cref="CreateDeriveKey(ReadOnlySpan{byte})"/>
    /// <exception cref="PlatformNotSupportedException">This CPU cannot run <paramref name="path"/>.</exception>
    public static Blake3Hasher CreateDeriveKey(ReadOnlySpan<byte> context, InstructionSet path) => new(path, context);

    /// <summary>Adds <paramref name="data"/> to the input.</summary>
    public void Append(ReadOnlySpan<byte> data)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Blake3.Append(ref _state, data);
    }

    /// <summary>
    /// Writes the output for the input so far, filling all of <paramref name="destination"/>: 32 bytes is the
    /// standard length, longer is extendable output. The state is left as it was, so more input may follow.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty.</exception>
    public void Finish(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Blake3.ThrowIfEmpty(destination);
        using Blake3OutputReader reader = FinishXof();
        reader.Read(0, destination);
    }

    /// <summary>
    /// A reader of the extendable output for the input so far, positioned at its start; it can read any
    /// amount in pieces and seek anywhere. The hasher's state is left as it was.
    /// </summary>
    public Blake3OutputReader FinishXof()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Blake3.RootOutput(ref _state, out Blake3.Output root);
        return new Blake3OutputReader(in root, _state.Path);
    }

    /// <summary>Back to the empty input, keeping the mode, key and path.</summary>
    public void Reset()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Blake3.Reset(ref _state);
    }

    /// <summary>Wipes the state, key included; the hasher cannot be used afterwards.</summary>
    public void Dispose()
    {
        Blake3.WipeState(ref _state);
        _disposed = true;
    }
}
