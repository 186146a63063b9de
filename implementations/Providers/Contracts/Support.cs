namespace CryptoHarness.Implementations;

/// <summary>Whether an implementation can run on this machine and, if not, why. Decided once, before use.</summary>
public readonly record struct Support(bool IsSupported, string? Reason)
{
    public static Support Yes { get; } = new(true, null);

    public static Support No(string reason) => new(false, reason);

    /// <summary><see cref="Yes"/> when <paramref name="supported"/>, else <see cref="No"/> with the reason.</summary>
    public static Support When(bool supported, string reason) => supported ? Yes : No(reason);

    /// <summary>This support where it is a no (its reason stands); otherwise what <paramref name="next"/>, a further condition, says.</summary>
    public Support Then(Func<Support> next) => IsSupported ? next() : this;
}
