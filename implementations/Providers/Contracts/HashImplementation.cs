using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

// The public calls of these bases are AggressiveOptimization, as are the harness's workloads that call them
// (CryptoHarness.Selecting.Workload): one call site serves every provider, and dynamic PGO would otherwise specialise it
// for the type it saw most while instrumented, the first provider measured in the process, giving that one a direct
// call and every other a failed type check and an interface call. It was worth 7 ns a call to libsodium's AEGIS-128L
// at 128 B and would have been 12 to ours. Compiled once, fully optimized and without a profile, every provider pays
// the same dispatch; its own code is still compiled as usual.

/// <summary>Base of every fixed-length hash adapter.</summary>
public abstract class HashImplementation(Algorithm algorithm, Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : Implementation(algorithm, provider, variant, adapterFile), IHashImplementation
{
    public int OutputBytes => Algorithm.OutputBytes;

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Hash(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        RequireAtLeast(destination.Length, OutputBytes, "Destination", Id, nameof(destination));
        HashCore(source, destination[..OutputBytes]);
    }

    /// <summary>Writes exactly <see cref="OutputBytes"/> bytes; arguments are already checked.</summary>
    protected abstract void HashCore(ReadOnlySpan<byte> source, Span<byte> destination);
}

/// <summary>Base of every extendable-output adapter.</summary>
public abstract class XofImplementation(Algorithm algorithm, Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : Implementation(algorithm, provider, variant, adapterFile), IXofImplementation
{
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Hash(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        if (!customization.IsEmpty && !Algorithm.Customizable)
        {
            throw new ArgumentException($"{Algorithm.Name} takes no customization string.", nameof(customization));
        }

        HashCore(customization, source, destination);
    }

    /// <summary>Fills all of <paramref name="destination"/>; arguments are already checked.</summary>
    protected abstract void HashCore(ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination);
}

/// <summary>Base of every MAC adapter.</summary>
public abstract class MacImplementation(Algorithm algorithm, Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : Implementation(algorithm, provider, variant, adapterFile), IMacImplementation
{
    public int OutputBytes => Algorithm.OutputBytes;

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Mac(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        CheckKeyAndCustomization(key, customization);
        RequireAtLeast(destination.Length, OutputBytes, "Destination", Id, nameof(destination));
        MacCore(key, customization, source, destination[..OutputBytes]);
    }

    /// <inheritdoc cref="IMacImplementation.Verify"/>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public bool Verify(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag)
    {
        CheckKeyAndCustomization(key, customization);

        // The length is public (it is the algorithm's), so refusing another length early leaks nothing.
        return tag.Length == OutputBytes && VerifyCore(key, customization, source, tag);
    }

    /// <inheritdoc cref="IMacImplementation.SupportForKey"/>
    /// <remarks>Virtual here, not only the interface's default: a derived adapter's own member would not replace it.</remarks>
    public virtual Support SupportForKey(int keyBytes) => Support.Yes;

    /// <summary>Writes exactly <see cref="OutputBytes"/> bytes; arguments are already checked.</summary>
    protected abstract void MacCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>
    /// The library's own verification where it has one; by default the tag computed and compared in constant time.
    /// Arguments are already checked and <paramref name="tag"/> is <see cref="OutputBytes"/> long.
    /// </summary>
    protected virtual bool VerifyCore(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization, ReadOnlySpan<byte> source, ReadOnlySpan<byte> tag) =>
        MacVerification.ComputeAndCompare(this, key, customization, source, tag);

    private void CheckKeyAndCustomization(ReadOnlySpan<byte> key, ReadOnlySpan<byte> customization)
    {
        if (!customization.IsEmpty && !Algorithm.Customizable)
        {
            throw new ArgumentException($"{Algorithm.Name} takes no customization string.", nameof(customization));
        }

        if (SupportForKey(key.Length) is { IsSupported: false } refused)
        {
            throw new ArgumentException($"{Id} takes no {key.Length}-byte key: {refused.Reason}", nameof(key));
        }
    }
}

/// <summary>Base of every AEAD adapter: key, nonce and tag lengths are the algorithm's, checked once here.</summary>
public abstract class AeadImplementation(Algorithm algorithm, Provider provider, string variant = "", [CallerFilePath] string adapterFile = "")
    : Implementation(algorithm, provider, variant, adapterFile), IAeadImplementation
{
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Encrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag)
    {
        CheckParameters(key, nonce, tag);
        RequireLength(ciphertext, plaintext.Length, "Ciphertext", Id, nameof(ciphertext));
        EncryptCore(key, nonce, associatedData, plaintext, ciphertext, tag);
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public bool Decrypt(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext)
    {
        CheckParameters(key, nonce, tag);
        RequireLength(plaintext, ciphertext.Length, "Plaintext", Id, nameof(plaintext));
        return DecryptCore(key, nonce, associatedData, ciphertext, tag, plaintext);
    }

    protected abstract void EncryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> plaintext, Span<byte> ciphertext, Span<byte> tag);

    /// <summary>Returns false on a bad tag, leaving <paramref name="plaintext"/> zeroed or untouched.</summary>
    protected abstract bool DecryptCore(
        ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> associatedData, ReadOnlySpan<byte> ciphertext, ReadOnlySpan<byte> tag, Span<byte> plaintext);

    private void CheckParameters(ReadOnlySpan<byte> key, ReadOnlySpan<byte> nonce, ReadOnlySpan<byte> tag)
    {
        RequireLength(key, Algorithm.KeyBytes, "Key", Id, nameof(key));
        RequireLength(nonce, Algorithm.NonceBytes, "Nonce", Id, nameof(nonce));
        RequireLength(tag, Algorithm.TagBytes, "Tag", Id, nameof(tag));
    }
}
