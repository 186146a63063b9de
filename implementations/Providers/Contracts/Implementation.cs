using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace CryptoHarness.Implementations;

/// <summary>
/// Base of every adapter: identity from the registry's parts, derived once. The kind bases below validate arguments
/// once in a public method and then call a bare <c>…Core</c> that does only the provider's work (as NSec does).
/// </summary>
public abstract class Implementation : IImplementation
{
    protected Implementation(Algorithm algorithm, Provider provider, string variant, [CallerFilePath] string adapterFile = "")
    {
        Algorithm = algorithm;
        Provider = provider;
        Variant = variant;
        Id = variant.Length == 0 ? $"{algorithm.Slug}/{provider.Key}" : $"{algorithm.Slug}/{provider.Key}/{variant}";
        AdapterFile = adapterFile;
    }

    /// <summary>
    /// The adapter's source file as the compiler saw it (see <see cref="SourceRoot"/>): the file of the class that called
    /// the kind base's constructor. A change to it selects the implementation's family for measurement in a pull request.
    /// </summary>
    public string AdapterFile { get; }

    /// <summary>
    /// Our own types whose code the implementation runs (<c>implementations/Managed</c>); empty for third parties.
    /// Their files, and the files those files name, select the family when changed.
    /// </summary>
    public virtual IReadOnlyList<Type> CodeTypes => [];

    public string Id { get; }

    public Algorithm Algorithm { get; }

    public Provider Provider { get; }

    public string Variant { get; }

    public virtual Support Support => Support.Yes;

    public override string ToString() => Id;

    // The checks run on every timed call of every provider, so they stay small enough to inline and leave the message
    // building to helpers that never return: with the throw in place RequireLength stayed a call, four of them per AEAD
    // call, about 10 ns at 128 B on the AMD EPYC (Zen 3) (perf, 5% of a 190 ns call).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private protected static void RequireLength(ReadOnlySpan<byte> value, int expected, string what, string id, string parameter)
    {
        if (value.Length != expected)
        {
            ThrowWrongLength(value.Length, expected, what, id, parameter);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private protected static void RequireAtLeast(int length, int expected, string what, string id, string parameter)
    {
        if (length < expected)
        {
            ThrowTooShort(length, expected, what, id, parameter);
        }
    }

    [DoesNotReturn]
    private static void ThrowWrongLength(int length, int expected, string what, string id, string parameter) =>
        throw new ArgumentException($"{what} is {length} bytes; {id} takes {expected}.", parameter);

    [DoesNotReturn]
    private static void ThrowTooShort(int length, int expected, string what, string id, string parameter) =>
        throw new ArgumentException($"{what} holds {length} bytes; {id} writes {expected}.", parameter);
}
